"""Conformance cases of the 10 To-Do templates: gold, tolerated variants and one near miss per clause.

Retrieval templates keep the seeded store as it is and vary the answer (partial, extra, a wrong
number); the others vary the store. Every state here is one each scheduled app can hold (no due
time where only dates exist, and so on; adapters drop what their app cannot store via
``readable_part``).
"""

from __future__ import annotations

from collections.abc import Callable

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.tasks.state import TodoItem, TodoState, same_title

Builder = Callable[[TodoState, Params], Cases]


def _with(state: TodoState, *added: TodoItem, change: Callable[[TodoItem], TodoItem | None] | None = None) -> TodoState:
    """``state`` with each task passed through ``change`` (None drops it) and ``added`` appended."""
    kept = [t for t in ((change(t) if change else t) for t in state.tasks) if t is not None]
    return TodoState(tasks=[*kept, *added])


def _titled(title: str, f: Callable[[TodoItem], TodoItem | None]) -> Callable[[TodoItem], TodoItem | None]:
    return lambda t: f(t) if same_title(t.title, title) else t


def _typo(title: str) -> str:
    """A different task: the title without its last word's last letter (never a fuzzy-equal title
    for the criteria, which compare titles exactly up to case and spacing)."""
    return title[:-1]


def _drop_middle(title: str) -> str:
    """One letter fewer in the middle: still within the notes' fuzzy ratio for titles of 6+ letters."""
    i = len(title) // 2
    return title[:i] + title[i + 1:]


def _shift_day(iso: str) -> str:
    return iso[:-2] + f"{int(iso[-2:]) % 28 + 1:02d}"


# -- retrieval ------------------------------------------------------------------------------------

def _titles_ir(init: TodoState, p: Params) -> Cases:
    expected: list[str] = list(p["expected"])
    others = [t.title for t in init.tasks if t.title not in expected]
    gold = ", ".join(expected)
    return Cases(
        gold=init,
        answer=gold,
        tolerated_answers={"case_spacing_and_period": "  " + " ,  ".join(e.lower() for e in reversed(expected)) + ".",
                           "typo_within_ratio": ", ".join([_drop_middle(expected[0]), *expected[1:]])},
        near_misses={
            "partial": NearMiss(init, "all_listed", answer=", ".join(expected[:-1])),
            "extra": NearMiss(init, "nothing_extra", answer=", ".join([*expected, others[0]])),
            "no_answer": NearMiss(init, "all_listed", answer=""),
        },
    )


def _count_ir(init: TodoState, p: Params) -> Cases:
    n = int(p["expected_count"])
    return Cases(
        gold=init,
        answer=str(n),
        tolerated_answers={"float": f"{n}.0", "spaced_with_period": f" {n}.", "with_unit": f"{n} tasks"},
        near_misses={"off_by_one": NearMiss(init, "count", answer=str(n + 1)),
                     "counted_all_tasks": NearMiss(init, "count", answer=str(len(init.tasks))),
                     "two_numbers": NearMiss(init, "count", answer=f"{n} or {n + 1} tasks")},
    )


# -- create ----------------------------------------------------------------------------------------

def _due_with_time(init: TodoState, p: Params) -> Cases:
    title, due, time = p["task_title"], p["due_date"], p["due_time"]
    other_time = "12:00" if time != "12:00" else "13:00"

    def task(**kw: object) -> TodoItem:
        return TodoItem.model_validate({"title": title, "due_date": due, "due_time": time} | kw)

    return Cases(
        gold=_with(init, task()),
        tolerated={"lower_case_title_with_priority": _with(init, task(title=title.lower(), priority="high"))},
        near_misses={
            "other_title": NearMiss(_with(init, task(title=_typo(title))), "created"),
            "wrong_day": NearMiss(_with(init, task(due_date=_shift_day(due))), "due_date"),
            "wrong_time": NearMiss(_with(init, task(due_time=other_time)), "due_time"),
            "date_only": NearMiss(_with(init, task(due_time=None)), "due_time"),
            "renamed_a_seeded_task": NearMiss(_with(init, task(), change=_titled(init.tasks[0].title, lambda t: None)),
                                              "others_kept"),
        },
    )


