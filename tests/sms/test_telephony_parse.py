"""Pure tests of the mmssms.db read format: escaping round-trips, malformed reads raise."""

from __future__ import annotations

import sqlite3

import pytest

from pytest_anyapp.errors import VerifierReadError
from verifiers.sms.state import SmsMessage
from verifiers.sms.telephony import COUNT_MARK, READ_SQL, SEP, insert_sql, parse_sms_lines, unescape

_SCHEMA = """
CREATE TABLE canonical_addresses (_id INTEGER PRIMARY KEY AUTOINCREMENT, address TEXT);
CREATE TABLE threads (_id INTEGER PRIMARY KEY AUTOINCREMENT, date INTEGER DEFAULT 0, message_count INTEGER DEFAULT 0,
  recipient_ids TEXT, snippet TEXT, read INTEGER DEFAULT 1, archived INTEGER DEFAULT 0);
CREATE TABLE sms (_id INTEGER PRIMARY KEY, thread_id INTEGER, address TEXT, date INTEGER, read INTEGER DEFAULT 0,
  status INTEGER DEFAULT -1, type INTEGER, body TEXT, seen INTEGER DEFAULT 0);
"""


def _run_read(db: sqlite3.Connection) -> list[str]:
    """Run READ_SQL like the sqlite3 CLI in list mode: one line per row of each SELECT."""
    lines: list[str] = []
    for statement in READ_SQL.split(";"):
        if statement.strip():
            lines.extend(str(row[0]) for row in db.execute(statement).fetchall() if row)
    return [line for text in lines for line in text.split("\n")]


def test_insert_and_read_round_trip_awkward_bodies() -> None:
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.executescript(_SCHEMA)
    bodies = ["plain", "two\nlines\r\nhere", "back\\slash \\n not a newline", f"unit{SEP}sep", "it's 'quoted'"]
    for i, body in enumerate(bodies):
        db.executescript(insert_sql(SmsMessage(box=1 + i % 3, address="202-555-0101", body=body, date_ms=1000 + i)))
    db.executescript(insert_sql(SmsMessage(box=2, address="303-555-0101", body="other")))
    messages = parse_sms_lines(_run_read(db))
    assert [m.body for m in messages] == [*bodies, "other"]
    assert len({m.thread_id for m in messages[:-1]}) == 1
    assert messages[-1].thread_id != messages[0].thread_id
    assert [m.box for m in messages[:3]] == [1, 2, 3]
    assert messages[0].date_ms == 1000


def test_busy_timeout_line_is_ignored_and_count_is_checked() -> None:
    row = SEP.join(["1", "2", "202-555-0101", "hi", "5", "1"])
    assert parse_sms_lines(["5000", f"{COUNT_MARK}1", row])[0].body == "hi"
    with pytest.raises(VerifierReadError, match="reports 2 rows"):
        parse_sms_lines(["5000", f"{COUNT_MARK}2", row])
    with pytest.raises(VerifierReadError, match="no row count"):
        parse_sms_lines([row])
    with pytest.raises(VerifierReadError, match="6 columns"):
        parse_sms_lines([f"{COUNT_MARK}1", SEP.join(["1", "2", "x"])])
    with pytest.raises(VerifierReadError, match="not a number"):
        parse_sms_lines([f"{COUNT_MARK}1", SEP.join(["a", "2", "x", "y", "", ""])])
    assert parse_sms_lines(["5000", f"{COUNT_MARK}0"]) == []


def test_unescape_rejects_unknown_escapes() -> None:
    assert unescape("a\\\\nb") == "a\\nb"
    with pytest.raises(VerifierReadError):
        unescape("bad \\q")
