"""The To-Do screen kit: the category's screens written once, with explicit variation points.

A To-Do app double is a declarative :class:`TodoSkin` plus its store (:mod:`.store`). Variation
points (``Literal``/``bool`` fields are flow choices):

* **adding** — a FAB opening the task form (``entry="fab"``) or an add field under the list whose
  ENTER creates the task by its title (``"quick_add"``; details then in the opened task);
* **completed tasks** — always listed under a header, or hidden until an overflow-menu toggle shows
  them (``completed_view``);
* **what a task can hold** — due date, due time, priority, recurrence (``has_*``): an app without
  one shows no control for it;
* **priority control** — a popup menu or inline radio chips (``priority_style``);
* **how dates and priorities read in the list** — ``date_format`` and the priority labels;
* **saving** — a toolbar icon or a text button (``save_style``);
* **labels and ids** — every visible string and resource id is a skin field.

The due date opens the picker the real app opens (``date_picker``, one of
:mod:`pytest_anyapp.sim.apps.date_pickers`); the time dialog is a typed ``hh:mm`` field.
"""

from __future__ import annotations

import calendar
import time
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.date_pickers import DatePickerKind, open_date_picker
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.apps.tasks.store import LEVELS, REPEATS, Task, TaskStore
from pytest_anyapp.sim.ui.views import (
    Button,
    CheckBox,
    Column,
    EditText,
    Fab,
    ImageButton,
    ListItem,
    RadioButton,
    Row,
    Scaffold,
    ScrollList,
    TextView,
    Toolbar,
    View,
)


@dataclass(frozen=True)
class ListSkin:
    title: str
    list_id: str
    title_id: str
    detail_id: str
    empty_text: str
    entry: Icon
    check_id: str = "checkbox"
    completed_header: str = "Completed"
    show_completed: str = ""  # overflow-menu label of the toggle (completed_view="menu_toggle")
    hide_completed: str = ""
    done_label: str = "Done"  # how a completed task's line says so
    menu: tuple[str, ...] = ()  # other overflow items (do nothing here)
    quick_add_id: str = ""  # the add field of entry="quick_add"
    quick_add_hint: str = ""


@dataclass(frozen=True)
class EditorSkin:
    activity: str
    title: str
    title_id: str
    title_hint: str
    save: Icon
    due_label: str = "Due date"
    time_label: str = "Time"
    priority_label: str = "Priority"
    repeat_label: str = "Repeat"
    #: Priority labels, in the order none, low, medium, high ("" = the app has no such level).
    priorities: tuple[str, str, str, str] = ("None", "Low", "Medium", "High")
    repeats: tuple[str, str, str] = ("Daily", "Weekly", "Monthly")
    #: The title field takes Enter as a new line (a multi-line field without an IME action).
    title_multiline: bool = False
    #: The soft keyboard's Done in the title saves the task (a listener acting on IME_ACTION_DONE
    #: only: a hardware Enter's IME_NULL passes through to the field).
    title_done_saves: bool = False


@dataclass(frozen=True)
class TodoSkin:
    """One to-do app, declared."""

    list: ListSkin
    editor: EditorSkin
    entry: Literal["fab", "quick_add"] = "fab"
    completed_view: Literal["shown", "menu_toggle"] = "shown"
    has_due: bool = True
    has_time: bool = True
    has_priority: bool = True
    has_recurrence: bool = True
    priority_style: Literal["menu", "chips"] = "menu"
    save_style: Literal["icon", "text"] = "icon"
    date_format: Literal["iso", "short", "weekday"] = "short"
    default_priority: Literal["none", "low", "medium", "high"] = "none"
    #: The due-date picker the real app opens (:mod:`pytest_anyapp.sim.apps.date_pickers`); ``text``: a
    #: typed ``mm/dd/yyyy`` dialog, kept where the real app has no picker to model (Cfait: docs/tasks.md).
    date_picker: DatePickerKind | Literal["text"] = "text"
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


def date_label(iso: str, fmt: str) -> str:
    """``2023-10-24`` / ``Oct 24`` / ``Tue, Oct 24`` (the list's due-date formats)."""
    if fmt == "iso":
        return iso
    t = time.strptime(iso, "%Y-%m-%d")
    short = f"{calendar.month_abbr[t.tm_mon]} {t.tm_mday}"
    return f"{calendar.day_abbr[t.tm_wday]}, {short}" if fmt == "weekday" else short


