"""ntodotxt 0.18.0 (``de.tnmgl.ntodotxt``): a Flutter client for a todo.txt file.

After ``pm clear`` the app opens on its intro pages ("Next page" … "Use local mode" -> the "Local"
page's "Apply"), a choice it keeps in flutter_secure_storage (Keystore-encrypted; the double keeps a
stand-in). The list shows each todo's description with its due date and priority letter, a checkbox
completes it; "Add todo" opens the edit page (description "todo +project @context key:val",
Priority, Due date; no time, no recurrence) saved with "Save". Storage: ``app_flutter/todo.txt``
(:class:`TodoTxt`). Overrides: ``Intro`` and ``LocalLogin`` (the first-run pages).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.tasks.kit import EditorSkin, Icon, ListSkin, TaskList, TodoApp, TodoSkin
from pytest_anyapp.sim.apps.tasks.store import TaskStore, TodoTxt
from pytest_anyapp.sim.ui.views import Button, Column, ImageButton, Row, Scaffold, TextView, Toolbar, View

SKIN = TodoSkin(
    list=ListSkin(
        title="Todos", list_id="todo_list", title_id="todo_description", detail_id="todo_chips",
        empty_text="No todos", entry=Icon("add", "Add todo", "add_todo"), check_id="todo_checkbox",
        completed_header="", done_label="done", menu=("Filters", "Settings", "Logout"),
    ),
    editor=EditorSkin(
        activity=".MainActivity", title="Create todo", title_id="todo_edit_description",
        title_hint="todo +project @context key:val", save=Icon("save", "Save", "save_todo"),
        due_label="Due date", priority_label="Priority", priorities=("none", "(C)", "(B)", "(A)"),
    ),
    completed_view="shown", has_time=False, has_recurrence=False, priority_style="menu",
    save_style="icon", date_format="iso", date_picker="flutter", overrides=("Intro", "LocalLogin"),
)
BACKEND = "backend"


class Intro(Screen):
    """The first-run pages: welcome, local mode, WebDAV mode (one at a time, "Next page")."""

    PAGES = (("Welcome", "This app is based on the todo.txt format."), ("Local", "Use this app in local mode."),
             ("WebDAV", "Use this app in webdav or cloud mode."))

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.page = 0

    def build(self) -> View:
        title, text = self.PAGES[self.page]
        body: list[View | None] = [TextView(title, size=32, align="center"), TextView(text, align="center")]
        if title == "Local":
            body.append(Button("Use local mode", lambda: self.push(LocalLogin(self.app)), id="use_local"))
        nav = Row(ImageButton("before", "Previous page", on_click=lambda: self.turn(-1)),
                  ImageButton("next", "Next page", on_click=lambda: self.turn(1)), padding=(24, 8))
        return Scaffold(None, Column(*body, spacing=24, padding=(32, 200, 32, 0)), bottom=nav)

    def turn(self, by: int) -> None:
        self.page = min(max(self.page + by, 0), len(self.PAGES) - 1)


class LocalLogin(Screen):
    def build(self) -> View:
        return Scaffold(Toolbar("Local", nav="back"), Column(
            TextView("Local path", size=16, padding=(16, 8)), TextView(self.app.data_dir + "/app_flutter", size=14),
            Button("Apply", self.apply, id="apply"), spacing=12))

    def apply(self) -> None:
        self.app.prefs("FlutterSecureStorage").put(**{BACKEND: "local"})
        self.replace(TaskList(self.app))


def start(app: SimApp) -> Screen:
    logged_in = app.prefs("FlutterSecureStorage").get(BACKEND) == "local"
    return TaskList(app) if logged_in else Intro(app)


class Ntodotxt(TodoApp):
    package = "de.tnmgl.ntodotxt"
    label = "ntodotxt"
    version_name, version_code = "0.18.0", 40
    launch_activity = ".MainActivity"
    icon_color = "#455A64"
    skin = SKIN
    home = start

    @property
    def store(self) -> TaskStore:
        return TodoTxt(self)
