"""Package manager state (owner: sim-shell helper).

API the rest of the sim relies on:
  PackageManager(device)
  .list() -> list[PackageInfo]            installed packages, sorted by name
  .get(name) -> PackageInfo | None
  .install_apk(host_path, *, replace, grant_all) -> str   "Success" or "Failure [INSTALL_FAILED_...: msg]"
  .uninstall(name) -> bool
  .clear(name) -> bool                     wipes /data/data/<name> (and provider DBs for provider pkgs)
  .set_enabled(name, enabled) ; .set_enabled_state(name, state) ; .grant(name, perm) ; .revoke(name, perm)
  .is_granted(name, perm) -> bool
PackageInfo: name, version_name, version_code, apk_path, data_dir, enabled, system,
  declared_permissions (requested, as ``dumpsys package`` lists them), granted_permissions,
  label, launch_activity (or None), first_install_ms, plus uid, min_sdk, target_sdk,
  last_update_ms, enabled_state (0 default, 1 enabled, 2 disabled, 3 disabled-user).
Preinstalled: every app in ``pytest_anyapp.sim.apps.catalog()`` plus the system packages.
State persists in ``<state_dir>/packages.json`` (pydantic) so a restarted device keeps installs,
grants and enabled states.
"""
from __future__ import annotations

import base64
import hashlib
import os
import shutil
import struct
import threading
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from pytest_anyapp.sim.providers.clock import package_restarted

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp
    from pytest_anyapp.sim.device import SimDevice

# Dangerous (runtime) permissions on API 33: granted by the user or ``pm grant``, never at install.
RUNTIME_PERMISSIONS: frozenset[str] = frozenset(
    "android.permission." + name
    for name in (
        "READ_CALENDAR", "WRITE_CALENDAR", "CAMERA", "READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS",
        "ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION", "ACCESS_MEDIA_LOCATION",
        "RECORD_AUDIO", "READ_PHONE_STATE", "READ_PHONE_NUMBERS", "CALL_PHONE", "ANSWER_PHONE_CALLS",
        "READ_CALL_LOG", "WRITE_CALL_LOG", "ADD_VOICEMAIL", "USE_SIP", "PROCESS_OUTGOING_CALLS",
        "BODY_SENSORS", "BODY_SENSORS_BACKGROUND", "ACTIVITY_RECOGNITION", "SEND_SMS", "RECEIVE_SMS",
        "READ_SMS", "RECEIVE_WAP_PUSH", "RECEIVE_MMS", "READ_EXTERNAL_STORAGE", "WRITE_EXTERNAL_STORAGE",
        "READ_MEDIA_AUDIO", "READ_MEDIA_IMAGES", "READ_MEDIA_VIDEO", "POST_NOTIFICATIONS",
        "NEARBY_WIFI_DEVICES", "BLUETOOTH_SCAN", "BLUETOOTH_CONNECT", "BLUETOOTH_ADVERTISE", "UWB_RANGING",
    )
)


def is_runtime_permission(permission: str) -> bool:
    return permission in RUNTIME_PERMISSIONS


ENABLED_DEFAULT, ENABLED, DISABLED, DISABLED_USER = 0, 1, 2, 3
ENABLED_STATE_NAMES = {ENABLED_DEFAULT: "default", ENABLED: "enabled", DISABLED: "disabled", DISABLED_USER: "disabled-user"}
FIRST_APP_UID = 10100


class PackageInfo(BaseModel):
    name: str
    label: str = ""
    version_name: str = "1.0"
    version_code: int = 1
    min_sdk: int = 26
    target_sdk: int = 33
    uid: int = 0
    apk_path: str = ""
    data_dir: str = ""
    enabled_state: int = ENABLED_DEFAULT
    system: bool = False
    declared_permissions: list[str] = Field(default_factory=list)
    granted_permissions: list[str] = Field(default_factory=list)
    launch_activity: str | None = None
    first_install_ms: int = 0
    last_update_ms: int = 0
    double: bool = False  # backed by an app double from the catalog

    @property
    def enabled(self) -> bool:
        return self.enabled_state in (ENABLED_DEFAULT, ENABLED)

    @property
    def code_path(self) -> str:
        return os.path.dirname(self.apk_path)


class PackageDB(BaseModel):
    packages: dict[str, PackageInfo] = Field(default_factory=dict)
    next_uid: int = FIRST_APP_UID
    uninstalled: list[str] = Field(default_factory=list)  # preinstalled doubles removed by pm uninstall


