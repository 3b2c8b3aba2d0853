"""The measured screen and the per-episode resolution of an agent's executor semantics (pure)."""

from __future__ import annotations

import pytest

from pytest_anyapp.agents.acting import ActingProfile, resolve
from pytest_anyapp.device.screen import parse_wm_size, png_size, screenshot_size
from pytest_anyapp.errors import DeviceError

from .conftest import png_of


def test_wm_size_override_wins() -> None:
    assert parse_wm_size("Physical size: 1080x2400\n") == (1080, 2400)
    assert parse_wm_size("Physical size: 1080x2400\nOverride size: 720x1600\n") == (720, 1600)
    with pytest.raises(DeviceError, match="screen size"):
        parse_wm_size("wm: not found")


def test_screenshot_must_be_the_measured_screen_or_its_rotation() -> None:
    assert png_size(png_of(720, 1600)) == (720, 1600)
    assert screenshot_size(png_of(1080, 2400), (1080, 2400)) == (1080, 2400)
    assert screenshot_size(png_of(2400, 1080), (1080, 2400)) == (2400, 1080), "rotation flows through"
    with pytest.raises(DeviceError) as info:
        screenshot_size(png_of(720, 1600), (1080, 2400))
    assert info.value.cause == "screen_size"
    with pytest.raises(DeviceError):
        png_size(b"not a png at all, really not")


def test_settle_is_the_models_on_emulators_zero_on_the_sim_and_overridable() -> None:
    declared = ActingProfile(enter_after_type=True, settle_s=3.0, wait_action_s=None)
    emulator = resolve(declared, device_kind="emulator", screen_size=(1080, 2400))
    assert (emulator.settle_s, emulator.enter_after_type, emulator.wait_action_s) == (3.0, True, 1.0)
    assert resolve(declared, device_kind="sim", screen_size=(1080, 2400)).settle_s == 0.0
    forced = resolve(declared, device_kind="sim", screen_size=(1080, 2400), settle_override_s=0.5)
    assert (forced.settle_s, forced.settle_reason) == (0.5, "--settle-after-action")
