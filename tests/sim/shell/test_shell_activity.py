"""Activity and UI commands: monkey, am, pidof, stack, dumpsys window/activity/display/input,
input, uiautomator, screencap, wm — all driving the real window manager."""
from __future__ import annotations

import io
import re
import struct
import xml.etree.ElementTree as ET

from PIL import Image
from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import SimDevice

DEMO = "com.anyappbench.demo"
SMS_APP = "org.fossify.messages"


def _bounds_center(xml: str, resource_id: str) -> tuple[int, int]:
    root = ET.fromstring(xml)
    for node in root.iter("node"):
        if node.get("resource-id") == resource_id:
            left, top, right, bottom = map(int, re.findall(r"\d+", node.get("bounds", "")))
            return (left + right) // 2, (top + bottom) // 2
    raise AssertionError(f"{resource_id} not in dump")


def test_monkey_launch_and_focus(out: Out, sh: Sh) -> None:
    text = out(f"monkey -p {SMS_APP} -c android.intent.category.LAUNCHER 1")
    assert "Events injected: 1" in text
    assert "  bash arg: -p\n" in text
    focus = out("dumpsys window windows | grep mCurrentFocus")
    assert re.search(rf"mCurrentFocus=Window\{{[0-9a-f]+ u0 {re.escape(SMS_APP)}/\S+\}}", focus)
    pid = out(f"pidof {SMS_APP}").strip()
    assert pid.isdigit()
    assert f" {pid} " in out(f"ps -A | grep {SMS_APP}")
    assert out(f"am force-stop {SMS_APP}") == ""
    assert sh(f"pidof {SMS_APP}").exit_code == 1
    missing = sh("monkey -p no.such.pkg 1")
    assert missing.exit_code != 0
    assert missing.stderr == b"** No activities found to run, monkey aborted.\n"


def test_am_start_variants(out: Out, sh: Sh, device: SimDevice) -> None:
    text = out(f"am start -W -n {DEMO}/.NotesActivity")
    assert text.startswith(f"Starting: Intent {{ cmp={DEMO}/.NotesActivity }}\n")
    assert "Status: ok\n" in text and text.endswith("Complete\n")
    assert device.ui.focused()[0] == DEMO
    bad = sh(f"am start -n {DEMO}/.Nope")
    # Android 13 reports a failed start and exits 0 (ActivityManagerShellCommand.runStartActivity).
    assert bad.exit_code == 0 and b"Error type 3" in bad.stderr
    unresolved = sh("am start -a android.intent.action.VIEW -d bogus-scheme://x")
    assert unresolved.exit_code == 0 and b"unable to resolve Intent" in unresolved.stderr
    out(f"am start -S -n {DEMO}/.NotesActivity")
    assert device.ui.focused()[0] == DEMO


def test_stack_list_and_recents(out: Out, sh: Sh, device: SimDevice) -> None:
    out(f"monkey -p {DEMO} 1")
    out(f"monkey -p {SMS_APP} 1")
    visible = out("am stack list | grep -E visible=true")
    assert re.fullmatch(
        rf"  taskId=\d+: {re.escape(SMS_APP)}/\S+ bounds=\[0,0\]\[1080,2400\] userId=0 visible=true "
        rf"topActivity=ComponentInfo\{{{re.escape(SMS_APP)}/\S+\}}\n",
        visible,
    )
    recents = out("dumpsys activity recents")
    ids = [int(x) for x in re.findall(r"RecentTaskInfo #\d+: id=(\d+)", recents)]
    assert len(ids) == 2
    for task_id in ids:
        assert sh(f"am stack remove {task_id}").exit_code == 0
    assert SMS_APP not in device.ui.running_packages() and DEMO not in device.ui.running_packages()
    assert re.findall(r"RecentTaskInfo #\d+: id=(\d+)", out("dumpsys activity recents")) == []
    assert sh("am stack remove 9999").exit_code == 0  # removeTask of an unknown id only logs


def test_dumpsys_activity_top_and_activities(out: Out) -> None:
    out(f"monkey -p {DEMO} 1")
    top = out("dumpsys activity top")
    assert re.search(rf"ACTIVITY {re.escape(DEMO)}/\S+ [0-9a-f]+ pid=\d+", top)
    acts = out("dumpsys activity activities")
    assert re.search(rf"\n    topResumedActivity=ActivityRecord\{{[0-9a-f]+ u0 {re.escape(DEMO)}/\S+ t\d+\}}", acts)
    assert re.search(rf"\n  ResumedActivity: ActivityRecord\{{[0-9a-f]+ u0 {re.escape(DEMO)}/\S+ t\d+\}}", acts)
    assert "mResumedActivity" not in acts  # Android 13 has no such line