class _SystemPackage(BaseModel):
    name: str
    uid: int
    apk: str
    label: str
    launch_activity: str | None = None
    version_name: str = "13"
    version_code: int = 33
    permissions: list[str] = Field(default_factory=list)


def _sys(name: str, uid: int, apk: str, label: str, launch: str | None = None, version: tuple[str, int] = ("13", 33),
         permissions: tuple[str, ...] = ()) -> _SystemPackage:
    return _SystemPackage(name=name, uid=uid, apk=apk, label=label, launch_activity=launch, version_name=version[0],
                          version_code=version[1], permissions=list(permissions))


# Platform packages of a google_apis API 33 x86_64 image (user-facing apps come from the catalog).
SYSTEM_PACKAGES: tuple[_SystemPackage, ...] = (
    _sys("android", 1000, "/system/framework/framework-res.apk", "Android System"),
    _sys("com.android.shell", 2000, "/system/priv-app/Shell/Shell.apk", "Shell"),
    _sys("com.android.systemui", 10065, "/system_ext/priv-app/SystemUIGoogle/SystemUIGoogle.apk", "System UI"),
    _sys("com.android.settings", 1000, "/system_ext/priv-app/Settings/Settings.apk", "Settings",
         "com.android.settings.Settings"),
    _sys("com.android.phone", 1001, "/system/priv-app/TeleService/TeleService.apk", "Phone Services"),
    _sys("com.android.server.telecom", 1000, "/system/priv-app/Telecom/Telecom.apk", "Call Management"),
    _sys("com.android.providers.telephony", 1001, "/system/priv-app/TelephonyProvider/TelephonyProvider.apk",
         "Phone and Messaging Storage"),
    _sys("com.android.providers.contacts", 10025, "/system/priv-app/ContactsProvider/ContactsProvider.apk",
         "Contacts Storage", permissions=("android.permission.READ_CONTACTS", "android.permission.WRITE_CONTACTS",
                                          "android.permission.GET_ACCOUNTS")),
    _sys("com.android.providers.calendar", 10030, "/system/priv-app/CalendarProvider/CalendarProvider.apk",
         "Calendar Storage", permissions=("android.permission.READ_CALENDAR", "android.permission.WRITE_CALENDAR")),
    _sys("com.android.providers.settings", 1000, "/system/priv-app/SettingsProvider/SettingsProvider.apk",
         "Settings Storage"),
    _sys("com.android.providers.media", 10047, "/system/priv-app/MediaProviderLegacy/MediaProviderLegacy.apk",
         "Media Storage"),
    _sys("com.google.android.providers.media.module", 10200,
         "/apex/com.android.mediaprovider/priv-app/MediaProviderGoogle/MediaProviderGoogle.apk", "Media Storage",
         version=("T-initial", 330443000)),
    _sys("com.android.providers.downloads", 10048, "/system/priv-app/DownloadProvider/DownloadProvider.apk",
         "Download Manager"),
    _sys("com.android.providers.userdictionary", 10018,
         "/system/app/UserDictionaryProvider/UserDictionaryProvider.apk", "User Dictionary"),
    _sys("com.android.providers.blockednumber", 10023,
         "/system/priv-app/BlockedNumberProvider/BlockedNumberProvider.apk", "Blocked Numbers Storage"),
    _sys("com.android.location.fused", 1000, "/system/priv-app/FusedLocation/FusedLocation.apk", "Fused Location"),
    _sys("com.android.externalstorage", 10041, "/system/priv-app/ExternalStorageProvider/ExternalStorageProvider.apk",
         "External Storage"),
    _sys("com.android.intentresolver", 10073, "/apex/com.android.intentresolver/priv-app/IntentResolver/IntentResolver.apk",
         "IntentResolver"),
    _sys("com.google.android.documentsui", 10066, "/system/priv-app/DocumentsUIGoogle/DocumentsUIGoogle.apk", "Files"),
    _sys("com.google.android.packageinstaller", 10061,
         "/system/priv-app/GooglePackageInstaller/GooglePackageInstaller.apk", "Package installer"),
    _sys("com.google.android.permissioncontroller", 10062,
         "/apex/com.android.permission/priv-app/GooglePermissionController/GooglePermissionController.apk",
         "Permission controller", version=("33 system image", 330000000)),
    _sys("com.google.android.inputmethod.latin", 10119, "/product/app/LatinIMEGooglePrebuilt/LatinIMEGooglePrebuilt.apk",
         "Gboard", version=("12.1.05.466336453-release-x86_64", 121050040)),
    _sys("com.google.android.gms", 10110, "/product/priv-app/PrebuiltGmsCore/PrebuiltGmsCore.apk",
         "Google Play services", version=("22.36.16 (190400-475935487)", 223616044)),
    _sys("com.google.android.gsf", 10111, "/product/priv-app/GoogleServicesFramework/GoogleServicesFramework.apk",
         "Google Services Framework"),
    _sys("com.android.emulator.multidisplay", 10077, "/product/app/MultiDisplayProvider/MultiDisplayProvider.apk",
         "Multi Display Provider"),
    _sys("com.android.bluetooth", 1002, "/apex/com.android.btservices/app/Bluetooth/Bluetooth.apk", "Bluetooth"),
    _sys("com.android.networkstack.tethering", 1073, "/apex/com.android.tethering/priv-app/Tethering/Tethering.apk",
         "Tethering"),
    _sys("com.android.wallpaper.livepicker", 10082, "/product/app/LiveWallpapersPicker/LiveWallpapersPicker.apk",
         "Live Wallpaper Picker"),
)


