"""Fossify File Manager 1.6.1 (``org.fossify.filemanager``), the community fork of Simple File Manager.

As the real app (FossifyOrg/File-Manager 1.6.1): breadcrumbs over a list (``items_list``;
``item_name``/``item_details``/``item_date``); a FAB (``items_fab``) opens "Create new" (a Title
field and Folder/File); long-press selects and the action bar shows Delete, Properties and Share
as icons, with Rename, Copy to, Move to, Compress, Decompress and Select all in its overflow;
"Copy to"/"Move to" pick the target folder (the real app's FilePickerDialog, a page here);
"Compress as" presets the first item's name without extension and its folder, and writes
``<folder>/<name>.zip``; Decompress writes ``<parent>/<zip name minus
.zip>/``; Properties is a dialog. Deletion asks for confirmation (Yes / No).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.files.kit import FilesApp, FilesSkin, Icon

SKIN = FilesSkin(
    root_title="Internal", list_id="items_list", name_id="item_name", meta_id="item_details",
    layout="list", actions="selection", bar="top", transfer="picker", create_style="fab",
    details="dialog", extract="subfolder", archive_to="here", archive_types=False, archive_name="first_item",
    path_bar=True,
    create=Icon("add", "Create new item", "items_fab"), new_folder_title="Create new", field_id="item_title",
    name_hint="Title", ok="OK", cancel="Cancel", selection_title="{n} selected",
    selection_icons=(Icon("delete", "Delete", "cab_delete", "delete"),
                     Icon("info", "Properties", "cab_properties", "details"),
                     Icon("share", "Share", "cab_share", "share")),
    selection_menu=(("Rename", "rename"), ("Hide", ""), ("Copy path to clipboard", ""), ("Copy to", "copy"),
                    ("Move to", "move"), ("Compress", "compress"), ("Decompress", "extract"), ("Select all", "select_all")),
    menu=(("Search folder", ""), ("Sort by", ""), ("Change view type", ""), ("Settings", ""), ("About", "")),
    picker_title="Select a folder", picker_ok="OK", rename_title="Rename", delete_title="Delete",
    delete_message="Are you sure you want to delete {name}?", delete_yes="Yes", archive_title="Compress as",
    details_title="Properties", details_rows=("Name", "Path", "Size", "Last modified"),
    empty_text="No items found",
)


class FossifyFileManager(FilesApp):
    package = "org.fossify.filemanager"
    label = "File Manager"
    version_name, version_code = "1.6.1", 13
    launch_activity = ".activities.MainActivity"
    icon_color = "#F57C00"
    skin = SKIN
