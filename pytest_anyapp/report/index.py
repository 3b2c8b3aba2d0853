"""The report index: one compact append-only JSONL file per run, queried together through DuckDB.

``<run>/.anyapp-index.jsonl`` holds one ``IndexRow`` per episode plus the ``(mtime_ns, size)`` of the
``episode.json`` it came from. Refreshing it re-reads only records that are new or changed since
(an ``os.scandir`` + ``stat`` pass over the run), appending their rows; the newest line per test id
wins (``seq``). A record that disappeared (moved to ``_superseded/``) makes the index be rewritten.
DuckDB then reads every run's index in one parallel ``read_json`` scan into an in-memory table
``episodes``; all grouping and counting is SQL over it, the bootstrap is numpy over its columns.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_anyapp.report.fields import IndexRow, row_from_record, row_from_summary

if TYPE_CHECKING:
    import duckdb

INDEX_FILE = ".anyapp-index.jsonl"
EPISODE_FILE = "episode.json"
INDEX_VERSION = 1

_DUCK_TYPES = {int: "BIGINT", float: "DOUBLE", bool: "BOOLEAN", str: "VARCHAR"}


def _duck_columns() -> dict[str, str]:
    """DuckDB column types from ``IndexRow`` (plus the index's own ``seq``/``v``)."""
    import typing

    hints = typing.get_type_hints(IndexRow)
    cols: dict[str, str] = {}
    for name in IndexRow.model_fields:
        hint = hints[name]
        args = [a for a in typing.get_args(hint) if a is not type(None)] or [hint]
        cols[name] = _DUCK_TYPES[args[0]]
    cols["seq"] = "BIGINT"
    cols["v"] = "BIGINT"
    return cols


@dataclass
class RunIndex:
    """What a refresh found in one run directory."""

    run_dir: Path
    index_path: Path
    n_episodes: int = 0
    n_parsed: int = 0
    notes: list[str] = field(default_factory=list)


def _scan_episodes(run_dir: Path) -> Iterator[tuple[str, Path, int, int]]:
    """``(test_id, episode_dir, mtime_ns, size)`` per ``<run>/<test-id>/episode.json``."""
    with os.scandir(run_dir) as entries:
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False) or entry.name.startswith((".", "_")):
                continue
            path = os.path.join(entry.path, EPISODE_FILE)
            try:
                st = os.stat(path)
            except FileNotFoundError:
                continue
            yield entry.name, Path(entry.path), st.st_mtime_ns, st.st_size


def _read_index_keys(index_path: Path) -> dict[str, tuple[int, int]]:
    """test_id -> (mtime_ns, size) of the newest line; read by DuckDB (fast on 100k lines)."""
    if not index_path.exists() or index_path.stat().st_size == 0:
        return {}
    import duckdb

    con = duckdb.connect()
    try:
        rows = con.execute(
            "SELECT test_id, arg_max(mtime_ns, seq), arg_max(size, seq) FROM read_json(?, format='newline_delimited', "
            "columns={'test_id': 'VARCHAR', 'mtime_ns': 'BIGINT', 'size': 'BIGINT', 'seq': 'BIGINT', 'v': 'BIGINT'}) "
            f"WHERE v = {INDEX_VERSION} GROUP BY test_id",
            [str(index_path)],
        ).fetchall()
    except duckdb.Error:
        return {}  # a corrupt index is rebuilt, never trusted
    finally:
        con.close()
    return {str(t): (int(m), int(s)) for t, m, s in rows}


def _line(row: IndexRow, seq: int) -> str:
    data = row.model_dump(mode="json")
    data["seq"] = seq
    data["v"] = INDEX_VERSION
    return json.dumps(data, separators=(",", ":"))


def _row_for(run_id: str, test_id: str, episode_dir: Path, mtime_ns: int, size: int) -> tuple[IndexRow, str | None]:
    path = episode_dir / EPISODE_FILE
    try:
        data = json.loads(path.read_bytes())
        return row_from_record(data, run_id=run_id, episode_dir=str(episode_dir), mtime_ns=mtime_ns, size=size), None
    except (OSError, ValueError, TypeError, KeyError) as exc:
        from pytest_anyapp.report.load import summary_from_test_id

        substitute = summary_from_test_id(test_id, reason=f"unreadable {EPISODE_FILE}: {type(exc).__name__}")
        if substitute is None:
            row = IndexRow(run_id=run_id, test_id=test_id, episode_dir=str(episode_dir), mtime_ns=mtime_ns, size=size)
        else:
            row = row_from_summary(substitute, run_id=run_id).model_copy(
                update={"episode_dir": str(episode_dir), "mtime_ns": mtime_ns, "size": size})
        return row, f"{path}: unreadable ({type(exc).__name__}); counted as invalid"


