"""Markor 2.16.1 (``net.gsantner.markor``), a Markdown editor over plain files (gsantner/markor at
tag v2.16.1; docs/notes.md cites the files).

The Notebook tab is a file browser of ``/storage/emulated/0/Documents/markor``: directories are
rows above the files. The "+" FAB ("Create a new file or folder") opens the new-file dialog: a
"Title" field, OK creates ``<title>.md`` (empty) and opens it, "Folder" makes a directory of that
name instead. The editor is one text field (the file name is the toolbar title). A long-press
selects a file: Delete (icon; "Confirm Delete" dialog, the file is removed for good) and Rename
(icon; the file name, extension included) are in the selection bar. Checklists are Markdown task
lines (``- [ ] item``). Search is an icon in the toolbar.

First start (``MainActivity.onResume`` -> ``IntroActivity.optStart``): while the default
preferences lack ``net.gsantner.markor.activity.IntroActivitywas_shown``, the app intro (five
slides, no Skip; Done sets the flag) comes up over the notebook.
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.sim.apps.base import Intent, Screen
from pytest_anyapp.sim.apps.notes.kit import (
    Confirm,
    EditorSkin,
    FolderSkin,
    Icon,
    ListSkin,
    NameDialog,
    NotesApp,
    NotesSkin,
)
from pytest_anyapp.sim.ui.views import Button, Column, Scaffold, Spacer, TextView, View

INTRO_SHOWN = "net.gsantner.markor.activity.IntroActivitywas_shown"
#: The slides' titles (IntroActivity.onCreate: main_view, view, share -> app, todo, quicknote).
INTRO_SLIDES = ("Main view", "View", "Share -> Markor", "To-Do", "QuickNote")

SKIN = NotesSkin(
    list=ListSkin(
        title="Notebook", list_id="ui__filesystem_dialog__list", title_id="opoc_filesystem_item__title",
        subtitle_id="opoc_filesystem_item__description", empty_text="Empty folder",
        fab=Icon("add", "Create a new file or folder", "fab_add_new_item"), new_flow="dialog", folders="inline",
        actions=(Icon("search", "Search", "action_search", "search"),),
        menu=(("Sort by", ""), ("Go to", ""), ("Import", ""), ("Settings", "")),
        folder_row_id="opoc_filesystem_item__title",
        selection_actions=(Icon("delete", "Delete", "action_delete_selected_items", "delete"),
                           Icon("edit", "Rename", "action_rename_selected_item", "rename")),
        selection_menu=(("Move", ""), ("Copy", ""), ("Share", ""), ("Favourite", "")),
        selection_title="1", file_names=True,
    ),
    editor=EditorSkin(
        activity=".activity.DocumentActivity", body_id="document__fragment__edit__highlighting_editor",
        body_hint="", title_field=False,
        menu=(("Share", ""), ("Search", ""), ("Format", ""), ("Settings", "")),
    ),
    folder=FolderSkin(create_from="new_dialog", create_label="Folder"),
    delete=Confirm(title="Confirm Delete", message="{title}.md", yes="OK", no="Cancel"),
    store="markor",
    name_dialog=NameDialog(title="Create new document", field_id="new_file_dialog__name", hint="Title",
                           rename_field_id="new_name"),
)


class Markor(NotesApp):
    package = "net.gsantner.markor"
    label = "Markor"
    version_name, version_code = "2.16.1", 163
    launch_activity = ".activity.MainActivity"
    icon_color = "#4E9A06"
    skin = SKIN

    def launch(self, intent: Intent) -> Screen | None:
        screen = super().launch(intent)
        if screen is not None and type(screen) is type(self).home and not self.prefs().get(INTRO_SHOWN):
            return MarkorIntro(self)
        return screen


class MarkorIntro(Screen):
    """AppIntro's slides with NEXT and, on the last one, DONE (which sets the flag)."""

    activity = ".activity.IntroActivity"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.slide = 0

    def build(self) -> View:
        last = self.slide == len(INTRO_SLIDES) - 1
        return Scaffold(None, Column(
            Spacer(weight=1.0),
            TextView(INTRO_SLIDES[self.slide], id="title", size=24, bold=True, padding=(24, 16)),
            Spacer(weight=1.0),
            Button("DONE" if last else "NEXT", self.done if last else self.next, id="done" if last else "next",
                   style="text"),
        ))

    def next(self) -> None:
        self.slide += 1

    def done(self) -> None:
        self.app.prefs().put(**{INTRO_SHOWN: True})
        home = type(self.app).home
        assert home is not None
        self.replace(home(self.app))
