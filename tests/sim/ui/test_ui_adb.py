"""The screen through the real adb server and adbutils, as the harness drives an emulator."""
from __future__ import annotations

import adbutils
import pytest
from ui_helpers import center_of

from pytest_anyapp.sim.testing import RunningDevice
from pytest_anyapp.sim.ui.window import LAUNCHER_PACKAGE

DEMO = "com.anyappbench.demo"


@pytest.fixture
def adb(sim_device: RunningDevice, adb_server: int) -> adbutils.AdbDevice:
    return adbutils.AdbClient(host="127.0.0.1", port=adb_server).device(sim_device.serial)


def test_screenshot_matches_the_device_frame(adb: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    image = adb.screenshot(error_ok=False)
    assert image.size == (1080, 2400)
    assert image.tobytes() == sim_device.device.ui.screenshot().tobytes()


def test_dump_hierarchy_click_and_app_lifecycle(adb: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    ui = sim_device.device.ui
    xml = adb.dump_hierarchy()
    assert xml.startswith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy")
    assert xml == ui.dump_xml()
    adb.click(*center_of(xml, text="Demo Notes"))
    assert ui.focused()[0] == DEMO
    assert adb.app_current().package == DEMO
    adb.app_stop(DEMO)
    assert DEMO not in ui.running_packages()
    assert ui.focused()[0] == LAUNCHER_PACKAGE
    adb.app_start(DEMO)
    assert ui.focused() == (DEMO, f"{DEMO}.NotesActivity")
    adb.app_start(DEMO, ".NotesActivity")
    assert ui.focused() == (DEMO, f"{DEMO}.NotesActivity")


def test_typing_through_input_text_and_keyevents(adb: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    adb.app_start(DEMO)
    adb.click(*center_of(adb.dump_hierarchy(), resource_id=f"{DEMO}:id/new_note"))
    adb.send_keys("Buy milk")
    adb.keyevent("KEYCODE_ENTER")
    assert 'text="Buy milk"' in adb.dump_hierarchy()
    adb.keyevent("KEYCODE_HOME")
    assert adb.app_current().package == LAUNCHER_PACKAGE
