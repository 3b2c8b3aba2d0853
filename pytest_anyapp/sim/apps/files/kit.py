"""The File Manager screen kit: a folder browser written once, with explicit variation points.

A file manager double is a declarative :class:`FilesSkin` plus, rarely, an override. Variation
points (flow choices are ``Literal``/``bool`` fields):

* **layout** — rows (``list``) or tiles (``grid``); one pane or two side by side (``panes``);
* **item actions** — long-press selects and an action bar appears at the ``top`` or ``bottom``
  (``actions="selection"``), or long-press opens a context menu (``context_menu``);
* **where copy/move go** — a clipboard then "Paste" in the target folder (``clipboard``), a
  folder-picker page (``picker``), or the other pane after a confirm dialog (``other_pane``);
* **create folder** — a FAB (optionally a speed dial), a toolbar icon or the overflow menu;
* **details** — a dialog or a page; **extract** — a paste-mode "Extract here" (``paste``), a
  folder named after the zip beside it (``subfolder``), or opening the zip as a folder and copying
  members out (``browse``); **archives** — created in the current folder or the other pane.

Actions are named (``copy``, ``move``, ``delete``, ``rename``, ``share``, ``details``,
``compress``, ``extract``, ``select_all``); a skin places them, the kit implements them. All file
operations go to shared storage through :class:`~.store.SharedStorage`.
"""

from __future__ import annotations

import posixpath
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.files.store import IN_ARCHIVE, STORAGE_ROOT, Item, SharedStorage, human_size
from pytest_anyapp.sim.apps.intentresolver import share_files
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.ui.views import (
    Button,
    CheckBox,
    Column,
    EditText,
    Fab,
    Grid,
    ImageButton,
    ImageView,
    ListItem,
    RadioButton,
    Row,
    Scaffold,
    ScrollList,
    TextView,
    Toolbar,
    View,
    active_screen,
)

Menu = tuple[tuple[str, str], ...]  # (label, action name); "" = does nothing here


@dataclass(frozen=True)
class FilesSkin:
    """One file manager, declared."""

    root_title: str  # the title at the storage root
    list_id: str
    name_id: str
    meta_id: str
    layout: Literal["list", "grid"] = "list"
    panes: Literal["single", "dual"] = "single"
    actions: Literal["selection", "context_menu"] = "selection"
    bar: Literal["top", "bottom"] = "top"
    transfer: Literal["clipboard", "picker", "other_pane"] = "clipboard"
    create_style: Literal["fab", "speed_dial", "toolbar", "menu"] = "fab"
    details: Literal["dialog", "page"] = "dialog"
    extract: Literal["paste", "subfolder", "browse"] = "subfolder"
    archive_to: Literal["here", "other_pane"] = "here"
    archive_types: bool = False  # the archive dialog offers .zip/.7z/… (zip preselected)
    #: The archive dialog's preset name: the one item's name or else the common folder's (Material
    #: Files), or the first item's name without its extension (Fossify).
    archive_name: Literal["item_or_folder", "first_item"] = "item_or_folder"
    path_bar: bool = False  # a breadcrumb/path line above the list
    create: Icon = Icon("add", "Create", "fab")
    create_folder_label: str = "Folder"  # the speed-dial / menu entry
    new_folder_title: str = "New folder"
    field_id: str = "name_field"
    name_hint: str = "Name"
    ok: str = "OK"
    cancel: str = "Cancel"
    selection_title: str = "{n}"
    selection_icons: tuple[Icon, ...] = ()
    selection_menu: Menu = ()
    menu: Menu = ()  # overflow of the browser toolbar
    context_menu: Menu = ()
    row_menu: Menu = ()  # a "more" button on every row opening these item actions
    row_menu_desc: str = "More options"
    row_menu_id: str = "menuButton"
    paste: str = "Paste"
    extract_here: str = "Extract here"
    picker_title: str = "Select a folder"
    picker_ok: str = "Select"
    other_pane_title: str = "Copy"  # the confirm dialog of other-pane transfers; "{what}" = Copy/Move
    rename_title: str = "Rename"
    delete_title: str = "Delete"
    delete_message: str = "Delete {name}?"
    delete_yes: str = "Delete"
    #: Where Delete moves the items unless the dialog's ``delete_permanently`` box is ticked ("" = the
    #: app deletes outright): Amaze's trash bin (``AppConfig.TRASH_BIN_BASE_PATH`` + ``TrashBinFiles``).
    bin_dir: str = ""
    delete_permanently: str = ""
    archive_title: str = "Compress"
    details_title: str = "Properties"
    details_rows: tuple[str, ...] = ("Name", "Path", "Size", "Last modified")
    empty_text: str = "No files"
    #: Enter in a name dialog's field confirms it like OK (Material Files: NameDialogFragment's
    #: setOnEditorConfirmActionListener); False: Enter confirms nothing
    #: there (Android's default for a field with no editor action: the focus moves down).
    name_enter_ok: bool = False
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


