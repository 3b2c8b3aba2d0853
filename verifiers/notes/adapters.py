"""The Notes apps' adapters: each seeds and reads the app's own store at its pinned version
(docs/notes.md, "Storage profiles"), and maps the app's container (directory, notebook, label,
tag) to the neutral "folder".

* Markor 2.16.1: plain files under ``/storage/emulated/0/Documents/markor`` (file = note, its name
  = title, sub-directory = folder); delete removes the file.
* Joplin 3.1.6: ``joplin.sqlite`` (notebooks = folders, the default notebook ``Notes`` = no
  folder, trash = ``deleted_time``).
* NotallyX 7.5.3: Room ``NotallyDatabase`` (labels = folders, list notes hold checklists,
  bin = ``folder = 'DELETED'``).
* neutriNote CE 4.6.3: ``app_db`` table ``records`` (tags = metadata words, bin = ``deleted = 1``).
* Notesnook 3.4.9: an always-encrypted database; read off the screens and seeded by typing
  (``screen.py``; notebooks = folders, the Trash is not live).
* Orgzly Revived 1.22.0: Room ``orgzly.db`` (notebooks = folders, the default notebook ``Notes`` =
  no folder, notes = level-1 headings; deletes are hard).
"""

from __future__ import annotations

import json
import shlex
from abc import abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.constants import FROZEN_DEVICE_TIME_MS
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.base import (
    AppAdapter,
    FidelityReading,
    FirstStartDone,
    LaunchGuard,
    LaunchGuards,
    PairMode,
    RawSnapshot,
    SourceRef,
    StorageProfile,
    ensure_app_database,
    own_app_files,
)
from verifiers.notes.screen import read_screens, type_state
from verifiers.notes.sqlite_store import parse_hex_rows, read_tables, select_hex, sql_text, write
from verifiers.notes.state import DEFAULT_FOLDER, ChecklistItem, Note, NotesState, join_task_lines, split_task_lines

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient
    from pytest_anyapp.templates.base import TaskTemplate

SPLIT = "__ANYAPP_NEXT__"
READ_ON = "2026-12-03"


def drop_trashed(state: NotesState) -> NotesState:
    """For apps without a bin: a trashed note is a deleted one (absent from the store)."""
    return state.model_copy(update={"notes": [n for n in state.notes if not n.trashed]})


# -- Markor ---------------------------------------------------------------------------------------

MARKOR_ROOT = "/storage/emulated/0/Documents/markor"
MARKOR_EXTENSIONS = (".md", ".txt")


_PREFS_HEAD = "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
#: What Markor stores once its intro is done and its first start of this version is over: without
#: them the agent meets the app intro (then the storage request and the changelog dialog).
MARKOR_PREFS = {
    "net.gsantner.markor_preferences.xml":
        _PREFS_HEAD + '    <boolean name="net.gsantner.markor.activity.IntroActivitywas_shown" value="true" />\n</map>',
    "app.xml": _PREFS_HEAD + '    <int name="pref_key__app_first_start_current_version" value="163" />\n</map>',
}
MARKOR_START_SOURCE = SourceRef(repo="gsantner/markor", tag="v2.16.1", files=(
    "app/src/main/java/net/gsantner/markor/activity/MainActivity.java (onResume: IntroActivity.optStart; after the "
    "intro StoragePermissionActivity.requestPermissions; the changelog dialog when isAppCurrentVersionFirstStart)",
    "app/src/main/java/net/gsantner/markor/activity/IntroActivity.java (default preferences key "
    "<class>was_shown, set by Done; no Skip)",
    "app/src/main/java/net/gsantner/opoc/model/GsSharedPreferencesPropertyBackend.java (AppSettings file 'app')",
    "app/src/main/res/values/string-not_translatable.xml (pref_key__app_first_start_current_version)"))


