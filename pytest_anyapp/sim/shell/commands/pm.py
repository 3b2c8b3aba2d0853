"""``pm`` (PackageManagerShellCommand): list, path, install, uninstall, clear, enable/disable,
grant/revoke, dump, resolve-activity, list permissions/features/users.

Errors follow the platform: ``Failure [...]`` lines for install/uninstall and, for exceptions,
``Exception occurred while executing '<verb>':`` plus the Java exception on stderr, status 255.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pytest_anyapp.sim.packages import (
    DISABLED,
    DISABLED_USER,
    ENABLED,
    ENABLED_DEFAULT,
    ENABLED_STATE_NAMES,
    RUNTIME_PERMISSIONS,
)
from pytest_anyapp.sim.shell.commands import pm_session
from pytest_anyapp.sim.shell.runtime import Invocation, command, drop_options

_USAGE = """Package manager (package) commands:
  help
      Print this help text.
  path [--user USER_ID] PACKAGE
  list packages [-f] [-d] [-e] [-s] [-3] [-i] [-l] [-u] [-U] [--show-versioncode] [--user USER_ID] [FILTER]
  list permissions [-g] [-f] [-d] [-u] [GROUP]
  list features
  list users
  install [-r] [-t] [-g] [-d] [--user USER_ID] [-S BYTES] [PATH|-]
  uninstall [-k] [--user USER_ID] PACKAGE
  clear [--user USER_ID] PACKAGE
  enable|disable|disable-user|default-state [--user USER_ID] PACKAGE_OR_COMPONENT
  grant|revoke [--user USER_ID] PACKAGE PERMISSION
  resolve-activity [--brief] [-c CATEGORY] [-a ACTION] PACKAGE
  dump PACKAGE
"""


def _exception(inv: Invocation, verb: str, java_class: str, message: str) -> int:
    inv.err(f"Exception occurred while executing '{verb}':\n{java_class}: {message}\n")
    return 255


def _strip_user(args: list[str]) -> list[str]:
    return drop_options(args, ("--user", "--installer", "-i"))


def _package_of(target: str) -> str:
    return target.split("/", 1)[0]


def _package_names(args: list[str]) -> list[str]:
    """Operands of ``uninstall``/``clear``: options (and ``--user N``) dropped."""
    return [a for a in _strip_user(args) if not a.startswith("-")]


# Verbs that set a package's enabled state.
_STATE_VERBS = {"enable": ENABLED, "disable": DISABLED, "disable-user": DISABLED_USER, "default-state": ENABLED_DEFAULT}


def java_hash(text: str) -> int:
    """Java ``String.hashCode``: ``pm list packages`` prints in the order ``getInstalledPackages``
    walks the package manager's ``WatchedArrayMap`` (an ``ArrayMap``: keys by ascending hash code)."""
    h = 0
    for unit in _utf16_units(text):
        h = (31 * h + unit) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def _utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-be")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def _list_packages(inv: Invocation, args: list[str]) -> int:
    flags: set[str] = set()
    filt = ""
    uid_filter: int | None = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--uid" and i + 1 < len(args):
            uid_filter = int(args[i + 1])
            i += 2
            continue
        if a.startswith("--"):
            flags.add(a)
        elif a.startswith("-"):
            flags.update(f"-{c}" for c in a[1:])
        else:
            filt = a
        i += 1
    out: list[str] = []
    for info in sorted(inv.device.packages.list(), key=lambda i: java_hash(i.name)):
        if filt and filt not in info.name:
            continue
        if "-d" in flags and info.enabled:
            continue
        if "-e" in flags and not info.enabled:
            continue
        if "-s" in flags and not info.system:
            continue
        if "-3" in flags and info.system:
            continue
        if uid_filter is not None and info.uid != uid_filter:
            continue
        line = "package:"
        if "-f" in flags:
            line += f"{info.apk_path}="
        line += info.name
        if "--show-versioncode" in flags:
            line += f" versionCode:{info.version_code}"
        if "-i" in flags:
            line += "  installer=null"
        if "-U" in flags:
            line += f" uid:{info.uid}"
        out.append(line + "\n")
    inv.out("".join(out))
    return 0


