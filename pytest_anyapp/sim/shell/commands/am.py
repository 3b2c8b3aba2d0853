"""``am`` (start, force-stop, kill, broadcast, stack list/remove, get-current-user) and ``monkey``.

Activities are started through the window manager (``device.ui``). Broadcasts the device acts
on: ``MEDIA_SCANNER_SCAN_FILE`` (indexes the path into MediaProvider) and the Clipper app's
``clipper.set``/``clipper.get`` (only when ``ca.zgrs.clipper`` is installed and running);
everything else completes with ``result=0`` like an unhandled ordered broadcast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

from pytest_anyapp.sim.providers.clock import package_restarted
from pytest_anyapp.sim.shell.commands.dumpsys import short_component, task_rows
from pytest_anyapp.sim.shell.runtime import Invocation, command

CLIPPER = "ca.zgrs.clipper"


@dataclass
class ParsedIntent:
    action: str = ""
    data: str = ""
    mime_type: str = ""
    component: str = ""
    package: str = ""
    categories: list[str] = field(default_factory=list)
    flags: int = 0
    extras: dict[str, Any] = field(default_factory=dict)
    wait: bool = False
    stop_first: bool = False
    rest: list[str] = field(default_factory=list)

    def describe(self) -> str:
        parts: list[str] = []
        if self.action:
            parts.append(f"act={self.action}")
        if self.categories:
            parts.append(f"cat=[{','.join(self.categories)}]")
        if self.data:
            parts.append(f"dat={safe_uri(self.data)}")
        if self.mime_type:
            parts.append(f"typ={self.mime_type}")
        if self.flags:
            parts.append(f"flg=0x{self.flags:x}")
        if self.package:
            parts.append(f"pkg={self.package}")
        if self.component:
            pkg, _, act = self.component.partition("/")
            parts.append(f"cmp={short_component(pkg, act if not act.startswith('.') else pkg + act)}")
        if self.extras:
            parts.append("(has extras)")
        return "Intent { " + " ".join(parts) + " }"


FLAG_RECEIVER_FROM_SHELL = 0x00400000  # Intent.FLAG_RECEIVER_FROM_SHELL
_MASKED_SCHEMES = ("tel", "sip", "sms", "smsto", "mailto", "nfc")


def safe_uri(uri: str) -> str:
    """``Uri.toSafeString`` as ``Intent.toString`` prints ``dat=``: the scheme-specific part of a
    tel/sip/sms/smsto/mailto/nfc URI with every character but ``-``, ``@`` and ``.`` as ``x``."""
    scheme, sep, rest = uri.partition(":")
    if not sep or scheme.lower() not in _MASKED_SCHEMES:
        return uri
    return f"{scheme}:" + "".join(c if c in "-@." else "x" for c in rest.split("#", 1)[0])


_EXTRA_TYPES = {"--es": str, "-e": str, "--ez": "bool", "--ei": int, "--el": int, "--ef": float, "--ed": float,
                "--eu": str, "--ecn": str, "--esn": None, "--esa": "list", "--eia": "list", "--ela": "list"}


def parse_intent(args: list[str]) -> ParsedIntent:
    intent = ParsedIntent()
    i = 0
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        if a == "-a" and nxt is not None:
            intent.action, i = nxt, i + 2
        elif a == "-d" and nxt is not None:
            intent.data, i = nxt, i + 2
        elif a == "-t" and nxt is not None:
            intent.mime_type, i = nxt, i + 2
        elif a == "-c" and nxt is not None:
            intent.categories.append(nxt)
            i += 2
        elif a == "-n" and nxt is not None:
            intent.component, i = nxt, i + 2
        elif a == "-p" and nxt is not None:
            intent.package, i = nxt, i + 2
        elif a == "-f" and nxt is not None:
            intent.flags |= int(nxt, 0)
            i += 2
        elif a in ("--user", "--receiver-permission", "--display", "--windowingMode", "--activityType", "-P",
                   "--start-profiler", "--sampling", "--attach-agent", "-R") and nxt is not None:
            i += 2
        elif a in _EXTRA_TYPES:
            kind = _EXTRA_TYPES[a]
            if kind is None and nxt is not None:
                intent.extras[nxt] = None
                i += 2
                continue
            if nxt is None or i + 2 >= len(args):
                raise ValueError(f"Argument expected after \"{a}\"")
            key, value = nxt, args[i + 2]
            if kind == "bool":
                intent.extras[key] = value.lower() in ("true", "t", "1")
            elif kind == "list":
                intent.extras[key] = value.split(",")
            else:
                try:
                    intent.extras[key] = kind(value)  # type: ignore[operator]
                except ValueError:
                    raise ValueError(f"Invalid number: {value}") from None
            i += 3
        elif a == "-W":
            intent.wait, i = True, i + 1
        elif a == "-S":
            intent.stop_first, i = True, i + 1
        elif a.startswith("--") or a in ("-D", "-N"):
            i += 1
        elif a.startswith("-"):
            raise ValueError(f"Unknown option: {a}")
        else:
            if not intent.data and "://" in a or a.startswith(("content:", "file:", "http:", "https:", "tel:", "mailto:")):
                intent.data = a
            elif "/" in a and not intent.component:
                intent.component = a
            else:
                intent.rest.append(a)
            i += 1
    return intent


def _ui(inv: Invocation) -> Any:
    return inv.device.ui


def _make_ui_intent(parsed: ParsedIntent) -> Any:
    from pytest_anyapp.sim.apps.base import Intent

    pkg, _, act = parsed.component.partition("/")
    return Intent(action=parsed.action or "android.intent.action.VIEW" if parsed.data else parsed.action or
                  "android.intent.action.MAIN", data=parsed.data, package=pkg or parsed.package, activity=act,
                  mime_type=parsed.mime_type, categories=list(parsed.categories), extras=dict(parsed.extras))


def _parse_or_report(inv: Invocation, args: list[str]) -> ParsedIntent | None:
    """The intent of ``am start``/``am broadcast``; a bad argument is reported as am does (exit 255)."""
    try:
        return parse_intent(args)
    except ValueError as exc:
        inv.err(f"Error: {exc}\n")
        return None


def _start(inv: Invocation, args: list[str]) -> int:
    """``am start``: a launch that fails is reported, yet the command exits 0, as on Android 13.

    frameworks/base ActivityManagerShellCommand.runStartActivity (android-13): the failure text
    goes to stderr, or to stdout with ``-W`` (``out = mWaitOption ? pw : getErrPrintWriter()``),
    and the method ends with ``return 0`` whatever ``startActivity`` answered.
    """
    parsed = _parse_or_report(inv, args)
    if parsed is None:
        return 255
    ui = _ui(inv)
    pkg, _, activity = parsed.component.partition("/")
    packages = inv.device.packages
    if parsed.stop_first and pkg and packages.get(pkg) is not None:
        inv.out(f"Stopping: {pkg}\n")
        ui.force_stop(pkg)
        package_restarted(inv.device.config.state_dir, pkg)
    inv.out(f"Starting: {parsed.describe()}\n")
    report = inv.out if parsed.wait else inv.err
    if parsed.component:
        missing = f"Error type 3\nError: Activity class {{{pkg}/{_full(pkg, activity)}}} does not exist.\n"
        info = packages.get(pkg)
        if info is None or not activity or not info.enabled:
            report(missing)
            return 0
        ok = bool(ui.start_app(pkg, activity)) if not parsed.action and not parsed.data else bool(
            ui.start_intent(_make_ui_intent(parsed)))
        if not ok:
            report(missing)
            return 0
    elif parsed.action == "android.intent.action.CALL" and parsed.data.startswith("tel:"):
        inv.device.modem.dial(unquote(parsed.data[4:]))  # Telecom places the call: off-hook
    else:
        ok = bool(ui.start_intent(_make_ui_intent(parsed))) if ui is not None else False
        if not ok:
            report(f"Error: Activity not started, unable to resolve "
                   f"{parsed.describe().replace(' }', ' flg=0x10000000 }')}\n")
            return 0
    if parsed.wait:
        focused_pkg, focused_act = ui.focused()
        inv.out(
            f"Status: ok\nLaunchState: COLD\nActivity: {short_component(focused_pkg, focused_act)}\n"
            "TotalTime: 312\nWaitTime: 318\nComplete\n"
        )
    return 0


def _full(pkg: str, activity: str) -> str:
    return pkg + activity if activity.startswith(".") else activity


def _broadcast(inv: Invocation, args: list[str]) -> int:
    parsed = _parse_or_report(inv, args)
    if parsed is None:
        return 255
    parsed.flags |= FLAG_RECEIVER_FROM_SHELL  # ActivityManagerShellCommand.runSendBroadcast, before the print
    inv.out(f"Broadcasting: {parsed.describe()}\n")
    result = "result=0"
    if parsed.action == "android.intent.action.MEDIA_SCANNER_SCAN_FILE" and parsed.data.startswith("file:"):
        path = unquote(urlsplit(parsed.data).path)
        inv.device.providers.scan_media(path)
    elif parsed.action in ("clipper.set", "clipper.get"):
        running = inv.device.ui.running_packages()
        if inv.device.packages.get(CLIPPER) is not None and CLIPPER in running:
            clip_file = inv.device.fs.host("/data/system/clipboard.txt")
            if parsed.action == "clipper.set":
                clip_file.write_text(str(parsed.extras.get("text", "")))
                result = 'result=-1, data="Text is copied into clipboard."'
            else:
                text = clip_file.read_text() if clip_file.exists() else ""
                result = f'result=-1, data="{text}"'
    inv.out(f"Broadcast completed: {result}\n")
    return 0


def _stack(inv: Invocation, args: list[str]) -> int:
    if not args:
        inv.err("Error: no stack command specified\n")
        return 255
    if args[0] == "list":
        rows = task_rows(inv)
        out: list[str] = []
        for task_id, package, base, top, visible in rows:
            out.append(f"RootTask id={task_id} bounds=[0,0][1080,2400] displayId=0 userId=0")
            out.append(f"  taskId={task_id}: {short_component(package, base)} bounds=[0,0][1080,2400] userId=0 "
                       f"visible={'true' if visible else 'false'} topActivity=ComponentInfo{{{package}/{top}}}")
            out.append("")
        inv.out("\n".join(out) + ("\n" if out else ""))
        return 0
    if args[0] == "remove" and len(args) > 1:
        if not args[1].isdigit():
            inv.err(f"Exception occurred while executing 'stack':\njava.lang.NumberFormatException: "
                    f"For input string: \"{args[1]}\"\n")
            return 255
        # runRootTaskRemove (android-13) calls removeTask and returns 0: an unknown id only logs
        # "removeTask: No task remove with id=N" to logcat, the shell sees nothing.
        wanted = int(args[1])
        for task_id, package, _base, _top, _visible in task_rows(inv):
            if task_id == wanted:
                if package != "com.google.android.apps.nexuslauncher":
                    _ui(inv).force_stop(package)
                return 0
        inv.device.log_event("W", "ActivityTaskManager", f"removeTask: No task remove with id={wanted}")
        return 0
    inv.err(f"Error: unknown stack command '{args[0]}'\n")
    return 255


@command("am")
def am(inv: Invocation) -> int:
    args = list(inv.args)
    if not args:
        inv.out("Activity manager (activity) commands:\n  help\n  start [-W] [-S] [-n COMPONENT] [-a ACTION] "
                "[-d DATA_URI] ...\n  force-stop PACKAGE\n  kill PACKAGE\n  broadcast [-a ACTION] ...\n"
                "  stack list | stack remove TASK_ID\n")
        return 255  # ShellCommand.handleDefaultCommands: help, then -1
    verb, rest = args[0], args[1:]
    ui = _ui(inv)
    if verb in ("start", "start-activity"):
        return _start(inv, rest)
    if verb in ("force-stop", "kill", "stop-app"):
        names = [a for k, a in enumerate(rest) if not a.startswith("-") and (k == 0 or rest[k - 1] != "--user")]
        if names and ui is not None:
            ui.force_stop(names[0])
        if names and verb != "kill":  # a force-stop removes the package's alarms; a kill does not
            package_restarted(inv.device.config.state_dir, names[0])
        return 0
    if verb == "kill-all":
        return 0
    if verb == "broadcast":
        return _broadcast(inv, rest)
    if verb == "stack":
        return _stack(inv, rest)
    if verb == "get-current-user":
        inv.out("0\n")
        return 0
    if verb in ("startservice", "start-service", "start-foreground-service"):
        parsed = parse_intent(rest)
        inv.out(f"Starting service: {parsed.describe()}\n")
        inv.err("Error: Not found; no service started.\n")
        return 255
    inv.out(f"Unknown command: {verb}\n")  # ShellCommand.handleDefaultCommands: stdout, -1
    return 255


@command("monkey")
def monkey(inv: Invocation) -> int:
    args = list(inv.args)
    out = "".join(f"  bash arg: {a}\n" for a in args)
    packages: list[str] = []
    count = 0
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-p" and i + 1 < len(args):
            packages.append(args[i + 1])
            i += 2
        elif a in ("-c", "-s", "--throttle", "--seed", "--pct-touch", "--pct-motion", "--pct-syskeys",
                   "--pct-appswitch", "--pct-anyevent") and i + 1 < len(args):
            i += 2
        elif a.startswith("-"):
            i += 1
        else:
            try:
                count = int(a)
            except ValueError:
                inv.out(out)
                inv.err(f"** Error: Invalid argument: {a}\n")
                return 1
            i += 1
    inv.out(out)
    ui = _ui(inv)
    launchable = [p for p in packages if (info := inv.device.packages.get(p)) is not None and info.enabled
                  and info.launch_activity]
    if not launchable or ui is None:
        inv.err("** No activities found to run, monkey aborted.\n")
        return 252
    if count > 1:
        inv.err("** The simulated device's monkey only launches apps (event count 1); random events are not simulated.\n")
        return 1
    if count == 1 and not ui.start_app(launchable[0]):
        inv.err("** No activities found to run, monkey aborted.\n")
        return 252
    inv.out(f"Events injected: {count}\n## Network stats: elapsed time=16ms (0ms mobile, 0ms wifi, 16ms not connected)\n")
    return 0
