"""What the Notes app doubles read and write: each real app's own store at its pinned version
(docs/notes.md, "Storage profiles"), one class per profile.

* :class:`MarkorFiles` — Markor 2.16.1: one ``<title>.md`` file per note under
  ``/storage/emulated/0/Documents/markor`` (sub-directories are folders); delete removes the file.
* :class:`JoplinDb` — Joplin 3.1.6: ``databases/joplin.sqlite``, tables ``folders`` and ``notes``
  (32-hex ids, ms times, ``deleted_time`` = trash).
* :class:`NotallyDb` — NotallyX 7.5.3: Room ``databases/NotallyDatabase``, ``BaseNote`` (``type``
  NOTE/LIST, ``folder`` NOTES/DELETED, ``labels`` JSON array, ``items`` JSON) and ``Label``.
* :class:`NeutriDb` — neutriNote CE 4.6.3: ``databases/app_db`` table ``records`` (title, content,
  ``deleted`` 0/1, tags as space-separated words in ``metadata``).
* :class:`OrgzlyDb` — Orgzly Revived 1.22.0: Room ``databases/orgzly.db``, ``books`` (notebooks,
  each with a root note) and ``notes`` (nested set ``lft``/``rgt``/``level``); deletes are hard.
* :class:`NotesnookVault` — Notesnook 3.4.9: one always-encrypted database ``files/notesnook``
  (kept as an opaque blob here; nothing on the device can read it, as on a real phone).

A note's text keeps checklist items as Markdown/Org task lines (``- [ ] x``) in every store but
NotallyX, whose list notes keep them in ``items``. Written independently of the harness's parsers.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
import uuid
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp

MARKOR_ROOT = "/storage/emulated/0/Documents/markor"
#: The notebook Joplin and Orgzly notes go to when the user picks none (the harness seeds it).
DEFAULT_CONTAINER = "Notes"
NOTE_EXTENSIONS = (".md", ".txt")


@dataclass(frozen=True)
class SimNote:
    key: str
    title: str
    text: str = ""
    items: tuple[tuple[str, bool], ...] | None = None  # list notes (NotallyX) only
    folders: tuple[str, ...] = ()
    trashed: bool = False

    @property
    def folder(self) -> str:
        return self.folders[0] if self.folders else ""

    def snippet(self) -> str:
        if self.items is not None:
            return ", ".join(t for t, _ in self.items)
        return " ".join(self.text.split())[:80]


class NoteStore(Protocol):
    def notes(self) -> list[SimNote]: ...
    def folders(self) -> list[str]: ...
    def save(self, key: str | None, title: str, text: str, folder: str,
             items: tuple[tuple[str, bool], ...] | None = None) -> str: ...
    def trash(self, key: str) -> None: ...
    def add_folder(self, name: str) -> None: ...


class MarkorFiles:
    """Markor: notes are files, folders are directories (one level used here)."""

    def __init__(self, app: SimApp) -> None:
        self.root: Path = app.device.fs.host(MARKOR_ROOT)

    def _dir(self, folder: str) -> Path:
        return self.root / folder if folder else self.root

    def notes(self) -> list[SimNote]:
        out: list[SimNote] = []
        for folder in ["", *self.folders()]:
            base = self._dir(folder)
            for f in sorted(base.iterdir()) if base.is_dir() else []:
                if f.is_file() and f.suffix in NOTE_EXTENSIONS:
                    out.append(SimNote(str(f), f.stem, f.read_text(encoding="utf-8", errors="replace"),
                                       folders=(folder,) if folder else ()))
        return out

    def folders(self) -> list[str]:
        return sorted(d.name for d in self.root.iterdir() if d.is_dir()) if self.root.is_dir() else []

    def save(self, key: str | None, title: str, text: str, folder: str,
             items: tuple[tuple[str, bool], ...] | None = None) -> str:
        base = self._dir(folder)
        base.mkdir(parents=True, exist_ok=True)
        old = Path(key) if key else None
        suffix = old.suffix if old is not None else ".md"
        path = base / f"{title}{suffix}"
        if old is not None and old != path and old.exists():
            old.rename(path)
        path.write_text(text, encoding="utf-8")
        return str(path)

    def rename(self, key: str, new_name: str) -> str:
        """Markor's Rename dialog edits the whole file name (extension included)."""
        old = Path(key)
        path = old.with_name(new_name)
        old.rename(path)
        return str(path)

    def trash(self, key: str) -> None:
        Path(key).unlink(missing_ok=True)  # Markor deletes the file itself (no bin)

    def add_folder(self, name: str) -> None:
        self._dir(name).mkdir(parents=True, exist_ok=True)


