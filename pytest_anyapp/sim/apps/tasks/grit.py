"""Grit 6.0.3 (``com.shub39.grit``): habits and tasks; tasks are titles in categories.

A task has a title and a done flag (plus an optional reminder), no due date, priority or
recurrence; "Add Task" opens a sheet saved with "Done", a task is completed from the list by its
checkbox, and completed tasks stay in place. Storage: Room ``databases/task_database``
(:class:`GritDb`).

First screen: the "What's Changed" sheet of the newest changelog entry (version "6.0.3", a "Done"
button) while the DataStore key ``last_changelog_shown`` differs from it (``MainViewModel.checkChangelog``,
``ChangelogSheet.kt``, ``SettingsDatastoreImpl.kt`` at 6.0.3) — always after ``pm clear``; "Done" or
dismissing the sheet stores the version (``dismissChangelog``). Override: ``GritList``.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import AlertDialog
from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TaskList, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import GritDb, TaskStore

SKIN = TodoSkin(
    list=ListSkin(
        title="Tasks", list_id="tasks_column", title_id="task_title", detail_id="task_reminder",
        empty_text="Nothing to do", entry=Icon("add", "Add Task", "add_task_fab"), check_id="task_status",
        completed_header="", done_label="", menu=("Edit categories", "Reorder", "Delete completed"),
    ),
    editor=EditorSkin(
        activity=".MainActivity", title="Edit Task", title_id="task_title_field", title_hint="Title",
        save=Icon("check", "Done", "task_sheet_done"), title_multiline=True,
    ),
    completed_view="shown", has_due=False, has_time=False, has_priority=False,
    has_recurrence=False, save_style="icon", date_format="iso", priority_style="chips", overrides=("GritList",),
)
#: The newest entry of the changelog bundled at build time (CHANGELOG.md "## 6.0.3").
CHANGELOG_VERSION = "6.0.3"
DATASTORE = "grit.preferences_pb"


class GritList(TaskList):
    """The tasks page (the default starting section), under the changelog sheet until it is dismissed."""

    def on_resume(self) -> None:
        super().on_resume()
        prefs = self.app.prefs(DATASTORE)
        if prefs.get("last_changelog_shown", "") != CHANGELOG_VERSION:
            def seen() -> None:
                prefs.put(last_changelog_shown=CHANGELOG_VERSION)
            self.show_dialog(AlertDialog("What's Changed", CHANGELOG_VERSION, positive=("Done", seen), on_cancel=seen))


class Grit(TodoApp):
    package = "com.shub39.grit"
    label = "Grit"
    version_name, version_code = "6.0.3", 6030
    launch_activity = ".app.MainActivity"
    icon_color = "#F57C00"
    skin = SKIN
    home = GritList

    def on_create(self) -> None:
        GritDb(self).create()

    @property
    def store(self) -> TaskStore:
        return GritDb(self)
