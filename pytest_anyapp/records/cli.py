"""``anyapp rescore RUN_DIR``: re-score a run from its records (see ``records.rescore``)."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("rescore", help="re-score a run's episodes from their recorded snapshots")
    parser.add_argument("run_dir", type=Path, help="results/<run-id>")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from pytest_anyapp.records.rescore import rescore_run

    if not args.run_dir.is_dir():
        print(f"anyapp rescore: {args.run_dir} is not a run directory")
        return 2
    results = rescore_run(args.run_dir)
    changed = [r for r in results if r.changed]
    skipped = [r for r in results if r.rescored is None]
    for r in changed:
        print(f"CHANGED {r.test_id}: recorded {r.recorded.value}, now {r.rescored.value if r.rescored else '-'}: "
              + "; ".join(r.reasons))
    print(f"{len(results)} records: {len(results) - len(changed) - len(skipped)} unchanged, "
          f"{len(changed)} changed, {len(skipped)} not re-scorable")
    return 1 if changed else 0
