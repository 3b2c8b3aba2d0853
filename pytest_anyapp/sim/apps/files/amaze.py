"""Amaze File Manager 3.11.2 (``com.amaze.filemanager``), TeamAmaze's open-source file manager.

As the real app (TeamAmaze/AmazeFileManager; 3.11.2 is not tagged in the snapshot read, release/3.10
is the nearest): a list of rows (``firstline`` name, ``secondLine`` size, ``date``) each with a
``properties`` button opening the item menu (Open with, Cut, Copy, Delete, Rename, Properties,
Compress, Share, Extract …); long-press selects and the action bar shows Copy, Cut, Delete and
Extract, with Share, Compress and Select All in its overflow; a speed-dial FAB offers Folder
("New Folder", "Enter Name", CREATE); Copy/Cut then Paste; Compress asks "Enter Zip Name";
Extract writes the entries into a folder named after the archive beside it; Properties is a dialog.
Delete asks "Delete items permanently?" over the item list and an unticked "Delete Permanently" box;
unticked, the items move into the trash bin ``/storage/emulated/0/.AmazeData/TrashBinFiles``
(``GeneralDialogCreation.deleteFilesDialog``, ``res/layout/dialog_delete.xml``, ``AppConfig.java``
``TRASH_BIN_BASE_PATH``; the bin directory name is the AmazeTrashBin library's ``TRASH_BIN_DIR``).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.files.kit import FilesApp, FilesSkin, Icon

SKIN = FilesSkin(
    root_title="Internal Storage", list_id="listView", name_id="firstline", meta_id="secondLine",
    layout="list", actions="selection", bar="top", transfer="clipboard", create_style="speed_dial",
    details="dialog", extract="subfolder", archive_to="here", archive_types=False, path_bar=True,
    create=Icon("add", "Add", "fab_main"), create_folder_label="Folder", new_folder_title="New Folder",
    field_id="singleedittext_input", name_hint="Enter Name", ok="CREATE", cancel="CANCEL", selection_title="{n}",
    selection_icons=(Icon("copy", "Copy", "cpy", "copy"), Icon("delete", "Delete", "delete", "delete"),
                     Icon("cut", "Cut", "cut", "move"), Icon("unarchive", "Extract", "ex", "extract")),
    selection_menu=(("Select All", "select_all"), ("Share", "share"), ("Compress", "compress"), ("Open with", ""),
                    ("Hide", ""), ("Add Shortcut", "")),
    menu=(("Sort By", ""), ("Show hidden files", ""), ("Grid View", ""), ("Select All", "select_all")),
    row_menu=(("Open with", ""), ("Cut", "move"), ("Copy", "copy"), ("Delete", "delete"), ("Rename", "rename"),
              ("Encrypt", ""), ("Properties", "details"), ("Compress", "compress"), ("Share", "share"),
              ("Extract", "extract"), ("Add to Bookmarks", "")),
    row_menu_desc="Item options", row_menu_id="properties", paste="Paste", rename_title="Rename",
    delete_title="Delete items permanently?", delete_message="Are you sure you want to delete following items?",
    delete_yes="DELETE", bin_dir="/storage/emulated/0/.AmazeData/TrashBinFiles", delete_permanently="Delete Permanently",
    archive_title="Enter Zip Name",
    details_title="Properties", details_rows=("Name", "Path", "Type", "size", "Last Modified"),
    empty_text="Nothing here",
)


class AmazeFileManager(FilesApp):
    package = "com.amaze.filemanager"
    label = "Amaze"
    version_name, version_code = "3.11.2", 124
    launch_activity = ".ui.activities.MainActivity"
    icon_color = "#2196F3"
    skin = SKIN
