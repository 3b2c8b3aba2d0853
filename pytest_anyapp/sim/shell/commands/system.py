"""System commands: date, id, whoami, pidof, ps, getprop/setprop, settings, logcat, svc, uname,
uptime, getenforce, service, cmd (role/package/activity/settings/window dispatch), reboot.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import zlib
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from pytest_anyapp.sim.logbuffer import BUFFERS, DEFAULT_BUFFERS, LogEntry
from pytest_anyapp.sim.shell.runtime import REGISTRY, Invocation, command, drop_options
from pytest_anyapp.sim.shell.tz import device_now, device_tz

# -- date ----------------------------------------------------------------------------------------

DATE_FORMAT = "%a %b %d %H:%M:%S %Z %Y"


def _parse_mmddhhmm(inv: Invocation, text: str, tz: dt.tzinfo) -> float | None:
    """toybox ``MMDDhhmm[[CC]YY][.ss]``."""
    main, dot, secs = text.partition(".")
    if not main.isdigit() or len(main) not in (8, 10, 12) or (dot and not secs.isdigit()):
        return None
    now = device_now(inv.device)
    month, day, hour, minute = (int(main[k:k + 2]) for k in range(0, 8, 2))
    if len(main) == 8:
        year = now.year
    elif len(main) == 10:
        yy = int(main[8:10])
        year = 1900 + yy if yy >= 69 else 2000 + yy
    else:
        year = int(main[8:12])
    try:
        return dt.datetime(year, month, day, hour, minute, int(secs or 0), tzinfo=tz).timestamp()
    except ValueError:
        return None


def parse_date_string(inv: Invocation, text: str, utc: bool = False) -> float | None:
    """Dates ``date -d``/``-s``/``touch -d`` accept: @epoch, ISO-ish, HH:MM[:SS], MMDDhhmm..."""
    tz = dt.UTC if utc else device_tz(inv.device)
    text = text.strip()
    if text.startswith("@"):
        try:
            return float(text[1:])
        except ValueError:
            return None
    for fmt in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d", "%Y%m%d.%H%M%S",
                "%Y-%m-%d %H:%M:%S.%f"):
        with suppress(ValueError):
            return dt.datetime.strptime(text, fmt).replace(tzinfo=tz).timestamp()
    m = re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2}))?", text)
    if m:
        now = device_now(inv.device).astimezone(tz)
        return now.replace(hour=int(m.group(1)), minute=int(m.group(2)), second=int(m.group(3) or 0),
                           microsecond=0).timestamp()
    return _parse_mmddhhmm(inv, text, tz)


def _format_date(inv: Invocation, epoch: float, fmt: str, utc: bool) -> str:
    tz = dt.UTC if utc else device_tz(inv.device)
    when = dt.datetime.fromtimestamp(epoch, tz)
    fmt = fmt.replace("%N", f"{int((epoch % 1) * 1e9):09d}").replace("%e", f"{when.day:2d}")
    fmt = fmt.replace("%s", str(int(epoch))).replace("%k", f"{when.hour:2d}").replace("%l", f"{(when.hour % 12) or 12:2d}")
    return when.strftime(fmt)


@command("date")
def date(inv: Invocation) -> int:
    args = list(inv.args)
    utc = False
    show: float | None = None
    set_to: float | None = None
    fmt = DATE_FORMAT
    while args:
        arg = args.pop(0)
        if arg == "-u":
            utc = True
        elif arg in ("-d", "-s", "-r") and args:
            value = args.pop(0)
            if arg == "-r":
                try:
                    show = inv.host(value).stat().st_mtime
                except OSError:
                    inv.error(f"{value}: No such file or directory")
                    return 1
                continue
            parsed = parse_date_string(inv, value, utc)
            if parsed is None:
                inv.error(f"bad date '{value}'")
                return 1
            if arg == "-d":
                show = parsed
            else:
                set_to = parsed
        elif arg.startswith("+"):
            fmt = arg[1:]
        elif arg.startswith("@") or (arg[:1].isdigit()):
            parsed = parse_date_string(inv, arg, utc)
            if parsed is None:
                inv.error(f"bad date '{arg}'")
                return 1
            set_to = parsed
        else:
            inv.error(f"Unknown option '{arg}'")
            return 1
    if set_to is not None:
        if inv.shell.uid != 0:
            inv.error("cannot set date: Operation not permitted")
            return 1
        inv.device.clock.set(set_to)
        show = set_to
    epoch = inv.device.clock.now() if show is None else show
    inv.out(_format_date(inv, epoch, fmt, utc) + "\n")
    return 0


# -- identity and processes ----------------------------------------------------------------------

# Supplementary groups of adbd's shell, after the primary group (root or shell).
_ADB_GROUPS = (
    "1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),"
    "1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),"
    "3011(uhid),3012(readtracefs)"
)
_ROOT_GROUPS = "0(root)," + _ADB_GROUPS
_SHELL_GROUPS = "2000(shell)," + _ADB_GROUPS


def user_name(uid: int) -> str:
    names = {0: "root", 1000: "system", 1001: "radio", 1002: "bluetooth", 2000: "shell", 9999: "nobody"}
    if uid in names:
        return names[uid]
    if uid >= 10000:
        return f"u0_a{uid - 10000}"
    return str(uid)


@command("id")
def id_cmd(inv: Invocation) -> int:
    uid = inv.shell.uid
    name = user_name(uid)
    flags = "".join(a[1:] for a in inv.args if a.startswith("-"))
    if "u" in flags or "g" in flags:
        inv.out((name if "n" in flags else str(uid)) + "\n")
        return 0
    if "G" in flags:
        groups = _ROOT_GROUPS if uid == 0 else _SHELL_GROUPS if uid == 2000 else f"{uid}({name})"
        inv.out(" ".join(re.sub(r"\(.*?\)", "", g) for g in groups.split(",")) + "\n")
        return 0
    if uid == 0:
        inv.out(f"uid=0(root) gid=0(root) groups={_ROOT_GROUPS} context=u:r:su:s0\n")
    elif uid == 2000:
        inv.out(f"uid=2000(shell) gid=2000(shell) groups={_SHELL_GROUPS} context=u:r:shell:s0\n")
    else:
        inv.out(f"uid={uid}({name}) gid={uid}({name}) groups={uid}({name}) context=u:r:untrusted_app:s0\n")
    return 0


@command("whoami")
def whoami(inv: Invocation) -> int:
    inv.out(user_name(inv.shell.uid) + "\n")
    return 0


_SYSTEM_PROCESSES: tuple[tuple[str, int, str], ...] = (
    ("init", 1, "root"),
    ("kthreadd", 2, "root"),
    ("ueventd", 168, "root"),
    ("logd", 256, "logd"),
    ("servicemanager", 262, "system"),
    ("hwservicemanager", 263, "system"),
    ("vold", 265, "root"),
    ("zygote64", 306, "root"),
    ("zygote", 307, "root"),
    ("surfaceflinger", 339, "system"),
    ("netd", 342, "root"),
    ("adbd", 385, "root"),
    ("system_server", 520, "system"),
)


def package_pid(package: str) -> int:
    """A stable pid for an app process (no real processes exist)."""
    return 1000 + zlib.crc32(package.encode()) % 29000


def _running(inv: Invocation) -> set[str]:
    return set(inv.device.ui.running_packages())


@command("pidof")
def pidof(inv: Invocation) -> int:
    names = [a for a in inv.args if not a.startswith("-")]
    running = _running(inv)
    pids: list[str] = []
    for name in names:
        for proc, pid, _ in _SYSTEM_PROCESSES:
            if proc == name:
                pids.append(str(pid))
        if name in running:
            pids.append(str(package_pid(name)))
    if not pids:
        return 1
    inv.out(" ".join(pids) + "\n")
    return 0


@command("ps")
def ps(inv: Invocation) -> int:
    wanted = [a for a in inv.args if not a.startswith("-")]
    rows = [(user, pid, 0 if pid == 1 else 1, name) for name, pid, user in _SYSTEM_PROCESSES]
    for pkg in sorted(_running(inv)):
        info = inv.device.packages.get(pkg)
        uid = info.uid if info is not None else 10000
        rows.append((user_name(uid), package_pid(pkg), 306, pkg))
    out = ["USER            PID   PPID     VSZ    RSS WCHAN            ADDR S NAME                       \n"]
    for user, pid, ppid, name in rows:
        if wanted and not any(w == name or w == str(pid) for w in wanted):
            continue
        out.append(f"{user:<12}{pid:>7}{ppid:>7} 1234568  12345 0                   0 S {name}\n")
    inv.out("".join(out))
    return 0


# -- properties ----------------------------------------------------------------------------------


@command("getprop")
def getprop(inv: Invocation) -> int:
    args = [a for a in inv.args if not a.startswith("-")]
    if not args:
        props = dict(inv.device.props)
        for key in ("sys.boot_completed", "dev.bootcomplete"):
            if key in props:
                props[key] = inv.device.getprop(key)
                if not props[key]:  # an unset property is not listed
                    del props[key]
        inv.out("".join(f"[{k}]: [{v}]\n" for k, v in sorted(props.items())))
        return 0
    value = inv.device.getprop(args[0])
    if not value and len(args) > 1:
        value = args[1]
    inv.out(value + "\n")
    return 0


@command("setprop")
def setprop(inv: Invocation) -> int:
    if len(inv.args) != 2:
        inv.error("need 2 arguments")
        return 1
    name, value = inv.args
    read_only = name.startswith("ro.") and name in inv.device.props
    if read_only or inv.shell.uid not in (0, 1000, 2000):
        inv.err(f"Failed to set property '{name}' to '{value}'.\nSee dmesg for error reason.\n")
        return 1
    inv.device.setprop(name, value)
    return 0


# -- settings ------------------------------------------------------------------------------------

_SETTINGS_USAGE = """Settings provider (settings) commands:
  help
      Print this help text.
  get [--user <USER_ID> | current] NAMESPACE KEY
      Retrieve the current value of KEY.
  put [--user <USER_ID> | current] NAMESPACE KEY VALUE [TAG] [default]
      Change the contents of KEY to VALUE.
  delete [--user <USER_ID> | current] NAMESPACE KEY
      Delete the entry for KEY.
  reset [--user <USER_ID> | current] NAMESPACE {PACKAGE_NAME | RESET_MODE}
      Reset the global/secure table for a package with mode.
  list [--user <USER_ID> | current] NAMESPACE
      Print all defined keys.
      NAMESPACE is one of {system, secure, global}, case-insensitive
