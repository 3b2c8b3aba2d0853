"""Gold UI solutions for the 10 File Manager templates in the five file managers.

Each app is described once by a :class:`FilesUi` (its own labels and ids, where each item action
lives, how copy/move reach their target, how archives are made and opened), matching what the
app shows at its pinned version (docs/files.md); the template scripts are written once against
that description. Every app opens on the storage root, so every script first walks into
``CATBench`` by tapping folder names. The same building blocks seed the screen of the two screen
templates (verifiers/files/screen.py).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Literal

from pytest_anyapp.agents.oracle import By, Intent, LongPress, Press, Tap, TypeInto, TypeText
from verifiers.bundle import Script, gold_from_body

Steps = Generator[Intent, str, None]
#: How an item action is reached: a selection-bar icon (``icon``, by content description), the
#: selection overflow (``overflow``), a long-press context menu (``context``) or the row's own
#: menu button (``row``).
Placement = tuple[Literal["icon", "overflow", "context", "row"], str]


@dataclass(frozen=True)
class FilesUi:
    """Where one file manager keeps what the scripts need."""

    app_id: str
    name_res: str
    actions: dict[str, Placement]
    create: tuple[Intent, ...]
    field_res: str
    ok: str
    transfer: Literal["clipboard", "picker", "other_pane"]
    extract: Literal["paste", "subfolder", "browse"]
    archive_to: Literal["here", "other_pane"] = "here"
    #: Two panes: the right pane's rows carry ``<name_res>_right``, the left ``<name_res>_left``.
    dual: bool = False
    delete_yes: str = "Delete"
    paste: str = "Paste"
    extract_here: str = "Extract here"
    picker_ok: str = "Select"
    row_menu_res: str = "menuButton"
    overflow: By = field(default_factory=lambda: By(desc="More options"))

    def row(self, name: str, pane: str = "left") -> By:
        return By(text=name, res=f"{self.name_res}_{pane}" if self.dual else self.name_res)


MATERIAL = FilesUi(
    app_id="files_material_files", name_res="nameText",
    actions={"copy": ("icon", "Copy"), "move": ("icon", "Cut"), "delete": ("icon", "Delete"),
             "compress": ("overflow", "Compress"), "extract": ("row", "Extract"), "share": ("row", "Share"),
             "rename": ("row", "Rename"), "details": ("row", "Properties")},
    create=(Tap(By(desc="Create")), Tap(By(text="Folder"))), field_res="nameEdit", ok="OK",
    transfer="clipboard", extract="paste", row_menu_res="menuButton", delete_yes="OK",
)

FOSSIFY = FilesUi(
    app_id="files_fossify_file_manager", name_res="item_name",
    actions={"copy": ("overflow", "Copy to"), "move": ("overflow", "Move to"), "delete": ("icon", "Delete"),
             "compress": ("overflow", "Compress"), "extract": ("overflow", "Decompress"), "share": ("icon", "Share"),
             "rename": ("overflow", "Rename"), "details": ("icon", "Properties")},
    create=(Tap(By(desc="Create new item")),), field_res="item_title", ok="OK",
    transfer="picker", extract="subfolder", picker_ok="OK", delete_yes="Yes",
)

AMAZE = FilesUi(
    app_id="files_amaze", name_res="firstline",
    actions={"copy": ("icon", "Copy"), "move": ("icon", "Cut"), "delete": ("icon", "Delete"),
             "extract": ("icon", "Extract"), "compress": ("overflow", "Compress"), "share": ("overflow", "Share"),
             "rename": ("row", "Rename"), "details": ("row", "Properties")},
    create=(Tap(By(desc="Add")), Tap(By(text="Folder"))), field_res="singleedittext_input", ok="CREATE",
    transfer="clipboard", extract="subfolder", row_menu_res="properties", delete_yes="DELETE",
)

TOTAL_COMMANDER = FilesUi(
    app_id="files_total_commander", name_res="filename", dual=True,
    actions={"copy": ("context", "Copy"), "move": ("context", "Move"), "delete": ("context", "Delete"),
             "rename": ("context", "Rename"), "share": ("context", "Send"), "compress": ("context", "Pack"),
             "details": ("context", "Properties")},
    create=(Tap(By(desc="New folder")),), field_res="edit_name", ok="OK",
    transfer="other_pane", extract="browse", archive_to="other_pane", delete_yes="OK",
)

X_PLORE = FilesUi(
    app_id="files_x_plore_file_manager", name_res="name", dual=True,
    actions={"copy": ("icon", "Copy"), "move": ("icon", "Move"), "delete": ("icon", "Delete"),
             "share": ("icon", "Share"), "rename": ("overflow", "Rename"), "compress": ("overflow", "Zip"),
             "details": ("overflow", "Details")},
    create=(Tap(By(desc="More options")), Tap(By(text="Create folder"))), field_res="edit", ok="OK",
    transfer="other_pane", extract="browse", delete_yes="OK",
    overflow=By(desc="More options", nth=-1),  # the operation bar's, at the bottom (the toolbar has one too)
)

APPS: tuple[FilesUi, ...] = (MATERIAL, FOSSIFY, AMAZE, TOTAL_COMMANDER, X_PLORE)


# -- building blocks ---------------------------------------------------------------------------

def open_folder(ui: FilesUi, path: str, pane: str = "left") -> Steps:
    """From the storage root: tap ``CATBench`` and each folder of ``path`` (relative to it)."""
    for part in ["CATBench", *[p for p in path.split("/") if p]]:
        yield Tap(ui.row(part, pane))


def back_to_catbench(ui: FilesUi, depth: int) -> Steps:
    for _ in range(depth):
        yield Press("back")


def select(ui: FilesUi, names: list[str]) -> Steps:
    yield LongPress(ui.row(names[0]))
    for name in names[1:]:
        yield Tap(ui.row(name))


def act(ui: FilesUi, names: list[str], action: str) -> Steps:
    """Invoke ``action`` on the items ``names`` of the open folder (the row menu holds one item:
    it is used only where the folder shows that single item, so its button is the first)."""
    kind, label = ui.actions[action]
    if kind == "row":
        yield Tap(By(res=ui.row_menu_res, nth=0))
        yield Tap(By(text=label))
    elif kind == "context":
        yield LongPress(ui.row(names[0]))
        yield Tap(By(text=label))
    else:
        yield from select(ui, names)
        if kind == "overflow":
            yield Tap(ui.overflow)
            yield Tap(By(text=label))
        else:
            yield Tap(By(desc=label))


def replace_text(field: By, text: str) -> Steps:
    """Android's way to overwrite a prefilled field: long-press, "Select all", type."""
    yield LongPress(field)
    yield Tap(By(text="Select all"))
    yield TypeText(text)


