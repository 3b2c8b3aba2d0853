"""Clock readers and doubles on a simulated device through the real adb server: Android's alarm
record (``dumpsys alarm``) as the Google Clock adapter reads it, the stopwatch double keeping
time on the device clock (start, pause and reset are real transitions in the app's store), and
read errors. Per-pair conformance is ``tests/categories``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.clock.adapters import (
    ChronoAdapter,
    ClockYouAdapter,
    DeskClockAdapter,
    FossifyClockAdapter,
    GoogleClockAdapter,
    SimpleClockAdapter,
    alarm_clocks,
)
from verifiers.clock.state import Alarm, ClockState, Stopwatch

#: Android 13 ``dumpsys alarm`` excerpt (AlarmManagerService.dumpImpl through an IndentingPrintWriter,
#: LazyAlarmStore.dump, dumpAlarmList numbering from #1, Alarm.toString/dump).
DUMP = """\
Current Alarm Manager state:
  nowRTC=1697383440000=2023-10-15 15:24:00.000 nowELAPSED=5000000

  Next alarm clock information:
    user:0 pendingSend:false time:1697443200000 = 2023-10-16 08:00:00.000 = +16h36m0s0ms

  3 pending alarms:
    RTC_WAKEUP #1: Alarm{5e3f6a1 type 0 origWhen 1697400000000 whenElapsed 21560000 com.google.android.deskclock}
      tag=*walarm*:com.google.android.deskclock.CHANGE_STATE
      type=RTC_WAKEUP origWhen=2023-10-15 20:00:00.000 window=0 repeatInterval=0 count=0 flags=0x1
      operation=PendingIntent{1: PendingIntentRecord{2 com.google.android.deskclock broadcastIntent}}
    RTC_WAKEUP #2: Alarm{6e3f6a1 type 0 origWhen 1697443200000 whenElapsed 64760000 com.google.android.deskclock}
      tag=*walarm*:com.google.android.deskclock.ALARM
      type=RTC_WAKEUP origWhen=2023-10-16 08:00:00.000 window=0 repeatInterval=0 count=0 flags=0x3
      Alarm clock:
        triggerTime=2023-10-16 08:00:00.000
        showIntent=PendingIntent{3: PendingIntentRecord{4 com.google.android.deskclock startActivity}}
      operation=PendingIntent{5: PendingIntentRecord{6 com.google.android.deskclock broadcastIntent}}
    RTC_WAKEUP #3: Alarm{7e3f6a1 type 0 origWhen 1697450400000  whenElapsed 71960000 com.best.deskclock}
      tag=*walarm*:com.best.deskclock.ALARM
      Alarm clock:
        triggerTime=2023-10-16 10:00:00.000
"""


def test_alarm_clocks_are_the_packages_set_alarm_clock_entries() -> None:
    """Only entries with an ``Alarm clock:`` block count, and only the package's own (the third
    header has the two spaces before ``whenElapsed`` of the Android 12 revision: read alike)."""
    assert alarm_clocks(DUMP.splitlines(), "com.google.android.deskclock") == [(8, 0)]
    assert alarm_clocks(DUMP.splitlines(), "com.best.deskclock") == [(10, 0)]
    with pytest.raises(VerifierReadError):
        GoogleClockAdapter().parse({})


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("clock-records")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def test_set_alarm_reaches_dumpsys_alarm_for_a_third_party_client(sim: RunningDevice, adb_server: int,
                                                                  client: DeviceClient) -> None:
    """adbutils (not our client) creates an alarm through the AlarmClock API and reads Android's
    record; switching it off removes the alarm clock, ``pm clear`` removes the app's alarms."""
    device = adbutils.AdbClient(host="127.0.0.1", port=adb_server).device(sim.serial)
    device.shell("pm clear com.google.android.deskclock")
    device.shell("am start -W -a android.intent.action.SET_ALARM -p com.google.android.deskclock "
                 "--ei android.intent.extra.alarm.HOUR 6 --ei android.intent.extra.alarm.MINUTES 45 "
                 "--ez android.intent.extra.alarm.SKIP_UI true")
    out = str(device.shell("dumpsys alarm"))
    assert "Next alarm clock information:" in out
    assert alarm_clocks(out.splitlines(), "com.google.android.deskclock") == [(6, 45)]
    adapter = GoogleClockAdapter()
    assert adapter.parse(adapter.read_raw(client)).alarms == [Alarm(hour=6, minute=45)]
    _tap(client, desc="Alarm")
    _tap(client, res="onoff")  # the alarm's switch: off is no alarm clock any more
    assert adapter.parse(adapter.read_raw(client)).alarms == []
    device.shell("pm clear com.google.android.deskclock")
    assert "com.google.android.deskclock" not in str(device.shell("dumpsys alarm"))


