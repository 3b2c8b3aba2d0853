"""``appops`` / ``cmd appops``: app-op modes, as AppOpsService's shell command (android-13,
frameworks/base/services/core/java/com/android/server/appop/AppOpsService.java, class Shell and
``onShellCommand``) prints them.

Only ``set``, ``get``, ``reset`` and the help are modelled. Modes live in
``/data/system/appops.json`` (Android keeps ``/data/system/appops.xml``), keyed by package for uid
modes (``--uid``) and package modes alike; the simulated apps do not consult them (a real file
manager without "All files access" asks for it; our doubles never ask), so this records what a
harness set up, for the harness and any other client to read back.
"""

from __future__ import annotations

import json
from pathlib import Path

from pytest_anyapp.sim.shell.runtime import Invocation, command, drop_options

#: AppOpsManager's MODE_NAMES, indexed by mode number.
MODE_NAMES = ("allow", "ignore", "deny", "default", "foreground")

#: The ops a harness sets, with AppOpsManager's default mode for each (sOpDefaultMode); ops that
#: guard a runtime permission default to "allow".
OP_DEFAULTS: dict[str, str] = {
    "MANAGE_EXTERNAL_STORAGE": "default", "SCHEDULE_EXACT_ALARM": "default", "SYSTEM_ALERT_WINDOW": "default",
    "REQUEST_INSTALL_PACKAGES": "default", "WRITE_SETTINGS": "default", "GET_USAGE_STATS": "default",
    "POST_NOTIFICATION": "allow", "READ_EXTERNAL_STORAGE": "allow", "WRITE_EXTERNAL_STORAGE": "allow",
    "READ_MEDIA_AUDIO": "allow", "READ_MEDIA_IMAGES": "allow", "READ_MEDIA_VIDEO": "allow",
    "READ_CONTACTS": "allow", "WRITE_CONTACTS": "allow", "READ_CALENDAR": "allow", "WRITE_CALENDAR": "allow",
    "READ_SMS": "allow", "WRITE_SMS": "allow", "SEND_SMS": "allow", "RECEIVE_SMS": "allow",
    "CALL_PHONE": "allow", "READ_CALL_LOG": "allow", "WRITE_CALL_LOG": "allow", "CAMERA": "allow",
    "RECORD_AUDIO": "allow", "COARSE_LOCATION": "allow", "FINE_LOCATION": "allow",
    "RUN_IN_BACKGROUND": "allow", "RUN_ANY_IN_BACKGROUND": "allow",
}

HELP = """AppOps service (appops) commands:
  help
    Print this help text.
  start [--user <USER_ID>] [--attribution <ATTRIBUTION_TAG>] <PACKAGE | UID> <OP>\x20
    Starts a given operation for a particular application.
  stop [--user <USER_ID>] [--attribution <ATTRIBUTION_TAG>] <PACKAGE | UID> <OP>\x20
    Stops a given operation for a particular application.
  set [--user <USER_ID>] <[--uid] PACKAGE | UID> <OP> <MODE>
    Set the mode for a particular application and operation.
  get [--user <USER_ID>] [--attribution <ATTRIBUTION_TAG>] <PACKAGE | UID> [<OP>]
    Return the mode for a particular application and optional operation.
  query-op [--user <USER_ID>] <OP> [<MODE>]
    Print all packages that currently have the given op in the given mode.
  reset [--user <USER_ID>] [<PACKAGE>]
    Reset the given application or all applications to default modes.
  write-settings
    Immediately write pending changes to storage.
  read-settings
    Read the last written settings, replacing current state in RAM.
  options:
    <PACKAGE> an Android package name or its UID if prefixed by --uid
    <OP>      an AppOps operation.
    <MODE>    one of allow, ignore, deny, or default
    <USER_ID> the user id under which the package is installed. If --user is
              not specified, the current user is assumed.
"""

#: The shell command's result -1, as ``cmd`` exits with it.
FAILED = 255

# {package: {"uid": {op: mode}, "package": {op: mode}}}
Modes = dict[str, dict[str, dict[str, str]]]


def _path(inv: Invocation) -> Path:
    path = inv.device.fs.host("/data/system/appops.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def load_modes(inv: Invocation) -> Modes:
    path = _path(inv)
    return json.loads(path.read_text()) if path.exists() else {}


def _save(inv: Invocation, modes: Modes) -> None:
    _path(inv).write_text(json.dumps(modes, indent=1, sort_keys=True))


def _target(inv: Invocation, words: list[str], op_required: bool) -> tuple[str, bool, str | None, list[str]] | None:
    """Shell.parseUserPackageOp: (package, --uid given, op, the words left), or None after the error."""
    targets_uid, package, op, rest = False, None, None, list(words)
    while rest:
        word = rest.pop(0)
        if word in ("--user", "--attribution") and rest:
            rest.pop(0)
        elif word == "--uid":
            targets_uid = True
        elif package is None:
            package = word
        else:
            op = word
            break
    if package is None:
        inv.err("Error: Package name not specified.\n")
        return None
    if op is None and op_required:
        inv.err("Error: Operation not specified.\n")
        return None
    if op is not None and op not in OP_DEFAULTS:
        inv.err(f"Error: Unknown operation string: {op}\n")
        return None
    if inv.device.packages.get(package) is None:
        inv.err(f"Error: No UID for {package} in user 0\n")
        return None
    return package, targets_uid, op, rest


@command("appops")
def appops(inv: Invocation) -> int:
    verb, words = (inv.args[0], list(inv.args[1:])) if inv.args else (None, [])
    if verb in (None, "help", "-h"):
        inv.out(HELP)
        return FAILED  # ShellCommand.handleDefaultCommands returns -1 after the help
    if verb == "set":
        return _set(inv, words)
    if verb == "get":
        return _get(inv, words)
    if verb == "reset":
        named = drop_options(words, ("--user",))
        package = named[0] if named else None
        modes = load_modes(inv)
        _save(inv, {} if package is None else {k: v for k, v in modes.items() if k != package})
        return 0
    inv.out(f"Unknown command: {verb}\n")
    return FAILED


def _set(inv: Invocation, words: list[str]) -> int:
    parsed = _target(inv, words, op_required=True)
    if parsed is None:
        return FAILED
    package, targets_uid, op, rest = parsed
    assert op is not None
    if not rest:
        inv.err("Error: Mode not specified.\n")
        return FAILED
    mode = rest[0]
    if mode.isdigit() and int(mode) < len(MODE_NAMES):
        mode = MODE_NAMES[int(mode)]
    if mode not in MODE_NAMES:
        inv.err(f"Error: Mode {rest[0]} is not valid\n")
        return FAILED
    modes = load_modes(inv)
    modes.setdefault(package, {}).setdefault("uid" if targets_uid else "package", {})[op] = mode
    _save(inv, modes)
    return 0


def _get(inv: Invocation, words: list[str]) -> int:
    parsed = _target(inv, words, op_required=False)
    if parsed is None:
        return FAILED
    package, _, op, _ = parsed
    kept = load_modes(inv).get(package, {})
    lines: list[str] = []
    for kind in ("uid", "package"):  # uid modes first; "Uid mode: " once before that group, as Android prints it
        entries = [f"{name}: {mode}\n" for name, mode in sorted(kept.get(kind, {}).items()) if op is None or name == op]
        if entries and kind == "uid":
            entries[0] = "Uid mode: " + entries[0]
        lines += entries
    if not lines:
        inv.out("No operations.\n" + (f"Default mode: {OP_DEFAULTS[op]}\n" if op else ""))
        return 0
    inv.out("".join(lines))
    return 0
