"""What a command implementation sees: its arguments, stdin/stdout/stderr and the device.

Commands are plain functions ``(inv: Invocation) -> int`` registered with :func:`command`. They
never raise for user errors: they write a toybox-style message to stderr and return non-zero.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_anyapp.sim.shell.streams import Sink

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice
    from pytest_anyapp.sim.shell.interpreter import Shell


class Source:
    """Standard input as a consumable byte stream (``read`` takes a line, ``cat`` the rest)."""

    def __init__(self, data: bytes = b"") -> None:
        self.data = data
        self.pos = 0

    def read_all(self) -> bytes:
        chunk = self.data[self.pos:]
        self.pos = len(self.data)
        return chunk

    def readline(self) -> bytes | None:
        if self.pos >= len(self.data):
            return None
        end = self.data.find(b"\n", self.pos)
        end = len(self.data) if end < 0 else end + 1
        line = self.data[self.pos:end]
        self.pos = end
        return line


@dataclass
class IO:
    stdin: Source
    out: Sink
    err: Sink


class UsageError(Exception):
    """Bad command-line options; printed as ``<cmd>: <message>`` with exit status 1."""


@dataclass
class Invocation:
    shell: Shell
    name: str
    args: list[str]
    io: IO
    env: dict[str, str] = field(default_factory=dict)
    status: int = 0  # 1 once an operand failed (toybox's exitval); commands that go on return it

    @property
    def device(self) -> SimDevice:
        return self.shell.device

    @property
    def cwd(self) -> str:
        return self.shell.cwd

    def read_stdin(self) -> bytes:
        return self.io.stdin.read_all()

    def out(self, data: str | bytes) -> None:
        self.io.out.write(data.encode() if isinstance(data, str) else data)

    def err(self, data: str | bytes) -> None:
        self.io.err.write(data.encode() if isinstance(data, str) else data)

    def error(self, msg: str) -> None:
        """toybox/AOSP style ``name: msg`` on stderr."""
        self.err(f"{self.name}: {msg}\n")

    def fail(self, msg: str) -> None:
        """Report a failed operand and remember it: the command goes on, then exits with ``status``."""
        self.error(msg)
        self.status = 1

    def normalize(self, path: str) -> str:
        return self.device.fs.normalize(path, self.cwd)

    def host(self, path: str) -> Path:
        return self.device.fs.host(path, self.cwd)

    def writable_host(self, path: str) -> Path:
        """The host path of a file the command is about to change; OSError(EROFS) under /system."""
        return self.device.fs.writable_host(path, self.cwd)

    def stamp(self, host: Path) -> None:
        """Set a written file's times to the device clock."""
        self.shell.stamp(host)

    def read_file(self, path: str) -> bytes:
        """Bytes of a device file (``-`` is stdin); raises OSError like open()."""
        if path == "-":
            return self.read_stdin()
        if self.normalize(path) == "/dev/null":
            return b""
        host = self.host(path)
        if host.is_dir():
            raise IsADirectoryError(21, os.strerror(21))
        return host.read_bytes()

    def read_each(self, paths: Iterable[str]) -> Iterator[tuple[str, bytes]]:
        """(path, bytes) of each file in turn; an unreadable one is reported with :meth:`fail` and skipped."""
        for path in paths:
            try:
                data = self.read_file(path)
            except OSError as exc:
                self.fail(f"{path}: {strerror(exc)}")
                continue
            yield path, data


CommandFn = Callable[[Invocation], int]

REGISTRY: dict[str, CommandFn] = {}


def command(*names: str) -> Callable[[CommandFn], CommandFn]:
    """Register a command implementation under one or more names."""

    def register(fn: CommandFn) -> CommandFn:
        for name in names:
            REGISTRY[name] = fn
        return fn

    return register


def strerror(exc: OSError) -> str:
    """The libc message for an OSError, as bionic prints it."""
    if exc.errno is not None:
        return os.strerror(exc.errno)
    return str(exc)


def need_operands(operands: Sequence[str], count: int) -> None:
    """toybox's minimum operand count: fewer is a usage error (``Needs 2 arguments``)."""
    if len(operands) < count:
        raise UsageError(f"Needs {count} argument{'s' if count > 1 else ''}")


def drop_options(args: Sequence[str], with_value: Collection[str], flags: Collection[str] = ()) -> list[str]:
    """``args`` without options the command ignores (``--user 0``): a ``with_value`` option also drops
    the word after it (kept when nothing follows), a ``flags`` option stands alone."""
    out: list[str] = []
    i = 0
    while i < len(args):
        if args[i] in with_value and i + 1 < len(args):
            i += 2
            continue
        if args[i] not in flags:
            out.append(args[i])
        i += 1
    return out


def parse_opts(
    args: list[str],
    spec: str,
    *,
    long: dict[str, str] | None = None,
    permute: bool = True,
) -> tuple[dict[str, list[str]], list[str]]:
    """Getopt like toybox: short flags (``spec`` "ab:c", ``:`` = takes a value), grouped flags,
    options after operands (``permute``), ``--`` ends options. ``long`` maps ``--name`` (or
    ``--name=``) to a short key. Returns ({flag: [values...]}, operands); a bare flag maps to [""].
    """
    takes_value = {c for i, c in enumerate(spec) if i + 1 < len(spec) and spec[i + 1] == ":"}
    flags = {c for c in spec if c != ":"}
    long = long or {}
    opts: dict[str, list[str]] = {}
    operands: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            operands.extend(args[i:])
            break
        if arg.startswith("--") and long:
            name, eq, value = arg[2:].partition("=")
            key = long.get(name) or long.get(name + "=")
            if key is None:
                raise UsageError(f"Unknown option '{arg}'")
            if (name + "=") in long and not eq:
                if i >= len(args):
                    raise UsageError(f"Missing argument to '{arg}'")
                value = args[i]
                i += 1
            opts.setdefault(key, []).append(value)
            continue
        if arg.startswith("-") and len(arg) > 1 and not (operands and not permute):
            j = 1
            while j < len(arg):
                c = arg[j]
                if c not in flags:
                    raise UsageError(f"Unknown option '{c}'")
                if c in takes_value:
                    value = arg[j + 1:]
                    if not value:
                        if i >= len(args):
                            raise UsageError(f"Missing argument to -{c}")
                        value = args[i]
                        i += 1
                    opts.setdefault(c, []).append(value)
                    break
                opts.setdefault(c, []).append("")
                j += 1
            continue
        operands.append(arg)
        if not permute:
            operands.extend(args[i:])
            break
    return opts, operands
