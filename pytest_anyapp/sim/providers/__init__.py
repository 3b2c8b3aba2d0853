"""System content providers in real SQLite at AOSP paths (owner: sim-shell helper).

API the rest of the sim relies on:
  Providers(device)
  .connect(name) -> sqlite3.Connection     name in telephony|contacts|calllog|calendar|media|settings;
                                           creates the DB with the AOSP schema subset on first use.
                                           Autocommit; 'now' in SQL date functions is device time.
                                           Open a fresh connection per operation and close it
                                           (``with closing(...)``): ``pm clear`` deletes the files.
  .db_path(name) -> device path, e.g. /data/data/com.android.providers.telephony/databases/mmssms.db
  .deliver_sms(address, body, date_ms)     inbox row + thread, as the radio would (console ``sms send``)
  .insert_sms(box, address, body, date_ms) -> row id   (used by SMS app doubles: box 1 inbox, 2 sent, 3 draft)
  .settings_get(namespace, key) -> str|None ; .settings_put(namespace, key, value) ; .settings_list(ns)
  .settings_delete(namespace, key) -> bool
  .query(uri, projection, where, sort) / .insert(uri, values) / .update(uri, values, where) /
  .delete(uri, where)                      ContentResolver-like access (what ``content`` uses)
  .scan_media(path) -> int                 MEDIA_SCANNER_SCAN_FILE for a file or directory
  .wipe(package) -> bool                   delete a provider package's databases (``pm clear``)

Journal mode stays the SQLite default (rollback journal, not WAL) so a verifier that pulls only
the ``.db`` file always sees committed rows.
"""
from __future__ import annotations

import shutil
import sqlite3
import threading
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from pytest_anyapp.sim.providers import defaults, schemas
from pytest_anyapp.sim.providers.calendar import CalendarHandler
from pytest_anyapp.sim.providers.clock import install_device_clock
from pytest_anyapp.sim.providers.contacts import CONTACTS_HANDLER_AUTHORITIES, ContactsHandler
from pytest_anyapp.sim.providers.media import MediaHandler, scan
from pytest_anyapp.sim.providers.tables import ProviderError, QueryResult, delete_rows, select
from pytest_anyapp.sim.providers.telephony import TelephonyHandler, insert_message

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

__all__ = ["Providers", "ProviderError", "QueryResult", "PROVIDER_PACKAGES"]

_SCHEMA_VERSION = 1


@dataclass(frozen=True)
class ProviderSpec:
    package: str
    db: str
    schema: str
    seed: Callable[[sqlite3.Connection], None] | None = None


def _seed_contacts(conn: sqlite3.Connection) -> None:
    for mimetype in schemas.CONTACTS_MIMETYPES:
        conn.execute("INSERT OR IGNORE INTO mimetypes (mimetype) VALUES (?)", (mimetype,))


def _seed_settings(conn: sqlite3.Connection) -> None:
    for namespace, values in defaults.NAMESPACES.items():
        conn.executemany(f"INSERT INTO {namespace} (name, value) VALUES (?, ?)", sorted(values.items()))


SPECS: dict[str, ProviderSpec] = {
    "telephony": ProviderSpec("com.android.providers.telephony", "mmssms.db", schemas.TELEPHONY),
    "contacts": ProviderSpec("com.android.providers.contacts", "contacts2.db", schemas.CONTACTS, _seed_contacts),
    "calllog": ProviderSpec("com.android.providers.contacts", "calllog.db", schemas.CALLLOG),
    "calendar": ProviderSpec("com.android.providers.calendar", "calendar.db", schemas.CALENDAR),
    "media": ProviderSpec("com.google.android.providers.media.module", "external.db", schemas.MEDIA),
    "settings": ProviderSpec("com.android.providers.settings", "settings.db", schemas.SETTINGS, _seed_settings),
}
PROVIDER_PACKAGES: frozenset[str] = frozenset(spec.package for spec in SPECS.values())
SETTINGS_NAMESPACES = ("global", "secure", "system")


