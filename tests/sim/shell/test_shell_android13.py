"""Shell behaviour clients rely on: UTF-8 text, settings defaults, /proc, logcat's line format."""
from __future__ import annotations

import re

from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import SimDevice


def test_echo_and_printf_write_text_as_utf8_and_escapes_as_raw_bytes(sh: Sh) -> None:
    # toybox echo/printf write their argv bytes; the shell got the text as UTF-8.
    assert sh("echo é€").stdout == "é€\n".encode()
    assert sh("printf '%s|' ñ").stdout == "ñ|".encode()
    assert sh("echo -e '\\0351'").stdout == b"\xe9\n"  # an escape is one raw byte
    assert sh("printf '\\xe9'").stdout == b"\xe9"
    assert sh("echo é > /data/local/tmp/t; cat /data/local/tmp/t").stdout == "é\n".encode()


def test_settings_hold_emulator_defaults(out: Out) -> None:
    # packages/SettingsProvider/res/values/defaults.xml: def_zen_duration 0, zen mode off.
    assert out("settings get secure zen_duration") == "0\n"
    assert out("settings get global zen_mode") == "0\n"
    assert out("settings get system user_rotation") == "0\n"


def test_proc_meminfo_and_cpu_count(out: Out) -> None:
    meminfo = out("cat /proc/meminfo")
    assert re.match(r"MemTotal: +\d+ kB\n", meminfo) and "MemAvailable:" in meminfo
    assert out("cat /proc/cpuinfo").count("processor\t:") == 4
    assert out("nproc") == "4\n"
    assert out("cat /sys/devices/system/cpu/possible") == "0-3\n"


def test_logcat_formats(sh: Sh, device: SimDevice) -> None:
    assert sh("logcat -b all -c").exit_code == 0
    device.log_event("I", "ActivityTaskManager", "START u0 {cmp=a/.B} from uid 2000")
    epoch = sh("logcat -d -v epoch").stdout.decode().splitlines()[-1]
    # AndroidEnv's logcat_thread regex: spaces, seconds.millis, pid, tid, priority, tag, message.
    assert re.match(r"^ +\d+\.\d{3} +520 +520 I ActivityTaskManager: START u0", epoch)
    threadtime = sh("logcat -d").stdout.decode().splitlines()[-1]
    assert re.match(r"^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +520 +520 I ActivityTaskManager: START", threadtime)
    assert sh("logcat -d -s Nothing:V").stdout == b""
    assert sh("logcat -d ActivityTaskManager:I '*:S'").stdout.count(b"\n") == 1
    assert sh("logcat -c && logcat -d").stdout == b""
