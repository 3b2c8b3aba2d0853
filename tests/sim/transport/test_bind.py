"""``--bind ADDRESS``: a device listens on one chosen local address (for two-address lane tests)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import adbutils
import grpc
import pytest

from pytest_anyapp.options import parse_lanes
from pytest_anyapp.sim import registration
from pytest_anyapp.sim.console_client import console_status
from pytest_anyapp.sim.lifecycle import load_registry
from pytest_anyapp.sim.ports import free_console_port, free_port
from pytest_anyapp.sim.testing import spawn_device

OTHER = "127.0.0.2"  # Linux routes all of 127.0.0.0/8 to loopback


def _listens(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


@pytest.fixture(autouse=True)
def _second_loopback() -> None:
    if not _can_bind(OTHER):
        pytest.skip(f"{OTHER} is not a local address here")


def _can_bind(host: str) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind((host, 0))
        except OSError:
            return False
    return True


def test_serve_bind_listens_only_there_and_connects_as_network_device(tmp_path: Path, adb_server: int) -> None:
    with spawn_device(tmp_path / "dev", adb_server_port=adb_server, bind=OTHER) as dev:
        try:
            assert dev.host == OTHER
            assert dev.serial == f"{OTHER}:{dev.adb_port}"
            for port in (dev.console_port, dev.adb_port, dev.grpc_port):
                assert _listens(OTHER, port)
                assert not _listens("127.0.0.1", port)
            device = adbutils.AdbClient(port=adb_server).device(dev.serial)
            assert device.shell("getprop ro.build.version.sdk").strip() == "33"
            assert console_status(dev.console_port, host=OTHER)["serial"]
            channel = grpc.insecure_channel(f"{OTHER}:{dev.grpc_port}")
            grpc.channel_ready_future(channel).result(timeout=10)
            channel.close()
        finally:
            _disconnect(adb_server, dev.serial)


def test_sim_up_bind_prints_a_lane_the_harness_accepts(tmp_path: Path, adb_server: int) -> None:
    home = tmp_path / "simhome"
    env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}

    def anyapp(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "sim", *args, "--home", str(home)],
                              capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)

    up = anyapp("up", "--bind", OTHER, "--first-console-port", str(free_console_port(OTHER)),
                "--first-grpc-port", str(free_port(OTHER)))
    assert up.returncode == 0, up.stderr
    try:
        (lane,) = parse_lanes(up.stdout.strip())
        (registered,) = load_registry(home).lanes
        assert (lane.host, lane.console_port, lane.grpc_port) == (OTHER, registered.console_port, registered.grpc_port)
        assert lane.serial == registered.serial
        assert registration.list_devices(adb_server).get(lane.serial) == "device"
        status = anyapp("status", "--json")
        assert '"booted": true' in status.stdout
    finally:
        serials = [row.serial for row in load_registry(home).lanes]
        anyapp("down")
        for serial in serials:
            _disconnect(adb_server, serial)


def _disconnect(adb_server: int, serial: str) -> None:
    """Drop the network device from the shared adb server (it would otherwise retry in the background)."""
    try:
        adbutils.AdbClient(port=adb_server).disconnect(serial)
    except adbutils.AdbError:
        pass
