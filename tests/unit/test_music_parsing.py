"""Pure parsers of the Music verifiers: answered durations, the media-session dump, M3U playlists,
the sleep-timer reads (prefs, screens, Phonograph Plus's alarm in ``dumpsys alarm``)."""
from __future__ import annotations

import pytest

from pytest_anyapp.errors import VerifierReadError
from verifiers.android_alarm import alarm_clocks
from verifiers.music.alarm import PHONOGRAPH_SLEEP as P
from verifiers.music.device import parse_session
from verifiers.music.profiles import MONSTER_PLAYLISTS
from verifiers.music.state import NowPlaying, parse_duration


@pytest.mark.parametrize(("text", "seconds"), [
    ("12:05", 725), ("0:12:05", 725), ("725", 725), ("12 min 5 s", 725), ("12 minutes 5 seconds", 725),
    ("12:05.", 725), ("Total duration: 12:05", 725), ("1:02:03", 3723), ("1 h 2 min", 3720),
])
def test_durations_in_every_accepted_form(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "12:65", "about 12 minutes or 13", "12:05 or 13:05", "twelve", "1:75:00"])
def test_anything_else_is_no_duration(text: str) -> None:
    assert parse_duration(text) is None


DUMP = [
    "package=com.other.player", "state=PlaybackState {state=3, position=0, buffered position=0, speed=1.0}",
    "metadata: size=3, description=Riptide, <unknown>, null",
    "package=code.name.monkey.retromusic", "state=PlaybackState {state=2, position=5, buffered position=0}",
    "metadata: size=7, description=Open Road, <unknown>, null",
]


def test_the_session_of_the_package_is_read_not_another_apps() -> None:
    np = parse_session(DUMP, "code.name.monkey.retromusic")
    assert np is not None and (np.state, np.title) == (2, "Open Road")
    assert parse_session(DUMP, "org.fossify.musicplayer") is None
    assert parse_session(["package=x", "state=null", "metadata: null"], "x") is None
    # setMetadata(null): MediaSession sends "size=0, description=null" — no title, not the title "null"
    cleared = ["package=x", "state=PlaybackState {state=2, position=0, buffered position=0}",
               "metadata: size=0, description=null"]
    assert parse_session(cleared, "x") is None
    named = [*cleared[:2], "metadata: size=2, description=null, <unknown>, null"]  # a song titled "null"
    assert parse_session(named, "x") == NowPlaying(state=2, title="null")


def test_m3u_members_absolute_or_relative_and_comments_skipped() -> None:
    lines = ["__F/sdcard/Music/Road Trip.m3u", "#EXTM3U", "/storage/emulated/0/Music/Echoes.wav", "Riptide.wav",
             "#EXTINF:180,x", "../Other/Unknown.mp3", "__F/sdcard/Music/Focus.m3u8", "#EXTM3U"]
    lists = MONSTER_PLAYLISTS.parse(lines, {})
    assert [(p.name, p.songs) for p in lists] == [("Road Trip", ["Echoes", "Riptide", "<file Unknown.mp3>"]),
                                                 ("Focus", [])]


# -- sleep timers -------------------------------------------------------------------------------------

def test_retro_timer_needs_the_start_key_and_defaults_to_30_minutes() -> None:
    from verifiers.music.profiles import RETRO_SLEEP

    started = '<int name="next_sleep_timer_elapsed_real_time" value="4500000" />'
    assert RETRO_SLEEP.parse([]) is None
    assert RETRO_SLEEP.parse(['<int name="last_sleep_timer_value" value="45" />']) is None  # dragged, never started
    assert RETRO_SLEEP.parse([started]) == 30
    assert RETRO_SLEEP.parse([started, '<int name="last_sleep_timer_value" value="45" />']) == 45


@pytest.mark.parametrize(("shown", "now", "minutes"), [
    ("Playback will pause at: 8:45:00 PM", "20:00:00", 45),
    ("Playback will pause at: 8:45:00 PM", "20:00:40", 45),  # read 40 s after the start
    ("Playback will pause at: 12:10:00 AM", "23:55:00", 15),  # past midnight
    ("Playback will pause at: 20:30:00", "20:00:00", 30),
    ("Start sleep timer", "20:00:00", None),
])
def test_sicmu_pause_time_against_the_device_clock(shown: str, now: str, minutes: int | None) -> None:
    from verifiers.music.screen import sicmu_minutes

    assert sicmu_minutes(shown, now) == minutes


