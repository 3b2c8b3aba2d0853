"""The five file managers' adapters. All five keep the user's files in shared storage
(``/sdcard`` = ``/storage/emulated/0``, on the device ``/data/media/0``), written with ordinary
file operations; so the state is read there, as root, the same way for every app. The storage
profiles below say how each app writes (docs/files.md, "Storage profiles").

Two templates are about the screen itself (FilesViewFileInfo, FilesShareFile): their pairs are
``ui`` and also read ``uiautomator dump`` (verifiers/files/screen.py).
"""

from __future__ import annotations

import base64
import copy
import shlex
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.errors import DeviceError, VerifierReadError
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import (
    AppAdapter,
    FidelityReading,
    LaunchGuard,
    LaunchGuards,
    PairMode,
    RawSnapshot,
    SourceRef,
    StorageProfile,
)
from verifiers.files.oracle import FilesUi, ui_for
from verifiers.files.screen import screen_text, show, wanted_view
from verifiers.files.state import ROOT, Entry, FilesState, ScreenText, file_entry, folder
from verifiers.files.templates import SCREEN_TEMPLATES

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

FILES_PERMISSIONS: tuple[str, ...] = tuple(f"android.permission.{p}" for p in (
    "READ_EXTERNAL_STORAGE", "WRITE_EXTERNAL_STORAGE", "READ_MEDIA_AUDIO", "READ_MEDIA_IMAGES", "READ_MEDIA_VIDEO",
    "POST_NOTIFICATIONS"))

NO_ROOT = "__NO_CATBENCH__"
DIRS, LINKS, FILES, FILE, END = "__DIRS__", "__LINKS__", "__FILES__", "__FILE__ ", "__END__"
#: One shell call: the folders, the links, then every regular file as base64 (toybox find/base64).
READ_SCRIPT = (
    f"if [ ! -d {ROOT} ]; then echo {NO_ROOT}; exit 0; fi; "
    f"echo {DIRS}; find {ROOT} -mindepth 1 -type d -print; "
    f"echo {LINKS}; find {ROOT} -mindepth 1 -type l -print; "
    f"echo {FILES}; find {ROOT} -type f -exec echo {FILE.strip()} {{}} \\; -exec base64 {{}} \\; ; "
    f"echo {END}"
)

INFO_REASON = ("the outcome is the screen itself: no app and no Android record keeps that a details page is open; "
               "read from uiautomator dump")
SHARE_REASON = ("the outcome is the screen itself: Android records only that the chooser activity is in front "
                "(dumpsys activity), the shared file travels in the intent's extras, which that dump does not print; "
                "the chooser's preview is read from uiautomator dump")
SHARED_STORAGE_SOURCES = (
    SourceRef(repo="aosp-mirror/platform_frameworks_base", tag="android-13",
              files=("core/java/android/os/Environment.java (getExternalStorageDirectory: /storage/emulated/<user>)",),
              note="shared storage is /storage/emulated/0, FUSE over /data/media/0; /sdcard links to it"),
)


