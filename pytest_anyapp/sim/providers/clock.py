"""Make SQLite's ``'now'`` mean the device clock.

Why: verifiers and seeders write ``strftime('%s','now')*1000`` expecting device time (frozen at
2023-10-15 on the benchmark), but SQLite reads the host clock. SQLite lets an application
function override a built-in of the same name, so the date functions are replaced by wrappers
that substitute the device time for ``'now'`` (or a missing time value) and evaluate the real
built-in on a private connection.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

_DATE_FUNCTIONS = ("date", "time", "datetime", "julianday", "strftime", "unixepoch")
_local = threading.local()


def _plain() -> sqlite3.Connection:
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        _local.conn = conn
    return conn


def _wrapper(name: str, now: Callable[[], float]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        when = dt.datetime.fromtimestamp(now(), dt.UTC)
        stamp = when.strftime("%Y-%m-%d %H:%M:%S") + f".{when.microsecond // 1000:03d}"
        # A connection with text_factory=bytes (the sqlite3 CLI) hands TEXT arguments over as bytes.
        values = [a.decode("utf-8", "replace") if isinstance(a, bytes) else a for a in args]
        time_index = 1 if name == "strftime" else 0
        if len(values) <= time_index:
            values.append(stamp)
        elif isinstance(values[time_index], str) and values[time_index].strip().lower() == "now":
            values[time_index] = stamp
        sql = f"SELECT {name}({', '.join('?' for _ in values)})"
        return _plain().execute(sql, values).fetchone()[0]

    return call


def install_device_clock(conn: sqlite3.Connection, now: Callable[[], float]) -> None:
    """Override SQLite's date functions on ``conn`` so ``'now'`` is ``now()`` (epoch seconds)."""
    for name in _DATE_FUNCTIONS:
        fn = _wrapper(name, now)
        for nargs in range(0, 8):
            conn.create_function(name, nargs, fn)
        conn.create_function(name, -1, fn)
