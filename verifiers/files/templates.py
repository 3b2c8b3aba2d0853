"""File Manager category: the 10 templates of the notes (tasks_part1 §4B), on shared storage.

All paths are under ``/sdcard/CATBench``; instructions name folders as ``CATBench/...``. Seeded
files hold a text plus one LF (the prior release wrote them with ``printf '%s\\n'``); "exact
content" means a regular file (not a link) whose bytes are exactly that.

Decisions that differ from the prior release (each template's docstring repeats its own; the
quirk table in docs/files.md gives the reasons):

* Eight templates are decided from the files alone (durable, in every app). Two are about the
  screen itself (a details page, the share sheet) and read ``uiautomator dump``.
* Names are compared case-sensitively, as the filesystem does; a name shown on screen must be a
  whole token (``a_note.txt`` does not show ``note.txt``).
* FilesSearchFile: the renamed file must stay where it was found (``Docs/Reference/Incoming``):
  the task says rename, not move. The prior release accepted ``found.txt`` anywhere.
* FilesExtractArchive: our fixed archive is built here (the prior release's base64 blob is not in
  the notes): one stored member ``packed_note.txt`` = "CATBench archive payload\\n" (25 bytes).
"""

from __future__ import annotations

import base64
import hashlib
import random
import string
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.files.state import (
    FilesState,
    ScreenText,
    exact_text,
    file_entry,
    folder,
    info_words,
    is_info_screen,
    metadata_groups,
    shows_name,
    text_file,
    zip_members,
)

NAME_ALPHABET = string.ascii_lowercase + string.digits

PAYLOAD = "payload"
DELETE_MARKER = "CATBENCH_DELETE_TARGET:{name}"
LOCATE_MARKER = "CATBENCH_LOCATE_TARGET:{name}"
KEEP_NAME, KEEP_TEXT = "catbench_keep.txt", "keep"
RECEIPT_TEXT = "amount: 12.34"
FOUND_NAME = "found.txt"
SEARCH_DIR = "Docs/Reference/Incoming"
COMPRESS_DIR = "ToCompress"
PACKED_NAME = "packed_note.txt"
PACKED_TEXT = "CATBench archive payload"
#: The archive FilesExtractArchive seeds: one stored member, fixed timestamp (built with Python's
#: zipfile once; the bytes are fixed here so every app and run sees the same SHA-256).
ARCHIVE_B64 = (
    "UEsDBBQAAAAAAEB8T1d1Mp9fGQAAABkAAAAPAAAAcGFja2VkX25vdGUudHh0Q0FUQmVuY2ggYXJjaGl2ZSBwYXlsb2FkClBLAQIUAxQAAAAAAEB8T1d1"
    "Mp9fGQAAABkAAAAPAAAAAAAAAAAAAACkgQAAAABwYWNrZWRfbm90ZS50eHRQSwUGAAAAAAEAAQA9AAAARgAAAAAA"
)
ARCHIVE_BYTES = base64.b64decode(ARCHIVE_B64)
ARCHIVE_SHA256 = "b67823d43114fd2a7b06077765446806f816d6c3ea052feb6dc34a573d2b6882"


def random_name(rng: random.Random, prefix: str, ext: str) -> str:
    """``<prefix>_<6 chars of [a-z0-9]><ext>`` (notes §4B ``_random_name``)."""
    return f"{prefix}_{''.join(rng.choice(NAME_ALPHABET) for _ in range(6))}{ext}"


def verdict(clauses: Sequence[Clause], state: FilesState, **evidence: Any) -> Verdict:
    """The generic verdict plus the tree (and the screen, when read) as evidence."""
    extra: dict[str, Any] = {"tree": state.describe()}
    if state.screen is not None:
        extra["screen_info_words"] = info_words(state.screen)
        extra["screen_metadata_groups"] = metadata_groups(state.screen)
        extra["share_previews"] = state.screen.previews
    return combine(clauses, **extra, **evidence)


def _exact(state: FilesState, key: str, path: str, text: str, what: str) -> Clause:
    return Clause(key, f"{what}: CATBench/{path} is a regular file reading {text!r}",
                  exact_text(state.regular_bytes(path), text))


def _absent(state: FilesState, key: str, path: str, what: str) -> Clause:
    return Clause(key, f"{what}: CATBench/{path} no longer exists", not state.exists(path))