class SharedStorageAdapter(AppAdapter[FilesState]):
    """Seed and read ``/sdcard/CATBench``; the screen too for the screen templates."""

    app: ClassVar[AppSpec]
    runtime_permissions: ClassVar[tuple[str, ...]] = FILES_PERMISSIONS
    app_ops: ClassVar[tuple[str, ...]] = ("MANAGE_EXTERNAL_STORAGE",)
    #: Read and seed the screen (the ``ui`` pairs only, see ``for_template``).
    read_screen: bool = False

    @property
    def ui(self) -> FilesUi:
        ui = ui_for(self.app.app_id)
        if ui is None:
            raise DeviceError(f"no UI description for {self.app.app_id}")
        return ui

    def for_template(self, template: TaskTemplate[Any]) -> SharedStorageAdapter:
        bound = copy.copy(self)
        bound.read_screen = template.semantic_id in SCREEN_TEMPLATES
        return bound

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.semantic_id == "FilesViewFileInfo":
            return PairMode(mode="ui", reason=INFO_REASON)
        if template.semantic_id == "FilesShareFile":
            return PairMode(mode="ui", reason=SHARE_REASON)
        return super().validation_mode(template)

    def readable_part(self, state: FilesState) -> FilesState:
        """Screen pairs: a state that names no screen is the app as launched (nothing of note shown)."""
        if not self.read_screen:
            return state.model_copy(update={"screen": None})
        return state if state.screen is not None else state.model_copy(update={"screen": ScreenText()})

    # -- seeding --------------------------------------------------------------------------------
    def seed(self, device: DeviceClient, state: FilesState) -> None:
        """Recreate the folder as the prior release did (``rm -rf``, ``mkdir -p``, file bytes
        through ``base64 -d``), ask the media scanner to index it, and check the result."""
        cmds = [f"rm -rf {ROOT}", f"mkdir -p {ROOT}"]
        for e in state.entries:
            target = shlex.quote(f"{ROOT}/{e.path}")
            if e.kind == "dir":
                cmds.append(f"mkdir -p {target}")
            elif e.kind == "file":
                cmds.append(f"printf '%s' {shlex.quote(e.data_b64 or '')} | base64 -d > {target}")
            else:
                raise DeviceError(f"cannot seed the link {e.path}: no template seeds links")
        cmds.append(f"am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d file://{ROOT} >/dev/null 2>&1"
                    " || true")
        device.check(" && ".join(cmds[:-1]) + "; " + cmds[-1])
        got = self.parse(self.read_raw(device, screen=False))
        if got.read_back() != state.model_copy(update={"screen": None}).read_back():
            raise DeviceError(f"seeding {ROOT} did not produce the wanted tree: {got.describe()}")
        if self.read_screen:
            show(device, self.app.package, self.ui, wanted_view(state))

    def teardown(self, device: DeviceClient) -> None:
        device.check(f"rm -rf {ROOT}")

    # -- reading --------------------------------------------------------------------------------
    def read_raw(self, device: DeviceClient, *, screen: bool | None = None) -> RawSnapshot:
        try:
            out = device.check(READ_SCRIPT)
        except DeviceError as exc:
            raise VerifierReadError(f"could not read {ROOT}: {exc}") from exc
        raw: RawSnapshot = {"tree": out.splitlines()}
        if self.read_screen if screen is None else screen:
            raw["screen"] = [device.ui_dump()]
        return raw

    def parse(self, raw: RawSnapshot) -> FilesState:
        if "tree" not in raw:
            raise VerifierReadError("File Manager snapshot has no 'tree' read")
        entries, exists = parse_tree(raw["tree"])
        screen = screen_text("".join(raw["screen"])) if "screen" in raw else None
        return FilesState(root_exists=exists, entries=entries, screen=screen)


def _rel(path: str) -> str:
    prefix = ROOT + "/"
    if not path.startswith(prefix):
        raise VerifierReadError(f"find printed a path outside {ROOT}: {path!r}")
    return path[len(prefix):]


def parse_tree(lines: list[str]) -> tuple[list[Entry], bool]:
    """Pure: the entries of a :data:`READ_SCRIPT` output (sorted by path) and whether the root exists."""
    if lines[:1] == [NO_ROOT]:
        return [], False
    if not lines or lines[0] != DIRS or lines[-1] != END or LINKS not in lines or FILES not in lines:
        raise VerifierReadError(f"{ROOT} read is incomplete: {lines[:3]} … {lines[-2:]}")
    links_at, files_at = lines.index(LINKS), lines.index(FILES)
    entries: dict[str, Entry] = {}
    for line in lines[1:links_at]:
        entries[_rel(line)] = folder(_rel(line))
    for line in lines[links_at + 1:files_at]:
        entries[_rel(line)] = Entry(path=_rel(line), kind="link")
    current: str | None = None
    chunks: list[str] = []

    def flush() -> None:
        if current is not None:
            try:
                data = base64.b64decode("".join(chunks), validate=True)
            except ValueError as exc:
                raise VerifierReadError(f"{current}: unreadable base64 ({exc})") from exc
            entries[current] = file_entry(current, data)

    for line in lines[files_at + 1:-1]:
        if line.startswith(FILE):
            flush()
            current, chunks = _rel(line[len(FILE):]), []
        elif current is None:
            raise VerifierReadError(f"{ROOT} read: content before any file marker: {line[:80]!r}")
        else:
            chunks.append(line.strip())
    flush()
    return [entries[p] for p in sorted(entries)], True


# -- the five apps ---------------------------------------------------------------------------------


