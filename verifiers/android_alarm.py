"""Android's own record of pending alarms, as ``dumpsys alarm`` prints it (one parser for every
category that reads it: Clock's alarm clocks, Music's sleep timers).

AOSP android-13 ``AlarmManagerService.dumpImpl`` (an ``IndentingPrintWriter`` indented by two
under ``Current Alarm Manager state:``) prints ``nowRTC=<ms>=<date> nowELAPSED=<ms>``, then the
alarm store (``LazyAlarmStore.dump``: ``N pending alarms:``, the list indented below it,
``dumpAlarmList`` numbering from ``#1``) with one block per alarm: the header
``<TYPE> #<n>: Alarm{<hash> type <t> origWhen <ms> whenElapsed <ms> <package>}`` (``Alarm.toString``;
``origWhen`` is epoch ms for RTC types, ``elapsedRealtime`` ms for ELAPSED types; Android 12's
revision prints two spaces before ``whenElapsed``, both are read) and, indented below it
(``Alarm.dump``), ``tag=`` (``*walarm*:`` or ``*alarm*:`` + the PendingIntent's tag, i.e. its
intent's action), ``type=… origWhen=…``, and for ``setAlarmClock`` alarms an ``Alarm clock:``
block with ``triggerTime=yyyy-MM-dd HH:mm:ss.SSS``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_anyapp.device.parsers import parses
from verifiers.base import SourceRef

AOSP_ALARM = SourceRef(
    repo="aosp-mirror/platform_frameworks_base", tag="android-13 (nearest: mirror revisions with and without TARE read)",
    files=("apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java (dumpImpl: "
           "'nowRTC=<ms>=<date> nowELAPSED=<ms>', 'Next alarm clock information', the alarm store dump)",
           "apex/jobscheduler/service/java/com/android/server/alarm/LazyAlarmStore.java (dump: 'N pending alarms: ', "
           "the list one indent deeper, numbered from #1 by dumpAlarmList)",
           "apex/jobscheduler/service/java/com/android/server/alarm/Alarm.java (toString: 'Alarm{<hash> type <n> "
           "origWhen <ms> whenElapsed <ms> <pkg>}'; makeTag: '*walarm*:' + PendingIntent tag for wakeup types; dump: tag=, "
           "'Alarm clock:' + 'triggerTime=yyyy-MM-dd HH:mm:ss.SSS' for setAlarmClock alarms)"),
    note="only alarms set through setAlarmClock carry an 'Alarm clock:' block",
)
ALARM_HEADER = re.compile(
    r"^(\s*)(RTC_WAKEUP|RTC|ELAPSED_WAKEUP|ELAPSED) #\d+: "
    r"Alarm\{\S+ type \d+ origWhen (-?\d+) {1,2}whenElapsed -?\d+ (\S+)\}")
TRIGGER = re.compile(r"^\s*triggerTime=\d{4}-\d{2}-\d{2} (\d{2}):(\d{2}):\d{2}")
NOW = re.compile(r"^\s*nowRTC=(-?\d+)=.* nowELAPSED=(-?\d+)\s*$")


@dataclass(frozen=True)
class PendingAlarm:
    """One alarm block: its header and the lines indented below it."""

    type: str  # RTC_WAKEUP, RTC, ELAPSED_WAKEUP, ELAPSED
    orig_when: int  # ms: epoch for RTC types, elapsedRealtime for ELAPSED types
    package: str
    tag: str  # as printed, e.g. "*walarm*:player.phonograph.plus.stop_and_quit_now"
    alarm_clock: tuple[int, int] | None  # (hour, minute) of the 'Alarm clock:' triggerTime
    lines: tuple[str, ...]


@parses("dumpsys alarm")
def pending_alarms(lines: list[str]) -> list[PendingAlarm]:
    """Every alarm block in a ``dumpsys alarm``, in the order printed."""
    out: list[PendingAlarm] = []
    i = 0
    while i < len(lines):
        header = ALARM_HEADER.match(lines[i])
        if header is None:
            i += 1
            continue
        indent = len(header.group(1))
        block = [lines[i]]
        i += 1
        while i < len(lines) and not ALARM_HEADER.match(lines[i]) and (
                len(lines[i]) - len(lines[i].lstrip()) > indent):
            block.append(lines[i])
            i += 1
        tag = next((b.strip()[4:] for b in block[1:] if b.strip().startswith("tag=")), "")
        clock: tuple[int, int] | None = None
        in_clock = False
        for b in block[1:]:
            if b.strip() == "Alarm clock:":
                in_clock = True
            elif in_clock and (trigger := TRIGGER.match(b)):
                clock = (int(trigger.group(1)), int(trigger.group(2)))
        out.append(PendingAlarm(type=header.group(2), orig_when=int(header.group(3)), package=header.group(4),
                                tag=tag, alarm_clock=clock, lines=tuple(block)))
    return out


@parses("dumpsys alarm")
def now_elapsed(lines: list[str]) -> int | None:
    """The dump's ``nowELAPSED`` (elapsedRealtime ms when it was printed), None when absent."""
    for line in lines:
        m = NOW.match(line)
        if m:
            return int(m.group(2))
    return None


@parses("dumpsys alarm")
def alarm_clocks(lines: list[str], package: str) -> list[tuple[int, int]]:
    """(hour, minute) of every pending ``setAlarmClock`` alarm of ``package`` in a ``dumpsys alarm``."""
    return [a.alarm_clock for a in pending_alarms(lines) if a.package == package and a.alarm_clock is not None]


__all__ = ["AOSP_ALARM", "PendingAlarm", "alarm_clocks", "now_elapsed", "pending_alarms"]
