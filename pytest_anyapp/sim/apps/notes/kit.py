"""The Notes screen kit: the category's screens written once, with explicit variation points.

A Notes app double is a declarative :class:`NotesSkin` plus its store (:mod:`.store`). Variation
points (the real apps differ in each; docs/notes.md cites them):

* **new-note flow** (``ListSkin.new_flow``) — a name dialog that creates the file first (Markor),
  straight into the editor (Joplin, Orgzly, neutriNote), or a menu of note kinds (NotallyX: note
  or list);
* **where folders live** (``ListSkin.folders``) — rows inside the note list (Markor's directories,
  Orgzly's notebooks) or a navigation drawer (Joplin's notebooks, NotallyX's labels), or the note
  itself (``EditorSkin.tags``: neutriNote's metadata words, set in the menu's dialog);
* **how a folder is made** (``FolderSkin.create_from``) — the new-item dialog's "Folder" button,
  a drawer entry, or a page's add button;
* **title** (``EditorSkin.title_field``) — its own field in the editor, or the file name (Markor:
  renamed from the list's selection bar);
* **checklists** (``NotesSkin.checklist``) — Markdown task lines typed in the text, or list notes
  with checkable items (NotallyX);
* **save** (``EditorSkin.save``) — on leaving the editor, only by "Done" (Orgzly), or every edit
  at once (Notesnook);
* **delete** — from the list's selection bar or the editor's menu, with or without a confirmation;
* **labels and ids** — every visible string and resource id is a skin field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.notes.store import (
    JoplinDb,
    MarkorFiles,
    NeutriDb,
    NotallyDb,
    NotesnookVault,
    NoteStore,
    OrgzlyDb,
    SimNote,
    safe_file_name,
)
from pytest_anyapp.sim.apps.skin import Confirm as Confirm
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.ui.views import (
    CheckBox,
    Column,
    EditText,
    Fab,
    ImageButton,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    Spacer,
    Toolbar,
    View,
)

Menu = tuple[tuple[str, str], ...]  # (label, action name); "" = does nothing here


@dataclass(frozen=True)
class ListSkin:
    title: str
    list_id: str
    title_id: str
    subtitle_id: str
    empty_text: str
    fab: Icon
    new_flow: Literal["dialog", "editor", "menu"]
    folders: Literal["inline", "drawer", "none"]
    new_menu: Menu = ()  # new_flow "menu": (label, "note" | "list")
    actions: tuple[Icon, ...] = ()
    menu: Menu = ()
    folder_row_id: str = ""
    all_notes: str = "All notes"  # the drawer's entry for every note
    search_id: str = "search_src_text"
    search_hint: str = "Search"
    selection_actions: tuple[Icon, ...] = ()
    selection_menu: Menu = ()
    selection_title: str = "1 selected"
    file_names: bool = False  # rows show the file name (Markor) instead of the note's title
    search_bar: bool = False  # a search field always above the list (NotallyX) instead of an icon
    list_fab: Icon | None = None  # a second FAB that starts a list note (NotallyX "Make list")
    home_fab: Literal["note", "folder"] = "note"  # Orgzly: the home (notebooks) FAB makes a notebook


@dataclass(frozen=True)
class EditorSkin:
    activity: str
    body_id: str
    body_hint: str
    title_field: bool = True
    title_id: str = ""
    title_hint: str = ""
    actions: tuple[Icon, ...] = ()
    menu: Menu = ()
    tags: Literal["none", "menu_dialog"] = "none"  # neutriNote: the note's tags set from the menu's dialog
    tags_title: str = ""
    tags_message: str = ""
    tags_id: str = ""
    tags_ok: str = "OK"
    #: done_icon: only "Done" saves, BACK asks; as_typed: every edit is saved at once (Notesnook)
    save: Literal["on_leave", "done_icon", "as_typed"] = "on_leave"
    save_question: str = "Save changes?"
    #: The activity of a list note's editor where it is not ``activity`` (NotallyX: EditListActivity).
    list_activity: str = ""
    #: What Enter does in the title field: nothing, or move the focus to the body / the item field
    #: (NotallyX's ``setOnNextAction`` key listener).
    title_enter: Literal["none", "next"] = "none"
    item_hint: str = "List item"  # list notes: the field that adds an item
    item_id: str = ""
    checkbox_id: str = ""


@dataclass(frozen=True)
class FolderSkin:
    create_from: Literal["new_dialog", "drawer", "folders_page", "home_fab", "none"]
    style: Literal["dialog", "page"] = "dialog"  # page: a screen with the name field and a save icon
    create_label: str = ""  # the button or drawer entry
    page_activity: str = ""
    save: Icon = Icon("check", "Save")
    page_entry: str = ""  # folders_page: the drawer entry that opens the folders page
    page_title: str = ""
    page_row_id: str = ""
    page_add: Icon = Icon("add", "Add")
    fab: Icon = Icon("add", "New folder")  # create_from "home_fab": the home screen's FAB
    dialog_title: str = ""
    field_id: str = ""
    field_hint: str = ""
    ok: str = "OK"


@dataclass(frozen=True)
class NameDialog:
    """new_flow "dialog" (Markor): name the file first; OK creates it, a neutral button a folder."""

    title: str = ""
    field_id: str = ""
    hint: str = ""
    ok: str = "OK"
    cancel: str = "Cancel"
    rename_title: str = "Rename"
    rename_field_id: str = ""


@dataclass(frozen=True)
class NotesSkin:
    """One Notes app, declared."""

    list: ListSkin
    editor: EditorSkin
    folder: FolderSkin
    delete: Confirm
    store: Literal["markor", "joplin", "notallyx", "neutrinote", "orgzly", "notesnook"]
    checklist: Literal["markdown", "list_note"] = "markdown"
    delete_confirm: bool = True
    name_dialog: NameDialog = NameDialog()
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


_STORES: dict[str, Callable[[SimApp], NoteStore]] = {
    "markor": MarkorFiles, "joplin": JoplinDb, "notallyx": NotallyDb, "neutrinote": NeutriDb, "orgzly": OrgzlyDb,
    "notesnook": NotesnookVault,
}


class NotesApp(SimApp):
    """A Notes app double: metadata on the subclass, everything else from its ``skin``."""

    skin: ClassVar[NotesSkin]

    def on_create(self) -> None:
        create = getattr(self.store, "create", None)
        if create is not None:
            create()

    @property
    def store(self) -> NoteStore:
        return _STORES[self.skin.store](self)


class NotesScreen(Screen):
    @property
    def notes_app(self) -> NotesApp:
        assert isinstance(self.app, NotesApp)
        return self.app

    @property
    def skin(self) -> NotesSkin:
        return self.notes_app.skin

    @property
    def store(self) -> NoteStore:
        return self.notes_app.store

    def icons(self, icons: tuple[Icon, ...], handlers: dict[str, Callable[[], Any]]) -> list[View]:
        return [ImageButton(i.icon, i.desc, on_click=handlers.get(i.action), id=i.id or None) for i in icons]

    @staticmethod
    def menu_items(items: Menu, handlers: dict[str, Callable[[], Any]]) -> list[tuple[str, Any]]:
        return [(label, handlers.get(action)) for label, action in items]

    def confirm_delete(self, note: SimNote, then: Callable[[], Any] | None = None) -> None:
        def delete() -> None:
            self.store.trash(note.key)
            if then is not None:
                then()
        if not self.skin.delete_confirm:
            delete()
            return
        d = self.skin.delete
        self.show_dialog(AlertDialog(d.title.format(title=note.title), d.message.format(title=note.title),
                                     positive=(d.yes, delete), negative=(d.no, None)))

    def ask_name(self, title: str, field_id: str, hint: str, ok: str, on_ok: Callable[[str], Any],
                 initial: str = "", neutral: tuple[str, Callable[[str], Any]] | None = None) -> None:
        self.set_field(field_id, initial)
        self.focus(field_id)
        read = lambda: self.field(field_id).strip()  # noqa: E731
        self.show_dialog(AlertDialog(
            title, view=EditText(field_id, hint=hint, padding=(24, 8)),
            positive=(ok, lambda: on_ok(read()) if read() else None), negative=(self.skin.name_dialog.cancel, None),
            neutral=(neutral[0], lambda: neutral[1](read()) if read() else None) if neutral else None))


class NoteList(NotesScreen):
    """The note list of one folder (None: the app's home). A long-press selects a note."""

    def __init__(self, app: SimApp, folder: str | None = None) -> None:
        super().__init__(app)
        self.folder = folder
        self.selected: str | None = None
        self.searching = False

    def activity_name(self) -> str:
        return self.app.activity_name(self.app.launch_activity or "")

    def shown_notes(self) -> list[SimNote]:
        s = self.skin.list
        live = [n for n in self.store.notes() if not n.trashed]
        query = self.field(s.search_id).strip().lower() if self.searching or s.search_bar else ""
        if self.searching and query:  # a search covers every note
            return [n for n in live if query in n.title.lower() or query in n.snippet().lower()]
        if self.folder is not None:
            live = [n for n in live if self.folder in n.folders]
        elif s.folders == "inline":
            live = [n for n in live if not n.folders]
        if query:
            live = [n for n in live if query in n.title.lower() or query in n.snippet().lower()]
        return live

    def build(self) -> View:
        s = self.skin.list
        rows: list[View] = []
        if s.folders == "inline" and self.folder is None and not self.searching:
            rows += [ListItem(name, icon="folder", title_id=s.folder_row_id or s.title_id,
                              on_click=lambda n=name: self.push(NoteList(self.app, n)))
                     for name in self.store.folders()]
        for note in self.shown_notes():
            shown = note.key.rsplit("/", 1)[-1] if s.file_names else note.title
            rows.append(ListItem(shown, note.snippet(), title_id=s.title_id, subtitle_id=s.subtitle_id,
                                 selected=note.key == self.selected,
                                 on_click=lambda n=note: self.tap(n), on_long_click=lambda n=note: self.select(n)))
        icon = self.skin.folder.fab if s.home_fab == "folder" and self.folder is None else s.fab
        fab = Fab(icon.icon, icon.desc, on_click=self.new_item, id=icon.id or None)
        body: list[View] = []
        if self.searching or s.search_bar:
            body.append(EditText(s.search_id, hint=s.search_hint, autofocus=self.searching, padding=(16, 8)))
        bottom = None
        if s.list_fab is not None:
            folder = self.folder or ""
            bottom = Row(Spacer(weight=1.0), ImageButton(
                s.list_fab.icon, s.list_fab.desc, id=s.list_fab.id or None,
                on_click=lambda: self.push(Editor(self.app, None, folder, kind="list"))), padding=(16, 8))
        return Scaffold(self.header(), *body, ScrollList(*rows, id=s.list_id, empty_text=s.empty_text), fab=fab,
                        bottom=bottom)

    def header(self) -> View:
        s = self.skin.list
        h: dict[str, Callable[[], Any]] = {"search": self.start_search, "delete": self.delete_selected,
                                           "rename": self.rename_selected}
        if self.selected is not None:
            return Toolbar(s.selection_title, nav="back", on_nav=self.clear,
                           actions=self.icons(s.selection_actions, h), menu=self.menu_items(s.selection_menu, h))
        title = self.folder if self.folder is not None else s.title
        if s.folders == "drawer":
            return Toolbar(title, nav="menu", on_nav=self.open_drawer, actions=self.icons(s.actions, h),
                           menu=self.menu_items(s.menu, h))
        nav = "back" if self.folder is not None else None
        return Toolbar(title, nav=nav, on_nav=self.finish if nav else None, actions=self.icons(s.actions, h),
                       menu=self.menu_items(s.menu, h))

    def open_drawer(self) -> None:
        s, f = self.skin.list, self.skin.folder
        items: list[tuple[str, Any]] = [(s.all_notes, lambda: self.replace(NoteList(self.app)))]
        items += [(name, lambda n=name: self.replace(NoteList(self.app, n))) for name in self.store.folders()]
        if f.create_from == "drawer":
            items.append((f.create_label, self.new_folder))
        if f.create_from == "folders_page":
            items.append((f.page_entry, lambda: self.push(FoldersPage(self.app))))
        self.show_menu(items)

    def new_folder(self) -> None:
        f = self.skin.folder
        if f.style == "page":
            self.push(FolderPage(self.app))
        else:
            self.ask_name(f.dialog_title, f.field_id, f.field_hint, f.ok, self.store.add_folder)

    def tap(self, note: SimNote) -> None:
        if self.selected is not None:
            self.selected = None if self.selected == note.key else note.key
        else:
            self.push(Editor(self.app, note.key, self.folder or ""))

    def select(self, note: SimNote) -> None:
        self.selected = note.key

    def clear(self) -> None:
        self.selected = None

    def on_back(self) -> bool:
        if self.selected is not None or self.searching:
            self.selected, self.searching = None, False
            return True
        return False

    def start_search(self) -> None:
        self.searching = True
        self.set_field(self.skin.list.search_id, "")
        self.focus(self.skin.list.search_id)

    def _selected_note(self) -> SimNote | None:
        return next((n for n in self.store.notes() if n.key == self.selected), None)

    def delete_selected(self) -> None:
        note = self._selected_note()
        if note is not None:
            self.confirm_delete(note, self.clear)

    def rename_selected(self) -> None:
        """Markor: Rename edits the file name, extension included."""
        note = self._selected_note()
        store = self.store
        if note is None or not isinstance(store, MarkorFiles):
            return
        d = self.skin.name_dialog
        name = note.key.rsplit("/", 1)[-1]

        def rename(new: str) -> None:
            store.rename(note.key, safe_file_name(new))
            self.clear()
        self.ask_name(d.rename_title, d.rename_field_id, "", d.ok, rename, initial=name)

    def new_item(self) -> None:
        s, folder = self.skin.list, self.folder or ""
        if s.home_fab == "folder" and self.folder is None:
            self.new_folder()
        elif s.new_flow == "editor":
            self.push(Editor(self.app, None, folder))
        elif s.new_flow == "menu":
            self.show_menu([(label, lambda k=kind: self.push(Editor(self.app, None, folder, kind=k)))
                            for label, kind in s.new_menu])
        else:
            d = self.skin.name_dialog
            folder_button = (self.skin.folder.create_label, self.store.add_folder) \
                if self.skin.folder.create_from == "new_dialog" else None
            self.ask_name(d.title, d.field_id, d.hint, d.ok, self.create_named, neutral=folder_button)

    def create_named(self, title: str) -> None:
        """Markor: OK creates the (empty) file at once, then opens it."""
        key = self.store.save(None, safe_file_name(title), "", self.folder or "")
        self.push(Editor(self.app, key, self.folder or ""))


class FoldersPage(NotesScreen):
    """A page listing the folders (NotallyX's Labels) with an add icon; a row opens the folder."""

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.folder.page_activity or self.app.launch_activity or "")

    def build(self) -> View:
        f = self.skin.folder
        add = ImageButton(f.page_add.icon, f.page_add.desc, id=f.page_add.id or None,
                          on_click=lambda: self.ask_name(f.dialog_title, f.field_id, f.field_hint, f.ok,
                                                         self.store.add_folder))
        rows = [ListItem(name, icon="label", title_id=f.page_row_id or None,
                         on_click=lambda n=name: self.replace(NoteList(self.app, n))) for name in self.store.folders()]
        return Scaffold(Toolbar(f.page_title, nav="back", actions=[add]), ScrollList(*rows, id="folders_list"))


