"""Calendar: the 10 templates of the notes (tasks_part2 §5B), one meaning each, durable or answered.

Every template seeds the same events in every app (noise included: the prior release seeded noise in
Simple Calendar Pro only) and every criterion reads events back from the app's store as
:class:`CalendarState` (UTC day, UTC start, minutes, description, repeat, reminders). Reworked
templates (the prior release checked screen text for them) keep their semantic ids:

* ``SimpleCalendarEventsOnDate`` / ``SimpleCalendarEventsInRange`` ask for the titles of the events
  on a day / in a range (answer), ``SimpleCalendarNextEvent`` for the next event's title (answer);
  all three seed the events, and the store must be left as seeded.
* ``SimpleCalendarAddReminder`` names the reminder's lead time, checked in the store.
* ``SimpleCalendarMoveEvent`` seeds the event to move (the prior release seeded nothing).
* ``SimpleCalendarEditEvent`` seeds a decoy with the old title on another day (the prior release
  ignored the day).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.answers import Titles, judge
from verifiers.calendar.state import CalendarState, CalEvent, normalize_title

TITLES: tuple[str, ...] = (
    "Team Sync", "Budget Review", "Design Critique", "Weekly 1:1", "Project Kickoff",
    "Sprint Planning", "Retrospective", "Client Call", "Lunch Meeting", "Investor Update",
)
DESCRIPTIONS: tuple[str, ...] = (
    "Discuss open items", "Review the numbers", "Bring the slides", "Agree on next steps", "Quarterly goals",
)
#: Titles of seeded events that are not the task's own (disjoint from TITLES).
NOISE_TITLES: tuple[str, ...] = (
    "Dentist Appointment", "Gym Session", "Book Club", "Car Service", "Yoga Class", "Piano Lesson",
    "Haircut", "Grocery Run",
)
#: Every title a retrieval template may seed: its answers and its decoys come from the same list, so
#: a title's wording never tells which events are asked for (the answer policy's vocabulary).
EVENT_TITLES: tuple[str, ...] = TITLES + NOISE_TITLES
DURATIONS: tuple[int, ...] = (15, 30, 45, 60, 90, 120)
REMINDERS: tuple[int, ...] = (15, 30, 60)
YEAR, MONTH = 2023, 10


def iso(day: int) -> str:
    return f"{YEAR}-{MONTH:02d}-{day:02d}"


def hhmm(hour: int) -> str:
    return f"{hour:02d}:00"


def _noise(rng: random.Random, avoid_days: set[int], count: int = 3) -> list[dict[str, Any]]:
    """``count`` events on days other than ``avoid_days`` (Oct 15–28, 08–18 h, 30/60 min)."""
    days = rng.sample([d for d in range(15, 29) if d not in avoid_days], count)
    titles = rng.sample(NOISE_TITLES, count)
    return [{"title": t, "date": iso(d), "start": hhmm(rng.randint(8, 18)), "duration_min": rng.choice((30, 60))}
            for t, d in zip(titles, days, strict=True)]


def _event_params(rng: random.Random) -> dict[str, Any]:
    """The notes' ``_generate_add_event_params`` (year 2023, month 10, day 15–28, hour 8–20)."""
    day, hour = rng.randint(15, 28), rng.randint(8, 20)
    return {"year": YEAR, "month": MONTH, "day": day, "hour": hour, "date": iso(day),
            "duration_mins": rng.choice(DURATIONS), "event_title": rng.choice(TITLES),
            "event_description": rng.choice(DESCRIPTIONS)}


def seeded(items: Sequence[dict[str, Any]]) -> list[CalEvent]:
    return [CalEvent(**i) for i in items]


def verdict(clauses: Sequence[Clause], state: CalendarState, **evidence: Any) -> Verdict:
    return combine(clauses, events=[e.describe() for e in state.events], **evidence)


def _kept(state: CalendarState, items: Sequence[dict[str, Any]], key: str = "noise_kept") -> Clause:
    have = {e.key() for e in state.events}
    missing = [e.describe() for e in seeded(items) if e.key() not in have]
    return Clause(key, "the other seeded events are unchanged" + (f" (changed or gone: {missing})" if missing else ""),
                  not missing)


def _unchanged(state: CalendarState, first: CalendarState) -> Clause:
    return Clause("events_kept", "the seeded events are left as they were",
                  state.read_back() == first.read_back())


def _new(state: CalendarState, first: CalendarState, title: str) -> list[CalEvent]:
    before = {e.key() for e in first.events}
    return [e for e in state.titled(title) if e.key() not in before]