def parse_typed_date(text: str) -> str | None:
    """``mm/dd/yyyy`` (the date picker's text input) to ISO, None when invalid."""
    try:
        return time.strftime("%Y-%m-%d", time.strptime(text.strip(), "%m/%d/%Y"))
    except ValueError:
        return None


def parse_typed_time(text: str) -> str | None:
    try:
        return time.strftime("%H:%M", time.strptime(text.strip(), "%H:%M"))
    except ValueError:
        return None


class TodoApp(SimApp):
    """A to-do app double: metadata on the subclass, screens from ``skin``, storage from ``store``."""

    skin: ClassVar[TodoSkin]

    @property
    def store(self) -> TaskStore:
        raise NotImplementedError


class TodoScreen(Screen):
    @property
    def todo(self) -> TodoApp:
        assert isinstance(self.app, TodoApp)
        return self.app

    @property
    def skin(self) -> TodoSkin:
        return self.todo.skin


class TaskList(TodoScreen):
    """Open tasks, then completed ones (under a header) when the app shows them."""

    def build(self) -> View:
        s, k = self.skin.list, self.skin
        tasks = self.todo.store.tasks()
        show_done = k.completed_view == "shown" or bool(self.app.prefs().get("show_completed", False))
        rows: list[View] = [self.row(t) for t in tasks if not t.done]
        done = [t for t in tasks if t.done]
        if done and show_done:
            if s.completed_header:
                rows.append(TextView(s.completed_header, size=14, padding=(16, 12, 16, 4)))
            rows += [self.row(t) for t in done]
        menu: list[tuple[str, Any]] = []
        if k.completed_view == "menu_toggle":
            menu.append((s.hide_completed if show_done else s.show_completed, self.toggle_completed))
        menu += [(label, None) for label in s.menu]
        listing = ScrollList(*rows, id=s.list_id, empty_text=s.empty_text)
        if k.entry == "quick_add":
            add = Row(EditText(s.quick_add_id, hint=s.quick_add_hint, weight=1.0, on_submit=self.quick_add),
                      ImageButton(s.entry.icon, s.entry.desc, id=s.entry.id or None,
                                  on_click=lambda: self.quick_add(self.field(s.quick_add_id))), padding=(8, 4))
            return Scaffold(Toolbar(s.title, menu=menu), listing, bottom=add)
        fab = Fab(s.entry.icon, s.entry.desc, on_click=lambda: self.push(Editor(self.app, None)), id=s.entry.id or None)
        return Scaffold(Toolbar(s.title, menu=menu), listing, fab=fab)

    def quick_add(self, text: str) -> None:
        if text.strip():
            self.todo.store.save(Task("", text.strip(), priority=self.skin.default_priority))
            self.set_field(self.skin.list.quick_add_id, "")

    def detail(self, t: Task) -> str:
        k = self.skin
        parts = []
        if t.due_date:
            parts.append(date_label(t.due_date, k.date_format) + (f" {t.due_time}" if t.due_time else ""))
        if k.has_priority and t.priority != "none":
            parts.append(k.editor.priorities[LEVELS.index(t.priority)])
        if t.recurrence:
            parts.append(k.editor.repeats[REPEATS.index(t.recurrence)])
        if t.done and k.list.done_label:
            parts.append(k.list.done_label)
        return " · ".join(parts)

    def row(self, t: Task) -> View:
        s = self.skin.list
        item = ListItem(t.title, self.detail(t), title_id=s.title_id, subtitle_id=s.detail_id, weight=1.0,
                        on_click=lambda: self.push(Editor(self.app, t)))
        box = CheckBox("", checked=t.done, id=s.check_id, on_change=lambda on: self.todo.store.save(replace(t, done=on)))
        return Row(box, item)

    def toggle_completed(self) -> None:
        prefs = self.app.prefs()
        prefs.put(show_completed=not bool(prefs.get("show_completed", False)))


