"""A sleep timer that a player records only as an AlarmManager alarm (Phonograph Plus): read from
Android's own record, ``dumpsys alarm`` (parsed by :mod:`verifiers.android_alarm`, the parser
Clock uses), the minutes derived from the alarm's trigger time.

Phonograph Plus 1.12.1 ``service/util/SleepTimer.kt`` sets ``AlarmManager.set(ELAPSED_REALTIME_WAKEUP,
elapsedRealtime() + minutes·60000, PendingIntent.getService(MusicService, action
<pkg>.stop_and_quit_now | <pkg>.stop_and_quit_pending))`` and keeps nothing else but the object's
fields. The dump prints the alarm's ``origWhen`` (the requested elapsed time, not the inexact
window's end) and the dump's own ``nowELAPSED``; their difference is the time left. The read follows
the agent's step that pressed "Set" (the verifier reads after every step), so the time left is the
minutes set less the seconds since: it is rounded up to whole minutes, which tolerates up to 59 s
between "Set" and the read and still tells apart a timer one minute off (the arc's step).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.android_alarm import AOSP_ALARM, now_elapsed, pending_alarms
from verifiers.base import SourceRef, StorageProfile
from verifiers.music.profiles import SleepProfile
from verifiers.music.screen import _Ui, tap

if TYPE_CHECKING:
    from pytest_anyapp.agents.base import UIElement
    from pytest_anyapp.device.client import DeviceClient

PHONOGRAPH_PKG = "player.phonograph.plus"


def arc_point(progress: int, bounds: tuple[int, int, int, int]) -> tuple[int, int]:
    """Where ``progress`` lies on the sleep dialog's arc (``dialog_sleep_timer.xml``: max 120,
    startAngle 30, sweep 300, rotation 180, counter-clockwise; SeekArc maps a touch by its angle
    around the view's centre), at 0.4 of the view's side from the centre."""
    left, top, right, bottom = bounds
    a = math.radians(progress * 300 / 120 + 30 + 180 - 90)
    side = min(right - left, bottom - top)
    return (round((left + right) / 2 - 0.4 * side * math.cos(a)), round((top + bottom) / 2 + 0.4 * side * math.sin(a)))


@dataclass(frozen=True)
class AlarmSleep(SleepProfile):
    """The package's wake-up alarm whose PendingIntent action is one of ``actions``."""

    profile: StorageProfile
    package: str
    actions: tuple[str, ...]

    @property
    def tags(self) -> tuple[str, ...]:
        return tuple(f"*walarm*:{a}" for a in self.actions)  # Alarm.makeTag for a wake-up type

    def read(self, device: DeviceClient, package: str) -> list[str]:
        """The dump's ``nowRTC=… nowELAPSED=`` line and the package's alarm blocks (the rest of a
        device's dump is other apps' alarms and statistics)."""
        try:
            out = device.check("dumpsys alarm")
        except DeviceError as exc:
            raise VerifierReadError(f"dumpsys alarm failed: {exc}") from exc
        lines = [line for line in out.split("\n") if line]
        now = next((line for line in lines if "nowELAPSED=" in line), None)
        if now is None or now_elapsed([now]) is None:
            raise VerifierReadError("dumpsys alarm printed no nowELAPSED (no alarm manager state)")
        return [now, *(line for a in pending_alarms(lines) if a.package == self.package for line in a.lines)]

    def parse(self, lines: list[str]) -> int | None:
        now = now_elapsed(lines)
        if now is None:
            raise VerifierReadError("alarm read has no nowELAPSED")
        timers = [a for a in pending_alarms(lines)
                  if a.package == self.package and a.type == "ELAPSED_WAKEUP" and a.tag in self.tags]
        if len(timers) > 1:  # SleepTimer cancels the previous alarm before setting one
            raise VerifierReadError(f"{len(timers)} sleep-timer alarms pending for {self.package}")
        if not timers or timers[0].orig_when <= now:
            return None
        return math.ceil((timers[0].orig_when - now) / 60_000)

    def seed(self, device: DeviceClient, package: str, minutes: int | None) -> None:
        """No shell command sets another app's alarm: a running timer is set through the app's UI
        (play the first song, open the player, overflow → "Sleep timer", tap the arc at the
        minutes' angle until the readout says them, "Set") and checked by reading it back. None: the adapter's
        force-stop already removed the package's alarms, as Android does."""
        if minutes is None:
            return
        device.launch(package)
        ui = _Ui(device)

        def by_res(name: str) -> UIElement:
            el = ui.find(lambda e: e.resource_id.endswith(f":id/{name}"))
            if el is None:
                raise DeviceError(f"seeding a sleep timer in {package}: no {name!r} on screen")
            return el

        for name in ("title", "mini_player_title"):
            cx, cy = by_res(name).center
            device.check(f"input tap {cx} {cy}")
        for step in (tap("More options"), tap("Sleep timer")):
            if not ui.run(step):
                raise DeviceError(f"seeding a sleep timer in {package}: no {step.label!r} on screen")
        left, top, right, bottom = by_res("seek_arc").bounds
        aim = minutes
        for _ in range(4):
            x, y = arc_point(aim, (left, top, right, bottom))
            device.check(f"input tap {x} {y}")
            value = int(by_res("timer_display").text.split()[0])
            if value == minutes:
                break
            aim += minutes - value
        if not ui.run(tap("Set")):
            raise DeviceError(f"seeding a sleep timer in {package}: no 'Set' on screen")
        if self.parse(self.read(device, package)) != minutes:
            raise DeviceError(f"seeding a {minutes}-minute sleep timer in {package} did not set its alarm")