class CalendarTemplate(TaskTemplate[CalendarState]):
    category: ClassVar[Category] = Category.CALENDAR
    state_type: ClassVar[type[CategoryState]] = CalendarState
    origin: ClassVar[Literal["androidworld_adapted", "new"]] = "androidworld_adapted"


# -- create -------------------------------------------------------------------------------------------

class _Create(CalendarTemplate):
    """Create one event; the seeded noise must survive and exactly one event with the title be new."""

    with_description: ClassVar[bool] = True

    def sample_params(self, rng: random.Random) -> Params:
        p = _event_params(rng)
        p["noise"] = _noise(rng, {p["day"]})
        return p

    def initial_state(self, params: Params) -> CalendarState:
        return CalendarState(events=seeded(params["noise"]))

    def clauses(self, params: Params, state: CalendarState, first: CalendarState) -> list[Clause]:
        title = params["event_title"]
        new = _new(state, first, title)
        out = [
            Clause("on_date", f"an event {title!r} starts on {params['date']}", any(e.date == params["date"] for e in new)),
            Clause("at_hour", f"it starts at {hhmm(params['hour'])}", any(e.start == hhmm(params["hour"]) for e in new)),
            Clause("duration", f"it lasts {params['duration_mins']} minutes",
                   any(e.duration_min == params["duration_mins"] for e in new)),
        ]
        if self.with_description:
            want = params["event_description"]
            out.append(Clause("description", f"its description is {want!r}",
                              any(normalize_title(e.description) == normalize_title(want) for e in new)))
        out.append(Clause("single", f"exactly one new event is titled {title!r} ({len(new)})", len(new) == 1))
        return out

    def check(self, params: Params, state: CalendarState, history: Sequence[CalendarState],
              answer: str | None) -> Verdict:
        first = history[0] if history else self.initial_state(params)
        return verdict([*self.clauses(params, state, first), _kept(state, params["noise"])], state)


class SimpleCalendarAddOneEvent(_Create):
    """Create an event with a title, description, day, hour and duration (AndroidWorld)."""

    semantic_id = "SimpleCalendarAddOneEvent"
    instruction = ('In {app}, create a calendar entry on {year}-{month}-{day} at {hour}h with the title '
                   '"{event_title}" and the description "{event_description}". The event should last for '
                   '{duration_mins} mins.')
    complexity = 3.4


class SimpleCalendarAddTimedEvent(_Create):
    """Create a timed event with a title and duration (no description asked, none checked)."""

    semantic_id = "SimpleCalendarAddTimedEvent"
    instruction = ('In {app}, create an event titled "{event_title}" on {year}-{month}-{day} at {hour}h '
                   'lasting {duration_mins} mins.')
    complexity = 2.4
    origin = "new"
    with_description = False


class SimpleCalendarAddRepeatingEvent(_Create):
    """As AddOneEvent, repeating daily or weekly forever; the store's rule must have that frequency."""

    semantic_id = "SimpleCalendarAddRepeatingEvent"
    instruction = ('In {app}, create a recurring calendar event titled "{event_title}" starting on '
                   '{year}-{month}-{day} at {hour}h. The event recurs {repeat_rule}, forever, and lasts for '
                   '{duration_mins} minutes each time. The description should be "{event_description}".')
    complexity = 3.4

    def sample_params(self, rng: random.Random) -> Params:
        p = super().sample_params(rng)
        p["repeat_rule"] = rng.choice(("daily", "weekly"))
        return p

    def clauses(self, params: Params, state: CalendarState, first: CalendarState) -> list[Clause]:
        new = _new(state, first, params["event_title"])
        return [*super().clauses(params, state, first),
                Clause("repeats", f"it repeats {params['repeat_rule']}", any(e.repeat == params["repeat_rule"] for e in new))]


class SimpleCalendarAddReminder(_Create):
    """Create an event with a reminder a given number of minutes before it (the prior release only
    looked for the words "reminder"/"alert" on screen). Other reminders (an app default) may stay."""

    semantic_id = "SimpleCalendarAddReminder"
    instruction = ('In {app}, create an event titled "{event_title}" on {year}-{month}-{day} at {hour}h lasting '
                   '{duration_mins} mins, with a reminder {reminder_mins} minutes before it starts.')
    complexity = 2.4
    origin = "new"
    with_description = False

    def sample_params(self, rng: random.Random) -> Params:
        p = super().sample_params(rng)
        p["reminder_mins"] = rng.choice(REMINDERS)
        return p

    def clauses(self, params: Params, state: CalendarState, first: CalendarState) -> list[Clause]:
        new = _new(state, first, params["event_title"])
        n = params["reminder_mins"]
        return [*super().clauses(params, state, first),
                Clause("reminder", f"it has a reminder {n} minutes before", any(n in e.reminders for e in new))]