"""


# Words a settings verb needs (verb, namespace, key[, value]); fewer prints the usage.
_SETTINGS_MIN_WORDS = {"get": 3, "put": 4, "delete": 3}


@command("settings")
def settings(inv: Invocation) -> int:
    cleaned = drop_options(inv.args, ("--user",), ("--lineage",))
    if not cleaned or cleaned[0] in ("help", "-h"):
        inv.out(_SETTINGS_USAGE)
        return 0 if cleaned else 1
    verb = cleaned[0]
    if verb not in ("get", "put", "delete", "list", "reset") or len(cleaned) < 2:
        inv.err("Invalid command: " + " ".join(cleaned) + "\n" + _SETTINGS_USAGE)
        return 1
    namespace = cleaned[1].lower()
    if namespace not in ("global", "secure", "system"):
        inv.err(f"Invalid namespace '{cleaned[1]}'\n" + _SETTINGS_USAGE)
        return 1
    if len(cleaned) < _SETTINGS_MIN_WORDS.get(verb, 0):
        inv.err(_SETTINGS_USAGE)
        return 1
    providers = inv.device.providers
    if verb == "get":
        value = providers.settings_get(namespace, cleaned[2])
        inv.out(("null" if value is None else value) + "\n")
        return 0
    if verb == "put":
        providers.settings_put(namespace, cleaned[2], cleaned[3])
        return 0
    if verb == "delete":
        deleted = providers.settings_delete(namespace, cleaned[2])
        inv.out(f"Deleted {1 if deleted else 0} rows\n")
        return 0
    if verb == "list":
        values = providers.settings_list(namespace)
        inv.out("".join(f"{k}={'null' if v is None else v}\n" for k, v in sorted(values.items())))
        return 0
    from pytest_anyapp.sim.providers import defaults

    for key in list(providers.settings_list(namespace)):
        if key not in defaults.NAMESPACES[namespace]:
            providers.settings_delete(namespace, key)
    for key, value in defaults.NAMESPACES[namespace].items():
        providers.settings_put(namespace, key, value)
    return 0


# -- misc system ---------------------------------------------------------------------------------


_PRIORITIES = "VDIWEFS"


def _logcat_filter(specs: list[str], silent_default: bool) -> Callable[[LogEntry], bool]:
    """``TAG:PRIO`` filterspecs (``*:S`` silences the rest); logcat's default level is V."""
    default = "S" if silent_default else "V"
    levels: dict[str, str] = {}
    for spec in specs:
        tag, _, prio = spec.partition(":")
        prio = (prio or "V")[:1].upper()
        if tag == "*":
            default = prio
        else:
            levels[tag] = prio

    def keep(entry: LogEntry) -> bool:
        wanted = levels.get(entry.tag, default)
        return wanted != "S" and _PRIORITIES.index(entry.priority) >= _PRIORITIES.index(wanted)

    return keep


