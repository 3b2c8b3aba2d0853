"""The report index: per run, append-only Parquet segments of compact rows, queried through DuckDB.

``<run>/.anyapp-index/seg-<seq>.parquet`` segments hold one ``IndexRow`` per episode plus the
``(mtime_ns, size)`` of the ``episode.json`` it came from. Refreshing a run stats its records
(one ``os.scandir`` pass), re-reads only records that are new or changed and appends them as a new
segment; the newest row per test id wins (``seq``). A record that disappeared (moved to
``_superseded/``) makes the run be re-indexed from scratch; many segments are compacted into one.
All runs' segments are read in one DuckDB ``read_parquet`` scan into the in-memory table
``episodes``; grouping and counting are SQL/numpy over its columns.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
import typing
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_anyapp.benchmark import MixedBenchmarkVersions, one_version
from pytest_anyapp.report.fields import IndexRow, row_from_record, row_from_summary

if TYPE_CHECKING:
    import duckdb

INDEX_DIR = ".anyapp-index"
EPISODE_FILE = "episode.json"
INDEX_VERSION = 6  # 4: cost columns; 5: benchmark_version; 6: max_invalid_share
MAX_SEGMENTS = 8

_DUCK_TYPES = {int: "BIGINT", float: "DOUBLE", bool: "BOOLEAN", str: "VARCHAR"}


def duck_columns() -> dict[str, str]:
    """DuckDB column types from ``IndexRow`` (plus the index's own ``seq``/``v``)."""
    hints = typing.get_type_hints(IndexRow)
    cols: dict[str, str] = {}
    for name in IndexRow.model_fields:
        hint = hints[name]
        args = [a for a in typing.get_args(hint) if a is not type(None)] or [hint]
        cols[name] = _DUCK_TYPES[args[0]]
    cols["seq"] = "BIGINT"
    cols["v"] = "BIGINT"
    return cols


def _spec(cols: dict[str, str]) -> str:
    return "{" + ", ".join(f"'{k}': '{v}'" for k, v in cols.items()) + "}"


@dataclass
class RunIndex:
    """What a refresh did in one run directory."""

    run_dir: Path
    n_episodes: int = 0
    n_parsed: int = 0
    rewritten: bool = False
    notes: list[str] = field(default_factory=list)


def scan_episodes(run_dir: Path) -> Iterator[tuple[str, int, int]]:
    """``(test_id, mtime_ns, size)`` per ``<run>/<test-id>/episode.json``."""
    with os.scandir(run_dir) as entries:
        for entry in entries:
            if entry.name.startswith((".", "_")) or not entry.is_dir(follow_symlinks=False):
                continue
            try:
                st = os.stat(entry.path + "/" + EPISODE_FILE)
            except FileNotFoundError:
                continue
            yield entry.name, st.st_mtime_ns, st.st_size


def parse_episode(run_dir: Path, test_id: str, mtime_ns: int = 0, size: int = 0) -> tuple[IndexRow, str | None]:
    """One record -> its row; an unreadable record becomes an invalid row (never dropped)."""
    path = run_dir / test_id / EPISODE_FILE
    try:
        data = json.loads(path.read_bytes())
        return row_from_record(data, run_id=run_dir.name, mtime_ns=mtime_ns, size=size), None
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        from pytest_anyapp.report.load import summary_from_test_id

        substitute = summary_from_test_id(test_id, reason=f"unreadable {EPISODE_FILE}: {type(exc).__name__}")
        if substitute is None:
            row = IndexRow(run_id=run_dir.name, test_id=test_id, mtime_ns=mtime_ns, size=size)
        else:
            row = row_from_summary(substitute, run_id=run_dir.name).model_copy(update={"mtime_ns": mtime_ns,
                                                                                       "size": size})
        return row, f"{path}: unreadable ({type(exc).__name__}); counted as invalid"


def _write_segment(con: duckdb.DuckDBPyConnection, rows: list[IndexRow], target: Path) -> None:
    """Rows -> one Parquet file, atomically (via a JSONL staging file DuckDB converts)."""
    seq = time.time_ns()
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, staging = tempfile.mkstemp(prefix=".seg-", suffix=".jsonl", dir=target.parent)
    tmp = target.with_name(target.name + ".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for i, row in enumerate(rows):
                data = row.model_dump(mode="json")
                data["seq"] = seq + i
                data["v"] = INDEX_VERSION
                fh.write(json.dumps(data, separators=(",", ":")) + "\n")
        con.execute(f"COPY (SELECT * FROM read_json(?, format='newline_delimited', columns={_spec(duck_columns())})) "
                    f"TO '{tmp}' (FORMAT parquet, COMPRESSION zstd)", [staging])
        os.replace(tmp, target)
    finally:
        os.unlink(staging)
        if tmp.exists():
            tmp.unlink()


def _segments(run_dir: Path) -> list[Path]:
    seg_dir = run_dir / INDEX_DIR
    return sorted(seg_dir.glob("seg-*.parquet")) if seg_dir.is_dir() else []


def _new_segment_path(run_dir: Path) -> Path:
    return run_dir / INDEX_DIR / f"seg-{time.time_ns():020d}.parquet"


def is_run_dir(path: Path) -> bool:
    return any(True for _ in scan_episodes(path))


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
    names: dict[str, Path] = {}
    for run in runs:
        other = names.setdefault(run.name, run)
        if other.resolve() != run.resolve():
            raise ValueError(f"two runs named {run.name!r} ({other} and {run}); run ids must be unique")
    unique = list({r.resolve(): r for r in runs}.values())
    return unique, reports


@dataclass
class Index:
    """An open DuckDB connection with table ``episodes`` (latest row per run and test id)."""

    con: duckdb.DuckDBPyConnection
    runs: list[Path]
    notes: list[str]
    n_rows: int
    run_dirs: dict[str, Path] = field(default_factory=dict)
    refreshed: list[RunIndex] = field(default_factory=list)
    benchmark_version: str | None = None

    def query(self, sql: str, params: list[Any] | None = None) -> dict[str, Any]:
        """Column name -> numpy array."""
        return self.con.execute(sql, params or []).fetchnumpy()

    def episode_dir(self, run_id: str, test_id: str) -> Path | None:
        run = self.run_dirs.get(run_id)
        return None if run is None else run / test_id

    def close(self) -> None:
        self.con.close()


def _load(con: duckdb.DuckDBPyConnection, files: list[Path]) -> None:
    if files:
        con.execute(f"INSERT INTO raw BY NAME SELECT * EXCLUDE (filename) FROM read_parquet(?, union_by_name=true, "
                    f"filename=true) WHERE v = {INDEX_VERSION}", [[str(f) for f in files]])


def _diff(con: duckdb.DuckDBPyConnection, scans: dict[str, list[tuple[str, int, int]]]) -> tuple[set[str], dict[str, set[str]]]:
    """In one DuckDB pass over all runs: runs with stale index rows, and new/changed test ids per run."""
    run_ids = [r for r, eps in scans.items() for _ in eps]
    ids = [e[0] for eps in scans.values() for e in eps]
    mtimes = [e[1] for eps in scans.values() for e in eps]
    sizes = [e[2] for eps in scans.values() for e in eps]
    con.execute("CREATE OR REPLACE TEMP TABLE disk AS SELECT unnest(?::VARCHAR[]) AS run_id, "
                "unnest(?::VARCHAR[]) AS test_id, unnest(?::BIGINT[]) AS mtime_ns, unnest(?::BIGINT[]) AS size",
                [run_ids, ids, mtimes, sizes])
    con.execute("CREATE OR REPLACE TEMP TABLE known AS SELECT run_id, test_id, arg_max(mtime_ns, seq) AS mtime_ns, "
                "arg_max(size, seq) AS size FROM raw GROUP BY run_id, test_id")
    stale = {str(r) for (r,) in con.execute(
        "SELECT DISTINCT run_id FROM known ANTI JOIN disk USING (run_id, test_id)").fetchall()}
    changed: dict[str, set[str]] = {}
    for run_id, test_id in con.execute(
            "SELECT d.run_id, d.test_id FROM disk d LEFT JOIN known k USING (run_id, test_id) "
            "WHERE k.test_id IS NULL OR k.mtime_ns <> d.mtime_ns OR k.size <> d.size").fetchall():
        changed.setdefault(str(run_id), set()).add(str(test_id))
    con.execute("DROP TABLE disk")
    con.execute("DROP TABLE known")
    return stale, changed


def _refresh(con: duckdb.DuckDBPyConnection, run: Path, on_disk: list[tuple[str, int, int]], stale: bool,
             changed: set[str]) -> RunIndex:
    result = RunIndex(run_dir=run, n_episodes=len(on_disk))
    present = {t for t, _, _ in on_disk}
    todo = on_disk if stale else [e for e in on_disk if e[0] in changed]
    segments = _segments(run)
    compact = len(segments) >= MAX_SEGMENTS
    if not todo and not compact:
        return result
    rows: list[IndexRow] = []
    for test_id, mtime_ns, size in sorted(todo):
        row, note = parse_episode(run, test_id, mtime_ns, size)
        rows.append(row)
        if note:
            result.notes.append(note)
    result.n_parsed = len(rows)
    target = _new_segment_path(run)
    if stale or compact:
        # one fresh segment: kept rows (newest per test id, still on disk) + the re-read ones
        result.rewritten = True
        con.execute("CREATE OR REPLACE TEMP TABLE fresh AS SELECT * FROM raw WHERE false")
        if rows:
            _write_segment(con, rows, target)
            con.execute("INSERT INTO fresh BY NAME SELECT * FROM read_parquet(?)", [str(target)])
        redo = {r.test_id for r in rows}
        keep = sorted(present - redo)
        if keep:
            con.execute("INSERT INTO fresh BY NAME SELECT * EXCLUDE (rn) FROM (SELECT *, row_number() OVER "
                        "(PARTITION BY test_id ORDER BY seq DESC) AS rn FROM raw WHERE run_id = ? AND "
                        "list_contains(?, test_id)) WHERE rn = 1", [run.name, keep])
        final = _new_segment_path(run)
        tmp = final.with_name(final.name + ".tmp")
        con.execute(f"COPY fresh TO '{tmp}' (FORMAT parquet, COMPRESSION zstd)")
        os.replace(tmp, final)
        for seg in segments + ([target] if target.exists() else []):
            seg.unlink()
        con.execute("DELETE FROM raw WHERE run_id = ?", [run.name])
        con.execute("INSERT INTO raw BY NAME SELECT * FROM fresh")
        con.execute("DROP TABLE fresh")
    else:
        _write_segment(con, rows, target)
        _load(con, [target])
    return result


def refresh_run_index(run_dir: Path) -> RunIndex:
    """Bring one run's index up to date (see the module docstring)."""
    index = open_index([run_dir])
    index.close()
    return index.refreshed[0]


def open_index(paths: Iterable[Path], *, refresh: bool = True) -> Index:
    """Refresh each run's index (unless ``refresh`` is false) and load all of them into DuckDB."""
    import duckdb

    runs, reports = expand_inputs(paths)
    con = duckdb.connect()
    cols = duck_columns()
    con.execute("CREATE TABLE raw (" + ", ".join(f"{k} {v}" for k, v in cols.items()) + ")")
    notes: list[str] = []
    _load(con, [seg for run in runs for seg in _segments(run)])
    refreshed: list[RunIndex] = []
    if refresh:
        scans = {run.name: list(scan_episodes(run)) for run in runs}
        stale, changed = _diff(con, scans)
        for run in runs:
            result = _refresh(con, run, scans[run.name], run.name in stale, changed.get(run.name, set()))
            notes += result.notes
            refreshed.append(result)
    tmp: str | None = None
    if reports:
        from pytest_anyapp.report.load import load_json_report

        tmp = tempfile.mkdtemp(prefix="anyapp-report-")
        for n, report in enumerate(reports):
            loaded = load_json_report(report)
            notes += loaded.notes
            rows = [row_from_summary(s, run_id=f"json:{report.stem}") for s in loaded.summaries]
            if rows:
                target = Path(tmp) / f"seg-{n}.parquet"
                _write_segment(con, rows, target)
                _load(con, [target])
    names = ", ".join(c for c in cols if c not in ("seq", "v"))
    con.execute(f"CREATE TABLE episodes AS SELECT {names} FROM (SELECT *, row_number() OVER "
                f"(PARTITION BY run_id, test_id ORDER BY seq DESC) AS rn FROM raw) WHERE rn = 1")
    con.execute("DROP TABLE raw")
    if tmp is not None:
        shutil.rmtree(tmp, ignore_errors=True)
    n_rows = int(con.execute("SELECT count(*) FROM episodes").fetchone()[0])  # type: ignore[index]
    versions = [str(v) for (v,) in con.execute("SELECT DISTINCT benchmark_version FROM episodes").fetchall()]
    try:
        version = one_version(versions, "the episodes given")
    except MixedBenchmarkVersions:
        con.close()
        raise
    return Index(con=con, runs=runs, notes=notes, n_rows=n_rows, run_dirs={r.name: r for r in runs},
                 refreshed=refreshed, benchmark_version=version)
