"""Conformance cases for the 10 Clock templates: gold, tolerated, one near miss per clause.

Every case is a state each app can hold in its own store (at most one stopwatch; alarms, timers
and cities as lists).
"""

from __future__ import annotations

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.clock.state import Alarm, ClockState, Stopwatch, Timer


def _s(alarms: list[Alarm] | None = None, timers: list[Timer] | None = None, stopwatch: Stopwatch | None = None,
       cities: list[str] | None = None) -> ClockState:
    return ClockState(alarms=alarms or [], timers=timers or [], stopwatch=stopwatch or Stopwatch(),
                      cities=cities or [])


def _other_hour(hour: int) -> int:
    return hour + 1 if hour < 22 else hour - 1


def cases(template: TaskTemplate[ClockState], params: Params) -> Cases:  # noqa: C901 — one branch per template
    sid = template.semantic_id
    if sid in ("ClockCreateAlarm", "ClockEnableAlarm"):
        h, m = params["hour"], params["minute"]
        gold = _s([Alarm(hour=h, minute=m)])
        misses = {"other_time": NearMiss(_s([Alarm(hour=_other_hour(h), minute=m)]), fails="alarm_on"),
                  "switched_off": NearMiss(_s([Alarm(hour=h, minute=m, enabled=False)]), fails="alarm_on")}
        return Cases(gold=gold, tolerated={"with_other_alarm": _s([Alarm(hour=_other_hour(h), minute=m, enabled=False),
                                                                  Alarm(hour=h, minute=m)])},
                     near_misses=misses)
    if sid == "ClockEditAlarm":
        old = Alarm(hour=params["old_hour"], minute=params["old_minute"])
        new = Alarm(hour=params["new_hour"], minute=params["new_minute"])
        return Cases(gold=_s([new]), tolerated={"unrelated_alarm_kept": _s([new, Alarm(hour=5, minute=5)])}, near_misses={
            "never_had_old": NearMiss(_s([new]), fails="old_at_start", first_read=_s()),
            "new_added_old_kept": NearMiss(_s([old, new]), fails="old_gone"),
            "new_added_old_off": NearMiss(_s([old.model_copy(update={"enabled": False}), new]), fails="old_gone"),
            "old_deleted_only": NearMiss(_s(), fails="new_on"),
        })
    if sid == "ClockDeleteAlarm":
        alarm = Alarm(hour=params["hour"], minute=params["minute"])
        return Cases(gold=_s(), tolerated={"other_alarm_left": _s([Alarm(hour=_other_hour(alarm.hour),
                                                                          minute=alarm.minute)])}, near_misses={
            "never_there": NearMiss(_s(), fails="alarm_at_start", first_read=_s()),
            "still_there": NearMiss(_s([alarm]), fails="alarm_gone"),
            "switched_off_only": NearMiss(_s([alarm.model_copy(update={"enabled": False})]), fails="alarm_gone"),
        })
    if sid == "ClockCreateTimer":
        total = params["hours"] * 3600 + params["minutes"] * 60 + params["seconds"]
        return Cases(gold=_s(timers=[Timer(seconds=total)]), near_misses={
            "wrong_length": NearMiss(_s(timers=[Timer(seconds=total + 60)]), fails="timer_set"),
            "started_too": NearMiss(_s(timers=[Timer(seconds=total), Timer(seconds=total, state="running")]),
                                    fails="not_started"),
        })
    if sid == "ClockStartTimer":
        total = params["minutes"] * 60 + params["seconds"]
        return Cases(gold=_s(timers=[Timer(seconds=total, state="running")]), near_misses={
            "not_started": NearMiss(_s(timers=[Timer(seconds=total)]), fails="timer_running"),
            "paused": NearMiss(_s(timers=[Timer(seconds=total, state="paused")]), fails="timer_running"),
            "wrong_length": NearMiss(_s(timers=[Timer(seconds=total + 15, state="running")]), fails="timer_running"),
        })
    if sid == "ClockStopwatchRunning":
        return Cases(gold=_s(stopwatch=Stopwatch(state="running")), tolerated={
            "running_on": _s(stopwatch=Stopwatch(state="running", accumulated_ms=4200))}, near_misses={
            "paused": NearMiss(_s(stopwatch=Stopwatch(state="paused", accumulated_ms=4200)), fails="running"),
        })
    if sid == "ClockPauseStopwatch":
        return Cases(gold=_s(stopwatch=Stopwatch(state="paused", accumulated_ms=4200)), near_misses={
            "still_running": NearMiss(_s(stopwatch=Stopwatch(state="running", accumulated_ms=4200)), fails="paused"),
            "paused_at_zero": NearMiss(_s(stopwatch=Stopwatch(state="paused")), fails="nonzero"),
        })
    if sid == "ClockStopwatchReset":
        return Cases(gold=_s(), near_misses={
            "never_ran": NearMiss(_s(), fails="nonzero_at_start", first_read=_s()),
            "still_paused": NearMiss(template.initial_state(params), fails="reset"),
            "running_again": NearMiss(_s(stopwatch=Stopwatch(state="running", accumulated_ms=4200)), fails="reset"),
        })
    if sid == "ClockAddWorldClock":
        city = params["city"]
        other = "Madrid" if city != "Madrid" else "Sydney"
        return Cases(gold=_s(cities=[city]), tolerated={"with_another": _s(cities=[other, city])},
                     near_misses={"other_city": NearMiss(_s(cities=[other]), fails="city_added")})
    raise KeyError(f"no cases for {sid}")
