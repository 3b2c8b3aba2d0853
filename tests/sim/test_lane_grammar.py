"""One lane grammar: this release's ``[host:]console[:grpc]`` and the prior ``console:grpc[:serial[:port]]``."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_anyapp.errors import ConfigError
from pytest_anyapp.options import parse_lanes
from pytest_anyapp.sim import registration
from pytest_anyapp.sim.lifecycle import load_registry
from pytest_anyapp.sim.ports import free_console_port, free_port


@pytest.mark.parametrize(("text", "host", "console", "grpc", "serial", "server"), [
    ("5554", "127.0.0.1", 5554, None, "emulator-5554", None),
    ("5554:8554", "127.0.0.1", 5554, 8554, "emulator-5554", None),
    ("10.0.0.5:5556:8555", "10.0.0.5", 5556, 8555, "10.0.0.5:5557", None),
    ("emu-box:5558", "emu-box", 5558, None, "emu-box:5559", None),
    # the prior release's form, told apart by a port number in the first field
    ("5554:8554:emulator-5554", "127.0.0.1", 5554, 8554, "emulator-5554", None),
    ("5554:8554:5557", "127.0.0.1", 5554, 8554, "localhost:5557", None),
    ("5560:8560:-:5041", "127.0.0.1", 5560, 8560, "emulator-5560", 5041),
    ("5560:8560::5041", "127.0.0.1", 5560, 8560, "emulator-5560", 5041),
    ("5562:8562:127.0.0.1:5563:5041", None, None, None, None, None),  # a serial with ':' is one field too many
])
def test_lane_forms(text: str, host: str | None, console: int | None, grpc: int | None, serial: str | None,
                    server: int | None) -> None:
    if host is None:
        with pytest.raises(ConfigError):
            parse_lanes(text)
        return
    (lane,) = parse_lanes(text)
    assert (lane.host, lane.console_port, lane.grpc_port, lane.serial, lane.adb_server_port) == (
        host, console, grpc, serial, server)


@pytest.mark.parametrize("text", ["5555", "x:1", "5554:8554:s:notaport", "host:5554:8554:9", "5554:99999"])
def test_bad_lanes(text: str) -> None:
    with pytest.raises(ConfigError):
        parse_lanes(text)


def test_sim_up_with_its_own_adb_server_prints_lanes_the_harness_accepts(tmp_path: Path, adb_server: int) -> None:
    home = tmp_path / "simhome"
    env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}

    def anyapp(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", "sim", *args, "--home", str(home)],
                              capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)

    up = anyapp("up", "--adb-server-port", str(adb_server), "--first-console-port", str(free_console_port()),
                "--first-grpc-port", str(free_port()))
    assert up.returncode == 0, up.stderr
    try:
        (lane,) = parse_lanes(up.stdout.strip())
        (registered,) = load_registry(home).lanes
        assert lane.serial == registered.serial
        assert registration.list_devices(adb_server).get(lane.serial) == "device"
        if adb_server != registration.DEFAULT_ADB_SERVER_PORT:
            assert lane.adb_server_port == adb_server
    finally:
        anyapp("down")


def test_lanes_naming_an_adb_server_set_or_must_match_the_runs() -> None:
    from pytest_anyapp.options import _lanes_adb_server

    lanes = parse_lanes("5560:8560:-:5041,5562:8562:-:5041")
    values: dict[str, object] = {}
    _lanes_adb_server(lanes, values)
    assert values["adb_port"] == 5041
    with pytest.raises(ConfigError, match="adb server port 5041"):
        _lanes_adb_server(lanes, {"adb_port": 5037})
    with pytest.raises(ConfigError, match="different adb servers"):
        _lanes_adb_server(parse_lanes("5560:8560:-:5041,5562:8562:-:5043"), {})
