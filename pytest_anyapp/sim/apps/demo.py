"""Demo app proving the toolkit end to end: a scrolling list, a text field, a dialog, an overflow
menu, a detail screen with a checkbox, and persistence in its own SQLite database
(``/data/data/com.anyappbench.demo/databases/notes.db``, table ``notes``)."""

from __future__ import annotations

from typing import ClassVar

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.ui.views import (
    Button,
    CheckBox,
    Column,
    EditText,
    Fab,
    ImageButton,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    TextView,
    Toolbar,
    View,
)

DB = "notes.db"


class NoteList(Screen):
    activity = ".NotesActivity"

    def build(self) -> View:
        order = "title COLLATE NOCASE" if self.app.prefs().get("sort") == "title" else "_id"
        rows = self.app.query(DB, f"SELECT _id, title, body, starred FROM notes ORDER BY {order}")
        return Scaffold(
            Toolbar(
                "Demo Notes",
                actions=[ImageButton("search", "Search", on_click=lambda: self.push(SearchScreen(self.app)))],
                menu=[("Sort by title", self.sort_by_title), ("Delete all", self.ask_delete_all)],
            ),
            Row(
                EditText("new_note", hint="New note", weight=1.0, on_submit=self.add),
                Button("Add", lambda: self.add(self.field("new_note")), id="add_button"),
                spacing=8,
                padding=(16, 8),
            ),
            ScrollList(
                *[
                    ListItem(
                        r["title"],
                        r["body"],
                        avatar=r["title"],
                        meta="★" if r["starred"] else "",
                        title_id="note_title",
                        subtitle_id="note_body",
                        on_click=lambda i=r["_id"]: self.push(NoteDetail(self.app, i)),
                        on_long_click=lambda i=r["_id"], t=r["title"]: self.ask_delete(i, t),
                    )
                    for r in rows
                ],
                id="notes_list",
                empty_text="No notes yet",
            ),
            fab=Fab("add", "New note", on_click=lambda: self.focus("new_note")),
        )

    def add(self, text: str) -> None:
        title = text.strip()
        if not title:
            self.toast("Note is empty")
            return
        self.app.execute(DB, "INSERT INTO notes (title, body, starred, created) VALUES (?, '', 0, ?)", (title, self.app.now_ms()))
        self.set_field("new_note", "")
        self.toast("Note added")

    def ask_delete(self, note_id: int, title: str) -> None:
        self.show_dialog(
            AlertDialog(
                "Delete note?",
                f"“{title}” will be deleted.",
                positive=("Delete", lambda: self.app.execute(DB, "DELETE FROM notes WHERE _id = ?", (note_id,))),
                negative=("Cancel", None),
            )
        )

    def ask_delete_all(self) -> None:
        self.show_dialog(
            AlertDialog("Delete all notes?", positive=("Delete", lambda: self.app.execute(DB, "DELETE FROM notes")),
                        negative=("Cancel", None))
        )

    def sort_by_title(self) -> None:
        self.app.prefs().put(sort="title")


class NoteDetail(Screen):
    activity = ".NoteDetailActivity"

    def __init__(self, app: SimApp, note_id: int) -> None:
        super().__init__(app)
        self.note_id = note_id
        rows = app.query(DB, "SELECT title, body FROM notes WHERE _id = ?", (note_id,))
        if rows:
            self.set_field("title", rows[0]["title"])
            self.set_field("body", rows[0]["body"])

    def build(self) -> View:
        rows = self.app.query(DB, "SELECT starred FROM notes WHERE _id = ?", (self.note_id,))
        starred = bool(rows and rows[0]["starred"])
        return Scaffold(
            Toolbar("Edit note", nav="back", actions=[ImageButton("check", "Save", on_click=self.save, id="save")]),
            EditText("title", hint="Title"),
            EditText("body", hint="Note", multiline=True),
            CheckBox("Starred", checked=starred, on_change=self.set_starred, id="starred"),
            padding=16,
            spacing=12,
        )

    def set_starred(self, value: bool) -> None:
        self.app.execute(DB, "UPDATE notes SET starred = ? WHERE _id = ?", (int(value), self.note_id))

    def save(self) -> None:
        self.app.execute(DB, "UPDATE notes SET title = ?, body = ? WHERE _id = ?", (self.field("title"), self.field("body"), self.note_id))
        self.toast("Saved")
        self.finish()


class SearchScreen(Screen):
    activity = ".SearchActivity"

    def build(self) -> View:
        query = self.field("query")
        rows = self.app.query(DB, "SELECT title FROM notes WHERE title LIKE ? ORDER BY _id", (f"%{query}%",)) if query else []
        return Column(
            Row(
                ImageButton("back", "Navigate up", on_click=self.finish),
                EditText("query", hint="Search notes", autofocus=True, weight=1.0),
                padding=(4, 8),
            ),
            ScrollList(*[TextView(r["title"], id="result", padding=(16, 12)) for r in rows], id="results"),
        )


class DemoApp(SimApp):
    package = "com.anyappbench.demo"
    label = "Demo Notes"
    version_name = "1.0.0"
    version_code = 1
    launch_activity = ".NotesActivity"
    icon_color = "#0B8043"
    home = NoteList
    screens: ClassVar = (NoteList, SearchScreen)

    def on_create(self) -> None:
        self.execute(
            DB,
            "CREATE TABLE IF NOT EXISTS notes (_id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, "
            "body TEXT NOT NULL DEFAULT '', starred INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL)",
        )
