"""What every SMS app double reads and writes: messages in the telephony provider's ``sms`` table,
drafts where each real app keeps them (a :class:`DraftStore`), and the contacts provider's phone
numbers. Screens rebuild from here on every frame, so rows the harness seeds or deletes behind an
app's back show up at once.

Draft stores (docs/sms.md, "Storage profiles"):

* :class:`ProviderDrafts` — Simple SMS Messenger: ``content://sms/draft`` rows with body, date,
  type 3 and thread_id, **no address** (the provider drops the thread's older draft).
* :class:`RoomDrafts` — Fossify Messages 1.8.0: ``databases/conversations.db`` table ``drafts``
  (thread_id primary key, body, date), written by the app itself.
* :class:`PrivateDrafts` — QUIK (Realm) and Google Messages (closed): an app-private file the
  harness never reads; its content here is a stand-in (JSON), not the real format.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pytest_anyapp.sim.providers.telephony import thread_id_for

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp
    from pytest_anyapp.sim.device import SimDevice

INBOX, SENT, DRAFT, OUTBOX, FAILED, QUEUED = 1, 2, 3, 4, 5, 6
PHONE_MIME = "vnd.android.cursor.item/phone_v2"


def digits(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


def same_number(a: str, b: str) -> bool:
    """How the telephony stack pairs addresses with threads: same digits, or a US ``1`` prefix."""
    da, db = digits(a), digits(b)
    if not da or not db:
        return False
    if da == db:
        return True
    short, long_ = sorted((da, db), key=len)
    return len(short) == 10 and long_ == "1" + short


def looks_like_number(text: str) -> bool:
    stripped = text.strip()
    return len(digits(stripped)) >= 3 and all(ch.isdigit() or ch in "+-() ." for ch in stripped)


@dataclass(frozen=True)
class Message:
    id: int
    thread_id: int
    address: str
    body: str
    date_ms: int
    box: int

    @property
    def outgoing(self) -> bool:
        return self.box in (SENT, OUTBOX, QUEUED, FAILED)


@dataclass(frozen=True)
class Draft:
    thread_id: int
    body: str
    date_ms: int


@dataclass(frozen=True)
class Conversation:
    """One thread as a list row shows it: the newest message, plus its draft if any."""

    thread_id: int
    address: str
    last: Message | None
    draft: Draft | None

    @property
    def date_ms(self) -> int:
        stamps = [m.date_ms for m in (self.last, self.draft) if m is not None]
        return max(stamps) if stamps else 0


@dataclass(frozen=True)
class Contact:
    name: str
    number: str


class DraftStore(Protocol):
    def all(self) -> dict[int, Draft]: ...
    def put(self, thread_id: int, body: str, now_ms: int) -> None: ...
    def delete(self, thread_id: int) -> None: ...


class ProviderDrafts:
    """Drafts as telephony rows without an address (Simple SMS Messenger's ``saveSmsDraft``)."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device

    def all(self) -> dict[int, Draft]:
        with closing(self.device.providers.connect("telephony")) as db:
            rows = db.execute("SELECT thread_id, body, date FROM sms WHERE type = 3 ORDER BY date, _id").fetchall()
        return {int(r[0]): Draft(int(r[0]), str(r[1] or ""), int(r[2] or 0)) for r in rows if r[0] is not None}

    def put(self, thread_id: int, body: str, now_ms: int) -> None:
        self.device.providers.insert("content://sms/draft", {"body": body, "date": now_ms, "type": DRAFT,
                                                             "thread_id": thread_id})

    def delete(self, thread_id: int) -> None:
        self.device.providers.delete("content://sms/draft", f"thread_id = {int(thread_id)}")


class RoomDrafts:
    """Drafts in the app's Room database (Fossify Messages' ``conversations.db``, table ``drafts``)."""

    #: Room's schema of the tables the double uses (MessagesDatabase v10; the others are not modelled).
    SCHEMA = ("CREATE TABLE IF NOT EXISTS `drafts` (`thread_id` INTEGER NOT NULL PRIMARY KEY, `body` TEXT NOT NULL, "
              "`date` INTEGER NOT NULL); PRAGMA user_version = 10;")

    def __init__(self, app: SimApp, database: str = "conversations.db") -> None:
        self.app = app
        self.database = database

    def create(self) -> None:
        self.app.executescript(self.database, self.SCHEMA)

    def all(self) -> dict[int, Draft]:
        self.create()
        rows = self.app.query(self.database, "SELECT thread_id, body, date FROM drafts")
        return {int(r[0]): Draft(int(r[0]), str(r[1]), int(r[2])) for r in rows}

    def put(self, thread_id: int, body: str, now_ms: int) -> None:
        self.create()
        self.app.execute(self.database, "INSERT OR REPLACE INTO drafts (thread_id, body, date) VALUES (?, ?, ?)",
                         (thread_id, body, now_ms))

    def delete(self, thread_id: int) -> None:
        self.create()
        self.app.execute(self.database, "DELETE FROM drafts WHERE thread_id = ?", (thread_id,))


class PrivateDrafts:
    """An app-private store the harness does not read (stand-in content: JSON at the real path)."""

    def __init__(self, app: SimApp, relative_path: str) -> None:
        self.path = app.host_path(relative_path)

    def _load(self) -> dict[int, Draft]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        return {int(k): Draft(int(k), str(v["body"]), int(v["date"])) for k, v in data.items()}

    def _save(self, drafts: dict[int, Draft]) -> None:
        self.path.write_text(json.dumps({str(k): {"body": d.body, "date": d.date_ms} for k, d in drafts.items()}))

    def all(self) -> dict[int, Draft]:
        return self._load()

    def put(self, thread_id: int, body: str, now_ms: int) -> None:
        drafts = self._load()
        drafts[thread_id] = Draft(thread_id, body, now_ms)
        self._save(drafts)

    def delete(self, thread_id: int) -> None:
        drafts = self._load()
        if drafts.pop(thread_id, None) is not None:
            self._save(drafts)


class SmsStore:
    """Telephony, drafts and contacts for one app process (a new connection per call, like a cursor)."""

    def __init__(self, device: SimDevice, drafts: DraftStore, *, list_draft_only: bool) -> None:
        self.device = device
        self.drafts = drafts
        #: Whether a thread holding only a draft is listed (Simple/Fossify list threads with
        #: message_count > 0, and drafts do not count; QUIK lists conversations with a draft).
        self.list_draft_only = list_draft_only

    @contextmanager
    def _db(self, name: str) -> Iterator[sqlite3.Connection]:
        conn = self.device.providers.connect(name)
        with closing(conn):
            yield conn
            if conn.in_transaction:
                conn.commit()

    # -- messages ----------------------------------------------------------------------------
    def _messages(self, where: str = "", args: tuple[object, ...] = ()) -> list[Message]:
        sql = ("SELECT _id, COALESCE(thread_id, 0), COALESCE(address, ''), COALESCE(body, ''), COALESCE(date, 0), "
               f"COALESCE(type, 0) FROM sms WHERE type != 3 {where} ORDER BY date, _id")
        with self._db("telephony") as db:
            rows = db.execute(sql, args).fetchall()
        return [Message(int(r[0]), int(r[1]), str(r[2]), str(r[3]), int(r[4]), int(r[5])) for r in rows]

    def thread_addresses(self) -> dict[int, str]:
        sql = ("SELECT t._id, ca.address FROM threads t JOIN canonical_addresses ca "
               "ON ca._id = CAST(t.recipient_ids AS INTEGER)")
        with self._db("telephony") as db:
            return {int(r[0]): str(r[1]) for r in db.execute(sql).fetchall()}

    def thread_for(self, address: str) -> int:
        """``Threads.getOrCreateThreadId``: the thread of ``address``, created when missing."""
        with self._db("telephony") as db:
            return thread_id_for(db, address, self.device.clock.now_ms())

    def conversations(self) -> list[Conversation]:
        """Threads with a message (or, where the app lists them, only a draft), newest first."""
        by_thread: dict[int, list[Message]] = {}
        for m in self._messages():
            by_thread.setdefault(m.thread_id, []).append(m)
        drafts = self.drafts.all()
        addresses = self.thread_addresses()
        threads = set(by_thread) | ({t for t in drafts if t in addresses} if self.list_draft_only else set())
        out = []
        for tid in threads:
            rows = by_thread.get(tid, [])
            last = rows[-1] if rows else None
            out.append(Conversation(tid, last.address if last else addresses[tid], last, drafts.get(tid)))
        return sorted(out, key=lambda c: (c.date_ms, c.thread_id), reverse=True)

    def thread_messages(self, address: str) -> list[Message]:
        """Messages (not drafts) exchanged with ``address``, oldest first."""
        return [m for m in self._messages() if same_number(m.address, address)]

    def draft_for(self, address: str) -> str:
        draft = self.drafts.all().get(self.thread_for(address))
        return draft.body if draft else ""

    def send(self, address: str, body: str) -> None:
        """What the app does once the radio accepted the message: a SENT row, and the draft is gone."""
        self.drafts.delete(self.thread_for(address))
        self.device.providers.insert_sms(SENT, address, body, self.device.clock.now_ms())

    def save_draft(self, address: str, body: str) -> None:
        """The box's text becomes the thread's draft; an empty box deletes it (the apps' onPause)."""
        thread = self.thread_for(address)
        if body.strip():
            self.drafts.put(thread, body, self.device.clock.now_ms())
        else:
            self.drafts.delete(thread)

    def delete_message(self, message_id: int) -> None:
        with self._db("telephony") as db:
            db.execute("DELETE FROM sms WHERE _id = ?", (message_id,))

    def delete_conversation(self, address: str) -> None:
        """Every provider row of the address's threads (drafts in the provider too) and the emptied
        threads, as ``content://sms`` delete by thread does. Drafts kept by the app are the app's."""
        threads = {m.thread_id for m in self._messages() if same_number(m.address, address)}
        threads |= {t for t, a in self.thread_addresses().items() if same_number(a, address)}
        for thread_id in threads:
            self.device.providers.delete("content://sms", f"thread_id = {int(thread_id)}")

    # -- contacts ------------------------------------------------------------------------------
    def contacts(self) -> list[Contact]:
        """Every (name, phone) pair, sorted by name, as an app's contact picker lists them."""
        sql = ("SELECT COALESCE(r.display_name, ''), COALESCE(d.data1, '') FROM data d "
               "JOIN raw_contacts r ON r._id = d.raw_contact_id "
               "JOIN mimetypes m ON m._id = d.mimetype_id "
               "WHERE m.mimetype = ? AND COALESCE(r.deleted, 0) = 0")
        try:
            with self._db("contacts") as db:
                rows = db.execute(sql, (PHONE_MIME,)).fetchall()
        except sqlite3.Error:
            return []
        return sorted((Contact(str(r[0]), str(r[1])) for r in rows if r[1]), key=lambda c: (c.name.lower(), c.number))

    def name_for(self, address: str, contacts: list[Contact] | None = None) -> str | None:
        for contact in self.contacts() if contacts is None else contacts:
            if contact.name and same_number(contact.number, address):
                return contact.name
        return None

    def search_contacts(self, query: str) -> list[Contact]:
        """Contacts whose name contains ``query`` (case-insensitive) or whose number contains its digits."""
        q = query.strip().lower()
        if not q:
            return self.contacts()
        qd = digits(q)
        return [c for c in self.contacts() if q in c.name.lower() or (qd and qd in digits(c.number))]
