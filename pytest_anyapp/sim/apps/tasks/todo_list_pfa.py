"""Privacy Friendly To-Do List 3.4.0 (``org.secuso.privacyfriendlytodolist``), SECUSO's to-do app.

Tasks are added with the FAB "ADD NEW TASK >" into a full-screen task dialog ("Name", "Deadline",
"Priority:" chosen from High/Medium/Low, default Medium, "Recurrence pattern"), confirmed with
"Okay" (``res/layout/task_dialog.xml``, ``res/values/strings.xml`` at v3.4.0). The deadline is a date
only (the app stores it at 12:00). A task is completed by its row's checkbox (``cb_task_done``).
Storage: Room ``databases/TodoDatabase.db`` (:class:`PfaDb`).
A first launch (default preference ``isFirstTimeLaunch`` missing or true) shows the tutorial
instead of the list; "Skip" stores false. Override: ``Tutorial``.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TaskList, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import PfaDb, TaskStore
from pytest_anyapp.sim.ui.views import Button, Column, Row, Scaffold, Spacer, TextView, View

SKIN = TodoSkin(
    list=ListSkin(
        title="All tasks", list_id="exlv_tasks", title_id="tv_exlist_task_name", detail_id="tv_exlist_task_deadline",
        empty_text="No tasks yet", entry=Icon("add", "ADD NEW TASK >", "fab_new_task"), check_id="cb_task_done",
        completed_header="Done tasks", done_label="done", menu=("Sort", "Recycle bin", "Help"),
    ),
    editor=EditorSkin(
        activity=".view.MainActivity", title="Edit task", title_id="et_task_name", title_hint="Name",
        save=Icon("", "Okay", "bt_process_task_ok"), due_label="Deadline", priority_label="Priority:",
        repeat_label="Recurrence pattern", priorities=("", "Low", "Medium", "High"), repeats=("Daily", "Weekly", "Monthly"),
    ),
    completed_view="shown", has_time=False, priority_style="menu", save_style="text",
    date_format="iso", default_priority="medium", date_picker="pfa_deadline", overrides=("Tutorial",),
)


class Tutorial(Screen):
    """``TutorialActivity``: intro slides with "Skip" / "Next"; leaving it stores isFirstTimeLaunch=false."""

    activity = ".view.TutorialActivity"

    def build(self) -> View:
        return Scaffold(None, Column(
            TextView("Welcome to Privacy Friendly To-Do List", size=22, align="center"),
            TextView("Organize your tasks in lists and keep track of deadlines.", align="center"),
            spacing=24, padding=(32, 240, 32, 0)),
            bottom=Row(Button("Skip", self.done, id="btn_skip", style="text"), Spacer(weight=1.0),
                       Button("Next", self.done, id="btn_next", style="text"), padding=(16, 8)))

    def done(self) -> None:
        self.app.prefs().put(isFirstTimeLaunch=False)
        self.replace(TaskList(self.app))


def start(app: SimApp) -> Screen:
    return Tutorial(app) if app.prefs().get("isFirstTimeLaunch", True) else TaskList(app)


class TodoListPfa(TodoApp):
    package = "org.secuso.privacyfriendlytodolist"
    label = "To-Do List"
    version_name, version_code = "3.4.0", 103
    launch_activity = ".view.MainActivity"
    icon_color = "#0274B2"
    skin = SKIN
    home = start

    def on_create(self) -> None:
        PfaDb(self).create()

    @property
    def store(self) -> TaskStore:
        return PfaDb(self)