class MarkorAdapter(AppAdapter[NotesState]):
    """Notes are files, folders are directories of the notebook root (``pm clear`` leaves shared
    storage alone, so seeding empties the root itself)."""

    app = app_by_id("notes_markor")
    app_ops = ("MANAGE_EXTERNAL_STORAGE",)  # its notebook is in shared storage
    storage = (StorageProfile(
        what="notes and folders", path=f"{MARKOR_ROOT}/ (the default notebook directory)",
        format="one UTF-8 text file per note, <title>.md (the new-file dialog's Title + extension); a folder is a "
               "sub-directory; checklists are Markdown task lines '- [ ] item' / '- [x] item'",
        writes="new file: OK in the new-file dialog creates <title>.md (empty template: empty file) and opens it; "
               "editing saves the text into the file; Folder in the same dialog mkdirs <title>; Rename renames "
               "the file; Delete removes the file or directory (no bin)",
        sources=(SourceRef(repo="gsantner/markor", tag="v2.16.1", files=(
            "app/build.gradle (applicationId net.gsantner.markor, versionName 2.16.1, versionCode 163)",
            "app/src/main/java/net/gsantner/markor/model/AppSettings.java (getDefaultNotebookFile: "
            "<external storage>/Documents/<app_name lowercased> = Documents/markor)",
            "app/src/main/java/net/gsantner/markor/frontend/NewFileDialog.java (OK: file <title><ext>, "
            "saveContent; Folder: mkdirs)",
            "app/src/main/java/net/gsantner/opoc/frontend/filebrowser/GsFileBrowserFragment.java "
            "(action_delete_selected_items -> deleteSelectedItems)",
            "app/src/main/java/net/gsantner/opoc/util/GsFileUtils.java (deleteRecursive: File.delete)",
        ), note="AndroidWorld's Markor is 146 (Documents/Markor was set by its setup); the prior release read "
                "Documents/Markor, which is not the app's default at 2.16.1"),),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="first_screen", what="the app intro (IntroActivity, five slides, Done only) while the default "
                                              "preferences lack IntroActivitywas_shown",
                    handled_by="the seeder writes the flag into net.gsantner.markor_preferences.xml (owned by the app); "
                               "the double shows the intro without it", sources=(MARKOR_START_SOURCE,)),
        LaunchGuard(kind="first_screen", what="after the intro: the storage permission request and the changelog "
                                              "dialog while app.xml's pref_key__app_first_start_current_version != 163",
                    handled_by="MANAGE_EXTERNAL_STORAGE is allowed at setup (app_ops); the seeder writes the version",
                    sources=(MARKOR_START_SOURCE,)),
    ), read=(MARKOR_START_SOURCE,))
    fidelity = FidelityReading(
        source=MARKOR_START_SOURCE, date=READ_ON, verdict="mismatch-fixed",
        found=("after pm clear the real app opens its intro (no Skip), then the changelog dialog; the double showed "
               "neither and the seeder set nothing: the seeder now writes both flags and the double shows the intro "
               "when its flag is missing",),
        open_points=("StoragePermissionActivity's own screen is not modelled (the app-op is granted before launch)",))

    def readable_part(self, state: NotesState) -> NotesState:
        return drop_trashed(state)

    def seed(self, device: DeviceClient, state: NotesState) -> None:
        data = f"/data/data/{self.app.package}/shared_prefs"
        for name, xml in MARKOR_PREFS.items():
            device.check(f"mkdir -p {data} && echo {shlex.quote(xml)} > {data}/{name}")
        own_app_files(device, self.app.package, "shared_prefs")
        root = shlex.quote(MARKOR_ROOT)
        dirs = sorted({f for n in state.notes for f in n.folders} | set(state.folders))
        mk = " ".join(shlex.quote(f"{MARKOR_ROOT}/{d}") for d in dirs)
        device.check(f"rm -rf {root} && mkdir -p {root}" + (f" && mkdir -p {mk}" if mk else ""))
        for note in state.notes:
            if note.trashed:
                continue
            where = f"{MARKOR_ROOT}/{note.folders[0]}" if note.folders else MARKOR_ROOT
            device.push_bytes(join_task_lines(note.body, note.items).encode(), f"{where}/{note.title}.md")

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        root = shlex.quote(MARKOR_ROOT)
        try:
            out = device.check(f"find {root} -mindepth 1 -type d && echo {SPLIT} && find {root} -mindepth 1 -type f")
        except DeviceError as exc:
            raise VerifierReadError(f"could not list {MARKOR_ROOT}: {exc}") from exc
        parts = out.split(f"{SPLIT}\n")
        if len(parts) != 2:
            raise VerifierReadError(f"Markor listing: expected 2 parts, got {len(parts)}")
        dirs, files = ([line for line in part.split("\n") if line] for part in parts)
        notes: list[str] = []
        for path in files:
            if not path.endswith(MARKOR_EXTENSIONS):
                continue
            try:
                text = device.pull_bytes(path).decode("utf-8", errors="replace")
            except DeviceError as exc:
                raise VerifierReadError(f"could not read {path}: {exc}") from exc
            notes.append(json.dumps({"path": path, "text": text}))
        return {"dirs": dirs, "files": notes}

    def parse(self, raw: RawSnapshot) -> NotesState:
        if "dirs" not in raw or "files" not in raw:
            raise VerifierReadError("Markor snapshot lacks 'dirs' or 'files'")
        prefix = MARKOR_ROOT + "/"

        def rel(path: str) -> list[str]:
            if not path.startswith(prefix):
                raise VerifierReadError(f"{path} is outside {MARKOR_ROOT}")
            return path[len(prefix):].split("/")

        folders = sorted({rel(d)[0] for d in raw["dirs"]})
        notes: list[Note] = []
        for line in raw["files"]:
            entry = json.loads(line)
            parts = rel(entry["path"])
            name = parts[-1].rsplit(".", 1)[0]
            body, items = split_task_lines(entry["text"])
            notes.append(Note(title=name, body=body, items=items, folders=parts[:1] if len(parts) > 1 else []))
        return NotesState(notes=notes, folders=folders)


# -- SQLite apps ------------------------------------------------------------------------------------

def _seed_time(i: int) -> int:
    """Seed rows are stamped minutes before the frozen device time, oldest first."""
    return FROZEN_DEVICE_TIME_MS - (60 - i) * 60_000


def _folder_names(state: NotesState) -> list[str]:
    return sorted({*state.folders, *(f for n in state.notes for f in n.folders)} - {DEFAULT_FOLDER})


class SqliteNotesAdapter(AppAdapter[NotesState]):
    """An app keeping notes in its own SQLite database: make sure the app created it, replace the
    rows in one transaction, read them back hex-encoded (``sqlite_store``)."""

    db: ClassVar[str]
    #: What marks the end of the app's first start (default: activity resumed, database settled).
    first_start: ClassVar[FirstStartDone | None] = None
    #: Preferences files (path under the data directory -> XML) the app needs at start-up to show
    #: the seeded state and no first-run screens (its launch guards of kind ``needs``).
    seed_prefs: ClassVar[dict[str, str]] = {}

    def seed(self, device: DeviceClient, state: NotesState) -> None:
        package = self.app.package
        ensure_app_database(device, package, self.db, done=self.first_start)
        write(device, self.db, self.seed_statements(state))
        for relative, xml in self.seed_prefs.items():
            device.push_bytes(xml.encode(), f"/data/data/{package}/{relative}")
        own_app_files(device, package, "databases", *sorted({r.split("/")[0] for r in self.seed_prefs}))

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return read_tables(device, self.db, self.queries())

    @abstractmethod
    def seed_statements(self, state: NotesState) -> list[str]: ...

    @abstractmethod
    def queries(self) -> dict[str, str]: ...


# -- Joplin -----------------------------------------------------------------------------------------