class FilesTemplate(TaskTemplate[FilesState]):
    category: ClassVar[Category] = Category.FILES
    state_type: ClassVar[type[CategoryState]] = FilesState


class FilesCreateFolder(FilesTemplate):
    """Create a folder with a given name directly inside CATBench. Success: it is a directory."""

    semantic_id = "FilesCreateFolder"
    instruction = 'Using {app}, create a new folder named "{folder_name}" inside the CATBench folder.'
    complexity = 1.2

    def sample_params(self, rng: random.Random) -> Params:
        return {"folder_name": random_name(rng, "Folder", "")}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState()

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        name = params["folder_name"]
        return verdict([Clause("folder_created", f"CATBench/{name} is a folder", state.is_dir(name))], state)


class FilesRenameFile(FilesTemplate):
    """Rename Docs/<old> to Docs/<new>. Success: the new name holds the content, the old is gone."""

    semantic_id = "FilesRenameFile"
    instruction = 'Using {app}, rename the file "CATBench/Docs/{old_name}" to "{new_name}".'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        return {"old_name": random_name(rng, "draft", ".txt"), "new_name": random_name(rng, "final", ".txt")}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState(entries=[folder("Docs"), text_file(f"Docs/{params['old_name']}", PAYLOAD)])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        return verdict([
            _exact(state, "renamed", f"Docs/{params['new_name']}", PAYLOAD, "the renamed file"),
            _absent(state, "old_name_gone", f"Docs/{params['old_name']}", "the old name"),
        ], state)


class FilesDeleteFile(FilesTemplate):
    """Delete one file in Docs and nothing else. Success: the path is gone, no file under CATBench
    still holds its marker content (moving or renaming is not deleting), the decoy is intact. An
    app's recycle bin outside CATBench is not examined (a user's "Delete" there is a delete)."""

    semantic_id = "FilesDeleteFile"
    origin = "androidworld_adapted"
    instruction = 'Using {app}, delete the file "CATBench/Docs/{file_name}". Leave every other file alone.'
    complexity = 1.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"file_name": random_name(rng, "note", ".txt")}

    def initial_state(self, params: Params) -> FilesState:
        name = params["file_name"]
        return FilesState(entries=[folder("Docs"), text_file(f"Docs/{name}", DELETE_MARKER.format(name=name)),
                                   text_file(f"Docs/{KEEP_NAME}", KEEP_TEXT)])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        name = params["file_name"]
        marker = DELETE_MARKER.format(name=name)
        holders = [e.path for e in state.files() if exact_text(e.data, marker)]
        return verdict([
            _absent(state, "target_gone", f"Docs/{name}", "the file to delete"),
            Clause("content_gone", "no file under CATBench still holds the deleted file's content"
                   + (f" (found in {holders})" if holders else ""), not holders),
            _exact(state, "decoy_kept", f"Docs/{KEEP_NAME}", KEEP_TEXT, "the other file"),
        ], state)


class FilesMoveFile(FilesTemplate):
    """Move Docs/<file> into Archive. Success: Archive/<file> has the content, Docs/<file> is gone."""

    semantic_id = "FilesMoveFile"
    origin = "androidworld_adapted"
    instruction = 'Using {app}, move the file "CATBench/Docs/{file_name}" into the folder "CATBench/Archive".'
    complexity = 2.2

    def sample_params(self, rng: random.Random) -> Params:
        return {"file_name": random_name(rng, "invoice", ".txt")}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState(entries=[folder("Archive"), folder("Docs"), text_file(f"Docs/{params['file_name']}", PAYLOAD)])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        name = params["file_name"]
        return verdict([
            _exact(state, "moved", f"Archive/{name}", PAYLOAD, "the moved file"),
            _absent(state, "source_gone", f"Docs/{name}", "the source"),
        ], state)


class FilesSaveCopyOfFile(FilesTemplate):
    """Copy Inbox/<file> into Receipts (same name). Success: both hold the content."""

    semantic_id = "FilesSaveCopyOfFile"
    instruction = 'Using {app}, save a copy of the file "CATBench/Inbox/{file_name}" in the folder "CATBench/Receipts".'
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"file_name": random_name(rng, "receipt", ".pdf")}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState(entries=[folder("Inbox"), text_file(f"Inbox/{params['file_name']}", RECEIPT_TEXT),
                                   folder("Receipts")])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        name = params["file_name"]
        return verdict([
            _exact(state, "copied", f"Receipts/{name}", RECEIPT_TEXT, "the copy"),
            _exact(state, "source_kept", f"Inbox/{name}", RECEIPT_TEXT, "the original"),
        ], state)


