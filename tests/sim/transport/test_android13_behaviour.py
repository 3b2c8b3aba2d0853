"""What an Android 13 emulator does that clients we did not write depend on, via the real adb CLI.

Streaming shell output, logcat that follows the device's own events, ``adb reverse``, the
/sdcard symlink, ``adb remount`` and a read-only /system, telephony driven from the console,
``input swipe`` taking its duration. Each expectation names its AOSP source.
"""
from __future__ import annotations

import os
import select
import stat
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from conftest import ADB, AdbRunner
from pytest_anyapp.sim.console_client import console_command
from pytest_anyapp.sim.testing import RunningDevice

SMS_APP = "org.fossify.messages"


def _popen(adb_server: int, serial: str, *args: str) -> subprocess.Popen[bytes]:
    env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}
    env.pop("TERM", None)
    return subprocess.Popen([ADB, "-P", str(adb_server), "-s", serial, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)


def _lines_until(proc: subprocess.Popen[bytes], needle: bytes, timeout_s: float) -> Iterator[bytes]:
    """Lines of a running process until one holds ``needle`` (or the timeout)."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout_s
    buf = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.2)
        if not ready:
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield line
            if needle in line:
                return


def test_shell_output_streams_line_by_line(adb_server: int, sim_device: RunningDevice) -> None:
    # adbd forwards a command's output as it is read (daemon/shell_service.cpp), so the first line
    # of a loop with sleeps arrives while the command is still running.
    proc = _popen(adb_server, sim_device.serial, "shell", "for i in 1 2 3; do echo line$i; sleep 1; done")
    try:
        assert proc.stdout is not None
        arrivals = []
        for line in _lines_until(proc, b"line3", 30):
            arrivals.append((line.strip(), proc.poll() is None))
        assert [a[0] for a in arrivals] == [b"line1", b"line2", b"line3"]
        assert arrivals[0][1] and arrivals[1][1], "lines must arrive before the command ends"
        assert proc.wait(30) == 0
    finally:
        proc.kill()


def test_logcat_follows_activity_starts_and_dumps_crashes_and_sms(adb: AdbRunner, adb_server: int,
                                                                   sim_device: RunningDevice) -> None:
    assert adb("shell", "logcat", "-b", "all", "-c").returncode == 0
    # AndroidEnv's stream: ``logcat -v epoch`` (android_env components/adb_log_stream.py), one
    # line per entry: seconds.millis, pid, tid, priority, tag, message (liblog logprint.cpp).
    follower = _popen(adb_server, sim_device.serial, "shell", "logcat", "-v", "epoch")
    try:
        time.sleep(0.5)  # let logcat start following before the event it must see
        assert adb("shell", "monkey", "-p", SMS_APP, "1").returncode == 0
        seen = list(_lines_until(follower, b"START u0", 30))
        assert seen and b"ActivityTaskManager: START u0 {" in seen[-1] and SMS_APP.encode() in seen[-1]
        assert follower.poll() is None, "logcat without -d keeps following"
    finally:
        follower.kill()
    console_command(sim_device.console_port, f"sim dialog crash {SMS_APP}")
    crash = adb("shell", "logcat", "-d", "-b", "crash").stdout.decode()
    assert "E AndroidRuntime: FATAL EXCEPTION: main" in crash and f"Process: {SMS_APP}" in crash
    console_command(sim_device.console_port, "sms send 5551234 hello")
    assert "SMS received" in adb("shell", "logcat", "-d", "-b", "radio").stdout.decode()
    assert adb("shell", "logcat", "-b", "all", "-c").returncode == 0
    assert adb("shell", "logcat", "-d", "-b", "all").stdout == b""


def test_adb_reverse_forward_list_remove(adb: AdbRunner) -> None:
    # The reverse: service (adb.cpp handle_forward_request on the device side).
    assert adb("reverse", "tcp:9100", "tcp:9200").returncode == 0
    listed = adb("reverse", "--list").stdout.decode().split()
    assert listed[1:] == ["tcp:9100", "tcp:9200"] and listed[0].startswith("host-")
    assert adb("reverse", "--remove", "tcp:9100").returncode == 0
    assert adb("reverse", "--list").stdout.strip() == b""  # the CLI prints the (empty) list and a newline
    again = adb("reverse", "--remove", "tcp:9100")
    assert again.returncode == 1 and b"listener 'tcp:9100' not found" in again.stderr


def test_sdcard_is_a_symlink_yet_push_into_it_works(adb: AdbRunner, adb_device: adbutils.AdbDevice,
                                                    tmp_path: Path) -> None:
    # init.rc: symlink /storage/self/primary /sdcard; the sync STAT is an lstat.
    info = adb_device.sync.stat("/sdcard")
    assert stat.S_ISLNK(info.mode)
    assert stat.S_ISDIR(adb_device.sync.stat("/sdcard/").mode)
    src = tmp_path / "note.txt"
    src.write_text("x")
    assert adb("push", str(src), "/sdcard").returncode == 0  # the CLI stats "/sdcard/" for a link
    assert adb("shell", "cat", "/sdcard/note.txt").stdout == b"x"
    names = [entry.path for entry in adb_device.sync.list("/")]
    assert "sdcard" in names


def test_system_is_read_only_until_remount(adb: AdbRunner) -> None:
    denied = adb("shell", "touch /system/marker")
    assert denied.returncode == 1 and b"Read-only file system" in denied.stderr
    assert adb("remount").returncode == 0
    assert adb("shell", "touch /system/marker && ls /system/marker").stdout == b"/system/marker\n"


def test_gsm_call_accept_cancel_drive_call_state_and_call_log(adb: AdbRunner, sim_device: RunningDevice) -> None:
    def call_state() -> str:
        text = adb("shell", "dumpsys telephony.registry").stdout.decode()
        return text.split("mCallState=", 1)[1].split()[0]

    port = sim_device.console_port
    # TelephonyManager CALL_STATE_IDLE/RINGING/OFFHOOK = 0/1/2, as AndroidWorld reads them.
    assert call_state() == "0"
    console_command(port, "gsm call 5551234")
    assert call_state() == "1"
    console_command(port, "gsm accept 5551234")
    assert call_state() == "2"
    console_command(port, "gsm cancel 5551234")
    assert call_state() == "0"
    console_command(port, "gsm call 5559999")
    adb("shell", "input keyevent KEYCODE_ENDCALL")  # AndroidWorld's end_call_if_active
    rows = adb("shell", "content query --uri content://call_log/calls --projection number:type --sort _id")
    # CallLog.Calls.INCOMING_TYPE 1 (answered), MISSED_TYPE 3 (rejected while ringing).
    assert rows.stdout.decode().splitlines() == ["Row: 0 number=5551234, type=1", "Row: 1 number=5559999, type=3"]


def test_input_swipe_takes_its_duration(adb: AdbRunner) -> None:
    # InputShellCommand.sendSwipe moves over ``duration`` ms before the UP.
    started = time.monotonic()
    assert adb("shell", "input swipe 100 1500 100 600 1200").returncode == 0
    assert time.monotonic() - started >= 1.2


@pytest.mark.parametrize(("prop", "value"), [("ro.product.cpu.abi", "x86_64"), ("ro.boot.qemu", "1"),
                                             ("ro.build.version.sdk", "33"), ("ro.anyapp.simulated", "1")])
def test_emulator_image_properties(adb: AdbRunner, prop: str, value: str) -> None:
    assert adb("shell", "getprop", prop).stdout.decode().strip() == value


def test_rotation_turns_the_display(adb: AdbRunner, adb_device: adbutils.AdbDevice) -> None:
    import io
    import re

    from PIL import Image

    adb("shell", "monkey -p org.fossify.messages 1")
    # AndroidWorld's change_orientation: accelerometer off, then user_rotation (Settings.System).
    adb("shell", "settings put system accelerometer_rotation 0")
    adb("shell", "settings put system user_rotation 1")
    dumpsys_input = adb("shell", "dumpsys input").stdout.decode()
    # InputReader: the viewport turns, the device (panel) size does not.
    assert "SurfaceOrientation: 1" in dumpsys_input and "logicalFrame=[0, 0, 2400, 1080]" in dumpsys_input
    assert "deviceSize=[1080, 2400]" in dumpsys_input
    assert "mCurrentRotation=ROTATION_90" in adb("shell", "dumpsys window").stdout.decode()
    # `wm size` reports the physical size whatever the rotation (WindowManagerShellCommand).
    assert adb("shell", "wm size").stdout == b"Physical size: 1080x2400\n"
    assert adb_device.rotation() == 1  # adbutils reads orientation= from dumpsys display
    png = adb("exec-out", "screencap -p").stdout
    assert Image.open(io.BytesIO(png)).size == (2400, 1080)
    xml = adb_device.dump_hierarchy()
    assert '<hierarchy rotation="1">' in xml
    rights = [int(x) for x in re.findall(r'bounds="\[\d+,\d+\]\[(\d+),\d+\]"', xml)]
    assert max(rights) == 2400
    # `content insert` into the settings provider turns it back (SettingsProvider).
    adb("shell", "content insert --uri content://settings/system --bind name:s:user_rotation --bind value:i:0")
    assert "SurfaceOrientation: 0" in adb("shell", "dumpsys input").stdout.decode()
    png = adb("exec-out", "screencap -p").stdout
    assert Image.open(io.BytesIO(png)).size == (1080, 2400)