class Providers:
    def __init__(self, device: SimDevice) -> None:
        self.device = device
        self._init_lock = threading.Lock()
        self._rotation: int | None = None
        for name in SPECS:  # the providers create their databases at boot
            self.connect(name).close()

    # -- databases ---------------------------------------------------------------------------
    def db_path(self, name: str) -> str:
        spec = SPECS[name]
        return f"/data/data/{spec.package}/databases/{spec.db}"

    def connect(self, name: str) -> sqlite3.Connection:
        if name not in SPECS:
            raise KeyError(f"unknown provider {name!r}")
        spec = SPECS[name]
        host = self.device.fs.host(self.db_path(name))
        with self._init_lock:
            host.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(host, timeout=10.0, isolation_level=None, check_same_thread=False)
            install_device_clock(conn, self.device.clock.now)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < _SCHEMA_VERSION:
                # One transaction (one fsync) instead of one per statement: device boot was ~0.5 s.
                conn.executescript(f"BEGIN;\n{spec.schema}\n")
                if spec.seed is not None:
                    spec.seed(conn)
                conn.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")
                conn.execute("COMMIT")
        return conn

    def wipe(self, package: str) -> bool:
        """Delete the databases of a provider package (what ``pm clear`` does to its data)."""
        if package not in PROVIDER_PACKAGES:
            return False
        with self._init_lock:
            shutil.rmtree(self.device.fs.host(f"/data/data/{package}/databases"), ignore_errors=True)
        # The provider process restarts on the next access and recreates empty databases.
        for name, spec in SPECS.items():
            if spec.package == package:
                self.connect(name).close()
        return True

    # -- telephony ---------------------------------------------------------------------------
    def deliver_sms(self, address: str, body: str, date_ms: int | None = None) -> int:
        """An incoming SMS from the radio: unread, unseen inbox row with date_sent."""
        now = self.device.clock.now_ms()
        date = now if date_ms is None else date_ms
        values = {"address": address, "body": body, "date": date, "date_sent": date, "type": 1, "read": 0, "seen": 0,
                  "protocol": 0, "reply_path_present": 0, "service_center": "+15555550000", "sub_id": 1}
        with closing(self.connect("telephony")) as conn:
            row = insert_message(conn, values, now)
        # The radio log line of an incoming SMS (telephony's InboundSmsHandler, radio buffer).
        self.device.log_event("D", "GsmInboundSmsHandler", f"SMS received: address={address}, length={len(body)}",
                              pid=1432, buffer="radio")
        return row

    def insert_sms(self, box: int, address: str, body: str, date_ms: int | None = None) -> int:
        now = self.device.clock.now_ms()
        values: dict[str, Any] = {"address": address, "body": body, "type": box, "date": now if date_ms is None else date_ms}
        if box == 2:
            values["date_sent"] = values["date"]
        with closing(self.connect("telephony")) as conn:
            return insert_message(conn, values, now)

    # -- settings ----------------------------------------------------------------------------
    @staticmethod
    def _check_namespace(namespace: str) -> None:
        if namespace not in SETTINGS_NAMESPACES:
            raise ValueError(f"Invalid namespace {namespace!r}")

    def settings_get(self, namespace: str, key: str) -> str | None:
        self._check_namespace(namespace)
        with closing(self.connect("settings")) as conn:
            row = conn.execute(f"SELECT value FROM {namespace} WHERE name = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def settings_put(self, namespace: str, key: str, value: str | None) -> None:
        self._check_namespace(namespace)
        with closing(self.connect("settings")) as conn:
            conn.execute(f"INSERT INTO {namespace} (name, value) VALUES (?, ?)", (key, value))
        self._settings_changed(namespace, key)

    def settings_delete(self, namespace: str, key: str) -> bool:
        self._check_namespace(namespace)
        with closing(self.connect("settings")) as conn:
            deleted = conn.execute(f"DELETE FROM {namespace} WHERE name = ?", (key,)).rowcount > 0
        self._settings_changed(namespace, key)
        return deleted

    _ROTATION_KEYS = ("user_rotation", "accelerometer_rotation")

    def _settings_changed(self, namespace: str, key: str) -> None:
        if namespace == "system" and key in self._ROTATION_KEYS:
            self._rotation = None

    def display_rotation(self) -> int:
        """Surface.ROTATION_0..3 of the display: ``user_rotation`` while ``accelerometer_rotation``
        is 0 (WindowManager's user-locked rotation); with the sensor on, the upright emulator's 0."""
        if self._rotation is not None:
            return self._rotation
        rotation = 0
        if self.settings_get("system", "accelerometer_rotation") != "1":
            raw = self.settings_get("system", "user_rotation") or "0"
            rotation = int(raw) % 4 if raw.lstrip("-").isdigit() else 0
        self._rotation = rotation
        return rotation

    def settings_list(self, namespace: str) -> dict[str, str | None]:
        self._check_namespace(namespace)
        with closing(self.connect("settings")) as conn:
            return {name: value for name, value in conn.execute(f"SELECT name, value FROM {namespace} ORDER BY name")}

    # -- media -------------------------------------------------------------------------------
    def scan_media(self, path: str) -> int:
        with closing(self.connect("media")) as conn:
            return scan(conn, self.device, path, int(self.device.clock.now()))

    # -- ContentResolver ---------------------------------------------------------------------
    def _dispatch(self, uri: str, op: Callable[[Any, str, list[str]], Any]) -> Any:
        parts = urlsplit(uri)
        if parts.scheme != "content" or not parts.netloc:
            raise ProviderError(f"Invalid URI: {uri}")
        authority = parts.netloc
        segments = [unquote(s) for s in parts.path.split("/") if s]
        now = self.device.clock.now_ms()
        with self.device.lock:
            if authority in ("sms", "mms-sms"):
                with closing(self.connect("telephony")) as conn:
                    return op(TelephonyHandler(conn, now), authority, segments)
            if authority in CONTACTS_HANDLER_AUTHORITIES:
                with closing(self.connect("contacts")) as conn, closing(self.connect("calllog")) as calls:
                    return op(ContactsHandler(conn, calls, now), authority, segments)
            if authority == "com.android.calendar":
                with closing(self.connect("calendar")) as conn:
                    return op(CalendarHandler(conn, now), authority, segments)
            if authority == "media":
                with closing(self.connect("media")) as conn:
                    return op(MediaHandler(conn, self.device, now), authority, segments)
            if authority == "settings":
                return op(_SettingsHandler(self), authority, segments)
        raise UnknownAuthority(authority)

    def query(self, uri: str, projection: Sequence[str] | None = None, where: str | None = None,
              sort: str | None = None) -> QueryResult:
        return self._dispatch(uri, lambda h, a, s: h.query(a, s, projection, where, sort))

    def insert(self, uri: str, values: dict[str, Any]) -> str:
        return self._dispatch(uri, lambda h, a, s: h.insert(a, s, values))

    def update(self, uri: str, values: dict[str, Any], where: str | None = None) -> int:
        return self._dispatch(uri, lambda h, a, s: h.update(a, s, values, where))

    def delete(self, uri: str, where: str | None = None) -> int:
        return self._dispatch(uri, lambda h, a, s: h.delete(a, s, where))


class UnknownAuthority(ProviderError):
    """No provider is registered for the authority (``content`` reports it like a missing provider)."""

    def __init__(self, authority: str) -> None:
        super().__init__(authority)
        self.authority = authority


class _SettingsHandler:
    """``content://settings/<global|secure|system>[/<name>]`` rows of (_id, name, value)."""

    def __init__(self, providers: Providers) -> None:
        self.providers = providers

    def _ns(self, segments: list[str]) -> tuple[str, list[tuple[str, list[Any]]]]:
        if not segments or segments[0] not in SETTINGS_NAMESPACES:
            raise ProviderError(f"Invalid URI: content://settings/{'/'.join(segments)}")
        base = [("name = ?", [segments[1]])] if len(segments) > 1 else []
        return segments[0], base

    def query(self, authority: str, segments: list[str], projection: Sequence[str] | None, where: str | None,
              sort: str | None) -> QueryResult:
        ns, base = self._ns(segments)
        with closing(self.providers.connect("settings")) as conn:
            return select(conn, ns, projection, where, sort, base)

    def insert(self, authority: str, segments: list[str], values: dict[str, Any]) -> str:
        ns, _ = self._ns(segments)
        name = values.get("name")
        if name is None:
            raise ProviderError("name is required")
        self.providers.settings_put(ns, str(name), None if values.get("value") is None else str(values["value"]))
        return f"content://settings/{ns}/{name}"

    def update(self, authority: str, segments: list[str], values: dict[str, Any], where: str | None) -> int:
        ns, base = self._ns(segments)
        if base and "value" in values:
            self.providers.settings_put(ns, segments[1], None if values["value"] is None else str(values["value"]))
            return 1
        raise ProviderError("Settings update requires a name in the URI")

    def delete(self, authority: str, segments: list[str], where: str | None) -> int:
        ns, base = self._ns(segments)
        with closing(self.providers.connect("settings")) as conn:
            return delete_rows(conn, ns, where, base)