def _list(inv: Invocation, args: list[str]) -> int:
    if not args:
        inv.err("Error: didn't specify type of data to list\n")
        return 255
    what, rest = args[0], _strip_user(args[1:])
    if what in ("packages", "package"):
        return _list_packages(inv, rest)
    if what == "permissions":
        perms = sorted(RUNTIME_PERMISSIONS) if "-d" in rest else sorted(
            {p for info in inv.device.packages.list() for p in info.declared_permissions} | set(RUNTIME_PERMISSIONS)
        )
        inv.out("All Permissions:\n\n" + "".join(f"permission:{p}\n" for p in perms))
        return 0
    if what == "features":
        features = ("android.hardware.audio.output", "android.hardware.camera", "android.hardware.faketouch",
                    "android.hardware.location", "android.hardware.location.gps", "android.hardware.screen.portrait",
                    "android.hardware.telephony", "android.hardware.touchscreen", "android.hardware.wifi",
                    "android.software.app_widgets", "android.software.home_screen", "android.software.webview")
        inv.out("".join(f"feature:{f}\n" for f in features))
        return 0
    if what == "users":
        inv.out("Users:\n\tUserInfo{0:Owner:c13} running\n")
        return 0
    if what == "libraries":
        inv.out("library:android.test.base\nlibrary:android.test.mock\nlibrary:android.test.runner\n"
                "library:javax.obex\nlibrary:org.apache.http.legacy\n")
        return 0
    inv.err(f"Error: unknown list type '{what}'\n")
    return 255


def _install(inv: Invocation, args: list[str]) -> int:
    grant = downgrade = False
    size: int | None = None
    paths: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--user", "-i", "--installer", "--install-reason", "--originating-uri", "--referrer", "--abi",
                 "--install-location", "-p", "--pkg"):
            i += 2
            continue
        if a == "-S" and i + 1 < len(args):
            size = int(args[i + 1])
            i += 2
            continue
        if a.startswith("-") and a != "-":
            grant |= a == "-g" or (not a.startswith("--") and "g" in a[1:])
            downgrade |= a == "-d" or (not a.startswith("--") and "d" in a[1:])
            i += 1
            continue
        paths.append(a)
        i += 1
    if size is not None or paths == ["-"] or not paths:
        data = inv.read_stdin()
        if size is not None:
            data = data[:size]
        if not data:
            inv.err("Error: APK content must be streamed\n")
            return 1
        with tempfile.NamedTemporaryFile(suffix=".apk", delete=False) as tmp:
            tmp.write(data)
            host = Path(tmp.name)
        try:
            result = inv.device.packages.install_apk(host, replace=True, grant_all=grant, allow_downgrade=downgrade)
        finally:
            host.unlink(missing_ok=True)
    else:
        path = paths[-1]
        host = inv.host(path)
        if not host.is_file():
            inv.err(f"Error: Unable to open file: {path}\nConsider using a file under /data/local/tmp/\n")
            return 1
        # Since Android 7, ``pm install`` replaces an existing package with or without -r.
        result = inv.device.packages.install_apk(host, replace=True, grant_all=grant, allow_downgrade=downgrade)
    inv.out(result + "\n")
    return 0 if result == "Success" else 1


def _set_state(inv: Invocation, verb: str, state: int, args: list[str]) -> int:
    rest = _strip_user(args)
    if not rest:
        inv.err("Error: no package or component specified\n")
        return 255
    pkg = _package_of(rest[0])
    if not inv.device.packages.set_enabled_state(pkg, state):
        return _exception(inv, verb, "java.lang.IllegalArgumentException", f"Unknown package: {pkg}")
    inv.out(f"Package {pkg} new state: {ENABLED_STATE_NAMES[state]}\n")
    return 0


