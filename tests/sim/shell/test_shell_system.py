"""date, id, props, settings, service call alarm, cmd role, svc, getprop formats."""
from __future__ import annotations

import datetime as dt

from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import SimDevice


def test_date_set_and_format(sh: Sh, out: Out, device: SimDevice) -> None:
    assert out("date 101515342023.00") == "Sun Oct 15 15:34:00 UTC 2023\n"
    assert abs(device.clock.now() - dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.UTC).timestamp()) < 5
    assert out("date +%Y-%m-%d") == "2023-10-15\n"
    assert out("date -u +%H:%M") == "15:34\n"
    assert out("date -d @0 -u '+%a %b %d %H:%M:%S %Z %Y'") == "Thu Jan 01 00:00:00 UTC 1970\n"
    out("date -s '2024-02-29 08:00:00'")
    assert out("date +%Y%m%d%H%M") == "202402290800"[:12] + "\n"
    out("date @1697384040")
    assert out("date +%s") in ("1697384040\n", "1697384041\n")
    assert sh("date 99999999").exit_code == 1
    assert sh("date -x").exit_code == 1


def test_timezone_via_service_call(sh: Sh, out: Out, device: SimDevice) -> None:
    out("date 101515342023.00")
    assert out("service call alarm 3 s16 America/New_York") == "Result: Parcel(00000000    '....')\n"
    assert device.getprop("persist.sys.timezone") == "America/New_York"
    assert out("date") == "Sun Oct 15 11:34:00 EDT 2023\n"
    assert out("service call alarm 3 s16 UTC") == "Result: Parcel(00000000    '....')\n"
    assert out("getprop persist.sys.timezone") == "UTC\n"
    assert "ffffff" in out("service call alarm 3 s16 Not/AZone")
    assert device.getprop("persist.sys.timezone") == "UTC"
    assert out("service check alarm") == "Service alarm: found\n"


def test_identity(out: Out, sh: Sh) -> None:
    assert out("id").startswith("uid=0(root) gid=0(root) groups=0(root),1004(input)")
    assert out("id -u") == "0\n"
    assert out("whoami") == "root\n"
    assert sh("su shell whoami").stdout == b"shell\n"


def test_getprop_setprop(out: Out, sh: Sh, device: SimDevice) -> None:
    assert out("getprop sys.boot_completed") == "1\n"
    assert out("getprop ro.build.version.sdk") == "33\n"
    assert out("getprop no.such.prop") == "\n"
    assert out("getprop no.such.prop fallback") == "fallback\n"
    listing = out("getprop").splitlines()
    names = [line[1:line.index("]")] for line in listing]
    assert names == sorted(names)  # toolbox getprop sorts by name
    assert "[ro.product.model]: [sdk_gphone64_x86_64]" in listing
    assert sh("setprop debug.test 42").exit_code == 0
    assert out("getprop debug.test") == "42\n"
    ro = sh("setprop ro.build.version.sdk 99")
    assert ro.exit_code == 1 and b"Failed to set property" in ro.stderr
    device.set_faults(not_booted=True)
    assert out("getprop sys.boot_completed") == "\n"  # unset while booting, never "0"
    assert "[sys.boot_completed]" not in out("getprop")


def test_settings(out: Out, sh: Sh, device: SimDevice) -> None:
    assert out("settings get global airplane_mode_on") == "0\n"
    assert out("settings get system time_12_24") == "null\n"
    assert out("settings put system time_12_24 24") == ""
    assert out("settings get system time_12_24") == "24\n"
    assert device.providers.settings_get("system", "time_12_24") == "24"
    assert out("settings --user 0 put global auto_time 0; settings get global auto_time") == "0\n"
    assert "auto_time=0" in out("settings list global").splitlines()
    assert out("settings delete system time_12_24") == "Deleted 1 rows\n"
    assert out("settings delete system time_12_24") == "Deleted 0 rows\n"
    assert sh("settings get bogus key").exit_code == 1
    assert out("content query --uri content://settings/global --where \"name='auto_time'\" --projection name:value") == (
        "Row: 0 name=auto_time, value=0\n"
    )


def test_cmd_role_sets_default_sms(out: Out, sh: Sh) -> None:
    assert out("cmd role add-role-holder --user 0 android.app.role.SMS org.fossify.messages") == ""
    assert out("settings get secure sms_default_application") == "org.fossify.messages\n"
    assert out("cmd role get-role-holders --user 0 android.app.role.SMS") == "org.fossify.messages\n"
    bad = sh("cmd role add-role-holder --user 0 android.app.role.SMS no.such.pkg")
    assert bad.exit_code != 0 and b"Exception" in bad.stderr
    assert sh("cmd nosuchservice x").exit_code == 20


def test_svc_and_airplane(out: Out) -> None:
    out("svc wifi disable")
    assert out("settings get global wifi_on") == "0\n"
    out("svc wifi enable")
    assert out("settings get global wifi_on") == "1\n"


def test_health_check_one_liner(sh: Sh) -> None:
    script = (
        "echo CATBENCH_BOOT=$(getprop sys.boot_completed); echo CATBENCH_UID=$(id -u); echo CATBENCH_WINDOWS_BEGIN; "
        "dumpsys window windows | grep -iE 'Window #0 |mCurrentFocus|mFocusedApp|Application Not Responding:|"
        "Application Error:|isn.t responding|is not responding|has stopped|keeps stopping'; echo CATBENCH_WINDOWS_END"
    )
    result = sh(script)
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "CATBENCH_BOOT=1"
    assert lines[1] == "CATBENCH_UID=0"
    begin, end = lines.index("CATBENCH_WINDOWS_BEGIN"), lines.index("CATBENCH_WINDOWS_END")
    section = lines[begin + 1:end]
    assert any("mCurrentFocus=Window{" in ln for ln in section)
    assert not any("has stopped" in ln for ln in section)


def test_health_check_sees_crash_dialog(sh: Sh, device: SimDevice) -> None:
    sh("monkey -p org.fossify.messages 1")
    device.ui.show_fault_dialog("org.fossify.messages", "anr")
    text = sh("dumpsys window windows | grep -iE 'Application Not Responding:|isn.t responding'").stdout.decode()
    assert "Application Not Responding: org.fossify.messages" in text
