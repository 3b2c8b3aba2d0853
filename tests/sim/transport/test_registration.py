"""The device appears to the real adb server exactly like an emulator."""
from __future__ import annotations

import adbutils

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.testing import RunningDevice, running_device


def test_devices_l_lists_emulator_serial_with_banner_props(adb, sim_device: RunningDevice) -> None:
    out = adb("devices", "-l").stdout.decode()
    line = next(line for line in out.splitlines() if line.startswith(sim_device.serial + " "))
    assert sim_device.serial == f"emulator-{sim_device.console_port}"
    assert " device " in line
    assert "product:sdk_gphone64_x86_64" in line
    assert "model:sdk_gphone64_x86_64" in line
    assert "device:emu64xa" in line
    assert "transport_id:" in line


def test_adbutils_sees_state_and_features(adb_client: adbutils.AdbClient, sim_device: RunningDevice) -> None:
    serials = {d.serial for d in adb_client.device_list()}
    assert sim_device.serial in serials
    device = adb_client.device(sim_device.serial)
    assert device.get_state() == "device"
    assert device.get_features() == "shell_v2"


def test_get_state_via_cli(adb) -> None:
    result = adb("get-state")
    assert result.returncode == 0
    assert result.stdout.decode().strip() == "device"


def test_stop_removes_transport(adb_server: int, tmp_path) -> None:
    with running_device(tmp_path / "d", adb_server_port=adb_server) as running:
        serial = running.serial
        assert registration.list_devices(adb_server).get(serial) == "device"
    # The server drops the transport once the connection is gone (it may show "offline" first).
    assert registration.wait_until_not_online(serial, adb_server, timeout_s=30)


def test_reregistering_is_idempotent(adb_server: int, sim_device: RunningDevice) -> None:
    again = registration.register_device(sim_device.console_port, adb_server)
    assert again == sim_device.serial
    listed = [s for s in registration.list_devices(adb_server) if s == sim_device.serial]
    assert listed == [sim_device.serial]