def _grant(inv: Invocation, verb: str, args: list[str]) -> int:
    rest = _strip_user(args)
    if len(rest) < 2:
        inv.err("Error: no package specified\n" if not rest else "Error: no permission specified\n")
        return 255
    pkg, perm = rest[0], rest[1]
    try:
        if verb == "grant":
            inv.device.packages.grant(pkg, perm)
        else:
            inv.device.packages.revoke(pkg, perm)
    except LookupError as exc:
        return _exception(inv, verb, "java.lang.IllegalArgumentException", str(exc).strip("'\""))
    except PermissionError as exc:
        return _exception(inv, verb, "java.lang.SecurityException", str(exc))
    return 0


def _resolve_activity(inv: Invocation, args: list[str]) -> int:
    rest: list[str] = []
    brief = False
    i = 0
    while i < len(args):
        if args[i] == "--brief":
            brief = True
        elif args[i] in ("-c", "-a", "-d", "-t", "--user", "-n") and i + 1 < len(args):
            i += 1
        else:
            rest.append(args[i])
        i += 1
    info = inv.device.packages.get(rest[-1]) if rest else None
    if info is None or not info.launch_activity or not info.enabled:
        inv.out("No activity found\n")
        return 0
    component = f"{info.name}/{info.launch_activity}"
    if brief:
        inv.out(f"priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n{component}\n")
    else:
        inv.out(f"Activity Resolver Table:\n  {component}\n")
    return 0


_SESSION_VERBS = {"install-create": pm_session.install_create, "install-write": pm_session.install_write,
                  "install-commit": pm_session.install_commit, "install-abandon": pm_session.install_abandon}


@command("pm")
def pm(inv: Invocation) -> int:
    args = list(inv.args)
    if not args or args[0] in ("help", "-h"):
        inv.out(_USAGE)
        return 0 if args else 1
    verb, rest = args[0], args[1:]
    packages = inv.device.packages
    if verb == "list":
        return _list(inv, rest)
    if verb == "path":
        names = _strip_user(rest)
        info = packages.get(names[0]) if names else None
        if info is None:
            return 1
        inv.out(f"package:{info.apk_path}\n")
        splits = sorted(inv.host(info.apk_path).parent.glob("split_*.apk"))
        inv.out("".join(f"package:{os.path.dirname(info.apk_path)}/{s.name}\n" for s in splits))
        return 0
    if verb == "install":
        return _install(inv, rest)
    if verb in _SESSION_VERBS:
        return _SESSION_VERBS[verb](inv, rest)
    if verb == "uninstall":
        names = _package_names(rest)
        if not names:
            inv.err("Error: package name not specified\n")
            return 1
        ok = packages.uninstall(names[0])
        inv.out("Success\n" if ok else "Failure [DELETE_FAILED_INTERNAL_ERROR]\n")
        return 0 if ok else 1
    if verb == "clear":
        names = _package_names(rest)
        if not names:
            inv.err("Error: no package specified\n")
            return 255
        ok = packages.clear(names[0])
        inv.out("Success\n" if ok else "Failed\n")
        return 0 if ok else 1
    if verb in _STATE_VERBS:
        return _set_state(inv, verb, _STATE_VERBS[verb], rest)
    if verb in ("grant", "revoke"):
        return _grant(inv, verb, rest)
    if verb == "resolve-activity":
        return _resolve_activity(inv, rest)
    if verb == "dump":
        from pytest_anyapp.sim.shell.commands.dumpsys import package_dump

        names = _strip_user(rest)
        if not names:
            inv.err("Error: no package specified\n")
            return 255
        inv.out(package_dump(inv, names[0]))
        return 0
    if verb == "get-install-location":
        inv.out("0[auto]\n")
        return 0
    inv.err(f"Unknown command: {verb}\n")
    return 255
