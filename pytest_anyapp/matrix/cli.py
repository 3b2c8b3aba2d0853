"""``anyapp matrix`` and ``anyapp cells``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, cast

from pytest_anyapp.cli import CommaList

if TYPE_CHECKING:
    from pytest_anyapp.matrix.config import Condition
    from pytest_anyapp.matrix.launcher import Matrix, MatrixManifest


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("matrix", help="one pytest session per (model, condition) over shared lanes")
    p.add_argument("--models", action=CommaList, required=True, help="comma-separated agent/model names")
    p.add_argument("--conditions", action=CommaList, default="c1", help="comma-separated: c1,c2_g,c2_o")
    p.add_argument("--config", type=Path, default=None, help="matrix config (endpoints, plan files, pytest args)")
    p.add_argument("--repeats", type=int, default=1, help="run every (model, condition) K times, each repeat its own "
                   "run id (<condition>-r<N> after the first): run-to-run variance in anyapp report (default 1)")
    p.add_argument("--results-dir", type=Path, default=Path("results"))
    p.add_argument("--matrix-id", default=None, help="resume this matrix (default: a new id)")
    p.add_argument("pytest_extra", nargs=argparse.REMAINDER, help="after --: extra pytest arguments for every cell")
    p.set_defaults(func=_matrix)
    p = subparsers.add_parser("cells", help="re-run named cells (model condition test-id per line) into a matrix")
    p.add_argument("file", type=Path)
    p.add_argument("--matrix-id", required=True)
    p.add_argument("--config", type=Path, default=None)
    p.add_argument("--results-dir", type=Path, default=Path("results"))
    p.set_defaults(func=_cells)


def _printer(matrix: Matrix) -> Callable[[MatrixManifest], None]:
    from pytest_anyapp.matrix.launcher import render_progress

    last = [""]

    def show(manifest: MatrixManifest) -> None:
        text = render_progress(matrix.progress(manifest))
        if text != last[0]:
            print(text + "\n", flush=True)
            last[0] = text

    return show


def _matrix(args: argparse.Namespace) -> int:
    from pytest_anyapp.errors import ConfigError
    from pytest_anyapp.matrix.config import load_config
    from pytest_anyapp.matrix.launcher import Matrix

    extra = [a for a in args.pytest_extra if a != "--"]
    try:
        config, digest = load_config(args.config)
        models = [m.strip() for m in args.models.split(",") if m.strip()]
        conditions = [c.strip() for c in args.conditions.split(",") if c.strip()]
        bad = [c for c in conditions if c not in ("c1", "c2_g", "c2_o")]
        if bad or not models:
            raise ConfigError(f"unknown condition(s) {bad}" if bad else "no models")
        if args.repeats < 1:
            raise ConfigError("--repeats must be >= 1")
        conds = cast("list[Condition]", conditions)
        for c in conds:
            config.condition_entry(c)
        matrix_id = args.matrix_id or datetime.now(UTC).strftime("matrix-%Y%m%d-%H%M%S")
        matrix = Matrix(args.results_dir / matrix_id, config, digest, extra_args=extra)
        print(f"matrix {matrix_id}: {len(models)} model(s) x {len(conditions)} condition(s) -> {matrix.root}")
        manifest = matrix.run(models, conds, repeats=args.repeats, on_progress=_printer(matrix))
    except ConfigError as exc:
        print(f"anyapp matrix: {exc}", file=sys.stderr)
        return 2
    unfinished = [c.key for c in manifest.cells if c.state != "done"]
    if unfinished:
        print(f"stopped: {', '.join(unfinished)} not finished; resume with --matrix-id {matrix_id}")
        return 1
    print(f"matrix {matrix_id} complete")
    return 0


def _cells(args: argparse.Namespace) -> int:
    import subprocess

    from pytest_anyapp.errors import ConfigError
    from pytest_anyapp.matrix.config import load_config
    from pytest_anyapp.matrix.launcher import Matrix, node_ids, parse_cells
    from pytest_anyapp.records.store import RunStore

    try:
        config, digest = load_config(args.config)
        cells = parse_cells(args.file.read_text())
        matrix = Matrix(args.results_dir / args.matrix_id, config, digest)
        if not matrix.manifest_path.exists():
            raise ConfigError(f"no matrix {args.matrix_id} under {args.results_dir}")
        manifest = matrix.load_or_create([], [])
    except (ConfigError, OSError) as exc:
        print(f"anyapp cells: {exc}", file=sys.stderr)
        return 2
    groups: dict[tuple[str, str], list[str]] = {}
    for model, condition, test_id in cells:
        groups.setdefault((model, condition), []).append(test_id)
    known = {c.key for c in manifest.cells}
    worst = 0
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    for (model, condition), test_ids in groups.items():
        if f"{model}/{condition}" not in known:
            print(f"anyapp cells: {model}/{condition} is not a cell of matrix {args.matrix_id}", file=sys.stderr)
            return 2
        store = RunStore(matrix.cell_results_dir(model), condition)
        for test_id in test_ids:
            store.supersede(test_id)  # the earlier record is kept under _superseded/, never lost
        cmd = matrix.pytest_command(model, cast("Condition", condition), resume=False,
                                    node_ids=node_ids(config.pytest_args, test_ids), report_suffix=f".cells-{stamp}")
        print(f"{model}/{condition}: re-running {len(test_ids)} cell(s)", flush=True)
        code = subprocess.run(cmd, env=matrix.cell_env(model), check=False).returncode
        worst = max(worst, code)
    return {0: 0, 1: 1}.get(worst, 2)