@pytest.mark.parametrize(("shown", "minutes"), [
    ("Running: 44:58", 45), ("Running: 15:00", 15), ("Running: 01:00:00", 60), ("Running: 00:59:59", 60),
    ("Play completed last song", None), ("Running:", None),
])
def test_monster_remaining_time(shown: str, minutes: int | None) -> None:
    from verifiers.music.screen import monster_minutes

    assert monster_minutes(shown, "") == minutes


def test_screen_read_without_a_process_or_timer_is_none_and_an_incomplete_read_is_an_error() -> None:
    from pytest_anyapp.errors import VerifierReadError
    from verifiers.music.adapters import MONSTER_SLEEP
    from verifiers.music.screen import NO_PROCESS

    assert MONSTER_SLEEP.parse([NO_PROCESS]) is None
    assert MONSTER_SLEEP.parse(["now=20:00:00", "shown=Running: 29:59"]) == 30
    assert MONSTER_SLEEP.parse(["now=20:00:00"]) is None  # the app shows no timer
    with pytest.raises(VerifierReadError):
        MONSTER_SLEEP.parse(["shown=Running: 29:59"])


#: Android 13 layout (AlarmManagerService.dumpImpl, LazyAlarmStore.dump, dumpAlarmList from #1,
#: Alarm.toString/dump).
ALARM_DUMP = """\
Current Alarm Manager state:
  nowRTC=1697385600000=2023-10-15 16:00:00.000 nowELAPSED=5000000

  2 pending alarms:
    ELAPSED_WAKEUP #1: Alarm{a1 type 2 origWhen 6799000 whenElapsed 6799000 player.phonograph.plus}
      tag=*walarm*:player.phonograph.plus.stop_and_quit_now
      type=ELAPSED_WAKEUP origWhen=+29m59s0ms window=+22m29s250ms repeatInterval=0 count=0 flags=0x0
      operation=PendingIntent{b2: PendingIntentRecord{c3 player.phonograph.plus startService}}
    RTC_WAKEUP #2: Alarm{d4 type 0 origWhen 1697443200000 whenElapsed 62600000 com.google.android.deskclock}
      tag=*walarm*:com.google.android.deskclock.ALARM
      Alarm clock:
        triggerTime=2023-10-16 08:00:00.000
"""


def test_phonograph_timer_minutes_are_the_time_left_rounded_up() -> None:
    assert P.parse(ALARM_DUMP.splitlines()) == 30  # 29 min 59 s left: set a second ago
    assert alarm_clocks(ALARM_DUMP.splitlines(), "com.google.android.deskclock") == [(8, 0)]
    lines = ALARM_DUMP.splitlines()
    assert P.parse([ln.replace("origWhen 6799000", "origWhen 6740000") for ln in lines]) == 29  # 29:00 left
    assert P.parse([ln.replace("origWhen 6799000", "origWhen 6740001") for ln in lines]) == 30  # 59.999 s late
    assert P.parse([ln.replace("stop_and_quit_now", "stop_and_quit_pending") for ln in lines]) == 30
    assert P.parse([ln.replace("origWhen 6799000", "origWhen 4000000") for ln in lines]) is None  # past due
    assert P.parse([ln.replace("stop_and_quit_now", "play") for ln in lines]) is None  # another intent
    assert P.parse([ln.replace("player.phonograph.plus}", "other.app}") for ln in lines]) is None
    assert P.parse([ln.replace("ELAPSED_WAKEUP #1", "ELAPSED #1") for ln in lines]) is None


def test_phonograph_alarm_read_errors() -> None:
    lines = ALARM_DUMP.splitlines()
    with pytest.raises(VerifierReadError):
        P.parse([ln for ln in lines if "nowELAPSED" not in ln])
    with pytest.raises(VerifierReadError):  # SleepTimer cancels the previous alarm: two is not the app
        P.parse(lines[:3] + lines[4:8] + lines[4:8])
