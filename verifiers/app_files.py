"""Seeded app-private files belong to the app (issue 27): files made as root (``sqlite3``, ``push``)
under ``/data/data/<pkg>`` keep root's uid and a wrong SELinux label, so the app cannot write them
(SharedPreferences' rename fails silently, SQLite opens read-only or not at all). The finance and
tasks seeders already hand them back this way."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient


def hand_to_app(device: DeviceClient, data_dir: str, stores: tuple[str, ...] = ("databases", "shared_prefs",
                                                                             "files")) -> None:
    """``chown`` the app's ``stores`` (folders of ``data_dir``) to the data directory's own uid:gid,
    then ``restorecon`` it (missing folders are skipped)."""
    d = shlex.quote(data_dir)
    paths = " ".join(f"{d}/{shlex.quote(s)}" for s in stores)
    device.check(f"chown -R $(stat -c %u:%g {d}) {paths} 2>/dev/null; restorecon -R {d} >/dev/null 2>&1; true")


def first_start(device: DeviceClient, package: str, marker: str, *, polls: int = 150) -> None:
    """Let the app finish its first start before seeding (issue 27): when the shell test ``marker``
    (what the app's source writes last at its first start) fails, launch the app, wait for it
    (``polls`` × 0.1 s) and stop it; ``ensure_app_database`` alone stops it once the file exists."""
    from pytest_anyapp.errors import DeviceError

    if not marker or device.run(marker).ok:
        return
    device.launch(package)
    for _ in range(polls):
        if device.run(marker).ok:
            device.force_stop(package)
            return
        device.run("sleep 0.1")
    raise DeviceError(f"{package} did not finish its first start ({marker})")
