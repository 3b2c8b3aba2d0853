"""Small SQL helpers shared by the provider handlers: selection building and CRUD on one table."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Clause = tuple[str, Sequence[Any]]


class ProviderError(Exception):
    """A provider rejected the request; ``content`` prints ``Error while accessing provider:<auth>``."""


@dataclass
class QueryResult:
    columns: list[str]
    rows: list[tuple[Any, ...]] = field(default_factory=list)


def _where(where: str | None, base: Sequence[Clause]) -> tuple[str, list[Any]]:
    parts: list[str] = []
    params: list[Any] = []
    for sql, args in base:
        parts.append(f"({sql})")
        params.extend(args)
    if where:
        parts.append(f"({where})")
    return (" WHERE " + " AND ".join(parts) if parts else ""), params


def select(
    conn: sqlite3.Connection,
    table: str,
    projection: Sequence[str] | None,
    where: str | None,
    sort: str | None,
    base: Sequence[Clause] = (),
) -> QueryResult:
    cols = ", ".join(projection) if projection else "*"
    clause, params = _where(where, base)
    sql = f"SELECT {cols} FROM {table}{clause}"
    if sort:
        sql += f" ORDER BY {sort}"
    try:
        cur = conn.execute(sql, params)
    except sqlite3.Error as exc:
        raise ProviderError(str(exc)) from None
    columns = [d[0] for d in cur.description or ()]
    return QueryResult(columns, cur.fetchall())


def insert_row(conn: sqlite3.Connection, table: str, values: dict[str, Any]) -> int:
    try:
        if values:
            names = ", ".join(values)
            marks = ", ".join("?" for _ in values)
            cur = conn.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(values.values()))
        else:
            cur = conn.execute(f"INSERT INTO {table} DEFAULT VALUES")
    except sqlite3.Error as exc:
        raise ProviderError(str(exc)) from None
    return int(cur.lastrowid or 0)


def update_rows(
    conn: sqlite3.Connection, table: str, values: dict[str, Any], where: str | None, base: Sequence[Clause] = ()
) -> int:
    if not values:
        return 0
    sets = ", ".join(f"{k} = ?" for k in values)
    clause, params = _where(where, base)
    try:
        cur = conn.execute(f"UPDATE {table} SET {sets}{clause}", list(values.values()) + params)
    except sqlite3.Error as exc:
        raise ProviderError(str(exc)) from None
    return cur.rowcount


def delete_rows(conn: sqlite3.Connection, table: str, where: str | None, base: Sequence[Clause] = ()) -> int:
    clause, params = _where(where, base)
    try:
        cur = conn.execute(f"DELETE FROM {table}{clause}", params)
    except sqlite3.Error as exc:
        raise ProviderError(str(exc)) from None
    return cur.rowcount


def ids(conn: sqlite3.Connection, table: str, where: str | None, base: Sequence[Clause] = ()) -> list[int]:
    clause, params = _where(where, base)
    try:
        return [int(r[0]) for r in conn.execute(f"SELECT _id FROM {table}{clause}", params)]
    except sqlite3.Error as exc:
        raise ProviderError(str(exc)) from None


def id_clause(segment: str) -> Clause:
    if not segment.isdigit():
        raise ProviderError(f"Unknown URI segment {segment}")
    return ("_id = ?", [int(segment)])


def optional_id(segments: Sequence[str], index: int) -> list[Clause]:
    """The ``_id`` clause when the URI names a row at ``index`` (``.../table/<id>``); none otherwise."""
    return [id_clause(segments[index])] if len(segments) > index else []


def row_clause(row_id: int) -> list[Clause]:
    """Base clauses selecting one row by ``_id`` (handlers update or delete matched rows one by one)."""
    return [("_id = ?", [row_id])]


def unknown_uri(authority: str, segments: Sequence[str]) -> ProviderError:
    """The error a provider raises for a path it has no route for."""
    return ProviderError(f"Unknown URI content://{authority}/{'/'.join(segments)}")
