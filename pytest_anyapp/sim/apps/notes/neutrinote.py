"""neutriNote CE 4.6.3 (``com.appmindlab.nano``), a Markdown notebook on one SQLite table
(appml/neutrinote at tag v4.6.3; docs/notes.md cites the files).

One list of notes (rows show title, an excerpt and the note's metadata); the FAB starts a note in
the editor ("Title" and "Content" fields), saved when the editor is left (auto-save is on by
default). There are no folders: a note's **metadata** words are its tags, set from the editor's
"Metadata" menu entry in the "Edit Metadata" dialog ("Set"). A long-press starts the action mode;
Delete marks the note deleted (``deleted = 1``). Search is a toolbar icon. Checklists are Markdown
task lines in the content.

Start-up (``MainActivity.onCreate`` at v4.6.3): POST_NOTIFICATIONS is asked for on Android 13 (setup
grants it), and ``verifyDatabase`` writes the note "Getting Started" whenever no record is live
(:class:`NeutriDb`).
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
        title="neutriNote", list_id="recycler_view", title_id="title", subtitle_id="content",
        empty_text="Tap + to add a note", fab=Icon("add", "Add", "fab"), new_flow="editor", folders="none",
        actions=(Icon("search", "Search", "menu_search", "search"),),
        menu=(("Sort", ""), ("Metadata", ""), ("Backup", ""), ("Settings", "")),
        search_id="search_src_text", search_hint="Search for...",
        selection_actions=(Icon("star", "Star", "menu_star"), Icon("delete", "Delete", "menu_delete", "delete")),
        selection_menu=(("Select all", ""), ("Share", ""), ("Export", "")),
        selection_title="1",
    ),
    editor=EditorSkin(
        activity=".DisplayDBEntry", body_id="edit_content", body_hint="Content", title_field=True,
        title_id="edit_title", title_hint="Title",
        actions=(Icon("markdown", "Markdown view", "menu_markdown_view"),),
        menu=(("Metadata", "tags"), ("Share", ""), ("Find", ""), ("Delete", "delete")),
        tags="menu_dialog", tags_title="Edit Metadata",
        tags_message="Specify metadata (\":\" or newline characters will be omitted).", tags_id="metadata_input",
        tags_ok="Set",
    ),
    folder=FolderSkin(create_from="none"),
    delete=Confirm(),
    store="neutrinote", delete_confirm=False,
)


class NeutriNote(NotesApp):
    package = "com.appmindlab.nano"
    label = "neutriNote CE"
    version_name, version_code = "4.6.3", 1383
    launch_activity = ".MainActivity"
    icon_color = "#F57C00"
    skin = SKIN
    permissions = ("android.permission.POST_NOTIFICATIONS",)
