"""Notesnook 3.4.9 (``com.streetwriters.notesnook``), a React Native app whose editor is a web
view (streetwriters/notesnook at tag 3.4.9-android; docs/notes.md cites the files).

One activity. The home lists every note (title and a headline of its text); the "+" button
(testID ``buttons.add``) opens the editor: a title field (web id ``editor-title``) over the
ProseMirror text, saved as the user types (leaving keeps it). Notebooks are the folders: the
header's menu button opens the side menu, whose Notebooks tab lists them with an add button
(``sidebar-add-button``) that opens the notebook dialog (``title`` field, "Add"); a notebook
opens its notes, and a note made there belongs to it. A long-press selects a note; "Move to
trash" asks before moving it to the Trash (``deleted``). The database is always encrypted
(store.NotesnookVault): the harness reads this app's screens, never its files.
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
        title="Notes", list_id="list.id", title_id="note-title", subtitle_id="note-headline",
        empty_text="You have no notes", fab=Icon("plus", "New note", "buttons.add"), new_flow="editor",
        folders="drawer", all_notes="Home", search_id="search-input", search_hint="Type a keyword",
        actions=(Icon("magnify", "Search", "icon-search", "search"),),
        menu=(("Sort by", ""), ("Grid view", "")),
        selection_actions=(Icon("pin-outline", "Pin", "select-pin"), Icon("star-outline", "Favorite", "select-fav"),
                           Icon("delete-outline", "Move to trash", "select-delete", "delete")),
        selection_menu=(("Add to notebook", ""), ("Add tags", ""), ("Export", "")),
        selection_title="1 selected",
    ),
    editor=EditorSkin(
        activity=".MainActivity", body_id="editor-body", body_hint="Start writing your note...",
        title_field=True, title_id="editor-title", title_hint="Note title", save="as_typed",
        actions=(Icon("undo", "Undo", "editor-undo"), Icon("dots-horizontal", "Properties", "editor-properties")),
        menu=(("Read only", ""), ("Share", ""), ("Export", ""), ("Move to trash", "delete")),
    ),
    folder=FolderSkin(create_from="folders_page", page_entry="Notebooks", page_title="Notebooks",
                      page_row_id="notebook-title", page_add=Icon("plus", "Add notebook", "sidebar-add-button"),
                      dialog_title="New notebook", field_id="title", field_hint="Enter a title", ok="Add"),
    delete=Confirm(title="Move to trash", message="Move \"{title}\" to trash?", yes="Delete"),
    store="notesnook", checklist="markdown", delete_confirm=True,
)


class Notesnook(NotesApp):
    package = "com.streetwriters.notesnook"
    label = "Notesnook"
    version_name, version_code = "3.4.9", 3115
    launch_activity = ".MainActivity"
    icon_color = "#008837"
    skin = SKIN