JOPLIN_DB = "/data/data/net.cozic.joplin/databases/joplin.sqlite"
JOPLIN_SOURCE = SourceRef(repo="laurent22/joplin", tag="android-v3.1.6", files=(
    "packages/app-mobile/android/app/build.gradle (versionName 3.1.6, versionCode 2097754)",
    "packages/app-mobile/services/profiles/index.ts (main profile database joplin.sqlite)",
    "packages/lib/JoplinDatabase.ts and services/database/migrations/43-47.ts (folders, notes, deleted_time)",
    "packages/lib/models/Note.ts (delete: deleted_time = updated_time = now)",
    "packages/lib/models/Folder.ts (delete: deleted_time = now)",
    "packages/lib/WelcomeUtils.ts (first start: a 'Welcome!' notebook, setting welcome.wasBuilt)",
), note="read through the notes (storage_todo_notes_calendar.md §8); newer Android tags could not be checked")


def _hex_id(i: int) -> str:
    return f"{i + 1:032x}"


class JoplinAdapter(SqliteNotesAdapter):
    """Notebooks in ``folders``, notes in ``notes`` (``parent_id`` = notebook); the default
    notebook ``Notes`` is the neutral "no folder"; the trash is ``deleted_time != 0``."""

    app = app_by_id("notes_joplin")
    db = JOPLIN_DB
    #: The welcome notebook is built after the database exists; its flag is the last write.
    first_start = FirstStartDone(kind="sql", query="SELECT value FROM settings WHERE key = 'welcome.wasBuilt'",
                                 sources=(JOPLIN_SOURCE,))
    storage = (StorageProfile(
        what="notebooks (folders) and notes", path=JOPLIN_DB,
        format="folders(id 32-hex, title, created_time, updated_time, user_*_time ms, parent_id '' = top level, "
               "deleted_time ms, 0 = live); notes(id, parent_id = folder id, title, body Markdown, created_time, "
               "updated_time, user_*_time, is_todo, todo_due, todo_completed, markup_language 1, deleted_time)",
        writes="new note: a notes row in the selected notebook (the default one from 'All notes'); edits update "
               "title/body/updated_time; Delete sets deleted_time (the trash, auto-emptied after 90 days); New "
               "notebook: a folders row; checklists are Markdown task lines in body",
        sources=(JOPLIN_SOURCE,),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="needs", what="settings welcome.wasBuilt = 1", handled_by="the seed writes it (and waits "
                    "for the first start to set it, ensure_app_database with the 'sql' marker)", sources=(JOPLIN_SOURCE,)),
        LaunchGuard(kind="writes", what="a 'Welcome!' notebook with notes on a start without welcome.wasBuilt",
                    handled_by="written at the seeder's first start and replaced by the seed (DELETE FROM folders/notes)",
                    sources=(JOPLIN_SOURCE,)),
    ), read=(JOPLIN_SOURCE,))
    fidelity = FidelityReading(
        source=JOPLIN_SOURCE, date=READ_ON, verdict="mismatch-fixed",
        found=("the welcome notebook is built after the database exists; the double built none and the seeder stopped "
               "the app at the file: the double now builds it on a worker thread, the seeder waits for the flag",),
        open_points=("WelcomeUtils.ts and root.tsx read through the reference notes at android-v3.1.6, not re-fetched; "
                     "other first screens of the React Native app (sync target, encryption prompts) not read",))

    def seed_statements(self, state: NotesState) -> list[str]:
        folders = [DEFAULT_FOLDER, *_folder_names(state)]
        ids = {name: _hex_id(i) for i, name in enumerate(folders)}
        out = ["DELETE FROM notes;", "DELETE FROM folders;",
               "INSERT OR REPLACE INTO settings (key, value, type) VALUES ('welcome.wasBuilt', '1', 3);"]
        for i, name in enumerate(folders):
            t = _seed_time(i)
            out.append("INSERT INTO folders (id, title, created_time, updated_time, user_created_time, "
                       f"user_updated_time, parent_id) VALUES ('{ids[name]}', {sql_text(name)}, {t}, {t}, {t}, {t}, '');")
        for i, note in enumerate(state.notes):
            t, parent = _seed_time(len(folders) + i), ids[note.folders[0] if note.folders else DEFAULT_FOLDER]
            gone = t if note.trashed else 0
            out.append("INSERT INTO notes (id, parent_id, title, body, created_time, updated_time, user_created_time, "
                       f"user_updated_time, deleted_time) VALUES ('{_hex_id(100 + i)}', '{parent}', "
                       f"{sql_text(note.title)}, {sql_text(join_task_lines(note.body, note.items))}, {t}, {t}, {t}, "
                       f"{t}, {gone});")
        return out

    def queries(self) -> dict[str, str]:
        return {"folders": select_hex("folders", ("id", "title", "deleted_time")),
                "notes": select_hex("notes", ("parent_id", "title", "body", "deleted_time"))}

    def parse(self, raw: RawSnapshot) -> NotesState:
        if "folders" not in raw or "notes" not in raw:
            raise VerifierReadError("Joplin snapshot lacks 'folders' or 'notes'")
        live = {fid: title for fid, title, gone in parse_hex_rows(raw["folders"], 3, "folders") if gone in ("", "0")}
        notes = []
        for parent, title, text, gone in parse_hex_rows(raw["notes"], 4, "notes"):
            body, items = split_task_lines(text)
            folder = live.get(parent, "")
            notes.append(Note(title=title, body=body, items=items, trashed=gone not in ("", "0"),
                              folders=[folder] if folder and folder != DEFAULT_FOLDER else []))
        return NotesState(notes=notes, folders=sorted(set(live.values()) - {DEFAULT_FOLDER}))


# -- NotallyX ---------------------------------------------------------------------------------------

