"""Fixtures for shell unit tests: a real SimDevice in a temp dir and a ``sh`` runner."""
from __future__ import annotations

from pathlib import Path

import pytest
from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.shell import ShellResult, run


@pytest.fixture
def device(tmp_path: Path) -> SimDevice:
    return SimDevice(DeviceConfig(state_dir=tmp_path / "device"))


@pytest.fixture
def sh(device: SimDevice) -> Sh:
    """Run a command line on the device; ``sh(cmd, stdin=b"")`` returns the ShellResult."""

    def runner(cmdline: str, stdin: bytes = b"") -> ShellResult:
        return run(device, cmdline, stdin)

    return runner


@pytest.fixture
def out(sh: Sh) -> Out:
    """Run a command that must succeed and return its stdout as text."""

    def runner(cmdline: str) -> str:
        result = sh(cmdline)
        assert result.exit_code == 0, (cmdline, result)
        return result.stdout.decode()

    return runner
