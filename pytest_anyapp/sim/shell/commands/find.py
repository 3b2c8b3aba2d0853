"""toybox ``find``: -name/-iname/-path/-type/-size/-mtime/-newer/-empty/-user/-group tests, ``! -a -o ( )``,
-print/-print0/-quit/-delete/-exec actions, -mindepth/-maxdepth/-depth. Directory entries are
visited in sorted order so verifier output is deterministic.
"""

from __future__ import annotations

import fnmatch
import os
import stat as stat_mod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pytest_anyapp.sim.shell.commands.files import id_of, owner_of
from pytest_anyapp.sim.shell.runtime import Invocation, command


@dataclass
class _Node:
    display: str
    host: Path
    depth: int
    st: os.stat_result


class _Quit(Exception):
    pass


Pred = Callable[[_Node], bool]


class _FindParser:
    def __init__(self, inv: Invocation, tokens: list[str]) -> None:
        self.inv = inv
        self.toks = tokens
        self.i = 0
        self.has_action = False
        self.mindepth = 0
        self.maxdepth: int | None = None
        self.depth_first = False
        self.output: list[bytes] = []

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        if self.i >= len(self.toks):
            raise ValueError(f"'{self.toks[-1]}' needs 1 arg")
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def parse(self) -> Pred:
        if not self.toks:
            return lambda n: True
        pred = self.parse_or()
        if self.i < len(self.toks):
            raise ValueError(f"bad arg '{self.toks[self.i]}'")
        return pred

    def parse_or(self) -> Pred:
        left = self.parse_and()
        while self.peek() in ("-o", "-or"):
            self.take()
            right = self.parse_and()
            left = (lambda a, b: lambda n: a(n) or b(n))(left, right)
        return left

    def parse_and(self) -> Pred:
        left = self.parse_not()
        while self.peek() is not None and self.peek() not in ("-o", "-or", ")"):
            if self.peek() in ("-a", "-and"):
                self.take()
            right = self.parse_not()
            left = (lambda a, b: lambda n: a(n) and b(n))(left, right)
        return left

    def parse_not(self) -> Pred:
        if self.peek() in ("!", "-not"):
            self.take()
            inner = self.parse_not()
            return lambda n: not inner(n)
        return self.parse_primary()

    def parse_primary(self) -> Pred:
        tok = self.take()
        if tok == "(":
            inner = self.parse_or()
            if self.take() != ")":
                raise ValueError("missing ')'")
            return inner
        if tok in ("-name", "-iname"):
            pattern = self.take()
            fold = tok == "-iname"

            def by_name(n: _Node) -> bool:
                base = os.path.basename(n.display.rstrip("/")) or n.display
                if fold:
                    return fnmatch.fnmatchcase(base.lower(), pattern.lower())
                return fnmatch.fnmatchcase(base, pattern)

            return by_name
        if tok in ("-path", "-ipath", "-wholename"):
            pattern = self.take()
            fold = tok == "-ipath"
            return lambda n: fnmatch.fnmatchcase(n.display.lower(), pattern.lower()) if fold else fnmatch.fnmatchcase(n.display, pattern)
        if tok == "-type":
            kinds = self.take().split(",")
            checks = {
                "f": stat_mod.S_ISREG,
                "d": stat_mod.S_ISDIR,
                "l": stat_mod.S_ISLNK,
                "p": stat_mod.S_ISFIFO,
                "s": stat_mod.S_ISSOCK,
                "c": stat_mod.S_ISCHR,
                "b": stat_mod.S_ISBLK,
            }
            for k in kinds:
                if k not in checks:
                    raise ValueError(f"bad -type '{k}'")
            return lambda n: any(checks[k](n.st.st_mode) for k in kinds)
        if tok in ("-mindepth", "-maxdepth"):
            value = int(self.take())
            if tok == "-mindepth":
                self.mindepth = value
            else:
                self.maxdepth = value
            return lambda n: True
        if tok == "-depth":
            self.depth_first = True
            return lambda n: True
        if tok in ("-xdev", "-mount", "-follow", "-noleaf"):
            return lambda n: True
        if tok == "-empty":
            def empty(n: _Node) -> bool:
                if stat_mod.S_ISDIR(n.st.st_mode):
                    return not any(os.scandir(n.host))
                return stat_mod.S_ISREG(n.st.st_mode) and n.st.st_size == 0

            return empty
        if tok == "-size":
            spec = self.take()
            sign = spec[0] if spec[0] in "+-" else ""
            body = spec.lstrip("+-")
            unit = body[-1] if body[-1:].isalpha() else "b"
            number = int(body.rstrip("ckMGb") or "0")
            scale = {"c": 1, "k": 1024, "M": 1024**2, "G": 1024**3, "b": 512}[unit]

            def by_size(n: _Node) -> bool:
                size = -(-n.st.st_size // scale)
                return size > number if sign == "+" else size < number if sign == "-" else size == number

            return by_size
        if tok in ("-mtime", "-mmin"):
            spec = self.take()
            sign = spec[0] if spec[0] in "+-" else ""
            number = int(spec.lstrip("+-"))
            unit = 86400 if tok == "-mtime" else 60
            now = self.inv.device.clock.now()

            def by_age(n: _Node) -> bool:
                age = int((now - n.st.st_mtime) // unit)
                return age > number if sign == "+" else age < number if sign == "-" else age == number

            return by_age
        if tok in ("-user", "-group", "-uid", "-gid"):
            wanted = id_of(self.take())
            if wanted is None:
                raise ValueError(f"bad {tok}")
            index = 0 if tok in ("-user", "-uid") else 2

            def by_owner(n: _Node) -> bool:
                return owner_of(self.inv, self.inv.device.fs.device(n.host))[index] == wanted

            return by_owner
        if tok == "-newer":
            ref = os.stat(self.inv.host(self.take())).st_mtime
            return lambda n: n.st.st_mtime > ref
        if tok in ("-print", "-print0"):
            self.has_action = True
            end = b"\0" if tok == "-print0" else b"\n"

            def do_print(n: _Node) -> bool:
                self.output.append(n.display.encode() + end)
                return True

            return do_print
        if tok == "-quit":
            def do_quit(n: _Node) -> bool:
                raise _Quit

            return do_quit
        if tok == "-delete":
            self.has_action = True
            self.depth_first = True

            def do_delete(n: _Node) -> bool:
                try:
                    if stat_mod.S_ISDIR(n.st.st_mode):
                        os.rmdir(n.host)
                    else:
                        os.unlink(n.host)
                except OSError as exc:
                    self.inv.error(f"{n.display}: {os.strerror(exc.errno or 0)}")
                    return False
                return True

            return do_delete
        if tok in ("-exec", "-ok"):
            self.has_action = True
            argv: list[str] = []
            while True:
                arg = self.take()
                if arg in (";", "+"):
                    break
                argv.append(arg)

            def do_exec(n: _Node) -> bool:
                self.flush()
                full = [a.replace("{}", n.display) for a in argv]
                return self.inv.shell.child().run_argv(full, self.inv.io) == 0

            return do_exec
        if tok == "-prune":
            return lambda n: True
        raise ValueError(f"bad arg '{tok}'" if tok.startswith("-") else f"unknown option '{tok}'")

    def flush(self) -> None:
        if self.output:
            self.inv.out(b"".join(self.output))
            self.output.clear()


def _join(parent: str, name: str) -> str:
    if parent.endswith("/"):
        return parent + name
    return f"{parent}/{name}"


@command("find")
def find(inv: Invocation) -> int:
    args = list(inv.args)
    while args and args[0] in ("-H", "-L", "-P"):
        args.pop(0)
    roots: list[str] = []
    while args and not (args[0].startswith("-") or args[0] in ("(", "!")):
        roots.append(args.pop(0))
    parser = _FindParser(inv, args)
    try:
        pred = parser.parse()
    except (ValueError, OSError) as exc:
        inv.error(str(exc))
        return 1
    if not parser.has_action:
        inner = pred

        def pred(n: _Node) -> bool:  # noqa: F811  (implicit -print)
            if inner(n):
                parser.output.append(n.display.encode() + b"\n")
            return True

    status = 0

    def visit(node: _Node) -> None:
        is_dir = stat_mod.S_ISDIR(node.st.st_mode)
        in_range = node.depth >= parser.mindepth
        if in_range and not parser.depth_first:
            pred(node)
        if is_dir and (parser.maxdepth is None or node.depth < parser.maxdepth):
            try:
                names = sorted(os.listdir(node.host))
            except OSError:
                names = []
            for name in names:
                child_host = node.host / name
                try:
                    st = os.lstat(child_host)
                except OSError:
                    continue
                visit(_Node(_join(node.display, name), child_host, node.depth + 1, st))
        if in_range and parser.depth_first:
            pred(node)

    try:
        for root in roots or ["."]:
            host = inv.host(root)
            try:
                st = os.stat(host)
            except OSError:
                inv.error(f"{root}: No such file or directory")  # toybox dirtree perror_msg: unquoted
                status = 1
                continue
            visit(_Node(root, host, 0, st))
    except _Quit:
        pass
    parser.flush()
    return status