NOTALLY_READ = SourceRef(repo="PhilKes/NotallyX", tag="v7.5.3", files=(
    "app/src/main/java/com/philkes/notallyx/NotallyXApplication.kt (theme, backup observers: nothing written "
    "without a backup folder)",
    "app/src/main/java/com/philkes/notallyx/presentation/activity/main/MainActivity.kt (start view, no dialog)",
    "app/src/main/java/com/philkes/notallyx/data/NotallyDatabase.kt (NotallyDatabase v9, SQLCipher only when "
    "the biometric lock is on)",
    "app/src/main/java/com/philkes/notallyx/presentation/viewmodel/preference/NotallyXPreferences.kt "
    "(dataOnExternalStorage false, biometric lock off by default)",
    "app/schemas/com.philkes.notallyx.data.NotallyDatabase/9.json", "app/src/main/java/com/philkes/notallyx/data/"
    "model/Converters.kt (items: body, checked, isChild, order)",
    "app/src/main/AndroidManifest.xml (EditNoteActivity, EditListActivity)",
    "app/src/main/res/layout/activity_edit.xml (EnterTitle: textMultiLine, actionNext)",
    "app/src/main/java/com/philkes/notallyx/presentation/UiExtensions.kt (setOnNextAction: Enter -> next)",
))

NOTALLY_DB = "/data/data/com.philkes.notallyx/databases/NotallyDatabase"


class NotallyXAdapter(SqliteNotesAdapter):
    """``BaseNote`` rows: text notes (``type`` NOTE, ``body``) and list notes (``type`` LIST,
    ``items`` JSON); labels are the folders (``Label`` table and each note's ``labels`` array);
    the bin is ``folder = 'DELETED'``."""

    app = app_by_id("notes_notallyx")
    db = NOTALLY_DB
    storage = (StorageProfile(
        what="notes, list notes and labels", path=NOTALLY_DB,
        format="Room v9: BaseNote(id autoincrement, type NOTE|LIST, folder NOTES|DELETED|ARCHIVED, color, title, "
               "pinned, timestamp ms, modifiedTimestamp ms, labels JSON string array, body, spans JSON, items JSON "
               "[{body, checked, isChild, order}], images, files, audios, reminders JSON, viewMode EDIT|READ_ONLY); "
               "Label(value primary key)",
        writes="leaving the editor (and a 5 s idle auto-save) upserts the row; an empty new note is deleted; Delete "
               "sets folder = 'DELETED' (Empty bin removes rows); Add label inserts a Label row; a note made in a "
               "label's view carries the label",
        sources=(SourceRef(repo="PhilKes/NotallyX", tag="v7.5.3", files=(
            "gradle.properties (app.versionName 7.5.3, app.versionCode 7530)",
            "app/schemas/com.philkes.notallyx.data.NotallyDatabase/9.json (BaseNote, Label)",
            "app/src/main/java/com/philkes/notallyx/data/NotallyDatabase.kt (name NotallyDatabase; SQLCipher only "
            "with the biometric lock, off by default)",
            "app/src/main/java/com/philkes/notallyx/data/model/Converters.kt (items JSON keys)",
            "app/src/main/java/com/philkes/notallyx/data/model/NoteViewMode.kt (EDIT, READ_ONLY)",
            "app/src/main/java/com/philkes/notallyx/presentation/activity/main/fragment/LabelsFragment.kt "
            "(Add label dialog)",
        )),),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="writes", what="the Room database NotallyDatabase (v9) when the notes list first loads",
                    handled_by="ensure_app_database launches the app once and seeds after the file exists",
                    sources=(NOTALLY_READ,)),
    ), read=(NOTALLY_READ,))
    fidelity = FidelityReading(
        source=NOTALLY_READ, date=READ_ON, verdict="mismatch-fixed",
        found=("the double named its editor EditActivity, the abstract base: a text note opens EditNoteActivity, a "
               "list EditListActivity (now so)",
               "Enter in the title moves the focus to the body or the first item (setOnNextAction's key listener); "
               "the double ignored it (now moves the focus)"),
        open_points=())

    def readable_part(self, state: NotesState) -> NotesState:
        """A list note has no text of its own; the labels of notes are Label rows too."""
        notes = [n.model_copy(update={"body": ""}) if n.items else n for n in state.notes]
        return NotesState(notes=notes, folders=sorted({*state.folders, *(f for n in state.notes for f in n.folders)}))

    def seed_statements(self, state: NotesState) -> list[str]:
        labels = sorted({*state.folders, *(f for n in state.notes for f in n.folders)})
        out = ["DELETE FROM BaseNote;", "DELETE FROM Label;"]
        out += [f"INSERT INTO Label (value) VALUES ({sql_text(v)});" for v in labels]
        for i, note in enumerate(state.notes):
            t = _seed_time(i)
            kind = "LIST" if note.items else "NOTE"
            items = json.dumps([{"body": it.text, "checked": it.checked, "isChild": False, "order": k}
                                for k, it in enumerate(note.items)])
            out.append(
                "INSERT INTO BaseNote (type, folder, color, title, pinned, timestamp, modifiedTimestamp, labels, body, "
                f"spans, items, images, files, audios, reminders, viewMode) VALUES ('{kind}', "
                f"'{'DELETED' if note.trashed else 'NOTES'}', 'DEFAULT', {sql_text(note.title)}, 0, {t}, {t}, "
                f"{sql_text(json.dumps(note.folders))}, {sql_text('' if note.items else note.body)}, '[]', "
                f"{sql_text(items)}, '[]', '[]', '[]', '[]', 'EDIT');")
        return out

    def queries(self) -> dict[str, str]:
        return {"notes": select_hex("BaseNote", ("type", "folder", "title", "labels", "body", "items")),
                "labels": select_hex("Label", ("value",))}

    def parse(self, raw: RawSnapshot) -> NotesState:
        if "notes" not in raw or "labels" not in raw:
            raise VerifierReadError("NotallyX snapshot lacks 'notes' or 'labels'")
        notes = []
        for kind, folder, title, labels, body, items in parse_hex_rows(raw["notes"], 6, "BaseNote"):
            try:
                label_list = [str(v) for v in json.loads(labels or "[]")]
                item_list = [ChecklistItem(text=str(i.get("body", "")), checked=bool(i.get("checked")))
                             for i in json.loads(items or "[]")] if kind == "LIST" else []
            except (ValueError, AttributeError) as exc:
                raise VerifierReadError(f"NotallyX note {title!r}: bad JSON: {exc}") from exc
            notes.append(Note(title=title, body="" if kind == "LIST" else body, items=item_list,
                              folders=label_list, trashed=folder == "DELETED"))
        return NotesState(notes=notes, folders=sorted(v for (v,) in parse_hex_rows(raw["labels"], 1, "Label")))


