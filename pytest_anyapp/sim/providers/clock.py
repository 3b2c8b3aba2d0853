"""Make SQLite's ``'now'`` mean the device clock.

Why: verifiers and seeders write ``strftime('%s','now')*1000`` expecting device time (frozen at
2023-10-15 on the benchmark), but SQLite reads the host clock. SQLite lets an application
function override a built-in of the same name, so the date functions are replaced by wrappers
that substitute the device time for ``'now'`` (or a missing time value) and evaluate the real
built-in on a private connection.
"""

from __future__ import annotations

import datetime as dt
import json as _json
import sqlite3
import threading
import time as _time
import zlib as _zlib
from collections.abc import Callable
from pathlib import Path as _Path
from typing import Any

_DATE_FUNCTIONS = ("date", "time", "datetime", "julianday", "strftime", "unixepoch")
_local = threading.local()


def _plain() -> sqlite3.Connection:
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        _local.conn = conn
    return conn


def _wrapper(name: str, now: Callable[[], float]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        when = dt.datetime.fromtimestamp(now(), dt.UTC)
        stamp = when.strftime("%Y-%m-%d %H:%M:%S") + f".{when.microsecond // 1000:03d}"
        # A connection with text_factory=bytes (the sqlite3 CLI) hands TEXT arguments over as bytes.
        values = [a.decode("utf-8", "replace") if isinstance(a, bytes) else a for a in args]
        time_index = 1 if name == "strftime" else 0
        if len(values) <= time_index:
            values.append(stamp)
        elif isinstance(values[time_index], str) and values[time_index].strip().lower() == "now":
            values[time_index] = stamp
        sql = f"SELECT {name}({', '.join('?' for _ in values)})"
        return _plain().execute(sql, values).fetchone()[0]

    return call


def install_device_clock(conn: sqlite3.Connection, now: Callable[[], float]) -> None:
    """Override SQLite's date functions on ``conn`` so ``'now'`` is ``now()`` (epoch seconds)."""
    for name in _DATE_FUNCTIONS:
        fn = _wrapper(name, now)
        for nargs in range(0, 8):
            conn.create_function(name, nargs, fn)
        conn.create_function(name, -1, fn)


# -- AlarmManager: what ``dumpsys alarm`` reports -----------------------------------------------------
#
# Apps hand alarms to Android's AlarmManagerService; ``dumpsys alarm`` lists the pending ones
# (AOSP android-13 ``apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java``
# ``dumpImpl``, ``LazyAlarmStore.dump``, ``Alarm.dump``/``toString``). Only what a client parses is
# modelled: ``nowRTC=<ms>=<date> nowELAPSED=<ms>``, the "Next alarm clock information" block, and per
# alarm its header line ``<TYPE> #<n>: Alarm{<hash> type <t> origWhen <ms> whenElapsed <ms> <package>}``
# (numbered from #1, indented under ``N pending alarms:``), ``tag=``, the
# ``type=``/``origWhen=`` line (a date for RTC types, ``TimeUtils.formatDuration(origWhen - nowELAPSED)``
# for ELAPSED types), for ``setAlarmClock`` alarms the ``Alarm clock:`` block with ``triggerTime=``,
# and ``operation=`` (the PendingIntentRecord's package and kind). A force-stop or ``pm clear`` of a
# package removes its alarms (AlarmManagerService's receiver for ACTION_PACKAGE_RESTARTED).

_TYPE_LABELS = {0: "RTC_WAKEUP", 1: "RTC", 2: "ELAPSED_WAKEUP", 3: "ELAPSED"}


def elapsed_realtime_ms(boot_time: float) -> int:
    """``SystemClock.elapsedRealtime()``: ms since the device booted (independent of the wall clock)."""
    return int((_time.time() - boot_time) * 1000)


def format_duration(ms: int) -> str:
    """``android.util.TimeUtils.formatDuration(long, PrintWriter)``: ``+29m59s876ms``, ``0``, ``-1s0ms``.
    A field is split off only when the seconds left are *more* than its size (``seconds >
    SECONDS_PER_HOUR``, aosp-mirror/platform_frameworks_base@00162256 core/java/android/util/TimeUtils.java
    ``formatDurationLocked``, nearest to android-13): an exact hour prints ``+60m0s0ms``."""
    if ms == 0:
        return "0"
    sign, left = ("+" if ms > 0 else "-"), abs(ms)
    millis, seconds = left % 1000, left // 1000
    parts = []
    for size, suffix in ((86_400, "d"), (3_600, "h"), (60, "m")):
        amount = seconds // size if seconds > size else 0
        seconds -= amount * size
        if amount or parts:
            parts.append(f"{amount}{suffix}")
    if seconds or parts:
        parts.append(f"{seconds}s")
    return sign + "".join(parts) + f"{millis}ms"


class AlarmManagerRecord:
    """The pending alarms of every app, kept in the device's state directory (one JSON file)."""

    def __init__(self, state_dir: _Path) -> None:
        self.path = state_dir / "alarm_manager.json"

    def _load(self) -> list[dict[str, Any]]:
        try:
            data: list[dict[str, Any]] = _json.loads(self.path.read_text(encoding="utf-8"))
            return data
        except (OSError, ValueError):
            return []

    def _save(self, alarms: list[dict[str, Any]]) -> None:
        self.path.write_text(_json.dumps(alarms), encoding="utf-8")

    def replace_package(self, package: str, alarms: list[dict[str, Any]]) -> None:
        """An app's full set of pending alarms (what it has set and not cancelled). Each alarm:
        ``tag`` (the PendingIntent's tag: its intent's action), ``when_ms`` (epoch ms, or
        elapsedRealtime ms for ELAPSED types), ``alarm_clock`` (set through ``setAlarmClock``);
        optional ``type`` (default 0 = RTC_WAKEUP), ``window_ms`` (0 = exact), ``flags`` (default
        0x3), ``exact`` (default True), ``operation`` (PendingIntentRecord kind, default
        ``broadcastIntent``)."""
        kept = [a for a in self._load() if a["package"] != package]
        self._save(kept + [{"package": package, "type": 0, **a} for a in alarms])

    def pending(self) -> list[dict[str, Any]]:
        return sorted(self._load(), key=lambda a: (a["when_ms"], a["package"], a["tag"]))


def package_restarted(state_dir: _Path, package: str) -> None:
    """A force-stop, ``pm clear`` or uninstall removes every alarm of the package (AlarmManagerService's
    receiver for ACTION_PACKAGE_RESTARTED / ACTION_PACKAGE_REMOVED calls ``removeLocked(pkg)``)."""
    AlarmManagerRecord(state_dir).replace_package(package, [])


def dump_alarm(record: AlarmManagerRecord, now_ms: int, fmt: Callable[[int], str], now_elapsed_ms: int = 0) -> str:
    """``dumpsys alarm`` as Android 13 prints it (the parts clients parse). ``fmt`` formats an epoch
    ms as the service's ``yyyy-MM-dd HH:mm:ss.SSS`` in the device time zone.

    ``dumpImpl`` writes through an ``IndentingPrintWriter("  ")`` indented once under its title;
    ``LazyAlarmStore.dump`` indents the list under ``N pending alarms: ``; ``dumpAlarmList`` prints
    the earliest first, numbered from ``#1``, each ``Alarm.dump`` one level deeper."""
    def is_rtc(a: dict[str, Any]) -> bool:
        return int(a["type"]) in (0, 1)

    def elapsed_when(a: dict[str, Any]) -> int:  # the store orders alarms by their elapsed time
        return int(a["when_ms"]) - (now_ms - now_elapsed_ms) if is_rtc(a) else int(a["when_ms"])

    def relative(when: int, now: int) -> str:  # TimeUtils.formatDuration(long time, long now, pw)
        return "--" if when == 0 else format_duration(when - now)

    alarms = sorted(record.pending(), key=elapsed_when)
    clocks = [a for a in alarms if a.get("alarm_clock")]
    # Left out (no client reads them): the title, the settings and app-state dumps before nowRTC,
    # the time-change/tick/kernel lines after it, and all after
    # the store (StatLogger, blocked alarms, per-uid counts, history, statistics).
    lines = [f"  nowRTC={now_ms}={fmt(now_ms)} nowELAPSED={now_elapsed_ms}", "  Next alarm clock information: "]
    if clocks:
        t = clocks[0]["when_ms"]
        lines.append(f"    user:0 pendingSend:false time:{t} = {fmt(t)} = {relative(t, now_ms)}")
    if alarms:
        lines += ["  ", f"  {len(alarms)} pending alarms: "]  # IndentingPrintWriter indents a blank line too
        for i, a in enumerate(alarms, start=1):
            label = _TYPE_LABELS.get(int(a["type"]), "RTC_WAKEUP")
            token = f"{_zlib.crc32((a['package'] + a['tag']).encode()):08x}"[1:]
            when = fmt(a["when_ms"]) if is_rtc(a) else format_duration(int(a["when_ms"]) - now_elapsed_ms)
            window_ms = int(a.get("window_ms", 0))
            exact = " exactAllowReason=policy_permission" if a.get("exact", True) else ""
            prefix = "*walarm*:" if int(a["type"]) in (0, 2) else "*alarm*:"
            when_elapsed = elapsed_when(a)
            lines += [
                f"    {label} #{i}: Alarm{{{token} type {a['type']} origWhen {a['when_ms']} "
                f"whenElapsed {when_elapsed} {a['package']}}}",
                f"      tag={prefix}{a['tag']}",
                f"      type={label} origWhen={when} window={format_duration(window_ms)}{exact} "
                f"repeatInterval=0 count=0 flags={hex(int(a.get('flags', 3)))}",
                # the policies' times but the requester's are when each policy last looked: not modelled
                f"      policyWhenElapsed: requester={relative(when_elapsed, now_elapsed_ms)} app_standby=-- "
                "device_idle=-- battery_saver=--",
                f"      whenElapsed={relative(when_elapsed, now_elapsed_ms)} "
                f"maxWhenElapsed={relative(when_elapsed + window_ms, now_elapsed_ms)}",
            ]
            if a.get("alarm_clock"):
                lines += ["      Alarm clock:", f"        triggerTime={fmt(a['when_ms'])}",
                          f"        showIntent=PendingIntent{{{token}: PendingIntentRecord{{{token} {a['package']} "
                          "startActivity}}"]
            lines.append(f"      operation=PendingIntent{{{token}: PendingIntentRecord{{{token} {a['package']} "
                         f"{a.get('operation', 'broadcastIntent')}}}}}")
    return "\n".join(lines) + "\n"