def refresh_run_index(run_dir: Path) -> RunIndex:
    """Bring ``<run>/.anyapp-index.jsonl`` up to date with the run's records (append-only when possible)."""
    run_dir = Path(run_dir)
    index_path = run_dir / INDEX_FILE
    result = RunIndex(run_dir=run_dir, index_path=index_path)
    known = _read_index_keys(index_path)
    on_disk = list(_scan_episodes(run_dir))
    result.n_episodes = len(on_disk)
    present = {t for t, *_ in on_disk}
    rewrite = bool(set(known) - present)
    todo = on_disk if rewrite else [e for e in on_disk if known.get(e[0]) != (e[2], e[3])]
    if not todo and not rewrite:
        return result
    seq = time.time_ns()
    lines: list[str] = []
    for i, (test_id, episode_dir, mtime_ns, size) in enumerate(sorted(todo)):
        row, note = _row_for(run_dir.name, test_id, episode_dir, mtime_ns, size)
        if note:
            result.notes.append(note)
        lines.append(_line(row, seq + i))
    result.n_parsed = len(lines)
    text = "".join(line + "\n" for line in lines)
    if rewrite:
        from pytest_anyapp.atomic import atomic_write_text

        atomic_write_text(index_path, text)
    else:
        with open(index_path, "a", encoding="utf-8") as fh:
            fh.write(text)
    return result


def is_run_dir(path: Path) -> bool:
    return any(True for _ in _scan_episodes(path))


def expand_inputs(paths: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    """Split inputs into run directories and JSON report files; a results root expands to its runs."""
    runs: list[Path] = []
    reports: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            reports.append(path)
        elif path.is_dir():
            if is_run_dir(path):
                runs.append(path)
            else:
                children = sorted(d for d in path.iterdir() if d.is_dir() and not d.name.startswith((".", "_"))
                                  and is_run_dir(d))
                if not children:
                    raise ValueError(f"no {EPISODE_FILE} under {path} or its run directories")
                runs.extend(children)
        else:
            raise ValueError(f"{path} does not exist")
    return runs, reports


@dataclass
class Index:
    """An open DuckDB connection with table ``episodes`` (latest row per run and test id)."""

    con: duckdb.DuckDBPyConnection
    runs: list[Path]
    notes: list[str]
    n_rows: int

    def query(self, sql: str, params: list[Any] | None = None) -> dict[str, Any]:
        """Column name -> numpy array."""
        return self.con.execute(sql, params or []).fetchnumpy()

    def close(self) -> None:
        self.con.close()


def _json_report_rows(path: Path) -> tuple[list[IndexRow], list[str]]:
    from pytest_anyapp.report.load import load_json_report

    loaded = load_json_report(path)
    run_id = f"json:{path.stem}"
    return [row_from_summary(s, run_id=run_id) for s in loaded.summaries], loaded.notes


def open_index(paths: Iterable[Path], *, refresh: bool = True) -> Index:
    """Refresh each run's index (unless ``refresh`` is false) and load all of them into DuckDB."""
    import duckdb

    runs, reports = expand_inputs(paths)
    notes: list[str] = []
    files: list[str] = []
    for run in runs:
        if refresh:
            notes += refresh_run_index(run).notes
        files.append(str(run / INDEX_FILE))
    tmp: tempfile.TemporaryDirectory[str] | None = None
    if reports:
        tmp = tempfile.TemporaryDirectory(prefix="anyapp-report-")
        for n, report in enumerate(reports):
            rows, report_notes = _json_report_rows(report)
            notes += report_notes
            target = Path(tmp.name) / f"{n}.jsonl"
            target.write_text("".join(_line(r, i) + "\n" for i, r in enumerate(rows)), encoding="utf-8")
            files.append(str(target))
    con = duckdb.connect()
    cols = _duck_columns()
    spec = "{" + ", ".join(f"'{k}': '{v}'" for k, v in cols.items()) + "}"
    names = ", ".join(c for c in cols if c not in ("seq", "v"))
    existing = [f for f in files if os.path.exists(f) and os.path.getsize(f) > 0]
    if existing:
        con.execute(
            f"CREATE TABLE episodes AS SELECT {names} FROM ("
            f"  SELECT *, row_number() OVER (PARTITION BY run_id, test_id ORDER BY seq DESC) AS rn"
            f"  FROM read_json(?, format='newline_delimited', columns={spec}) WHERE v = {INDEX_VERSION}"
            f") WHERE rn = 1",
            [existing],
        )
    else:
        con.execute("CREATE TABLE episodes (" + ", ".join(f"{k} {v}" for k, v in cols.items()
                                                          if k not in ("seq", "v")) + ")")
    if tmp is not None:
        tmp.cleanup()
    n_rows = int(con.execute("SELECT count(*) FROM episodes").fetchone()[0])  # type: ignore[index]
    return Index(con=con, runs=runs, notes=notes, n_rows=n_rows)