def _tap(client: DeviceClient, *, desc: str | None = None, res: str | None = None, text: str | None = None) -> None:
    for el in parse_ui_dump(client.ui_dump()):
        if ((desc is None or el.content_desc == desc) and (text is None or el.text == text)
                and (res is None or el.resource_id.endswith(f":id/{res}"))):
            x, y = el.center
            client.check(f"input tap {x} {y}")
            return
    raise AssertionError(f"nothing on screen with desc={desc} res={res} text={text}")


def _swipe_row(client: DeviceClient, text: str, direction: str) -> None:
    """A horizontal swipe across the row showing ``text`` (the finger moves ``direction``)."""
    el = next(e for e in parse_ui_dump(client.ui_dump()) if e.text == text)
    width = int(client.check("wm size").split()[-1].split("x")[0])
    x, y = el.center
    x1, x2 = (x - width * 3 // 10, x + width * 3 // 10) if direction == "right" else (x + width * 3 // 10,
                                                                                        x - width * 3 // 10)
    client.check(f"input swipe {x1} {y} {x2} {y} 300")


def test_clock_you_deletes_an_alarm_by_swiping_its_row(client: DeviceClient) -> None:
    """Clock You 9.1 (AlarmItem.kt): only a start-to-end swipe asks "Delete alarm"; Cancel keeps the
    row, OK removes it from the Room table ``alarms`` (read back through the adapter)."""
    adapter = ClockYouAdapter()
    client.check("pm clear com.bnyro.clock")
    adapter.seed(client, ClockState(alarms=[Alarm(hour=7, minute=30), Alarm(hour=9, minute=15)], stopwatch=None))
    client.launch("com.bnyro.clock")
    _tap(client, desc="Alarm")
    _swipe_row(client, "07:30", "left")  # end-to-start is not enabled
    assert not any(e.text == "Delete alarm" for e in parse_ui_dump(client.ui_dump()))
    _swipe_row(client, "07:30", "right")
    _tap(client, text="Cancel")
    assert [(a.hour, a.minute) for a in adapter.parse(adapter.read_raw(client)).alarms] == [(7, 30), (9, 15)]
    _swipe_row(client, "07:30", "right")
    assert any(e.text == "Are you sure? This can't be undone!" for e in parse_ui_dump(client.ui_dump()))
    _tap(client, text="OK")
    assert adapter.parse(adapter.read_raw(client)).alarms == [Alarm(hour=9, minute=15)]


def _wheel_items(client: DeviceClient, wheel: str) -> list[tuple[str, tuple[int, int]]]:
    return [(e.text, e.center) for e in parse_ui_dump(client.ui_dump()) if e.resource_id.endswith(f"{wheel}_item")]


def test_clock_you_wheel_value_is_the_centred_page(client: DeviceClient) -> None:
    """Clock You 9.1 (ScrollTimePicker.kt, a VerticalPager): three pages on screen, the centred
    one is the value; tapping a number selects nothing; a drag by whole pages turns the wheel."""
    adapter = ClockYouAdapter()
    client.check("pm clear com.bnyro.clock")
    adapter.seed(client, ClockState(stopwatch=None))
    client.launch("com.bnyro.clock")
    _tap(client, desc="Alarm")
    _tap(client, desc="New alarm")
    hours = _wheel_items(client, "hour_wheel")
    assert [t for t, _ in hours] == ["07", "08", "09"]  # the double opens a new alarm at 08:00
    client.check(f"input tap {hours[2][1][0]} {hours[2][1][1]}")  # tapping 09 does nothing
    (_, (x, y_mid)), (_, (_, y_low)) = hours[1], hours[2]
    pitch = y_low - y_mid
    client.check(f"input swipe {x} {y_low} {x} {y_low - 2 * pitch} 500")  # two pages on: 10
    assert [t for t, _ in _wheel_items(client, "hour_wheel")] == ["09", "10", "11"]
    _tap(client, text="Save")
    assert adapter.parse(adapter.read_raw(client)).alarms == [Alarm(hour=10, minute=0)]


def test_stopwatch_keeps_device_time(client: DeviceClient) -> None:
    """Clock 2.29: Start writes RUNNING, the shown time follows the device clock (moved forward by
    ``date``), Pause keeps what ran, Reset clears it -- each a transition the latch can see."""
    adapter = DeskClockAdapter()
    client.check("pm clear com.best.deskclock")
    adapter.seed(client, ClockState(stopwatch=Stopwatch()))
    client.launch("com.best.deskclock")
    _tap(client, desc="Stopwatch")
    _tap(client, desc="Start")
    assert adapter.parse(adapter.read_raw(client)).stopwatch == Stopwatch(state="running")
    client.check(f"date @{client.now_s() + 95} >/dev/null")
    shown = [el.text for el in parse_ui_dump(client.ui_dump()) if el.resource_id.endswith("stopwatch_time_text")]
    assert shown and shown[0] >= "01:34", shown  # `date` sets whole seconds: up to 1 s is cut
    _tap(client, desc="Pause")
    paused = adapter.parse(adapter.read_raw(client)).stopwatch
    assert paused is not None and paused.state == "paused" and paused.accumulated_ms >= 94_000
    _tap(client, desc="Reset")
    assert adapter.parse(adapter.read_raw(client)).stopwatch == Stopwatch()


def test_google_alarm_list_read_scrolls_and_sees_switched_off_alarms(client: DeviceClient) -> None:
    """Google Clock's Edit/Delete read: more alarms than one screen holds, one switched off, all
    read back from the Alarm tab (scrolling); a deleted one is gone while dumpsys alarm never
    showed the off one."""
    from pytest_anyapp.catalog import Category
    from pytest_anyapp.episode import lifecycle
    from pytest_anyapp.registry import templates_by_category

    delete = next(t for t in templates_by_category()[Category.CLOCK] if t.semantic_id == "ClockDeleteAlarm")
    adapter = GoogleClockAdapter().for_template(delete)
    assert adapter.reads_by_navigating
    alarms = [Alarm(hour=h, minute=15, enabled=h != 20) for h in range(6, 22)]
    adapter.seed(client, ClockState(alarms=alarms))
    raw = adapter.read_raw(client)
    assert len(raw["screen"]) > 1, "sixteen rows do not fit one screen: the read must scroll"
    assert (20, 15) not in alarm_clocks(raw["dumpsys_alarm"], "com.google.android.deskclock")
    assert adapter.parse(raw).read_back() == ClockState(alarms=alarms).read_back()
    lifecycle.relaunch(client, "com.google.android.deskclock")  # the list at its top again
    _tap(client, desc="Alarm")
    _tap(client, desc="Delete")  # the first row's Delete: 6:15 AM
    assert adapter.parse(adapter.read_raw(client)).read_back() == ClockState(alarms=alarms[1:]).read_back()


def test_broken_stores_are_read_errors(client: DeviceClient) -> None:
    """A store that exists but cannot be parsed is infrastructure (``invalid``), never "empty"."""
    fossify = FossifyClockAdapter()
    fossify.seed(client, ClockState())
    client.check("echo 'not a database' > /data/data/org.fossify.clock/databases/alarms.db")
    with pytest.raises(VerifierReadError):
        fossify.read_raw(client)
    chrono = ChronoAdapter()
    chrono.seed(client, ClockState(stopwatch=Stopwatch()))
    client.check("echo '{not json' > /data/data/com.vicolo.chrono/app_flutter/Clock/alarms.txt")
    with pytest.raises(VerifierReadError):
        chrono.parse(chrono.read_raw(client))
    with pytest.raises(VerifierReadError):
        fossify.parse({"alarms": ["17|1"], "timers": ["@@missing"], "prefs": ["@@missing"]})  # no busy line


def test_google_clock_reports_its_whole_version_name(client: DeviceClient) -> None:
    """Google Clock's versionName has a space (``7.4 (504317960)``): ``dumpsys package`` prints it
    whole and the client, the attestation and the pin compare it whole (issue 22)."""
    from pytest_anyapp.catalog.apps import app_by_id
    from pytest_anyapp.provision.attest import attest_app

    clock = app_by_id("clock_google_clock")
    out = client.check(f"dumpsys package {clock.package}")
    assert "\n    versionName=7.4 (504317960)\n" in out
    assert client.package_version(clock.package) == ("7.4 (504317960)", 74001498)
    attested = attest_app(client, clock)
    assert attested.version_name == "7.4 (504317960)" and attested.matches_pin
    off_pin = attest_app(client, clock.model_copy(update={"version_name": "7.4"}))
    assert not off_pin.matches_pin  # the code alone does not make a pin


def test_fossify_clock_seeds_one_shot_alarms_as_the_app_saves_them(client: DeviceClient) -> None:
    """Fossify Clock 1.6.0 never stores ``days = 0``: a non-repeating alarm is saved with TODAY_BIT
    (-1) when its time is later today, else TOMORROW_BIT (-2) (``updateNonRecurringAlarmDay``)."""
    client.check("pm clear org.fossify.clock; pm clear com.simplemobiletools.clock")
    hh, mm = (int(x) for x in client.check("date +%H:%M").strip().split(":"))
    now = hh * 60 + mm
    early, late = (0, 0), (23, 59)
    if now in (0, 23 * 60 + 59):  # a boundary minute: the test's own premise does not hold
        pytest.skip("device clock on a day boundary")
    for adapter in (FossifyClockAdapter(), SimpleClockAdapter()):  # Simple Clock 5.11.2 saves the same bits
        adapter.seed(client, ClockState(alarms=[Alarm(hour=early[0], minute=early[1]),
                                                Alarm(hour=late[0], minute=late[1])], stopwatch=None))
        days = client.sqlite(f"/data/data/{adapter.app.package}/databases/alarms.db",
                             "SELECT days FROM contacts ORDER BY time_in_minutes;")
        assert days == ["-2", "-1"], adapter.app.app_id
        prefs = client.check(f"cat /data/data/{adapter.app.package}/shared_prefs/Prefs.xml")
        assert 'name="was_alarm_warning_shown" value="true"' in prefs


def test_best_clock_first_launch_screen_and_the_seed_that_passes_it(client: DeviceClient) -> None:
    """Clock 2.29 opens FirstLaunch until the default preferences (device-protected storage) hold
    ``key_is_first_launch`` = false (DeskClock.isFirstLaunch); the seed writes it."""
    client.check("pm clear com.best.deskclock")
    client.launch("com.best.deskclock")
    assert any(e.text == "Later" for e in parse_ui_dump(client.ui_dump()))
    client.force_stop("com.best.deskclock")
    DeskClockAdapter().seed(client, ClockState(alarms=[Alarm(hour=7, minute=30)], stopwatch=None))
    client.launch("com.best.deskclock")
    assert not any(e.text == "Later" for e in parse_ui_dump(client.ui_dump()))
    client.force_stop("com.best.deskclock")


def test_chrono_onboarding_and_the_seed_that_passes_it(client: DeviceClient) -> None:
    """Chrono 0.6.0 opens its OnBoardingScreen while GetStorage has no ``onboarded`` (lib/app.dart);
    the seed writes it, as the screen's "Done" does."""
    client.check("pm clear com.vicolo.chrono")
    client.launch("com.vicolo.chrono")
    assert any(e.text == "Skip" for e in parse_ui_dump(client.ui_dump()))
    client.force_stop("com.vicolo.chrono")
    ChronoAdapter().seed(client, ClockState(alarms=[Alarm(hour=7, minute=30)], stopwatch=None))
    client.launch("com.vicolo.chrono")
    assert not any(e.text == "Skip" for e in parse_ui_dump(client.ui_dump()))
    client.force_stop("com.vicolo.chrono")