class Editor(TodoScreen):
    """A new task (``task`` None) or an existing one; nothing is stored until the save action (a task is
    completed from the list's checkbox in every app)."""

    def __init__(self, app: SimApp, task: Task | None) -> None:
        super().__init__(app)
        k = self.skin
        self.editing = task
        self.draft = task or Task("", "", priority=k.default_priority)
        self.set_field(k.editor.title_id, self.draft.title)
        self.focus(k.editor.title_id)

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.editor.activity)

    def build(self) -> View:
        k, e = self.skin, self.skin.editor
        d = self.draft
        body: list[View] = [EditText(e.title_id, hint=e.title_hint, multiline=e.title_multiline, padding=(16, 12),
                                     ime_action="done" if e.title_done_saves else None,
                                     on_ime_action=(lambda _: self.save()) if e.title_done_saves else None)]
        if k.has_due:
            when = f"{d.due_date} {d.due_time}" if d.due_time and self.time_in_date_sheet() else d.due_date
            body.append(Button(f"{e.due_label}: {when}" if when else e.due_label, self.ask_date,
                               id="due_date", style="text"))
        if k.has_time and d.due_date and not self.time_in_date_sheet():
            body.append(Button(f"{e.time_label}: {d.due_time}" if d.due_time else e.time_label, self.ask_time,
                               id="due_time", style="text"))
        if k.has_priority:
            body.append(self.priority_control())
        if k.has_recurrence:
            label = e.repeats[REPEATS.index(d.recurrence)] if d.recurrence else e.repeat_label
            body.append(Button(label, self.ask_repeat, id="repeat", style="text"))
        actions: list[View] = []
        bottom = None
        if k.save_style == "icon":
            actions.append(ImageButton(e.save.icon, e.save.desc, on_click=self.save, id=e.save.id or None))
        else:
            bottom = Row(Button(e.save.desc, self.save, id=e.save.id or None), padding=(16, 8))
        return Scaffold(Toolbar(e.title, nav="back", actions=actions), Column(*body, spacing=4), bottom=bottom)

    def priority_control(self) -> View:
        e = self.skin.editor
        levels = [(label, level) for label, level in zip(e.priorities, LEVELS, strict=True) if label]
        if self.skin.priority_style == "chips":
            return Row(*[RadioButton(label, checked=self.draft.priority == level, id=f"priority_{level}",
                                     on_change=lambda on, lv=level: self.update(priority=lv)) for label, level in levels],
                       padding=(8, 0))
        current = e.priorities[LEVELS.index(self.draft.priority)] or e.priority_label
        items = [(label, lambda lv=level: self.update(priority=lv)) for label, level in levels]
        return Button(f"{e.priority_label}: {current}", lambda: self.show_menu(items), id="priority", style="text")

    def update(self, **changes: Any) -> None:
        self.draft = replace(self.draft, **changes)

    def time_in_date_sheet(self) -> bool:
        """Tasks.org picks the due time in its due-date sheet ("Pick time"), not in a row of its own."""
        return self.skin.date_picker == "tasks_org" and self.skin.has_time

    def ask_date(self) -> None:
        kind = self.skin.date_picker
        if kind != "text":
            on_time = (lambda hhmm: self.update(due_time=hhmm)) if self.time_in_date_sheet() else None
            open_date_picker(self, kind, self.draft.due_date, self.set_due, from_initial=kind == "flutter",
                             time_of_day=self.draft.due_time, on_time=on_time)
            return

        def ok() -> None:
            typed = parse_typed_date(self.field("date_input"))
            if typed is None:
                self.toast("Invalid format.")
            else:
                self.update(due_date=typed)
        self.set_field("date_input", "")
        self.show_dialog(AlertDialog("Select date", view=EditText("date_input", hint="mm/dd/yyyy"),
                                     positive=("OK", ok), negative=("Cancel", None)))

    def set_due(self, day: str | None) -> None:
        """A picked day, or None where the picker cleared it (the time goes with it)."""
        self.update(due_date=day, due_time=self.draft.due_time if day else None)

    def ask_time(self) -> None:
        def ok() -> None:
            typed = parse_typed_time(self.field("time_input"))
            if typed is None:
                self.toast("Invalid time")
            else:
                self.update(due_time=typed)
        self.set_field("time_input", "")
        self.show_dialog(AlertDialog("Enter time", view=EditText("time_input", hint="hh:mm"),
                                     positive=("OK", ok), negative=("Cancel", None)))

    def ask_repeat(self) -> None:
        e = self.skin.editor
        def pick(i: int) -> None:  # a pick closes the dialog, as the apps' single-choice lists do
            self.update(recurrence=REPEATS[i])
            self.dismiss_dialog()

        self.show_dialog(AlertDialog(e.repeat_label, choices=list(e.repeats), on_choice=pick))

    def save(self) -> None:
        title = self.field(self.skin.editor.title_id).strip()
        if not title:
            self.toast("Title is empty")
            return
        self.todo.store.save(replace(self.draft, title=title))
        self.finish()


TodoApp.home = TaskList  # every skin's launch screen (an app may set its own)
