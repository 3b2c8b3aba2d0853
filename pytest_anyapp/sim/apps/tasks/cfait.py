"""Cfait 1.1.5 (``com.trougnouf.cfait``): a Rust/Compose CalDAV task manager working offline on its
"Local" calendar.

Everything about a task is typed in its *smart syntax* (``src/model/parser.rs``
``apply_smart_input`` at v1.1.5): the input bar under the list (placeholder "e.g. Buy cat food !1
@tomorrow", IME action Send; ``ui/HomeScreen.kt``) creates the task from the whole line and stays on
the list; a task opens in "Edit task…" (``ui/TaskDetailScreen.kt``): one field "Task (smart syntax)"
holding the task as that syntax (``to_smart_string``, ``src/model/display.rs``), a "Description"
field and a "Save" text button in the top bar. There is no date, time, priority or recurrence control
anywhere: ``@2023-10-24`` (+ ``09:00``) is the due date (and time), ``!1`` … ``!9`` the iCalendar
priority, ``@daily``/``@weekly``/``@monthly`` the recurrence. The double parses that subset; other
words stay in the summary (the real parser knows many more tokens). Dates in the list are ISO,
priorities are shown as "!1" (high) … "!9" (low), completed tasks stay in the list
(``hide_completed`` defaults to false, ``src/config.rs``) under "Done". Storage:
``files/data/local.json`` (:class:`CfaitJson`).

First screen: ``MainActivity.kt`` asks for POST_NOTIFICATIONS at the first composition on Android 13
when it is not granted; setup grants it (the adapter's ``runtime_permissions``).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.tasks.cfait_syntax import parse_smart, smart_string
from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TaskList, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import CfaitJson, Task, TaskStore
from pytest_anyapp.sim.ui.views import Button, CheckBox, Column, EditText, ListItem, Row, Scaffold, Toolbar, View

SKIN = TodoSkin(
    list=ListSkin(
        title="Local", list_id="task_list", title_id="task_summary", detail_id="task_meta",
        empty_text="No tasks", entry=Icon("send", "Add", "add_task_button"), check_id="task_checkbox",
        completed_header="Done", done_label="✓ done", menu=("Calendars", "Tags", "Sync", "Settings"),
        quick_add_id="smart_input", quick_add_hint="e.g. Buy cat food !1 @tomorrow",
    ),
    editor=EditorSkin(
        activity=".MainActivity", title="Edit task…", title_id="summary_input", title_hint="Task (smart syntax)",
        save=Icon("", "Save", "save_task"), due_label="Due", time_label="Due time",
        priority_label="Priority", repeat_label="Recurrence",
        priorities=("!0", "!9", "!5", "!1"), repeats=("daily", "weekly", "monthly"),
    ),
    entry="quick_add", completed_view="shown", priority_style="menu", save_style="text",
    date_format="iso", default_priority="none", overrides=("CfaitList", "CfaitEditor"),
)

class CfaitList(TaskList):
    """The list and its input bar: Send creates the task from the whole smart line."""

    def quick_add(self, text: str) -> None:
        if text.strip():
            today = time.strftime("%Y-%m-%d", time.gmtime(self.app.now_ms() // 1000))
            self.todo.store.save(parse_smart(text.strip(), today))
            self.set_field(self.skin.list.quick_add_id, "")

    def row(self, t: Task) -> View:
        s = self.skin.list
        item = ListItem(t.title, self.detail(t), title_id=s.title_id, subtitle_id=s.detail_id, weight=1.0,
                        on_click=lambda: self.push(CfaitEditor(self.app, t)))
        box = CheckBox("", checked=t.done, id=s.check_id, on_change=lambda on: self.todo.store.save(replace(t, done=on)))
        return Row(box, item)


class CfaitEditor(Screen):
    """``TaskDetailScreen``: the smart-syntax field (newlines blocked; Enter adds none), the
    description, "Save" in the top bar. Saving re-parses the whole field."""

    def __init__(self, app: SimApp, task: Task) -> None:
        super().__init__(app)
        self.editing = task
        self.set_field(SKIN.editor.title_id, smart_string(task))
        self.focus(SKIN.editor.title_id)

    def build(self) -> View:
        e = SKIN.editor
        return Scaffold(Toolbar(e.title, nav="back", actions=[
            Button(e.save.desc, self.save, id=e.save.id or None, style="text")]), Column(
            EditText(e.title_id, hint=e.title_hint, padding=(16, 12)),
            EditText("description_input", hint="Description", multiline=True, padding=(16, 12)), spacing=8))

    def save(self) -> None:
        assert isinstance(self.app, TodoApp)
        today = time.strftime("%Y-%m-%d", time.gmtime(self.app.now_ms() // 1000))
        parsed = parse_smart(self.field(SKIN.editor.title_id), today)
        changes: dict[str, Any] = {k: getattr(parsed, k) for k in ("title", "due_date", "due_time", "priority",
                                                                   "recurrence")}
        self.app.store.save(replace(self.editing, **changes))
        self.finish()


class Cfait(TodoApp):
    package = "com.trougnouf.cfait"
    label = "Cfait"
    version_name, version_code = "1.1.5", 10105
    launch_activity = ".MainActivity"
    icon_color = "#2E7D32"
    skin = SKIN
    home = CfaitList
    permissions = ("android.permission.POST_NOTIFICATIONS",)

    @property
    def store(self) -> TaskStore:
        return CfaitJson(self)