# -- change ---------------------------------------------------------------------------------------------

class SimpleCalendarDeleteEvents(CalendarTemplate):
    """Delete every event on a day: two targets there, noise on other days must stay."""

    semantic_id = "SimpleCalendarDeleteEvents"
    instruction = "In {app}, delete all the calendar events on {year}-{month}-{day}."
    complexity = 1.4

    def sample_params(self, rng: random.Random) -> Params:
        day = rng.randint(15, 28)
        titles = rng.sample(TITLES, 2)
        targets = [{"title": t, "date": iso(day), "start": hhmm(9 + i), "duration_min": 60} for i, t in enumerate(titles)]
        return {"year": YEAR, "month": MONTH, "day": day, "date": iso(day), "targets": targets,
                "noise": _noise(rng, {day})}

    def initial_state(self, params: Params) -> CalendarState:
        return CalendarState(events=seeded([*params["targets"], *params["noise"]]))

    def check(self, params: Params, state: CalendarState, history: Sequence[CalendarState],
              answer: str | None) -> Verdict:
        left = state.on(params["date"])
        return verdict([
            Clause("day_cleared", f"no event is left on {params['date']}" + (f" ({len(left)} left)" if left else ""),
                   not left),
            _kept(state, params["noise"]),
        ], state)


class SimpleCalendarEditEvent(CalendarTemplate):
    """Retitle the event on a day; a decoy with the old title on another day must keep its title."""

    semantic_id = "SimpleCalendarEditEvent"
    instruction = ('In {app}, change the title of the event "{old_event_title}" on {year}-{month}-{day} to '
                   '"{new_event_title}".')
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        day = rng.randint(15, 28)
        old, new = rng.sample(TITLES, 2)
        noise = _noise(rng, {day})
        decoy_day = rng.choice([d for d in range(15, 29) if d != day])
        decoy = {"title": old, "date": iso(decoy_day), "start": "14:00", "duration_min": 60}
        return {"year": YEAR, "month": MONTH, "day": day, "date": iso(day), "old_event_title": old,
                "new_event_title": new, "noise": [decoy, *noise]}

    def target(self, params: Params) -> CalEvent:
        return CalEvent(title=params["old_event_title"], date=params["date"], start="09:00", duration_min=60)

    def initial_state(self, params: Params) -> CalendarState:
        return CalendarState(events=[self.target(params), *seeded(params["noise"])])

    def check(self, params: Params, state: CalendarState, history: Sequence[CalendarState],
              answer: str | None) -> Verdict:
        t = self.target(params)
        renamed = [e for e in state.titled(params["new_event_title"]) if (e.date, e.start, e.duration_min) ==
                   (t.date, t.start, t.duration_min)]
        old_left = [e for e in state.titled(t.title) if e.date == t.date]
        return verdict([
            Clause("renamed", f"the {t.start} event on {t.date} is titled {params['new_event_title']!r}", bool(renamed)),
            Clause("old_gone", f"no event on {t.date} is titled {t.title!r}", not old_left),
            _kept(state, params["noise"]),
        ], state)


class SimpleCalendarMoveEvent(CalendarTemplate):
    """Move a seeded event to another day and hour, keeping its length (the prior release seeded nothing)."""

    semantic_id = "SimpleCalendarMoveEvent"
    instruction = ('In {app}, move the event "{event_title}" from {old_date} to {year}-{month}-{day} at {hour}h, '
                   'keeping its duration.')
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        p = _event_params(rng)
        old_day = rng.choice([d for d in range(15, 29) if d != p["day"]])
        p.update(old_date=iso(old_day), old_hour=rng.randint(8, 20), noise=_noise(rng, {p["day"], old_day}))
        del p["event_description"]
        return p

    def original(self, params: Params) -> CalEvent:
        return CalEvent(title=params["event_title"], date=params["old_date"], start=hhmm(params["old_hour"]),
                        duration_min=params["duration_mins"])

    def initial_state(self, params: Params) -> CalendarState:
        return CalendarState(events=[self.original(params), *seeded(params["noise"])])

    def check(self, params: Params, state: CalendarState, history: Sequence[CalendarState],
              answer: str | None) -> Verdict:
        o = self.original(params)
        mine = state.titled(o.title)
        return verdict([
            Clause("moved", f"{o.title!r} starts on {params['date']} at {hhmm(params['hour'])}",
                   any((e.date, e.start) == (params["date"], hhmm(params["hour"])) for e in mine)),
            Clause("duration_kept", f"it still lasts {o.duration_min} minutes",
                   bool(mine) and all(e.duration_min == o.duration_min for e in mine)),
            Clause("single", f"exactly one event is titled {o.title!r} ({len(mine)})", len(mine) == 1),
            _kept(state, params["noise"]),
        ], state)