# -- Orgzly Revived ---------------------------------------------------------------------------------

ORGZLY_DB = "/data/data/com.orgzlyrevived/databases/orgzly.db"


ORGZLY_STATE = "/data/data/com.orgzlyrevived/shared_prefs/state.xml"
ORGZLY_LOADED = "pref_key_is_getting_started_notebook_loaded"
ORGZLY_VERSION_CODE = 288
ORGZLY_INTRO_SOURCE = SourceRef(
    repo="orgzly-revived/orgzly-android-revived", tag="060c9b1 (search index; nearest to v1.22.0)", files=(
        "app/src/main/java/com/orgzly/android/ui/main/MainActivity.java (performIntros on resume: a new version "
        "code imports the Getting Started notebook unless loaded, opens the drawer for a first user, shows What's new)",
        "app/src/main/java/com/orgzly/android/prefs/AppPreferences.java (state prefs file 'state'; "
        "isGettingStartedNotebookLoaded, lastUsedVersionCode, both apply())",
        "app/src/main/java/com/orgzly/android/usecase/UseCaseWorker.kt (postGettingStartedImport sets the flag)",
        "app/src/main/res/values/prefs_keys.xml (pref_key_is_getting_started_notebook_loaded, "
        "pref_key_last_used_version_code)"))


class OrgzlyAdapter(SqliteNotesAdapter):
    """Notebooks (``books``) are folders, the default notebook ``Notes`` is "no folder"; a note is a
    level-1 heading of its book (nested set under the book's root note). No bin: deletes are hard."""

    app = app_by_id("notes_orgzly_revived")
    db = ORGZLY_DB
    storage = (StorageProfile(
        what="notebooks and notes", path=ORGZLY_DB,
        format="Room v158: books(id, name unique, title, mtime ms, is_dummy, is_deleted legacy, preface, filetags, "
               "…, is_modified); notes(id, is_cut, created_at ms, title, tags, state, priority, content, "
               "content_line_count, *_range_id, book_id, lft, rgt, level, parent_id, folded_under_id, is_folded, "
               "descendants_count); note_ancestors(note_id, book_id, ancestor_note_id); each book has a root note "
               "(level 0, lft 1)",
        writes="New notebook: a books row plus its root note; a new note (Done): a level-1 notes row appended under "
               "the root (rgt of the root +2) and its note_ancestors row; edits update title/content; Delete removes "
               "the note's subtree (hard); checklists are '- [ ] item' lines in content",
        sources=(SourceRef(repo="orgzly-revived/orgzly-android-revived", tag="v1.22.0", files=(
            "app/build.gradle (applicationId com.orgzlyrevived, versionName 1.22.0, versionCode 288)",
            "app/schemas/com.orgzly.android.db.OrgzlyDatabase/158.json (books, notes, note_ancestors)",
            "app/src/main/java/com/orgzly/android/data/DataRepository.kt (createBook: book + root note; deleteBook)",
            "app/src/main/java/com/orgzly/android/db/dao/NoteDao.kt (delete subtree)",
            "app/src/main/java/com/orgzly/android/ui/books/BooksFragment.kt (New notebook dialog, Create)",
            "app/src/main/java/com/orgzly/android/ui/note/NoteFragment.kt (Done saves; 'Save changes?' on back)",
            "app/src/main/res/layout/fragment_note.xml (title, content)",
        ), note="first run imports 'Getting Started with Orgzly'; seeding replaces every book"),),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="needs", what="state.xml pref_key_is_getting_started_notebook_loaded true",
                    handled_by="the seeder waits for the first start to set it and writes state.xml",
                    sources=(ORGZLY_INTRO_SOURCE,)),
        LaunchGuard(kind="writes", what="the 'Getting Started with Orgzly' notebook (a worker, after the first resume)",
                    handled_by="imported at the seeder's first start and replaced by the seed (every book)",
                    sources=(ORGZLY_INTRO_SOURCE,)),
        LaunchGuard(kind="first_screen", what="What's new dialog and the drawer opened while state.xml's "
                                              "pref_key_last_used_version_code != 288",
                    handled_by="the seeder writes the version code", sources=(ORGZLY_INTRO_SOURCE,)),
    ), read=(ORGZLY_INTRO_SOURCE,))
    fidelity = FidelityReading(
        source=ORGZLY_INTRO_SOURCE, date=READ_ON, verdict="mismatch-fixed",
        found=("a start with a new version code imports the Getting Started notebook on a worker and shows What's "
               "new; the double did neither and the seeder stopped the app at the file (the import could land in the "
               "episode): the double imports on a worker, the seeder waits for the flag and seeds state.xml",),
        open_points=("the What's new dialog and the opened drawer are not modelled by the double (the seeded version "
                     "code keeps both away)",))
    first_start = FirstStartDone(kind="pref", path=ORGZLY_STATE, key=ORGZLY_LOADED, sources=(ORGZLY_INTRO_SOURCE,))
    seed_prefs = {"shared_prefs/state.xml": (
        "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
        f'    <boolean name="{ORGZLY_LOADED}" value="true" />\n'
        f'    <int name="pref_key_last_used_version_code" value="{ORGZLY_VERSION_CODE}" />\n</map>\n')}

    def readable_part(self, state: NotesState) -> NotesState:
        return drop_trashed(state)

    def seed_statements(self, state: NotesState) -> list[str]:
        books = [DEFAULT_FOLDER, *_folder_names(state)]
        out = ["DELETE FROM note_ancestors;", "DELETE FROM notes;", "DELETE FROM books;"]
        live = [n for n in state.notes if not n.trashed]
        next_id = 1000
        for b, name in enumerate(books, start=1):
            members = [n for n in live if (n.folders[0] if n.folders else DEFAULT_FOLDER) == name]
            root = next_id
            next_id += 1
            out.append("INSERT INTO books (id, name, mtime, is_dummy, is_modified) "
                       f"VALUES ({b}, {sql_text(name)}, {_seed_time(b)}, 0, 0);")
            out.append("INSERT INTO notes (id, is_cut, title, content_line_count, book_id, lft, rgt, level, parent_id, "
                       f"folded_under_id, is_folded, descendants_count) VALUES ({root}, 0, '', 0, {b}, 1, "
                       f"{2 * len(members) + 2}, 0, 0, 0, 0, {len(members)});")
            for k, note in enumerate(members):
                text = join_task_lines(note.body, note.items)
                lines = len(text.split("\n")) if text else 0
                out.append(
                    "INSERT INTO notes (id, is_cut, created_at, title, content, content_line_count, book_id, lft, rgt, "
                    f"level, parent_id, folded_under_id, is_folded, descendants_count) VALUES ({next_id}, 0, "
                    f"{_seed_time(10 + k)}, {sql_text(note.title)}, {sql_text(text)}, {lines}, {b}, {2 + 2 * k}, "
                    f"{3 + 2 * k}, 1, {root}, 0, 0, 0);")
                out.append(f"INSERT INTO note_ancestors (note_id, book_id, ancestor_note_id) VALUES ({next_id}, {b}, "
                           f"{root});")
                next_id += 1
        return out

    def queries(self) -> dict[str, str]:
        return {"books": select_hex("books", ("id", "name"), "is_dummy = 0"),
                "notes": select_hex("notes", ("book_id", "title", "content"), "level > 0")}

    def parse(self, raw: RawSnapshot) -> NotesState:
        if "books" not in raw or "notes" not in raw:
            raise VerifierReadError("Orgzly snapshot lacks 'books' or 'notes'")
        books = dict((bid, name) for bid, name in parse_hex_rows(raw["books"], 2, "books"))
        notes = []
        for bid, title, text in parse_hex_rows(raw["notes"], 3, "notes"):
            body, items = split_task_lines(text)
            book = books.get(bid, "")
            notes.append(Note(title=title, body=body, items=items,
                              folders=[book] if book and book != DEFAULT_FOLDER else []))
        return NotesState(notes=notes, folders=sorted(set(books.values()) - {DEFAULT_FOLDER}))