def _stamp(epoch_s: float) -> str:
    return time.strftime("%b %d, %Y %H:%M", time.gmtime(epoch_s)).replace(" 0", " ")


class FilesApp(SimApp):
    """A file manager double: metadata on the subclass, everything else from its ``skin``."""

    skin: ClassVar[FilesSkin]
    permissions = tuple(f"android.permission.{p}" for p in (
        "READ_EXTERNAL_STORAGE", "WRITE_EXTERNAL_STORAGE", "MANAGE_EXTERNAL_STORAGE", "POST_NOTIFICATIONS",
    ))

    def __init__(self, device: Any) -> None:
        super().__init__(device)
        self.clipboard: tuple[str, list[str]] | None = None  # (copy|move|extract, paths)

    @property
    def storage(self) -> SharedStorage:
        return SharedStorage(self.device)


@dataclass
class Pane:
    path: str = STORAGE_ROOT
    selected: list[str] = field(default_factory=list)


class FilesScreen(Screen):
    @property
    def fm(self) -> FilesApp:
        assert isinstance(self.app, FilesApp)
        return self.app

    @property
    def skin(self) -> FilesSkin:
        return self.fm.skin

    @property
    def storage(self) -> SharedStorage:
        return self.fm.storage


def _title(path: str, root_title: str) -> str:
    if path == STORAGE_ROOT:
        return root_title
    if IN_ARCHIVE in path:
        zip_path, _, inner = path.partition(IN_ARCHIVE)
        return posixpath.basename(inner.rstrip("/")) or posixpath.basename(zip_path)
    return posixpath.basename(path)


