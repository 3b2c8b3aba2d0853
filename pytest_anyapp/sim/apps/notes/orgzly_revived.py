"""Orgzly Revived 1.22.0 (``com.orgzlyrevived``), an Org-mode outliner (orgzly-revived/
orgzly-android-revived at tag v1.22.0; docs/notes.md cites the files).

The home screen is the list of notebooks ("Notebooks"); its FAB ("New notebook") asks for a name
("Create"). A notebook shows its notes (headings); its FAB ("New note") opens the note editor with
"Title" and "Content" fields. Only the toolbar's "Done" (check) saves; BACK with changes asks
"Save changes?" (Save / Discard). Delete is in the editor's overflow menu and asks first; notes are
removed for good. Checklists are Org/Markdown checkbox lines (``- [ ] item``) in the content.

Start-up (``MainActivity.performIntros``, on resume): when ``shared_prefs/state.xml`` holds no
``pref_key_last_used_version_code`` equal to the app's version code, the app stores it and, unless
``pref_key_is_getting_started_notebook_loaded`` is true, imports the "Getting Started with Orgzly"
notebook in the background (a use-case worker) and then sets that key.
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
        title="Notebooks", list_id="fragment_book_recycler_view", title_id="item_head_title",
        subtitle_id="item_head_content", empty_text="No notes", fab=Icon("add", "New note", "fab"),
        new_flow="editor", folders="inline", home_fab="folder", folder_row_id="item_book_title",
        actions=(Icon("search", "Search", "books_options_menu_item_search", "search"),),
        menu=(("Sync", ""), ("Import", ""), ("Settings", "")),
        search_id="search_view_query", search_hint="Search notes",
        selection_actions=(Icon("schedule", "Schedule", "schedule"), Icon("state", "State", "state")),
        selection_menu=(("Cut", ""), ("Copy", ""), ("Refile", ""), ("Delete", "delete")),
        selection_title="1 selected",
    ),
    editor=EditorSkin(
        activity="com.orgzly.android.ui.main.MainActivity", body_id="content", body_hint="Content", title_field=True,
        title_id="title", title_hint="Title", actions=(Icon("check", "Done", "done", "done"),),
        menu=(("Insert timestamp", ""), ("Clock", ""), ("Metadata", ""), ("Delete", "delete")),
        save="done_icon",
    ),
    folder=FolderSkin(create_from="home_fab", dialog_title="New notebook", field_id="dialog_input",
                      field_hint="Name", ok="Create", fab=Icon("add", "New notebook", "fragment_books_new_notebook")),
    delete=Confirm(title="", message="Delete note?", yes="Delete", no="Cancel"),
    store="orgzly",
)


GETTING_STARTED = "Getting Started with Orgzly"
LAST_USED = "pref_key_last_used_version_code"
LOADED = "pref_key_is_getting_started_notebook_loaded"
#: When the import worker gets to run after the activity resumed.
WORKER_DELAY_S = 0.2


class OrgzlyRevived(NotesApp):
    package = "com.orgzlyrevived"
    label = "Orgzly Revived"
    version_name, version_code = "1.22.0", 288
    launch_activity = "com.orgzly.android.ui.main.MainActivity"
    icon_color = "#37474F"
    skin = SKIN

    def on_create(self) -> None:
        super().on_create()
        state = self.prefs("state")
        if state.get(LAST_USED) == self.version_code:
            return
        state.put(**{LAST_USED: self.version_code})
        if not state.get(LOADED):
            self.in_background(WORKER_DELAY_S, self._import_getting_started)

    def _import_getting_started(self) -> None:
        """``BookImportGettingStarted``: the bundled notebook, then the flag (``postGettingStartedImport``)."""
        store = self.store
        store.add_folder(GETTING_STARTED)
        store.save(None, "Welcome to Orgzly!", "", GETTING_STARTED)
        self.prefs("state").put(**{LOADED: True})
