"""The simulated device's state: one object per device, shared by every wire service.

A ``SimDevice`` owns a directory on the host that plays the role of the device's flash: a
filesystem root (``fs/``) with Android paths under it, plus small JSON files for state Android
keeps outside app storage (properties, the clock offset, fault settings). Everything a client can
observe goes through the wire services (adbd, gRPC, console) that hold a reference to this object.

This package must never import the harness (``pytest_anyapp`` outside ``sim``) or ``verifiers``:
the harness may only reach the simulated device over the wire.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_anyapp.sim.packages import PackageManager
    from pytest_anyapp.sim.providers import Providers
    from pytest_anyapp.sim.ui.window import WindowManager

SCREEN_WIDTH = 1080
SCREEN_HEIGHT = 2400
SCREEN_DENSITY = 420
SYSTEM_SERVER_PID = 520  # the pid ``ps``/logcat show for system_server

# Paths that Android exposes as the same primary external storage.
_STORAGE_ALIASES: tuple[tuple[str, str], ...] = (
    ("/sdcard", "/data/media/0"),
    ("/storage/emulated/0", "/data/media/0"),
    ("/storage/self/primary", "/data/media/0"),
    ("/mnt/sdcard", "/data/media/0"),
    ("/data/user/0", "/data/data"),  # credential-encrypted app data; /data/data is the same place
)

_FACTORY_DIRS = (
    "data/media/0/Download",
    "data/media/0/Documents",
    "data/media/0/DCIM",
    "data/media/0/Pictures",
    "data/media/0/Music",
    "data/media/0/Movies",
    "data/media/0/Alarms",
    "data/media/0/Android/data",
    "data/local/tmp",
    "data/data",
    "data/app",
    "data/system",
    "system/bin",
    "proc",
    "dev",
    "etc",
)


def default_properties(avd_name: str, console_port: int) -> dict[str, str]:
    """System properties of a Pixel 6 API 33 google_apis x86_64 emulator (the benchmark's AVD)."""
    return {
        "ro.product.name": "sdk_gphone64_x86_64",
        "ro.product.model": "sdk_gphone64_x86_64",
        "ro.product.device": "emu64xa",
        "ro.product.manufacturer": "Google",
        "ro.product.brand": "google",
        "ro.build.version.sdk": "33",
        "ro.build.version.release": "13",
        "ro.build.type": "userdebug",
        "ro.build.tags": "dev-keys",
        "ro.build.id": "TE1A.220922.034",
        "ro.kernel.qemu": "1",
        "ro.boot.qemu.avd_name": avd_name,
        "ro.secure": "1",
        "ro.debuggable": "1",
        "ro.hardware": "ranchu",
        "ro.sf.lcd_density": str(SCREEN_DENSITY),
        "ro.serialno": f"EMULATOR{console_port}",
        "ro.anyapp.simulated": "1",  # read-only: how the harness tells this device from a real emulator
        "service.adb.root": "1",
        "sys.boot_completed": "1",
        "dev.bootcomplete": "1",
        "init.svc.adbd": "running",
        "persist.sys.timezone": "UTC",
        "persist.sys.locale": "en-US",
    } | _image_properties(avd_name)


def _image_properties(avd_name: str) -> dict[str, str]:
    """What a google_apis x86_64 API 33 emulator image adds (``getprop`` lists them; tools read
    ``ro.product.cpu.abi``, ``ro.boot.qemu`` and the build fields). Product/partition names follow
    the image's build.prop layout (``ro.product.<partition>.*``); the build number and dates are
    this simulator's own, not a real build's."""
    product = {"brand": "google", "device": "emu64xa", "manufacturer": "Google",
               "model": "sdk_gphone64_x86_64", "name": "sdk_gphone64_x86_64"}
    fingerprint = "google/sdk_gphone64_x86_64/emu64xa:13/TE1A.220922.034/anyapp-sim:userdebug/dev-keys"
    props = {
        "ro.product.cpu.abi": "x86_64",
        "ro.product.cpu.abilist": "x86_64,arm64-v8a",
        "ro.product.cpu.abilist32": "",
        "ro.product.cpu.abilist64": "x86_64,arm64-v8a",
        "ro.product.board": "goldfish_x86_64",
        "ro.boot.qemu": "1",
        "ro.boot.qemu.gltransport.name": "pipe",
        "ro.boot.hardware": "ranchu",
        "ro.boot.mode": "normal",
        "ro.boot.verifiedbootstate": "orange",
        "ro.bootmode": "unknown",
        "ro.build.characteristics": "emulator",
        "ro.build.fingerprint": fingerprint,
        "ro.build.flavor": "sdk_gphone64_x86_64-userdebug",
        "ro.build.product": "emu64xa",
        "ro.build.display.id": "sdk_gphone64_x86_64-userdebug 13 TE1A.220922.034 anyapp-sim dev-keys",
        "ro.build.version.codename": "REL",
        "ro.build.version.all_codenames": "REL",
        "ro.build.version.preview_sdk": "0",
        "ro.build.version.min_supported_target_sdk": "23",
        "ro.build.version.incremental": "anyapp-sim",
        "ro.build.user": "android-build",
        "ro.build.host": "anyapp-sim",
        "ro.system.build.version.sdk": "33",
        "ro.vendor.build.version.sdk": "33",
        "ro.vndk.version": "33",
        "ro.product.first_api_level": "33",
        "ro.zygote": "zygote64",
        "ro.dalvik.vm.native.bridge": "libndk_translation.so",
        "ro.opengles.version": "196608",
        "ro.config.ringtone": "Ring_Synth_04.ogg",
        "ro.crypto.state": "encrypted",
        "ro.crypto.type": "file",
        "ro.adb.secure": "0",
        "ro.logd.size": "1M",
        "ro.treble.enabled": "true",
        "gsm.operator.alpha": "Android",
        "gsm.operator.numeric": "310260",
        "gsm.sim.operator.alpha": "Android",
        "gsm.sim.operator.numeric": "310260",
        "gsm.sim.state": "LOADED",
        "gsm.network.type": "LTE",
        "qemu.hw.mainkeys": "0",
        "sys.usb.config": "adb",
        "sys.usb.state": "adb",
        "init.svc.zygote": "running",
        "init.svc.surfaceflinger": "running",
        "persist.sys.dalvik.vm.lib.2": "libart.so",
        "dalvik.vm.heapsize": "512m",
        "net.bt.name": "Android",
        "wifi.interface": "wlan0",
    }
    for partition in ("", "system.", "vendor.", "product.", "system_ext.", "odm."):
        for key, value in product.items():
            props[f"ro.product.{partition}{key}"] = value
    for partition in ("system", "vendor", "product", "system_ext", "odm"):
        props[f"ro.{partition}.build.fingerprint"] = fingerprint
        props[f"ro.{partition}.build.id"] = "TE1A.220922.034"
        props[f"ro.{partition}.build.type"] = "userdebug"
        props[f"ro.{partition}.build.tags"] = "dev-keys"
        props[f"ro.{partition}.build.version.release"] = "13"
    return props


CPU_COUNT = 4  # the AVD's hw.cpu.ncore
RAM_KB = 2_014_424  # what the kernel reports of a 2048 MB AVD (hw.ramSize), less its reservations


def _kernel_files() -> dict[str, str]:
    """/proc and /sys files clients read for memory and CPU count (sized like the benchmark AVD)."""
    cpuinfo = "".join(
        f"processor\t: {n}\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 158\n"
        f"model name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\nphysical id\t: 0\nsiblings\t: {CPU_COUNT}\n"
        f"core id\t\t: {n}\ncpu cores\t: {CPU_COUNT}\nflags\t\t: fpu sse sse2 ssse3 sse4_1 sse4_2 avx hypervisor\n\n"
        for n in range(CPU_COUNT))
    free, available = RAM_KB * 35 // 100, RAM_KB * 55 // 100
    meminfo = "".join(f"{key + ':':<16}{value:>8} kB\n" for key, value in (
        ("MemTotal", RAM_KB), ("MemFree", free), ("MemAvailable", available), ("Buffers", 8_192),
        ("Cached", RAM_KB * 22 // 100), ("SwapCached", 0), ("Active", RAM_KB * 25 // 100),
        ("Inactive", RAM_KB * 20 // 100), ("SwapTotal", 1_510_812), ("SwapFree", 1_510_812),
        ("Dirty", 64), ("AnonPages", RAM_KB * 18 // 100), ("Mapped", RAM_KB * 12 // 100),
        ("Shmem", 4_096), ("Slab", 96_000), ("KernelStack", 18_000), ("PageTables", 30_000),
        ("CommitLimit", RAM_KB // 2 + 1_510_812), ("Committed_AS", RAM_KB * 2), ("VmallocTotal", 34_359_738_367)))
    cpus = f"0-{CPU_COUNT - 1}\n"
    return {
        "proc/cpuinfo": cpuinfo,
        "proc/meminfo": meminfo,
        "sys/devices/system/cpu/possible": cpus,
        "sys/devices/system/cpu/present": cpus,
        "sys/devices/system/cpu/online": cpus,
    }


@dataclass
class DeviceConfig:
    """Where a device listens and keeps its state."""

    state_dir: Path
    console_port: int = 5554
    grpc_port: int = 8554
    avd_name: str = "Pixel_6_API_33"
    host: str = "127.0.0.1"

    @property
    def adb_port(self) -> int:
        return self.console_port + 1

    @property
    def serial(self) -> str:
        return f"emulator-{self.console_port}"


@dataclass
class Faults:
    """Fault injection switches, settable at start (``faults.json``) and at runtime.

    ``drop_adb_after``: close every adb connection after this many more shell commands.
    ``command_delay_s``: sleep before each shell command; ``hang_commands``: never answer.
    ``grpc_unavailable``: gRPC answers UNAVAILABLE. ``not_booted``: boot props unset (as while booting).
    """

    drop_adb_after: int | None = None
    command_delay_s: float = 0.0
    hang_commands: bool = False
    grpc_unavailable: bool = False
    not_booted: bool = False

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Faults:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


class DeviceClock:
    """One wall clock for everything on the device (``date``, providers, app timestamps).

    Stored as an offset from host time so it keeps ticking, like a real device after ``date`` set.
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._offset = 0.0
        if path.exists():
            self._offset = float(json.loads(path.read_text())["offset_s"])

    def now(self) -> float:
        return time.time() + self._offset

    def now_ms(self) -> int:
        return int(self.now() * 1000)

    def set(self, epoch_s: float) -> None:
        self._offset = epoch_s - time.time()
        self._path.write_text(json.dumps({"offset_s": self._offset}))


OWNER_XATTR = "user.anyapp.owner"
LABEL_XATTR = "user.anyapp.selabel"
#: What a root shell's file in app-private storage is labelled: the type of its directory, the
#: shell's own level (no app categories), so the app's domain may not write it.
ROOT_CREATED_LABEL = "u:object_r:app_data_file:s0"


def app_private_top(path: str) -> str | None:
    """``/data/data/<pkg>`` for a normalised path strictly inside it, else None."""
    parts = path.split("/")
    if len(parts) > 4 and parts[1] == "data" and parts[2] == "data" and parts[3]:
        return "/".join(parts[:4])
    return None


def app_data_label(uid: int) -> str:
    """The label of an app's data (seapp_contexts ``levelFrom=all``, android_seapp.c: categories
    from the app id's low and high byte, plus user 0's c512,c768; u0_a146 is c146,c256,c512,c768)."""
    app_id = uid % 100000 - 10000
    return f"u:object_r:app_data_file:s0:c{app_id & 0xff},c{256 + ((app_id >> 8) & 0xff)},c512,c768"


class Filesystem:
    """Maps device paths to host paths under the device's ``fs/`` root (never outside it)."""

    # Mounted read-only on an Android 13 emulator (``mount`` shows ``ro``) until ``adb remount``
    # or ``mount -o remount,rw``; writes fail with EROFS ("Read-only file system").
    READ_ONLY_ROOTS = ("/system", "/vendor", "/product", "/system_ext")

    def __init__(self, root: Path) -> None:
        self.root = root
        self.remounted_rw = False
        self._created_by_shell: set[Path] = set()
        self._owner_lock = threading.Lock()

    def writable_host(self, device_path: str, cwd: str = "/") -> Path:
        """``host()`` for a path about to be written; OSError(EROFS) on a read-only mount. A path in
        app-private storage that does not exist yet (and its missing parents) will be the shell's,
        i.e. root's: :meth:`settle_owners` marks what the command created."""
        path = self.normalize(device_path, cwd)
        if not self.remounted_rw and any(path == r or path.startswith(r + "/") for r in self.READ_ONLY_ROOTS):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        host = self.root / path.lstrip("/")
        top = app_private_top(path)
        if top is not None:
            missing = [host, *(p for p in host.parents if len(p.parts) > len(self.host(top).parts))]
            with self._owner_lock:
                self._created_by_shell.update(p for p in missing if not os.path.lexists(p))
        return host

    # -- ownership of app-private files ------------------------------------------------------------
    # Android: files under /data/data/<pkg> belong to the app's uid and carry its SELinux level
    # (app_data_file:s0:cX,cY,c512,c768); what a root shell (``adb root``, adbd as root) or a push
    # creates there is root's, labelled without the app's categories, until ``chown`` and
    # ``restorecon`` (AOSP android-13 system/core/libcutils/fs_config.cpp for the shell's uid;
    # external/selinux/libselinux/src/android/android_seapp.c for the app's level). The app's own
    # writes (the doubles, through the host) create files that are the app's. Kept as extended
    # attributes of the host file, so they follow the file (a rename keeps them, a new file has none).

    def settle_owners(self) -> None:
        """Mark what the last shell command or push created in app-private storage as root's."""
        with self._owner_lock:
            created, self._created_by_shell = self._created_by_shell, set()
        for host in created:
            if os.path.lexists(host) and not os.path.islink(host):
                try:
                    os.setxattr(host, OWNER_XATTR, b"0:0", follow_symlinks=False)
                    os.setxattr(host, LABEL_XATTR, ROOT_CREATED_LABEL.encode(), follow_symlinks=False)
                except OSError:  # host filesystem without user xattrs: ownership is not modelled
                    return

    def owner_override(self, device_path: str) -> tuple[int, int] | None:
        """(uid, gid) set by the shell on an app-private file; None: the app's own."""
        try:
            value = os.getxattr(self.host(device_path), OWNER_XATTR, follow_symlinks=False).decode()
        except OSError:
            return None
        uid, _, gid = value.partition(":")
        return int(uid), int(gid)

    def set_owner(self, device_path: str, uid: int | None, gid: int | None, app_uid: int | None) -> None:
        """``chown``: back to the app's uid drops the override; anything else is recorded."""
        host = self.host(device_path)
        old = self.owner_override(device_path)
        cur_uid, cur_gid = old if old is not None else (app_uid or 0, app_uid or 0)
        new_uid = cur_uid if uid is None else uid
        new_gid = cur_gid if gid is None else gid
        try:
            if app_uid is not None and new_uid == app_uid and new_gid == app_uid:
                if old is not None:
                    os.removexattr(host, OWNER_XATTR, follow_symlinks=False)
            else:
                os.setxattr(host, OWNER_XATTR, f"{new_uid}:{new_gid}".encode(), follow_symlinks=False)
        except OSError:
            pass

    def label_override(self, device_path: str) -> str | None:
        try:
            return os.getxattr(self.host(device_path), LABEL_XATTR, follow_symlinks=False).decode()
        except OSError:
            return None

    def restore_label(self, device_path: str) -> None:
        """``restorecon``: the label file_contexts/seapp_contexts give the path (the override goes)."""
        try:
            os.removexattr(self.host(device_path), LABEL_XATTR, follow_symlinks=False)
        except OSError:
            pass

    @staticmethod
    def normalize(device_path: str, cwd: str = "/") -> str:
        """Absolute, ``..``-free device path with storage aliases resolved to ``/data/media/0``."""
        joined = device_path if device_path.startswith("/") else f"{cwd.rstrip('/')}/{device_path}"
        parts: list[str] = []
        for part in PurePosixPath(joined).parts[1:]:
            if part in ("", "."):
                continue
            if part == "..":
                if parts:
                    parts.pop()
                continue
            parts.append(part)
        path = "/" + "/".join(parts)
        for alias, target in _STORAGE_ALIASES:
            if path == alias or path.startswith(alias + "/"):
                return target + path[len(alias):]
        return path

    def host(self, device_path: str, cwd: str = "/") -> Path:
        return self.root / self.normalize(device_path, cwd).lstrip("/")

    def device(self, host_path: Path) -> str:
        return "/" + host_path.relative_to(self.root).as_posix()


@dataclass
class SimDevice:
    """State and services of one simulated device; see the module docstring."""

    config: DeviceConfig
    lock: threading.RLock = field(default_factory=threading.RLock)

    def __post_init__(self) -> None:
        self.config.state_dir.mkdir(parents=True, exist_ok=True)
        self.fs = Filesystem(self.config.state_dir / "fs")
        fresh = not (self.config.state_dir / "props.json").exists()
        if fresh:
            self._lay_out_factory_state()
        self.clock = DeviceClock(self.config.state_dir / "clock.json")
        self.props: dict[str, str] = json.loads((self.config.state_dir / "props.json").read_text())
        self.faults = self._load_faults()
        self.boot_time = time.time()
        from pytest_anyapp.sim.logbuffer import LogBuffers

        self.logs = LogBuffers()
        self._wire_subsystems()

    # -- subsystems ------------------------------------------------------------------------
    def _wire_subsystems(self) -> None:
        from pytest_anyapp.sim.calls import Modem
        from pytest_anyapp.sim.packages import PackageManager
        from pytest_anyapp.sim.providers import Providers
        from pytest_anyapp.sim.ui.window import WindowManager

        self.modem: Modem = Modem(self)
        self.providers: Providers = Providers(self)
        self.packages: PackageManager = PackageManager(self)
        self.ui: WindowManager = WindowManager(self)

    def _lay_out_factory_state(self) -> None:
        for rel in _FACTORY_DIRS:
            (self.fs.root / rel).mkdir(parents=True, exist_ok=True)
        for rel, text in _kernel_files().items():
            path = self.fs.root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        props = default_properties(self.config.avd_name, self.config.console_port)
        (self.config.state_dir / "props.json").write_text(json.dumps(props, indent=1, sort_keys=True))

    def factory_reset(self) -> None:
        """Wipe all state back to a freshly booted device with the preinstalled app catalog."""
        with self.lock:
            faults = self.faults
            shutil.rmtree(self.fs.root, ignore_errors=True)
            for name in ("props.json", "clock.json", "packages.json"):
                (self.config.state_dir / name).unlink(missing_ok=True)
            self._lay_out_factory_state()
            self.clock = DeviceClock(self.config.state_dir / "clock.json")
            self.props = json.loads((self.config.state_dir / "props.json").read_text())
            self.faults = faults
            self._wire_subsystems()

    # -- log ---------------------------------------------------------------------------------
    def log_event(self, priority: str, tag: str, message: str, *, pid: int = SYSTEM_SERVER_PID,
                  buffer: str = "system") -> None:
        """Write one entry to the device log (``logcat``), stamped with the device clock."""
        self.logs.write(self.clock.now(), priority, tag, message, pid=pid, buffer=buffer)

    # -- properties --------------------------------------------------------------------------
    def getprop(self, name: str) -> str:
        if name in ("sys.boot_completed", "dev.bootcomplete") and self.faults.not_booted:
            return ""  # unset until boot completes: ActivityManagerService sets "1", nothing sets "0"
        return self.props.get(name, "")

    def setprop(self, name: str, value: str) -> None:
        with self.lock:
            self.props[name] = value
            tmp = self.config.state_dir / "props.json.tmp"
            tmp.write_text(json.dumps(self.props, indent=1, sort_keys=True))
            os.replace(tmp, self.config.state_dir / "props.json")

    # -- faults ------------------------------------------------------------------------------
    def _load_faults(self) -> Faults:
        path = self.config.state_dir / "faults.json"
        return Faults.from_json(json.loads(path.read_text())) if path.exists() else Faults()

    def set_faults(self, **changes: Any) -> None:
        with self.lock:
            data = self.faults.to_json() | changes
            self.faults = Faults.from_json(data)
            (self.config.state_dir / "faults.json").write_text(json.dumps(self.faults.to_json()))

    @property
    def banner(self) -> str:
        """The CNXN banner: device state, product props and features, as adbd sends it."""
        p = self.props
        return (
            f"device::ro.product.name={p['ro.product.name']};ro.product.model={p['ro.product.model']};"
            f"ro.product.device={p['ro.product.device']};features=shell_v2"
        )