def _shared(what: str, writes: str, *sources: SourceRef, readable: bool = True) -> StorageProfile:
    return StorageProfile(what=what, path=f"{ROOT} (shared storage, /storage/emulated/0 = /data/media/0)",
                          format="ordinary files and folders; zip archives (PKZIP)", writes=writes, readable=readable,
                          sources=(*sources, *SHARED_STORAGE_SOURCES))


class MaterialFilesAdapter(SharedStorageAdapter):
    app = app_by_id("files_material_files")
    storage = (_shared(
        "files and folders",
        "New folder: createDirectory in the current folder; Rename: move within the folder; Cut/Copy + Paste: "
        "move/copy into the folder pasted in; Delete: deletes (no recycle bin); Compress ('Create archive'): "
        "<current folder>/<name>.zip (name preset to the file's or the common parent's name; .zip/.tar.xz/.7z); "
        "Extract + 'Extract here': the archive's entries into a folder named after the archive",
        SourceRef(repo="zhanghai/MaterialFiles", tag="v1.7.4", files=(
            "app/build.gradle (applicationId me.zhanghai.android.files, versionCode 39, versionName 1.7.4)",
            "app/src/main/java/me/zhanghai/android/files/filelist/FileListFragment.kt (archive: "
            "currentPath.resolve(name); extractFile: copy of createDummyArchiveRoot)",
            "app/src/main/java/me/zhanghai/android/files/filelist/CreateArchiveDialogFragment.kt",
            "app/src/main/res/menu/file_item.xml, file_list_select.xml, file_list_speed_dial.xml, file_list_paste.xml",
            "app/src/main/res/values/strings.xml"))),)


class FossifyFileManagerAdapter(SharedStorageAdapter):
    app = app_by_id("files_fossify_file_manager")
    storage = (_shared(
        "files and folders",
        "Create new (Folder): mkdir in the current folder; Rename: renameTo in place; Copy to / Move to: copy or "
        "move into the picked folder; Delete: deletes (no recycle bin); Compress as: <picked folder, default the "
        "current one>/<name>.zip (ZipOutputStream, optional password); Decompress: every entry into "
        "<archive's folder>/<archive name minus .zip>/",
        SourceRef(repo="FossifyOrg/File-Manager", tag="1.6.1", files=(
            "gradle.properties (VERSION_NAME 1.6.1, VERSION_CODE 13)",
            "app/src/main/kotlin/org/fossify/filemanager/adapters/ItemsAdapter.kt (compressSelection, "
            "decompressSelection, decompressPaths: parentPath/newFolderName/entry)",
            "app/src/main/kotlin/org/fossify/filemanager/dialogs/CompressAsDialog.kt (newPath = realPath/name.zip)",
            "app/src/main/res/menu/cab.xml", "app/src/main/res/layout/item_file_dir_list.xml",
            "app/src/main/res/layout/items_fragment.xml", "app/src/main/res/layout/dialog_create_new.xml"))),)


class AmazeAdapter(SharedStorageAdapter):
    app = app_by_id("files_amaze")
    storage = (_shared(
        "files and folders",
        "New Folder: mkdir in the current folder; Rename: renameTo in place; Copy/Cut + Paste: copy or move into "
        "the folder pasted in; Delete (dialog 'Delete items permanently?' with an unticked 'Delete Permanently' "
        "box): moves local items into the app's trash bin /storage/emulated/0/.AmazeData/TrashBinFiles (outside "
        "CATBench), deletes outright only when the box is ticked; Compress: <current folder>/<name>.zip; Extract: "
        "the entries into a folder named after the archive, beside it",
        SourceRef(repo="TeamAmaze/AmazeFileManager", tag="release/3.10 (3.10, versionCode 121)",
                  note="3.11.2 (124) is not tagged in the snapshot read; release/3.10 is the nearest branch",
                  files=("app/build.gradle (applicationId com.amaze.filemanager)",
                         "app/src/main/res/menu/contextual.xml, item_extras.xml",
                         "app/src/main/res/layout/rowlayout.xml", "app/src/main/res/values/strings.xml",
                         "app/src/main/java/com/amaze/filemanager/ui/dialogs/GeneralDialogCreation.java "
                         "(deleteFilesDialog: permanent = box ticked or hidden; hidden only for non-local files)",
                         "app/src/main/res/layout/dialog_delete.xml (delete_permanently_checkbox)",
                         "app/src/main/java/com/amaze/filemanager/application/AppConfig.java "
                         "(TRASH_BIN_BASE_PATH = <external storage>/.AmazeData)"))),)


