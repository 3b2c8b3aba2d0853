"""What every SMS app double reads and writes: the telephony provider's ``sms`` table (messages,
drafts included) and the contacts provider's phone numbers. Screens rebuild from here on every
frame, so rows the harness seeds or deletes behind an app's back show up at once."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
class Conversation:
    """One thread as a list row shows it: the newest non-draft message, plus its draft if any."""

    thread_id: int
    address: str
    last: Message | None
    draft: Message | None

    @property
    def date_ms(self) -> int:
        stamps = [m.date_ms for m in (self.last, self.draft) if m is not None]
        return max(stamps) if stamps else 0


@dataclass(frozen=True)
class Contact:
    name: str
    number: str


class SmsStore:
    """Telephony and contacts access for one app process (a new connection per call, like a cursor)."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device

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
               f"COALESCE(type, 0) FROM sms {where} ORDER BY date, _id")
        with self._db("telephony") as db:
            rows = db.execute(sql, args).fetchall()
        return [Message(int(r[0]), int(r[1]), str(r[2]), str(r[3]), int(r[4]), int(r[5])) for r in rows]

    def conversations(self) -> list[Conversation]:
        """Threads with at least one row, newest first."""
        by_thread: dict[int, list[Message]] = {}
        for m in self._messages():
            by_thread.setdefault(m.thread_id, []).append(m)
        out: list[Conversation] = []
        for thread_id, rows in by_thread.items():
            shown = [m for m in rows if m.box != DRAFT]
            drafts = [m for m in rows if m.box == DRAFT]
            last = shown[-1] if shown else None
            draft = drafts[-1] if drafts else None
            address = (last or draft or rows[-1]).address
            out.append(Conversation(thread_id, address, last, draft))
        return sorted(out, key=lambda c: (c.date_ms, c.thread_id), reverse=True)

    def conversation(self, address: str) -> Conversation | None:
        for conv in self.conversations():
            if same_number(conv.address, address):
                return conv
        return None

    def thread_messages(self, address: str) -> list[Message]:
        """Messages (not drafts) exchanged with ``address``, oldest first."""
        return [m for m in self._messages() if m.box != DRAFT and same_number(m.address, address)]

    def draft_for(self, address: str) -> Message | None:
        drafts = [m for m in self._messages("WHERE type = ?", (DRAFT,)) if same_number(m.address, address)]
        return drafts[-1] if drafts else None

    def send(self, address: str, body: str) -> None:
        """What the app does once the radio accepted the message: a SENT row, and the draft is gone."""
        self._delete_drafts(address)
        self.device.providers.insert_sms(SENT, address, body, self.device.clock.now_ms())

    def save_draft(self, address: str, body: str) -> None:
        """Replace the thread's draft with ``body``; an empty body just discards it."""
        self._delete_drafts(address)
        if body.strip():
            self.device.providers.insert_sms(DRAFT, address, body, self.device.clock.now_ms())

    def _delete_drafts(self, address: str) -> None:
        ids = [m.id for m in self._messages("WHERE type = ?", (DRAFT,)) if same_number(m.address, address)]
        if ids:
            with self._db("telephony") as db:
                db.executemany("DELETE FROM sms WHERE _id = ?", [(i,) for i in ids])

    def delete_message(self, message_id: int) -> None:
        with self._db("telephony") as db:
            db.execute("DELETE FROM sms WHERE _id = ?", (message_id,))

    def delete_conversation(self, address: str) -> None:
        """Every row with the address (drafts too) and the emptied threads, as the provider does."""
        rows = [m for m in self._messages() if same_number(m.address, address)]
        threads = {m.thread_id for m in rows}
        with self._db("telephony") as db:
            db.executemany("DELETE FROM sms WHERE _id = ?", [(m.id,) for m in rows])
            for thread_id in threads:
                left = db.execute("SELECT count(*) FROM sms WHERE thread_id = ?", (thread_id,)).fetchone()[0]
                if not left:
                    db.execute("DELETE FROM threads WHERE _id = ?", (thread_id,))

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