def _system_apk_dir(package: str) -> str:
    return f"/system/priv-app/{package.rsplit('.', 1)[-1].capitalize()}/{package.rsplit('.', 1)[-1].capitalize()}.apk"


def _random_token(seed: str) -> str:
    digest = hashlib.sha256(seed.encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:22]


def data_apk_path(package: str, seed: str) -> str:
    """``/data/app/~~<token>==/<pkg>-<token>==/base.apk`` like Android 11+ installs."""
    return f"/data/app/~~{_random_token('a' + seed)}==/{package}-{_random_token('b' + seed)}==/base.apk"


class ApkInfo(BaseModel):
    package: str
    version_code: int
    version_name: str
    min_sdk: int
    target_sdk: int
    permissions: list[str]
    label: str
    launch_activity: str | None


def signature_scheme(path: Path) -> int:
    """The newest signature scheme an APK carries: 2 for an APK Signing Block (v2/v3), 1 for a JAR
    signature (``META-INF/*.SF`` plus ``*.RSA``/``*.DSA``/``*.EC``), 0 for none. Presence only:
    the simulator does not check the cryptography (the tests' APKs are signed by apksigner)."""
    data = path.read_bytes()
    eocd = data.rfind(b"PK\x05\x06")
    if eocd >= 0 and eocd + 20 <= len(data):
        (cd_offset,) = struct.unpack_from("<I", data, eocd + 16)
        if cd_offset >= 16 and data[cd_offset - 16:cd_offset] == b"APK Sig Block 42":
            return 2
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
    stems = {n[:-3] for n in names if n.startswith("META-INF/") and n.endswith(".SF")}
    if any(n.rsplit(".", 1)[0] in stems for n in names
           if n.startswith("META-INF/") and n.endswith((".RSA", ".DSA", ".EC"))):
        return 1
    return 0


def signature_refusal(path: Path, target_sdk: int, install_path: str) -> str | None:
    """Why Android 13 refuses the APK's signature, or None. Texts from frameworks/base
    ApkSignatureVerifier (android-13): apps targeting SDK 30+ need scheme v2 or newer
    (getMinimumSignatureSchemeVersionForTargetSdk); older ones at least a JAR signature."""
    scheme = signature_scheme(path)
    minimum = 2 if target_sdk >= 30 else 1
    if scheme >= minimum:
        return None
    if minimum == 2:
        return f"No signature found in package of version 2 or newer for package {install_path}"
    return f"Package {install_path} has no certificates at entry AndroidManifest.xml"


