"""NotallyX 7.5.3 (``com.philkes.notallyx``), a fork of Notally (PhilKes/NotallyX at tag v7.5.3;
docs/notes.md cites the files).

Notes and lists: two FABs, "Take note" and "Make list"; a list note has checkable items added
through "Add Item" (no Markdown). The search field is always above the notes. Labels are the
folders: the drawer's "Labels" page has an "Add label" icon (a dialog with one field); a label
opens its notes, and a note made there carries the label. A long-press selects a note; Delete
(selection bar) moves it to "Deleted" at once, without asking (``folder = 'DELETED'``).
A text note opens in ``EditNoteActivity``, a list in ``EditListActivity`` (``EditActivity`` is their
abstract base); Enter in the title moves the focus to the body or the first item
(``UiExtensions.setOnNextAction``, ``EditNoteActivity.kt``, ``EditListActivity.kt`` at v7.5.3).
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
        title="Notes", list_id="MainListView", title_id="Title", subtitle_id="Note", empty_text="No notes yet",
        fab=Icon("add", "Take note", "TakeNote"), new_flow="editor", folders="drawer",
        list_fab=Icon("checklist", "Make list", "MakeList"), search_bar=True,
        search_id="EnterSearchKeyword", search_hint="Search", all_notes="Notes",
        menu=(("Sort", ""), ("View", "")),
        selection_actions=(Icon("pin", "Pin", "Pin"), Icon("label", "Labels", "Labels"),
                           Icon("delete", "Delete", "Delete", "delete")),
        selection_menu=(("Archive", ""), ("Change color", ""), ("Export", ""), ("Share", "")),
        selection_title="1 Selected",
    ),
    editor=EditorSkin(
        activity=".presentation.activity.note.EditNoteActivity", body_id="EnterBody", body_hint="Note",
        list_activity=".presentation.activity.note.EditListActivity", title_enter="next",
        title_field=True, title_id="EnterTitle", title_hint="Title", item_id="AddItem", item_hint="Add Item",
        checkbox_id="CheckBox",
        actions=(Icon("pin", "Pin", "Pin"), Icon("label", "Labels", "Labels")),
        menu=(("Share", ""), ("Change color", ""), ("Reminders", ""), ("Archive", ""), ("Delete", "delete")),
    ),
    folder=FolderSkin(create_from="folders_page", page_entry="Labels", page_title="Labels",
                      page_row_id="Label", page_add=Icon("add", "Add label", "AddLabel"), dialog_title="Add label",
                      field_id="EditText", field_hint="Label", ok="Save"),
    delete=Confirm(),
    store="notallyx", checklist="list_note", delete_confirm=False,
)


class NotallyX(NotesApp):
    package = "com.philkes.notallyx"
    label = "NotallyX"
    version_name, version_code = "7.5.3", 7530
    launch_activity = ".presentation.activity.main.MainActivity"
    icon_color = "#2E7D32"
    skin = SKIN