class FilesSearchFile(FilesTemplate):
    """Find <needle> somewhere under Docs and rename it to found.txt. Success: exactly one regular
    file named found.txt, in the needle's folder, with the needle's content; no entry named
    <needle> anywhere; the five decoys intact. Stricter than the prior release (found.txt
    anywhere): a rename keeps the folder."""

    semantic_id = "FilesSearchFile"
    instruction = ('Using {app}, find the file named "{needle}" somewhere inside "CATBench/Docs" and rename it to '
                   '"found.txt". Change nothing else.')
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"needle": random_name(rng, "target", ".txt")}

    def initial_state(self, params: Params) -> FilesState:
        needle = params["needle"]
        return FilesState(entries=[
            folder("Docs"), folder("Docs/Reference"), folder(SEARCH_DIR),
            *(text_file(f"Docs/decoy_{i}.txt", f"decoy {i}") for i in range(5)),
            text_file(f"{SEARCH_DIR}/{needle}", LOCATE_MARKER.format(name=needle)),
        ])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        needle = params["needle"]
        found = state.named(FOUND_NAME)
        right = [e for e in found if e.path == f"{SEARCH_DIR}/{FOUND_NAME}" and e.kind == "file"
                 and exact_text(e.data, LOCATE_MARKER.format(name=needle))]
        left = [e.path for e in state.named(needle)]
        broken = [i for i in range(5) if not exact_text(state.regular_bytes(f"Docs/decoy_{i}.txt"), f"decoy {i}")]
        return verdict([
            Clause("renamed_in_place", f"exactly one {FOUND_NAME} under CATBench, in CATBench/{SEARCH_DIR}, holding the "
                   f"found file's content (found: {[e.path for e in found]})", len(found) == 1 and len(right) == 1),
            Clause("needle_gone", f"no entry named {needle} remains" + (f" ({left})" if left else ""), not left),
            Clause("decoys_kept", "the five decoys are intact" + (f" (changed: {broken})" if broken else ""),
                   not broken),
        ], state)


class FilesCompressFiles(FilesTemplate):
    """Zip the three files of ToCompress into one archive under CATBench, keeping the originals.
    Success: exactly one ``*.zip`` (any case) under CATBench; it holds each of the three names
    exactly once (at any path inside) with its exact bytes (its own name plus LF); the sources are
    intact. Other formats (7z, tar) are not a zip. Deviation: the prior release had no parameters
    (``file_0..2.txt`` in every instance); the three names are drawn from the seed here
    (``file_<6 chars>.txt``), so the three instances differ."""

    semantic_id = "FilesCompressFiles"
    instruction = ('Using {app}, compress all files in "CATBench/ToCompress" into a single zip archive saved '
                   'inside the CATBench folder. Keep the original files.')
    complexity = 2.6

    def sample_params(self, rng: random.Random) -> Params:
        names: list[str] = []
        while len(names) < 3:
            name = random_name(rng, "file", ".txt")
            if name not in names:
                names.append(name)
        return {"file_names": sorted(names)}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState(entries=[folder(COMPRESS_DIR),
                                   *(text_file(f"{COMPRESS_DIR}/{n}", n) for n in params["file_names"])])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        names: list[str] = params["file_names"]
        zips = [e for e in state.files() if e.name.lower().endswith(".zip")]
        complete = [e.path for e in zips if holds_each_once(zip_members(e.data), names)]
        changed = [n for n in names if not exact_text(state.regular_bytes(f"{COMPRESS_DIR}/{n}"), n)]
        return verdict([
            Clause("one_zip", f"exactly one .zip archive under CATBench (found {[e.path for e in zips]})",
                   len(zips) == 1),
            Clause("zip_complete", f"a zip holds {', '.join(names)} once each with their content", bool(complete)),
            Clause("sources_kept", "the three originals are intact" + (f" (changed: {changed})" if changed else ""),
                   not changed),
        ], state)


def holds_each_once(members: dict[str, bytes] | None, names: Sequence[str]) -> bool:
    if members is None:
        return False
    for name in names:
        hits = [data for path, data in members.items() if path.rsplit("/", 1)[-1] == name]
        if len(hits) != 1 or not exact_text(hits[0], name):
            return False
    return True


