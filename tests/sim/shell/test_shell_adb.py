"""Shell output formats through the real adb server: adbutils and the Debian adb CLI."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import adbutils
import pytest

from pytest_anyapp.sim.testing import RunningDevice

ADB = "/usr/bin/adb" if Path("/usr/bin/adb").exists() else "adb"
SMS_APP = "org.fossify.messages"
MMSSMS = "/data/data/com.android.providers.telephony/databases/mmssms.db"


@pytest.fixture
def device(sim_device: RunningDevice, adb_server: int) -> adbutils.AdbDevice:
    return adbutils.AdbClient(host="127.0.0.1", port=adb_server).device(sim_device.serial)


@pytest.fixture
def adb_cli(sim_device: RunningDevice, adb_server: int):  # noqa: ANN201 - returns a runner
    def run(*args: str) -> subprocess.CompletedProcess[bytes]:
        env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}
        env.pop("TERM", None)
        return subprocess.run([ADB, "-P", str(adb_server), "-s", sim_device.serial, *args],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=60, env=env)

    return run


def test_adbutils_high_level_apis(device: adbutils.AdbDevice) -> None:
    assert device.getprop("ro.build.version.sdk") == "33"
    assert device.prop.model == "sdk_gphone64_x86_64"
    assert device.window_size() == (1080, 2400)
    assert device.rotation() == 0
    packages = device.list_packages()
    assert SMS_APP in packages and "android" in packages
    info = device.app_info(SMS_APP)
    assert info is not None and info.version_code > 0 and info.version_name
    assert device.is_screen_on()
    assert device.shell("whoami") == "root"


def test_shell2_exit_codes(device: adbutils.AdbDevice) -> None:
    assert device.shell2("false").returncode == 1
    missing = device.shell2("nosuchcommand", v2=True)
    assert missing.returncode == 127
    assert missing.stderr.strip() == "/system/bin/sh: nosuchcommand: inaccessible or not found"
    both = device.shell2("echo out; echo err >&2; exit 3", v2=True)
    assert (both.stdout, both.stderr, both.returncode) == ("out\n", "err\n", 3)


def test_provider_rows_through_adbutils(device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    sim_device.device.providers.insert_sms(2, "+12025550101", "Hello, World")
    rows = device.shell("content query --uri content://sms/sent --projection _id:thread_id:body:read")
    assert rows == "Row: 0 _id=1, thread_id=1, body=Hello, World, read=1"
    listing = device.shell(f"sqlite3 {MMSSMS} 'PRAGMA busy_timeout=5000; SELECT _id, address, type FROM sms'")
    assert listing == "5000\n1|+12025550101|2"


def test_formats_through_adb_cli(adb_cli) -> None:  # noqa: ANN001
    wm = adb_cli("shell", "wm", "size")
    assert wm.returncode == 0 and wm.stdout == b"Physical size: 1080x2400\n"
    assert adb_cli("shell", "getprop", "sys.boot_completed").stdout == b"1\n"
    listing = adb_cli("shell", "pm list packages -3").stdout.decode().splitlines()
    assert f"package:{SMS_APP}" in listing
    assert all(re.fullmatch(r"package:\S+", ln) for ln in listing)
    perms = adb_cli("shell", f"dumpsys package {SMS_APP} | grep -E 'android\\.permission\\.READ_SMS: granted='")
    assert perms.stdout.decode().strip().startswith("android.permission.READ_SMS: granted=false")
    version = adb_cli("shell", f"dumpsys package {SMS_APP} | grep versionCode=").stdout.decode()
    assert re.fullmatch(r"    versionCode=\d+ minSdk=\d+ targetSdk=33\n", version)
    dump = adb_cli("shell", "uiautomator", "dump")
    assert dump.stdout == b"UI hierchary dumped to: /sdcard/window_dump.xml\n"
    pulled = adb_cli("exec-out", "cat", "/sdcard/window_dump.xml").stdout
    assert pulled.startswith(b"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>")
    assert adb_cli("shell", "false").returncode == 1
    sqlite = adb_cli("shell", f"sqlite3 -header {MMSSMS} \"SELECT 1 AS a, NULL AS b, 'x|y' AS c\"")
    assert sqlite.stdout == b"a|b|c\n1||x|y\n"
    content = adb_cli("shell", "content query --uri content://settings/global --projection name:value "
                               "--where \"name='airplane_mode_on'\"")
    assert content.stdout == b"Row: 0 name=airplane_mode_on, value=0\n"
    png = adb_cli("exec-out", "screencap", "-p").stdout
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
