"""Clock category: the 10 templates of the notes (tasks_part1 §3B), app-neutral.

Semantic ids, parameter domains, complexities and the create-first instructions are the prior
release's. Decisions that differ (docs/clock.md, "Deviations"):

* Every criterion reads durable state (the app's database, preferences or files, or Android's
  alarm record) through :class:`~verifiers.clock.state.ClockState`; screen heuristics are gone
  from the durable pairs.
* A created or edited alarm must be **on**: every app switches a newly saved alarm on, and
  Fossify/Simple Clock ship two disabled alarms (07:00, 09:00) on first start that must not pass
  as "created". The seed empties the alarm list in every app, so all start from no alarms.
* Delete, Edit and StopwatchReset are no longer create-first: the alarm (the old time) or a
  paused non-zero stopwatch is seeded, identically in every app, and the transition latch
  requires the first read to show it, so "never created" cannot pass as deleted/edited/reset.
  Their instructions name the seeded object instead of asking to create it first.
* The world-clock pool is {Sydney, Madrid}: Simple Clock 5.11.2 and Fossify Clock 1.6.0 offer
  neither Singapore nor Berlin (their fixed zone lists, ``helpers/Constants.kt``), so those
  parameters named tasks two apps cannot do. Every app starts with no world clocks (Chrono's four
  preloaded cities are removed by the seed, which a user can do too).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.clock.state import Alarm, ClockState, Stopwatch, hms

FIVE_MINUTES: tuple[int, ...] = tuple(range(0, 60, 5))
QUARTERS: tuple[int, ...] = (0, 15, 30, 45)
CITIES: tuple[str, ...] = ("Sydney", "Madrid")
#: Where ClockStopwatchRunning finds the stopwatch (0: reset, else paused at that many seconds).
STOPWATCH_STARTS: tuple[int, ...] = (0, 0, 12, 47, 95, 183)


def verdict(clauses: Sequence[Clause], state: ClockState, **evidence: Any) -> Verdict:
    return combine(clauses, alarms=[a.describe() for a in state.alarms],
                   timers=[t.describe() for t in state.timers],
                   stopwatch=None if state.stopwatch is None else state.stopwatch.model_dump(),
                   cities=list(state.cities), **evidence)


def _hm(hour: int, minute: int) -> str:
    return f"{hour:02d}:{minute:02d}"


def _alarm_on(state: ClockState, key: str, hour: int, minute: int) -> Clause:
    found = state.alarms_at(hour, minute)
    return Clause(key, f"an alarm at {_hm(hour, minute)} exists and is on"
                  + (f" (found: {', '.join(a.describe() for a in found)})" if found else ""),
                  any(a.enabled for a in found))


def _at_start(history: Sequence[ClockState], hour: int, minute: int) -> bool:
    """The transition latch: the first read of the episode (right after seeding) shows the alarm."""
    return bool(history) and bool(history[0].alarms_at(hour, minute))


def _empty() -> ClockState:
    return ClockState(stopwatch=Stopwatch())


class ClockTemplate(TaskTemplate[ClockState]):
    category: ClassVar[Category] = Category.CLOCK
    state_type: ClassVar[type[CategoryState]] = ClockState

    def initial_state(self, params: Params) -> ClockState:
        """Every clock task starts from an app with no alarms, timers or world clocks and a reset
        stopwatch (the prior release's ``pm clear``, made explicit and equal across apps)."""
        return _empty()


class ClockCreateAlarm(ClockTemplate):
    """Success: an alarm at the time exists and is on."""

    semantic_id = "ClockCreateAlarm"
    instruction = "Add an alarm at {hour:02d}:{minute:02d} in the {app} app."
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"hour": rng.randint(5, 22), "minute": rng.choice(FIVE_MINUTES)}

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        return verdict([_alarm_on(state, "alarm_on", params["hour"], params["minute"])], state)


