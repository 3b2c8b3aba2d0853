"""Gold UI solutions for the 10 To-Do templates in each app.

Each app is described once by a :class:`TodoUi` (its labels, ids and flows: a checkbox in the row
priority chips or a menu, an add field or a form, completed tasks hidden behind an
overflow toggle …); the template scripts are written once against that description. Retrieval
scripts read every row of the list (title and the line under it) off the screen and answer from
what they read, never from the parameters' seed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Generator
from dataclasses import dataclass

from pytest_anyapp.agents.oracle import Answer, By, Intent, LongPress, Press, Read, Tap, TypeInto, TypeText
from verifiers.bundle import Script, gold_from_body
from verifiers.date_pickers import pick_date
from verifiers.tasks.templates import IR_TASKS
from verifiers.time_pickers import compose_time

Steps = Generator[Intent, str, None]
LEVELS = ("none", "low", "medium", "high")
MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                      "Dec"), start=1)}


@dataclass(frozen=True)
class Row:
    """One list row as read off the screen."""

    title: str
    due: str | None
    priority: str
    done: bool


@dataclass(frozen=True)
class TodoUi:
    """Where one app keeps the controls the scripts need."""

    app_id: str
    new_task: By
    title_field: By
    save: By
    row_title_res: str
    row_detail_res: str
    #: Priority labels (none, low, medium, high) as the editor and the list show them.
    priorities: tuple[str, str, str, str]
    repeats: tuple[str, str, str]
    done_label: str
    #: The row checkbox that completes a task.
    check_res: str = "checkbox"
    #: Taps that make completed tasks visible (an overflow toggle), if the app hides them.
    show_completed: tuple[Intent, ...] = ()
    #: Tasks are added by typing the title into ``new_task`` (an add field) + ENTER, then opened.
    quick_add: bool = False
    #: Taps every episode starts with (first-run pages the harness cannot skip).
    prelude: tuple[Intent, ...] = ()
    #: The due-date picker (a key of :data:`verifiers.date_pickers.PICKERS`; "text": a typed dialog).
    date_picker: str = "text"
    #: Due dates, times and recurrences are typed as the app's smart syntax into the add line
    #: (Cfait: ``@2023-10-24 09:00``, ``@weekly``); the app has no controls for them.
    smart_syntax: bool = False


def _menu(label: str) -> tuple[Intent, ...]:
    return (Tap(By(desc="More options")), Tap(By(text=label)))


TASKS_ORG = TodoUi(
    app_id="tasks_org", new_task=By(desc="Create new task"), title_field=By(res="title", text="Task name"),
    save=By(desc="Save"), row_title_res="title", row_detail_res="description",
    priorities=("none", "!", "!!", "!!!"), repeats=("Every day", "Every week", "Every month"),
    done_label="Completed", check_res="completeBox", show_completed=_menu("Show completed"), date_picker="tasks_org",
)

CFAIT = TodoUi(
    app_id="tasks_cfait", new_task=By(res="smart_input"), title_field=By(res="summary_input"),
    save=By(text="Save"), row_title_res="task_summary", row_detail_res="task_meta",
    priorities=("!0", "!9", "!5", "!1"), repeats=("daily", "weekly", "monthly"),
    done_label="✓ done", check_res="task_checkbox", quick_add=True, smart_syntax=True,
)

PFA = TodoUi(
    app_id="tasks_todo_list_pfa", new_task=By(desc="ADD NEW TASK >"), title_field=By(res="et_task_name"),
    save=By(text="Okay"), row_title_res="tv_exlist_task_name", row_detail_res="tv_exlist_task_deadline",
    priorities=("", "Low", "Medium", "High"), repeats=("Daily", "Weekly", "Monthly"), done_label="done",
    check_res="cb_task_done", date_picker="pfa_deadline",
)

TASKMATE = TodoUi(
    app_id="tasks_taskmate", new_task=By(res="userInput"), title_field=By(res="editTitle"), save=By(text="Save"),
    row_title_res="taskTitle", row_detail_res="taskDescription", priorities=("", "", "", ""), repeats=("", "", ""),
    done_label="", check_res="taskDone",
)

GRIT = TodoUi(
    app_id="tasks_grit", new_task=By(desc="Add Task"), title_field=By(res="task_title_field"), save=By(desc="Done"),
    row_title_res="task_title", row_detail_res="task_reminder", priorities=("", "", "", ""), repeats=("", "", ""),
    done_label="", check_res="task_status",
    # after pm clear: the "What's Changed" sheet of 6.0.3 (its "Done" stores last_changelog_shown)
    prelude=(Tap(By(text="Done")),),
)

NTODOTXT = TodoUi(
    app_id="tasks_ntodotxt", new_task=By(desc="Add todo"), title_field=By(res="todo_edit_description"),
    save=By(desc="Save"), row_title_res="todo_description", row_detail_res="todo_chips",
    priorities=("none", "(C)", "(B)", "(A)"), repeats=("", "", ""), done_label="done", check_res="todo_checkbox",
    # after pm clear: the intro pages, then local mode (the choice lives in Keystore-encrypted storage)
    prelude=(Tap(By(desc="Next page")), Tap(By(text="Use local mode")), Tap(By(text="Apply"))), date_picker="flutter",
)

APPS: tuple[TodoUi, ...] = (TASKS_ORG, CFAIT, PFA, TASKMATE, GRIT, NTODOTXT)


# -- reading the list ---------------------------------------------------------------------------------

def parse_date(text: str) -> str | None:
    """``2023-10-24``, ``Oct 24`` or ``Tue, Oct 24`` (a time after it is ignored) to ISO (year 2023:
    every seeded date is in 2023)."""
    text = text.strip()
    try:
        return dt.date.fromisoformat(text[:10]).isoformat()
    except ValueError:
        pass
    words = text.replace(",", " ").split()
    for i, w in enumerate(words[:-1]):
        if w in MONTHS and words[i + 1].isdigit():
            return dt.date(2023, MONTHS[w], int(words[i + 1])).isoformat()
    return None


def parse_row(ui: TodoUi, title: str, detail: str) -> Row:
    due, priority, done = None, "none", False
    for part in (p.strip() for p in detail.split("·")):
        if part == ui.done_label:
            done = True
        elif part in ui.priorities and part:
            priority = LEVELS[ui.priorities.index(part)]
        elif due is None:
            due = parse_date(part)
    return Row(title, due, priority, done)


def read_rows(ui: TodoUi) -> Generator[Intent, str, list[Row]]:
    """Every task of the list: completed ones made visible first where the app hides them."""
    yield from ui.show_completed
    out = []
    for i in range(IR_TASKS):
        title = yield Read(By(res=ui.row_title_res, nth=i))
        detail = yield Read(By(res=ui.row_detail_res, nth=i))
        out.append(parse_row(ui, title, detail))
    return out


def titles(rows: list[Row]) -> str:
    return ", ".join(r.title for r in rows)


# -- editing ----------------------------------------------------------------------------------------

def type_date(ui: TodoUi, iso: str) -> Steps:
    """The due date through the app's picker (Cfait, whose due dates are typed: the double's dialog)."""
    yield Tap(By(res="due_date"))
    if ui.date_picker != "text":
        yield from pick_date(ui.date_picker, iso)
        return
    yield TypeInto(By(res="date_input"), f"{dt.date.fromisoformat(iso):%m/%d/%Y}")
    yield Tap(By(text="OK"))


def type_date_time(ui: TodoUi, iso: str, hhmm: str) -> Steps:
    """Due date and time. Tasks.org picks both in its due-date sheet: "Pick time" opens its Compose
    TimePicker dialog (kmp/.../compose/pickers/TimePickerDialog.kt), whose OK returns to the sheet."""
    if ui.date_picker != "tasks_org":
        yield from type_date(ui, iso)
        yield from type_time(hhmm)
        return
    yield Tap(By(res="due_date"))
    yield Tap(By(text="Pick time"))
    yield from compose_time(int(hhmm[:2]), int(hhmm[3:]), twelve=True)
    yield from pick_date(ui.date_picker, iso)


def type_time(hhmm: str) -> Steps:
    yield Tap(By(res="due_time"))
    yield TypeInto(By(res="time_input"), hhmm)
    yield Tap(By(text="OK"))


def new_task(ui: TodoUi, title: str) -> Steps:
    """From the list to the form of a new task titled ``title``."""
    if ui.quick_add:  # add by title, then open the new task for its details
        yield TypeInto(ui.new_task, title)
        yield Press("enter")
        yield Tap(By(text=title, res=ui.row_title_res))
        return
    yield Tap(ui.new_task)
    yield TypeInto(ui.title_field, title)


def row_index(ui: TodoUi, title: str, count: int) -> Generator[Intent, str, int]:
    for i in range(count):
        shown = yield Read(By(res=ui.row_title_res, nth=i))
        if shown == title:
            return i
    raise LookupError(f"{title!r} is not among the first {count} rows")


# -- one script per template ----------------------------------------------------------------------------

def _completed_for_date(ui: TodoUi, p: dict[str, str]) -> Steps:
    rows = yield from read_rows(ui)
    yield Answer(titles([r for r in rows if r.due == p["date"] and r.done]))


def _due_next_week(ui: TodoUi, p: dict[str, str]) -> Steps:
    rows = yield from read_rows(ui)
    week = {(dt.date(2023, 10, 16) + dt.timedelta(days=i)).isoformat() for i in range(7)}
    yield Answer(str(sum(1 for r in rows if r.due in week)))


def _due_on_date(ui: TodoUi, p: dict[str, str]) -> Steps:
    rows = yield from read_rows(ui)
    yield Answer(titles([r for r in rows if r.due == p["date"]]))


def _high_priority(ui: TodoUi, p: dict[str, str]) -> Steps:
    rows = yield from read_rows(ui)
    yield Answer(titles([r for r in rows if r.priority == "high"]))


def _high_priority_on_date(ui: TodoUi, p: dict[str, str]) -> Steps:
    rows = yield from read_rows(ui)
    yield Answer(titles([r for r in rows if r.priority == "high" and r.due == p["date"]]))


def _incomplete_on_date(ui: TodoUi, p: dict[str, str]) -> Steps:
    rows = yield from read_rows(ui)
    yield Answer(titles([r for r in rows if r.due == p["date"] and not r.done]))


def smart_add(ui: TodoUi, line: str) -> Steps:
    """Create a task from one smart-syntax line in the add field (the app stays on the list)."""
    yield TypeInto(ui.new_task, line)
    yield Press("enter")


def _due_with_time(ui: TodoUi, p: dict[str, str]) -> Steps:
    if ui.smart_syntax:
        yield from smart_add(ui, f'{p["task_title"]} @{p["due_date"]} {p["due_time"]}')
        return
    yield from new_task(ui, p["task_title"])
    yield from type_date_time(ui, p["due_date"], p["due_time"])
    yield Tap(ui.save)


def _recurring(ui: TodoUi, p: dict[str, str]) -> Steps:
    if ui.smart_syntax:
        yield from smart_add(ui, f'{p["task_title"]} @{p["due_date"]} @{p["recurrence"]}')
        return
    yield from new_task(ui, p["task_title"])
    yield from type_date(ui, p["due_date"])
    yield Tap(By(res="repeat"))
    yield Tap(By(text=ui.repeats[("daily", "weekly", "monthly").index(p["recurrence"])]))
    yield Tap(ui.save)


def _edit(ui: TodoUi, p: dict[str, str]) -> Steps:
    yield Tap(By(text=p["old_title"], res=ui.row_title_res))
    # Android's way to overwrite a field: long-press (selects a word, shows the toolbar), "Select all", type.
    yield LongPress(By(res=ui.title_field.res))
    yield Tap(By(text="Select all"))
    yield TypeText(p["new_title"])
    yield Tap(ui.save)


def _complete(ui: TodoUi, p: dict[str, str]) -> Steps:
    i = yield from row_index(ui, p["task_title"], 3)
    yield Tap(By(res=ui.check_res, nth=i))


BODIES: dict[str, Callable[[TodoUi, dict[str, str]], Steps]] = {
    "TasksCompletedTasksForDate": _completed_for_date,
    "TasksDueNextWeek": _due_next_week,
    "TasksDueOnDate": _due_on_date,
    "TasksHighPriorityTasks": _high_priority,
    "TasksHighPriorityTasksDueOnDate": _high_priority_on_date,
    "TasksIncompleteTasksOnDate": _incomplete_on_date,
    "TasksDueWithTime": _due_with_time,
    "TasksRecurring": _recurring,
    "TasksEditTask": _edit,
    "TasksCompleteTask": _complete,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the app's prelude (first-run screens), then the template's body."""
    ui = next((u for u in APPS if u.app_id == app_id), None)
    return gold_from_body(BODIES.get(semantic_id), ui, prelude=ui.prelude if ui else ())