CLOSED_NOTE = ("closed source: that the app writes the user's files into shared storage with ordinary file "
               "operations is what a rooted emulator shows for any file manager (unverified for this app); "
               "the prior release's verifier read the same paths (notes tasks_part1 §4)")


class TotalCommanderAdapter(SharedStorageAdapter):
    app = app_by_id("files_total_commander")
    storage = (_shared(
        "files and folders",
        "New folder, Rename, Delete: in place; Copy/Move and Pack: into the other panel's folder (Pack writes "
        "<name>.zip); a zip opens like a folder and Copy writes its files into the other panel (unverified)",
        SourceRef(repo="closed source", tag="3.62b1d (2470)", note=CLOSED_NOTE)),)


class XploreAdapter(SharedStorageAdapter):
    app = app_by_id("files_x_plore_file_manager")
    storage = (_shared(
        "files and folders",
        "Create folder, Rename, Delete: in place; Copy/Move: into the other pane's folder; Zip: <name>.zip in the "
        "current pane; a zip opens like a folder and Copy writes its files into the other pane (unverified)",
        SourceRef(repo="closed source", tag="4.43.01 (44301)", note=CLOSED_NOTE)),)


# -- launch guards and the second reading (issues 23/27; docs/files.md, "Launch guards and fidelity") ------

READ_ON = "2026-12-03"
NOT_REREAD = ("not re-read against its source in this pass: the profile's own reading stands, unconfirmed by a "
              "second reader")
AMAZE_START = SourceRef(repo="TeamAmaze/AmazeFileManager", tag="v3.10 (nearest: 3.11.2 is not tagged)", files=(
    "app/src/main/java/com/amaze/filemanager/ui/activities/MainActivity.java (checkForExternalPermission: "
    "requestAllFilesAccess on R+, requestNotificationPermission on Tiramisu)",
    "app/src/main/java/com/amaze/filemanager/ui/dialogs/GeneralDialogCreation.java (deleteFilesDialog)",
    "app/src/main/res/layout/dialog_delete.xml", "app/src/main/java/com/amaze/filemanager/application/AppConfig.java "
    "(TRASH_BIN_BASE_PATH)"))
ALL_FILES = ("'All files access' (MANAGE_EXTERNAL_STORAGE) asked on the first start when missing; the user's files "
             "are in shared storage")


def _all_files_guard(source: SourceRef) -> LaunchGuard:
    return LaunchGuard(kind="first_screen", what=ALL_FILES, handled_by="app-op MANAGE_EXTERNAL_STORAGE set to allow "
                       "and the storage/notification permissions granted at setup", sources=(source,))


AmazeAdapter.launch_guards = LaunchGuards(guards=(
    _all_files_guard(AMAZE_START),
    LaunchGuard(kind="first_screen", what="the POST_NOTIFICATIONS prompt on Android 13",
                handled_by="POST_NOTIFICATIONS granted at setup", sources=(AMAZE_START,)),
), read=(AMAZE_START,))
AmazeAdapter.fidelity = FidelityReading(
    source=AMAZE_START, date=READ_ON, verdict="mismatch-fixed",
    found=("Delete moves local items into the trash bin /storage/emulated/0/.AmazeData/TrashBinFiles unless "
           "'Delete Permanently' is ticked; the profile and docs said the opposite and the double deleted outright: "
           "profile, docs and double now follow the source (verdicts unchanged: the bin is outside CATBench)",),
    open_points=("3.11.2 itself is not tagged in the snapshot read; v3.10 is the nearest",))
MATERIAL_START = SourceRef(repo="zhanghai/MaterialFiles", tag="v1.7.4", files=(
    "app/src/main/AndroidManifest.xml (POST_NOTIFICATIONS, MANAGE_EXTERNAL_STORAGE)",
    "app/src/main/java/me/zhanghai/android/files/filelist/FileListFragment.kt (ensureStorageAccess: the 'All files "
    "access' rationale when !isExternalStorageManager; ensureNotificationPermission: the POST_NOTIFICATIONS "
    "request; confirmDeleteFiles)",
    "app/src/main/java/me/zhanghai/android/files/filelist/NameDialogFragment.kt (nameEdit."
    "setOnEditorConfirmActionListener { onOk() }: Enter confirms New folder, Rename, Create archive)",
    "app/src/main/res/layout/name_dialog_name_include.xml (nameEdit, inputType text)",
    "app/src/main/res/values/strings.xml (file_delete_message_file_format 'Delete “%1$s”?', file_list_empty)"))