class FolderPage(NotesScreen):
    """A folder's own page (Joplin's notebook screen): a name field and a save icon."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.focus(self.skin.folder.field_id)

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.folder.page_activity or self.app.launch_activity or "")

    def build(self) -> View:
        f = self.skin.folder
        return Scaffold(Toolbar(f.dialog_title, nav="back", actions=[
            ImageButton(f.save.icon, f.save.desc, on_click=self.save, id=f.save.id or None)]),
            EditText(f.field_id, hint=f.field_hint, padding=(16, 8)))

    def save(self) -> None:
        name = self.field(self.skin.folder.field_id).strip()
        if name:
            self.store.add_folder(name)
            self.finish()


class Editor(NotesScreen):
    """One note. What the fields hold is saved when the screen leaves the front (the apps save on
    leaving the editor); a new note left empty is not kept."""

    def __init__(self, app: SimApp, key: str | None, folder: str, kind: str = "note") -> None:
        super().__init__(app)
        self.key = key
        self.folder = folder
        self.deleted = False  # deleted, saved by "Done" or discarded: nothing to save on leaving
        note = self.note()
        self.items: list[tuple[str, bool]] = list(note.items or ()) if note else []
        self.kind = "list" if (note is not None and note.items is not None) or kind == "list" else "note"
        e = self.skin.editor
        if e.title_field:
            self.set_field(e.title_id, note.title if note else "")
        if self.kind == "note":
            self.set_field(e.body_id, note.text if note else "")
        self.tags = " ".join(note.folders) if note else folder
        self.focus(e.title_id if e.title_field and note is None else e.body_id)

    def activity_name(self) -> str:
        e = self.skin.editor
        return self.app.activity_name(e.list_activity if self.kind == "list" and e.list_activity else e.activity)

    def note(self) -> SimNote | None:
        return next((n for n in self.store.notes() if n.key == self.key), None) if self.key else None

    def build(self) -> View:
        e = self.skin.editor
        note = self.note()
        h: dict[str, Callable[[], Any]] = {"delete": self.delete, "done": self.done, "tags": self.edit_tags}
        title = "" if e.title_field else (note.title if note else "")
        typed = (lambda _text: self.save()) if e.save == "as_typed" else None
        parts: list[View] = []
        if e.title_field:
            to_next = (lambda _text: self.focus(e.item_id if self.kind == "list" else e.body_id)) \
                if e.title_enter == "next" else None
            parts.append(EditText(e.title_id, hint=e.title_hint, padding=(16, 8), size=22, on_change=typed,
                                  on_submit=to_next))
        if self.kind == "list":
            parts += [Row(CheckBox(text, id=e.checkbox_id or None, checked=done, on_change=lambda c, i=i: self.check(i, c)),
                          padding=(16, 0)) for i, (text, done) in enumerate(self.items)]
            parts.append(EditText(e.item_id, hint=e.item_hint, padding=(16, 8), on_submit=self.add_item))
        else:
            parts.append(EditText(e.body_id, hint=e.body_hint, multiline=True, padding=(16, 8), weight=1.0,
                                  on_change=typed))
        return Scaffold(Toolbar(title, nav="back", on_nav=self.finish, actions=self.icons(e.actions, h),
                                menu=self.menu_items(e.menu, h)), Column(*parts, weight=1.0))

    def edit_tags(self) -> None:
        e = self.skin.editor

        def set_tags(text: str) -> None:
            self.tags = " ".join(text.replace(":", " ").split())
        self.ask_name(e.tags_title, e.tags_id, e.tags_message, e.tags_ok, set_tags, initial=self.tags)

    def check(self, index: int, checked: bool) -> None:
        text, _ = self.items[index]
        self.items[index] = (text, checked)

    def add_item(self, text: str) -> None:
        if text.strip():
            self.items.append((text.strip(), False))
        self.set_field(self.skin.editor.item_id, "")
        self.focus(self.skin.editor.item_id)

    def delete(self) -> None:
        note = self.note()
        if note is not None:
            self.confirm_delete(note, self.close_deleted)

    def close_deleted(self) -> None:
        self.key = None
        self.deleted = True
        self.finish()

    def done(self) -> None:
        self.save()
        self.deleted = True  # saved: nothing left to do when the screen goes
        self.finish()

    def on_back(self) -> bool:
        """Orgzly-style editors ask before dropping unsaved changes."""
        if self.skin.editor.save != "done_icon" or not self.dirty():
            return False
        self.show_dialog(AlertDialog("", self.skin.editor.save_question, positive=("Save", self.done),
                                     negative=("Discard", self.discard)))
        return True

    def discard(self) -> None:
        self.deleted = True
        self.finish()

    def on_pause(self) -> None:
        if not self.deleted and self.skin.editor.save != "done_icon":
            self.save()

    def dirty(self) -> bool:
        return self.pending() is not None

    def save(self) -> None:
        pending = self.pending()
        if pending is not None:
            self.key = self.store.save(self.key, *pending)

    def pending(self) -> tuple[str, str, str, tuple[tuple[str, bool], ...] | None] | None:
        """(title, text, folder, items) when the fields differ from the stored note, else None."""
        e, note = self.skin.editor, self.note()
        title = self.field(e.title_id).strip() if e.title_field else (note.title if note else "")
        text = self.field(e.body_id) if self.kind == "note" else ""
        items = tuple(self.items) if self.kind == "list" else None
        folder = self.tags if e.tags != "none" else (note.folder if note else self.folder)
        if note is None and not title and not text.strip() and not items:
            return None  # an empty new note is dropped
        stored = " ".join(note.folders) if note is not None and e.tags != "none" else (note.folder if note else "")
        if note is not None and (title, text, items, folder) == (note.title, note.text, note.items, stored):
            return None
        return title, text, folder, items


__all__ = ["Confirm", "EditorSkin", "FolderSkin", "Icon", "ListSkin", "NameDialog", "NotesApp", "NotesSkin"]


NotesApp.home = NoteList  # every skin's launch screen (an app may set its own)
