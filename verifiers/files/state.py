"""The File Manager state model: the benchmark's folder in shared storage as a verifier sees it.

Every file manager writes the user's files into shared storage (``/sdcard`` =
``/storage/emulated/0``), whatever the app: so the state is the tree under ``/sdcard/CATBench``
(directories, symbolic links, regular files with their bytes), read as root. Two templates are
about the screen itself (a details page, the system share sheet): for those the state also carries
what the screen shows (:class:`ScreenText`), read from ``uiautomator dump``.

Matching rules live here, written for the harness only (the simulator keeps its own).
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import zipfile
from typing import Literal

from pydantic import BaseModel, Field

from pytest_anyapp.templates.base import CategoryState

#: The benchmark's folder (notes §4B ``_ROOT``); every template works below it.
ROOT = "/sdcard/CATBench"

EntryKind = Literal["dir", "file", "link"]


class Entry(BaseModel):
    """One entry under the root. ``path`` is relative to it (``Docs/note_ab12cd.txt``)."""

    path: str
    kind: EntryKind
    data_b64: str | None = Field(default=None, description="The bytes of a regular file, base64.")

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]

    @property
    def data(self) -> bytes:
        return base64.b64decode(self.data_b64 or "")

    def describe(self) -> str:
        if self.kind != "file":
            return f"{self.kind} {self.path}"
        return f"file {self.path} ({len(self.data)} B, sha256 {hashlib.sha256(self.data).hexdigest()[:12]})"


def file_entry(path: str, data: bytes) -> Entry:
    return Entry(path=path, kind="file", data_b64=base64.b64encode(data).decode())


def text_file(path: str, text: str) -> Entry:
    """A file as the seeding writes it: ``printf '%s\\n'``, so the text plus exactly one LF."""
    return file_entry(path, (text + "\n").encode())


def folder(path: str) -> Entry:
    return Entry(path=path, kind="dir")


class ScreenText(BaseModel):
    """What the screen shows, for the two templates whose outcome is the screen itself."""

    texts: list[str] = Field(default_factory=list, description="text and content-desc of every element, in order.")
    previews: list[str] = Field(
        default_factory=list,
        description="Text of the system share sheet's file preview (package com.android.intentresolver or "
                    "android, resource content_preview_filename), URL-decoded.")


class FilesState(CategoryState):
    """The tree under :data:`ROOT` (sorted by path) and, for screen templates, the screen."""

    root_exists: bool = True
    entries: list[Entry] = Field(default_factory=list)
    screen: ScreenText | None = None

    # -- lookups ---------------------------------------------------------------------------------
    def entry(self, path: str) -> Entry | None:
        return next((e for e in self.entries if e.path == path), None)

    def exists(self, path: str) -> bool:
        return self.entry(path) is not None

    def is_dir(self, path: str) -> bool:
        e = self.entry(path)
        return e is not None and e.kind == "dir"

    def regular_bytes(self, path: str) -> bytes | None:
        """The bytes at ``path`` when it is a regular file (not a link, not a folder)."""
        e = self.entry(path)
        return e.data if e is not None and e.kind == "file" else None

    def files(self) -> list[Entry]:
        return [e for e in self.entries if e.kind == "file"]

    def named(self, name: str) -> list[Entry]:
        """Entries of any kind whose basename is ``name`` (case-sensitive, as the filesystem)."""
        return [e for e in self.entries if e.name == name]

    def describe(self) -> list[str]:
        return [e.describe() for e in self.entries] if self.root_exists else ["<no CATBench folder>"]

    def read_back(self) -> object:
        """The tree as (path, kind, sha256) and, when read, the screen's projection (which of the
        tree's file names it shows, whether it is an info page, which files the share sheet names)."""
        tree = sorted((e.path, e.kind, hashlib.sha256(e.data).hexdigest() if e.kind == "file" else "")
                      for e in self.entries)
        if self.screen is None:
            return (self.root_exists, tree)
        names = sorted({e.name for e in self.files()})
        shown = [n for n in names if any(shows_name(t, n) for t in self.screen.texts)]
        shared = [n for n in names if any(shows_name(p, n) for p in self.screen.previews)]
        return (self.root_exists, tree, is_info_screen(self.screen), shown, shared, len(self.screen.previews))


# -- matching rules ------------------------------------------------------------------------------


def exact_text(data: bytes | None, text: str) -> bool:
    """"Exact content": the bytes are ``text`` plus one LF (a CRLF ending does not match)."""
    return data is not None and data == (text + "\n").encode()


def shows_name(text: str, name: str) -> bool:
    """``name`` occurs in ``text`` as a whole token: not part of a longer file name
    (``a_note.txt`` does not show ``note.txt``; ``note.txt.bak`` does not show ``note.txt``)."""
    return re.search(rf"(?<![\w.\-]){re.escape(name)}(?![\w\-]|\.\w)", text) is not None


INFO_WORDS = re.compile(r"\b(details|properties|information|file info)\b", re.IGNORECASE)
#: Metadata groups a details page shows (notes §4B: at least two must be visible).
METADATA_GROUPS: dict[str, re.Pattern[str]] = {
    "size": re.compile(r"\bsize\b", re.IGNORECASE),
    "modified": re.compile(r"\b(last )?modified\b", re.IGNORECASE),
    "location": re.compile(r"\b(location|path|parent folder)\b", re.IGNORECASE),
    "type": re.compile(r"\b(file type|mime type|type)\b", re.IGNORECASE),
    "permissions": re.compile(r"\bpermissions?\b", re.IGNORECASE),
    "owner": re.compile(r"\bowner\b", re.IGNORECASE),
    "created": re.compile(r"\bcreated\b", re.IGNORECASE),
}


def info_words(screen: ScreenText) -> list[str]:
    return sorted({m.group(0).lower() for t in screen.texts for m in INFO_WORDS.finditer(t)})


def metadata_groups(screen: ScreenText) -> list[str]:
    return [g for g, rx in METADATA_GROUPS.items() if any(rx.search(t) for t in screen.texts)]


def is_info_screen(screen: ScreenText) -> bool:
    """A details / properties / info page: such a word on screen and at least two metadata groups."""
    return bool(info_words(screen)) and len(metadata_groups(screen)) >= 2


def zip_members(data: bytes | None) -> dict[str, bytes] | None:
    """Members of a ZIP archive by path (files only), or None when ``data`` is not a readable ZIP
    (7z, tar, encrypted or damaged archives are not readable here)."""
    if data is None:
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return {i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()}
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, ValueError, EOFError):
        return None
