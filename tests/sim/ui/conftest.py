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
def toy(device: SimDevice) -> Iterator[SimDevice]:
    """The device with the toy app registered and launched."""
    from toy_app import PACKAGE, ToyApp

    from pytest_anyapp.sim.apps import register, unregister

    register(ToyApp)
    try:
        assert device.ui.start_app(PACKAGE)
        yield device
    finally:
        unregister(PACKAGE)