PHONOGRAPH_SLEEP = AlarmSleep(
    profile=StorageProfile(
        what="sleep timer", path="dumpsys alarm (AlarmManagerService)",
        format="the package's pending ELAPSED_WAKEUP alarm tagged '*walarm*:player.phonograph.plus.stop_and_quit_now' "
               "(or '…stop_and_quit_pending' with 'Finish last song'); minutes = ceil((origWhen - nowELAPSED) / 60000)",
        writes="'Set' in the player overflow's 'Sleep timer' dialog: cancels the previous alarm, then "
               "AlarmManager.set(ELAPSED_REALTIME_WAKEUP, elapsedRealtime() + minutes*60000, "
               "PendingIntent.getService(MusicService)) (inexact); the deadline and PendingIntent stay in the "
               "SleepTimer object's fields only; 'Cancel' cancels the alarm; the arc's release writes "
               "last_sleep_timer_value to the DataStore (not read: it is not the running timer)",
        sources=(SourceRef(repo="chr56/Phonograph_Plus", tag="v1.12.1", files=(
            "app/src/main/java/player/phonograph/service/util/SleepTimer.kt (setTimer, cancelTimer, "
            "stopMusicServicePendingIntent: getService, request code 0, FLAG_CANCEL_CURRENT | FLAG_IMMUTABLE)",
            "app/src/main/java/player/phonograph/ui/dialogs/SleepTimerDialog.kt (Set → setTimer(progress); "
            "progress field starts at 1; Cancel → cancelTimer)",
            "app/src/main/res/layout/dialog_sleep_timer.xml (SeekArc max 120, timer_display, should_finish_last_song)",
            "app/src/main/java/player/phonograph/model/service/ActionNames.kt (ACTION_STOP_AND_QUIT_NOW/_PENDING)",
            "app/src/main/java/player/phonograph/ui/modules/player/AbsPlayerFragment.kt (overflow item "
            "'Sleep timer', SHOW_AS_ACTION_NEVER)",
            "app/src/main/java/player/phonograph/settings/Keys.kt (last_sleep_timer_value default 30)")),
            AOSP_ALARM),
    ),
    package=PHONOGRAPH_PKG,
    actions=(f"{PHONOGRAPH_PKG}.stop_and_quit_now", f"{PHONOGRAPH_PKG}.stop_and_quit_pending"),
)

__all__ = ["PHONOGRAPH_SLEEP", "AlarmSleep"]
