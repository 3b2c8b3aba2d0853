"""Grit 6.0.3 (``com.shub39.grit``): habits and tasks; tasks are titles in categories.

A task has a title and a done flag (plus an optional reminder), no due date, priority or
recurrence; "Add Task" opens a sheet saved with "Done", a task is completed from the list by its
checkbox, and completed tasks stay in place. Storage: Room ``databases/task_database``
(:class:`GritDb`).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import GritDb, TaskStore

SKIN = TodoSkin(
    list=ListSkin(
        title="Tasks", list_id="tasks_column", title_id="task_title", detail_id="task_reminder",
        empty_text="Nothing to do", entry=Icon("add", "Add Task", "add_task_fab"), check_id="task_status",
        completed_header="", done_label="", menu=("Edit categories", "Reorder", "Delete completed"),
    ),
    editor=EditorSkin(
        activity=".MainActivity", title="Edit Task", title_id="task_title_field", title_hint="Title",
        save=Icon("check", "Done", "task_sheet_done"),
    ),
    completed_view="shown", has_due=False, has_time=False, has_priority=False,
    has_recurrence=False, save_style="icon", date_format="iso", priority_style="chips",
)


class Grit(TodoApp):
    package = "com.shub39.grit"
    label = "Grit"
    version_name, version_code = "6.0.3", 6030
    launch_activity = ".app.MainActivity"
    icon_color = "#F57C00"
    skin = SKIN

    def on_create(self) -> None:
        GritDb(self).create()

    @property
    def store(self) -> TaskStore:
        return GritDb(self)
