"""``anyapp apps install|grant``: put pinned APKs on a lane and grant their category permissions.

The version check happens before anything touches the device: a file whose package or version is
not the catalog's pin is refused with a message naming both, since an app at the wrong version
makes every pair of that app ``invalid`` later anyway. Split bundles go through a package-installer
session (``pm install-create`` / ``install-write`` / ``install-commit``, what ``adb
install-multiple`` does); the files are pushed to ``/data/local/tmp`` first, which works the same
for local and remote (adb-over-TCP) lanes.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import adbutils

from pytest_anyapp.catalog import AppSpec, Category
from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.errors import ConfigError, DeviceError
from pytest_anyapp.provision.bundle import Bundle, open_bundle
from pytest_anyapp.provision.download import file_sha256
from pytest_anyapp.provision.sources import ApkSource, DownloadLock, expected_sha256

_STAGING = "/data/local/tmp/anyapp-install"

# Category runtime permissions (notes §12, per-task app hygiene); granted only if the app declares them.
CATEGORY_PERMISSIONS: dict[Category, tuple[str, ...]] = {
    Category.CLOCK: ("android.permission.POST_NOTIFICATIONS",),
    Category.CONTACTS: ("android.permission.READ_CONTACTS", "android.permission.WRITE_CONTACTS",
                        "android.permission.GET_ACCOUNTS", "android.permission.CALL_PHONE",
                        "android.permission.POST_NOTIFICATIONS"),
    Category.FILES: ("android.permission.READ_EXTERNAL_STORAGE", "android.permission.WRITE_EXTERNAL_STORAGE",
                     "android.permission.READ_MEDIA_AUDIO", "android.permission.READ_MEDIA_IMAGES",
                     "android.permission.READ_MEDIA_VIDEO", "android.permission.POST_NOTIFICATIONS"),
    Category.MAPS: ("android.permission.ACCESS_COARSE_LOCATION", "android.permission.ACCESS_FINE_LOCATION",
                    "android.permission.POST_NOTIFICATIONS"),
    Category.SMS: ("android.permission.READ_CONTACTS", "android.permission.READ_SMS", "android.permission.SEND_SMS",
                   "android.permission.RECEIVE_SMS", "android.permission.POST_NOTIFICATIONS"),
}


@dataclass(frozen=True)
class InstallResult:
    app_id: str
    ok: bool
    message: str


def check_bundle(app: AppSpec, source: ApkSource, bundle: Bundle, lock: DownloadLock | None = None) -> None:
    """Refuse a file that is not the pinned app (package, versionCode/Name, sha256)."""
    base = bundle.base
    if base.package != app.package:
        raise ConfigError(f"refusing to install {bundle.source.name}: it is package {base.package}, "
                          f"but {app.app_id} is {app.package}")
    if app.version_code is not None and (base.version_code != app.version_code
                                         or (app.version_name is not None and base.version_name != app.version_name)):
        raise ConfigError(
            f"refusing to install {bundle.source.name}: it is {base.package} versionName {base.version_name} "
            f"(versionCode {base.version_code}), but the catalog pins {app.app_id} at versionName "
            f"{app.version_name} (versionCode {app.version_code}); fetch the pinned file "
            f"(anyapp apps download) or change the pin deliberately")
    expected = expected_sha256(app, source)
    if expected is None and lock is not None and source.app_id in lock.entries:
        expected = lock.entries[source.app_id].sha256
    if expected is not None:
        actual = file_sha256(bundle.source)
        if actual != expected:
            raise ConfigError(f"refusing to install {bundle.source.name}: sha256 {actual} is not the expected "
                              f"{expected}")


def _push(adb: adbutils.AdbDevice, local: Path, remote: str) -> None:
    try:
        adb.sync.push(str(local), remote)
    except (adbutils.AdbError, OSError) as exc:
        raise DeviceError(f"push of {local.name} to {adb.serial} failed: {exc}") from exc


def _installed_ok(out: str) -> bool:
    return any(line.strip() == "Success" for line in out.splitlines())


def install_bundle(device: DeviceClient, adb: adbutils.AdbDevice, bundle: Bundle) -> str:
    """Install on one lane; returns pm's last line. pm prints ``Failure [...]`` and may exit 0, so
    the decision is taken from the output."""
    device.check(f"mkdir -p {_STAGING}")
    try:
        if not bundle.is_split:
            remote = f"{_STAGING}/base.apk"
            _push(adb, bundle.base.path, remote)
            out = device.run(f"pm install -r -t {remote}", timeout_s=300)
            text = (out.stdout + out.stderr).strip()
            if not _installed_ok(out.stdout):
                raise DeviceError(f"{device.serial}: install of {bundle.source.name} failed: {text[-300:]}")
            return text
        total = sum(a.path.stat().st_size for a in bundle.apks)
        created = device.run(f"pm install-create -r -t -S {total}").stdout
        match = re.search(r"\[(\d+)\]", created)
        if not match:
            raise DeviceError(f"{device.serial}: pm install-create failed: {created.strip()[:300]}")
        session = match.group(1)
        try:
            for i, apk in enumerate(bundle.apks):
                remote = f"{_STAGING}/{i:02d}.apk"
                _push(adb, apk.path, remote)
                name = "base" if apk.split is None else f"split_{apk.split}"
                out = device.run(f"pm install-write -S {apk.path.stat().st_size} {session} {shlex.quote(name)} "
                                 f"{remote}", timeout_s=300)
                if "Success" not in out.stdout:
                    raise DeviceError(f"{device.serial}: install-write of {apk.path.name} failed: "
                                      f"{(out.stdout + out.stderr).strip()[:300]}")
            out = device.run(f"pm install-commit {session}", timeout_s=300)
        except BaseException:
            device.run(f"pm install-abandon {session}")
            raise
        text = (out.stdout + out.stderr).strip()
        if not _installed_ok(out.stdout):
            raise DeviceError(f"{device.serial}: install of {bundle.source.name} failed: {text[-300:]}")
        return text
    finally:
        device.run(f"rm -rf {_STAGING}")


def install_app(device: DeviceClient, adb: adbutils.AdbDevice, app: AppSpec, source: ApkSource, apk_dir: Path,
                lock: DownloadLock | None = None) -> InstallResult:
    path = apk_dir / source.file_name
    if not path.exists():
        return InstallResult(app.app_id, False, f"{path} is missing (run anyapp apps download)")
    try:
        with open_bundle(path) as bundle:
            check_bundle(app, source, bundle, lock)
            install_bundle(device, adb, bundle)
            got = device.package_version(app.package)
            want = (bundle.base.version_name, bundle.base.version_code)
    except (ConfigError, DeviceError) as exc:
        return InstallResult(app.app_id, False, str(exc))
    if got != want:
        return InstallResult(app.app_id, False, f"{device.serial}: after install {app.package} reports {got}, "
                                                f"expected {want}")
    parts = f" ({len(bundle.apks)} splits)" if bundle.is_split else ""
    return InstallResult(app.app_id, True, f"{app.package} {want[0]} ({want[1]}) installed{parts}")


def declared_permissions(device: DeviceClient, package: str) -> set[str]:
    """``requested permissions:`` of ``dumpsys package`` (what the manifest declares)."""
    out = device.run(f"dumpsys package {shlex.quote(package)}").stdout
    declared: set[str] = set()
    in_block = False
    for line in out.splitlines():
        stripped = line.strip()
        if stripped.startswith("requested permissions:"):
            in_block = True
            continue
        if in_block:
            if re.fullmatch(r"[A-Za-z0-9_.]+(: restricted=\w+)?", stripped) and "." in stripped:
                declared.add(stripped.split(":", 1)[0])
            else:
                in_block = False
    return declared


def grant_app(device: DeviceClient, app: AppSpec) -> InstallResult:
    """Grant the category's runtime permissions the app declares (never ones it does not)."""
    wanted = CATEGORY_PERMISSIONS.get(app.category, ())
    declared = declared_permissions(device, app.package)
    if not declared and app.package not in device.installed_packages():
        return InstallResult(app.app_id, False, f"{app.package} is not installed on {device.serial}")
    granted: list[str] = []
    for perm in wanted:
        if perm not in declared:
            continue
        out = device.run(f"pm grant {shlex.quote(app.package)} {perm}")
        if not out.ok or "Exception" in out.stderr:
            return InstallResult(app.app_id, False, f"pm grant {perm} failed: {out.stderr.strip()[:200]}")
        granted.append(perm.rsplit(".", 1)[1])
    return InstallResult(app.app_id, True, f"granted {', '.join(granted) or 'nothing (none declared)'}")
