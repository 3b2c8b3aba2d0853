"""TaskMate 4.10.7 (``com.amirsteinbeck.taskmate``): a minimal task list.

A task is a title and a description, nothing more (no due date, priority or recurrence at this
version); the bottom field "Enter your task…" (``userInput``, not focusable) or the plus button
beside it opens a bottom sheet ("Enter title…" ``editTitle``: single line, ``imeOptions=actionNext``,
so Enter moves on and saves nothing; "Enter description…"; the "Save" button ``saveButton``), a task
is completed with the checkbox in its card (``taskDone``); an empty list says "No tasks to show
here!" (``MainActivity.kt``, ``res/layout/activity_main.xml``, ``bottomsheet_edit_task.xml``,
``item_task.xml``, ``res/values/strings.xml`` at 4.10.7). Storage: one SharedPreferences key
holding a Gson array (:class:`TaskMatePrefs`).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import TaskMatePrefs, TaskStore

SKIN = TodoSkin(
    list=ListSkin(
        title="TaskMate", list_id="recyclerView", title_id="taskTitle", detail_id="taskDescription",
        empty_text="No tasks to show here!", entry=Icon("add", "Enter your task…", "userInput"), check_id="taskDone",
        completed_header="", done_label="", menu=("Archived tasks", "Settings"),
    ),
    editor=EditorSkin(
        activity=".MainActivity", title="", title_id="editTitle", title_hint="Enter title…",
        save=Icon("", "Save", "saveButton"),
    ),
    completed_view="shown", has_due=False, has_time=False, has_priority=False,
    has_recurrence=False, save_style="text", date_format="iso",
)


class TaskMate(TodoApp):
    package = "com.amirsteinbeck.taskmate"
    label = "TaskMate"
    version_name, version_code = "4.10.7", 4
    launch_activity = ".MainActivity"
    icon_color = "#6A1B9A"
    skin = SKIN

    @property
    def store(self) -> TaskStore:
        return TaskMatePrefs(self)
