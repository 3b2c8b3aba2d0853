"""The device's time zone (``persist.sys.timezone``), used by ``date``, ``ls -l`` and ``stat``."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice


def device_tz(device: SimDevice) -> dt.tzinfo:
    name = device.getprop("persist.sys.timezone") or "UTC"
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def device_now(device: SimDevice) -> dt.datetime:
    return dt.datetime.fromtimestamp(device.clock.now(), device_tz(device))
