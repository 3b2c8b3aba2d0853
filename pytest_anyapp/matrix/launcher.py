"""Run a matrix: cells (model, condition) one after the other, each one pytest session over all lanes.

Layout under ``<results>/<matrix-id>/``:

* ``matrix.json`` — the manifest: config sha256, models, conditions, and per cell its command,
  state (pending/running/done) and pytest exit code. Rewritten atomically after every change.
* ``<model>/<condition>/`` — the cell's run directory (``--results-dir <matrix>/<model>
  --run-id <condition>``), with its episode records.
* ``reports/<model>.<condition>.json`` — the cell's pytest-json-report file.

Resuming (running ``anyapp matrix`` again with the same ``--matrix-id``) skips finished cells and
passes ``--resume`` to the unfinished one, so no finished episode runs twice. pytest's exit codes
0 (all passed) and 1 (some failed) both mean the cell ran to the end; 6 (nothing, or too large a
share, could be measured: README, Exit status) leaves it unfinished.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.matrix.config import Condition, MatrixConfig

FINISHED_EXIT_CODES = (0, 1)


def slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


class Cell(BaseModel):
    model: str
    condition: Condition
    state: Literal["pending", "running", "done"] = "pending"
    exit_code: int | None = None
    attempts: int = 0
    command: list[str] = Field(default_factory=list)
    repeat: int = Field(1, ge=1, description="Repeat number (--repeats): each repeat is its own run.")

    @property
    def run_id(self) -> str:
        """The cell's run id: the condition, and ``<condition>-r<N>`` for repeats after the first."""
        return self.condition if self.repeat == 1 else f"{self.condition}-r{self.repeat}"

    @property
    def key(self) -> str:
        return f"{self.model}/{self.run_id}"


class MatrixManifest(BaseModel):
    schema_version: Literal[1] = 1
    matrix_id: str
    config_sha256: str
    models: list[str]
    conditions: list[Condition]
    cells: list[Cell]


class Matrix:
    def __init__(self, root: Path, config: MatrixConfig, config_sha256: str, *, python: str = sys.executable,
                 extra_args: list[str] | None = None) -> None:
        self.root = root
        self.config = config
        self.config_sha256 = config_sha256
        self.python = python
        self.extra_args = extra_args or []

    @property
    def manifest_path(self) -> Path:
        return self.root / "matrix.json"

    def cell_results_dir(self, model: str) -> Path:
        return self.root / slug(model)

    def cell_run_dir(self, model: str, condition: str) -> Path:
        return self.cell_results_dir(model) / condition

    def report_path(self, model: str, condition: str, suffix: str = "") -> Path:
        return self.root / "reports" / f"{slug(model)}.{condition}{suffix}.json"

    # -- manifest ------------------------------------------------------------------------------
    def load_or_create(self, models: list[str], conditions: list[Condition], repeats: int = 1) -> MatrixManifest:
        wanted = [Cell(model=m, condition=c, repeat=r) for r in range(1, repeats + 1) for m in models
                  for c in conditions]
        if self.manifest_path.exists():
            manifest = MatrixManifest.model_validate_json(self.manifest_path.read_text())
            from pytest_anyapp.errors import ConfigError

            if manifest.config_sha256 != self.config_sha256:
                raise ConfigError(f"{self.manifest_path}: the matrix config changed since this matrix started "
                                  "(resume it with the same config, or start a new --matrix-id)")
            have = {c.key for c in manifest.cells}
            manifest.cells += [cell for cell in wanted if cell.key not in have]
            return manifest
        return MatrixManifest(matrix_id=self.root.name, config_sha256=self.config_sha256, models=models,
                              conditions=conditions, cells=wanted)

    def save(self, manifest: MatrixManifest) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.manifest_path, manifest.model_dump_json(indent=1))

    # -- commands ------------------------------------------------------------------------------
    def pytest_command(self, model: str, condition: Condition, *, resume: bool, node_ids: list[str] | None = None,
                       report_suffix: str = "", run_id: str | None = None) -> list[str]:
        run_id = run_id or condition
        entry = self.config.model_entry(model)
        cond = self.config.condition_entry(condition)
        args = list(self.config.pytest_args)
        if node_ids:
            args = _without_selection(split_args(args)[0]) + node_ids
        cmd = [self.python, "-m", "pytest", *args, f"--agent={entry.agent or model}", f"--condition={condition}",
               f"--results-dir={self.cell_results_dir(model)}", f"--run-id={run_id}",
               "--json-report", f"--json-report-file={self.report_path(model, run_id, report_suffix)}"]
        if entry.agent_config is not None:
            cmd.append(f"--agent-config={entry.agent_config}")
        if cond.plan_file is not None:
            cmd += [f"--plan-file={cond.plan_file}", f"--plan-mode={cond.plan_mode}"]
        if self.config.schedule is not None:
            cmd.append(f"--schedule={self.config.schedule}")
        if resume:
            cmd.append("--resume")
        return [*cmd, *self.extra_args]

    def cell_env(self, model: str) -> dict[str, str]:
        env = dict(os.environ)
        env.update(self.config.model_entry(model).env)
        if self.config.lanes:
            env["CATBENCH_EMULATORS"] = self.config.lanes
        return env

    # -- running -------------------------------------------------------------------------------
    def run(self, models: list[str], conditions: list[Condition], *, repeats: int = 1,
            on_progress: Callable[[MatrixManifest], None] | None = None, poll_s: float = 2.0) -> MatrixManifest:
        manifest = self.load_or_create(models, conditions, repeats)
        self.save(manifest)
        for cell in manifest.cells:
            if cell.state == "done":
                continue
            resume = self.cell_run_dir(cell.model, cell.run_id).exists()
            cell.command = self.pytest_command(cell.model, cell.condition, resume=resume, run_id=cell.run_id)
            cell.state, cell.exit_code = "running", None
            cell.attempts += 1
            self.save(manifest)
            self.report_path(cell.model, cell.run_id).parent.mkdir(parents=True, exist_ok=True)
            log = (self.root / "reports" / f"{slug(cell.model)}.{cell.run_id}.log").open("ab")
            try:
                proc = subprocess.Popen(cell.command, env=self.cell_env(cell.model), stdout=log,
                                        stderr=subprocess.STDOUT)
                while proc.poll() is None:
                    if on_progress is not None:
                        on_progress(manifest)
                    time.sleep(poll_s)
            finally:
                log.close()
            cell.exit_code = proc.returncode
            cell.state = "done" if cell_finished(proc.returncode, resumed=resume) else "pending"
            self.save(manifest)
            if on_progress is not None:
                on_progress(manifest)
            if cell.state != "done":
                break  # infrastructure or usage trouble: stop so an operator can look (resume later)
        return manifest

    def progress(self, manifest: MatrixManifest) -> list[tuple[str, str, Counter[str]]]:
        """(cell, state, episode status counts) for every cell: the combined progress view."""
        return [(c.key, c.state if c.exit_code is None else f"{c.state} (exit {c.exit_code})",
                 record_counts(self.cell_run_dir(c.model, c.run_id))) for c in manifest.cells]


