"""CalendarProvider2 subset over ``calendar.db``: calendars, events, reminders, attendees.

Like the real provider, inserting an event requires ``dtstart``, ``eventTimezone`` and a calendar,
computes ``lastDate`` and writes the first ``Instances`` row; deleting an event as a non-sync
caller marks it ``deleted=1, dirty=1`` and drops its instances.
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
    ids,
    insert_row,
    optional_id,
    row_clause,
    select,
    update_rows,
)

AUTHORITIES = ("com.android.calendar",)
_JULIAN_EPOCH = 2440588
_DAY_MS = 86_400_000


def _duration_ms(text: str | None) -> int:
    """RFC 5545 durations such as ``P1D``, ``PT1H30M``, ``P3600S``."""
    if not text:
        return 0
    m = re.fullmatch(r"([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?|([+-])?P(\d+)S", text.strip())
    if not m:
        return 0
    if m.group(8):
        return int(m.group(8)) * 1000
    weeks, days, hours, minutes, seconds = (int(g or 0) for g in m.groups()[1:6])
    return ((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000


def write_instance(conn: sqlite3.Connection, event_id: int) -> None:
    row = conn.execute("SELECT dtstart, dtend, duration, deleted FROM Events WHERE _id = ?", (event_id,)).fetchone()
    conn.execute("DELETE FROM Instances WHERE event_id = ?", (event_id,))
    if row is None or row[3] or row[0] is None:
        return
    begin = int(row[0])
    end = int(row[1]) if row[1] is not None else begin + _duration_ms(row[2])
    conn.execute(
        "INSERT OR REPLACE INTO Instances (event_id, begin, end, startDay, endDay, startMinute, endMinute) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            event_id,
            begin,
            end,
            begin // _DAY_MS + _JULIAN_EPOCH,
            end // _DAY_MS + _JULIAN_EPOCH,
            (begin % _DAY_MS) // 60000,
            (end % _DAY_MS) // 60000,
        ),
    )


class CalendarHandler:
    _TABLES = {
        "calendars": ("Calendars", "Calendars"),
        "events": ("Events", "view_events"),
        "reminders": ("Reminders", "Reminders"),
        "attendees": ("Attendees", "Attendees"),
        "calendar_alerts": ("CalendarAlerts", "CalendarAlerts"),
        "extendedproperties": ("ExtendedProperties", "ExtendedProperties"),
    }

    def __init__(self, conn: sqlite3.Connection, now_ms: int) -> None:
        self.conn = conn
        self.now_ms = now_ms

    def _target(self, segments: list[str]) -> tuple[str, str, str, list[Clause]]:
        if not segments:
            raise ProviderError("Unknown URI content://com.android.calendar")
        head = segments[0].lower()
        if head == "instances":
            return "instances", "Instances", "Instances", []
        if head not in self._TABLES:
            raise ProviderError(f"Unknown URL content://com.android.calendar/{'/'.join(segments)}")
        table, view = self._TABLES[head]
        base = optional_id(segments, 1)
        return head, table, view, base

    def query(self, authority: str, segments: list[str], projection: Sequence[str] | None, where: str | None,
              sort: str | None) -> QueryResult:
        kind, _, view, base = self._target(segments)
        if kind == "instances" and len(segments) >= 4 and segments[1] == "when":
            begin, end = int(segments[2]), int(segments[3])
            base = [("begin <= ? AND end >= ?", [end, begin])]
        return select(self.conn, view, projection, where, sort, base)

    def insert(self, authority: str, segments: list[str], values: dict[str, Any]) -> str:
        kind, table, _, base = self._target(segments)
        if base or kind == "instances":
            raise ProviderError("Cannot insert into this URI")
        row = dict(values)
        if kind == "events":
            if row.get("dtstart") is None:
                raise ProviderError("DTSTART cannot be empty.")
            if not row.get("eventTimezone"):
                raise ProviderError("EVENT_TIMEZONE cannot be empty.")
            if row.get("calendar_id") is None:
                raise ProviderError("CALENDAR_ID cannot be empty.")
            if row.get("dtend") is None and not row.get("duration") and not row.get("rrule"):
                raise ProviderError("DTEND and DURATION cannot both be null for an event.")
            row.setdefault("dirty", 1)
            if not row.get("rrule"):
                end = row.get("dtend")
                row.setdefault("lastDate", int(end) if end is not None else int(row["dtstart"]) + _duration_ms(row.get("duration")))
            row_id = insert_row(self.conn, "Events", row)
            write_instance(self.conn, row_id)
            return f"content://com.android.calendar/events/{row_id}"
        if kind == "reminders" and row.get("event_id") is not None:
            self.conn.execute("UPDATE Events SET hasAlarm = 1 WHERE _id = ?", (row["event_id"],))
        row_id = insert_row(self.conn, table, row)
        return f"content://com.android.calendar/{segments[0]}/{row_id}"

    def update(self, authority: str, segments: list[str], values: dict[str, Any], where: str | None) -> int:
        kind, table, view, base = self._target(segments)
        if kind != "events":
            return update_rows(self.conn, table, values, where, base)
        event_ids = ids(self.conn, view, where, base)
        for eid in event_ids:
            update_rows(self.conn, "Events", {**values, "dirty": 1}, None, row_clause(eid))
            write_instance(self.conn, eid)
        return len(event_ids)

    def delete(self, authority: str, segments: list[str], where: str | None) -> int:
        kind, table, view, base = self._target(segments)
        if kind != "events":
            return delete_rows(self.conn, table, where, base)
        event_ids = ids(self.conn, view, where, base + [("deleted = 0", [])])
        for eid in event_ids:
            self.conn.execute("UPDATE Events SET deleted = 1, dirty = 1 WHERE _id = ?", (eid,))
            self.conn.execute("DELETE FROM Instances WHERE event_id = ?", (eid,))
            self.conn.execute("DELETE FROM Reminders WHERE event_id = ?", (eid,))
        return len(event_ids)