# -- neutriNote CE ----------------------------------------------------------------------------------

NEUTRI_READ = SourceRef(repo="appml/neutrinote", tag="v4.6.3", files=(
    "app/src/main/java/com/appmindlab/nano/MainActivity.java (onCreate: verifyStoragePermission (API < 29), "
    "verifyNotificationPermission; setupDatabase -> verifyDatabase; checkLocalRepoPath -> setDefaultLocalRepoPath)",
    "app/src/main/java/com/appmindlab/nano/Const.java (INTRO_NOTE_TITLE, INTRO_NOTE_CONTENT)",
    "app/src/main/java/com/appmindlab/nano/DBHelper.java (app_db v2 DDL)",
    "app/src/main/java/com/appmindlab/nano/DataSource.java (createRecord: ms timestamps; active = deleted 0)",
    "app/src/main/res/layout/activity_display_dbentry.xml (edit_title: imeOptions actionDone, no inputType)",
    "app/src/main/java/com/appmindlab/nano/DisplayDBEntry.java (title editor action: IME_ACTION_DONE -> content)",
))

NEUTRI_DB = "/data/data/com.appmindlab.nano/databases/app_db"
#: What ``MainActivity.verifyDatabase`` writes at every start while no record is live (``Const.java``
#: INTRO_NOTE_TITLE / INTRO_NOTE_CONTENT at v4.6.3): the app's own note, not the user's.
NEUTRI_INTRO_TITLE = "Getting Started"
NEUTRI_INTRO_CONTENT = "Welcome. Stop by the Help documentation at the side to explore around."


def _live_tags(state: NotesState) -> list[str]:
    return sorted({f for n in state.notes if not n.trashed for f in n.folders})


