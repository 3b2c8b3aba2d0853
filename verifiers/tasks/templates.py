"""To-Do category: the 10 templates of the notes (tasks_part2 §1B), one meaning each in every app.

The prior release asked Tasks.org six information-retrieval (IR) questions but asked the other five
apps to *create* a task under the same six semantic ids. Here every template means the original
app's task (AndroidWorld's Tasks.org IR set for the six, the generated create/edit/complete tasks for
the other four) in every app: the same tasks are seeded into each app's own store and the same
question is asked (docs/tasks.md, "One meaning per template").

Decisions that differ from the prior release (each template's docstring repeats its own):

* **Dates** are absolute ("October 24, 2023"), never "next week" for days that are not next week:
  the device is frozen at Sunday 2023-10-15 15:34 UTC, so next week is Mon 16 – Sun 22 October.
* **Seeds** hold only what every scheduled app can hold: priorities high/medium/low (no "none",
  which Todo List (PFA) cannot store) and date-only due dates for the IR seeds.
* **Titles** match by :func:`same_title` (Unicode NFKC, whitespace runs, case); answers by the one
  answer policy of every category (``verifiers.answers``, docs/answers.md) over :data:`IR_TITLES`.
* **Completed tasks** are never seeded inside the range a "due" question asks about: Tasks.org hides
  completed tasks by default while Cfait and Todo List list them, so the answer must not depend on
  what an app shows. Those two questions also name their days ("Monday 16 to Sunday 22 October").
* **Create** criteria look at the best-matching task (title first, else any task the agent added),
  so each clause names one property and a near miss can fail exactly one.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.answers import Count, Titles, judge
from verifiers.tasks.state import (
    RECURRENCES,
    TodoItem,
    TodoState,
    normalize_title,
    same_title,
)

# -- parameter domains (notes §1B) -----------------------------------------------------------------

TASK_TITLES: tuple[str, ...] = (
    "Buy groceries", "Call dentist", "Pay rent", "Renew passport", "Email Sarah",
    "Submit report", "Pick up package", "Schedule oil change", "Book flight", "Replace bulb",
)
NEW_TASK_TITLES: tuple[str, ...] = (
    "Updated grocery list", "Call vet instead", "Pay utilities", "Confirm passport date", "Reply to Sarah",
    "Resubmit report", "Reroute package pickup", "Reschedule oil change", "Rebook flight", "Replace fixture",
)
#: Titles of the IR seeds: the notes' task titles plus six more, no two within the fuzzy ratio
#: (``NEW_TASK_TITLES`` are not used here: "Resubmit report" fuzzy-matches "Submit report").
IR_TITLES: tuple[str, ...] = TASK_TITLES + (
    "Water plants", "Clean garage", "Return library books", "Buy birthday gift", "Update resume", "Cancel gym",
)
#: Noise tasks of the edit/complete seeds (titles only, so every app can hold them).
NOISE_TITLES: tuple[str, ...] = ("Review inbox", "Water plants", "Clean garage")
DUE_DATES: tuple[str, ...] = ("2023-10-24", "2023-10-25", "2023-10-26", "2023-10-27")
DUE_TIMES: tuple[str, ...] = ("09:00", "11:30", "14:00", "17:45")
IR_PRIORITIES = ("low", "medium", "high")

#: The device's frozen day (Sunday) and the Monday-to-Sunday week after it.
TODAY = dt.date(2023, 10, 15)
NEXT_WEEK = tuple((TODAY + dt.timedelta(days=d)).isoformat() for d in range(1, 8))
#: Every IR seed holds this many tasks (all fit one list screen).
IR_TASKS = 8


def day(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def date_text(iso: str) -> str:
    """``October 12, 2023``."""
    d = day(iso)
    return f"{d:%B} {d.day}, {d.year}"


def days_between(first: str, last: str) -> list[str]:
    a, b = day(first), day(last)
    return [(a + dt.timedelta(days=i)).isoformat() for i in range((b - a).days + 1)]


def item(title: str, due: str | None = None, priority: str = "medium", completed: bool = False) -> dict[str, Any]:
    """One seeded task as JSON (params carry the seed, so the initial state follows from them)."""
    return {"title": title, "due_date": due, "priority": priority, "completed": completed}


def seeded(params: Params) -> TodoState:
    return TodoState(tasks=[TodoItem.model_validate(t) for t in params["tasks"]])


# -- verdict helpers ----------------------------------------------------------------------------------

def verdict(clauses: Sequence[Clause], state: TodoState, **evidence: Any) -> Verdict:
    return combine(clauses, tasks=[t.describe() for t in state.tasks], **evidence)


def best_candidate(state: TodoState, initial: TodoState | None, title: str,
                   score: Any) -> TodoItem | None:
    """The task a create criterion judges: among tasks titled ``title`` (else among tasks not in
    the seeded store) the one meeting most of ``score(task) -> tuple[bool, ...]``."""
    titled = state.titled(title)
    if titled:
        pool = titled
    else:
        seeded_keys = {t.key() for t in initial.tasks} if initial else set()
        pool = [t for t in state.tasks if t.key() not in seeded_keys]
    return max(pool, key=lambda t: sum(score(t)), default=None)


def others_kept(params: Params, state: TodoState) -> Clause:
    """The seeded tasks are still there (a create task is not done by renaming one of them)."""
    lost = [t["title"] for t in params["tasks"] if not state.titled(t["title"])]
    return Clause("others_kept", "the other tasks are still there" + (f" (lost: {', '.join(lost)})" if lost else ""),
                  not lost)


# -- templates ------------------------------------------------------------------------------------

class TodoTemplate(TaskTemplate[TodoState]):
    category: ClassVar[Category] = Category.TASKS
    state_type: ClassVar[type[CategoryState]] = TodoState
    origin = "androidworld_adapted"

    def initial_state(self, params: Params) -> TodoState:
        return seeded(params)


class IrTemplate(TodoTemplate):
    """An AndroidWorld Tasks.org IR question, asked in every app over the same seeded tasks."""

    answer_task = True
    complexity = 1.0

    def expected_answer(self, params: Params) -> Titles | Count:
        return Titles(tuple(params["expected"]), IR_TITLES, "task")

    def check(self, params: Params, state: TodoState, history: Sequence[TodoState], answer: str | None) -> Verdict:
        return verdict(judge(self.expected_answer(params), answer), state, answer=answer,
                       expected=params.get("expected", params.get("expected_count")))


def _noise_dates(rng: random.Random, avoid: set[str], first: str = "2023-10-10", last: str = "2023-10-29") -> list[str]:
    return [d for d in days_between(first, last) if d not in avoid]


class TasksCompletedTasksForDate(IrTemplate):
    """Which tasks due on a date are completed (AndroidWorld ``TasksCompletedTasksForDate``).

    Seed: 3 completed tasks due on ``date`` (the answer), 1 incomplete task due that day, and 4
    tasks due on other days (some completed). Improvement: the prior release seeded this only into
    Tasks.org and asked the other apps to create a task instead.
    """

    semantic_id = "TasksCompletedTasksForDate"
    instruction = ("In the {app} app, which tasks due on {date_text} have been completed? "
                   "Answer with their titles only, comma-separated.")

    def sample_params(self, rng: random.Random) -> Params:
        date = rng.choice(days_between("2023-10-10", "2023-10-20"))
        titles = rng.sample(IR_TITLES, IR_TASKS)
        others = _noise_dates(rng, {date})
        tasks = [item(t, date, rng.choice(IR_PRIORITIES), True) for t in titles[:3]]
        tasks.append(item(titles[3], date, rng.choice(IR_PRIORITIES), False))
        tasks += [item(t, rng.choice(others), rng.choice(IR_PRIORITIES), rng.random() < 0.5) for t in titles[4:]]
        rng.shuffle(tasks)
        return {"date": date, "date_text": date_text(date), "tasks": tasks, "expected": titles[:3]}


class TasksDueNextWeek(IrTemplate):
    """How many tasks are due next week (AndroidWorld ``TasksDueNextWeek``; weeks start on Monday).

    Next week is Mon 2023-10-16 – Sun 2023-10-22 (the device's today is Sunday 15 October), and
    the instruction names those days, so a Sunday-start reading cannot change the count. Seed:
    1–7 open tasks due next week (a constant guess passes at most one time in seven), the rest
    due this week (10–15 Oct) or the week after (23–29 Oct), some of those completed; no completed
    task is due next week (Tasks.org hides completed tasks by default, Cfait and Todo List do
    not). Answer: the count (``verifiers.answers.Count``). Quirk fixed: the prior release's other
    apps used 24–27 October, which is not next week.
    """

    semantic_id = "TasksDueNextWeek"
    instruction = ("How many tasks are due next week (Monday 16 to Sunday 22 October 2023) in the {app} app? "
                   "Answer with a single number.")

    def sample_params(self, rng: random.Random) -> Params:
        n = rng.randint(1, IR_TASKS - 1)
        titles = rng.sample(IR_TITLES, IR_TASKS)
        others = _noise_dates(rng, set(NEXT_WEEK))
        tasks = [item(t, rng.choice(NEXT_WEEK), rng.choice(IR_PRIORITIES), False) for t in titles[:n]]
        tasks += [item(t, rng.choice(others), rng.choice(IR_PRIORITIES), rng.random() < 0.25) for t in titles[n:]]
        rng.shuffle(tasks)
        return {"tasks": tasks, "expected_count": n}

    def expected_answer(self, params: Params) -> Count:
        return Count(int(params["expected_count"]), "tasks due next week")


class TasksDueOnDate(IrTemplate):
    """Which tasks are due on a date (AndroidWorld ``TasksDueOnDate``): 3 open tasks due that day
    (the instruction names its weekday), 5 on other days between 10 and 29 October, some of those
    completed; no completed task is due that day (an app's default view must not change the
    answer)."""

    semantic_id = "TasksDueOnDate"
    instruction = ("Which tasks are due on {weekday_date_text} in the {app} app? "
                   "Answer with their titles only, comma-separated.")

    def sample_params(self, rng: random.Random) -> Params:
        date = rng.choice(days_between("2023-10-15", "2023-10-29"))
        titles = rng.sample(IR_TITLES, IR_TASKS)
        others = _noise_dates(rng, {date})
        tasks = [item(t, date, rng.choice(IR_PRIORITIES), False) for t in titles[:3]]
        tasks += [item(t, rng.choice(others), rng.choice(IR_PRIORITIES), rng.random() < 0.25) for t in titles[3:]]
        rng.shuffle(tasks)
        return {"date": date, "weekday_date_text": f"{day(date):%A}, {date_text(date)}", "tasks": tasks,
                "expected": titles[:3]}


class TasksHighPriorityTasks(IrTemplate):
    """Which tasks have high priority (AndroidWorld ``TasksHighPriorityTasks``): one high-priority
    task due between 16 and 22 October, 7 medium- or low-priority tasks."""

    semantic_id = "TasksHighPriorityTasks"
    instruction = ("Which tasks have high priority in the {app} app? "
                   "Answer with their titles only, comma-separated.")

    def sample_params(self, rng: random.Random) -> Params:
        titles = rng.sample(IR_TITLES, IR_TASKS)
        dates = days_between("2023-10-10", "2023-10-29")
        tasks = [item(titles[0], rng.choice(NEXT_WEEK), "high", False)]
        tasks += [item(t, rng.choice(dates), rng.choice(("medium", "low")), rng.random() < 0.25) for t in titles[1:]]
        rng.shuffle(tasks)
        return {"tasks": tasks, "expected": titles[:1]}


class TasksHighPriorityTasksDueOnDate(IrTemplate):
    """Which high-priority tasks are due on a date (AndroidWorld ``TasksHighPriorityTasksDueOnDate``).

    Seed: one high-priority task due on ``date`` (the answer), two medium/low tasks due that day,
    two high-priority tasks due on other days, three medium/low tasks on other days.
    """

    semantic_id = "TasksHighPriorityTasksDueOnDate"
    instruction = ("Which high-priority tasks are due on {date_text} in the {app} app? "
                   "Answer with their titles only, comma-separated.")

    def sample_params(self, rng: random.Random) -> Params:
        date = rng.choice(days_between("2023-10-15", "2023-10-29"))
        titles = rng.sample(IR_TITLES, IR_TASKS)
        others = _noise_dates(rng, {date})
        low = ("medium", "low")
        tasks = [item(titles[0], date, "high", False)]
        tasks += [item(t, date, rng.choice(low), False) for t in titles[1:3]]
        tasks += [item(t, rng.choice(others), "high", False) for t in titles[3:5]]
        tasks += [item(t, rng.choice(others), rng.choice(low), rng.random() < 0.25) for t in titles[5:]]
        rng.shuffle(tasks)
        return {"date": date, "date_text": date_text(date), "tasks": tasks, "expected": titles[:1]}


class TasksIncompleteTasksOnDate(IrTemplate):
    """Which tasks due on a date are not completed yet (AndroidWorld ``TasksIncompleteTasksOnDate``).

    Seed: 3 incomplete tasks due on ``date`` (the answer), 2 completed tasks due that day, 3
    incomplete tasks due later. No incomplete task is due *before* the date, so "to do by the date"
    and "due on the date" give the same answer (the AndroidWorld wording allowed both).
    """

    semantic_id = "TasksIncompleteTasksOnDate"
    instruction = ("Which tasks due on {date_text} are not completed yet in the {app} app? "
                   "Answer with their titles only, comma-separated.")

    def sample_params(self, rng: random.Random) -> Params:
        date = rng.choice(days_between("2023-10-15", "2023-10-26"))
        titles = rng.sample(IR_TITLES, IR_TASKS)
        later = days_between((day(date) + dt.timedelta(days=1)).isoformat(), "2023-10-29")
        tasks = [item(t, date, rng.choice(IR_PRIORITIES), False) for t in titles[:3]]
        tasks += [item(t, date, rng.choice(IR_PRIORITIES), True) for t in titles[3:5]]
        tasks += [item(t, rng.choice(later), rng.choice(IR_PRIORITIES), False) for t in titles[5:]]
        rng.shuffle(tasks)
        return {"date": date, "date_text": date_text(date), "tasks": tasks, "expected": titles[:3]}


# -- create / edit / complete -------------------------------------------------------------------------

def _noise(rng: random.Random, exclude: str) -> list[dict[str, Any]]:
    return [item(t, None, "medium") for t in rng.sample([n for n in NOISE_TITLES if n != exclude], 2)]


class TasksDueWithTime(TodoTemplate):
    """Create a task due on a date at a time of day.

    Seed: two unrelated tasks. Success: a task titled ``task_title`` due on ``due_date`` at
    ``due_time``, and the two other tasks still there (renaming one is not creating). Improvement:
    the prior release read the screen for the title and *either* the date or the time string.
    """

    semantic_id = "TasksDueWithTime"
    instruction = 'In the {app} app, create a task "{task_title}" due on {due_date_text} at {due_time}.'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        title, due, time = rng.choice(TASK_TITLES), rng.choice(DUE_DATES), rng.choice(DUE_TIMES)
        return {"task_title": title, "due_date": due, "due_date_text": date_text(due), "due_time": time,
                "tasks": _noise(rng, title)}

    def check(self, params: Params, state: TodoState, history: Sequence[TodoState], answer: str | None) -> Verdict:
        title, due, time = params["task_title"], params["due_date"], params["due_time"]
        best = best_candidate(state, history[0] if history else None, title,
                              lambda t: (t.due_date == due, t.due_time == time))
        return verdict([
            Clause("created", f"a task titled {title!r} exists", bool(state.titled(title))),
            Clause("due_date", f"it is due on {due}" + (f" (found {best.due_date})" if best else ""),
                   best is not None and best.due_date == due),
            Clause("due_time", f"at {time}" + (f" (found {best.due_time})" if best else ""),
                   best is not None and best.due_time == time),
            others_kept(params, state),
        ], state)


class TasksRecurring(TodoTemplate):
    """Create a recurring task (daily, weekly or monthly) first due on a date.

    Success: a task titled ``task_title``, due on ``due_date``, repeating with ``recurrence``
    (every 1 day/week/month), the other tasks kept. Improvement: the prior release accepted the word "repeat" anywhere on
    screen.
    """

    semantic_id = "TasksRecurring"
    instruction = 'In the {app} app, create a {recurrence} recurring task "{task_title}" first due on {due_date_text}.'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        title, due, rec = rng.choice(TASK_TITLES), rng.choice(DUE_DATES), rng.choice(RECURRENCES)
        return {"task_title": title, "due_date": due, "due_date_text": date_text(due), "recurrence": rec,
                "tasks": _noise(rng, title)}

    def check(self, params: Params, state: TodoState, history: Sequence[TodoState], answer: str | None) -> Verdict:
        title, due, rec = params["task_title"], params["due_date"], params["recurrence"]
        best = best_candidate(state, history[0] if history else None, title,
                              lambda t: (t.due_date == due, t.recurrence == rec))
        return verdict([
            Clause("created", f"a task titled {title!r} exists", bool(state.titled(title))),
            Clause("due_date", f"it is first due on {due}" + (f" (found {best.due_date})" if best else ""),
                   best is not None and best.due_date == due),
            Clause("recurrence", f"it repeats {rec}" + (f" (found {best.recurrence})" if best else ""),
                   best is not None and best.recurrence == rec),
            others_kept(params, state),
        ], state)


class TasksEditTask(TodoTemplate):
    """Rename a task (generated ``TasksEditTask``).

    Seed (every app, improvement: the prior release seeded nothing into Cfait and TaskMate): the task
    ``old_title`` and two noise tasks. Success: a task titled ``new_title``, none titled
    ``old_title``, both noise tasks still there.
    """

    semantic_id = "TasksEditTask"
    instruction = 'In the {app} app, rename the task "{old_title}" to "{new_title}".'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        i = rng.randrange(len(TASK_TITLES))
        old, new = TASK_TITLES[i], NEW_TASK_TITLES[i]
        return {"old_title": old, "new_title": new, "tasks": [item(old, None, "medium"), *_noise(rng, old)]}

    def check(self, params: Params, state: TodoState, history: Sequence[TodoState], answer: str | None) -> Verdict:
        old, new = params["old_title"], params["new_title"]
        noise = [t["title"] for t in params["tasks"][1:]]
        lost = [n for n in noise if not state.titled(n)]
        return verdict([
            Clause("renamed", f"a task titled {new!r} exists", bool(state.titled(new))),
            Clause("old_gone", f"no task is titled {old!r} any more", not state.titled(old)),
            Clause("others_kept", "the other tasks are still there" + (f" (lost: {', '.join(lost)})" if lost else ""),
                   not lost),
        ], state)


class TasksCompleteTask(TodoTemplate):
    """Mark one task completed (generated ``TasksCompleteTask``).

    Seed: the task and two incomplete noise tasks (every app). Success: the task is completed and
    the noise tasks are still there and incomplete.
    """

    semantic_id = "TasksCompleteTask"
    instruction = 'In the {app} app, mark the task "{task_title}" as completed.'
    complexity = 1.4

    def sample_params(self, rng: random.Random) -> Params:
        title = rng.choice(TASK_TITLES)
        return {"task_title": title, "tasks": [item(title, None, "medium"), *_noise(rng, title)]}

    def check(self, params: Params, state: TodoState, history: Sequence[TodoState], answer: str | None) -> Verdict:
        title = params["task_title"]
        noise = [t["title"] for t in params["tasks"][1:]]
        touched = [n for n in noise if not any(not t.completed for t in state.titled(n))]
        return verdict([
            Clause("completed", f"the task {title!r} is completed", any(t.completed for t in state.titled(title))),
            Clause("others_open", "the other tasks are still there and not completed"
                   + (f" (not: {', '.join(touched)})" if touched else ""), not touched),
        ], state)


TEMPLATES: list[type[TodoTemplate]] = [
    TasksCompletedTasksForDate,
    TasksDueNextWeek,
    TasksDueOnDate,
    TasksHighPriorityTasks,
    TasksHighPriorityTasksDueOnDate,
    TasksIncompleteTasksOnDate,
    TasksDueWithTime,
    TasksRecurring,
    TasksEditTask,
    TasksCompleteTask,
]

#: What of a task each template needs the app to hold (an app without it declines the template;
#: docs/tasks.md lists the unscheduled pairs). Properties: due, time, priority, recurrence.
REQUIRES: dict[str, frozenset[str]] = {
    "TasksCompletedTasksForDate": frozenset({"due"}),
    "TasksDueNextWeek": frozenset({"due"}),
    "TasksDueOnDate": frozenset({"due"}),
    "TasksHighPriorityTasks": frozenset({"priority"}),
    "TasksHighPriorityTasksDueOnDate": frozenset({"due", "priority"}),
    "TasksIncompleteTasksOnDate": frozenset({"due"}),
    "TasksDueWithTime": frozenset({"due", "time"}),
    "TasksRecurring": frozenset({"due", "recurrence"}),
    "TasksEditTask": frozenset(),
    "TasksCompleteTask": frozenset(),
}
PROPERTY_NAMES = {"due": "due dates", "time": "due times", "priority": "priorities", "recurrence": "recurrence"}

__all__ = ["IR_TASKS", "PROPERTY_NAMES", "REQUIRES", "TEMPLATES", "TodoTemplate", "normalize_title", "same_title"]
