"""``anyapp schedule freeze|check``."""

from __future__ import annotations

import argparse
from pathlib import Path

from pytest_anyapp.cli import CommaList


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("schedule", help="frozen schedules (immutable cohort manifests)")
    sub = parser.add_subparsers(dest="schedule_command", required=True)
    p = sub.add_parser("freeze", help="write an immutable schedule manifest")
    p.add_argument("--output", type=Path, required=True)
    p.add_argument("--categories", action=CommaList, default="", help="comma-separated (default: every runnable category)")
    p.add_argument("--instances", type=int, default=3)
    p.add_argument("--seed", type=int, default=30)
    p.add_argument("--conditions", action=CommaList, default="c1,c2_g,c2_o")
    p.add_argument("--release-id", default="development")
    p.add_argument("--analysis-eligible", action="store_true",
                   help="ask for an analysis-eligible schedule (granted only if every app is fully pinned)")
    p.add_argument("--sources", type=Path, default=None, help="APK sources file (default: the shipped one)")
    p.add_argument("--apk-dir", type=Path, default=None, help="include hashes recorded by apps download here")
    p.set_defaults(func=_freeze)
    p = sub.add_parser("check", help="compare a frozen schedule with this checkout (exit 2 on drift)")
    p.add_argument("file", type=Path)
    p.add_argument("--condition", default=None)
    p.set_defaults(func=_check)


def _freeze(args: argparse.Namespace) -> int:
    from pytest_anyapp.catalog import Category
    from pytest_anyapp.errors import ConfigError
    from pytest_anyapp.provision.sources import DownloadLock, load_sources
    from pytest_anyapp.schedule.manifest import build_manifest, write_manifest

    try:
        cats = [Category(c.strip()) for c in args.categories.split(",") if c.strip()] or None
        conditions = [c.strip() for c in args.conditions.split(",") if c.strip()]
        bad = [c for c in conditions if c not in ("c1", "c2_g", "c2_o")]
        if bad:
            raise ConfigError(f"unknown condition(s) {bad}")
        manifest = build_manifest(categories=cats, seed=args.seed, n_instances=args.instances,
                                  conditions=conditions, release_id=args.release_id,
                                  want_eligible=args.analysis_eligible, sources=load_sources(args.sources),
                                  lock=DownloadLock.load(args.apk_dir) if args.apk_dir else None)
        digest = write_manifest(manifest, args.output)
    except (ConfigError, ValueError) as exc:
        print(f"anyapp schedule freeze: {exc}")
        return 2
    print(f"froze {len(manifest.instances)} instances ({len(manifest.apps)} apps, {len(manifest.templates)} "
          f"templates) to {args.output} sha256 {digest}")
    print("analysis-eligible" if manifest.analysis_eligible
          else "NOT analysis-eligible: " + "; ".join(manifest.eligibility_blockers))
    return 0


def _check(args: argparse.Namespace) -> int:
    from pytest_anyapp.errors import ConfigError
    from pytest_anyapp.schedule.manifest import drift, load_manifest

    try:
        manifest = load_manifest(args.file)
    except ConfigError as exc:
        print(f"anyapp schedule check: {exc}")
        return 2
    problems = drift(manifest, seed=manifest.seed, n_instances=manifest.n_instances,
                     condition=args.condition or manifest.conditions[0])
    for p in problems:
        print(f"DRIFT {p}")
    print(f"{args.file}: {'no drift' if not problems else f'{len(problems)} difference(s)'}")
    return 2 if problems else 0
