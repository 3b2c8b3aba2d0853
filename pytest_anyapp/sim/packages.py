"""Package manager state (owner: sim-shell helper). CONTRACT STUB — to be implemented.

API the rest of the sim relies on:
  PackageManager(device)
  .list() -> list[PackageInfo]            installed packages, sorted by name
  .get(name) -> PackageInfo | None
  .install_apk(host_path, *, replace, grant_all) -> str   "Success" or "Failure [INSTALL_FAILED_...: msg]"
  .uninstall(name) -> bool
  .clear(name) -> bool                     wipes /data/data/<name> (and provider DBs for provider pkgs)
  .set_enabled(name, enabled) ; .grant(name, perm) ; .revoke(name, perm)
PackageInfo: name, version_name, version_code, apk_path, data_dir, enabled, system,
  declared_permissions, granted_permissions, label, launch_activity (or None), first_install_ms.
Preinstalled: every app in ``pytest_anyapp.sim.apps.catalog()`` plus the system packages.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice


class PackageManager:
    def __init__(self, device: SimDevice) -> None:
        self.device = device
