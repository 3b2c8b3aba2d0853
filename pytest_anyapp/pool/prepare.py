"""Bring a freshly started emulator to the benchmark's baseline (notes §12, headless launcher):
booted, adbd root (fail closed: verifiers read app-private databases), animations off, hidden-API
policy relaxed. Used by ``anyapp pool up`` and ``anyapp pool reset`` after a container starts."""

from __future__ import annotations

import time

import adbutils

from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.errors import DeviceError, DeviceHealthError

POST_BOOT_SETTINGS: tuple[tuple[str, str], ...] = (
    ("window_animation_scale", "0.0"),
    ("transition_animation_scale", "0.0"),
    ("animator_duration_scale", "0.0"),
    ("hidden_api_policy_pre_p_apps", "1"),
    ("hidden_api_policy_p_apps", "1"),
    ("hidden_api_policy", "1"),
)


def wait_booted(device: DeviceClient, *, timeout_s: float, poll_s: float = 2.0) -> None:
    """Poll ``sys.boot_completed`` (``adb wait-for-device`` only means adbd is up)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if device.run("getprop sys.boot_completed", timeout_s=10).stdout.strip() == "1":
                return
        except DeviceError:
            pass
        if time.monotonic() > deadline:
            raise DeviceHealthError(f"{device.serial}: not booted after {timeout_s:.0f}s (sys.boot_completed != 1)")
        time.sleep(poll_s)


def ensure_root(device: DeviceClient, adb: adbutils.AdbDevice, *, tries: int = 30) -> None:
    for _ in range(tries):
        if device.run("id -u").stdout.strip() == "0":
            return
        try:
            adb.root()
        except (adbutils.AdbError, OSError):
            pass
        time.sleep(1)
    raise DeviceHealthError(f"{device.serial}: adbd is not root after {tries} tries (adb root refused?)")


def apply_post_boot_settings(device: DeviceClient) -> None:
    script = "; ".join(f"settings put global {k} {v}" for k, v in POST_BOOT_SETTINGS)
    device.check(script)
    got = device.check("; ".join(f"settings get global {k}" for k, _ in POST_BOOT_SETTINGS)).split()
    want = [v for _, v in POST_BOOT_SETTINGS]
    if [g.rstrip("0").rstrip(".") or "0" for g in got] != [w.rstrip("0").rstrip(".") or "0" for w in want]:
        raise DeviceError(f"{device.serial}: post-boot settings did not stick: {got}")


def prepare(device: DeviceClient, adb: adbutils.AdbDevice, *, boot_timeout_s: float = 600) -> None:
    wait_booted(device, timeout_s=boot_timeout_s)
    ensure_root(device, adb)
    apply_post_boot_settings(device)
