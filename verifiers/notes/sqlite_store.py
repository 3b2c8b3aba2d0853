"""Reading and writing an app's own SQLite database with the device's ``sqlite3`` (as root), for the
Notes adapters whose app keeps notes in SQLite (Joplin, NotallyX, neutriNote, Orgzly Revived).

Reads are self-checking: every text column travels as hex of its UTF-8 bytes (no separator or
newline inside a value can break a row), and each query is preceded by a count of its rows, so a
truncated read raises instead of looking like fewer notes.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

COUNT_MARK = "__COUNT__"
SEP = "|"


def sql_text(value: str) -> str:
    """A SQL string literal."""
    return "'" + value.replace("'", "''") + "'"


def select_hex(table: str, columns: Sequence[str], where: str = "1") -> str:
    """A row count, then every row as hex-encoded columns joined by ``|``."""
    cols = f" || '{SEP}' || ".join(f"hex(CAST({c} AS BLOB))" for c in columns)
    return f"SELECT '{COUNT_MARK}' || count(*) FROM {table} WHERE {where}; SELECT {cols} FROM {table} WHERE {where};"


@parses(f"sqlite3 {COUNT_MARK}")
def parse_hex_rows(lines: list[str], width: int, what: str) -> list[list[str]]:
    """Rows of a :func:`select_hex` read (NULL reads as ``""``); raises on a count mismatch."""
    expected: int | None = None
    rows: list[list[str]] = []
    for line in lines:
        if line.startswith(COUNT_MARK):
            expected = int(line[len(COUNT_MARK):])
            continue
        if expected is None:  # what comes before the count (PRAGMA busy_timeout prints its value)
            continue
        fields = line.split(SEP)
        if len(fields) != width:
            raise VerifierReadError(f"{what}: expected {width} columns in {line[:80]!r}")
        try:
            rows.append([bytes.fromhex(f).decode("utf-8") for f in fields])
        except ValueError as exc:
            raise VerifierReadError(f"{what}: undecodable row {line[:80]!r}") from exc
    if expected is None or expected != len(rows):
        raise VerifierReadError(f"{what}: the table counts {expected} rows, {len(rows)} read")
    return rows


def read_tables(device: DeviceClient, db: str, queries: dict[str, str]) -> dict[str, list[str]]:
    """One ``sqlite3`` call per query (named), each returning its raw lines; a missing database or a
    failed query raises :class:`VerifierReadError` (never an empty store)."""
    if not device.run(f"ls {shlex.quote(db)}").ok:
        raise VerifierReadError(f"{db} does not exist")
    out: dict[str, list[str]] = {}
    for name, sql in queries.items():
        try:
            out[name] = device.sqlite(db, "PRAGMA busy_timeout=5000; " + sql)
        except DeviceError as exc:
            raise VerifierReadError(f"could not read {name} from {db}: {exc}") from exc
    return out


def write(device: DeviceClient, db: str, statements: Sequence[str]) -> None:
    """Run ``statements`` in one transaction."""
    device.sqlite(db, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; " + " ".join(statements) + " COMMIT;")

