"""The device shell: parses a command line like toybox ``sh`` and runs commands (owner: sim-shell).

CONTRACT: ``run(device, cmdline, stdin=b"") -> ShellResult`` is the only entry point wire services
use. It never raises for a command error: errors become stderr text and a non-zero exit code,
and an unknown command prints ``/system/bin/sh: NAME: inaccessible or not found`` with exit 127.

Layout: ``syntax`` (lexer/parser), ``interpreter`` (expansion, redirection, control flow,
builtins), ``runtime`` (what a command sees), ``commands/`` (one module per command family).
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_anyapp.sim.shell import commands as _commands  # noqa: F401  (registers commands)
from pytest_anyapp.sim.shell.interpreter import Shell
from pytest_anyapp.sim.shell.runtime import IO, Source
from pytest_anyapp.sim.shell.streams import BufferSink

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice


@dataclass
class ShellResult:
    stdout: bytes
    stderr: bytes
    exit_code: int


def run(device: SimDevice, cmdline: str, stdin: bytes = b"") -> ShellResult:
    """Run one ``adb shell`` command line as root in ``/`` and collect its output."""
    out, err = BufferSink(), BufferSink()
    shell = Shell(device)
    try:
        code = shell.run_script(cmdline, IO(Source(stdin), out, err))
    except Exception:  # a bug in a command must not kill the transport
        err.write(f"/system/bin/sh: internal error\n{traceback.format_exc()}".encode())
        code = 1
    return ShellResult(out.getvalue(), err.getvalue(), code)
