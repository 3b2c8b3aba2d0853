"""Material Files 1.7.4 (``me.zhanghai.android.files``), Hai Zhang's open-source file manager.

As the real app (zhanghai/MaterialFiles v1.7.4): a breadcrumb over a list of rows
(``recyclerView``; ``nameText``/``descriptionText``; a ``menuButton`` on every row opening the
item menu: Cut, Copy, Delete, Rename, Extract, Compress, Share, Properties); long-press selects
and the toolbar offers Cut, Copy, Delete with Extract, Compress, Share, Select all in its
overflow; a speed-dial FAB creates a Folder or a File ("New folder" dialog); Copy/Cut start a
paste mode ("Copying 1" + Paste) and Extract one with "Extract here", which extracts into a
folder named after the archive; Compress opens "Create archive" (name = the folder's or the
file's name, type .zip/.tar.xz/.7z); Properties is a dialog. Enter in a name field confirms the dialog
(NameDialogFragment: setOnEditorConfirmActionListener { onOk() }).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.files.kit import FilesApp, FilesSkin, Icon

SKIN = FilesSkin(
    root_title="Files", list_id="recyclerView", name_id="nameText", meta_id="descriptionText",
    layout="list", actions="selection", bar="top", transfer="clipboard", create_style="speed_dial",
    details="dialog", extract="paste", archive_to="here", archive_types=True, path_bar=True,
    create=Icon("add", "Create", "speedDialView"), create_folder_label="Folder", new_folder_title="New folder",
    field_id="nameEdit", name_hint="Name", ok="OK", cancel="Cancel", selection_title="{n}",
    selection_icons=(Icon("cut", "Cut", "action_cut", "move"), Icon("copy", "Copy", "action_copy", "copy"),
                     Icon("delete", "Delete", "action_delete", "delete")),
    selection_menu=(("Extract", "extract"), ("Compress", "compress"), ("Share", "share"), ("Select all", "select_all")),
    menu=(("View and sort", ""), ("Show hidden files", ""), ("Go to", ""), ("Copy path", "")),
    row_menu=(("Open with", ""), ("Cut", "move"), ("Copy", "copy"), ("Delete", "delete"), ("Rename", "rename"),
              ("Extract", "extract"), ("Compress", "compress"), ("Share", "share"), ("Copy path", ""),
              ("Properties", "details")),
    paste="Paste", extract_here="Extract here", rename_title="Rename", delete_title="Delete",
    delete_message="Delete “{name}”?", delete_yes="OK", archive_title="Create archive",
    details_title="Properties", details_rows=("Name", "Parent Folder", "Type", "Size", "Last Modified"),
    empty_text="No files", name_enter_ok=True,
)


class MaterialFiles(FilesApp):
    package = "me.zhanghai.android.files"
    label = "Material Files"
    version_name, version_code = "1.7.4", 39
    launch_activity = ".filelist.FileListActivity"
    icon_color = "#3F51B5"
    skin = SKIN