def _logcat_line(entry: LogEntry, fmt: str, epoch: bool) -> str:
    """One entry in logcat's format (system/logging/liblog/logprint.cpp, android-13)."""
    if epoch:
        # Seconds right-aligned in 19 columns, as in AndroidEnv's sample line
        # "         1553110400.424  5583  5658 D Tag: msg" (its logcat_thread parses this form).
        stamp = f"{int(entry.time_s):>19d}.{int(entry.time_s * 1000) % 1000:03d}"
    else:
        stamp = dt.datetime.fromtimestamp(entry.time_s, dt.UTC).strftime("%m-%d %H:%M:%S") + \
            f".{int(entry.time_s * 1000) % 1000:03d}"
    lines = []
    for message in entry.message.split("\n"):
        if fmt == "brief":
            lines.append(f"{entry.priority}/{entry.tag:<8}({entry.pid:5d}): {message}")
        elif fmt == "time":
            lines.append(f"{stamp} {entry.priority}/{entry.tag:<8}({entry.pid:5d}): {message}")
        elif fmt == "tag":
            lines.append(f"{entry.priority}/{entry.tag:<8}: {message}")
        elif fmt == "raw":
            lines.append(message)
        else:  # threadtime, logcat's default
            lines.append(f"{stamp} {entry.pid:5d} {entry.tid:5d} {entry.priority} {entry.tag:<8}: {message}")
    return "".join(line + "\n" for line in lines)