def cell_finished(returncode: int, *, resumed: bool) -> bool:
    """0 and 1 mean the cell ran to the end; resuming a cell whose every pair is final collects
    nothing (pytest's 5). 6 (``RUN_NOT_MEASURED``: nothing, or too little, could be measured) and
    every other status leave the cell unfinished."""
    return returncode in FINISHED_EXIT_CODES + ((5,) if resumed else ())


_VALUE_OPTIONS = {"-n", "-p", "-k", "-m", "-c", "-o", "--dist", "--timeout", "--maxfail", "--rootdir"}


def split_args(args: list[str]) -> tuple[list[str], list[str]]:
    """pytest args as (options with their values, positional paths)."""
    options: list[str] = []
    paths: list[str] = []
    take = False
    for a in args:
        if take:
            options.append(a)
            take = False
        elif a.startswith("-"):
            options.append(a)
            take = a in _VALUE_OPTIONS
        else:
            paths.append(a)
    return options, paths


def node_ids(pytest_args: list[str], test_ids: list[str]) -> list[str]:
    """Node ids of pair tests in the config's pairs directory (default ``pairs``)."""
    _, paths = split_args(pytest_args)
    base = paths[0].rstrip("/") if paths else "pairs"
    test_file = base if base.endswith(".py") else f"{base}/test_pairs.py"
    return [f"{test_file}::test_pair[{t}]" for t in test_ids]


def _without_selection(options: list[str]) -> list[str]:
    """Drop -k/-m and their values: a named cell must not be deselected."""
    out: list[str] = []
    skip = False
    for a in options:
        if skip:
            skip = False
            continue
        if a in ("-k", "-m"):
            skip = True
            continue
        out.append(a)
    return out


def record_counts(run_dir: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    for path in run_dir.glob("*/episode.json"):
        try:
            counts[json.loads(path.read_text()).get("status", "unknown")] += 1
        except (OSError, ValueError):
            counts["unreadable"] += 1
    return counts


def render_progress(rows: list[tuple[str, str, Counter[str]]]) -> str:
    lines = []
    total: Counter[str] = Counter()
    for key, state, counts in rows:
        total.update(counts)
        lines.append(f"{key:32} {state:18} {sum(counts.values()):5} episodes  "
                     f"{counts.get('valid_success', 0)} success  {counts.get('valid_failure', 0)} failure  "
                     f"{counts.get('invalid_infrastructure', 0)} invalid")
    lines.append(f"{'total':32} {'':18} {sum(total.values()):5} episodes  {total.get('valid_success', 0)} success  "
                 f"{total.get('valid_failure', 0)} failure  {total.get('invalid_infrastructure', 0)} invalid")
    return "\n".join(lines)


def parse_cells(text: str) -> list[tuple[str, str, str]]:
    """``model condition test-id`` per line; ``#`` comments and blank lines ignored."""
    from pytest_anyapp.errors import ConfigError

    cells = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 3 or parts[1] not in ("c1", "c2_g", "c2_o"):
            raise ConfigError(f"cells line {n}: want 'model condition test-id', got {raw!r}")
        cells.append((parts[0], parts[1], parts[2]))
    return cells
