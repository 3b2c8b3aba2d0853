"""X-plore File Manager 4.43.01 (``com.lonelycatgames.Xplore``), closed source (Lonely Cat Games).

Modelled on the app as published: two panes side by side with their path; long-press marks a file
and the operation buttons appear at the bottom (Copy, Move, Delete, Share, with Rename, Zip,
Details in "More options"); Copy and Move go to the other pane after a confirm dialog; a zip opens
like a folder and its files are copied out to the other pane; Zip writes the archive in the
current pane; Details is a dialog; a new folder is made from the overflow menu. Labels and ids are
unverified (no public source; to be checked on a rooted emulator, docs/files.md).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.files.kit import FilesApp, FilesSkin, Icon

SKIN = FilesSkin(
    root_title="X-plore", list_id="list", name_id="name", meta_id="info",
    layout="list", panes="dual", actions="selection", bar="bottom", transfer="other_pane", create_style="menu",
    details="dialog", extract="browse", archive_to="here", archive_types=False, path_bar=True,
    create=Icon("folder_add", "Create folder", "mkdir"), new_folder_title="Create folder",
    field_id="edit", name_hint="New folder", ok="OK", cancel="Cancel", selection_title="Marked: {n}",
    selection_icons=(Icon("copy", "Copy", "op_copy", "copy"), Icon("move", "Move", "op_move", "move"),
                     Icon("delete", "Delete", "op_delete", "delete"), Icon("share", "Share", "op_share", "share")),
    selection_menu=(("Rename", "rename"), ("Zip", "compress"), ("Details", "details"), ("Mark all", "select_all")),
    menu=(("Create folder", "create_folder"), ("Show hidden", ""), ("Configuration", ""), ("Help", "")),
    other_pane_title="{what} to", rename_title="Rename", delete_title="Delete",
    delete_message="Delete {name}?", delete_yes="OK", archive_title="Zip",
    details_title="Details", details_rows=("Name", "Location", "Size", "Modified", "File type"),
    empty_text="Empty folder",
)


class XploreFileManager(FilesApp):
    package = "com.lonelycatgames.Xplore"
    label = "X-plore"
    version_name, version_code = "4.43.01", 44301
    launch_activity = ".Browser"
    icon_color = "#FBC02D"
    skin = SKIN
