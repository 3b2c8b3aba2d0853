"""Cfait 1.1.5 (``com.trougnouf.cfait``): a Rust/Compose CalDAV task manager working offline on its
"Local" calendar.

Unlike the other apps, a task is added from an input bar under the list (placeholder "e.g. Buy cat
food !1 @tomorrow", smart syntax, IME action Send; ``ui/HomeScreen.kt`` at v1.1.5) and details are set
afterwards in the task's edit screen; dates in the list are ISO, priorities are iCalendar numbers
shown as "!1" (high) … "!9" (low), completed tasks stay in the list (``hide_completed`` defaults to
false, ``src/config.rs``) under "Done". Storage: ``files/data/local.json`` (:class:`CfaitJson`).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import CfaitJson, TaskStore

SKIN = TodoSkin(
    list=ListSkin(
        title="Local", list_id="task_list", title_id="task_summary", detail_id="task_meta",
        empty_text="No tasks", entry=Icon("send", "Add", "add_task_button"), check_id="task_checkbox",
        completed_header="Done", done_label="✓ done", menu=("Calendars", "Tags", "Sync", "Settings"),
        quick_add_id="smart_input", quick_add_hint="e.g. Buy cat food !1 @tomorrow",
    ),
    editor=EditorSkin(
        activity=".MainActivity", title="Edit task", title_id="summary_input", title_hint="Summary",
        save=Icon("save", "Save changes", "save_task"), due_label="Due", time_label="Due time",
        priority_label="Priority", repeat_label="Recurrence",
        priorities=("!0", "!9", "!5", "!1"), repeats=("daily", "weekly", "monthly"),
    ),
    entry="quick_add", completed_view="shown", priority_style="menu", save_style="icon",
    date_format="iso", default_priority="none",
)


class Cfait(TodoApp):
    package = "com.trougnouf.cfait"
    label = "Cfait"
    version_name, version_code = "1.1.5", 10105
    launch_activity = ".MainActivity"
    icon_color = "#2E7D32"
    skin = SKIN

    @property
    def store(self) -> TaskStore:
        return CfaitJson(self)