def test_display_input_power_battery(out: Out) -> None:
    assert re.search(r"orientation=(\d+)", out("dumpsys display")).group(1) == "0"  # type: ignore[union-attr]
    logical = out("dumpsys input | grep logicalFrame")
    assert "logicalFrame=[0, 0, 1080, 2400]" in logical
    assert "SurfaceOrientation: 0" in out("dumpsys input")
    assert "mCurrentRotation=ROTATION_0" in out("dumpsys window | grep mCurrentRotation")
    assert "mHoldingDisplaySuspendBlocker=true" in out("dumpsys power")
    battery = dict(
        ln.strip().split(": ", 1) for ln in out("dumpsys battery").splitlines()[1:] if ": " in ln
    )
    assert battery["level"] == "100" and battery["AC powered"] == "true"


def test_wm_size_and_density(out: Out, sh: Sh) -> None:
    assert out("wm size") == "Physical size: 1080x2400\n"
    assert out("wm size 720x1280") == ""
    assert out("wm size") == "Physical size: 1080x2400\nOverride size: 720x1280\n"
    assert "logicalFrame=[0, 0, 720, 1280]" in out("dumpsys input")
    out("wm size reset")
    assert out("wm size") == "Physical size: 1080x2400\n"
    assert sh("wm size 12x").exit_code != 0
    assert out("wm density") == "Physical density: 420\n"
    out("wm density 320")
    assert out("wm density") == "Physical density: 420\nOverride density: 320\n"
    out("wm density reset")
    assert out("wm density") == "Physical density: 420\n"


def test_uiautomator_dump(out: Out, sh: Sh, device: SimDevice) -> None:
    result = sh("rm -f /data/local/tmp/uidump.xml; uiautomator dump /data/local/tmp/uidump.xml && echo success")
    assert result.stdout == b"UI hierchary dumped to: /data/local/tmp/uidump.xml\nsuccess\n"
    content = device.fs.host("/data/local/tmp/uidump.xml").read_text()
    assert content.startswith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">")
    assert out("uiautomator dump") == "UI hierchary dumped to: /sdcard/window_dump.xml\n"
    assert out("cat /sdcard/window_dump.xml") == device.ui.dump_xml()


def test_screencap(sh: Sh, device: SimDevice) -> None:
    png = sh("screencap -p").stdout
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (1080, 2400)
    assert sh("screencap -p /sdcard/s.png").exit_code == 0
    assert device.fs.host("/sdcard/s.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    raw = sh("screencap").stdout
    width, height, fmt, _ = struct.unpack("<IIII", raw[:16])
    assert (width, height, fmt) == (1080, 2400, 1) and len(raw) == 16 + 1080 * 2400 * 4


def test_input_types_into_demo_app(out: Out, sh: Sh) -> None:
    out(f"monkey -p {DEMO} 1")
    x, y = _bounds_center(sh("uiautomator dump /dev/tty").stdout.decode().split("UI hierchary")[0],
                          f"{DEMO}:id/new_note")
    assert out(f"input tap {x} {y}") == ""
    assert out("input text 'buy%smilk'") == ""
    assert out("input keyevent KEYCODE_ENTER") == ""
    rows = out(f"sqlite3 /data/data/{DEMO}/databases/notes.db 'SELECT title FROM notes'")
    assert rows == "buy milk\n"
    assert out("input keyevent HOME") == ""
    assert b"u0 com.google.android.apps.nexuslauncher/" in sh("dumpsys window windows | grep mCurrentFocus").stdout
    bad = sh("input keyevent KEYCODE_NOPE")
    assert bad.exit_code == 255 and b"Unknown keycode" in bad.stderr
    assert sh("input tap 1").exit_code == 1
    assert sh("input swipe 500 1500 500 500 300").exit_code == 0
    assert sh("input keycombination 113 29 && input keyevent 67").exit_code == 0


def test_long_press_via_identical_swipe_points(out: Out, sh: Sh, device: SimDevice) -> None:
    out(f"monkey -p {DEMO} 1")
    x, y = _bounds_center(device.ui.dump_xml(), f"{DEMO}:id/new_note")
    out(f"input tap {x} {y}")
    out("input text first")
    out("input keyevent 66")
    xml = device.ui.dump_xml()
    x, y = _bounds_center(xml, f"{DEMO}:id/note_title")
    out(f"input swipe {x} {y} {x} {y} 1000")
    assert "Delete" in device.ui.dump_xml()