class FilesExtractArchive(FilesTemplate):
    """Extract Archives/<zip> so packed_note.txt appears under CATBench; the zip stays unchanged.
    Success: the archive's SHA-256 is the seeded one; some regular packed_note.txt under CATBench
    (outside the archive) reads "CATBench archive payload"."""

    semantic_id = "FilesExtractArchive"
    instruction = ('Using {app}, extract the archive "CATBench/Archives/{archive_name}" so that its file '
                   '"packed_note.txt" appears inside the CATBench folder. Leave the archive itself unchanged.')
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        return {"archive_name": random_name(rng, "bundle", ".zip")}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState(entries=[folder("Archives"), file_entry(f"Archives/{params['archive_name']}", ARCHIVE_BYTES)])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        data = state.regular_bytes(f"Archives/{params['archive_name']}")
        unchanged = data is not None and hashlib.sha256(data).hexdigest() == ARCHIVE_SHA256
        extracted = [e.path for e in state.named(PACKED_NAME) if e.kind == "file" and exact_text(e.data, PACKED_TEXT)]
        return verdict([
            Clause("archive_unchanged", "the archive is still there, byte for byte", unchanged),
            Clause("extracted", f"{PACKED_NAME} with the archive's content exists under CATBench"
                   + (f" ({extracted})" if extracted else ""), bool(extracted)),
        ], state)


class FilesViewFileInfo(FilesTemplate):
    """Open the details / properties / info screen of Docs/<file>. The outcome is the screen itself
    (no app records that a details page is open), read from ``uiautomator dump``: an info page
    (one of the words details, properties, information, "file info" and at least two metadata
    groups: size, modified, location/path, type, permissions, owner, created) that shows the
    file's exact name as a whole token."""

    semantic_id = "FilesViewFileInfo"
    instruction = ('Using {app}, open the details (properties / file info) screen for the file '
                   '"CATBench/Docs/{file_name}" and leave it open.')
    complexity = 1.8

    def sample_params(self, rng: random.Random) -> Params:
        return {"file_name": random_name(rng, "details", ".txt")}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState(entries=[folder("Docs"), text_file(f"Docs/{params['file_name']}", PAYLOAD)])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        name = params["file_name"]
        screen = state.screen or ScreenText()
        return verdict([
            Clause("info_screen", "a details/properties page is on screen (an info word and two metadata groups)",
                   is_info_screen(screen)),
            Clause("names_file", f"the screen shows the name {name}", any(shows_name(t, name) for t in screen.texts)),
        ], state)


class FilesShareFile(FilesTemplate):
    """Share Docs/<file> and leave Android's share sheet open. The outcome is the screen itself,
    read from ``uiautomator dump``: the system chooser's file preview (package
    com.android.intentresolver or android, resource content_preview_filename) names the file as a
    whole token; chooser targets, its title and the app's own text do not count."""

    semantic_id = "FilesShareFile"
    instruction = 'Using {app}, share the file "CATBench/Docs/{file_name}" and leave the share sheet open.'
    complexity = 1.8

    def sample_params(self, rng: random.Random) -> Params:
        return {"file_name": random_name(rng, "share", ".txt")}

    def initial_state(self, params: Params) -> FilesState:
        return FilesState(entries=[folder("Docs"), text_file(f"Docs/{params['file_name']}", PAYLOAD)])

    def check(self, params: Params, state: FilesState, history: Sequence[FilesState], answer: str | None) -> Verdict:
        name = params["file_name"]
        previews = (state.screen or ScreenText()).previews
        return verdict([
            Clause("share_sheet_open", "Android's share sheet is open with a file preview", bool(previews)),
            Clause("shares_file", f"the share sheet previews {name} and no other file",
                   all(shows_name(p, name) for p in previews)),
        ], state)


TEMPLATES: list[type[FilesTemplate]] = [
    FilesCreateFolder, FilesRenameFile, FilesDeleteFile, FilesMoveFile, FilesSaveCopyOfFile,
    FilesSearchFile, FilesCompressFiles, FilesExtractArchive, FilesViewFileInfo, FilesShareFile,
]
SCREEN_TEMPLATES = frozenset({"FilesViewFileInfo", "FilesShareFile"})