def transfer(ui: FilesUi, src_dir: str, name: str, dst_dir: str, move: bool) -> Steps:
    """Copy or move ``src_dir/name`` into ``dst_dir`` (paths relative to CATBench)."""
    action = "move" if move else "copy"
    if ui.transfer == "other_pane":
        yield from open_folder(ui, dst_dir, "right")
        yield from open_folder(ui, src_dir)
        yield from act(ui, [name], action)
        yield Tap(By(text=ui.ok))
        return
    yield from open_folder(ui, src_dir)
    yield from act(ui, [name], action)
    if ui.transfer == "clipboard":
        yield from back_to_catbench(ui, src_dir.count("/") + 1)
        for part in dst_dir.split("/"):
            yield Tap(ui.row(part))
        yield Tap(By(text=ui.paste))
    else:  # a folder picker starting in the source folder
        for _ in range(src_dir.count("/") + 1):
            yield Tap(By(res="picker_up"))
        for part in dst_dir.split("/"):
            yield Tap(By(text=part, res="picker_name"))
        yield Tap(By(text=ui.picker_ok))


# -- one script per template ---------------------------------------------------------------------

def _create_folder(ui: FilesUi, p: dict[str, Any]) -> Steps:
    yield from open_folder(ui, "")
    yield from ui.create
    yield TypeInto(By(res=ui.field_res), p["folder_name"])
    yield Tap(By(text=ui.ok))


