"""The SimApp API: how app doubles are written.

An app double is a :class:`SimApp` subclass (metadata + durable state) plus :class:`Screen`
subclasses (activities). A screen's :meth:`Screen.build` returns a view tree from current state;
the window manager calls it again after every event and every observation, so a screen never
patches views by hand: change state, and the next build shows it. Durable state goes where the
real app keeps it (its own SQLite under ``/data/data/<pkg>/databases/``, SharedPreferences, or the
system providers via ``self.device.providers``) so verifiers read it exactly as on a phone.

Tiny example (a complete app)::

    class NoteList(Screen):
        activity = ".NotesActivity"

        def build(self) -> View:
            rows = self.app.query("notes.db", "SELECT _id, body FROM note")
            return Scaffold(
                Toolbar("Notes", menu=[("Delete all", self.ask_delete)]),
                EditText("new_note", hint="Write a note", on_submit=self.add),
                ScrollList(*[ListItem(r["body"], title_id="note_text") for r in rows], id="notes"),
            )

        def add(self, text: str) -> None:
            self.app.execute("notes.db", "INSERT INTO note (body) VALUES (?)", (text,))
            self.set_field("new_note", "")

        def ask_delete(self) -> None:
            self.show_dialog(AlertDialog("Delete all notes?", positive=("Delete", self.delete_all),
                                         negative=("Cancel", None)))

        def delete_all(self) -> None:
            self.app.execute("notes.db", "DELETE FROM note")

    class NotesApp(SimApp):
        package = "com.example.notes"
        label = "Notes"
        version_name, version_code = "2.1", 21
        launch_activity = ".NotesActivity"
        home = NoteList                             # the launch activity's Screen class

        def on_create(self) -> None:                # process start; make the schema
            self.execute("notes.db", "CREATE TABLE IF NOT EXISTS note (_id INTEGER PRIMARY KEY, body TEXT)")

Navigation: ``self.push(OtherScreen(self.app, ...))``, ``self.finish()``, ``self.replace(...)``.
BACK dismisses a menu/dialog, then asks :meth:`Screen.on_back` (return True to consume it), then
finishes the screen. An exception escaping a callback crashes the app like Android does (process
killed, "<Label> has stopped" dialog); :meth:`SimApp.crash` / :meth:`SimApp.anr` do it on purpose,
and ``setprop debug.anyapp.fault.<pkg> crash|anr`` makes the next launch fail that way.

Register an app by defining it in any module under ``pytest_anyapp/sim/apps/`` (sub-packages too);
:func:`pytest_anyapp.sim.apps.catalog` discovers it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from pytest_anyapp.sim.apps.prefs import SharedPrefs
from pytest_anyapp.sim.ui.dialogs import AlertDialog, Floating, PopupMenu
from pytest_anyapp.sim.ui.views import Callback, FieldState, View, WidgetState

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice
    from pytest_anyapp.sim.ui.window import Task

__all__ = ["AlertDialog", "AppCrash", "AppNotResponding", "Intent", "Screen", "SimApp"]


class AppCrash(Exception):
    """Raised (or any uncaught exception) inside app code: the process dies, a crash dialog shows."""


class AppNotResponding(Exception):
    """Raised inside app code to show the "isn't responding" dialog; the app stays alive."""


@dataclass
class Intent:
    """What ``am start`` / ``monkey`` deliver: an explicit component or an action + data URI."""

    action: str = "android.intent.action.MAIN"
    data: str = ""
    package: str = ""
    activity: str = ""
    mime_type: str = ""
    categories: list[str] = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)


class SimApp:
    """Base class of app doubles: metadata as ``dumpsys package`` shows it, plus storage helpers.

    ``__init__`` must stay free of side effects (the package manager instantiates apps that are
    not running, e.g. to call :meth:`on_clear`); do process-start work in :meth:`on_create`.
    """

    package: ClassVar[str] = ""
    label: ClassVar[str] = ""
    version_name: ClassVar[str] = "1.0"
    version_code: ClassVar[int] = 1
    min_sdk: ClassVar[int] = 26
    target_sdk: ClassVar[int] = 33
    permissions: ClassVar[tuple[str, ...]] = ()  # requested permissions (android.permission.X)
    launch_activity: ClassVar[str | None] = ".MainActivity"  # None: not in the launcher
    system: ClassVar[bool] = False
    icon_color: ClassVar[str] = "#6750A4"  # launcher icon background
    home: ClassVar[Callable[[Any], Screen] | None] = None  # Screen class of launch_activity
    screens: ClassVar[Sequence[type[Screen]]] = ()  # other activities startable by ``am start -n``

    def __init__(self, device: SimDevice) -> None:
        self.device = device

    # -- metadata ------------------------------------------------------------------------------
    @classmethod
    def activity_name(cls, activity: str) -> str:
        """Fully qualified activity class (``.Main`` -> ``<package>.Main``)."""
        if activity.startswith("."):
            return cls.package + activity
        if "." not in activity:
            return f"{cls.package}.{activity}"
        return activity

    @classmethod
    def launch_component(cls) -> str | None:
        """``<pkg>/<fully.qualified.Activity>`` or None for apps without a launcher entry."""
        if cls.launch_activity is None:
            return None
        return f"{cls.package}/{cls.activity_name(cls.launch_activity)}"

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        """Whether an implicit intent (``am start -a ... -d ...``) can open this app."""
        return False

    # -- lifecycle hooks -----------------------------------------------------------------------
    def on_create(self) -> None:
        """Process start (first launch after boot, force-stop or crash)."""

    def on_clear(self) -> None:
        """After ``pm clear`` wiped ``/data/data/<pkg>``: reset anything kept elsewhere."""

    def launch(self, intent: Intent) -> Screen | None:
        """The screen an intent opens; None when the app has no such activity."""
        if intent.activity:
            wanted = self.activity_name(intent.activity)
            if self.launch_activity and wanted == self.activity_name(self.launch_activity) and self.home:
                return type(self).home(self)  # type: ignore[misc]
            for screen_cls in self.screens:
                if screen_cls.activity and self.activity_name(screen_cls.activity) == wanted:
                    return screen_cls(self)
            return None
        if intent.action == "android.intent.action.MAIN" and self.home is not None:
            return type(self).home(self)  # type: ignore[misc]
        return self.open_intent(intent)

    def open_intent(self, intent: Intent) -> Screen | None:
        """Implicit intents this app accepted in :meth:`handles_intent`."""
        return None

    # -- storage -------------------------------------------------------------------------------
    @property
    def data_dir(self) -> str:
        return f"/data/data/{self.package}"

    def host_path(self, relative: str) -> Path:
        """Host path of ``/data/data/<pkg>/<relative>`` (parent directories created)."""
        path = self.device.fs.host(f"{self.data_dir}/{relative}")
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    def db(self, name: str) -> sqlite3.Connection:
        """A new autocommit connection to ``databases/<name>``; close it (``with closing``)."""
        conn = sqlite3.connect(self.host_path(f"databases/{name}"), isolation_level=None, timeout=5.0)
        conn.row_factory = sqlite3.Row
        return conn

    def query(self, name: str, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        conn = self.db(name)
        try:
            return conn.execute(sql, params).fetchall()
        finally:
            conn.close()

    def execute(self, name: str, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Run one statement; returns ``lastrowid`` (useful after INSERT)."""
        conn = self.db(name)
        try:
            cur = conn.execute(sql, params)
            return int(cur.lastrowid or 0)
        finally:
            conn.close()

    def executescript(self, name: str, script: str) -> None:
        conn = self.db(name)
        try:
            conn.executescript(script)
        finally:
            conn.close()

    def prefs(self, name: str | None = None) -> SharedPrefs:
        """SharedPreferences (default file ``<pkg>_preferences.xml``)."""
        return SharedPrefs(self.host_path(f"shared_prefs/{name or self.package + '_preferences'}.xml"))

    def now_ms(self) -> int:
        """Device wall clock in ms (what the app would stamp rows with)."""
        return self.device.clock.now_ms()

    def in_background(self, delay_s: float, work: Callable[[], None]) -> None:
        """Run ``work`` on a worker thread of this process after ``delay_s`` (an app's executor:
        Room callbacks, ``SharedPreferences.apply``, first scans). It dies with the process: after
        a force-stop or crash in between, nothing runs."""
        import threading

        def run() -> None:
            with self.device.lock:
                if self.device.ui.processes.get(self.package) is self:
                    work()

        timer = threading.Timer(delay_s, run)
        timer.daemon = True
        timer.start()

    # -- faults --------------------------------------------------------------------------------
    def crash(self, message: str = "crash on demand") -> NoReturn:
        raise AppCrash(message)

    def anr(self, message: str = "not responding on demand") -> NoReturn:
        raise AppNotResponding(message)


