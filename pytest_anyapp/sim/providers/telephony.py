"""TelephonyProvider: ``content://sms`` over ``mmssms.db``; keeps threads and canonical addresses.

Inserting a message finds or creates the canonical address and the thread whose
``recipient_ids`` is that address id, as SmsProvider/MmsSmsProvider do; the schema triggers then
refresh the thread's date, snippet, count and read flag.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from typing import Any

from pytest_anyapp.sim.providers.tables import (
    Clause,
    ProviderError,
    QueryResult,
    delete_rows,
    id_clause,
    insert_row,
    optional_id,
    row_clause,
    select,
    unknown_uri,
    update_rows,
)

AUTHORITIES = ("sms", "mms-sms")
BOX_TYPES = {"inbox": 1, "sent": 2, "draft": 3, "outbox": 4, "failed": 5, "queued": 6}


def _digits(address: str) -> str:
    return re.sub(r"\D", "", address)


def numbers_equal(a: str, b: str) -> bool:
    """Loose phone-number equality (PhoneNumberUtils-like): same digits, or same last 10 digits."""
    if a == b:
        return True
    da, db = _digits(a), _digits(b)
    if not da or not db:
        return False
    if da == db:
        return True
    return len(da) >= 10 and len(db) >= 10 and da[-10:] == db[-10:]


def canonical_address_id(conn: sqlite3.Connection, address: str) -> int:
    for row_id, existing in conn.execute("SELECT _id, address FROM canonical_addresses"):
        if existing is not None and numbers_equal(existing, address):
            return int(row_id)
    return insert_row(conn, "canonical_addresses", {"address": address})


def thread_id_for(conn: sqlite3.Connection, address: str, date_ms: int) -> int:
    recipient = str(canonical_address_id(conn, address))
    row = conn.execute("SELECT _id FROM threads WHERE recipient_ids = ?", (recipient,)).fetchone()
    if row:
        return int(row[0])
    return insert_row(conn, "threads", {"date": date_ms, "message_count": 0, "recipient_ids": recipient, "read": 1, "archived": 0})


def insert_message(conn: sqlite3.Connection, values: dict[str, Any], now_ms: int) -> int:
    """Insert one ``sms`` row, filling thread_id and defaults like SmsProvider.insert."""
    row = dict(values)
    row.setdefault("date", now_ms)
    msg_type = int(row.get("type") or 1)
    row["type"] = msg_type
    if msg_type == 1:
        row.setdefault("read", 0)
        row.setdefault("seen", 0)
    else:
        row.setdefault("read", 1)
        row.setdefault("seen", 1)
    if not row.get("thread_id"):
        address = row.get("address")
        if address is None:
            raise ProviderError("Creating message requires an address")
        row["thread_id"] = thread_id_for(conn, str(address), int(row["date"]))
    if msg_type == 3:  # SmsProvider.insertInner: a draft replaces the thread's other drafts
        conn.execute("DELETE FROM sms WHERE thread_id = ? AND type = 3", (row["thread_id"],))
    return insert_row(conn, "sms", row)


class TelephonyHandler:
    """Routes for ``content://sms[/inbox|sent|draft|outbox][/<id>]`` and ``mms-sms/conversations``."""

    def __init__(self, conn: sqlite3.Connection, now_ms: int) -> None:
        self.conn = conn
        self.now_ms = now_ms

    def _route(self, authority: str, segments: list[str]) -> tuple[str, list[Clause], int | None]:
        if authority == "mms-sms":
            if segments[:1] == ["conversations"]:
                return "threads", optional_id(segments, 1), None
            raise unknown_uri(authority, segments)
        base: list[Clause] = []
        box: int | None = None
        rest = list(segments)
        if rest and rest[0] in BOX_TYPES:
            box = BOX_TYPES[rest.pop(0)]
            base.append(("type = ?", [box]))
        elif rest and rest[0] == "conversations":
            rest.pop(0)
            if rest:
                base.append(("thread_id = ?", [int(rest.pop(0))]))
        if rest:
            base.append(id_clause(rest.pop(0)))
        if rest:
            raise unknown_uri("sms", segments)
        return "sms", base, box

    def query(self, authority: str, segments: list[str], projection: Sequence[str] | None, where: str | None,
              sort: str | None) -> QueryResult:
        table, base, _ = self._route(authority, segments)
        default_sort = "date DESC" if table in ("sms", "threads") else None
        return select(self.conn, table, projection, where, sort or default_sort, base)

    def insert(self, authority: str, segments: list[str], values: dict[str, Any]) -> str:
        table, base, box = self._route(authority, segments)
        if table != "sms" or any(c[0] == "_id = ?" for c in base):
            raise ProviderError("Cannot insert into this URI")
        if box is not None:
            values = {**values, "type": box}
        row_id = insert_message(self.conn, values, self.now_ms)
        return f"content://sms/{row_id}"

    def update(self, authority: str, segments: list[str], values: dict[str, Any], where: str | None) -> int:
        table, base, _ = self._route(authority, segments)
        return update_rows(self.conn, table, values, where, base)

    def delete(self, authority: str, segments: list[str], where: str | None) -> int:
        table, base, _ = self._route(authority, segments)
        if table == "threads":
            thread_ids = [r[0] for r in self.conn.execute(f"SELECT _id FROM threads{' WHERE ' + where if where else ''}")]
            count = 0
            for tid in thread_ids:
                count += delete_rows(self.conn, "sms", None, [("thread_id = ?", [tid])])
                delete_rows(self.conn, "threads", None, row_clause(tid))
            return count
        count = delete_rows(self.conn, table, where, base)
        # MmsSmsDatabaseHelper removes threads that no longer have messages.
        self.conn.execute("DELETE FROM threads WHERE _id NOT IN (SELECT DISTINCT thread_id FROM sms WHERE thread_id IS NOT NULL)")
        return count
