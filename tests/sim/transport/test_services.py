"""Shell framing (v1, v2, exec), root, reboot and unknown services, seen through real clients.

Protocol-level checks use the shell contract's unknown-command answer (stderr
``/system/bin/sh: NAME: inaccessible or not found``, exit 127), so they do not depend on which
commands the shell implements.
"""
from __future__ import annotations

import adbutils
import pytest

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.testing import RunningDevice


def not_found(name: str) -> str:
    return f"/system/bin/sh: {name}: inaccessible or not found\n"


def test_shell_v2_separates_streams_and_exit_code(adb_device: adbutils.AdbDevice) -> None:
    result = adb_device.shell2("no-such-cmd-v2 arg", v2=True)
    assert result.returncode == 127
    assert result.stdout == ""
    assert result.stderr == not_found("no-such-cmd-v2")


def test_shell_v1_mixes_streams_and_closes(adb_device: adbutils.AdbDevice) -> None:
    assert adb_device.shell("no-such-cmd-v1") == not_found("no-such-cmd-v1").rstrip("\n")


def test_cli_shell_uses_v2_exit_code_and_stderr(adb) -> None:
    result = adb("shell", "no-such-cmd-cli")
    assert result.returncode == 127
    assert result.stdout == b""
    assert result.stderr.decode() == not_found("no-such-cmd-cli")


def test_cli_shell_tolerates_stdin_packets(adb) -> None:
    result = adb("shell", "no-such-cmd-stdin", input=b"some stdin bytes\n" * 100)
    assert result.returncode == 127
    assert result.stderr.decode() == not_found("no-such-cmd-stdin")


def test_cli_exec_out_is_raw_v1(adb) -> None:
    result = adb("exec-out", "no-such-cmd-exec")
    assert result.returncode == 0  # exec has no exit status channel
    assert result.stdout.decode() == not_found("no-such-cmd-exec")


def test_root_reports_already_root(adb) -> None:
    result = adb("root")
    assert result.returncode == 0
    assert b"adbd is already running as root" in result.stdout + result.stderr


def test_reboot_keeps_data_and_transport(adb, adb_server: int, sim_device: RunningDevice) -> None:
    marker = sim_device.device.fs.host("/sdcard/Download/keep.txt")
    marker.write_text("kept")
    old_ui = sim_device.device.ui
    assert adb("reboot").returncode == 0
    assert sim_device.device.ui is not old_ui
    assert marker.read_text() == "kept"
    assert registration.list_devices(adb_server).get(sim_device.serial) == "device"


def test_unknown_service_is_closed(adb_device: adbutils.AdbDevice) -> None:
    with pytest.raises(adbutils.AdbError):
        adb_device.create_connection(adbutils.Network.TCP, 9)
    # The connection survives a refused stream.
    assert adb_device.shell2("still-alive", v2=True).returncode == 127