class ClockEditAlarm(ClockTemplate):
    """Seeded: one alarm at the old time, on. Latch: the first read shows it. Success: an alarm at the
    new time is on and none is left at the old time."""

    semantic_id = "ClockEditAlarm"
    instruction = ("Change the {old_hour:02d}:{old_minute:02d} alarm in the {app} app to "
                   "{new_hour:02d}:{new_minute:02d}.")
    complexity = 3.0
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return {"old_hour": rng.randint(6, 11), "old_minute": rng.choice(QUARTERS),
                "new_hour": rng.randint(13, 22), "new_minute": rng.choice(QUARTERS)}

    def initial_state(self, params: Params) -> ClockState:
        return ClockState(alarms=[Alarm(hour=params["old_hour"], minute=params["old_minute"])], stopwatch=Stopwatch())

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        oh, om, nh, nm = params["old_hour"], params["old_minute"], params["new_hour"], params["new_minute"]
        left = state.alarms_at(oh, om)
        return verdict([
            Clause("old_at_start", f"the alarm at {_hm(oh, om)} existed at the start", _at_start(history, oh, om)),
            _alarm_on(state, "new_on", nh, nm),
            Clause("old_gone", f"no alarm is left at {_hm(oh, om)}" + (f" ({len(left)} left)" if left else ""),
                   not left),
        ], state)


class ClockEnableAlarm(ClockTemplate):
    """Success: an alarm at the time exists and is on (the prior release's check: the row exists
    with its switch on)."""

    semantic_id = "ClockEnableAlarm"
    instruction = "Add an alarm at {hour:02d}:{minute:02d} in the {app} app and make sure it is switched on."
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"hour": rng.randint(6, 22), "minute": rng.choice(QUARTERS)}

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        return verdict([_alarm_on(state, "alarm_on", params["hour"], params["minute"])], state)


class ClockDeleteAlarm(ClockTemplate):
    """Seeded: one alarm at the time, on. Latch: the first read shows it. Success: no alarm at the
    time is left (switching it off is not deleting it)."""

    semantic_id = "ClockDeleteAlarm"
    instruction = "Delete the {hour:02d}:{minute:02d} alarm in the {app} app."
    complexity = 2.4
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return {"hour": rng.randint(6, 22), "minute": rng.choice(QUARTERS)}

    def initial_state(self, params: Params) -> ClockState:
        return ClockState(alarms=[Alarm(hour=params["hour"], minute=params["minute"])], stopwatch=Stopwatch())

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        h, m = params["hour"], params["minute"]
        left = state.alarms_at(h, m)
        return verdict([
            Clause("alarm_at_start", f"the alarm at {_hm(h, m)} existed at the start", _at_start(history, h, m)),
            Clause("alarm_gone", f"no alarm is left at {_hm(h, m)}" + (f" ({len(left)} left)" if left else ""),
                   not left),
        ], state)


def _total(params: Params) -> int:
    return int(params["hours"]) * 3600 + int(params["minutes"]) * 60 + int(params["seconds"])


class ClockCreateTimer(ClockTemplate):
    """Success: a timer set to the length exists and is idle, and no timer runs or is paused."""

    semantic_id = "ClockCreateTimer"
    origin = "androidworld_adapted"  # AndroidWorld ClockTimerEntry
    instruction = ("Set up a timer for {hours} hours, {minutes} minutes and {seconds} seconds in the {app} app, "
                   "but do not start it.")
    complexity = 1.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"hours": rng.randint(0, 3), "minutes": rng.randint(0, 59), "seconds": rng.randint(0, 59)}

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        total = _total(params)
        started = [t for t in state.timers if t.state in ("running", "paused")]
        return verdict([
            Clause("timer_set", f"an idle timer of {hms(total)} exists",
                   any(t.seconds == total and t.state == "idle" for t in state.timers)),
            Clause("not_started", "no timer is running or paused"
                   + (f" ({', '.join(t.describe() for t in started)})" if started else ""), not started),
        ], state)


