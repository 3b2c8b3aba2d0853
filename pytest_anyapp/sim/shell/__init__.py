"""The device shell: parses a command line like toybox ``sh`` and runs commands (owner: sim-shell).

CONTRACT: ``run(device, cmdline, stdin=b"") -> ShellResult`` is the only entry point wire services
use. It never raises for a command error: errors become stderr text and a non-zero exit code,
and an unknown command prints ``/system/bin/sh: NAME: inaccessible or not found`` with exit 127.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice


@dataclass
class ShellResult:
    stdout: bytes
    stderr: bytes
    exit_code: int


def run(device: SimDevice, cmdline: str, stdin: bytes = b"") -> ShellResult:
    raise NotImplementedError("sim shell not implemented yet")