class Browser(FilesScreen):
    """One or two panes of a folder; BACK leaves selection, then goes up, then closes."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.panes = [Pane(), Pane()] if self.skin.panes == "dual" else [Pane()]
        self.active = 0

    # -- state helpers --------------------------------------------------------------------------
    @property
    def pane(self) -> Pane:
        return self.panes[self.active]

    @property
    def other(self) -> Pane:
        return self.panes[1 - self.active] if len(self.panes) == 2 else self.pane

    def handlers(self) -> dict[str, Callable[[], Any]]:
        return {"copy": lambda: self.transfer(False), "move": lambda: self.transfer(True), "delete": self.ask_delete,
                "rename": self.ask_rename, "share": self.share, "details": self.details, "compress": self.ask_compress,
                "extract": self.extract, "select_all": self.select_all, "create_folder": self.ask_create,
                "paste": self.paste, "clear": self.clear}

    # -- building -------------------------------------------------------------------------------
    def build(self) -> View:
        s, h = self.skin, self.handlers()
        if any(p.selected for p in self.panes) and s.bar == "top":
            n = len(self.pane.selected)
            header: View = Toolbar(s.selection_title.format(n=n), nav="back", on_nav=self.clear,
                                   actions=self.icons(s.selection_icons, h), menu=self.menu_items(s.selection_menu, h))
        else:
            actions = [ImageButton(s.create.icon, s.create.desc, on_click=self.ask_create, id=s.create.id or None)] \
                if s.create_style == "toolbar" else []
            nav = "back" if self.pane.path != STORAGE_ROOT else None
            header = Toolbar(_title(self.pane.path, s.root_title), nav=nav, on_nav=self.up, actions=actions,
                             menu=self.menu_items(s.menu, h))
        panes = [self.pane_view(i) for i in range(len(self.panes))]
        body: View = Row(*panes, weight=1.0, spacing=2) if len(panes) == 2 else panes[0]
        return Scaffold(header, body, fab=self.fab(), bottom=self.bottom_bar())

    def pane_view(self, index: int) -> View:
        s, pane = self.skin, self.panes[index]
        suffix = ("_left", "_right")[index] if len(self.panes) == 2 else ""
        rows: list[View] = []
        for item in self.storage.listing(pane.path):
            click = lambda i=item, x=index: self.tap_item(x, i)  # noqa: E731
            long_click = lambda i=item, x=index: self.long_press(x, i)  # noqa: E731
            meta = f"{item.children} items" if item.is_dir else human_size(item.size)
            chosen = item.path in pane.selected
            if s.layout == "grid":
                rows.append(Column(ImageView("folder" if item.is_dir else "file", size=48, gravity="center_horizontal"),
                                   TextView(item.name, id=s.name_id + suffix, size=12, align="center", max_lines=2),
                                   on_click=click, on_long_click=long_click, selected=chosen, padding=(4, 8)))
            else:
                more = ImageButton("more", s.row_menu_desc, id=s.row_menu_id + suffix,
                                   on_click=lambda i=item, x=index: self.row_menu(x, i)) if s.row_menu else None
                rows.append(ListItem(item.name, meta, icon="folder" if item.is_dir else "file", trailing=more,
                                     meta=_stamp(item.mtime_s) if item.mtime_s else "", title_id=s.name_id + suffix,
                                     subtitle_id=s.meta_id + suffix, selected=chosen,
                                     on_click=click, on_long_click=long_click))
        lst: View = (Grid(*rows, columns=3, id=s.list_id + suffix) if s.layout == "grid"
                     else ScrollList(*rows, id=s.list_id + suffix, empty_text=s.empty_text))
        if s.path_bar or len(self.panes) == 2:
            shown = pane.path.replace(IN_ARCHIVE, "/")
            return Column(TextView(shown, id="path" + suffix, size=12, max_lines=1, padding=(8, 4),
                                   on_click=lambda x=index: self.activate(x)), lst, weight=1.0)
        return lst

    def fab(self) -> View | None:
        s = self.skin
        if s.create_style in ("fab", "speed_dial") and IN_ARCHIVE not in self.pane.path and not self.pane.selected:
            return Fab(s.create.icon, s.create.desc, on_click=self.ask_create, id=s.create.id or None)
        return None

    def bottom_bar(self) -> View | None:
        s, h = self.skin, self.handlers()
        if self.fm.clipboard is not None and s.transfer == "clipboard":
            mode, paths = self.fm.clipboard
            label = s.extract_here if mode == "extract" else s.paste
            title = {"copy": "Copying", "move": "Moving", "extract": "Extracting"}[mode]
            return Row(TextView(f"{title} {len(paths)}", size=14, weight=1.0, padding=(16, 0)),
                       Button(s.cancel, lambda: self.set_clipboard(None), style="text"),
                       Button(label, self.paste, id="paste"), padding=(8, 8))
        if s.bar == "bottom" and self.pane.selected:
            return Row(*self.icons(s.selection_icons, h),
                       ImageView("more", "More options", size=48, focusable=True,
                                 on_click=lambda: active_screen().show_menu(self.menu_items(s.selection_menu, h))),
                       padding=(8, 4), id="operations")
        return None

    def icons(self, icons: tuple[Icon, ...], h: dict[str, Callable[[], Any]]) -> list[View]:
        return [ImageButton(i.icon, i.desc, on_click=h.get(i.action), id=i.id or None) for i in icons]

    @staticmethod
    def menu_items(items: Menu, h: dict[str, Callable[[], Any]]) -> list[tuple[str, Any]]:
        return [(label, h.get(action)) for label, action in items]

    # -- navigation and selection ---------------------------------------------------------------
    def activate(self, index: int) -> None:
        if index != self.active:
            self.pane.selected.clear()
        self.active = index

    def tap_item(self, index: int, item: Item) -> None:
        self.activate(index)
        if self.pane.selected and self.skin.actions == "selection":
            self.toggle(item)
        elif item.is_dir:
            self.pane.path = item.path
        elif self.skin.extract == "browse" and item.name.lower().endswith(".zip"):
            self.pane.path = item.path + IN_ARCHIVE
        else:
            self.toast("No app found to open this file")

    def long_press(self, index: int, item: Item) -> None:
        self.activate(index)
        if self.skin.actions == "context_menu":
            self.pane.selected = [item.path]
            h = self.handlers()
            self.show_dialog(AlertDialog(item.name, items=[(label, h.get(action)) for label, action in
                                                            self.skin.context_menu], on_cancel=self.clear))
        else:
            self.toggle(item)

    def row_menu(self, index: int, item: Item) -> None:
        self.activate(index)
        self.pane.selected = [item.path]
        self.show_menu(self.menu_items(self.skin.row_menu, self.handlers()))

    def toggle(self, item: Item) -> None:
        sel = self.pane.selected
        sel.remove(item.path) if item.path in sel else sel.append(item.path)

    def select_all(self) -> None:
        self.pane.selected = [i.path for i in self.storage.listing(self.pane.path)]

    def clear(self) -> None:
        for p in self.panes:
            p.selected = []

    def up(self) -> None:
        path = self.pane.path
        if IN_ARCHIVE in path:
            zip_path, _, inner = path.partition(IN_ARCHIVE)
            inner = posixpath.dirname(inner.rstrip("/"))
            self.pane.path = f"{zip_path}{IN_ARCHIVE}{inner}" if inner else posixpath.dirname(zip_path)
        elif path != STORAGE_ROOT:
            self.pane.path = posixpath.dirname(path)

    def on_back(self) -> bool:
        if any(p.selected for p in self.panes):
            self.clear()
            return True
        if self.pane.path != STORAGE_ROOT:
            self.up()
            return True
        return False

    # -- dialogs --------------------------------------------------------------------------------
    def name_dialog(self, title: str, initial: str, on_ok: Callable[[str], Any], extra: View | None = None) -> None:
        s = self.skin
        self.set_field(s.field_id, initial)
        self.focus(s.field_id)

        def confirm(_text: str) -> None:
            self.dismiss_dialog()
            on_ok(self.field(s.field_id).strip())
        body = Column(EditText(s.field_id, hint=s.name_hint, padding=(24, 8),
                               on_submit=confirm if s.name_enter_ok else None), extra)
        self.show_dialog(AlertDialog(title, view=body, positive=(s.ok, lambda: on_ok(self.field(s.field_id).strip())),
                                     negative=(s.cancel, None)))

    def ask_create(self) -> None:
        s = self.skin
        if s.create_style == "speed_dial":
            self.show_menu([(s.create_folder_label, self.ask_create_folder)])
        else:
            self.ask_create_folder()

    def ask_create_folder(self) -> None:
        self.name_dialog(self.skin.new_folder_title, "", self.create_folder)

    def create_folder(self, name: str) -> None:
        if name and "/" not in name and not self.storage.mkdir(posixpath.join(self.pane.path, name)):
            self.toast("A file with this name already exists")

    def ask_rename(self) -> None:
        if len(self.pane.selected) != 1:
            return
        path = self.pane.selected[0]
        self.name_dialog(self.skin.rename_title, posixpath.basename(path), lambda n, p=path: self.rename(p, n))

    def rename(self, path: str, name: str) -> None:
        if name != posixpath.basename(path) and not self.storage.rename(path, name):
            self.toast("Invalid file name")
        self.clear()

    def ask_delete(self) -> None:
        paths = list(self.pane.selected)
        if not paths:
            return
        s = self.skin
        what = posixpath.basename(paths[0]) if len(paths) == 1 else f"{len(paths)} items"
        if not s.bin_dir:
            self.show_dialog(AlertDialog(s.delete_title, s.delete_message.format(name=what),
                                         positive=(s.delete_yes, lambda: self.delete(paths)), negative=(s.cancel, None)))
            return
        permanent = [False]
        names = "\n".join(f"{i}. {posixpath.basename(p)}" for i, p in enumerate(paths, 1))
        view = Column(TextView(s.delete_message, id="dialog_delete_disclaimer", padding=(24, 8)),
                      TextView(names, id="list_files", padding=(24, 8)),
                      CheckBox(s.delete_permanently, id="delete_permanently_checkbox",
                               on_change=lambda on: permanent.__setitem__(0, on)))
        self.show_dialog(AlertDialog(s.delete_title, view=view, negative=(s.cancel, None),
                                     positive=(s.delete_yes, lambda: self.delete(paths, to_bin=not permanent[0]))))

    def delete(self, paths: list[str], *, to_bin: bool = False) -> None:
        for p in paths:
            if to_bin:
                self.storage.host(self.skin.bin_dir).mkdir(parents=True, exist_ok=True)
                self.storage.copy_into(p, self.skin.bin_dir, move=True)
            else:
                self.storage.delete(p)
        self.clear()

    # -- copy / move / extract ------------------------------------------------------------------
    def set_clipboard(self, value: tuple[str, list[str]] | None) -> None:
        self.fm.clipboard = value

    def transfer(self, move: bool) -> None:
        paths = list(self.pane.selected)
        if not paths:
            return
        mode = self.skin.transfer
        self.clear()
        if mode == "clipboard":
            self.set_clipboard(("move" if move else "copy", paths))
        elif mode == "picker":
            self.push(FolderPicker(self.app, paths, move, self.pane.path))
        else:
            target = self.other.path
            what = "Move" if move else "Copy"
            self.set_field("target", target)
            self.show_dialog(AlertDialog(self.skin.other_pane_title.format(what=what),
                                         f"{what} {len(paths)} file(s) to:",
                                         view=EditText("target", padding=(24, 8)),
                                         positive=(self.skin.ok, lambda: self.transfer_to(paths, self.field("target"), move)),
                                         negative=(self.skin.cancel, None)))

    def transfer_to(self, paths: list[str], folder: str, move: bool) -> None:
        folder = folder.strip().rstrip("/") or STORAGE_ROOT
        for p in paths:
            if IN_ARCHIVE in p:
                zip_path, _, member = p.partition(IN_ARCHIVE)
                self.storage.extract(zip_path, folder, [member])
            elif self.storage.is_dir(folder):
                self.storage.copy_into(p, folder, move=move)

    def paste(self) -> None:
        if self.fm.clipboard is None:
            return
        mode, paths = self.fm.clipboard
        for p in paths:
            if mode == "extract":
                stem = posixpath.basename(p).rsplit(".", 1)[0]
                self.storage.extract(p, posixpath.join(self.pane.path, stem))
            else:
                self.storage.copy_into(p, self.pane.path, move=mode == "move")
        self.set_clipboard(None)

    def extract(self) -> None:
        zips = [p for p in self.pane.selected if p.lower().endswith(".zip")]
        self.clear()
        if not zips:
            return
        if self.skin.extract == "paste":
            self.set_clipboard(("extract", zips))
        else:  # subfolder (browse apps open the zip by tapping it)
            for z in zips:
                self.storage.extract(z, z[: -len(".zip")])

    def ask_compress(self) -> None:
        paths = list(self.pane.selected)
        if not paths:
            return
        folder = self.pane.path if self.skin.archive_to == "here" else self.other.path
        first = posixpath.basename(paths[0])
        if self.skin.archive_name == "first_item":
            default = first.rsplit(".", 1)[0] if "." in first and not self.storage.is_dir(paths[0]) else first
        else:
            default = first if len(paths) == 1 else posixpath.basename(self.pane.path)
        types = Row(RadioButton(".zip", checked=True), RadioButton(".7z"), padding=(24, 0)) \
            if self.skin.archive_types else None
        self.name_dialog(self.skin.archive_title, default, lambda n: self.compress(paths, folder, n), types)

    def compress(self, paths: list[str], folder: str, name: str) -> None:
        if not name:
            return
        zip_name = name if name.lower().endswith(".zip") else f"{name}.zip"
        self.storage.make_zip(paths, posixpath.join(folder, zip_name))
        self.clear()

    # -- details and share ----------------------------------------------------------------------
    def details(self) -> None:
        if len(self.pane.selected) != 1:
            return
        path = self.pane.selected[0]
        self.clear()
        if self.skin.details == "page":
            self.push(DetailsPage(self.app, path))
        else:
            self.show_dialog(AlertDialog(self.skin.details_title, view=details_view(self.fm, path),
                                         positive=(self.skin.ok, None)))

    def share(self) -> None:
        names = [posixpath.basename(p) for p in self.pane.selected if not self.storage.is_dir(p)]
        self.clear()
        if names:
            share_files(self, names)


def details_view(app: FilesApp, path: str) -> View:
    """Label/value rows of one file (the skin names the rows it shows)."""
    host = app.storage.host(path)
    st = host.stat()
    where, stamp = posixpath.dirname(path), _stamp(st.st_mtime)
    kind = "Folder" if host.is_dir() else "Text file (text/plain)"
    values = {"name": posixpath.basename(path), "path": where, "location": where, "parent folder": where,
              "size": f"{human_size(st.st_size)} ({st.st_size} bytes)", "last modified": stamp, "modified": stamp,
              "type": kind, "file type": kind, "permissions": "-rw-rw----"}
    rows = [Column(TextView(label, size=12, color="#5F6368"), TextView(values.get(label.lower(), ""), size=16, id="value"),
                   padding=(24, 6)) for label in app.skin.details_rows]
    return Column(*rows)


class DetailsPage(FilesScreen):
    """A full-screen details page (apps whose "Properties" is an activity)."""

    activity = ".DetailsActivity"

    def __init__(self, app: SimApp, path: str) -> None:
        super().__init__(app)
        self.path = path

    def build(self) -> View:
        return Scaffold(Toolbar(self.skin.details_title, nav="back"), ScrollList(details_view(self.fm, self.path)))


class FolderPicker(FilesScreen):
    """"Copy to" / "Move to": pick the target folder (tap to enter, up to leave), then confirm."""

    activity = ".FolderPickerActivity"

    def __init__(self, app: SimApp, paths: list[str], move: bool, start: str) -> None:
        super().__init__(app)
        self.paths, self.move, self.path = paths, move, start

    def build(self) -> View:
        s = self.skin
        rows: list[View] = [ListItem(i.name, icon="folder", title_id="picker_name",
                                     on_click=lambda p=i.path: setattr(self, "path", p))
                            for i in self.storage.listing(self.path) if i.is_dir]
        up = (lambda: setattr(self, "path", posixpath.dirname(self.path))) if self.path != STORAGE_ROOT else None
        return Scaffold(Toolbar(s.picker_title, nav="back"),
                        Column(TextView(self.path, id="picker_path", size=14, padding=(16, 8)),
                               Button("..", up, style="text", id="picker_up") if up else None,
                               ScrollList(*rows, id="picker_list"), weight=1.0),
                        bottom=Row(Button(s.cancel, self.finish, style="text"), Button(s.picker_ok, self.done),
                                   padding=(8, 8)))

    def done(self) -> None:
        for p in self.paths:
            self.storage.copy_into(p, self.path, move=self.move)
        self.finish()


FilesApp.home = Browser  # every skin's launch screen (an app may set its own)