class Screen:
    """An activity: builds its view tree, keeps widget state, navigates.

    Subclasses take whatever arguments they need after ``app`` and call ``super().__init__(app)``.
    """

    activity: ClassVar[str] = ""  # e.g. ".ui.ConversationActivity"; empty = app's launch activity

    def __init__(self, app: SimApp) -> None:
        self.app = app
        self.widgets = WidgetState()
        self.dialog: Floating | None = None
        self.menu: PopupMenu | None = None
        self.task: Task | None = None
        #: The intent that started this activity from outside the app (None: the app's own start).
        self.launch_intent: Intent | None = None

    @property
    def device(self) -> SimDevice:
        return self.app.device

    def activity_name(self) -> str:
        name = self.activity or self.app.launch_activity or ".MainActivity"
        return self.app.activity_name(name)

    # -- to override ---------------------------------------------------------------------------
    def build(self) -> View:
        raise NotImplementedError

    def on_back(self) -> bool:
        """BACK reached this screen; return True if handled (e.g. leave a selection mode)."""
        return False

    def on_resume(self) -> None:
        """The screen came to the front: first shown, or back on top (screen above finished,
        the app brought back from the background)."""

    def on_pause(self) -> None:
        """The screen left the front (another screen or app covers it, HOME, BACK finishing it).
        Save drafts here. Not called when the process is killed (force-stop, crash)."""

    # -- navigation ----------------------------------------------------------------------------
    def push(self, screen: Screen) -> None:
        self._task().push(screen)

    def finish(self) -> None:
        self._task().finish(self)

    def replace(self, screen: Screen) -> None:
        """Finish this screen and show ``screen`` in its place (same task)."""
        task = self._task()
        task.push(screen)
        task.finish(self, resume=False)

    def _task(self) -> Task:
        if self.task is None:
            raise RuntimeError(f"{type(self).__name__} is not on a task")
        return self.task

    # -- floating windows ----------------------------------------------------------------------
    def show_dialog(self, dialog: AlertDialog | Floating) -> None:
        self.menu = None
        self.dialog = dialog

        def dismiss() -> None:
            if self.dialog is dialog:
                self.dialog = None

        dialog.dismiss = dismiss

    def dismiss_dialog(self) -> None:
        self.dialog = None

    def show_menu(self, items: Sequence[tuple[str, Callback | None]]) -> None:
        menu = PopupMenu(items)

        def dismiss() -> None:
            if self.menu is menu:
                self.menu = None

        menu.dismiss = dismiss
        self.menu = menu

    def toast(self, text: str) -> None:
        """A short message drawn near the bottom until the next input (not in the dump)."""
        self._task().wm.toast(text)

    # -- text fields ---------------------------------------------------------------------------
    def field(self, id: str) -> str:
        state = self.widgets.fields.get(id)
        return state.text if state else ""

    def set_field(self, id: str, text: str) -> None:
        self.widgets.fields[id] = FieldState(text)

    def focus(self, id: str | None) -> None:
        self.widgets.focus = id

    def scroll_to_top(self, list_id: str) -> None:
        self.widgets.scroll[list_id] = 0