_LOGCAT_FORMATS = ("brief", "long", "process", "raw", "tag", "thread", "threadtime", "time")
_LOGCAT_MODIFIERS = ("epoch", "monotonic", "uid", "usec", "UTC", "year", "zone", "color", "descriptive",
                     "printable", "nsec")


@command("logcat")
def logcat(inv: Invocation) -> int:
    """The device log (``LogBuffers``): ``-d`` dumps, ``-c`` clears, otherwise it follows.

    It follows only when its output goes straight to a client (an adb shell stream): inside a
    pipe or a redirection there is no reader that could stop it, so it dumps instead.
    """
    args = list(inv.args)
    buffers: list[str] = []
    fmt, epoch = "threadtime", False
    dump = clear = silent = False
    tail: int | None = None
    specs: list[str] = []
    pattern: re.Pattern[str] | None = None
    i = 0
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        if a in ("-d",):
            dump = True
        elif a in ("-c", "--clear"):
            clear = True
        elif a == "-s":
            silent = True
        elif a in ("-b", "--buffer") and nxt is not None:
            buffers += ["all"] if nxt == "all" else nxt.split(",")
            i += 1
        elif a.startswith("-b") and len(a) > 2:
            buffers += a[2:].split(",")
        elif a in ("-v", "--format") and nxt is not None:
            for word in nxt.split(","):
                if word in _LOGCAT_FORMATS:
                    fmt = word
                elif word == "epoch":
                    epoch = True
                elif word not in _LOGCAT_MODIFIERS:
                    inv.err(f"logcat: Invalid parameter \"{word}\" to -v.\n")
                    return 1  # logcat.cpp: error() -> exit status 1 (EXIT_FAILURE)
            i += 1
        elif a in ("-t", "-T") and nxt is not None:
            tail = int(nxt) if nxt.isdigit() else None
            dump = dump or a == "-t"
            i += 1
        elif a == "-e" and nxt is not None:
            pattern = re.compile(nxt)
            i += 1
        elif a.startswith("-"):
            pass  # -D, -n, -r, -G …: accepted and ignored
        else:
            specs.append(a)
        i += 1
    names = list(BUFFERS) if "all" in buffers else ([b for b in buffers if b in BUFFERS] or list(DEFAULT_BUFFERS))
    logs = inv.device.logs
    if clear:
        logs.clear(names)
        return 0
    keep = _logcat_filter(specs, silent)

    def emit(entries: list[LogEntry]) -> None:
        text = "".join(_logcat_line(e, fmt, epoch) for e in entries
                       if keep(e) and (pattern is None or pattern.search(e.message)))
        if text:
            inv.out(text)

    seq = logs.last_seq
    backlog = [e for e in logs.since(0, names) if e.seq <= seq]
    if tail is not None:
        backlog = backlog[-tail:] if tail else []
    emit(backlog)
    sink = inv.io.out
    if dump or not sink.live:
        return 0
    while not sink.gone:
        if logs.wait_after(seq, 0.2):
            fresh = logs.since(seq, names)
            if fresh:
                seq = fresh[-1].seq
                emit(fresh)
            else:
                seq = logs.last_seq
    return 0


