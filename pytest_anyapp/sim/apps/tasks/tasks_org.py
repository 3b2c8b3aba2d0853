"""Tasks.org 15.9 (``org.tasks``), the category's AndroidWorld app.

The list is "My Tasks" with a round checkbox per task (its colour is the priority; the double
announces it in the row's line), a FAB "Create new task", completed tasks hidden until the overflow
menu's "Show completed" is ticked. A task opens in its edit screen (title "Task name", due date,
time, priority as four chips "!!!" … "none", "Does not repeat" -> "Every day" …), saved with the toolbar's "Save".
Labels are the app's strings at 15.9 (``app/src/main/res/values/strings.xml``,
``kmp/src/commonMain/composeResources/values/strings.xml``: "My Tasks", "Create new task", "Task name",
"Due date", "Due time", "Priority", "Does not repeat", "Every day/week", "Show completed" (a checkable
menu item), "Save"). Storage: Room ``databases/database`` table ``tasks`` (:class:`TasksOrgDb`), each new
task linked to the default list by a ``caldav_tasks`` row.

Launch guard: with no ``caldav_accounts`` row (a cleared app) the app opens on its welcome screen
("Add account", "Continue without sync", "Import Tasks.org backup"; ``MainActivity.kt``,
``MainActivityViewModel.routeOnboarding``, ``kmp/.../compose/WelcomeScreen.kt`` at 15.9); "Continue
without sync" creates the local account and its "Default list" (``CaldavDaoExtensions.newLocalAccount``).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TaskList, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import TasksOrgDb, TaskStore
from pytest_anyapp.sim.ui.views import Button, Column, Scaffold, TextView, View

SKIN = TodoSkin(
    list=ListSkin(
        title="My Tasks", list_id="recycler_view", title_id="title", detail_id="description",
        empty_text="No tasks", entry=Icon("add", "Create new task", "fab"), check_id="completeBox",
        completed_header="Completed", show_completed="Show completed", hide_completed="Show completed",
        done_label="Completed", menu=("Sort", "Show hidden", "Clear completed", "Settings"),
    ),
    editor=EditorSkin(
        activity="com.todoroo.astrid.activity.MainActivity", title="", title_id="title", title_hint="Task name",
        save=Icon("check", "Save", "menu_save"), due_label="Due date", time_label="Due time",
        priority_label="Priority", repeat_label="Does not repeat",
        priorities=("none", "!", "!!", "!!!"), repeats=("Every day", "Every week", "Every month"),
        # EditTextView.kt (15.9): an android.widget.EditText, isSingleLine = false, imeOptions
        # actionDone whose listener saves only on IME_ACTION_DONE: a hardware Enter adds a line
        title_multiline=True, title_done_saves=True,
    ),
    completed_view="menu_toggle", priority_style="chips", save_style="icon",
    date_format="weekday", default_priority="low", date_picker="tasks_org",
)


class Welcome(Screen):
    """The welcome screen of an app without an account (``WelcomeDestination``)."""

    def build(self) -> View:
        return Scaffold(None, Column(
            TextView("Tasks.org", size=28, align="center"),
            Button("Add account", lambda: None, id="add_account"),
            Button("Continue without sync", self.continue_without_sync, id="continue_without_sync"),
            Button("Import Tasks.org backup", lambda: None, id="import_backup"),
            spacing=24, padding=(32, 240, 32, 0)))

    def continue_without_sync(self) -> None:
        TasksOrgDb(self.app).new_local_account()
        self.replace(TaskList(self.app))


def start(app: SimApp) -> Screen:
    return TaskList(app) if TasksOrgDb(app).has_account() else Welcome(app)


class TasksOrg(TodoApp):
    package = "org.tasks"
    label = "Tasks.org"
    version_name, version_code = "15.9", 150902
    launch_activity = "com.todoroo.astrid.activity.MainActivity"
    icon_color = "#1976D2"
    skin = SKIN
    home = start
    permissions = ("android.permission.POST_NOTIFICATIONS",)

    def on_create(self) -> None:
        TasksOrgDb(self).create()

    @property
    def store(self) -> TaskStore:
        return TasksOrgDb(self)
