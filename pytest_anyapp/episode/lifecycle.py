"""App lifecycle around an episode: install check, category isolation, reset, permissions, launch.

Isolation disables the category's other apps so an agent cannot solve the task in a sibling app
(and so a sibling cannot grab the SMS role); teardown re-enables them even after an error.
"""

from __future__ import annotations

import re
import shlex
import time

from pytest_anyapp.catalog import AppSpec, apps_in
from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.errors import AppNotInstalledError, AppVersionMismatchError, DeviceError


class InstalledApps:
    """Per-lane cache of installed packages and versions (one ``pm list`` per lane, not per episode)."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device
        self._packages: set[str] | None = None
        self._versions: dict[str, tuple[str, int] | None] = {}
        self._apk_sha: dict[str, str | None] = {}

    def packages(self) -> set[str]:
        if self._packages is None:
            self._packages = self.device.installed_packages()
        return self._packages

    def version(self, package: str) -> tuple[str, int] | None:
        if package not in self._versions:
            self._versions[package] = self.device.package_version(package)
        return self._versions[package]

    def apk_sha256(self, package: str) -> str | None:
        """sha256 of the installed base APK (``pm path`` + ``sha256sum``), None when unreadable."""
        if package not in self._apk_sha:
            digest = None
            path = self.device.run(f"pm path {shlex.quote(package)}").stdout.strip().splitlines()
            if path and path[0].startswith("package:"):
                out = self.device.run(f"sha256sum {shlex.quote(path[0].split(':', 1)[1])}")
                token = out.stdout.split(maxsplit=1)[0] if out.ok and out.stdout.strip() else ""
                digest = token if re.fullmatch(r"[0-9a-f]{64}", token) else None
            self._apk_sha[package] = digest
        return self._apk_sha[package]

    def require(self, app: AppSpec) -> tuple[str, int] | None:
        """Installed and, where the catalog pins a version code, at that version."""
        if app.package not in self.packages():
            raise AppNotInstalledError(f"{app.display_name} ({app.package}) is not installed on {self.device.serial}")
        version = self.version(app.package)
        if app.version_code is not None and version is not None and version[1] != app.version_code:
            raise AppVersionMismatchError(
                f"{app.package} is at versionCode {version[1]} ({version[0]}), pinned {app.version_code}"
            )
        if app.apk_sha256 is not None and self.apk_sha256(app.package) != app.apk_sha256:
            raise AppVersionMismatchError(
                f"{app.package}: installed APK sha256 {self.apk_sha256(app.package)} is not the pinned {app.apk_sha256}"
            )
        return version


def siblings(app: AppSpec) -> list[AppSpec]:
    return [a for a in apps_in(app.category) if a.app_id != app.app_id]


def isolate(device: DeviceClient, app: AppSpec, installed: set[str], timeout_s: float) -> None:
    """Enable the target (repairing a crashed run), disable installed siblings, then audit."""
    device.check(f"pm enable --user 0 {shlex.quote(app.package)}", timeout_s=timeout_s)
    for other in siblings(app):
        if other.package in installed:
            device.check(f"pm disable-user --user 0 {shlex.quote(other.package)}", timeout_s=timeout_s)
    disabled = device.disabled_packages()
    if app.package in disabled:
        raise DeviceError(f"isolation audit: target {app.package} is disabled")
    still = [o.package for o in siblings(app) if o.package in installed and o.package not in disabled]
    if still:
        raise DeviceError(f"isolation audit: siblings still enabled: {still}")


def restore(device: DeviceClient, app: AppSpec, installed: set[str], timeout_s: float) -> None:
    for other in siblings(app):
        if other.package in installed:
            device.check(f"pm enable --user 0 {shlex.quote(other.package)}", timeout_s=timeout_s)


def clear_data(device: DeviceClient, package: str, timeout_s: float) -> None:
    out = device.check(f"pm clear {shlex.quote(package)}", timeout_s=timeout_s)
    if "Success" not in out:
        raise DeviceError(f"pm clear {package}: {out.strip()[:200]}")


_PERMISSION = re.compile(r"(android\.permission\.[A-Z_]+)")


def grant_permissions(device: DeviceClient, package: str, wanted: tuple[str, ...]) -> list[str]:
    """Grant each wanted runtime permission the app declares; returns those granted."""
    if not wanted:
        return []
    declared = set(_PERMISSION.findall(device.run(f"dumpsys package {shlex.quote(package)}").stdout))
    granted = []
    for perm in wanted:
        full = perm if perm.startswith("android.permission.") else f"android.permission.{perm}"
        if full in declared:
            device.check(f"pm grant --user 0 {shlex.quote(package)} {full}")
            granted.append(full)
    return granted


def relaunch(device: DeviceClient, package: str) -> None:
    """Force-stop, wait until the process is gone (at most 3 s), then launch from the launcher."""
    device.force_stop(package)
    deadline = time.monotonic() + 3.0
    while device.pidof(package) and time.monotonic() < deadline:
        time.sleep(0.1)
    device.launch(package)