# -- retrieval ------------------------------------------------------------------------------------------

class _Titles(CalendarTemplate):
    """Answer with the titles of some seeded events: all of them and no other title of
    :data:`EVENT_TITLES` (``verifiers.answers``); store untouched."""

    answer_task = True

    def expected_answer(self, params: Params) -> Titles:
        return Titles(tuple(params["expected"]), EVENT_TITLES, "event")

    def initial_state(self, params: Params) -> CalendarState:
        return CalendarState(events=seeded(params["events"]))

    def check(self, params: Params, state: CalendarState, history: Sequence[CalendarState],
              answer: str | None) -> Verdict:
        first = history[0] if history else self.initial_state(params)
        return verdict([*judge(self.expected_answer(params), answer), _unchanged(state, first)], state,
                       answer=answer or "")


class SimpleCalendarEventsOnDate(_Titles):
    """Which events are on a day (the prior release only looked for the day's number on screen)."""

    semantic_id = "SimpleCalendarEventsOnDate"
    instruction = "In {app}, which events are on {year}-{month}-{day}? Answer with their titles."
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        day = rng.randint(16, 27)
        a, b, before, after = rng.sample(EVENT_TITLES, 4)
        events = [{"title": a, "date": iso(day), "start": hhmm(rng.randint(8, 11)), "duration_min": 60},
                  {"title": b, "date": iso(day), "start": hhmm(rng.randint(13, 18)), "duration_min": 30},
                  {"title": before, "date": iso(day - 1), "start": "12:00", "duration_min": 60},
                  {"title": after, "date": iso(day + 1), "start": "10:00", "duration_min": 60}]
        return {"year": YEAR, "month": MONTH, "day": day, "date": iso(day), "events": events, "expected": [a, b]}


class SimpleCalendarEventsInRange(_Titles):
    """Which events fall in a date range (the prior release accepted the word "agenda" on screen)."""

    semantic_id = "SimpleCalendarEventsInRange"
    instruction = "In {app}, which events take place from {start_date} to {end_date}? Answer with their titles."
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        start = rng.randint(17, 24)
        end = start + 2
        a, b, c, before, after = rng.sample(EVENT_TITLES, 5)
        events = [{"title": a, "date": iso(start), "start": hhmm(rng.randint(8, 12)), "duration_min": 60},
                  {"title": b, "date": iso(start + 1), "start": hhmm(rng.randint(13, 17)), "duration_min": 45},
                  {"title": c, "date": iso(end), "start": hhmm(rng.randint(8, 17)), "duration_min": 30},
                  {"title": before, "date": iso(start - 1), "start": "18:00", "duration_min": 60},
                  {"title": after, "date": iso(end + 1), "start": "09:00", "duration_min": 60}]
        return {"start_date": iso(start), "end_date": iso(end), "events": events, "expected": [a, b, c]}


class SimpleCalendarNextEvent(_Titles):
    """The next event after the device time (2023-10-15 15:34 UTC); an earlier one today is a decoy."""

    semantic_id = "SimpleCalendarNextEvent"
    instruction = "In {app}, what is my next upcoming event? Answer with its title."
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        past, nxt, later, last = rng.sample(TITLES, 4)
        hour = rng.randint(16, 20)
        events = [{"title": past, "date": iso(15), "start": hhmm(rng.randint(9, 13)), "duration_min": 60},
                  {"title": nxt, "date": iso(15), "start": hhmm(hour), "duration_min": 30},
                  {"title": later, "date": iso(rng.randint(16, 20)), "start": hhmm(rng.randint(8, 18)),
                   "duration_min": 60},
                  {"title": last, "date": iso(rng.randint(21, 28)), "start": "08:00", "duration_min": 60}]
        return {"events": events, "expected": [nxt], "event_title": nxt}


TEMPLATES: list[type[TaskTemplate[Any]]] = [
    SimpleCalendarAddOneEvent, SimpleCalendarAddTimedEvent, SimpleCalendarAddRepeatingEvent,
    SimpleCalendarDeleteEvents, SimpleCalendarEventsOnDate, SimpleCalendarNextEvent, SimpleCalendarEventsInRange,
    SimpleCalendarEditEvent, SimpleCalendarAddReminder, SimpleCalendarMoveEvent,
]
