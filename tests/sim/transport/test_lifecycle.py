"""Detached device pools (``anyapp sim up|status|reset|down``) and ``spawn_device``."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import adbutils

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.lifecycle import Lane, emulators_spec, load_registry, pid_alive
from pytest_anyapp.sim.ports import free_console_port, free_port
from pytest_anyapp.sim.testing import spawn_device


def anyapp(*args: str, adb_server: int) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}
    return subprocess.run([sys.executable, "-m", "pytest_anyapp.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env, stdin=subprocess.DEVNULL)


def test_up_status_reset_down(tmp_path: Path, adb_server: int) -> None:
    home = tmp_path / "simhome"
    first_console, first_grpc = free_console_port(), free_port()
    up = anyapp("sim", "up", "--lanes", "2", "--home", str(home), "--first-console-port", str(first_console),
                "--first-grpc-port", str(first_grpc), "--fault", "command_delay_s=0", adb_server=adb_server)
    assert up.returncode == 0, up.stderr
    try:
        spec = up.stdout.strip()
        pairs = [tuple(int(p) for p in item.split(":")[:2]) for item in spec.split(",")]
        assert len(pairs) == 2
        registry = load_registry(home)
        assert [(lane.console_port, lane.grpc_port) for lane in registry.lanes] == pairs
        assert pairs[0][0] == first_console and pairs[1][0] > pairs[0][0]
        online = registration.list_devices(adb_server)
        for lane in registry.lanes:
            assert lane.serial == f"emulator-{lane.console_port}"
            assert online.get(lane.serial) == "device"
            assert pid_alive(lane.pid)
            assert Path(lane.state_dir).is_dir()

        status = anyapp("sim", "status", "--json", "--home", str(home), adb_server=adb_server)
        rows = json.loads(status.stdout)
        assert [(r["alive"], r["booted"]) for r in rows] == [(True, True), (True, True)]

        # ``up`` again keeps the running lanes instead of starting new ones.
        again = anyapp("sim", "up", "--lanes", "2", "--home", str(home), "--first-console-port", str(first_console),
                       "--first-grpc-port", str(first_grpc), adb_server=adb_server)
        assert again.stdout.strip() == spec
        assert [lane.pid for lane in load_registry(home).lanes] == [lane.pid for lane in registry.lanes]

        device = adbutils.AdbClient(port=adb_server).device(registry.lanes[0].serial)
        device.sync.push(b"data", "/sdcard/Download/lane.txt")
        assert device.sync.exists("/sdcard/Download/lane.txt")
        reset = anyapp("sim", "reset", "--home", str(home), "--console-port", str(registry.lanes[0].console_port),
                       adb_server=adb_server)
        assert reset.returncode == 0, reset.stderr
        assert not device.sync.exists("/sdcard/Download/lane.txt")
    finally:
        down = anyapp("sim", "down", "--home", str(home), adb_server=adb_server)
    assert down.returncode == 0, down.stderr
    for lane in registry.lanes:
        assert not pid_alive(lane.pid)
    assert load_registry(home).lanes == []


def test_spawn_device_is_a_separate_registered_process(tmp_path: Path, adb_server: int) -> None:
    with spawn_device(tmp_path / "spawned", adb_server_port=adb_server) as spawned:
        assert spawned.pid != os.getpid()
        assert registration.list_devices(adb_server).get(spawned.serial) == "device"
        device = adbutils.AdbClient(port=adb_server).device(spawned.serial)
        assert device.shell2("spawned-check", v2=True).returncode == 127
    assert spawned.process.returncode == 0
    assert registration.wait_until_not_online(spawned.serial, adb_server, timeout_s=30)


def test_emulators_spec_adds_serial_and_server_only_when_needed() -> None:
    def lane(console: int, grpc: int, serial: str, server: int) -> Lane:
        return Lane(index=0, serial=serial, console_port=console, adb_port=console + 1, grpc_port=grpc, pid=1,
                    state_dir="/x", log_path="/x/log", adb_server_port=server, started_at="t")

    assert emulators_spec([lane(5554, 8554, "emulator-5554", 5037), lane(5556, 8555, "emulator-5556", 5037)]) \
        == "5554:8554,5556:8555"
    assert emulators_spec([lane(5554, 8554, "127.0.0.1:5555", 5037)]) == "5554:8554:127.0.0.1:5555:5037"
    assert emulators_spec([lane(5554, 8554, "emulator-5554", 5041)]) == "5554:8554:emulator-5554:5041"


def test_exit_with_parent_leaves_no_orphaned_device(tmp_path, adb_server):
    """A launcher that dies (like a killed test worker) takes its --exit-with-parent device with it."""
    import os
    import subprocess
    import sys
    import time

    from pytest_anyapp.sim.ports import free_console_port, free_port

    pid_file = tmp_path / "sim.pid"
    launcher = (
        "import os, subprocess, sys, time\n"
        f"p = subprocess.Popen([sys.executable, '-m', 'pytest_anyapp.sim', 'serve', '--state-dir', {str(tmp_path / 'd')!r},"
        f" '--console-port', '{free_console_port()}', '--grpc-port', '{free_port()}', '--no-register', '--exit-with-parent'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(p.pid))\n"
        f"deadline = time.time() + 30\n"
        f"while not os.path.exists({str(tmp_path / 'd' / 'server.json')!r}) and time.time() < deadline: time.sleep(0.05)\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", launcher], check=True, timeout=60)
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, 9)
        raise AssertionError("the device outlived its parent")
