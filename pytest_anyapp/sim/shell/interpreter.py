"""Executes parsed scripts: expansions, redirections, pipelines, control flow, builtins.

Pipelines run their stages one after another (each stage's stdout becomes the next stage's stdin),
and ``cmd &`` runs to completion in place with status 0. Everything the harness sends is finite,
so this keeps the device deterministic while producing the same bytes as a real shell.
"""

from __future__ import annotations

import ast
import fnmatch
import operator
import os
import posixpath
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_anyapp.sim.shell import syntax
from pytest_anyapp.sim.shell.runtime import IO, REGISTRY, Invocation, Source, UsageError, strerror
from pytest_anyapp.sim.shell.streams import BufferSink, FileSink, NullSink, Sink

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

BIN_DIRS = ("/system/bin", "/system/xbin", "/bin", "/vendor/bin", "/product/bin", "/sbin", "/usr/bin")
_GLOB_CHARS = set("*?[")


class ShellExit(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class LoopControl(Exception):
    def __init__(self, kind: str, levels: int) -> None:
        super().__init__(kind)
        self.kind = kind
        self.levels = levels


class FunctionReturn(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class ExpansionError(Exception):
    """``${x:?msg}`` and friends: aborts the command with status 1."""


Chars = list[tuple[str, bool]]  # (character, glob-active)


class Shell:
    """One shell process: variables, cwd, last status. Subshells are copies."""

    def __init__(
        self,
        device: SimDevice,
        *,
        argv0: str = "/system/bin/sh",
        cwd: str = "/",
        variables: dict[str, str] | None = None,
        positional: list[str] | None = None,
        uid: int = 0,
    ) -> None:
        self.device = device
        self.argv0 = argv0
        self.cwd = cwd
        self.vars: dict[str, str] = dict(variables) if variables is not None else default_environment()
        self.positional = list(positional or [])
        self.uid = uid
        self.status = 0
        self.errexit = False
        self._errexit_exempt = False
        self.pipefail = False
        self._condition_depth = 0
        self._subst_status: int | None = None
        self._last_bg_pid = ""
        self.functions: dict[str, syntax.Command] = {}
        self._function_depth = 0

    # -- entry points ------------------------------------------------------------------------
    def run_script(self, script: str, io: IO) -> int:
        """Parse and run ``script``; ``exit`` ends it. Returns the exit status."""
        try:
            tree = syntax.parse(script)
        except syntax.ShellSyntaxError as exc:
            self.status = self._complain(io, exc)
            return 1
        try:
            self.status = self.exec_list(tree, io)
        except ShellExit as exc:
            self.status = exc.code
        except LoopControl:
            pass
        return self.status

    def contained(self, run: Callable[[], int]) -> int:
        """Status of ``run`` in this (child) shell: ``exit`` ends only it, a stray break/continue gives 0."""
        try:
            return run()
        except ShellExit as exc:
            return exc.code
        except LoopControl:
            return 0

    @contextmanager
    def _tested(self, active: bool = True) -> Iterator[None]:
        """Mark a command whose status is tested (conditions, ``&&``/``||`` operands, ``!``): ``set -e`` ignores it."""
        if not active:
            yield
            return
        self._condition_depth += 1
        try:
            yield
        finally:
            self._condition_depth -= 1

    def _complain(self, io: IO, message: object) -> int:
        """A shell-level error (syntax, expansion, redirection): ``sh: message``, status 1."""
        io.err.write(f"{self.argv0}: {message}\n".encode())
        return 1

    def child(self, argv0: str | None = None, positional: list[str] | None = None) -> Shell:
        sub = Shell(
            self.device,
            argv0=argv0 or self.argv0,
            cwd=self.cwd,
            variables=self.vars,
            positional=self.positional if positional is None else positional,
            uid=self.uid,
        )
        sub.status = self.status
        sub.functions = dict(self.functions)
        return sub

    # -- lists -------------------------------------------------------------------------------
    def exec_list(self, node: syntax.CommandList, io: IO) -> int:
        status = self.status
        for item in node.items:
            if item.background:
                sub = self.child()
                sub.contained(lambda: sub.exec_and_or(item.and_or, io))  # noqa: B023 — called at once
                self._last_bg_pid = str(_fake_pid(f"bg{id(item)}"))
                status = 0
            else:
                status = self.exec_and_or(item.and_or, io)
            self.status = status
            exempt, self._errexit_exempt = self._errexit_exempt, False
            if self.errexit and status != 0 and self._condition_depth == 0 and not item.background and not exempt:
                raise ShellExit(status)
        return status

    def exec_and_or(self, node: syntax.AndOr, io: IO) -> int:
        """Run an ``&&``/``||`` list. ``set -e`` only applies when its status comes from the last
        operand: ``false && echo no`` fails without exiting (POSIX)."""
        with self._tested(bool(node.rest)):
            status = self.exec_pipeline(node.first, io)
        ran_last = not node.rest
        for k, (op, pipeline) in enumerate(node.rest):
            self.status = status
            if (op == "&&") != (status == 0):
                continue
            with self._tested(k != len(node.rest) - 1):  # only the last operand's status is the list's
                status = self.exec_pipeline(pipeline, io)
            ran_last = k == len(node.rest) - 1
        self._errexit_exempt = not ran_last
        return status

    def exec_pipeline(self, node: syntax.Pipeline, io: IO) -> int:
        with self._tested(node.negate):
            if len(node.commands) == 1:
                status = self.exec_command(node.commands[0], io)
            else:
                status = self._run_stages(node.commands, io)
        if node.negate:
            status = 0 if status != 0 else 1
        self.status = status
        return status

    def _run_stages(self, commands: list[syntax.Command], io: IO) -> int:
        stdin = io.stdin
        statuses: list[int] = []
        for k, cmd in enumerate(commands):
            last = k == len(commands) - 1
            if last:
                statuses.append(self.exec_command(cmd, IO(stdin, io.out, io.err)))
            else:
                buf = BufferSink()
                sub = self.child()
                statuses.append(sub.contained(lambda: sub.exec_command(cmd, IO(stdin, buf, io.err))))  # noqa: B023
                stdin = Source(buf.getvalue())
        if self.pipefail:
            return next((s for s in reversed(statuses) if s != 0), 0)
        return statuses[-1]

    # -- commands ----------------------------------------------------------------------------
    def exec_command(self, node: syntax.Command, io: IO) -> int:
        if isinstance(node, syntax.SimpleCommand):
            return self.exec_simple(node, io)
        return self._redirected(node.redirects, io, lambda io2: self._exec_compound(node, io2))

    def _redirected(self, redirects: list[syntax.Redirect], io: IO, run: Callable[[IO], int]) -> int:
        """Run with the redirections applied; files they opened are closed afterwards."""
        opened: list[Sink] = []
        try:
            io2 = self.apply_redirects(redirects, io, opened)
        except _RedirectError as exc:
            return self._complain(io, exc)
        try:
            return run(io2)
        finally:
            for sink in opened:
                sink.close()

    def _exec_compound(self, node: syntax.Command, io: IO) -> int:
        if isinstance(node, syntax.Subshell):
            sub = self.child()
            return sub.contained(lambda: sub.exec_list(node.body, io))
        if isinstance(node, syntax.Group):
            return self.exec_list(node.body, io)
        if isinstance(node, syntax.If):
            for cond, body in node.branches:
                if self._condition(cond, io) == 0:
                    return self.exec_list(body, io)
            if node.orelse is not None:
                return self.exec_list(node.orelse, io)
            return 0
        if isinstance(node, syntax.For):
            items = self.positional if node.items is None else self.expand_words(node.items)
            status = 0
            for value in items:
                self.vars[node.var] = value
                status, stop = self._loop_pass(node.body, io, status)
                if stop:
                    break
            return status
        if isinstance(node, syntax.Case):
            value = self.expand_single(node.word, io)
            for patterns, body in node.items:
                if any(fnmatch.fnmatchcase(value, self._pattern(p, io)) for p in patterns):
                    return self.exec_list(body, io)
            return 0
        if isinstance(node, syntax.FunctionDef):
            self.functions[node.name] = node.body
            return 0
        if isinstance(node, syntax.While):
            status = 0
            while True:
                cond = self._condition(node.cond, io)
                if (cond == 0) == node.until:
                    break
                status, stop = self._loop_pass(node.body, io, status)
                if stop:
                    break
            return status
        raise TypeError(f"unknown node {node!r}")

    def _loop_pass(self, body: syntax.CommandList, io: IO, status: int) -> tuple[int, bool]:
        """One pass of a loop body: (status, whether ``break`` ends the loop).

        ``continue`` keeps the previous status; ``break N``/``continue N`` go on to the enclosing loop.
        """
        try:
            return self.exec_list(body, io), False
        except LoopControl as ctl:
            if ctl.levels > 1:
                raise LoopControl(ctl.kind, ctl.levels - 1) from None
            return status, ctl.kind == "break"

    def _pattern(self, word: syntax.Word, io: IO) -> str:
        """A case pattern: expansions apply, quoted characters match literally."""
        out: list[str] = []
        for part in word.parts:
            text = part.text if isinstance(part, syntax.Lit) else " ".join(self._part_values(part, io))
            quoted = part.quoted
            out.append("".join(f"[{c}]" if quoted and c in "*?[]" else c for c in text))
        return "".join(out)

    def call_function(self, argv: list[str], io: IO) -> int:
        body = self.functions[argv[0]]
        saved = self.positional
        self.positional = argv[1:]
        self._function_depth += 1
        try:
            return self.exec_command(body, io)
        except FunctionReturn as ret:
            return ret.code
        finally:
            self._function_depth -= 1
            self.positional = saved

    def _condition(self, node: syntax.CommandList, io: IO) -> int:
        with self._tested():
            return self.exec_list(node, io)

    def exec_simple(self, node: syntax.SimpleCommand, io: IO) -> int:
        self._subst_status = None
        try:
            argv = self.expand_words(node.words, io=io)
            assigns = [(name, self.expand_single(word, io=io)) for name, word in node.assignments]
        except ExpansionError as exc:
            return self._complain(io, exc)
        return self._redirected(node.redirects, io, lambda io2: self._run_simple(argv, assigns, io2))

    def _run_simple(self, argv: list[str], assigns: list[tuple[str, str]], io: IO) -> int:
        if not argv:
            for name, value in assigns:
                self.vars[name] = value
            return self._subst_status if self._subst_status is not None else 0
        env = dict(self.vars)
        env.update(assigns)
        return self.dispatch(argv, io, env)

    def dispatch(self, argv: list[str], io: IO, env: dict[str, str] | None = None) -> int:
        """Run one command by name: shell builtins, then the device's command registry."""
        name = argv[0]
        lookup = name
        if "/" in name:
            directory, base = posixpath.split(name)
            lookup = base if directory in BIN_DIRS else ""
        if name in self.functions:
            return self.call_function(argv, io)
        builtin = _BUILTINS.get(lookup)
        if builtin is not None:
            return builtin(self, argv, io)
        fn = REGISTRY.get(lookup)
        if fn is None and "/" in name:
            return self._run_script_file(argv, io, env)
        if fn is None:
            io.err.write(f"{self.argv0}: {name}: inaccessible or not found\n".encode())
            return 127
        inv = Invocation(self, lookup, argv[1:], io, env if env is not None else dict(self.vars))
        try:
            return fn(inv)
        except UsageError as exc:
            inv.error(str(exc))
            return 1
        except OSError as exc:
            inv.error(strerror(exc))
            return 1
        except (ValueError, LookupError) as exc:  # e.g. a non-numeric option value
            inv.error(str(exc) or type(exc).__name__)
            return 1

    def _run_script_file(self, argv: list[str], io: IO, env: dict[str, str] | None) -> int:
        """Execute a shell script by path (``/data/local/tmp/x.sh``); other files cannot run here."""
        host = self.device.fs.host(argv[0], self.cwd)
        if not host.is_file():
            io.err.write(f"{self.argv0}: {argv[0]}: inaccessible or not found\n".encode())
            return 127
        if not os.stat(host).st_mode & 0o111:
            io.err.write(f"{self.argv0}: {argv[0]}: can't execute: Permission denied\n".encode())
            return 126
        data = host.read_bytes()
        if data.startswith(b"\x7fELF"):
            io.err.write(f"{self.argv0}: {argv[0]}: native binaries cannot run on the simulated device\n".encode())
            return 126
        script = data.decode(errors="replace")
        sub = Shell(self.device, argv0=argv[0], cwd=self.cwd, variables=env if env is not None else self.vars,
                    positional=argv[1:], uid=self.uid)
        return sub.run_script(script, io)

    def run_argv(self, argv: list[str], io: IO) -> int:
        """Run a command given as argv (``su``, ``run-as``, ``xargs``); ``exit`` is contained."""
        try:
            return self.dispatch(argv, io)
        except ShellExit as exc:
            return exc.code

    def stamp(self, host: Path) -> None:
        """Give a file the device clock's mtime (host time differs once ``date`` was set)."""
        now = self.device.clock.now()
        try:
            os.utime(host, (now, now), follow_symlinks=False)
        except OSError:
            pass

    # -- redirections ------------------------------------------------------------------------
    def apply_redirects(self, redirects: list[syntax.Redirect], io: IO, opened: list[Sink]) -> IO:
        if not redirects:
            return io
        fds: dict[int, Sink | Source] = {0: io.stdin, 1: io.out, 2: io.err}
        for r in redirects:
            target = self.expand_single(r.target, io=io)
            if r.op in (">&", "<&"):
                if target == "-":
                    fds[r.fd] = NullSink() if r.fd != 0 else Source()
                    continue
                if target.isdigit() and int(target) in fds:
                    fds[r.fd] = fds[int(target)]
                    continue
                if r.op == ">&":  # ">& file" (mksh: both stdout and stderr)
                    sink = self._open_sink(target, append=False, opened=opened)
                    fds[1] = fds[2] = sink
                    continue
                raise _RedirectError(f"{target}: bad file descriptor")
            if r.op == "<<":
                fds[r.fd] = Source(target.encode())
                continue
            if r.op == "&>":
                sink = self._open_sink(target, append=False, opened=opened)
                fds[1] = fds[2] = sink
            elif r.op == "<":
                fds[r.fd] = self._open_source(target)
            else:
                fds[r.fd] = self._open_sink(target, append=r.op == ">>", opened=opened)
        stdin = fds[0] if isinstance(fds[0], Source) else Source()
        out = fds[1] if isinstance(fds[1], Sink) else NullSink()
        err = fds[2] if isinstance(fds[2], Sink) else NullSink()
        return IO(stdin, out, err)

    def _open_sink(self, target: str, append: bool, opened: list[Sink]) -> Sink:
        path = self.device.fs.normalize(target, self.cwd)
        if path in ("/dev/null", "/dev/zero"):
            return NullSink()
        try:
            host = self.device.fs.writable_host(target, self.cwd)
            sink = FileSink(host, append, on_close=self.stamp)
        except OSError as exc:
            raise _RedirectError(f"can't create {target}: {strerror(exc)}") from None
        opened.append(sink)
        return sink

    def _open_source(self, target: str) -> Source:
        path = self.device.fs.normalize(target, self.cwd)
        if path in ("/dev/null", "/dev/zero"):
            return Source()
        try:
            return Source(self.device.fs.host(target, self.cwd).read_bytes())
        except OSError as exc:
            raise _RedirectError(f"can't open {target}: {strerror(exc)}") from None

    # -- expansion ---------------------------------------------------------------------------
    def expand_single(self, word: syntax.Word, io: IO | None = None) -> str:
        """Expand without field splitting or globbing (assignments, redirect targets)."""
        out: list[str] = []
        for part in word.parts:
            if isinstance(part, syntax.Lit):
                out.append(part.text)
            else:
                values = self._part_values(part, io)
                out.append(" ".join(values))
        return "".join(out)

    def expand_words(self, words: list[syntax.Word], io: IO | None = None) -> list[str]:
        argv: list[str] = []
        for word in words:
            for field_chars in self._split_fields(word, io):
                argv.extend(self._glob(field_chars))
        return argv

    def _split_fields(self, word: syntax.Word, io: IO | None) -> list[Chars]:
        fields: list[Chars] = []
        current: Chars = []
        keep = False
        for part in word.parts:
            if isinstance(part, syntax.Lit):
                current.extend((c, not part.quoted) for c in part.text)
                keep = keep or part.quoted or bool(part.text)
                continue
            values = self._part_values(part, io)
            if part.quoted:
                for k, value in enumerate(values):
                    if k > 0:
                        fields.append(current)
                        current = []
                    current.extend((c, False) for c in value)
                    keep = True
                continue
            text = " ".join(values)
            if not text:
                continue
            pieces = re.split(r"[ \t\n]+", text)
            for k, piece in enumerate(pieces):
                if k > 0:
                    if keep or current:
                        fields.append(current)
                    current = []
                    keep = False
                if piece:
                    current.extend((c, True) for c in piece)
                    keep = True
        if keep or current:
            fields.append(current)
        return fields

    def _part_values(self, part: syntax.Part, io: IO | None) -> list[str]:
        if isinstance(part, syntax.Lit):
            return [part.text]
        if isinstance(part, syntax.CmdSub):
            return [self._command_substitution(part.script, io)]
        if isinstance(part, syntax.Arith):
            return [str(self._arith(part.expr, io))]
        return self._param_values(part, io)

    def _command_substitution(self, script: str, io: IO | None) -> str:
        sub = self.child()
        out = BufferSink()
        err = io.err if io is not None else NullSink()
        status = sub.run_script(script, IO(Source(), out, err))
        self._subst_status = status
        return out.getvalue().decode(errors="replace").rstrip("\n")

    def _lookup(self, name: str) -> list[str] | None:
        if name == "?":
            return [str(self.status)]
        if name == "$":
            return [str(_fake_pid(f"sh{id(self)}"))]
        if name == "#":
            return [str(len(self.positional))]
        if name in ("@", "*"):
            return list(self.positional) if name == "@" else [" ".join(self.positional)]
        if name == "0":
            return [self.argv0]
        if name.isdigit():
            k = int(name)
            return [self.positional[k - 1]] if k <= len(self.positional) else None
        if name == "!":
            return [self._last_bg_pid]
        if name == "-":
            return ["e" if self.errexit else ""]
        value = self.vars.get(name)
        return None if value is None else [value]

    def _param_values(self, part: syntax.Param, io: IO | None) -> list[str]:
        values = self._lookup(part.name)
        op = part.op
        if op is None:
            return values or []
        if op == "#":
            return [str(len(" ".join(values or [])))]
        value = " ".join(values) if values is not None else None
        is_set = value is not None
        non_empty = bool(value)
        arg = self.expand_single(part.arg, io) if part.arg is not None else ""
        if op in (":-", "-"):
            use_default = not non_empty if op == ":-" else not is_set
            return [arg] if use_default else values or []
        if op in (":=", "="):
            if (not non_empty) if op == ":=" else (not is_set):
                self.vars[part.name] = arg
                return [arg]
            return values or []
        if op in (":+", "+"):
            use_alt = non_empty if op == ":+" else is_set
            return [arg] if use_alt else []
        if op in (":?", "?"):
            if (not non_empty) if op == ":?" else (not is_set):
                raise ExpansionError(f"{part.name}: {arg or 'parameter null or not set'}")
            return values or []
        text = value or ""
        if op in ("%", "%%"):
            rng = range(len(text), -1, -1) if op == "%" else range(0, len(text) + 1)
            for cut in rng:
                if fnmatch.fnmatchcase(text[cut:], arg):
                    return [text[:cut]]
            return [text]
        if op in ("#p", "##"):
            rng = range(0, len(text) + 1) if op == "#p" else range(len(text), -1, -1)
            for cut in rng:
                if fnmatch.fnmatchcase(text[:cut], arg):
                    return [text[cut:]]
            return [text]
        return values or []

    def _arith(self, expr: str, io: IO | None) -> int:
        text = expr
        if "$" in text:  # expand $x / ${x} / $(cmd) inside the expression first
            text = self.expand_single(syntax.parse_loose_word(text), io)
        return _eval_arith(text, self.vars)

    def _glob(self, chars: Chars) -> list[str]:
        literal = "".join(c for c, _ in chars)
        if not any(active and c in _GLOB_CHARS for c, active in chars):
            return [literal]
        matches = glob_device(self.device, self.cwd, chars)
        return matches or [literal]


class _RedirectError(Exception):
    pass


def default_environment() -> dict[str, str]:
    """Environment of ``adb shell`` as root on an API 33 emulator."""
    return {
        "PATH": "/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:"
        "/system_ext/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin",
        "HOME": "/",
        "USER": "root",
        "LOGNAME": "root",
        "SHELL": "/bin/sh",
        "HOSTNAME": "emu64xa",
        "TMPDIR": "/data/local/tmp",
        "ANDROID_DATA": "/data",
        "ANDROID_ROOT": "/system",
        "EXTERNAL_STORAGE": "/sdcard",
        "ANDROID_STORAGE": "/storage",
        "IFS": " \t\n",
    }


def _fake_pid(key: str) -> int:
    import zlib

    return 2000 + zlib.crc32(key.encode()) % 28000


# -- globbing ------------------------------------------------------------------------------------


def _component_pattern(chars: Chars) -> str:
    out: list[str] = []
    for c, active in chars:
        if c in _GLOB_CHARS or c == "]":
            out.append(c if active else f"[{c}]")
        else:
            out.append(c)
    return "".join(out)


def glob_device(device: SimDevice, cwd: str, chars: Chars) -> list[str]:
    """Pathname expansion against the device filesystem, returning paths as the user wrote them."""
    components: list[Chars] = [[]]
    for c, active in chars:
        if c == "/":
            components.append([])
        else:
            components[-1].append((c, active))
    absolute = not components[0]
    prefixes = ["/" if absolute else ""]
    if absolute:
        components = components[1:]
    for idx, comp in enumerate(components):
        last = idx == len(components) - 1
        has_glob = any(active and c in _GLOB_CHARS for c, active in comp)
        text = "".join(c for c, _ in comp)
        next_prefixes: list[str] = []
        for prefix in prefixes:
            if not has_glob:
                candidate = prefix + text
                if last:
                    if device.fs.host(candidate or ".", cwd).exists() or device.fs.host(candidate, cwd).is_symlink():
                        next_prefixes.append(candidate)
                else:
                    next_prefixes.append(candidate + "/")
                continue
            directory = prefix or "."
            host_dir = device.fs.host(directory, cwd)
            try:
                names = sorted(os.listdir(host_dir))
            except OSError:
                continue
            pattern = _component_pattern(comp)
            for name in names:
                if name.startswith(".") and not text.startswith("."):
                    continue
                if fnmatch.fnmatchcase(name, pattern):
                    full = prefix + name
                    if last:
                        next_prefixes.append(full)
                    elif (host_dir / name).is_dir():
                        next_prefixes.append(full + "/")
        prefixes = next_prefixes
        if not prefixes:
            return []
    return sorted(prefixes)


# -- arithmetic ----------------------------------------------------------------------------------

_BINOPS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: lambda a, b: int(a / b),
    ast.Div: lambda a, b: int(a / b),
    ast.Mod: lambda a, b: a - b * int(a / b),
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_,
    ast.BitXor: operator.xor,
}
_CMPOPS: dict[type, Callable[[int, int], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _eval_arith(expr: str, variables: dict[str, str]) -> int:
    """Integer arithmetic as in ``$(( ))``: C operators mapped onto a restricted Python AST."""
    text = expr.replace("&&", " and ").replace("||", " or ").strip()
    text = re.sub(r"!(?!=)", " not ", text)
    text = text.replace("/", "//")
    if not text:
        return 0
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise ExpansionError(f"{expr}: syntax error") from None

    def ev(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return int(node.value)
        if isinstance(node, ast.Name):
            raw = variables.get(node.id, "0") or "0"
            try:
                return int(raw, 0)
            except ValueError:
                return 0
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            right = ev(node.right)
            if isinstance(node.op, (ast.FloorDiv, ast.Div, ast.Mod)) and right == 0:
                raise ExpansionError(f"{expr}: divide by zero")
            return _BINOPS[type(node.op)](ev(node.left), right)
        if isinstance(node, ast.UnaryOp):
            value = ev(node.operand)
            if isinstance(node.op, ast.USub):
                return -value
            if isinstance(node.op, ast.UAdd):
                return value
            if isinstance(node.op, ast.Not):
                return int(not value)
            if isinstance(node.op, ast.Invert):
                return ~value
        if isinstance(node, ast.BoolOp):
            vals = [ev(v) for v in node.values]
            return int(all(vals)) if isinstance(node.op, ast.And) else int(any(vals))
        if isinstance(node, ast.Compare):
            left = ev(node.left)
            for op, comp in zip(node.ops, node.comparators, strict=True):
                right = ev(comp)
                if type(op) not in _CMPOPS or not _CMPOPS[type(op)](left, right):
                    return 0
                left = right
            return 1
        if isinstance(node, ast.IfExp):
            return ev(node.body) if ev(node.test) else ev(node.orelse)
        raise ExpansionError(f"{expr}: syntax error")

    return ev(tree)


# -- builtins that need the shell itself ---------------------------------------------------------

Builtin = Callable[[Shell, list[str], IO], int]


def _b_cd(sh: Shell, argv: list[str], io: IO) -> int:
    target = argv[1] if len(argv) > 1 else sh.vars.get("HOME", "/")
    if target == "-":
        target = sh.vars.get("OLDPWD", sh.cwd)
    path = sh.device.fs.normalize(target, sh.cwd)
    display = posixpath.normpath(target if target.startswith("/") else posixpath.join(sh.cwd, target))
    if not sh.device.fs.host(path).is_dir():
        io.err.write(f"{sh.argv0}: cd: {target}: No such file or directory\n".encode())
        return 2
    sh.vars["OLDPWD"] = sh.cwd
    sh.cwd = display
    sh.vars["PWD"] = display
    return 0


def _b_pwd(sh: Shell, argv: list[str], io: IO) -> int:
    io.out.write(f"{sh.cwd}\n".encode())
    return 0


def _b_export(sh: Shell, argv: list[str], io: IO) -> int:
    for arg in argv[1:]:
        if arg.startswith("-"):
            continue
        name, eq, value = arg.partition("=")
        if eq:
            sh.vars[name] = value
        else:
            sh.vars.setdefault(name, "")
    return 0


def _b_unset(sh: Shell, argv: list[str], io: IO) -> int:
    for name in argv[1:]:
        if not name.startswith("-"):
            sh.vars.pop(name, None)
    return 0


def _b_exit(sh: Shell, argv: list[str], io: IO) -> int:
    code = sh.status
    if len(argv) > 1:
        try:
            code = int(argv[1]) & 0xFF
        except ValueError:
            io.err.write(f"{sh.argv0}: exit: {argv[1]}: bad number\n".encode())
            code = 1
    raise ShellExit(code)


def _b_return(sh: Shell, argv: list[str], io: IO) -> int:
    code = int(argv[1]) & 0xFF if len(argv) > 1 and argv[1].lstrip("-").isdigit() else sh.status
    if sh._function_depth > 0:
        raise FunctionReturn(code)
    raise ShellExit(code)


def _b_loop(kind: str) -> Builtin:
    def run(sh: Shell, argv: list[str], io: IO) -> int:
        levels = int(argv[1]) if len(argv) > 1 and argv[1].isdigit() else 1
        raise LoopControl(kind, max(levels, 1))

    return run


def _b_true(sh: Shell, argv: list[str], io: IO) -> int:
    return 0


def _b_false(sh: Shell, argv: list[str], io: IO) -> int:
    return 1


def _b_set(sh: Shell, argv: list[str], io: IO) -> int:
    args = argv[1:]
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("-o", "+o") and i + 1 < len(args):
            if args[i + 1] == "pipefail":
                sh.pipefail = arg == "-o"
            elif args[i + 1] == "errexit":
                sh.errexit = arg == "-o"
            i += 2
            continue
        if arg == "--":
            sh.positional = args[i + 1:]
            return 0
        if arg[:1] in ("-", "+") and len(arg) > 1:
            if "e" in arg:
                sh.errexit = arg[0] == "-"
            i += 1
            continue
        sh.positional = args[i:]
        return 0
    return 0


def _b_shift(sh: Shell, argv: list[str], io: IO) -> int:
    n = int(argv[1]) if len(argv) > 1 and argv[1].isdigit() else 1
    if n > len(sh.positional):
        return 1
    sh.positional = sh.positional[n:]
    return 0


def _b_eval(sh: Shell, argv: list[str], io: IO) -> int:
    script = " ".join(argv[1:])
    try:
        tree = syntax.parse(script)
    except syntax.ShellSyntaxError as exc:
        return sh._complain(io, exc)
    return sh.exec_list(tree, io)


def _b_source(sh: Shell, argv: list[str], io: IO) -> int:
    if len(argv) < 2:
        return 0
    try:
        script = sh.device.fs.host(argv[1], sh.cwd).read_text()
    except OSError as exc:
        io.err.write(f"{sh.argv0}: {argv[1]}: {strerror(exc)}\n".encode())
        return 1
    return sh.exec_list(syntax.parse(script), io)


def _b_read(sh: Shell, argv: list[str], io: IO) -> int:
    names = [a for a in argv[1:] if not a.startswith("-")] or ["REPLY"]
    raw = "-r" in argv[1:]
    line = io.stdin.readline()
    if line is None:
        for name in names:
            sh.vars[name] = ""
        return 1
    text = line.decode(errors="replace").rstrip("\n")
    if not raw:
        text = text.replace("\\", "")
    if len(names) == 1:
        sh.vars[names[0]] = text.strip(" \t")
    else:
        pieces = text.split(None, len(names) - 1)
        for k, name in enumerate(names):
            sh.vars[name] = pieces[k] if k < len(pieces) else ""
    return 0 if line.endswith(b"\n") else 1


def _describe(names: list[str], io: IO, builtin: str, command: str, missing: str | None) -> int:
    """One line per name from the template for what it is (``{name}`` filled in); 1 if any is unknown."""
    status = 0
    for name in names:
        if name in _BUILTINS:
            line: str | None = builtin
        elif name in REGISTRY:
            line = command
        else:
            line, status = missing, 1
        if line is not None:
            io.out.write((line.format(name=name) + "\n").encode())
    return status


def _b_command(sh: Shell, argv: list[str], io: IO) -> int:
    args = argv[1:]
    if args and args[0] in ("-v", "-V"):
        return _describe(args[1:], io, "{name}", "/system/bin/{name}", None)
    if not args:
        return 0
    return sh.dispatch(args, io)


def _b_exec(sh: Shell, argv: list[str], io: IO) -> int:
    if len(argv) < 2:
        return 0
    raise ShellExit(sh.dispatch(argv[1:], io))


def _b_wait(sh: Shell, argv: list[str], io: IO) -> int:
    return 0


def _b_type(sh: Shell, argv: list[str], io: IO) -> int:
    return _describe(argv[1:], io, "{name} is a shell builtin", "{name} is a tracked alias for /system/bin/{name}",
                     "{name} not found")


_BUILTINS: dict[str, Builtin] = {
    "cd": _b_cd,
    "pwd": _b_pwd,
    "export": _b_export,
    "readonly": _b_export,
    "local": _b_export,
    "unset": _b_unset,
    "exit": _b_exit,
    "return": _b_return,
    "break": _b_loop("break"),
    "continue": _b_loop("continue"),
    ":": _b_true,
    "true": _b_true,
    "false": _b_false,
    "set": _b_set,
    "shift": _b_shift,
    "eval": _b_eval,
    ".": _b_source,
    "source": _b_source,
    "read": _b_read,
    "command": _b_command,
    "exec": _b_exec,
    "wait": _b_wait,
    "trap": _b_true,
    "umask": _b_true,
    "type": _b_type,
}
