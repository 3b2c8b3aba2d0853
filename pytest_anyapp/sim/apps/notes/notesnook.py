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

First screens (``navigation-stack.tsx``: the initial route is the intro while the setting
``introCompleted``, kept in MMKV ``appSettings``, is not true): the intro slides with "Get started"
and "I already have an account" (``components/intro/index.tsx``); "Get started" stores
``introCompleted`` and opens the welcome sign-up, whose header button "Use offline" asks "Offline
mode" → "I understand" and leaves for the notes (``components/auth/header.tsx``;
``packages/intl`` strings at 3.4.9-android). Overrides: ``Intro`` and ``WelcomeSignup``.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.notes.kit import (
    Confirm,
    EditorSkin,
    FolderSkin,
    Icon,
    ListSkin,
    NoteList,
    NotesApp,
    NotesSkin,
)
from pytest_anyapp.sim.ui.views import Button, Column, Row, Scaffold, Spacer, TextView, View

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
    store="notesnook", checklist="markdown", delete_confirm=True, overrides=("Intro", "WelcomeSignup"),
)
MMKV = "mmkv"  # the double's stand-in for the MMKV store (a binary file on the real device)


class Intro(Screen):
    def build(self) -> View:
        return Scaffold(None, Column(
            TextView("Notesnook", size=28, align="center"),
            TextView("Privacy for everyone", align="center"), spacing=24, padding=(32, 240, 32, 0)),
            bottom=Column(Button("Get started", self.get_started), Button("I already have an account", lambda: None),
                          spacing=8, padding=(16, 8)))

    def get_started(self) -> None:
        self.app.prefs(MMKV).put(introCompleted=True)
        self.replace(WelcomeSignup(self.app))


class WelcomeSignup(Screen):
    """The sign-up of a welcome (``AuthMode.welcomeSignup``): its header offers to go offline."""

    def build(self) -> View:
        return Scaffold(None, Column(
            Row(Spacer(weight=1.0), Button("Use offline", self.offline, style="text"), padding=(12, 8)),
            TextView("Create your account", size=24, padding=(16, 24)), spacing=8))

    def offline(self) -> None:
        self.show_dialog(AlertDialog("Offline mode", "Your notes stay on this device.",
                                     positive=("I understand", lambda: self.replace(NoteList(self.app)))))


def start(app: SimApp) -> Screen:
    return NoteList(app) if app.prefs(MMKV).get("introCompleted") else Intro(app)


class Notesnook(NotesApp):
    package = "com.streetwriters.notesnook"
    label = "Notesnook"
    version_name, version_code = "3.4.9", 3115
    launch_activity = ".MainActivity"
    icon_color = "#008837"
    skin = SKIN
    home = start
