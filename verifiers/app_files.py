"""Seeded app-private files belong to the app (issue 27): files made as root (``sqlite3``, ``push``)
under ``/data/data/<pkg>`` keep root's uid and a wrong SELinux label, so the app cannot write them
(SharedPreferences' rename fails silently, SQLite opens read-only or not at all). ``hand_to_app``
names the folders by data directory; the work is ``verifiers.base.own_app_files``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient


def hand_to_app(device: DeviceClient, data_dir: str, stores: tuple[str, ...] = ("databases", "shared_prefs",
                                                                             "files")) -> None:
    """The app's ``stores`` (folders of its data directory ``data_dir``, credential- or
    device-protected) back to the app: :func:`verifiers.base.own_app_files` (missing ones skipped)."""
    from verifiers.base import own_app_files

    package = data_dir.rstrip("/").rsplit("/", 1)[-1]
    own_app_files(device, package, *(f"{data_dir.rstrip('/')}/{store}" for store in stores))