class NeutriNoteAdapter(SqliteNotesAdapter):
    """One ``records`` table; folders are tags, the words of a note's ``metadata`` (no tag table:
    a tag exists while a live note carries it); Delete sets ``deleted = 1``."""

    app = app_by_id("notes_neutrinote")
    db = NEUTRI_DB
    #: MainActivity.verifyNotificationPermission asks for it in onCreate on Android 13.
    runtime_permissions: ClassVar[tuple[str, ...]] = ("android.permission.POST_NOTIFICATIONS",)
    storage = (StorageProfile(
        what="notes and their tags", path=NEUTRI_DB,
        format="SQLiteOpenHelper app_db v2: records(_id, title not null (unique in practice), content not null, "
               "star, deleted 0/1, created/modified/accessed ms, metadata = space-separated tag words, pos, passcode, "
               "latitude, longitude, distance)",
        writes="leaving the editor (auto-save on by default) inserts/updates the row; 'Edit Metadata' (Set) writes "
               "metadata; Delete sets deleted = 1 (rows are purged only by a local-repo sync); checklists are "
               "Markdown task lines in content",
        sources=(SourceRef(repo="appml/neutrinote", tag="v4.6.3", files=(
            "app/build.gradle (applicationId com.appmindlab.nano, versionName 4.6.3, versionCode 1383)",
            "app/src/main/java/com/appmindlab/nano/DBHelper.java (app_db, records)",
            "app/src/main/java/com/appmindlab/nano/DataSource.java (createRecord, updateRecord, tags from metadata)",
            "app/src/main/java/com/appmindlab/nano/CustomAdapter.java (delete: deleted = 1)",
            "app/src/main/res/values/strings.xml (Edit Metadata, Set)",
            "app/src/main/res/layout/activity_display_dbentry.xml (edit_title, edit_content)",
        ), note="schema facts read through the notes (storage_todo_notes_calendar.md §5); UI ids at v4.6.3"),),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="writes", what="the note 'Getting Started' (MainActivity.verifyDatabase, at every start "
                    "while no record is live)", handled_by="a seed without a live note also holds that note as the "
                    "app writes it, so the episode's launch writes nothing; the reader drops exactly that row (the "
                    "app's own note); the double writes it as the app does", sources=(NEUTRI_READ,)),
        LaunchGuard(kind="first_screen", what="the POST_NOTIFICATIONS permission dialog (MainActivity.onCreate, "
                    "verifyNotificationPermission, Android 13)", handled_by="granted at setup (runtime_permissions); "
                    "the double declares the permission", sources=(NEUTRI_READ,)),
        LaunchGuard(kind="writes", what="the default local repository path (setDefaultLocalRepoPath on Android 13: "
                    "the preference and a file in the app's external folder)", handled_by="no template reads them",
                    sources=(NEUTRI_READ,)),
    ), read=(NEUTRI_READ,))
    fidelity = FidelityReading(
        source=NEUTRI_READ, date=READ_ON, verdict="mismatch-fixed",
        found=("the app writes a 'Getting Started' note at start while no record is live (every create template "
               "seeds none): the seeder now writes it as the app would and the reader drops it; the double writes "
               "it (it did not), so a seeder that forgets it fails launch invariance on the simulator",
               "a POST_NOTIFICATIONS dialog in onCreate on Android 13: now granted at setup",
               "the double's records table had other defaults than DBHelper's (metadata '' vs NULL, pos 0 vs -1): "
               "now the app's DDL"),
        open_points=("edit_title has no inputType (a multi-line EditText): a hardware Enter most likely adds a line "
                     "to the title (the editor listener acts only on IME_ACTION_DONE); the double's title ignores "
                     "Enter — not verified on a device",))

    def readable_part(self, state: NotesState) -> NotesState:
        return state.model_copy(update={"folders": _live_tags(state)})

    def seed_statements(self, state: NotesState) -> list[str]:
        """The seeded notes; with none of them live, also the intro note the app would write at its next
        start (``verifyDatabase``), so that the episode's launch writes nothing."""
        out = ["DELETE FROM records;"]
        for i, note in enumerate(state.notes):
            t = _seed_time(i)
            out.append("INSERT INTO records (title, content, star, deleted, created, modified, accessed, metadata) "
                       f"VALUES ({sql_text(note.title)}, {sql_text(join_task_lines(note.body, note.items))}, 0, "
                       f"{1 if note.trashed else 0}, {t}, {t}, {t}, {sql_text(' '.join(note.folders))});")
        if not any(not n.trashed for n in state.notes):
            t = _seed_time(0)
            out.append("INSERT INTO records (title, content, star, deleted, created, modified, accessed) VALUES "
                       f"({sql_text(NEUTRI_INTRO_TITLE)}, {sql_text(NEUTRI_INTRO_CONTENT)}, 0, 0, {t}, {t}, {t});")
        return out

    def queries(self) -> dict[str, str]:
        return {"records": select_hex("records", ("title", "content", "deleted", "metadata"))}

    def parse(self, raw: RawSnapshot) -> NotesState:
        if "records" not in raw:
            raise VerifierReadError("neutriNote snapshot lacks 'records'")
        notes = []
        for title, text, deleted, metadata in parse_hex_rows(raw["records"], 4, "records"):
            if (title, text, deleted, metadata) == (NEUTRI_INTRO_TITLE, NEUTRI_INTRO_CONTENT, "0", ""):
                continue  # the app's own intro note (verifyDatabase), not a note of the user's
            body, items = split_task_lines(text)
            notes.append(Note(title=title, body=body, items=items, folders=metadata.split(), trashed=deleted == "1"))
        state = NotesState(notes=notes)
        return state.model_copy(update={"folders": _live_tags(state)})


# -- Notesnook --------------------------------------------------------------------------------------

NOTESNOOK_DB = "/data/data/com.streetwriters.notesnook/files/notesnook"
NOTESNOOK_UI_REASON = (
    "Notesnook's only store is its database, always encrypted (SQLite3MultipleCiphers/ChaCha20) with a key "
    "wrapped by the Android Keystore, and it writes no export or Android record on its own; so the outcome ({what}) is read "
    "off the app's screens (the note list, each note's title and text, the notebooks' lists)")
NOTESNOOK_WHAT = {
    "NotesCreateNote": "the new note's title and text",
    "NotesCreateChecklist": "the checklist's items and their checked states",
    "NotesEditNote": "the renamed note's title and text",
    "NotesMergeNotes": "the merged note's text and the originals' absence",
    "NotesDeleteNote": "the note's absence from the note list (Trash is not live) and the decoy",
    "NotesShareImport": "the copy's text and the kept original",
    "NotesCreateFolder": "the notebook and the notes it lists",
    "NotesAttachContent": "the note's text with the link",
}


