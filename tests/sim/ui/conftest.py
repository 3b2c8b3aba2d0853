"""Fixtures for the UI tests: a real SimDevice on a temp dir (no wire services needed)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.sim.device import DeviceConfig, SimDevice


@pytest.fixture
def device(tmp_path: Path) -> Iterator[SimDevice]:
    yield SimDevice(DeviceConfig(tmp_path / "dev"))


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[SimDevice]:
    """A device with the toy app registered before boot (so it is preinstalled), and launched."""
    from toy_app import ToyApp
    from ui_helpers import booted_with

    with booted_with(ToyApp, tmp_path / "toy-dev") as device:
        yield device
