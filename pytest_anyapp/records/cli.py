"""``anyapp rescore RUN_DIR``: re-score a run from its records (see ``records.rescore``);
``anyapp verify RUN…``: check runs against their ledgers (see ``records.verify``)."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("rescore", help="re-score a run's episodes from their recorded snapshots")
    parser.add_argument("run_dir", type=Path, help="results/<run-id>")
    parser.set_defaults(func=_run)
    verify = subparsers.add_parser("verify", help="check runs against their ledgers: hash chain, every record and "
                                                  "artifact, provenance consistency, re-scoring")
    verify.add_argument("run_dirs", type=Path, nargs="+", metavar="RUN", help="results/<run-id>")
    verify.add_argument("--public-key", type=Path, help="Ed25519 public key (PEM) the run's head was signed for")
    verify.add_argument("--json", action="store_true", help="print the reports as JSON")
    verify.set_defaults(func=_verify)


def _run(args: argparse.Namespace) -> int:
    from pytest_anyapp.records.rescore import rescore_run

    if not args.run_dir.is_dir():
        print(f"anyapp rescore: {args.run_dir} is not a run directory")
        return 2
    results = rescore_run(args.run_dir)
    changed = [r for r in results if r.changed]
    skipped = [r for r in results if r.rescored is None]
    for r in changed:
        why = "criterion changed since the record's benchmark version (CHANGELOG.md)" if r.predicted else "UNEXPECTED"
        print(f"CHANGED {r.test_id}: recorded {r.recorded.value}, now {r.rescored.value if r.rescored else '-'} "
              f"[{why}]: " + "; ".join(r.reasons))
    unpredicted = [r for r in changed if r.unpredicted]
    print(f"{len(results)} records: {len(results) - len(changed) - len(skipped)} unchanged, "
          f"{len(changed)} changed ({len(changed) - len(unpredicted)} as CHANGELOG.md predicts), "
          f"{len(skipped)} not re-scorable")
    return 1 if unpredicted else 0


def _verify(args: argparse.Namespace) -> int:
    from pytest_anyapp.records.verify import render, verify_run

    failed = 0
    for run_dir in args.run_dirs:
        if not run_dir.is_dir():
            print(f"anyapp verify: {run_dir} is not a run directory")
            return 2
        report = verify_run(run_dir, args.public_key)
        print(report.model_dump_json(indent=1) if args.json else render(report))
        failed += not report.ok
    return 1 if failed else 0
