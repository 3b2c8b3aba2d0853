"""``anyapp floor``: run probe agents over scheduled pairs (a ``pytest pairs`` session per probe,
on simulated devices unless ``--lanes`` is passed through) and write the floor report."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

PAIRS_DIR = Path(__file__).resolve().parents[2] / "pairs"
#: Information-free probes, a screen dump and a common count (CI runs these at instance 0).
DEFAULT_PROBES = ("probe-claim", "probe-back-home", "probe-raise", "probe-screen-dump", "probe-vocab",
                  "probe-vocab-0", "probe-answer-3")
RANDOM_KINDS = ("probe-random", "probe-random-claim", "probe-random-raise")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("floor", help="guessing floor: how often skill-free probe agents pass (docs/floor.md)")
    p.add_argument("--probes", default=",".join(DEFAULT_PROBES), help="comma-separated probe agent names")
    p.add_argument("--random", default="probe-random", help="comma-separated random probe kinds ('' for none)")
    p.add_argument("--seeds", type=int, default=5, help="seeds per random probe kind")
    p.add_argument("--random-modes", default="ui,durable", help="validation modes random probes run on")
    p.add_argument("--instance", type=int, default=None, help="only this instance (default: all)")
    p.add_argument("--modes", default="ui,durable,answer", help="validation modes the other probes run on")
    p.add_argument("--category", default="", help="comma-separated categories (default: all)")
    p.add_argument("--results-dir", type=Path, default=Path("results/floor"))
    p.add_argument("--out", type=Path, default=None, help="write <out>.md and <out>.json (default: under results)")
    p.add_argument("-n", "--workers", default="0", help="pytest-xdist workers per probe session")
    p.add_argument("--report-only", action="store_true", help="rebuild the report from the runs already there")
    p.add_argument("--constant-draws", type=int, default=600, help="sampler draws per answer template (0: skip)")
    p.set_defaults(func=_floor)


def select(instance: int | None, modes: set[str], categories: set[str]) -> list[str]:
    """Test ids of the scheduled pair instances in ``modes`` (and ``categories``)."""
    from pytest_anyapp.registry import schedule

    return [i.test_id for i in schedule(only_instance=instance)
            if i.pair.mode.mode in modes and (not categories or i.pair.app.category.value in categories)]


def run_probe(probe: str, test_ids: list[str], results_dir: Path, workers: str) -> int:
    """One ``pytest pairs`` session of ``probe`` over ``test_ids`` (run id ``floor-<probe>``)."""
    if not test_ids:
        return 0
    nodes = [f"{PAIRS_DIR / 'test_pairs.py'}::test_pair[{t}]" for t in test_ids]
    cmd = [sys.executable, "-m", "pytest", *nodes, f"--agent={probe}", "--device=sim", f"--results-dir={results_dir}",
           f"--run-id=floor-{probe}", "--save-screens=0", "-q", "-p", "no:randomly",
           "-p", "no:cacheprovider", f"--rootdir={PAIRS_DIR.parent}"]
    if workers not in ("", "0"):
        cmd += ["-n", workers]
    return subprocess.run(cmd, cwd=PAIRS_DIR.parent, stdout=subprocess.DEVNULL, check=False).returncode


def _floor(args: argparse.Namespace) -> int:
    from pytest_anyapp.floor.report import build, load_records, markdown
    from pytest_anyapp.floor.sweep import answer_template_rates

    cats = {c for c in args.category.split(",") if c}
    probes = [p for p in args.probes.split(",") if p]
    randoms = [f"{kind}-{seed}" for kind in args.random.split(",") if kind for seed in range(args.seeds)]
    if not args.report_only:
        plain = select(args.instance, set(args.modes.split(",")), cats)
        rand = select(args.instance, set(args.random_modes.split(",")), cats)
        for probe in [*probes, *randoms]:
            print(f"anyapp floor: {probe} on {len(rand if probe in randoms else plain)} episodes", flush=True)
            run_probe(probe, rand if probe in randoms else plain, args.results_dir, args.workers)
    runs = [args.results_dir / f"floor-{p}" for p in [*probes, *randoms]]
    constants = answer_template_rates(args.constant_draws) if args.constant_draws else []
    report = build(load_records(r for r in runs if r.is_dir()), constants)
    out = args.out or args.results_dir / "floor"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text(markdown(report))
    out.with_suffix(".json").write_text(report.model_dump_json(indent=1))
    print(markdown(report))
    return 1 if report.failures else 0