_SVC_SETTINGS = {"wifi": ("global", "wifi_on"), "data": ("global", "mobile_data"), "bluetooth": ("global", "bluetooth_on")}


@command("svc")
def svc(inv: Invocation) -> int:
    args = inv.args
    if len(args) >= 2 and args[0] in _SVC_SETTINGS and args[1] in ("enable", "disable"):
        namespace, key = _SVC_SETTINGS[args[0]]
        inv.device.providers.settings_put(namespace, key, "1" if args[1] == "enable" else "0")
        return 0
    if len(args) >= 3 and args[0] == "power" and args[1] == "stayon":
        value = {"true": "7", "false": "0", "usb": "2", "ac": "1", "wireless": "4"}.get(args[2])
        if value is None:
            inv.err("Usage: svc power stayon [true|false|usb|ac|wireless]\n")
            return 1
        inv.device.providers.settings_put("global", "stay_on_while_plugged_in", value)
        return 0
    inv.out(
        "Available commands:\n    help     Show information about the subcommands\n"
        "    power    Control the power manager\n    data     Control mobile data connectivity\n"
        "    wifi     Control the Wi-Fi manager\n    bluetooth Control Bluetooth service\n"
    )
    return 1 if args else 0


@command("uname")
def uname(inv: Invocation) -> int:
    release = "5.15.41-android13-8-00055-g4f5025129fe8-ab8949913"
    flags = "".join(a[1:] for a in inv.args if a.startswith("-"))
    if "a" in flags:
        inv.out(f"Linux localhost {release} #1 SMP PREEMPT Mon Aug 15 18:33:14 UTC 2022 x86_64 Toybox\n")
    elif "r" in flags:
        inv.out(release + "\n")
    elif "m" in flags:
        inv.out("x86_64\n")
    else:
        inv.out("Linux\n")
    return 0


