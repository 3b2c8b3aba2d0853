"""Fixtures for the scale tests: a simulated device as a lane, loopback servers, test APKs."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.options import LaneSpec
from pytest_anyapp.sim.testing import RunningDevice, running_device

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture(scope="module")
def module_device(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    """One simulated device for a module's tests (registered with the real adb server)."""
    with running_device(tmp_path_factory.mktemp("scale-device"), adb_server_port=adb_server) as device:
        yield device


@pytest.fixture(scope="module")
def lane(module_device: RunningDevice) -> LaneSpec:
    return LaneSpec(console_port=module_device.console_port, grpc_port=module_device.grpc_port)
