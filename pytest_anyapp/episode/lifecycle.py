"""App lifecycle around an episode: install check, category isolation, reset, permissions, launch.

Isolation disables the category's other apps so an agent cannot solve the task in a sibling app
(and so a sibling cannot grab the SMS role); teardown re-enables them even after an error.
Each step is one device round trip (``DeviceClient.run_batch``), whatever the number of packages.
"""

from __future__ import annotations

import re
import shlex

from pytest_anyapp.catalog import AppSpec, apps_in
from pytest_anyapp.device.client import CommandResult, DeviceClient, set_time_command
from pytest_anyapp.errors import (
    AppNotInstalledError,
    AppVersionMismatchError,
    DeviceError,
)


class InstalledApps:
    """Per-lane cache of installed packages and versions (one ``pm list`` per lane, not per episode)."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device
        self._packages: set[str] | None = None
        self._versions: dict[str, tuple[str, int] | None] = {}
        self._apk_sha: dict[str, str | None] = {}
        self._declared: dict[str, set[str]] = {}

    def packages(self) -> set[str]:
        if self._packages is None:
            self._packages = self.device.installed_packages()
        return self._packages

    def version(self, package: str) -> tuple[str, int] | None:
        if package not in self._versions:
            self._versions[package] = self.device.package_version(package)
        return self._versions[package]

    def declared_permissions(self, package: str) -> set[str]:
        """Permissions the installed package declares (``dumpsys package``; fixed while installed)."""
        if package not in self._declared:
            out = self.device.run(f"dumpsys package {shlex.quote(package)}").stdout
            self._declared[package] = set(_PERMISSION.findall(out))
        return self._declared[package]

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


def prepare_app(device: DeviceClient, app: AppSpec, installed: InstalledApps, *, clear: bool,
                permissions: tuple[str, ...], epoch_s: int, timeout_s: float,
                app_ops: tuple[str, ...] = ()) -> list[str]:
    """Everything before the app's own setup, in one round trip: isolate the category (enable the
    target, repairing a crashed run; disable installed siblings; audit), ``pm clear`` the app when
    asked, grant each wanted runtime permission the app declares, allow the app-ops it needs for
    its uid, freeze the clock. Returns the permissions granted. A command after a failed one does
    not run; the first failure raises (``appops set`` exits non-zero on an unknown package or op)."""
    pkg = shlex.quote(app.package)
    others = [o.package for o in siblings(app) if o.package in installed.packages()]
    granted = declared_wanted(permissions, installed.declared_permissions(app.package)) if permissions else []
    isolation = [f"pm enable --user 0 {pkg}", *(f"pm disable-user --user 0 {shlex.quote(p)}" for p in others),
                 "pm list packages -d"]
    reset = [f"pm clear {pkg}"] if clear else []
    cmds = [*isolation, *reset, *(f"pm grant --user 0 {pkg} {perm}" for perm in granted),
            *(f"appops set --uid {pkg} {shlex.quote(op)} allow" for op in app_ops), set_time_command(epoch_s)]
    results = device.run_batch(cmds, timeout_s=timeout_s, stop_on_error=True)
    _require_ok(device, cmds, results)
    audit = results[len(isolation) - 1]
    assert audit is not None  # _require_ok checked that every command ran
    disabled = {line.split(":", 1)[1].strip() for line in audit.stdout.splitlines() if line.startswith("package:")}
    if app.package in disabled:
        raise DeviceError(f"isolation audit: target {app.package} is disabled")
    still = [p for p in others if p not in disabled]
    if still:
        raise DeviceError(f"isolation audit: siblings still enabled: {still}")
    if clear:
        cleared = results[len(isolation)]
        assert cleared is not None
        if "Success" not in cleared.stdout:
            raise DeviceError(f"pm clear {app.package}: {cleared.stdout.strip()[:200]}")
    return granted


def restore(device: DeviceClient, app: AppSpec, installed: set[str], timeout_s: float) -> None:
    """Re-enable the siblings ``prepare_app`` disabled (one round trip)."""
    cmds = [f"pm enable --user 0 {shlex.quote(o.package)}" for o in siblings(app) if o.package in installed]
    if cmds:
        _require_ok(device, cmds, device.run_batch(cmds, timeout_s=timeout_s))


def _require_ok(device: DeviceClient, cmds: list[str], results: list[CommandResult | None]) -> None:
    """As ``DeviceClient.check`` for each command of a batch: the first failure raises."""
    for cmd, result in zip(cmds, results, strict=True):
        if result is None:
            raise DeviceError(f"command did not run on {device.serial}: {cmd[:160]!r}")
        if not result.ok:
            raise DeviceError(
                f"command failed on {device.serial} (exit {result.exit_code}): {cmd[:160]!r}: "
                f"{(result.stderr or result.stdout).strip()[:400]}"
            )


_PERMISSION = re.compile(r"(android\.permission\.[A-Z_]+)")


def declared_wanted(wanted: tuple[str, ...], declared: set[str]) -> list[str]:
    """The wanted runtime permissions (short or full names) that the app declares, as full names."""
    full = (p if p.startswith("android.permission.") else f"android.permission.{p}" for p in wanted)
    return [p for p in full if p in declared]


#: How long relaunch waits for the old process to go (polling on the device, in the same round trip).
RELAUNCH_EXIT_WAIT_S = 3.0


def relaunch(device: DeviceClient, package: str) -> None:
    """Force-stop, wait until the process is gone (at most 3 s), then launch from the launcher:
    one round trip, the wait polling ``pidof`` on the device."""
    pkg = shlex.quote(package)
    polls = int(RELAUNCH_EXIT_WAIT_S / 0.1)
    cmds = [f"am force-stop {pkg}",
            f"__i=0; while pidof {pkg} >/dev/null && [ $__i -lt {polls} ]; do sleep 0.1; __i=$((__i+1)); done; true",
            f"monkey -p {pkg} -c android.intent.category.LAUNCHER 1"]
    results = device.run_batch(cmds, stop_on_error=True)
    _require_ok(device, cmds, results)
    out = results[-1].stdout if results[-1] else ""
    if "No activities found" in out or "aborted" in out:
        raise DeviceError(f"could not launch {package}: {out.strip()[:200]}")