def read_apk(path: Path) -> ApkInfo:
    """Manifest facts of a real APK (binary AndroidManifest.xml) via pyaxmlparser."""
    from pyaxmlparser import APK

    apk = APK(str(path))
    if not apk.is_valid_APK():
        raise ValueError("not a valid APK")
    package = apk.get_package()
    if not package:
        raise ValueError("no package name in manifest")

    def as_int(value: object, default: int) -> int:
        try:
            return int(str(value))
        except (TypeError, ValueError):
            return default

    label = ""
    try:
        label = apk.get_app_name() or ""
    except Exception:  # noqa: BLE001 - resource tables are optional in test APKs
        label = ""
    main = None
    try:
        main = apk.get_main_activity()
    except Exception:  # noqa: BLE001
        main = None
    permissions: list[str] = []
    for perm in apk.get_permissions() or []:
        if perm not in permissions:
            permissions.append(perm)
    return ApkInfo(
        package=package,
        version_code=as_int(apk.get_androidversion_code(), 1),
        version_name=str(apk.get_androidversion_name() or ""),
        min_sdk=as_int(apk.get_min_sdk_version(), 1),
        target_sdk=as_int(apk.get_target_sdk_version(), as_int(apk.get_min_sdk_version(), 1)),
        permissions=permissions,
        label=label or package,
        launch_activity=main,
    )


