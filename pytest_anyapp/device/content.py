"""Rows of ``content query`` as Android 13 prints them.

AOSP ``cmds/content/src/com/android/commands/content/Content.java`` ``QueryCommand.onExecute``
prints one ``Row: <index> `` line per row with ``name=value`` pairs joined by ``", "``; a value is
printed as is (``NULL`` for SQL NULL), so a value may hold ``", "``, ``=`` and raw newlines, and a
row then spans several physical lines. An empty cursor prints ``No result found.``.

A row therefore starts only at a line ``Row: <n> `` whose ``n`` is the next index; any other line
continues the previous value. Fields are split with the projection the query asked for, in order:
each value but the last runs to the first ``", <next column>="`` after it (a value that itself holds
``", <next column>="`` cannot be told apart; none of the projections read here has such values).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import VerifierReadError

__all__ = ["NO_RESULT", "content_query_rows", "query_lines"]

NO_RESULT = "No result found."
_ROW = re.compile(r"Row: (\d+) ")


def query_lines(output: str) -> list[str]:
    """The physical lines of an output: split at ``\\n`` only (a value may hold other line breaks),
    the one newline ``println`` ends the output with dropped (a value may itself end in one)."""
    return output.removesuffix("\n").split("\n") if output else []


def _records(lines: Sequence[str], what: str) -> list[str]:
    records: list[str] = []
    for line in lines:
        hit = _ROW.match(line)
        if hit is not None and int(hit.group(1)) == len(records):
            records.append(line[hit.end():])
        elif records:
            records[-1] += "\n" + line
        elif line.strip() not in ("", NO_RESULT):
            raise VerifierReadError(f"{what}: not a content query row: {line[:160]!r}")
    return records


@parses("content query", reads="text")
def content_query_rows(output: str | Sequence[str], projection: Sequence[str],
                       what: str = "content query") -> list[dict[str, str | None]]:
    """One ``{column: value}`` per row, in the projection's order; ``NULL`` is None, a value keeps its
    newlines. ``output`` is the raw text or its :func:`query_lines`. Anything before the first row
    other than blanks or ``No result found.`` (a usage text, an error) is a ``VerifierReadError``,
    never an empty table."""
    lines = query_lines(output) if isinstance(output, str) else list(output)
    pattern = re.compile(", ".join(f"{re.escape(col)}=(.*?)" for col in projection) + r"\Z", re.S)
    rows: list[dict[str, str | None]] = []
    for record in _records(lines, what):
        hit = pattern.match(record)
        if hit is None:
            raise VerifierReadError(f"{what}: row not of columns {list(projection)}: {record[:160]!r}")
        rows.append({col: None if value == "NULL" else value for col, value in zip(projection, hit.groups(), strict=True)})
    return rows