FOSSIFY_FM_START = SourceRef(repo="FossifyOrg/File-Manager", tag="1.6.1", files=(
    "app/src/main/kotlin/org/fossify/filemanager/activities/MainActivity.kt (onCreate: appLaunched, tabs, "
    "tryInitFileManager -> handleStoragePermission, openPath(config.homeFolder); checkWhatsNew)",
    "app/src/main/kotlin/org/fossify/filemanager/activities/SimpleActivity.kt (handleStoragePermission: the 'access "
    "storage' prompt on R+ only when !isExternalStorageManager)",
    "app/src/main/kotlin/org/fossify/filemanager/dialogs/CreateNewItemDialog.kt, res/layout/dialog_create_new.xml "
    "(item_title singleLine, no editor action: only OK creates)",
    "app/src/main/res/layout/dialog_compress_as.xml (filename_value, no editor action)",
    "app/src/main/kotlin/org/fossify/filemanager/adapters/ItemsAdapter.kt (askConfirmDelete: deletion_confirmation "
    "with the quoted file name; deleteFiles: no recycle bin)"))
MaterialFilesAdapter.launch_guards = LaunchGuards(guards=(
    _all_files_guard(MATERIAL_START),
    LaunchGuard(kind="first_screen", what="the POST_NOTIFICATIONS request (ensureNotificationPermission)",
                handled_by="POST_NOTIFICATIONS granted at setup", sources=(MATERIAL_START,)),
    LaunchGuard(kind="writes", what="nothing in shared storage at start-up (settings in the app's own preferences)",
                handled_by="no seeded store touched", sources=(MATERIAL_START,)),
), read=(MATERIAL_START,))
MaterialFilesAdapter.fidelity = FidelityReading(
    source=MATERIAL_START, date=READ_ON, verdict="mismatch-fixed",
    found=("Enter in a name dialog (New folder, Rename, Create archive) confirms it in the app "
           "(NameDialogFragment.setOnEditorConfirmActionListener); the double's Enter did nothing: fixed "
           "(FilesSkin.name_enter_ok)",
           "storage, first screens and the delete dialog ('Delete “name”?', OK) match the profile and double"),
    open_points=("the files' own operations (copy/move jobs, archive writers) were not re-read in this pass; the "
                 "first reading's profile stands for them",))
FossifyFileManagerAdapter.launch_guards = LaunchGuards(guards=(
    _all_files_guard(FOSSIFY_FM_START),
    LaunchGuard(kind="writes", what="app preferences at start-up (appLaunched, the storage-analysis tab flag); "
                "nothing in shared storage", handled_by="no seeded store touched", sources=(FOSSIFY_FM_START,)),
), read=(FOSSIFY_FM_START,))
FossifyFileManagerAdapter.fidelity = FidelityReading(
    source=FOSSIFY_FM_START, date=READ_ON, verdict="match",
    found=(),
    open_points=("the delete dialog quotes the name ('Are you sure you want to delete \"a.txt\"?'); the double's "
                 "message has no quotes (label only)",
                 "Enter in Create new / Compress as creates nothing in the app and in the double (no editor "
                 "action: the focus moves down to the dialog's buttons, as TextView.onKeyUp does); Rename "
                 "(Fossify Commons' dialog) was not read"))
_closed_apps: tuple[type[SharedStorageAdapter], ...] = (TotalCommanderAdapter, XploreAdapter)
for _cls in _closed_apps:
    _src = _cls.storage[0].sources[0]
    _cls.launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="first_screen", what="assumed: a storage-access prompt on the first start (closed source)",
                    handled_by="app-op MANAGE_EXTERNAL_STORAGE and storage permissions granted at setup; any other "
                    "first screen is unknown", sources=(_src,)),), read=(_src,))
    _cls.fidelity = FidelityReading(source=_src, date=READ_ON, verdict="unverifiable", open_points=(
        "closed source: that the app writes plain files into shared storage is assumed from what any file manager "
        "does on a rooted emulator; labels, ids and first screens are unverified",))