@command("uptime")
def uptime(inv: Invocation) -> int:
    now = device_now(inv.device)
    up_min = int((inv.device.clock.now() - inv.device.boot_time) // 60) if inv.device.boot_time else 0
    inv.out(f" {now:%H:%M:%S} up {up_min} min,  0 users,  load average: 0.00, 0.00, 0.00\n")
    return 0


@command("getenforce")
def getenforce(inv: Invocation) -> int:
    inv.out("Enforcing\n")
    return 0


@command("reboot")
def reboot(inv: Invocation) -> int:
    inv.device.ui.reset()
    return 0


# -- service -------------------------------------------------------------------------------------

_SERVICES = (
    "activity", "alarm", "appops", "audio", "battery", "clipboard", "connectivity", "content", "display", "input",
    "input_method", "isms", "location", "media.camera", "notification", "package", "permission", "phone",
    "power", "role", "settings", "statusbar", "telecom", "telephony.registry", "uimode", "user", "wifi", "window",
)


@command("service")
def service(inv: Invocation) -> int:
    args = inv.args
    if not args:
        inv.err("Usage: service [-h|-?]\n       service list\n       service check SERVICE\n"
                "       service call SERVICE CODE [i32 N | i64 N | f N | d N | s16 STR | null | fd f] ...\n")
        return 1
    if args[0] == "list":
        inv.out(f"Found {len(_SERVICES)} services:\n")
        inv.out("".join(f"{k}\t{name}: []\n" for k, name in enumerate(_SERVICES)))
        return 0
    if args[0] == "check" and len(args) > 1:
        found = "found" if args[1] in _SERVICES else "not found"
        inv.out(f"Service {args[1]}: {found}\n")
        return 0
    if args[0] == "call" and len(args) >= 3:
        name, code = args[1], args[2]
        if name not in _SERVICES:
            inv.err(f"service: Service {name} does not exist\n")
            return 10
        if name == "alarm" and code == "3" and len(args) >= 5 and args[3] == "s16":
            return _set_time_zone(inv, args[4])
        inv.err(f"service: call {name} {code} is not supported by the simulated device\n")
        return 1
    inv.err(f"service: Unknown command {args[0]}\n")
    return 1


def _set_time_zone(inv: Invocation, zone: str) -> int:
    """``service call alarm 3 s16 <tz>``: AlarmManager.setTimeZone."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(zone)
        valid = bool(zone)
    except (ZoneInfoNotFoundError, ValueError):
        valid = False
    if not valid:
        inv.out("Result: Parcel(\n  0x00000000: ffffffb5 00000024 00760061 00000061 '....$...a.v.a...'\n"
                "  0x00000010: 00000000 00000000 00000000 00000000 '................')\n")
        return 0
    inv.device.setprop("persist.sys.timezone", zone)
    inv.out("Result: Parcel(00000000    '....')\n")
    return 0


# -- cmd -----------------------------------------------------------------------------------------

_ROLE_SETTINGS = {
    "android.app.role.SMS": "sms_default_application",
    "android.app.role.DIALER": "dialer_default_application",
    "android.app.role.ASSISTANT": "assistant",
}


def _roles_path(inv: Invocation) -> Path:
    """Where RoleService keeps role holders (JSON instead of roles.xml); wiped by a factory reset."""
    path = inv.device.fs.host("/data/misc_de/0/apexdata/com.android.permission/roles.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def role_holders(inv: Invocation) -> dict[str, list[str]]:
    path = _roles_path(inv)
    if path.exists():
        return {k: list(v) for k, v in json.loads(path.read_text()).items()}
    return {}


def _save_roles(inv: Invocation, roles: dict[str, list[str]]) -> None:
    _roles_path(inv).write_text(json.dumps(roles, indent=1, sort_keys=True))


def _cmd_role(inv: Invocation, args: list[str]) -> int:
    cleaned = drop_options(args, ("--user", "--flags"))
    if not cleaned:
        inv.out("Role (role) commands:\n  help or -h\n  list-roles\n  get-role-holders ROLE\n"
                "  add-role-holder ROLE PACKAGE\n  remove-role-holder ROLE PACKAGE\n  clear-role-holders ROLE\n")
        return 0
    verb, rest = cleaned[0], cleaned[1:]
    roles = role_holders(inv)
    if verb == "get-role-holders" and rest:
        holders = roles.get(rest[0], [])
        if not holders and rest[0] in _ROLE_SETTINGS:
            current = inv.device.providers.settings_get("secure", _ROLE_SETTINGS[rest[0]])
            holders = [current] if current else []
        inv.out(";".join(holders) + "\n")
        return 0
    if verb in ("add-role-holder", "remove-role-holder") and len(rest) >= 2:
        role, pkg = rest[0], rest[1]
        if inv.device.packages.get(pkg) is None:
            # RoleShellCommand's CallbackFuture.waitForResult: the controller's callback completes
            # exceptionally with RuntimeException("Failed"); it prints this and the stack trace, returns -1.
            inv.err("Error: see logcat for details.\n"
                    "java.util.concurrent.ExecutionException: java.lang.RuntimeException: Failed\n"
                    "\tat java.util.concurrent.CompletableFuture.reportGet(CompletableFuture.java:395)\n")
            return 255
        holders = roles.get(role, [])
        if verb == "add-role-holder":
            exclusive = role in _ROLE_SETTINGS or role.endswith((".HOME", ".BROWSER"))
            holders = [pkg] if exclusive else list(dict.fromkeys(holders + [pkg]))
            if role in _ROLE_SETTINGS:
                inv.device.providers.settings_put("secure", _ROLE_SETTINGS[role], pkg)
        else:
            holders = [h for h in holders if h != pkg]
            if role in _ROLE_SETTINGS and inv.device.providers.settings_get("secure", _ROLE_SETTINGS[role]) == pkg:
                inv.device.providers.settings_delete("secure", _ROLE_SETTINGS[role])
        roles[role] = holders
        _save_roles(inv, roles)
        return 0
    if verb == "clear-role-holders" and rest:
        roles[rest[0]] = []
        _save_roles(inv, roles)
        return 0
    if verb == "list-roles":
        inv.out("\n".join(sorted(set(roles) | set(_ROLE_SETTINGS))) + "\n")
        return 0
    inv.err(f"Unknown command: {verb}\n")
    return 255


_CMD_ALIASES: dict[str, str] = {"package": "pm", "activity": "am", "settings": "settings", "window": "wm",
                                "input": "input", "appops": "appops"}


@command("cmd")
def cmd(inv: Invocation) -> int:
    if not inv.args:
        inv.err("cmd: No service specified; use -l to list all running services. Use -w to start and wait for a service.\n")
        return 20
    if inv.args[0] == "-l":
        inv.out("Currently running services:\n" + "".join(f"  {s}\n" for s in _SERVICES))
        return 0
    name, rest = inv.args[0], list(inv.args[1:])
    if name == "role":
        return _cmd_role(inv, rest)
    target = _CMD_ALIASES.get(name)
    if target is not None and target in REGISTRY:
        handler: Callable[[Invocation], int] = REGISTRY[target]
        return handler(Invocation(inv.shell, target, rest, inv.io, inv.env))
    if name in _SERVICES:
        inv.err(f"cmd: {name}: shell commands are not supported by the simulated device\n")
        return 255
    inv.err(f"cmd: Can't find service: {name}\n")
    return 20


@command("mount")
def mount(inv: Invocation) -> int:
    """``mount -o remount,rw /system`` makes /system writable (``remount`` too); bare ``mount`` lists."""
    args = list(inv.args)
    fs = inv.device.fs
    if not args:
        mode = "rw" if fs.remounted_rw else "ro"
        inv.out(f"/dev/block/dm-0 on / type ext4 ({mode},seclabel,relatime)\n"
                "tmpfs on /dev type tmpfs (rw,seclabel,nosuid,relatime,mode=755)\n"
                "proc on /proc type proc (rw,relatime,gid=3009,hidepid=invisible)\n"
                "/dev/block/vdc on /data type ext4 (rw,seclabel,nosuid,nodev,noatime)\n"
                "/dev/fuse on /storage/emulated type fuse (rw,lazytime,nosuid,nodev,noexec,noatime)\n")
        return 0
    options = ",".join(args[i + 1] for i, a in enumerate(args) if a == "-o" and i + 1 < len(args))
    if "remount" in options.split(","):
        fs.remounted_rw = "rw" in options.split(",")
        return 0
    inv.error("Operation not permitted")
    return 1


@command("remount")
def remount(inv: Invocation) -> int:
    """The device-side ``remount`` (what ``adb remount`` runs on a userdebug emulator)."""
    inv.device.fs.remounted_rw = True
    inv.out("Remount succeeded\n")
    return 0


@command("nproc")
def nproc(inv: Invocation) -> int:
    """toybox nproc: the CPUs this process may run on (all of the AVD's cores)."""
    from pytest_anyapp.sim.device import CPU_COUNT

    inv.out(f"{CPU_COUNT}\n")
    return 0
