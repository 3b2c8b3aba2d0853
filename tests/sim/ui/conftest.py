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
    from toy_app import PACKAGE, ToyApp

    from pytest_anyapp.sim.apps import register, unregister

    register(ToyApp)
    try:
        device = SimDevice(DeviceConfig(tmp_path / "toy-dev"))
        assert device.ui.start_app(PACKAGE)
        yield device
    finally:
        unregister(PACKAGE)
