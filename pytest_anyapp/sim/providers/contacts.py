"""ContactsProvider2 subset over ``contacts2.db`` (+ ``calllog.db`` for ``content://call_log``).

What the provider computes on writes, and so must we: each raw contact gets an aggregate
``contacts`` row; a ``vnd.android.cursor.item/name`` data row sets the raw contact's
``display_name`` (split into given/family name when only ``data1`` is bound); phone rows set
``has_phone_number`` and a ``phone_lookup`` row. Deleting a raw contact of an account marks it
``deleted=1`` (no sync adapter will purge it) and drops its aggregate; views hide deleted ones.
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
    ids,
    insert_row,
    optional_id,
    row_clause,
    select,
    unknown_uri,
    update_rows,
)

CONTACTS_HANDLER_AUTHORITIES = ("com.android.contacts", "contacts", "call_log")
NAME = "vnd.android.cursor.item/name"
PHONE = "vnd.android.cursor.item/phone_v2"
EMAIL = "vnd.android.cursor.item/email_v2"
NICKNAME = "vnd.android.cursor.item/nickname"
ORGANIZATION = "vnd.android.cursor.item/organization"

# DisplayNameSources
_SOURCE_RANK = {NAME: 40, NICKNAME: 35, ORGANIZATION: 30, PHONE: 20, EMAIL: 10}

_DATA_SHORTCUTS = {"phones": PHONE, "emails": EMAIL}


def _mimetype_id(conn: sqlite3.Connection, mimetype: str) -> int:
    row = conn.execute("SELECT _id FROM mimetypes WHERE mimetype = ?", (mimetype,)).fetchone()
    if row:
        return int(row[0])
    return insert_row(conn, "mimetypes", {"mimetype": mimetype})


def _account_id(conn: sqlite3.Connection, name: Any, acc_type: Any) -> int | None:
    if name is None and acc_type is None:
        return None
    row = conn.execute(
        "SELECT _id FROM accounts WHERE account_name IS ? AND account_type IS ? AND data_set IS NULL", (name, acc_type)
    ).fetchone()
    if row:
        return int(row[0])
    return insert_row(conn, "accounts", {"account_name": name, "account_type": acc_type})


def _lookup_key(raw_id: int, name: str | None) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9]", "", name or "")
    return f"0r{raw_id}-{cleaned[:16]}" if cleaned else f"0r{raw_id}"


def refresh_raw_contact(conn: sqlite3.Connection, raw_id: int, now_ms: int) -> None:
    """Recompute display name and the aggregate row for one raw contact."""
    rows = conn.execute(
        "SELECT mimetypes.mimetype, data1, data2, data3 FROM data JOIN mimetypes ON data.mimetype_id = mimetypes._id "
        "WHERE raw_contact_id = ? ORDER BY data._id",
        (raw_id,),
    ).fetchall()
    best: tuple[int, str, str | None] = (0, "", None)
    has_phone = 0
    for mimetype, data1, data2, data3 in rows:
        if mimetype == PHONE:
            has_phone = 1
        rank = _SOURCE_RANK.get(mimetype, 0)
        text = data1
        if mimetype == NAME and not text:
            text = " ".join(p for p in (data2, data3) if p) or None
        if text and rank > best[0]:
            alt = None
            if mimetype == NAME and data3 and data2:
                alt = f"{data3}, {data2}"
            best = (rank, str(text), alt)
    source, display, alt = best
    display_name = display or None
    conn.execute(
        "UPDATE raw_contacts SET display_name = ?, display_name_alt = ?, display_name_source = ?, sort_key = ?, "
        "sort_key_alt = ?, phonebook_label = ?, aggregation_needed = 0 WHERE _id = ?",
        (
            display_name,
            alt or display_name,
            source,
            display_name,
            alt or display_name,
            (display_name or "#")[:1].upper() if display_name and display_name[:1].isalpha() else "#",
            raw_id,
        ),
    )
    row = conn.execute("SELECT contact_id, deleted, starred FROM raw_contacts WHERE _id = ?", (raw_id,)).fetchone()
    if row is None:
        return
    contact_id, deleted, starred = row
    if deleted:
        return
    if contact_id is None:
        contact_id = insert_row(
            conn,
            "contacts",
            {"name_raw_contact_id": raw_id, "starred": starred or 0, "lookup": _lookup_key(raw_id, display_name)},
        )
        conn.execute("UPDATE raw_contacts SET contact_id = ? WHERE _id = ?", (contact_id, raw_id))
    conn.execute(
        "UPDATE contacts SET has_phone_number = ?, lookup = ?, contact_last_updated_timestamp = ? WHERE _id = ?",
        (has_phone, _lookup_key(raw_id, display_name), now_ms, contact_id),
    )


def _drop_aggregate(conn: sqlite3.Connection, contact_id: int | None, now_ms: int) -> None:
    if contact_id is None:
        return
    remaining = conn.execute(
        "SELECT _id FROM raw_contacts WHERE contact_id = ? AND deleted = 0 ORDER BY _id", (contact_id,)
    ).fetchall()
    if remaining:
        conn.execute("UPDATE contacts SET name_raw_contact_id = ? WHERE _id = ?", (remaining[0][0], contact_id))
        return
    conn.execute("DELETE FROM contacts WHERE _id = ?", (contact_id,))
    conn.execute(
        "INSERT OR REPLACE INTO deleted_contacts (contact_id, contact_deleted_timestamp) VALUES (?, ?)", (contact_id, now_ms)
    )


def delete_raw_contact(conn: sqlite3.Connection, raw_id: int, now_ms: int) -> None:
    row = conn.execute("SELECT contact_id, account_id FROM raw_contacts WHERE _id = ?", (raw_id,)).fetchone()
    if row is None:
        return
    contact_id, account_id = row
    if account_id is None:
        conn.execute("DELETE FROM phone_lookup WHERE raw_contact_id = ?", (raw_id,))
        conn.execute("DELETE FROM data WHERE raw_contact_id = ?", (raw_id,))
        conn.execute("DELETE FROM raw_contacts WHERE _id = ?", (raw_id,))
    else:
        conn.execute("UPDATE raw_contacts SET deleted = 1, dirty = 1, contact_id = NULL WHERE _id = ?", (raw_id,))
    _drop_aggregate(conn, contact_id, now_ms)


def insert_data(conn: sqlite3.Connection, values: dict[str, Any], now_ms: int) -> int:
    row = dict(values)
    mimetype = row.pop("mimetype", None)
    if mimetype is None:
        raise ProviderError("mimetype is required")
    raw_id = row.get("raw_contact_id")
    if raw_id is None:
        raise ProviderError("raw_contact_id is required")
    if conn.execute("SELECT 1 FROM raw_contacts WHERE _id = ?", (raw_id,)).fetchone() is None:
        raise ProviderError(f"Raw contact {raw_id} does not exist")
    if mimetype == NAME and row.get("data1") and not (row.get("data2") or row.get("data3")):
        given, _, family = str(row["data1"]).strip().partition(" ")
        row["data2"] = given or None
        row["data3"] = family.strip() or None
    row["mimetype_id"] = _mimetype_id(conn, str(mimetype))
    data_id = insert_row(conn, "data", row)
    if mimetype == PHONE and row.get("data1"):
        digits = re.sub(r"\D", "", str(row["data1"]))
        conn.execute(
            "INSERT INTO phone_lookup (data_id, raw_contact_id, normalized_number, min_match) VALUES (?, ?, ?, ?)",
            (data_id, raw_id, digits, digits[::-1][:7]),
        )
        if row.get("data4") is None:
            conn.execute("UPDATE data SET data4 = ? WHERE _id = ?", ("+" + digits if len(digits) > 10 else digits, data_id))
    refresh_raw_contact(conn, int(raw_id), now_ms)
    return data_id


def insert_raw_contact(conn: sqlite3.Connection, values: dict[str, Any], now_ms: int) -> int:
    row = dict(values)
    account_id = _account_id(conn, row.pop("account_name", None), row.pop("account_type", None))
    row.pop("data_set", None)
    row["account_id"] = account_id
    row.setdefault("dirty", 1)
    raw_id = insert_row(conn, "raw_contacts", row)
    refresh_raw_contact(conn, raw_id, now_ms)
    return raw_id


class ContactsHandler:
    def __init__(self, conn: sqlite3.Connection, calllog: sqlite3.Connection, now_ms: int) -> None:
        self.conn = conn
        self.calllog = calllog
        self.now_ms = now_ms

    # -- routing -----------------------------------------------------------------------------
    def _target(self, authority: str, segments: list[str]) -> tuple[str, str, list[Clause]]:
        """(kind, view/table, base clauses) for a URI."""
        if authority == "call_log":
            if segments[:1] != ["calls"]:
                raise unknown_uri("call_log", segments)
            return "calls", "calls", optional_id(segments, 1)
        if authority == "contacts":
            return "legacy", "", []
        if not segments:
            raise ProviderError("Unknown URI content://com.android.contacts")
        head, rest = segments[0], segments[1:]
        if head == "raw_contacts":
            return "raw_contacts", "view_raw_contacts", optional_id(rest, 0)
        if head == "data":
            base: list[Clause] = [("deleted = 0", [])]
            if rest and rest[0] in _DATA_SHORTCUTS:
                base.append(("mimetype = ?", [_DATA_SHORTCUTS[rest[0]]]))
                rest = rest[1:]
            if rest:
                base.append(id_clause(rest[0]))
            return "data", "view_data", base
        if head == "contacts":
            return "contacts", "view_contacts", optional_id(rest, 0)
        raise unknown_uri("com.android.contacts", segments)

    def _data_owner(self, data_id: int) -> int | None:
        """The raw contact a data row belongs to (its display name depends on the row)."""
        row = self.conn.execute("SELECT raw_contact_id FROM data WHERE _id = ?", (data_id,)).fetchone()
        return int(row[0]) if row else None

    def _refresh(self, raw_ids: set[int | None]) -> None:
        for rid in raw_ids:
            if rid is not None:
                refresh_raw_contact(self.conn, rid, self.now_ms)

    # -- operations --------------------------------------------------------------------------
    def query(self, authority: str, segments: list[str], projection: Sequence[str] | None, where: str | None,
              sort: str | None) -> QueryResult:
        kind, view, base = self._target(authority, segments)
        if kind == "legacy":
            # The pre-ContactsContract provider returns no rows on API 33.
            return QueryResult(list(projection or ["_id"]), [])
        conn = self.calllog if kind == "calls" else self.conn
        default_sort = {"calls": "date DESC", "raw_contacts": "_id", "data": "_id", "contacts": "_id"}.get(kind)
        return select(conn, view, projection, where, sort or default_sort, base)

    def insert(self, authority: str, segments: list[str], values: dict[str, Any]) -> str:
        kind, _, base = self._target(authority, segments)
        if base and kind != "data":
            raise ProviderError("Cannot insert into this URI")
        if kind == "calls":
            values = {"date": self.now_ms, "new": 1, "is_read": 0, **values}
            return f"content://call_log/calls/{insert_row(self.calllog, 'calls', values)}"
        if kind == "raw_contacts":
            return f"content://com.android.contacts/raw_contacts/{insert_raw_contact(self.conn, values, self.now_ms)}"
        if kind == "data":
            if len(segments) > 1 and segments[1] in _DATA_SHORTCUTS:
                values = {"mimetype": _DATA_SHORTCUTS[segments[1]], **values}
            return f"content://com.android.contacts/data/{insert_data(self.conn, values, self.now_ms)}"
        raise ProviderError(f"Cannot insert into content://{authority}/{'/'.join(segments)}")

    def update(self, authority: str, segments: list[str], values: dict[str, Any], where: str | None) -> int:
        kind, view, base = self._target(authority, segments)
        if kind == "calls":
            return update_rows(self.calllog, "calls", values, where, base)
        if kind == "contacts":
            contact_ids = ids(self.conn, view, where, base)
            for cid in contact_ids:
                update_rows(self.conn, "contacts", values, None, row_clause(cid))
                raw_values = {k: v for k, v in values.items() if k in ("starred", "pinned", "send_to_voicemail", "custom_ringtone")}
                update_rows(self.conn, "raw_contacts", raw_values, None, [("contact_id = ?", [cid])])
            return len(contact_ids)
        if kind == "raw_contacts":
            raw_ids = ids(self.conn, view, where, base)
            for rid in raw_ids:
                update_rows(self.conn, "raw_contacts", dict(values), None, row_clause(rid))
                if "starred" in values:
                    self.conn.execute(
                        "UPDATE contacts SET starred = ? WHERE _id = (SELECT contact_id FROM raw_contacts WHERE _id = ?)",
                        (values["starred"], rid),
                    )
                refresh_raw_contact(self.conn, rid, self.now_ms)
            return len(raw_ids)
        if kind == "data":
            data_ids = ids(self.conn, view, where, base)
            clean = {k: v for k, v in values.items() if k != "mimetype"}
            touched: set[int | None] = set()
            for did in data_ids:
                update_rows(self.conn, "data", clean, None, row_clause(did))
                touched.add(self._data_owner(did))
            self._refresh(touched)
            return len(data_ids)
        raise ProviderError("Cannot update this URI")

    def delete(self, authority: str, segments: list[str], where: str | None) -> int:
        kind, view, base = self._target(authority, segments)
        if kind == "calls":
            return delete_rows(self.calllog, "calls", where, base)
        if kind == "raw_contacts":
            raw_ids = ids(self.conn, view, where, base + [("deleted = 0", [])])
            for rid in raw_ids:
                delete_raw_contact(self.conn, rid, self.now_ms)
            return len(raw_ids)
        if kind == "contacts":
            contact_ids = ids(self.conn, view, where, base)
            for cid in contact_ids:
                for (rid,) in self.conn.execute("SELECT _id FROM raw_contacts WHERE contact_id = ?", (cid,)).fetchall():
                    delete_raw_contact(self.conn, int(rid), self.now_ms)
            return len(contact_ids)
        if kind == "data":
            data_ids = ids(self.conn, view, where, base)
            touched: set[int | None] = set()
            for did in data_ids:
                touched.add(self._data_owner(did))
                self.conn.execute("DELETE FROM phone_lookup WHERE data_id = ?", (did,))
                self.conn.execute("DELETE FROM data WHERE _id = ?", (did,))
            self._refresh(touched)
            return len(data_ids)
        raise ProviderError("Cannot delete from this URI")
