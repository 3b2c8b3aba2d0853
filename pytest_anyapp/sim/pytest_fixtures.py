"""pytest fixtures for tests that need a simulated device behind the real adb server.

Enable with ``pytest_plugins = ["pytest_anyapp.sim.pytest_fixtures"]`` in a conftest.
"""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.testing import RunningDevice, running_device


@pytest.fixture(scope="session")
def adb_server() -> int:
    """Port of a running real adb server ($ANDROID_ADB_SERVER_PORT or 5037); started if needed."""
    if shutil.which("adb") is None and not Path("/usr/bin/adb").exists():
        pytest.skip("the adb CLI is not installed")
    port = registration.adb_server_port()
    registration.ensure_adb_server(port)
    return port


@pytest.fixture
def sim_device(adb_server: int, tmp_path: Path) -> Iterator[RunningDevice]:
    """A fresh simulated device, registered with the real adb server, stopped after the test."""
    with running_device(tmp_path / "sim-device", adb_server_port=adb_server) as device:
        yield device
