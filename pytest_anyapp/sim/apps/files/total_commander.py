"""Total Commander 3.62b1d (``com.ghisler.android.TotalCommander``), closed source.

Modelled on the app as published (two panels side by side, each with a path line; long-press on a
file opens a context menu with Copy, Move, Rename, Delete, Send (share), Pack and Properties; Copy,
Move and Pack target the other panel through a confirm dialog holding its path; a zip opens like a
folder, and its files are copied out to the other panel; Properties is a page; a toolbar button
makes a new folder). Labels and ids are unverified (no public source; to be checked on a rooted
emulator, docs/files.md).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.files.kit import FilesApp, FilesSkin, Icon

SKIN = FilesSkin(
    root_title="Total Commander", list_id="panel", name_id="filename", meta_id="filesize",
    layout="list", panes="dual", actions="context_menu", bar="top", transfer="other_pane", create_style="toolbar",
    details="page", extract="browse", archive_to="other_pane", archive_types=False, path_bar=True,
    create=Icon("create_new_folder", "New folder", "newfolder"), new_folder_title="New folder",
    field_id="edit_name", name_hint="Folder name", ok="OK", cancel="Cancel",
    context_menu=(("Copy", "copy"), ("Move", "move"), ("Rename", "rename"), ("Delete", "delete"),
                  ("Send", "share"), ("Pack", "compress"), ("Properties", "details"), ("Open with", "")),
    menu=(("Sort", ""), ("Bookmarks", ""), ("Settings", ""), ("Help", "")),
    other_pane_title="{what}", rename_title="Rename/Move", delete_title="Delete",
    delete_message="Really delete {name}?", delete_yes="OK", archive_title="Pack files",
    details_title="Properties", details_rows=("Name", "Path", "Size", "Modified", "Permissions"),
    empty_text="",
)


class TotalCommander(FilesApp):
    package = "com.ghisler.android.TotalCommander"
    label = "Total Commander"
    version_name, version_code = "3.62b1d", 2470
    launch_activity = ".TotalCommander"
    icon_color = "#0D47A1"
    skin = SKIN