def _recurring(init: TodoState, p: Params) -> Cases:
    title, due, rec = p["task_title"], p["due_date"], p["recurrence"]
    other = {"daily": "weekly", "weekly": "monthly", "monthly": "daily"}[rec]

    def task(**kw: object) -> TodoItem:
        return TodoItem.model_validate({"title": title, "due_date": due, "recurrence": rec} | kw)

    return Cases(
        gold=_with(init, task()),
        tolerated={"lower_case_title": _with(init, task(title=title.lower()))},
        near_misses={
            "other_title": NearMiss(_with(init, task(title=_typo(title))), "created"),
            "wrong_day": NearMiss(_with(init, task(due_date=_shift_day(due))), "due_date"),
            "other_recurrence": NearMiss(_with(init, task(recurrence=other)), "recurrence"),
            "not_recurring": NearMiss(_with(init, task(recurrence=None)), "recurrence"),
            "renamed_a_seeded_task": NearMiss(_with(init, task(), change=_titled(init.tasks[0].title, lambda t: None)),
                                              "others_kept"),
        },
    )


# -- edit / complete ---------------------------------------------------------------------------------

def _edit(init: TodoState, p: Params) -> Cases:
    old, new = p["old_title"], p["new_title"]
    noise = init.tasks[1].title

    def rename(to: str) -> Callable[[TodoItem], TodoItem | None]:
        return _titled(old, lambda t: t.model_copy(update={"title": to}))

    return Cases(
        gold=_with(init, change=rename(new)),
        tolerated={"lower_case": _with(init, change=rename(new.lower()))},
        near_misses={
            "deleted_instead": NearMiss(_with(init, change=_titled(old, lambda t: None)), "renamed"),
            "added_a_copy": NearMiss(_with(init, TodoItem(title=new, priority="medium")), "old_gone"),
            "noise_deleted": NearMiss(_with(_with(init, change=rename(new)), change=_titled(noise, lambda t: None)),
                                      "others_kept"),
        },
    )


def _complete(init: TodoState, p: Params) -> Cases:
    title = p["task_title"]
    noise = init.tasks[1].title

    def done(t: TodoItem) -> TodoItem:
        return t.model_copy(update={"completed": True})

    gold = _with(init, change=_titled(title, done))
    return Cases(
        gold=gold,
        near_misses={
            "deleted_instead": NearMiss(_with(init, change=_titled(title, lambda t: None)), "completed"),
            "untouched": NearMiss(init, "completed"),
            "completed_a_noise_task_too": NearMiss(_with(gold, change=_titled(noise, done)), "others_open"),
            "noise_deleted": NearMiss(_with(gold, change=_titled(noise, lambda t: None)), "others_open"),
        },
    )


_BUILDERS: dict[str, Builder] = {
    "TasksCompletedTasksForDate": _titles_ir,
    "TasksDueOnDate": _titles_ir,
    "TasksHighPriorityTasks": _titles_ir,
    "TasksHighPriorityTasksDueOnDate": _titles_ir,
    "TasksIncompleteTasksOnDate": _titles_ir,
    "TasksDueNextWeek": _count_ir,
    "TasksDueWithTime": _due_with_time,
    "TasksRecurring": _recurring,
    "TasksEditTask": _edit,
    "TasksCompleteTask": _complete,
}


def cases(template: TaskTemplate[TodoState], params: Params) -> Cases:
    """The cases of ``template`` at ``params`` (every clause key is the target of a near miss)."""
    build = _BUILDERS.get(template.semantic_id)
    if build is None:
        raise KeyError(f"no conformance cases for {template.semantic_id}")
    init = template.initial_state(params)
    if not isinstance(init, TodoState):
        raise TypeError(f"{template.semantic_id} is not a To-Do template")
    return build(init, params)