class _Sqlite:
    """A store in the app's own SQLite database (``databases/<name>``)."""

    db_name = ""
    schema = ""

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.db_name, self.schema)

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        return self.app.query(self.db_name, sql, params)

    def run(self, sql: str, params: tuple[object, ...] = ()) -> int:
        return self.app.execute(self.db_name, sql, params)

    def now(self) -> int:
        return self.app.now_ms()


class JoplinDb(_Sqlite):
    """Joplin: notebooks in ``folders``, notes in ``notes`` (``parent_id`` = notebook id); Delete
    sets ``deleted_time`` (the trash)."""

    db_name = "joplin.sqlite"
    schema = """
    CREATE TABLE IF NOT EXISTS folders (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT '',
      created_time INT NOT NULL, updated_time INT NOT NULL, user_created_time INT NOT NULL DEFAULT 0,
      user_updated_time INT NOT NULL DEFAULT 0, encryption_cipher_text TEXT NOT NULL DEFAULT '',
      encryption_applied INT NOT NULL DEFAULT 0, parent_id TEXT NOT NULL DEFAULT '', is_shared INT NOT NULL DEFAULT 0,
      share_id TEXT NOT NULL DEFAULT '', master_key_id TEXT NOT NULL DEFAULT '', icon TEXT NOT NULL DEFAULT '',
      user_data TEXT NOT NULL DEFAULT '', deleted_time INT NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL DEFAULT '',
      title TEXT NOT NULL DEFAULT '', body TEXT NOT NULL DEFAULT '', created_time INT NOT NULL,
      updated_time INT NOT NULL, is_conflict INT NOT NULL DEFAULT 0, latitude NUMERIC NOT NULL DEFAULT 0,
      longitude NUMERIC NOT NULL DEFAULT 0, altitude NUMERIC NOT NULL DEFAULT 0, author TEXT NOT NULL DEFAULT '',
      source_url TEXT NOT NULL DEFAULT '', is_todo INT NOT NULL DEFAULT 0, todo_due INT NOT NULL DEFAULT 0,
      todo_completed INT NOT NULL DEFAULT 0, source TEXT NOT NULL DEFAULT '', source_application TEXT NOT NULL DEFAULT '',
      application_data TEXT NOT NULL DEFAULT '', "order" NUMERIC NOT NULL DEFAULT 0,
      user_created_time INT NOT NULL DEFAULT 0, user_updated_time INT NOT NULL DEFAULT 0,
      encryption_cipher_text TEXT NOT NULL DEFAULT '', encryption_applied INT NOT NULL DEFAULT 0,
      markup_language INT NOT NULL DEFAULT 1, is_shared INT NOT NULL DEFAULT 0, share_id TEXT NOT NULL DEFAULT '',
      conflict_original_id TEXT NOT NULL DEFAULT '', master_key_id TEXT NOT NULL DEFAULT '',
      user_data TEXT NOT NULL DEFAULT '', deleted_time INT NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT, type INT);
    """

    def _folder_titles(self) -> dict[str, str]:
        return {r["id"]: r["title"] for r in self.rows("SELECT id, title FROM folders WHERE deleted_time = 0")}

    def notes(self) -> list[SimNote]:
        titles = self._folder_titles()
        return [SimNote(r["id"], r["title"], r["body"], folders=(titles.get(r["parent_id"], ""),),
                        trashed=r["deleted_time"] != 0)
                for r in self.rows("SELECT id, parent_id, title, body, deleted_time FROM notes ORDER BY updated_time DESC")]

    def folders(self) -> list[str]:
        return sorted(self._folder_titles().values())

    def _folder_id(self, name: str) -> str:
        for fid, title in self._folder_titles().items():
            if title == name:
                return fid
        self.add_folder(name)
        return self._folder_id(name)

    def _default_id(self) -> str:
        """A note saved with no notebook chosen goes to the oldest notebook (the seeded default)."""
        rows = self.rows("SELECT id FROM folders WHERE deleted_time = 0 ORDER BY created_time, id LIMIT 1")
        return str(rows[0]["id"]) if rows else self._folder_id(DEFAULT_CONTAINER)

    def save(self, key: str | None, title: str, text: str, folder: str,
             items: tuple[tuple[str, bool], ...] | None = None) -> str:
        now, parent = self.now(), self._folder_id(folder) if folder else self._default_id()
        if key is None:
            key = uuid.uuid4().hex
            self.run("INSERT INTO notes (id, parent_id, title, body, created_time, updated_time, user_created_time, "
                     "user_updated_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (key, parent, title, text, now, now, now, now))
        else:
            self.run("UPDATE notes SET title = ?, body = ?, parent_id = ?, updated_time = ?, user_updated_time = ? "
                     "WHERE id = ?", (title, text, parent, now, now, key))
        return key

    def trash(self, key: str) -> None:
        now = self.now()
        self.run("UPDATE notes SET deleted_time = ?, updated_time = ? WHERE id = ?", (now, now, key))

    def add_folder(self, name: str) -> None:
        now = self.now()
        self.run("INSERT INTO folders (id, title, created_time, updated_time, user_created_time, user_updated_time) "
                 "VALUES (?, ?, ?, ?, ?, ?)", (uuid.uuid4().hex, name, now, now, now, now))


class NotallyDb(_Sqlite):
    """NotallyX: ``BaseNote`` rows (Delete moves ``folder`` to DELETED), labels in ``Label`` and in
    each note's ``labels`` JSON array."""

    db_name = "NotallyDatabase"
    schema = """
    CREATE TABLE IF NOT EXISTS BaseNote (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, type TEXT NOT NULL,
      folder TEXT NOT NULL, color TEXT NOT NULL, title TEXT NOT NULL, pinned INTEGER NOT NULL,
      timestamp INTEGER NOT NULL, modifiedTimestamp INTEGER NOT NULL, labels TEXT NOT NULL, body TEXT NOT NULL,
      spans TEXT NOT NULL, items TEXT NOT NULL, images TEXT NOT NULL, files TEXT NOT NULL, audios TEXT NOT NULL,
      reminders TEXT NOT NULL, viewMode TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS Label (value TEXT NOT NULL, PRIMARY KEY(value));
    """

    def notes(self) -> list[SimNote]:
        out = []
        for r in self.rows("SELECT id, type, folder, title, labels, body, items FROM BaseNote "
                           "WHERE folder != 'ARCHIVED' ORDER BY modifiedTimestamp DESC"):
            items = tuple((i["body"], bool(i["checked"])) for i in json.loads(r["items"])) if r["type"] == "LIST" else None
            out.append(SimNote(str(r["id"]), r["title"], r["body"], items, tuple(json.loads(r["labels"])),
                               trashed=r["folder"] == "DELETED"))
        return out

    def folders(self) -> list[str]:
        return sorted(r["value"] for r in self.rows("SELECT value FROM Label"))

    def save(self, key: str | None, title: str, text: str, folder: str,
             items: tuple[tuple[str, bool], ...] | None = None) -> str:
        now = self.now()
        kind = "LIST" if items is not None else "NOTE"
        items_json = json.dumps([{"body": t, "checked": c, "isChild": False, "order": i}
                                 for i, (t, c) in enumerate(items or ())])
        labels = json.dumps([folder] if folder else [])
        if key is None:
            return str(self.run(
                "INSERT INTO BaseNote (type, folder, color, title, pinned, timestamp, modifiedTimestamp, labels, body, "
                "spans, items, images, files, audios, reminders, viewMode) VALUES (?, 'NOTES', 'DEFAULT', ?, 0, ?, ?, "
                "?, ?, '[]', ?, '[]', '[]', '[]', '[]', 'EDIT')", (kind, title, now, now, labels, text, items_json)))
        self.run("UPDATE BaseNote SET title = ?, body = ?, items = ?, modifiedTimestamp = ? WHERE id = ?",
                 (title, text, items_json, now, int(key)))
        return key

    def trash(self, key: str) -> None:
        self.run("UPDATE BaseNote SET folder = 'DELETED', modifiedTimestamp = ? WHERE id = ?", (self.now(), int(key)))

    def add_folder(self, name: str) -> None:
        self.run("INSERT OR IGNORE INTO Label (value) VALUES (?)", (name,))


class NeutriDb(_Sqlite):
    """neutriNote: one ``records`` table; tags are words of ``metadata``; Delete sets ``deleted=1``."""

    db_name = "app_db"
    schema = """
    CREATE TABLE IF NOT EXISTS records (_id integer primary key autoincrement, title text not null,
      content text not null, star integer default 0, deleted integer default 0, created date,
      modified date default (datetime('now','localtime')), accessed date, metadata text, pos integer default -1,
      passcode text, latitude double, longitude double, distance double);
    """
    #: ``MainActivity.verifyDatabase`` (v4.6.3): with no live record, every start writes this note.
    INTRO = ("Getting Started", "Welcome. Stop by the Help documentation at the side to explore around.")

    def create(self) -> None:
        super().create()
        if not self.rows("SELECT _id FROM records WHERE deleted = 0 LIMIT 1"):
            now = self.now()
            self.run("INSERT INTO records (title, content, star, deleted, created, modified, accessed) "
                     "VALUES (?, ?, 0, 0, ?, ?, ?)", (*self.INTRO, now, now, now))

    def notes(self) -> list[SimNote]:
        return [SimNote(str(r["_id"]), r["title"], r["content"], folders=tuple((r["metadata"] or "").split()),
                        trashed=r["deleted"] == 1)
                for r in self.rows("SELECT _id, title, content, deleted, metadata FROM records ORDER BY modified DESC")]

    def folders(self) -> list[str]:
        return sorted({t for n in self.notes() if not n.trashed for t in n.folders})

    def save(self, key: str | None, title: str, text: str, folder: str,
             items: tuple[tuple[str, bool], ...] | None = None) -> str:
        now = self.now()
        if key is None:
            return str(self.run("INSERT INTO records (title, content, created, modified, accessed, metadata) "
                                "VALUES (?, ?, ?, ?, ?, ?)", (title, text, now, now, now, folder)))
        self.run("UPDATE records SET title = ?, content = ?, metadata = ?, modified = ? WHERE _id = ?",
                 (title, text, folder, now, int(key)))
        return key

    def trash(self, key: str) -> None:
        self.run("UPDATE records SET deleted = 1, modified = ? WHERE _id = ?", (self.now(), int(key)))

    def add_folder(self, name: str) -> None:
        """neutriNote has no tag table: a tag exists only on a note (see the kit's tag field)."""


class OrgzlyDb(_Sqlite):
    """Orgzly Revived: a notebook is a ``books`` row plus its root note (level 0); a note is a
    level-1 child of the root (nested set ``lft``/``rgt``) with a ``note_ancestors`` row. Deletes
    are hard."""

    db_name = "orgzly.db"
    schema = """
    CREATE TABLE IF NOT EXISTS books (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT NOT NULL, title TEXT,
      mtime INTEGER, is_dummy INTEGER NOT NULL, is_deleted INTEGER, preface TEXT, filetags TEXT, is_indented INTEGER,
      used_encoding TEXT, detected_encoding TEXT, selected_encoding TEXT, sync_status TEXT,
      is_modified INTEGER NOT NULL, last_action_type TEXT, last_action_message TEXT, last_action_timestamp INTEGER);
    CREATE UNIQUE INDEX IF NOT EXISTS index_books_name ON books (name);
    CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, is_cut INTEGER NOT NULL,
      created_at INTEGER, title TEXT NOT NULL, tags TEXT, state TEXT, priority TEXT, content TEXT,
      content_line_count INTEGER NOT NULL, scheduled_range_id INTEGER, deadline_range_id INTEGER,
      closed_range_id INTEGER, clock_range_id INTEGER, book_id INTEGER NOT NULL, lft INTEGER NOT NULL,
      rgt INTEGER NOT NULL, level INTEGER NOT NULL, parent_id INTEGER NOT NULL, folded_under_id INTEGER NOT NULL,
      is_folded INTEGER NOT NULL, descendants_count INTEGER NOT NULL,
      FOREIGN KEY(book_id) REFERENCES books(id) ON DELETE CASCADE);
    CREATE TABLE IF NOT EXISTS note_ancestors (note_id INTEGER NOT NULL, book_id INTEGER NOT NULL,
      ancestor_note_id INTEGER NOT NULL, PRIMARY KEY(book_id, note_id, ancestor_note_id));
    """

    def _books(self) -> dict[int, str]:
        return {r["id"]: r["name"] for r in self.rows("SELECT id, name FROM books WHERE is_dummy = 0")}

    def notes(self) -> list[SimNote]:
        books = self._books()
        return [SimNote(str(r["id"]), r["title"], r["content"] or "", folders=(books.get(r["book_id"], ""),))
                for r in self.rows("SELECT id, book_id, title, content FROM notes WHERE level > 0 ORDER BY book_id, lft")]

    def folders(self) -> list[str]:
        return sorted(self._books().values())

    def _book_id(self, name: str) -> int:
        for bid, book in self._books().items():
            if book == name:
                return bid
        self.add_folder(name)
        return self._book_id(name)

    def save(self, key: str | None, title: str, text: str, folder: str,
             items: tuple[tuple[str, bool], ...] | None = None) -> str:
        lines = len(text.split("\n")) if text else 0
        if key is not None:
            self.run("UPDATE notes SET title = ?, content = ?, content_line_count = ? WHERE id = ?",
                     (title, text, lines, int(key)))
            self.run("UPDATE books SET mtime = ?, is_modified = 1 WHERE id = (SELECT book_id FROM notes WHERE id = ?)",
                     (self.now(), int(key)))
            return key
        book = self._book_id(folder or DEFAULT_CONTAINER)
        root = self.rows("SELECT id, rgt FROM notes WHERE book_id = ? AND level = 0", (book,))[0]
        with closing(self.app.db(self.db_name)) as conn:  # append as the root's last child (nested set)
            conn.execute("BEGIN")
            conn.execute("UPDATE notes SET rgt = rgt + 2 WHERE book_id = ? AND rgt >= ?", (book, root["rgt"]))
            cur = conn.execute(
                "INSERT INTO notes (is_cut, created_at, title, content, content_line_count, book_id, lft, rgt, level, "
                "parent_id, folded_under_id, is_folded, descendants_count) VALUES (0, ?, ?, ?, ?, ?, ?, ?, 1, ?, 0, 0, 0)",
                (self.now(), title, text, lines, book, root["rgt"], root["rgt"] + 1, root["id"]))
            conn.execute("INSERT INTO note_ancestors (note_id, book_id, ancestor_note_id) VALUES (?, ?, ?)",
                         (cur.lastrowid, book, root["id"]))
            conn.execute("UPDATE notes SET descendants_count = descendants_count + 1 WHERE id = ?", (root["id"],))
            conn.execute("UPDATE books SET mtime = ?, is_modified = 1 WHERE id = ?", (self.now(), book))
            conn.execute("COMMIT")
            return str(cur.lastrowid)

    def trash(self, key: str) -> None:
        """Hard delete of the note (its subtree: none here) and its ancestor rows."""
        with closing(self.app.db(self.db_name)) as conn:
            conn.execute("BEGIN")
            conn.execute("DELETE FROM note_ancestors WHERE note_id = ?", (int(key),))
            conn.execute("DELETE FROM notes WHERE id = ?", (int(key),))
            conn.execute("COMMIT")

    def add_folder(self, name: str) -> None:
        with closing(self.app.db(self.db_name)) as conn:
            conn.execute("BEGIN")
            cur = conn.execute("INSERT INTO books (name, mtime, is_dummy, is_modified) VALUES (?, ?, 0, 0)",
                               (name, self.now()))
            conn.execute("INSERT INTO notes (is_cut, title, content_line_count, book_id, lft, rgt, level, parent_id, "
                         "folded_under_id, is_folded, descendants_count) VALUES (0, '', 0, ?, 1, 2, 0, 0, 0, 0, 0)",
                         (cur.lastrowid,))
            conn.execute("COMMIT")


def safe_file_name(title: str) -> str:
    """Markor's filename filter: characters a file name may not hold are dropped."""
    return re.sub(r'[\\/:*?"<>|\n\r\t]', "", title).strip()


class NotesnookVault:
    """Notesnook 3.4.9: notes, their text and notebooks in one database that is always encrypted
    (``files/notesnook``; SQLite3MultipleCiphers, key wrapped by the Android Keystore). The double
    keeps the same content as an opaque blob: a keystream-encrypted JSON document whose key lives
    outside the app's files (here: in the simulator process, as the Keystore is outside the app),
    so nothing on the device can read it, as on a real phone. ``pm clear`` removes the file; the
    next start makes a new key. Delete moves a note to the trash (``deleted``)."""

    path = "files/notesnook"
    _keys: ClassVar[dict[str, bytes]] = {}

    def __init__(self, app: SimApp) -> None:
        self.file: Path = app.host_path(self.path)
        self.now = app.now_ms

    def _key(self) -> bytes:
        if not self.file.exists():
            self._keys[str(self.file)] = secrets.token_bytes(32)
        return self._keys.setdefault(str(self.file), secrets.token_bytes(32))

    def _crypt(self, data: bytes, key: bytes) -> bytes:
        stream = b"".join(hashlib.sha256(key + i.to_bytes(8, "big")).digest() for i in range(len(data) // 32 + 1))
        return bytes(a ^ b for a, b in zip(data, stream, strict=False))

    def _load(self) -> dict[str, Any]:
        if not self.file.exists():
            return {"notes": [], "notebooks": []}
        return dict(json.loads(self._crypt(self.file.read_bytes(), self._key())))

    def _store(self, doc: dict[str, Any]) -> None:
        key = self._key()
        self.file.write_bytes(self._crypt(json.dumps(doc).encode(), key))

    def create(self) -> None:
        if not self.file.exists():
            self._store({"notes": [], "notebooks": []})

    def notes(self) -> list[SimNote]:
        rows = sorted(self._load()["notes"], key=lambda n: -int(n["dateEdited"]))
        return [SimNote(n["id"], n["title"], n["data"], folders=tuple(n["notebooks"]), trashed=bool(n["deleted"]))
                for n in rows]

    def folders(self) -> list[str]:
        return sorted(self._load()["notebooks"])

    def save(self, key: str | None, title: str, text: str, folder: str,
             items: tuple[tuple[str, bool], ...] | None = None) -> str:
        doc, now = self._load(), self.now()
        if key is None:
            key = secrets.token_hex(12)  # a 24-hex ObjectId-like id
            doc["notes"].append({"id": key, "title": title, "data": text, "notebooks": [folder] if folder else [],
                                 "deleted": False, "dateCreated": now, "dateEdited": now})
        for n in doc["notes"]:
            if n["id"] == key:
                n.update(title=title, data=text, dateEdited=now)
        if folder and folder not in doc["notebooks"]:
            doc["notebooks"].append(folder)
        self._store(doc)
        return key

    def trash(self, key: str) -> None:
        doc = self._load()
        for n in doc["notes"]:
            if n["id"] == key:
                n.update(deleted=True, dateEdited=self.now())
        self._store(doc)

    def add_folder(self, name: str) -> None:
        doc = self._load()
        if name not in doc["notebooks"]:
            doc["notebooks"].append(name)
        self._store(doc)
