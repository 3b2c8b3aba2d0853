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
from pytest_anyapp.sim.shell.streams import BufferSink, Sink

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice


@dataclass
class ShellResult:
    stdout: bytes
    stderr: bytes
    exit_code: int


def run(device: SimDevice, cmdline: str, stdin: bytes = b"", *, out: Sink | None = None,
        err: Sink | None = None) -> ShellResult:
    """Run one ``adb shell`` command line as root in ``/`` and collect its output.

    With ``out``/``err`` sinks the output goes there as it is produced (adbd streams a command's
    output) and the result's stdout/stderr hold only what was collected in buffers (nothing)."""
    out_sink: Sink = out if out is not None else BufferSink()
    err_sink: Sink = err if err is not None else BufferSink()
    shell = Shell(device)
    try:
        code = shell.run_script(cmdline, IO(Source(stdin), out_sink, err_sink))
    except Exception:  # a bug in a command must not kill the transport
        err_sink.write(f"/system/bin/sh: internal error\n{traceback.format_exc()}".encode())
        code = 1
    finally:
        device.fs.settle_owners()  # what the command created in app-private storage is root's
    return ShellResult(_collected(out_sink), _collected(err_sink), code)


def _collected(sink: Sink) -> bytes:
    return sink.getvalue() if isinstance(sink, BufferSink) else b""
