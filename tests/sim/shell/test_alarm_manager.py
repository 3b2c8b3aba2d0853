"""Android's alarm record as ``dumpsys alarm`` prints it on Android 13 (AlarmManagerService.dumpImpl,
Alarm.toString/dump) for an ELAPSED_REALTIME_WAKEUP alarm a player double sets (Phonograph Plus's
sleep timer), read back with the shared parser; a force-stop removes the package's alarms, a kill
does not."""
from __future__ import annotations

from shell_helpers import Out

from pytest_anyapp.sim.apps.music.phonograph_plus import PhonographPlus
from pytest_anyapp.sim.device import SimDevice
from pytest_anyapp.sim.providers.clock import format_duration
from verifiers.android_alarm import now_elapsed, pending_alarms
from verifiers.music.alarm import PHONOGRAPH_SLEEP

PKG = "player.phonograph.plus"


def test_time_utils_format_duration() -> None:
    assert format_duration(0) == "0"
    assert format_duration(1_799_876) == "+29m59s876ms"
    assert format_duration(3_600_000) == "+60m0s0ms"  # fields split on '>': an exact hour stays minutes
    assert format_duration(60_000) == "+60s0ms" and format_duration(7_200_000) == "+2h0m0s0ms"
    assert format_duration(-1500) == "-1s500ms"
    assert format_duration(90_061_001) == "+1d1h1m1s1ms"


def test_a_sleep_timer_is_an_elapsed_wakeup_alarm_until_the_app_is_force_stopped(out: Out, device: SimDevice) -> None:
    PhonographPlus(device).set_sleep_timer(15)
    dump = out("dumpsys alarm")
    lines = dump.splitlines()
    now = now_elapsed(lines)
    assert now is not None and now > 0  # elapsedRealtime in ms, not a formatted duration
    [alarm] = [a for a in pending_alarms(lines) if a.package == PKG]
    assert alarm.type == "ELAPSED_WAKEUP" and alarm.tag == f"*walarm*:{PKG}.stop_and_quit_now"
    assert 14 * 60_000 < alarm.orig_when - now <= 15 * 60_000
    # LazyAlarmStore.dump / dumpAlarmList / Alarm.toString: indented, numbered from #1, whenElapsed
    assert "\n  1 pending alarms: \n" in dump
    assert alarm.lines[0] == (f"    ELAPSED_WAKEUP #1: Alarm{{{alarm.lines[0].split('{')[1].split()[0]} type 2 "
                              f"origWhen {alarm.orig_when} whenElapsed {alarm.orig_when} {PKG}}}")
    left = format_duration(alarm.orig_when - now)  # printed relative to the same dump's nowELAPSED
    assert (f"type=ELAPSED_WAKEUP origWhen={left} window=+11m15s0ms repeatInterval=0 count=0 flags=0x0\n"
            in dump)  # inexact: window = 3/4 of the delay, no exactAllowReason
    assert f"PendingIntentRecord{{{alarm.lines[-1].split('{')[2].split()[0]} {PKG} startService}}" in dump
    assert PHONOGRAPH_SLEEP.parse([lines[0], *alarm.lines]) == 15
    out(f"am kill {PKG}")
    assert PKG in out("dumpsys alarm")
    out(f"am force-stop {PKG}")
    assert PKG not in out("dumpsys alarm")
