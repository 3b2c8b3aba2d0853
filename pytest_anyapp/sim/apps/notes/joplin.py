"""Joplin 3.1.6 (``net.cozic.joplin``), a Markdown note app with notebooks (laurent22/joplin at tag
android-v3.1.6; docs/notes.md cites the files).

The note list shows "All notes" or one notebook; the navigation drawer lists the notebooks and has
"New notebook", which opens a notebook page (a title field and a save icon). The "+" FAB ("Add
new") offers "New note" and "New to-do"; the editor has its own title field above the Markdown
body, and Delete is in the editor's overflow menu (the note goes to the trash, ``deleted_time``).
Checklists are Markdown task lines. A note made outside a notebook goes to the default notebook.

Start-up (``root.tsx`` initialisation, after the database and its migrations): unless the setting
``welcome.wasBuilt`` is set, ``WelcomeUtils.install`` creates a "Welcome!" notebook with notes and
sets it (``packages/lib/WelcomeUtils.ts``); asynchronously, after the database file exists.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.notes.kit import (
    Confirm,
    EditorSkin,
    FolderSkin,
    Icon,
    ListSkin,
    NotesApp,
    NotesSkin,
)

SKIN = NotesSkin(
    list=ListSkin(
        title="All notes", list_id="note_list", title_id="note_title", subtitle_id="note_excerpt",
        empty_text="There are currently no notes. Create one by clicking on the (+) button.",
        fab=Icon("add", "Add new", "fab_add_new"), new_flow="menu", folders="drawer",
        new_menu=(("New note", "note"), ("New to-do", "note")),
        actions=(Icon("search", "Search", "search_button", "search"),),
        menu=(("Select all", ""), ("Sort notes by", ""), ("Synchronise", "")),
        search_id="search_input", search_hint="Search...",
        selection_actions=(Icon("delete", "Delete", "delete_selected", "delete"),),
        selection_title="Selected",
    ),
    editor=EditorSkin(
        activity=".MainActivity", body_id="note_body_editor", body_hint="", title_field=True,
        title_id="note_title_input", title_hint="Title",
        menu=(("Attach file", ""), ("Share", ""), ("Tags", ""), ("Convert to to-do", ""), ("Delete", "delete")),
    ),
    folder=FolderSkin(create_from="drawer", style="page", create_label="New notebook", dialog_title="New notebook",
                      field_id="notebook_title_input", field_hint="Enter notebook title",
                      save=Icon("check", "Save", "save_button")),
    delete=Confirm(title="Delete note", message='Move note "{title}" to the trash?', yes="OK", no="Cancel"),
    store="joplin",
)


WELCOME_DELAY_S = 0.3


class Joplin(NotesApp):
    package = "net.cozic.joplin"
    label = "Joplin"
    version_name, version_code = "3.1.6", 2097754
    launch_activity = ".MainActivity"
    icon_color = "#1071D3"
    skin = SKIN

    def on_create(self) -> None:
        super().on_create()
        built = self.query("joplin.sqlite", "SELECT value FROM settings WHERE key = 'welcome.wasBuilt'")
        if not built or built[0]["value"] != "1":
            self.in_background(WELCOME_DELAY_S, self._install_welcome)

    def _install_welcome(self) -> None:
        self.store.add_folder("Welcome!")
        self.store.save(None, "1. Welcome to Joplin!", "Joplin is a free, open source note taking application.",
                        "Welcome!")
        self.execute("joplin.sqlite", "INSERT OR REPLACE INTO settings (key, value, type) VALUES ('welcome.wasBuilt', '1', 3)")
