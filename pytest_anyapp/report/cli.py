"""``anyapp report`` (publication report or quick gap table), ``anyapp show`` (trajectory page) and
``anyapp verify-support`` (pre-run gate)."""

from __future__ import annotations

import argparse
import difflib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_anyapp.catalog import Category
from pytest_anyapp.cli import CommaList

if TYPE_CHECKING:
    from pytest_anyapp.report.analysis import Data
    from pytest_anyapp.report.index import Index
    from pytest_anyapp.report.models import Eligibility

EXIT_OK = 0
EXIT_UNSUPPORTED = 1
EXIT_BAD_INPUT = 2
EXIT_INELIGIBLE = 3


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``report``, ``show`` and ``verify-support``."""
    report = subparsers.add_parser(
        "report", help="publication report (tables, CIs, plots, HTML) or the quick gap table of runs",
        description="With --out (or --html): the publication report of one or many runs or JSON reports "
                    "(hierarchical rates with paired bootstrap CIs, C2-C1 contrasts, attrition bounds, pass@k; "
                    "Markdown/LaTeX/CSV/JSON, plots, optional HTML). Without --out: the gap table of one run. "
                    "Input that is not analysis-eligible (simulated devices, skipped preflight, unpinned apps, "
                    "invalid conditions, incomplete schedule) is refused unless --allow-ineligible.",
    )
    report.add_argument("paths", type=Path, nargs="+", metavar="PATH",
                        help="run directory, results root (all its runs) or pytest-json-report file; several allowed")
    report.add_argument("--out", type=Path, default=None,
                        help="write the publication report into this directory (or, with --write, the summary files)")
    report.add_argument("--html", action="store_true", help="also write the static HTML report and trajectory viewers")
    report.add_argument("--allow-ineligible", action="store_true",
                        help="report input that is not analysis-eligible, stamping every table and plot with why")
    report.add_argument("--prices", type=Path, default=None, metavar="FILE",
                        help="JSON prices per model (per token, or per GPU-hour for self-hosted models) with their "
                             "source and date; without it costs are tokens, calls and seconds only")
    report.add_argument("--require-verified", action="store_true",
                        help="refuse runs whose ledger does not verify, even with --allow-ineligible (analysis-eligible "
                             "input always requires it)")
    report.add_argument("--partial", action="store_true",
                        help="declare the schedule explicitly partial (missing cells do not make input ineligible)")
    report.add_argument("--replicates", type=int, default=10_000, help="bootstrap replicates (default 10000; 0: none)")
    report.add_argument("--seed", type=int, default=1729, help="bootstrap base seed (default 1729)")
    report.add_argument("--no-plots", action="store_true", help="skip the matplotlib plots")
    report.add_argument("--episodes-per-page", type=int, default=None, metavar="N",
                        help="HTML: episodes listed per page of an app (default 500)")
    report.add_argument("--format", choices=("md", "json", "text"), default="md",
                        help="gap-table mode: md (default), json (the GapTable), text (compact terminal table)")
    report.add_argument("--condition", default=None, help="gap-table mode: only episodes of this condition")
    report.add_argument("--write", action="store_true",
                        help="gap-table mode: also write summary.json and summary.md (into the run directory, "
                             "next to the JSON report, or --out)")
    report.set_defaults(func=run_report)

    publish = subparsers.add_parser(
        "publish", help="the static results site of verified, analysis-eligible runs (anyapp report --html)",
        description="Writes DIR/html: leaderboard, provenance with each run's ledger head and verify command, "
                    "every table and plot, and every episode's trajectory. Runs must verify and be analysis-"
                    "eligible unless --allow-ineligible (then every page is stamped).")
    publish.add_argument("paths", type=Path, nargs="+", metavar="RUN", help="run directories or results roots")
    publish.add_argument("--out", type=Path, required=True, help="the site's directory (host DIR/html)")
    publish.add_argument("--allow-ineligible", action="store_true", help="publish anyway; every page is stamped")
    publish.add_argument("--prices", type=Path, default=None, metavar="FILE", help="as anyapp report --prices")
    publish.add_argument("--partial", action="store_true", help="as anyapp report --partial")
    publish.add_argument("--replicates", type=int, default=10_000, help="bootstrap replicates (default 10000)")
    publish.add_argument("--seed", type=int, default=1729, help="bootstrap base seed (default 1729)")
    publish.add_argument("--no-plots", action="store_true", help="skip the matplotlib plots")
    publish.add_argument("--episodes-per-page", type=int, default=None, metavar="N",
                         help="episodes listed per page of an app (default 500)")
    publish.set_defaults(func=_publication_report, html=True, write=False, require_verified=False)

    show = subparsers.add_parser(
        "show", help="write an episode's trajectory page and print its path",
        description="Render <results>/<run>/<test-id>/viewer.html (screenshots with the actions drawn, raw model "
                    "output, timings, verdict, evidence, provenance) and print its path. Latest run by default.",
    )
    show.add_argument("test_id", help="episode test id or the node id pytest prints, e.g. "
                      "sms-SmsSend-fossify_messages-i0 or pairs/test_pairs.py::test_pair[sms-SmsSend-fossify_messages-i0]")
    show.add_argument("--run", default=None, help="run id or run directory (default: the latest run)")
    show.add_argument("--results-dir", type=Path, default=None,
                      help="results root (default: $CATBENCH_RESULTS_DIR or ./results)")
    show.set_defaults(func=run_show)

    support = subparsers.add_parser(
        "verify-support", help="list runnable apps and scheduled pairs; fail if a pair cannot be scored",
        description="Print runnable apps and scheduled pairs per category and in total. Exits 1 if a "
                    "scheduled pair has no verifier or a template is a placeholder.",
    )
    support.add_argument("--categories", action=CommaList, default=None, metavar="CATEGORY",
                         help=f"restrict to these categories (space or comma separated): {', '.join(c.value for c in Category)}")
    support.add_argument("--instances", type=int, default=3, help="instances per pair, for the episode count (default 3)")
    support.add_argument("--json", action="store_true", help="print the report (with the template x app matrix) as JSON")
    support.add_argument("--fidelity", action="store_true",
                         help="print one row per app instead: profile source, the second reader's source and date, "
                              "verdict, open points")
    support.set_defaults(func=run_verify_support)


def _parse_categories(values: str | None) -> list[Category]:
    if not values:
        return list(Category)
    names = [n.strip() for n in values.split(",") if n.strip()]
    unknown = sorted(set(names) - {c.value for c in Category})
    if unknown:
        raise ValueError(f"unknown categories {unknown}; known: {[c.value for c in Category]}")
    return [c for c in Category if c.value in names]


def run_report(args: argparse.Namespace) -> int:
    if args.out is not None and not args.write or args.html:
        return _publication_report(args)
    return _gap_table(args)


@dataclass
class _Opened:
    index: Index
    data: Data
    eligibility: Eligibility


def _eligibility_gate(args: argparse.Namespace, paths: list[Path]) -> _Opened | None:
    """Open the index and assess eligibility; None (after saying why) if the input is refused."""
    from pytest_anyapp.report.analysis import load_data
    from pytest_anyapp.report.eligibility import assess
    from pytest_anyapp.report.index import open_index

    index = open_index(paths)
    data = load_data(index)
    eligibility = assess(index, data, partial=args.partial)
    unverified = [r for r in eligibility.reasons if ": unverified" in r]
    if unverified and getattr(args, "require_verified", False):
        print("anyapp report: --require-verified: runs fail verification (anyapp verify names each finding):",
              file=sys.stderr)
        for reason in unverified:
            print(f"  - {reason}", file=sys.stderr)
        index.close()
        return None
    if not eligibility.eligible and not args.allow_ineligible:
        print("anyapp report: input is NOT ANALYSIS-ELIGIBLE:", file=sys.stderr)
        for reason in eligibility.reasons:
            print(f"  - {reason}", file=sys.stderr)
        print("(pass --allow-ineligible to report it anyway; every table and plot is then stamped)", file=sys.stderr)
        index.close()
        return None
    return _Opened(index, data, eligibility)


def _publication_report(args: argparse.Namespace) -> int:
    if args.out is None:
        print("anyapp report: --html needs --out DIR", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.replicates < 0:
        print("anyapp report: --replicates must be >= 0", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.episodes_per_page is not None and args.episodes_per_page < 1:
        print("anyapp report: --episodes-per-page must be >= 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    from pytest_anyapp.report.analysis import build_report
    from pytest_anyapp.report.cost import load_prices
    from pytest_anyapp.report.export import write_report
    from pytest_anyapp.report.tables import build_tables

    try:
        opened = _eligibility_gate(args, list(args.paths))
        if opened is None:
            return EXIT_INELIGIBLE
        index, data, eligibility = opened.index, opened.data, opened.eligibility
        for note in index.notes:
            print(f"note: {note}", file=sys.stderr)
        if index.n_rows == 0:
            print("anyapp report: no episode records found", file=sys.stderr)
            return EXIT_BAD_INPUT
        prices = load_prices(args.prices) if getattr(args, "prices", None) else None
        report = build_report(index, eligibility, replicates=args.replicates, base_seed=args.seed, data=data,
                              prices=prices)
    except (OSError, ValueError) as exc:
        print(f"anyapp report: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    tables = build_tables(report)
    written = write_report(args.out, report, tables)
    plots: list[Path] = []
    if not args.no_plots:
        from pytest_anyapp.report.plots import draw_all

        plots = draw_all(report, Path(args.out) / "plots")
    if args.html:
        from pytest_anyapp.report.html import EPISODES_PER_PAGE, write_html

        written.append(write_html(args.out, index, report, tables, plots,
                                  page_size=args.episodes_per_page or EPISODES_PER_PAGE))
    index.close()
    if report.eligibility.stamp:
        print(report.eligibility.stamp, file=sys.stderr)
    print(f"wrote {len(written) + len(plots)} files to {args.out}", file=sys.stderr)
    print(Path(args.out) / "report.md")
    if args.html:
        print(Path(args.out) / "html" / "index.html")
    return EXIT_OK


def _gap_table(args: argparse.Namespace) -> int:
    from pytest_anyapp.report.gap import build_gap_table
    from pytest_anyapp.report.load import load_summaries
    from pytest_anyapp.report.render import render_markdown, render_terminal
    from pytest_anyapp.report.write import write_summary

    if len(args.paths) != 1:
        print("anyapp report: the gap table takes one PATH (use --out DIR for a report over several)", file=sys.stderr)
        return EXIT_BAD_INPUT
    path = args.paths[0]
    try:
        loaded = load_summaries(path)
        table = build_gap_table(loaded.summaries, condition=args.condition)
        opened = _eligibility_gate(args, [path])
        if opened is None:
            return EXIT_INELIGIBLE
        stamp = opened.eligibility.stamp
        opened.index.close()
    except (OSError, ValueError) as exc:
        print(f"anyapp report: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)
    if not loaded.summaries:
        print(f"anyapp report: no episode summaries found in {path}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if stamp:
        print(stamp, file=sys.stderr)
    if args.format == "json":
        sys.stdout.write(table.model_dump_json(indent=2) + "\n")
    elif args.format == "text":
        sys.stdout.write((f"*** {stamp} ***\n" if stamp else "") + render_terminal(table))
    else:
        sys.stdout.write((f"> **{stamp}**\n\n" if stamp else "") + render_markdown(table))
    if args.write:
        source = loaded.source or Path(path)
        target = args.out or (source if source.is_dir() else source.parent)
        for written in write_summary(target, table):
            print(f"wrote {written}", file=sys.stderr)
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    import os

    from pytest_anyapp.records.store import latest_run_id
    from pytest_anyapp.registry import pair_test_id
    from pytest_anyapp.report.html import render_viewer
    from pytest_anyapp.report.index import EPISODE_FILE

    results = args.results_dir or Path(os.environ.get("CATBENCH_RESULTS_DIR") or "results")
    if args.run and Path(args.run).is_dir():
        run_dir = Path(args.run)
    else:
        run_id = args.run or latest_run_id(results)
        if run_id is None:
            print(f"anyapp show: no runs under {results}", file=sys.stderr)
            return EXIT_BAD_INPUT
        run_dir = results / run_id
    test_id = pair_test_id(args.test_id)
    episode_dir = run_dir / test_id
    if not (episode_dir / EPISODE_FILE).is_file():
        known = [p.parent.name for p in run_dir.glob(f"*/{EPISODE_FILE}")]
        close = difflib.get_close_matches(test_id, known, n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        print(f"anyapp show: no {EPISODE_FILE} for {test_id!r} in {run_dir}{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        path = render_viewer(episode_dir)
    except (OSError, ValueError) as exc:
        print(f"anyapp show: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(path.resolve())
    return EXIT_OK


def run_verify_support(args: argparse.Namespace) -> int:
    from pytest_anyapp import registry
    from pytest_anyapp.report.support import check_support, live_checks, render_fidelity, render_support

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
                           n_instances=args.instances, guards=True, **live_checks())
    render = render_fidelity if args.fidelity else render_support
    sys.stdout.write(report.model_dump_json(indent=1) + "\n" if args.json else render(report))
    if report.errors:
        for error in report.errors:
            print(f"error: {error}", file=sys.stderr)
        print(f"verify-support FAILED: {len(report.errors)} problem(s)", file=sys.stderr)
        return EXIT_UNSUPPORTED
    if not args.json:
        print(f"verify-support OK: {report.total('pairs')} scheduled pairs, each with adapter, oracle script, "
              "simulator double and conformance cases; no placeholder templates")
    return EXIT_OK
