"""echo, printf, test/[, sh, su, env, which, sleep, seq, yes-free basics.

``echo`` follows mksh (backslash escapes interpreted unless ``-E``); ``printf`` follows toybox
(format reused for extra arguments, ``%b``, C escapes); ``test`` follows POSIX rules by argument
count so ``[ -n ]`` and ``[ ! -e p ]`` behave as on a device.
"""

from __future__ import annotations

import os
import stat as stat_mod
import time

from pytest_anyapp.sim.shell.interpreter import Shell
from pytest_anyapp.sim.shell.runtime import Invocation, command

# -- escapes -------------------------------------------------------------------------------------

_SIMPLE_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}


def interpret_escapes(text: str, *, octal_needs_zero: bool) -> tuple[str, bool]:
    """C-style backslash escapes. Returns (text, stop) where stop means ``\\c`` was seen."""
    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\" or i + 1 >= len(text):
            out.append(c)
            i += 1
            continue
        n = text[i + 1]
        if n in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[n])
            i += 2
        elif n == "c":
            return "".join(out), True
        elif n == "0" or (n in "1234567" and not octal_needs_zero):
            start = i + 2 if n == "0" and octal_needs_zero else i + 1
            j = start
            while j < len(text) and j < start + 3 and text[j] in "01234567":
                j += 1
            out.append(_raw_byte(int(text[start:j] or "0", 8) & 0xFF))
            i = j
        elif n == "x":
            j = i + 2
            while j < len(text) and j < i + 4 and text[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 2:
                out.append("\\x")
                i += 2
            else:
                out.append(_raw_byte(int(text[i + 2:j], 16)))
                i = j
        else:
            out.append("\\" + n)
            i += 2
    return "".join(out), False


def _raw_byte(value: int) -> str:
    """An escape's byte: ASCII stays a character, 0x80-0xFF a surrogate-escaped raw byte."""
    return chr(value) if value < 0x80 else chr(0xDC00 + value)


def _latin1_or_utf8(text: str) -> bytes:
    """Text is UTF-8 (``é`` is C3 A9, as toybox writes the argv bytes it got); only escapes
    (``\\0351``, ``\\xe9``) and bytes that arrived undecodable are raw bytes (surrogate-escaped)."""
    return text.encode("utf-8", errors="surrogateescape")


@command("echo")
def echo(inv: Invocation) -> int:
    args = list(inv.args)
    newline = True
    escapes = True
    while args and len(args[0]) > 1 and args[0][0] == "-" and set(args[0][1:]) <= set("neE"):
        flags = args.pop(0)[1:]
        for f in flags:
            if f == "n":
                newline = False
            elif f == "e":
                escapes = True
            elif f == "E":
                escapes = False
    text = " ".join(args)
    if escapes:
        text, stop = interpret_escapes(text, octal_needs_zero=True)
        if stop:
            newline = False
    inv.out(_latin1_or_utf8(text + ("\n" if newline else "")))
    return 0


# -- printf --------------------------------------------------------------------------------------


def c_int(text: str) -> int:
    """strtoll(text, 0): decimal, 0x hex, leading-0 octal."""
    t = text.strip()
    sign = -1 if t.startswith("-") else 1
    body = t.lstrip("+-")
    if body.lower().startswith("0x"):
        return sign * int(body[2:], 16)
    if len(body) > 1 and body.startswith("0"):
        return sign * int(body, 8)
    return sign * int(body, 10)


def _parse_number(inv: Invocation, arg: str, floating: bool) -> tuple[float | int, bool]:
    if arg[:1] in ("'", '"') and len(arg) > 1:
        return ord(arg[1]), True
    try:
        return (float(arg) if floating else c_int(arg)), True
    except ValueError:
        inv.error(f"invalid number '{arg}'")
        return 0, False


@command("printf")
def printf(inv: Invocation) -> int:
    if not inv.args:
        inv.error("needs 1 argument")
        return 1
    fmt, args = inv.args[0], list(inv.args[1:])
    out: list[str] = []
    status = 0
    consumed_any = True
    while True:
        consumed = 0
        i = 0
        stop = False
        while i < len(fmt):
            c = fmt[i]
            if c == "\\":
                seg_end = i + 2
                if i + 1 < len(fmt) and fmt[i + 1] in "01234567":
                    seg_end = i + 1
                    while seg_end < len(fmt) and seg_end < i + 4 and fmt[seg_end] in "01234567":
                        seg_end += 1
                elif i + 1 < len(fmt) and fmt[i + 1] == "x":
                    seg_end = i + 2
                    while seg_end < len(fmt) and seg_end < i + 4 and fmt[seg_end] in "0123456789abcdefABCDEF":
                        seg_end += 1
                text, stop = interpret_escapes(fmt[i:seg_end], octal_needs_zero=False)
                out.append(text)
                i = seg_end
                if stop:
                    break
                continue
            if c != "%":
                out.append(c)
                i += 1
                continue
            if fmt.startswith("%%", i):
                out.append("%")
                i += 2
                continue
            j = i + 1
            while j < len(fmt) and fmt[j] in "-+ #0'":
                j += 1
            while j < len(fmt) and (fmt[j].isdigit() or fmt[j] in ".*"):
                j += 1
            while j < len(fmt) and fmt[j] in "hlLqjzt":
                j += 1
            if j >= len(fmt):
                inv.error(f"bad %{fmt[i + 1:]}")
                return 1
            conv = fmt[j]
            spec = fmt[i:j].replace("'", "")
            spec = "".join(ch for ch in spec if ch not in "hlLqjzt")
            while "*" in spec:
                width = args.pop(0) if args else "0"
                consumed += 1
                spec = spec.replace("*", str(int(width) if width.lstrip("-").isdigit() else 0), 1)
            arg = args.pop(0) if args else None
            if arg is not None:
                consumed += 1
            if conv == "s":
                out.append((spec + "s") % (arg or ""))
            elif conv == "b":
                text, stop = interpret_escapes(arg or "", octal_needs_zero=True)
                out.append((spec + "s") % text)
                if stop:
                    break
            elif conv == "c":
                out.append((arg or "")[:1])
            elif conv in "diouxX":
                value, ok = _parse_number(inv, arg, False) if arg else (0, True)
                status |= 0 if ok else 1
                pyconv = "d" if conv in "iu" else conv
                out.append((spec + pyconv) % int(value))
            elif conv in "feEgGaA":
                value, ok = _parse_number(inv, arg, True) if arg else (0.0, True)
                status |= 0 if ok else 1
                out.append((spec + conv) % float(value))
            else:
                inv.error(f"bad %{conv}")
                return 1
            i = j + 1
        consumed_any = consumed > 0
        if stop or not args or not consumed_any:
            break
    inv.out(_latin1_or_utf8("".join(out)))
    return status


# -- test ----------------------------------------------------------------------------------------

_UNARY = {"-e", "-f", "-d", "-L", "-h", "-s", "-r", "-w", "-x", "-z", "-n", "-b", "-c", "-p", "-S", "-t", "-g", "-u", "-k", "-O", "-G"}
_BINARY = {"=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"}


class _TestError(Exception):
    pass


class _Test:
    def __init__(self, inv: Invocation, args: list[str]) -> None:
        self.inv = inv
        self.args = args
        self.i = 0

    def evaluate(self) -> bool:
        a = self.args
        n = len(a)
        if n == 0:
            return False
        if n == 1:
            return a[0] != ""
        if n == 2:
            if a[0] == "!":
                return a[1] == ""
            if a[0] in _UNARY:
                return self.unary(a[0], a[1])
            raise _TestError(f"{a[0]}: unknown operand")
        if n == 3:
            if a[1] in _BINARY:
                return self.binary(a[0], a[1], a[2])
            if a[0] == "!":
                return not _Test(self.inv, a[1:]).evaluate()
            if a[0] == "(" and a[2] == ")":
                return a[1] != ""
        if n == 4 and a[0] == "!":
            return not _Test(self.inv, a[1:]).evaluate()
        result = self.or_expr()
        if self.i != len(a):
            raise _TestError(f"{a[self.i]}: unexpected operator")
        return result

    def peek(self) -> str | None:
        return self.args[self.i] if self.i < len(self.args) else None

    def take(self) -> str:
        if self.i >= len(self.args):
            raise _TestError("argument expected")
        tok = self.args[self.i]
        self.i += 1
        return tok

    def or_expr(self) -> bool:
        value = self.and_expr()
        while self.peek() == "-o":
            self.take()
            rhs = self.and_expr()
            value = value or rhs
        return value

    def and_expr(self) -> bool:
        value = self.not_expr()
        while self.peek() == "-a":
            self.take()
            rhs = self.not_expr()
            value = value and rhs
        return value

    def not_expr(self) -> bool:
        if self.peek() == "!":
            self.take()
            return not self.not_expr()
        return self.primary()

    def primary(self) -> bool:
        tok = self.take()
        if tok == "(":
            value = self.or_expr()
            if self.take() != ")":
                raise _TestError("missing )")
            return value
        if tok in _UNARY and self.peek() is not None:
            return self.unary(tok, self.take())
        nxt = self.peek()
        if nxt in _BINARY:
            self.take()
            return self.binary(tok, nxt, self.take())
        return tok != ""

    def unary(self, op: str, arg: str) -> bool:
        if op == "-z":
            return arg == ""
        if op == "-n":
            return arg != ""
        if op == "-t":
            return False
        path = self.inv.normalize(arg) if arg else ""
        if not arg:
            return False
        if path in ("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/tty"):
            return op in ("-e", "-c", "-r", "-w")
        host = self.inv.host(arg)
        try:
            st = os.lstat(host) if op in ("-L", "-h") else os.stat(host)
        except OSError:
            return False
        mode = st.st_mode
        if op == "-e":
            return True
        if op == "-f":
            return stat_mod.S_ISREG(mode)
        if op == "-d":
            return stat_mod.S_ISDIR(mode)
        if op in ("-L", "-h"):
            return stat_mod.S_ISLNK(mode)
        if op == "-s":
            return st.st_size > 0
        if op in ("-r", "-w"):
            return True  # root
        if op == "-x":
            return stat_mod.S_ISDIR(mode) or bool(mode & 0o111)
        if op == "-b":
            return stat_mod.S_ISBLK(mode)
        if op == "-c":
            return stat_mod.S_ISCHR(mode)
        if op == "-p":
            return stat_mod.S_ISFIFO(mode)
        if op == "-S":
            return stat_mod.S_ISSOCK(mode)
        if op == "-g":
            return bool(mode & stat_mod.S_ISGID)
        if op == "-u":
            return bool(mode & stat_mod.S_ISUID)
        if op == "-k":
            return bool(mode & stat_mod.S_ISVTX)
        if op in ("-O", "-G"):
            return True
        return False

    def binary(self, left: str, op: str, right: str) -> bool:
        if op in ("=", "=="):
            return left == right
        if op == "!=":
            return left != right
        if op == "<":
            return left < right
        if op == ">":
            return left > right
        if op in ("-nt", "-ot", "-ef"):
            try:
                a, b = os.stat(self.inv.host(left)), os.stat(self.inv.host(right))
            except OSError:
                return False
            if op == "-nt":
                return a.st_mtime > b.st_mtime
            if op == "-ot":
                return a.st_mtime < b.st_mtime
            return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)
        x, y = self.integer(left), self.integer(right)
        return {"-eq": x == y, "-ne": x != y, "-lt": x < y, "-le": x <= y, "-gt": x > y, "-ge": x >= y}[op]

    @staticmethod
    def integer(text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            raise _TestError(f"{text}: bad number") from None


@command("test", "[")
def test(inv: Invocation) -> int:
    args = list(inv.args)
    if inv.name == "[":
        if not args or args[-1] != "]":
            inv.err(f"{inv.shell.argv0}: [: missing ]\n")
            return 2
        args = args[:-1]
    try:
        return 0 if _Test(inv, args).evaluate() else 1
    except _TestError as exc:
        inv.err(f"{inv.shell.argv0}: {inv.name}: {exc}\n")
        return 2


# -- shells --------------------------------------------------------------------------------------


@command("sh", "mksh", "bash", "toybox-sh")
def sh(inv: Invocation) -> int:
    args = list(inv.args)
    script: str | None = None
    errexit = False
    while args and args[0].startswith("-") and args[0] != "-":
        opt = args.pop(0)
        if opt == "--":
            break
        if "c" in opt[1:]:
            if not args:
                inv.err(f"{inv.name}: -c: option requires an argument\n")
                return 1
            script = args.pop(0)
        if "e" in opt[1:]:
            errexit = True
    if script is None and args:
        path = args.pop(0)
        try:
            script = inv.read_file(path).decode(errors="replace")
        except OSError:
            inv.err(f"{inv.name}: {path}: No such file or directory\n")
            return 127
        argv0, positional = path, args
    else:
        argv0 = args[0] if script is not None and args else inv.name
        positional = args[1:] if script is not None and args else []
    if script is None:
        script = inv.read_stdin().decode(errors="replace")
    sub = Shell(inv.device, argv0=argv0, cwd=inv.cwd, variables=inv.env, positional=positional, uid=inv.shell.uid)
    sub.errexit = errexit
    return sub.run_script(script, inv.io)


_USERS = {"root": 0, "system": 1000, "radio": 1001, "shell": 2000, "nobody": 9999}


def resolve_uid(inv: Invocation, who: str) -> int | None:
    name = who.split(",")[0].split(":")[0]
    if name.isdigit():
        return int(name)
    if name in _USERS:
        return _USERS[name]
    if name.startswith("u0_a") and name[4:].isdigit():
        return 10000 + int(name[4:])
    return None


@command("su")
def su(inv: Invocation) -> int:
    """AOSP userdebug ``su [WHO [COMMAND...]]``: runs COMMAND (or a shell on stdin) as WHO."""
    args = list(inv.args)
    uid = 0
    if args and args[0] == "-":
        args.pop(0)
    if args:
        who = args.pop(0)
        resolved = resolve_uid(inv, who)
        if resolved is None:
            inv.error(f"unknown user {who}" if not who.startswith("-") else f"invalid uid/gid '{who}'")
            return 1
        uid = resolved
    sub = Shell(inv.device, argv0="sh", cwd=inv.cwd, variables=inv.env, uid=uid)
    if not args:
        return sub.run_script(inv.read_stdin().decode(errors="replace"), inv.io)
    return sub.run_argv(args, inv.io)


@command("env")
def env(inv: Invocation) -> int:
    args = list(inv.args)
    variables = dict(inv.env)
    while args and "=" in args[0] and not args[0].startswith("="):
        name, _, value = args.pop(0).partition("=")
        variables[name] = value
    if not args:
        inv.out("".join(f"{k}={v}\n" for k, v in sorted(variables.items()) if k != "IFS"))
        return 0
    sub = Shell(inv.device, argv0="sh", cwd=inv.cwd, variables=variables, uid=inv.shell.uid)
    return sub.run_argv(args, inv.io)


@command("which")
def which(inv: Invocation) -> int:
    from pytest_anyapp.sim.shell.runtime import REGISTRY

    status = 0
    for name in inv.args:
        if name.startswith("-"):
            continue
        if name in REGISTRY:
            inv.out(f"/system/bin/{name}\n")
        else:
            status = 1
    return status


@command("sleep")
def sleep(inv: Invocation) -> int:
    if not inv.args:
        inv.error("needs 1 argument")
        return 1
    total = 0.0
    for arg in inv.args:
        unit = {"s": 1, "m": 60, "h": 3600, "d": 86400}.get(arg[-1:], None)
        number = arg[:-1] if unit else arg
        try:
            total += float(number) * (unit or 1)
        except ValueError:
            inv.error(f"Not a number '{arg}'")
            return 1
    time.sleep(max(total, 0.0))
    return 0


@command("seq")
def seq(inv: Invocation) -> int:
    nums = [a for a in inv.args if not (a.startswith("-") and not a[1:2].isdigit())]
    try:
        values = [int(a) for a in nums]
    except ValueError:
        inv.error("not integer")
        return 1
    if len(values) == 1:
        first, step, last = 1, 1, values[0]
    elif len(values) == 2:
        first, step, last = values[0], 1, values[1]
    elif len(values) == 3:
        first, step, last = values
    else:
        inv.error("needs 1 argument")
        return 1
    if step == 0:
        return 1
    out = []
    k = first
    while (step > 0 and k <= last) or (step < 0 and k >= last):
        out.append(f"{k}\n")
        k += step
    inv.out("".join(out))
    return 0


@command("xargs")
def xargs(inv: Invocation) -> int:
    args = list(inv.args)
    per_call: int | None = None
    replace: str | None = None
    while args and args[0].startswith("-"):
        opt = args.pop(0)
        if opt == "-n" and args:
            per_call = int(args.pop(0))
        elif opt.startswith("-n") and opt[2:].isdigit():
            per_call = int(opt[2:])
        elif opt == "-I" and args:
            replace = args.pop(0)
        elif opt in ("-0", "-r", "-t", "--"):
            if opt == "--":
                break
    cmd = args or ["echo"]
    data = inv.read_stdin().decode(errors="replace")
    if replace is not None:
        status = 0
        for line in data.splitlines():
            argv = [a.replace(replace, line) for a in cmd]
            status = inv.shell.child().run_argv(argv, inv.io) or status
        return status
    items = data.split()
    if not items:
        return 0
    chunks = [items[k:k + per_call] for k in range(0, len(items), per_call)] if per_call else [items]
    status = 0
    for chunk in chunks:
        code = inv.shell.child().run_argv(cmd + chunk, inv.io)
        if code:
            status = 123
    return status


@command("tee")
def tee(inv: Invocation) -> int:
    append = "-a" in inv.args
    files = [a for a in inv.args if not a.startswith("-")]
    data = inv.read_stdin()
    status = 0
    for f in files:
        try:
            host = inv.host(f)
            with open(host, "ab" if append else "wb") as fh:
                fh.write(data)
            inv.stamp(host)
        except OSError as exc:
            inv.error(f"{f}: {os.strerror(exc.errno or 0)}")
            status = 1
    inv.out(data)
    return status


@command("true")
def true_(inv: Invocation) -> int:
    return 0


@command("false")
def false_(inv: Invocation) -> int:
    return 1


@command("run-as")
def run_as(inv: Invocation) -> int:
    """``run-as PKG [--user 0] [CMD...]``: run as the app's uid inside its data directory."""
    args = list(inv.args)
    if not args:
        inv.err("usage: run-as <package-name> [--user <uid>] <command> [<args>]\n")
        return 1
    package = args.pop(0)
    if args[:1] == ["--user"]:
        args = args[2:]
    info = inv.device.packages.get(package)
    if info is None:
        inv.err(f"run-as: unknown package: {package}\n")
        return 1
    sub = Shell(inv.device, argv0="sh", cwd=f"/data/data/{package}", variables=inv.env, uid=int(info.uid))
    if not args:
        return sub.run_script(inv.read_stdin().decode(errors="replace"), inv.io)
    return sub.run_argv(args, inv.io)
