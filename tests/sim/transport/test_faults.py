"""Fault injection: dropped connections, delayed and hung commands."""
from __future__ import annotations

import threading
import time

import adbutils
import pytest

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.testing import RunningDevice


def test_drop_adb_after_n_commands(adb_device: adbutils.AdbDevice, adb_server: int,
                                   sim_device: RunningDevice) -> None:
    sim_device.device.set_faults(drop_adb_after=2)
    assert adb_device.shell2("first", v2=True).returncode == 127
    assert adb_device.shell2("second", v2=True).returncode == 127
    assert sim_device.device.faults.drop_adb_after == 0
    with pytest.raises((adbutils.AdbError, EOFError, OSError)):
        adb_device.shell2("third", v2=True)
    assert registration.wait_until_not_online(sim_device.serial, adb_server, timeout_s=30)
    assert sim_device.device.faults.drop_adb_after is None  # one-shot
    # Announcing the device again brings it back, as for an emulator whose adb link was reset.
    registration.register_device(sim_device.console_port, adb_server)
    assert adb_device.shell2("fourth", v2=True).returncode == 127


def test_command_delay_applies_to_shell_not_sync(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    sim_device.device.set_faults(command_delay_s=0.3)
    started = time.monotonic()
    result = adb_device.shell2("delayed", v2=True)
    assert time.monotonic() - started >= 0.3  # a lower bound only: never flaky
    assert result.returncode == 127


def test_hung_command_times_out_while_other_streams_work(adb_device: adbutils.AdbDevice,
                                                          sim_device: RunningDevice) -> None:
    sim_device.device.set_faults(hang_commands=True)
    outcome: dict[str, BaseException | str] = {}
    entered = threading.Event()

    def hung() -> None:
        entered.set()
        try:
            outcome["value"] = adb_device.shell("hangs forever", timeout=1)
        except BaseException as exc:  # noqa: BLE001 - recorded for the assertion below
            outcome["value"] = exc

    worker = threading.Thread(target=hung)
    worker.start()
    entered.wait()
    # While the command hangs, sync on the same transport still works.
    adb_device.sync.push(b"alive", "/data/local/tmp/alive.txt")
    assert adb_device.sync.read_bytes("/data/local/tmp/alive.txt") == b"alive"
    worker.join()
    assert isinstance(outcome["value"], adbutils.AdbTimeout)
    sim_device.device.set_faults(hang_commands=False)
    assert adb_device.shell2("answers-again", v2=True).returncode == 127
