"""The Notes apps' adapters: each seeds and reads the app's own store at its pinned version
(docs/notes.md, "Storage profiles"), and maps the app's container (directory, notebook, label,
tag) to the neutral "folder".

* Markor 2.16.1: plain files under ``/storage/emulated/0/Documents/markor`` (file = note, its name
  = title, sub-directory = folder); delete removes the file.
"""

from __future__ import annotations

import json
import shlex
from typing import TYPE_CHECKING

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.base import AppAdapter, RawSnapshot, SourceRef, StorageProfile
from verifiers.notes.state import Note, NotesState, join_task_lines, split_task_lines

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SPLIT = "__ANYAPP_NEXT__"


def drop_trashed(state: NotesState) -> NotesState:
    """For apps without a bin: a trashed note is a deleted one (absent from the store)."""
    return state.model_copy(update={"notes": [n for n in state.notes if not n.trashed]})


# -- Markor ---------------------------------------------------------------------------------------

MARKOR_ROOT = "/storage/emulated/0/Documents/markor"
MARKOR_EXTENSIONS = (".md", ".txt")


class MarkorAdapter(AppAdapter[NotesState]):
    """Notes are files, folders are directories of the notebook root (``pm clear`` leaves shared
    storage alone, so seeding empties the root itself)."""

    app = app_by_id("notes_markor")
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

    def readable_part(self, state: NotesState) -> NotesState:
        return drop_trashed(state)

    def seed(self, device: DeviceClient, state: NotesState) -> None:
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
