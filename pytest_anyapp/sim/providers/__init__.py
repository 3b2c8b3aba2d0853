"""System content providers in real SQLite at AOSP paths (owner: sim-shell helper). CONTRACT STUB.

API the rest of the sim relies on:
  Providers(device)
  .connect(name) -> sqlite3.Connection     name in telephony|contacts|calendar|media|settings;
                                           creates the DB with the AOSP schema subset on first use
  .db_path(name) -> device path, e.g. /data/data/com.android.providers.telephony/databases/mmssms.db
  .deliver_sms(address, body, date_ms)     inbox row + thread, as the radio would (console ``sms send``)
  .insert_sms(box, address, body, date_ms) -> row id   (used by SMS app doubles: box 1 inbox, 2 sent, 3 draft)
  .settings_get(namespace, key) -> str|None ; .settings_put(namespace, key, value) ; .settings_list(ns)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice


class Providers:
    def __init__(self, device: SimDevice) -> None:
        self.device = device
