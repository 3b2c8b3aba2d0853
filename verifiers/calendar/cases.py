"""Conformance cases of the 10 Calendar templates: gold, tolerated variants and one near miss per
clause. Every state is one each app can hold: one reminder list per event (≤ 3 entries), repeat
daily/weekly, whole-minute times."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_anyapp.templates.base import CategoryState, Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.calendar.state import CalendarState, CalEvent, same_title
from verifiers.calendar.templates import hhmm, seeded

Builder = Callable[[TaskTemplate[Any], Params], Cases]


def _plus(state: CalendarState, *added: CalEvent) -> CalendarState:
    return CalendarState(events=[*state.events, *added])


def _without_first_noise(state: CalendarState, noise: list[dict[str, Any]]) -> CalendarState:
    gone = seeded(noise)[0].key()
    return CalendarState(events=[e for e in state.events if e.key() != gone])


def _other_hour(h: int) -> int:
    return h + 1 if h < 20 else h - 1


def _other_day(iso: str) -> str:
    d = int(iso[-2:])
    return iso[:-2] + f"{d + 1 if d < 28 else d - 1:02d}"


def _create(template: TaskTemplate[Any], p: Params) -> Cases:
    init = template.initial_state(p)
    sid = template.semantic_id
    desc = p["event_description"] if sid in ("SimpleCalendarAddOneEvent", "SimpleCalendarAddRepeatingEvent") else ""
    repeat = p.get("repeat_rule")
    reminders = [p["reminder_mins"]] if "reminder_mins" in p else []
    ev = CalEvent(title=p["event_title"], date=p["date"], start=hhmm(p["hour"]), duration_min=p["duration_mins"],
                  description=desc, repeat=repeat, reminders=reminders)
    shouted = ev.model_copy(update={"title": " " + ev.title.upper() + " "})
    tolerated: dict[str, CategoryState] = {"title_case_and_spacing": _plus(init, shouted)}
    if sid == "SimpleCalendarAddReminder":
        tolerated["app_default_reminder_too"] = _plus(init, ev.model_copy(update={"reminders": [10, *reminders]}))
    elif sid == "SimpleCalendarAddTimedEvent":
        tolerated["a_description"] = _plus(init, ev.model_copy(update={"description": "notes"}))
    misses = {
        "wrong_day": NearMiss(_plus(init, ev.model_copy(update={"date": _other_day(p["date"])})), "on_date"),
        "wrong_hour": NearMiss(_plus(init, ev.model_copy(update={"start": hhmm(_other_hour(p["hour"]))})), "at_hour"),
        "wrong_length": NearMiss(_plus(init, ev.model_copy(update={"duration_min": p["duration_mins"] + 15})),
                                 "duration"),
        "twice": NearMiss(_plus(init, ev, ev.model_copy(update={"start": ev.start})), "single"),
        "noise_deleted": NearMiss(_without_first_noise(_plus(init, ev), p["noise"]), "noise_kept"),
    }
    if desc:
        misses["wrong_description"] = NearMiss(_plus(init, ev.model_copy(update={"description": desc + " later"})),
                                               "description")
    if repeat:
        other = "weekly" if repeat == "daily" else "daily"
        misses["wrong_repeat"] = NearMiss(_plus(init, ev.model_copy(update={"repeat": other})), "repeats")
    if reminders:
        misses["wrong_reminder"] = NearMiss(_plus(init, ev.model_copy(update={"reminders": [5]})), "reminder")
    return Cases(gold=_plus(init, ev), tolerated=tolerated, near_misses=misses)


def _delete(template: TaskTemplate[Any], p: Params) -> Cases:
    noise = CalendarState(events=seeded(p["noise"]))
    one_left = _plus(noise, seeded(p["targets"])[1])
    return Cases(gold=noise, near_misses={
        "one_left": NearMiss(one_left, "day_cleared"),
        "noise_deleted_too": NearMiss(_without_first_noise(noise, p["noise"]), "noise_kept"),
    })


def _edit(template: TaskTemplate[Any], p: Params) -> Cases:
    init = template.initial_state(p)
    new, old = p["new_event_title"], p["old_event_title"]
    target = init.events[0]
    rest = init.events[1:]
    renamed = target.model_copy(update={"title": new})
    gold = CalendarState(events=[renamed, *rest])
    decoy_renamed = [e.model_copy(update={"title": new}) if same_title(e.title, old) else e for e in rest]
    return Cases(gold=gold, tolerated={"lower_case": CalendarState(events=[renamed.model_copy(
        update={"title": new.lower()}), *rest])}, near_misses={
        "new_copy_old_kept": NearMiss(CalendarState(events=[target, renamed, *rest]), "old_gone"),
        "renamed_at_other_hour": NearMiss(CalendarState(events=[renamed.model_copy(update={"start": "10:00"}), *rest]),
                                          "renamed"),
        "decoy_renamed_too": NearMiss(CalendarState(events=[renamed, *decoy_renamed]), "noise_kept"),
    })


def _move(template: TaskTemplate[Any], p: Params) -> Cases:
    init = template.initial_state(p)
    orig, rest = init.events[0], init.events[1:]
    moved = orig.model_copy(update={"date": p["date"], "start": hhmm(p["hour"])})
    return Cases(gold=CalendarState(events=[moved, *rest]), near_misses={
        "wrong_hour": NearMiss(CalendarState(events=[moved.model_copy(update={"start": hhmm(_other_hour(p["hour"]))}),
                                                     *rest]), "moved"),
        "length_changed": NearMiss(CalendarState(events=[moved.model_copy(update={"duration_min": 5}), *rest]),
                                   "duration_kept"),
        "copied_not_moved": NearMiss(CalendarState(events=[orig, moved, *rest]), "single"),
        "noise_deleted": NearMiss(_without_first_noise(CalendarState(events=[moved, *rest]), p["noise"]),
                                  "noise_kept"),
    })


def _titles(template: TaskTemplate[Any], p: Params) -> Cases:
    init = template.initial_state(p)
    want: list[str] = list(p["expected"])
    others = [e.title for e in init.events if not any(same_title(e.title, w) for w in want)]
    gold = ", ".join(want)
    changed = CalendarState(events=init.events[1:])
    misses = {
        "extra": NearMiss(init, "nothing_extra", answer=", ".join([*want, others[0]])),
        "no_answer": NearMiss(init, "all_listed", answer=""),
        "store_changed": NearMiss(changed, "events_kept", answer=gold),
    }
    if len(want) > 1:
        misses["partial"] = NearMiss(init, "all_listed", answer=", ".join(want[:-1]))
    return Cases(gold=init, answer=gold, tolerated_answers={
        "sentence_lower_case": "The events are " + " and ".join(w.lower() for w in reversed(want)) + ".",
    }, near_misses=misses)


BUILDERS: dict[str, Builder] = {
    "SimpleCalendarAddOneEvent": _create, "SimpleCalendarAddTimedEvent": _create,
    "SimpleCalendarAddRepeatingEvent": _create, "SimpleCalendarAddReminder": _create,
    "SimpleCalendarDeleteEvents": _delete, "SimpleCalendarEditEvent": _edit, "SimpleCalendarMoveEvent": _move,
    "SimpleCalendarEventsOnDate": _titles, "SimpleCalendarEventsInRange": _titles,
    "SimpleCalendarNextEvent": _titles,
}


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    return BUILDERS[template.semantic_id](template, params)