class PackageManager:
    def __init__(self, device: SimDevice) -> None:
        self.device = device
        self._lock = threading.RLock()
        self._path = device.config.state_dir / "packages.json"
        if self._path.exists():
            self._db = PackageDB.model_validate_json(self._path.read_text())
        else:
            self._db = PackageDB()
        if self._sync_factory():
            self._save()
        for info in self._db.packages.values():
            self.device.fs.host(f"/data/data/{info.name}").mkdir(parents=True, exist_ok=True)
            if info.double and not self.device.fs.host(info.apk_path).exists():
                self._write_double_apk(info)

    # -- persistence -------------------------------------------------------------------------
    def _save(self) -> None:
        tmp = self._path.with_suffix(".json.tmp")
        tmp.write_text(self._db.model_dump_json(indent=1))
        os.replace(tmp, self._path)

    def _sync_factory(self) -> bool:
        """Add preinstalled packages that are missing (first boot, or new app doubles)."""
        changed = False
        boot_ms = int(self.device.clock.now() * 1000)
        for sp in SYSTEM_PACKAGES:
            if sp.name not in self._db.packages:
                self._db.packages[sp.name] = PackageInfo(
                    name=sp.name,
                    label=sp.label,
                    version_name=sp.version_name,
                    version_code=sp.version_code,
                    min_sdk=33,
                    target_sdk=33,
                    uid=sp.uid,
                    apk_path=sp.apk,
                    data_dir=f"/data/user/0/{sp.name}",
                    system=True,
                    declared_permissions=list(sp.permissions),
                    granted_permissions=list(sp.permissions),
                    launch_activity=sp.launch_activity,
                    first_install_ms=1230768000000,
                    last_update_ms=1230768000000,
                )
                changed = True
        for cls in self._catalog():
            if cls.package in self._db.packages or cls.package in self._db.uninstalled:
                continue
            system = bool(cls.system)
            perms = list(dict.fromkeys(cls.permissions))
            launch = cls.launch_component()
            self._db.packages[cls.package] = PackageInfo(
                name=cls.package,
                label=cls.label or cls.package,
                version_name=str(cls.version_name),
                version_code=int(cls.version_code),
                min_sdk=int(cls.min_sdk),
                target_sdk=int(cls.target_sdk),
                uid=self._allocate_uid(),
                apk_path=(_system_apk_dir(cls.package) if system else data_apk_path(cls.package, cls.package)),
                data_dir=f"/data/user/0/{cls.package}",
                system=system,
                declared_permissions=perms,
                granted_permissions=[p for p in perms if not is_runtime_permission(p)],
                launch_activity=launch.split("/", 1)[1] if launch else None,
                first_install_ms=boot_ms,
                last_update_ms=boot_ms,
                double=True,
            )
            changed = True
        return changed

    def _write_double_apk(self, info: PackageInfo) -> None:
        """An app double's ``base.apk``: synthetic bytes, stable per package and version, so that
        ``pm path`` points at a real file and its sha256 identifies the double's version."""
        if not info.double:
            return
        target = self.device.fs.host(info.apk_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f"anyapp simulated app double\n{info.name}\n{info.version_name}\n{info.version_code}\n".encode())

    def _refresh_catalog(self) -> None:
        """Pick up app doubles registered after boot (tests register toy apps at runtime)."""
        with self._lock:
            before = set(self._db.packages)
            if self._sync_factory():
                for name in set(self._db.packages) - before:
                    self.device.fs.host(f"/data/data/{name}").mkdir(parents=True, exist_ok=True)
                    self._write_double_apk(self._db.packages[name])
                self._save()

    @staticmethod
    def _catalog() -> tuple[type[SimApp], ...]:
        from pytest_anyapp.sim.apps import catalog

        return tuple(catalog())

    def _allocate_uid(self) -> int:
        uid = self._db.next_uid
        self._db.next_uid += 1
        return uid

    # -- queries -----------------------------------------------------------------------------
    def list(self) -> list[PackageInfo]:
        self._refresh_catalog()
        with self._lock:
            return [self._db.packages[k].model_copy() for k in sorted(self._db.packages)]

    def get(self, name: str) -> PackageInfo | None:
        with self._lock:
            info = self._db.packages.get(name)
        if info is None:
            self._refresh_catalog()
            with self._lock:
                info = self._db.packages.get(name)
        return info.model_copy() if info is not None else None

    def is_granted(self, name: str, permission: str) -> bool:
        info = self.get(name)
        return info is not None and permission in info.granted_permissions

    # -- install / uninstall -----------------------------------------------------------------
    def _next_session_path(self) -> str:
        """The staging path PackageInstaller gives an install session (``/data/app/vmdl<id>.tmp``)."""
        self._session_id = getattr(self, "_session_id", 1_000_000_000) + 7
        return f"/data/app/vmdl{self._session_id}.tmp/base.apk"

    def install_apk(self, host_path: Path, *, replace: bool = True, grant_all: bool = False,
                    allow_downgrade: bool = False) -> str:
        try:
            meta = read_apk(Path(host_path))
        except FileNotFoundError:
            return "Failure [INSTALL_FAILED_INVALID_URI: Don't have read access to the APK file]"
        except (ValueError, zipfile.BadZipFile, KeyError, OSError) as exc:
            return f"Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse {host_path}: {exc}]"
        except Exception as exc:  # noqa: BLE001 - pyaxmlparser raises assorted errors on junk
            return f"Failure [INSTALL_PARSE_FAILED_MANIFEST_MALFORMED: Failed to parse {host_path}: {exc}]"
        refusal = signature_refusal(Path(host_path), meta.target_sdk, self._next_session_path())
        if refusal is not None:
            return f"Failure [INSTALL_PARSE_FAILED_NO_CERTIFICATES: {refusal}]"
        if meta.min_sdk > 33:
            return (f"Failure [INSTALL_FAILED_OLDER_SDK: Failed parse during installPackageLI: "
                    f"/data/app/vmdl.tmp/base.apk (at Binary XML file line #7): Requires newer sdk version #{meta.min_sdk} "
                    f"(current version is #33)]")
        now = int(self.device.clock.now() * 1000)
        with self._lock:
            existing = self._db.packages.get(meta.package)
            if existing is not None:
                if not replace:
                    return (f"Failure [INSTALL_FAILED_ALREADY_EXISTS: Attempt to re-install {meta.package} "
                            "without first uninstalling.]")
                if meta.version_code < existing.version_code and not allow_downgrade:
                    return (f"Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code "
                            f"{meta.version_code} is older than current {existing.version_code}]")
            apk_path = data_apk_path(meta.package, f"{meta.package}:{now}")
            target = self.device.fs.host(apk_path)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(host_path, target)
            if existing is not None and existing.apk_path.startswith("/data/app/"):
                old_dir = self.device.fs.host(os.path.dirname(os.path.dirname(existing.apk_path)))
                if old_dir != target.parent.parent:
                    shutil.rmtree(old_dir, ignore_errors=True)
            runtime = [p for p in meta.permissions if is_runtime_permission(p)]
            granted = [p for p in meta.permissions if not is_runtime_permission(p)]
            if existing is not None:
                granted += [p for p in existing.granted_permissions if p in runtime]
            if grant_all:
                granted += runtime
            info = PackageInfo(
                name=meta.package,
                label=meta.label,
                version_name=meta.version_name,
                version_code=meta.version_code,
                min_sdk=meta.min_sdk,
                target_sdk=meta.target_sdk,
                uid=existing.uid if existing is not None else self._allocate_uid(),
                apk_path=apk_path,
                data_dir=f"/data/user/0/{meta.package}",
                enabled_state=existing.enabled_state if existing is not None else ENABLED_DEFAULT,
                system=existing.system if existing is not None else False,
                declared_permissions=meta.permissions,
                granted_permissions=list(dict.fromkeys(granted)),
                launch_activity=meta.launch_activity,
                first_install_ms=existing.first_install_ms if existing is not None else now,
                last_update_ms=now,
                double=existing.double if existing is not None else False,
            )
            self._db.packages[meta.package] = info
            if meta.package in self._db.uninstalled:
                self._db.uninstalled.remove(meta.package)
            self.device.fs.host(f"/data/data/{meta.package}").mkdir(parents=True, exist_ok=True)
            self._save()
        return "Success"

    def uninstall(self, name: str) -> bool:
        with self._lock:
            info = self._db.packages.get(name)
            if info is None or info.system:
                return False
            self.device.ui.force_stop(name)
            package_restarted(self.device.config.state_dir, name)
            del self._db.packages[name]
            if info.double and name not in self._db.uninstalled:
                self._db.uninstalled.append(name)
            if info.apk_path.startswith("/data/app/"):
                shutil.rmtree(self.device.fs.host(os.path.dirname(os.path.dirname(info.apk_path))), ignore_errors=True)
            shutil.rmtree(self.device.fs.host(f"/data/data/{name}"), ignore_errors=True)
            self._save()
        return True

    # -- data ---------------------------------------------------------------------------------
    def clear(self, name: str) -> bool:
        """``pm clear``: stop the app, empty ``/data/data/<pkg>``, drop runtime grants, call on_clear."""
        with self._lock:
            info = self._db.packages.get(name)
            if info is None:
                return False
            self.device.ui.force_stop(name)
            package_restarted(self.device.config.state_dir, name)
            data = self.device.fs.host(f"/data/data/{name}")
            if data.exists():
                for child in data.iterdir():
                    if child.is_dir() and not child.is_symlink():
                        shutil.rmtree(child, ignore_errors=True)
                    else:
                        child.unlink(missing_ok=True)
            data.mkdir(parents=True, exist_ok=True)
            self.device.providers.wipe(name)
            external_cache = self.device.fs.host(f"/sdcard/Android/data/{name}")
            shutil.rmtree(external_cache, ignore_errors=True)
            if not info.system:
                info.granted_permissions = [p for p in info.granted_permissions if not is_runtime_permission(p)]
                self._save()
        self._call_on_clear(name)
        return True

    def _call_on_clear(self, name: str) -> None:
        from pytest_anyapp.sim.apps import app_class

        cls = app_class(name)
        if cls is not None:
            cls(self.device).on_clear()

    # -- state --------------------------------------------------------------------------------
    def set_enabled_state(self, name: str, state: int) -> bool:
        with self._lock:
            info = self._db.packages.get(name)
            if info is None:
                return False
            info.enabled_state = state
            self._save()
        if state in (DISABLED, DISABLED_USER):
            self.device.ui.force_stop(name)
        return True

    def set_enabled(self, name: str, enabled: bool) -> bool:
        return self.set_enabled_state(name, ENABLED if enabled else DISABLED_USER)

    def grant(self, name: str, permission: str) -> None:
        """Grant a runtime permission; raises ValueError with the platform's message otherwise."""
        with self._lock:
            info = self._require(name)
            self._check_changeable(info, permission)
            if permission not in info.granted_permissions:
                info.granted_permissions.append(permission)
                self._save()

    def revoke(self, name: str, permission: str) -> None:
        with self._lock:
            info = self._require(name)
            self._check_changeable(info, permission)
            if permission in info.granted_permissions:
                info.granted_permissions.remove(permission)
                self._save()
        self.device.ui.force_stop(name)  # Android kills the app when a runtime permission is revoked

    def _require(self, name: str) -> PackageInfo:
        info = self._db.packages.get(name)
        if info is None:
            raise LookupError(f"Unknown package: {name}")
        return info

    @staticmethod
    def _check_changeable(info: PackageInfo, permission: str) -> None:
        if permission not in info.declared_permissions:
            raise PermissionError(f"Package {info.name} has not requested permission {permission}")
        if not is_runtime_permission(permission):
            raise PermissionError(
                f"Permission {permission} requested by {info.name} is not a changeable permission type"
            )


__all__ = [
    "DISABLED",
    "DISABLED_USER",
    "ENABLED",
    "ENABLED_DEFAULT",
    "ENABLED_STATE_NAMES",
    "RUNTIME_PERMISSIONS",
    "PackageDB",
    "PackageInfo",
    "PackageManager",
    "SYSTEM_PACKAGES",
    "is_runtime_permission",
    "read_apk",
]
