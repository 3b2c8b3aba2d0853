"""``anyapp report`` (rebuild a gap table offline) and ``anyapp verify-support`` (pre-run gate)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pytest_anyapp.catalog import Category

EXIT_OK = 0
EXIT_UNSUPPORTED = 1
EXIT_BAD_INPUT = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``report`` and ``verify-support``."""
    report = subparsers.add_parser(
        "report", help="rebuild the gap table from a JSON report or a results directory",
        description="Rebuild the gap table from a pytest-json-report file (--json-report) or a results "
                    "directory (a run directory, or a results root holding exactly one run).",
    )
    report.add_argument("path", type=Path, help="JSON report file, run directory or results root")
    report.add_argument("--format", choices=("md", "json", "text"), default="md",
                        help="md: markdown (default); json: the GapTable; text: compact terminal table")
    report.add_argument("--condition", default=None, help="use only episodes of this condition (c1, c2_g, c2_o)")
    report.add_argument("--write", action="store_true",
                        help="also write summary.json and summary.md (into the run directory, or next to the JSON report)")
    report.add_argument("--out", type=Path, default=None, help="directory for --write (overrides the default)")
    report.set_defaults(func=run_report)

    support = subparsers.add_parser(
        "verify-support", help="list runnable apps and scheduled pairs; fail if a pair cannot be scored",
        description="Print runnable apps and scheduled pairs per category and in total. Exits 1 if a "
                    "scheduled pair has no verifier or a template is a placeholder.",
    )
    support.add_argument("--categories", nargs="+", default=None, metavar="CATEGORY",
                         help=f"restrict to these categories (space or comma separated): {', '.join(c.value for c in Category)}")
    support.add_argument("--instances", type=int, default=3, help="instances per pair, for the episode count (default 3)")
    support.add_argument("--json", action="store_true", help="print the report (with the template x app matrix) as JSON")
    support.set_defaults(func=run_verify_support)


def _parse_categories(values: list[str] | None) -> list[Category]:
    if not values:
        return list(Category)
    names = [n.strip() for v in values for n in v.split(",") if n.strip()]
    unknown = sorted(set(names) - {c.value for c in Category})
    if unknown:
        raise ValueError(f"unknown categories {unknown}; known: {[c.value for c in Category]}")
    return [c for c in Category if c.value in names]


def run_report(args: argparse.Namespace) -> int:
    from pytest_anyapp.report.gap import build_gap_table
    from pytest_anyapp.report.load import load_summaries
    from pytest_anyapp.report.render import render_markdown, render_terminal
    from pytest_anyapp.report.write import write_summary

    try:
        loaded = load_summaries(args.path)
        table = build_gap_table(loaded.summaries, condition=args.condition)
    except (OSError, ValueError) as exc:
        print(f"anyapp report: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)
    if not loaded.summaries:
        print(f"anyapp report: no episode summaries found in {args.path}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.format == "json":
        sys.stdout.write(table.model_dump_json(indent=2) + "\n")
    elif args.format == "text":
        sys.stdout.write(render_terminal(table))
    else:
        sys.stdout.write(render_markdown(table))
    if args.write:
        source = loaded.source or Path(args.path)
        target = args.out or (source if source.is_dir() else source.parent)
        for written in write_summary(target, table):
            print(f"wrote {written}", file=sys.stderr)
    return EXIT_OK


def run_verify_support(args: argparse.Namespace) -> int:
    from pytest_anyapp import registry
    from pytest_anyapp.report.support import check_support, live_checks, render_support

    try:
        categories = _parse_categories(args.categories)
    except ValueError as exc:
        print(f"anyapp verify-support: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.instances < 1:
        print("anyapp verify-support: --instances must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        templates = registry.templates_by_category()
        adapters = registry.adapters()
        pairs = registry.scheduled_pairs(categories)
    except Exception as exc:  # a broken template or adapter module is exactly what this gate reports
        print(f"anyapp verify-support: cannot load templates/adapters: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_UNSUPPORTED
    report = check_support(categories=categories, templates=templates, pairs=pairs, adapters=adapters,
                           n_instances=args.instances, **live_checks())
    sys.stdout.write(report.model_dump_json(indent=1) + "\n" if args.json else render_support(report))
    if report.errors:
        for error in report.errors:
            print(f"error: {error}", file=sys.stderr)
        print(f"verify-support FAILED: {len(report.errors)} problem(s)", file=sys.stderr)
        return EXIT_UNSUPPORTED
    if not args.json:
        print(f"verify-support OK: {report.total('pairs')} scheduled pairs, each with adapter, oracle script, "
              "simulator double and conformance cases; no placeholder templates")
    return EXIT_OK