def _rename_in(ui: FilesUi, folder: str, old: str, new: str) -> Steps:
    yield from open_folder(ui, folder)
    yield from act(ui, [old], "rename")
    yield from replace_text(By(res=ui.field_res), new)
    yield Tap(By(text=ui.ok))


def _rename(ui: FilesUi, p: dict[str, Any]) -> Steps:
    yield from _rename_in(ui, "Docs", p["old_name"], p["new_name"])


def _delete(ui: FilesUi, p: dict[str, Any]) -> Steps:
    yield from open_folder(ui, "Docs")
    yield from act(ui, [p["file_name"]], "delete")
    yield Tap(By(text=ui.delete_yes))


def _move(ui: FilesUi, p: dict[str, Any]) -> Steps:
    yield from transfer(ui, "Docs", p["file_name"], "Archive", move=True)


def _copy(ui: FilesUi, p: dict[str, Any]) -> Steps:
    yield from transfer(ui, "Inbox", p["file_name"], "Receipts", move=False)


def _search(ui: FilesUi, p: dict[str, Any]) -> Steps:
    # The needle is where the folders lead (Docs holds five decoys and one folder, Reference one folder).
    yield from _rename_in(ui, "Docs/Reference/Incoming", p["needle"], "found.txt")


def _compress(ui: FilesUi, p: dict[str, Any]) -> Steps:
    if ui.archive_to == "other_pane":
        yield from open_folder(ui, "", "right")
    if ui.actions["compress"][0] == "context":  # one item per context menu: pack the folder itself
        yield from open_folder(ui, "")
        yield from act(ui, ["ToCompress"], "compress")
    else:
        yield from open_folder(ui, "ToCompress")
        yield from act(ui, list(p["file_names"]), "compress")
    yield Tap(By(text=ui.ok))  # the dialog proposes a name; .zip is the default type


def _extract(ui: FilesUi, p: dict[str, Any]) -> Steps:
    name = p["archive_name"]
    if ui.extract == "browse":  # open the zip as a folder and copy its file to the other pane
        yield from open_folder(ui, "", "right")
        yield from open_folder(ui, "Archives")
        yield Tap(ui.row(name))
        yield from act(ui, ["packed_note.txt"], "copy")
        yield Tap(By(text=ui.ok))
        return
    yield from open_folder(ui, "Archives")
    yield from act(ui, [name], "extract")
    if ui.extract == "paste":
        yield Tap(By(text=ui.extract_here))


def _view_info(ui: FilesUi, p: dict[str, Any]) -> Steps:
    yield from open_folder(ui, "Docs")
    yield from act(ui, [p["file_name"]], "details")


def _share(ui: FilesUi, p: dict[str, Any]) -> Steps:
    yield from open_folder(ui, "Docs")
    yield from act(ui, [p["file_name"]], "share")


BODIES: dict[str, Callable[[FilesUi, dict[str, Any]], Steps]] = {
    "FilesCreateFolder": _create_folder,
    "FilesRenameFile": _rename,
    "FilesDeleteFile": _delete,
    "FilesMoveFile": _move,
    "FilesSaveCopyOfFile": _copy,
    "FilesSearchFile": _search,
    "FilesCompressFiles": _compress,
    "FilesExtractArchive": _extract,
    "FilesViewFileInfo": _view_info,
    "FilesShareFile": _share,
}


def ui_for(app_id: str) -> FilesUi | None:
    return next((u for u in APPS if u.app_id == app_id), None)


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description."""
    return gold_from_body(BODIES.get(semantic_id), ui_for(app_id))