class ClockStartTimer(ClockTemplate):
    """Success: a timer set to the length is running."""

    semantic_id = "ClockStartTimer"
    instruction = "Set up a timer for {minutes} minutes and {seconds} seconds in the {app} app and start it."
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        return {"hours": 0, "minutes": rng.randint(2, 30), "seconds": rng.choice(QUARTERS)}

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        total = _total(params)
        return verdict([Clause("timer_running", f"a timer of {hms(total)} is running",
                               any(t.seconds == total and t.state == "running" for t in state.timers))], state)


def _stopwatch(state: ClockState) -> Stopwatch | None:
    return state.stopwatch


def _seeded_stopwatch(state: str, seconds: int) -> ClockState:
    return ClockState(stopwatch=Stopwatch(state=state, accumulated_ms=seconds * 1000))


class ClockStopwatchRunning(ClockTemplate):
    """Seeded: the stopwatch at ``paused_seconds`` (0: reset, else paused there). Success: it runs."""

    semantic_id = "ClockStopwatchRunning"
    instruction = "Start the stopwatch in the {app} app."
    complexity = 1.0
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"paused_seconds": rng.choice(STOPWATCH_STARTS)}

    def initial_state(self, params: Params) -> ClockState:
        seconds = int(params["paused_seconds"])
        return _seeded_stopwatch("paused" if seconds else "reset", seconds)

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        sw = _stopwatch(state)
        return verdict([Clause("running", "the stopwatch is running", sw is not None and sw.state == "running")],
                       state)


class ClockPauseStopwatch(ClockTemplate):
    """Seeded: the stopwatch running, ``elapsed_seconds`` already on it. Success: it is paused at a
    non-zero time."""

    semantic_id = "ClockPauseStopwatch"
    instruction = "Pause the running stopwatch in the {app} app."
    complexity = 1.0
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"elapsed_seconds": rng.randint(5, 300)}

    def initial_state(self, params: Params) -> ClockState:
        return _seeded_stopwatch("running", int(params["elapsed_seconds"]))

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        sw = _stopwatch(state)
        return verdict([
            Clause("paused", "the stopwatch is paused", sw is not None and sw.state == "paused"),
            Clause("nonzero", "the stopwatch shows a non-zero time", sw is not None and sw.nonzero),
        ], state)


class ClockStopwatchReset(ClockTemplate):
    """Seeded: the stopwatch paused at ``paused_seconds``. Latch: the first read shows it non-zero.
    Success: it is reset now."""

    semantic_id = "ClockStopwatchReset"
    instruction = "Reset the stopwatch in the {app} app to zero."
    complexity = 2.2
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return {"paused_seconds": rng.randint(5, 300)}

    def initial_state(self, params: Params) -> ClockState:
        return _seeded_stopwatch("paused", int(params["paused_seconds"]))

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        sw = _stopwatch(state)
        first = history[0].stopwatch if history else None
        return verdict([
            Clause("nonzero_at_start", "the stopwatch showed a non-zero time at the start",
                   first is not None and first.nonzero),
            Clause("reset", "the stopwatch is reset to zero", sw is not None and sw.state == "reset"),
        ], state)


class ClockAddWorldClock(ClockTemplate):
    """Success: the city is among the world clocks."""

    semantic_id = "ClockAddWorldClock"
    instruction = "Add {city} to the world clocks in the {app} app."
    complexity = 2.2

    def sample_params(self, rng: random.Random) -> Params:
        return {"city": rng.choice(CITIES)}

    def check(self, params: Params, state: ClockState, history: Sequence[ClockState], answer: str | None) -> Verdict:
        city = params["city"]
        return verdict([Clause("city_added", f"{city} is among the world clocks", state.has_city(city))], state)


TEMPLATES: list[type[ClockTemplate]] = [
    ClockCreateAlarm, ClockEditAlarm, ClockEnableAlarm, ClockDeleteAlarm, ClockCreateTimer, ClockStartTimer,
    ClockStopwatchRunning, ClockPauseStopwatch, ClockStopwatchReset, ClockAddWorldClock,
]