NOTESNOOK_INTRO = SourceRef(repo="streetwriters/notesnook", tag="3.4.9-android", files=(
    "apps/mobile/app/navigation/navigation-stack.tsx (initial route Intro while introCompleted is not true)",
    "apps/mobile/app/components/intro/index.tsx ('Get started' sets introCompleted and pushes Auth welcomeSignup; "
    "'I already have an account' the login)",
    "apps/mobile/app/components/auth/header.tsx (welcome: 'Use offline' -> 'Offline mode' dialog, 'I understand' "
    "-> hideAuth)",
    "apps/mobile/app/services/settings.ts (settings as JSON under MMKV key appSettings)",
    "apps/mobile/app/common/database/mmkv.ts (react-native-mmkv-storage)",
    "packages/intl/src/strings.ts, packages/intl/locale/en.po ('Get started', 'Use offline', 'Offline mode', "
    "'I understand')",
))


class NotesnookAdapter(AppAdapter[NotesState]):
    """Notesnook: no readable store, so the state is read off the screens and seeded by typing it
    in (``verifiers/notes/screen.py``); notebooks are the folders, the Trash is not live."""

    app = app_by_id("notes_notesnook")
    reads_by_navigating = True  # read_raw opens every note: no reads between the agent's steps
    storage = (StorageProfile(
        what="notes, their text, notebooks and relations", path=NOTESNOOK_DB, readable=False,
        format="SQLite3MultipleCiphers, ChaCha20 only, always keyed (PRAGMA key first): notes(id 24-hex, title, "
               "headline, contentId, …, dateDeleted, deletedBy), content(noteId, data = note HTML, locked), "
               "notebooks(title, description, …), relations(fromType, fromId, toType, toId); key: 80 random chars "
               "through Sodium.deriveKey, kept by react-native-keychain (Android Keystore)",
        writes="the editor saves title and content as the user types; a note made inside a notebook adds a "
               "relations row notebook -> note; Move to trash sets the trash columns (the Trash lists it); the "
               "notebook dialog's Add inserts a notebooks row",
        sources=(SourceRef(repo="streetwriters/notesnook", tag="3.4.9-android", files=(
            "apps/mobile/package.json (version 3.4.9)",
            "apps/mobile/android/app/build.gradle (applicationId com.streetwriters.notesnook, base versionCode 3115)",
            "apps/mobile/android/gradle.properties (SQLite3MultipleCiphers, ChaCha20 only)",
            "apps/mobile/app/common/database/encryption.ts (key generated once, keychain server notesnook:db)",
            "apps/mobile/app/common/database/index.ts (no key, no database; WAL)",
            "packages/core/src/api/index.ts (database name notesnook)",
            "packages/core/src/database/migrations.ts (notes, content, notebooks, relations)",
            "packages/core/src/collections/notes.ts (adding to a notebook: relations notebook -> note)",
            "apps/mobile/e2e/test.ids.js, apps/mobile/e2e/tests/utils.ts, notebook.e2e.ts (testIDs buttons.add, "
            "tab-notebooks, sidebar-add-button, title; web ids editor-title; exit editor with BACK; Move to trash "
            "-> Delete)",
        ), note="storage facts through the notes (storage_todo_notes_calendar.md §6, commit a82bb4cc); the e2e files "
                "read at the search index's stored commit, not checked against the tag; path files/notesnook "
                "inferred from react-native-quick-sqlite"),),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="first_screen", what="the intro ('Get started' / 'I already have an account') while the "
                    "setting introCompleted (MMKV appSettings) is not true: always after pm clear",
                    handled_by="the seeder passes it as a user of a fresh install does ('Get started', then the "
                    "welcome sign-up's 'Use offline' and 'I understand'), before typing the state in; the episode "
                    "starts after it; the double shows the intro and the sign-up until then",
                    sources=(NOTESNOOK_INTRO,)),
    ), read=(NOTESNOOK_INTRO,))
    fidelity = FidelityReading(
        source=NOTESNOOK_INTRO, date=READ_ON, verdict="mismatch-fixed",
        found=("the real app opens on its intro after pm clear; the double skipped it and the seeder typed the state "
               "as if it were not there: the double now shows the intro and the welcome sign-up ('Use offline' -> "
               "'Offline mode' -> 'I understand'), and the seeder goes through them first",),
        open_points=("introCompleted lives in MMKV (a binary store): not seeded as a file; the intro's slides and "
                     "the sign-up form are modelled by their buttons only",))

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.answer_task:
            return PairMode(mode="answer", reason="retrieval: scored on the agent's answer")
        what = NOTESNOOK_WHAT[template.semantic_id]
        return PairMode(mode="ui", reason=NOTESNOOK_UI_REASON.format(what=what))

    def readable_part(self, state: NotesState) -> NotesState:
        """The Trash is not listed with the notes (not live); a notebook is listed if it exists."""
        return drop_trashed(state).model_copy(update={"folders": _all_folders(state)})

    def seed(self, device: DeviceClient, state: NotesState) -> None:
        live = [n for n in state.notes if not n.trashed]
        notes = [(n.title, join_task_lines(n.body, n.items), n.folders[0] if n.folders else "") for n in live]
        type_state(device, _all_folders(state), notes)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        try:
            return read_screens(device)
        except DeviceError as exc:
            raise VerifierReadError(f"reading Notesnook's screens: {exc}") from exc

    def parse(self, raw: RawSnapshot) -> NotesState:
        if "notes" not in raw or "notebooks" not in raw:
            raise VerifierReadError("Notesnook snapshot lacks 'notes' or 'notebooks'")
        books = [json.loads(line) for line in raw["notebooks"]]
        notes = []
        for line in raw["notes"]:
            entry = json.loads(line)
            body, items = split_task_lines(entry["text"])
            folders = [b["name"] for b in books if entry["title"] in b["titles"]]
            notes.append(Note(title=entry["title"], body=body, items=items, folders=folders))
        return NotesState(notes=notes, folders=sorted(b["name"] for b in books))


def _all_folders(state: NotesState) -> list[str]:
    return sorted({*state.folders, *(f for n in state.notes for f in n.folders)})
