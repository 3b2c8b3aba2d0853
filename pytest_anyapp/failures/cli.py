"""``anyapp failures judge | rejudge | agree | sample | vs-human | counts``."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.failures.clients import GeminiJudge, OpenAIJudge

from pytest_anyapp.errors import ConfigError

DEFAULT_MODEL_ENV = {"gemini": "GEMINI_MODEL", "openai": "OPENAI_MODEL"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("failures", help="why agents fail: judge, re-judge, agreement, human sample")
    sub = parser.add_subparsers(dest="failures_command", required=True)

    def endpoint_flags(p: argparse.ArgumentParser) -> None:
        p.add_argument("--provider", choices=("gemini", "openai"), required=True)
        p.add_argument("--model", help="judge model (default: $GEMINI_MODEL / $OPENAI_MODEL)")
        p.add_argument("--base-url", help="endpoint (default: $GEMINI_BASE_URL / $OPENAI_BASE_URL or the vendor's)")
        p.add_argument("--env-file", type=Path, help="0600 git-ignored KEY=VALUE file with the API key")
        p.add_argument("--max-retries", type=int, default=3)
        p.add_argument("--retry-backoff", type=float, default=2.0, help="first wait in s; doubles, capped at 10 s")
        p.add_argument("--timeout", type=float, default=120.0)
        p.add_argument("--workers", type=int, default=1)
        p.add_argument("--resume", action="store_true", help="reuse cached judgments of the same config and input")
        p.add_argument("--out", type=Path, help="output directory (default: <run>/_failures/<provider>-<model>, "
                                                "where `anyapp report --html` finds it)")

    judge = sub.add_parser("judge", help="label verifier-failed episodes with the six-class taxonomy")
    judge.add_argument("runs", nargs="+", type=Path, help="results/<run-id> directories")
    endpoint_flags(judge)
    judge.add_argument("--mode", choices=("single", "two-stage"), default="single")
    judge.add_argument("--triage-provider", choices=("gemini", "openai"))
    judge.add_argument("--triage-model")
    judge.add_argument("--max-steps", type=int, default=6, help="steps shown (0 = all)")
    judge.add_argument("--no-smart-steps", action="store_true", help="first/last steps instead of smart selection")
    judge.add_argument("--no-screenshots", action="store_true")
    judge.add_argument("--screenshot-max-frames", type=int, default=6)
    judge.add_argument("--screenshot-max-dim", type=int, default=896)
    judge.add_argument("--max-field-chars", type=int, default=700)
    judge.add_argument("--include-successes", action="store_true")
    judge.add_argument("--dry-run", action="store_true", help="write the inputs and config; call nobody")
    judge.set_defaults(func=_judge)

    rejudge = sub.add_parser("rejudge", help="re-run a judge run's stored inputs verbatim on another judge")
    rejudge.add_argument("judge_dir", type=Path)
    endpoint_flags(rejudge)
    rejudge.set_defaults(func=_rejudge)

    agree = sub.add_parser("agree", help="cross-judge agreement (raw, Cohen's kappa, cluster-bootstrap CIs)")
    agree.add_argument("judge_a", type=Path)
    agree.add_argument("judge_b", type=Path)
    agree.add_argument("--out", type=Path, required=True)
    agree.add_argument("--n-boot", type=int, default=2000)
    agree.add_argument("--seed", type=int, default=20260712)
    agree.set_defaults(func=_agree)

    sample = sub.add_parser("sample", help="category-stratified proportional human-validation sample")
    sample.add_argument("runs", nargs="+", type=Path)
    sample.add_argument("--out", type=Path, required=True)
    sample.add_argument("--rate", type=float, default=0.10)
    sample.add_argument("--seed", type=int, default=20260712)
    sample.add_argument("--double-seed", type=int, default=20260713)
    sample.add_argument("--pilot-seed", type=int, default=20260711)
    sample.add_argument("--double-share", type=float, default=0.10)
    sample.add_argument("--pilots-per-category", type=int, default=4)
    sample.add_argument("--judgments", type=Path, help="judge run whose labels are sealed (0600) next to the sample")
    sample.set_defaults(func=_sample)

    vs_human = sub.add_parser("vs-human", help="judge vs human: accuracy, per-mode F1, kappa; inter-rater kappa")
    vs_human.add_argument("annotations", type=Path, help="annotations.jsonl")
    vs_human.add_argument("judge_dir", type=Path)
    vs_human.add_argument("--out", type=Path, required=True)
    vs_human.set_defaults(func=_vs_human)

    counts = sub.add_parser("counts", help="failure-mode counts by model x category x app, table and plot")
    counts.add_argument("judge_dirs", nargs="+", type=Path)
    counts.add_argument("--out", type=Path, required=True)
    counts.set_defaults(func=_counts)


def _default_out(base: Path, provider: str, model: str) -> Path:
    slug = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in model)
    return base / f"{provider}-{slug}"


def _model(provider: str, model: str | None) -> str:
    value = model or os.environ.get(DEFAULT_MODEL_ENV[provider], "").strip()
    if not value:
        raise ConfigError(f"no judge model: pass --model or set {DEFAULT_MODEL_ENV[provider]}")
    return value


def _client(args: argparse.Namespace, provider: str, model: str) -> GeminiJudge | OpenAIJudge:
    from pytest_anyapp.failures.clients import make_judge_client

    return make_judge_client(provider, model, base_url=args.base_url, env_file=args.env_file, timeout_s=args.timeout,
                             max_retries=args.max_retries, backoff_s=args.retry_backoff)


def _report(run: object) -> int:
    from pytest_anyapp.failures.judge import JudgeRun

    assert isinstance(run, JudgeRun)
    if run.dry_run:
        print(f"dry run: inputs written to {run.out_dir} (config {run.config_hash}); "
              f"{run.skipped} episodes not judgeable")
        return 0
    print(f"{run.judged} judged, {run.cached} from cache, {run.errors} judge errors "
          f"({run.parity_failures} input-parity failures), {run.skipped} not judgeable; config {run.config_hash}; "
          f"written to {run.out_dir}")
    return 1 if run.errors else 0


def _guard(fn: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Configuration errors become a one-line message and exit status 2."""
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return int(fn(args))
        except ConfigError as exc:
            print(f"anyapp failures: {exc}")
            return 2
    return wrapped


@_guard
def _judge(args: argparse.Namespace) -> int:
    from pytest_anyapp.failures.inputs import InputSettings
    from pytest_anyapp.failures.judge import JudgeConfig, run_judge

    # a dry run calls nobody: without a model it still writes the inputs (under a "dry-run" model name)
    model = (args.model or os.environ.get(DEFAULT_MODEL_ENV[args.provider], "").strip() or "dry-run") \
        if args.dry_run else _model(args.provider, args.model)
    mode = "two_stage" if args.mode == "two-stage" else "single"
    triage_provider = args.triage_provider or args.provider
    triage_model = (args.triage_model or model) if mode == "two_stage" else None
    config = JudgeConfig(
        provider=args.provider, model=model, mode=mode,
        triage_provider=triage_provider if mode == "two_stage" else None, triage_model=triage_model,
        include_successes=args.include_successes,
        inputs=InputSettings(smart_steps=not args.no_smart_steps, max_steps=args.max_steps,
                             max_field_chars=args.max_field_chars, with_screenshots=not args.no_screenshots,
                             screenshot_max_frames=args.screenshot_max_frames,
                             screenshot_max_dim=args.screenshot_max_dim),
    )
    clients = None
    if not args.dry_run:
        clients = {"main": _client(args, args.provider, model)}
        if mode == "two_stage":
            assert triage_model is not None
            clients["triage"] = _client(args, triage_provider, triage_model)
    out = args.out or _default_out(Path(args.runs[0]) / "_failures", args.provider, model)
    run = run_judge(args.runs, out, config, clients, resume=args.resume, dry_run=args.dry_run,
                    workers=args.workers)
    return _report(run)


@_guard
def _rejudge(args: argparse.Namespace) -> int:
    from pytest_anyapp.failures.judge import run_rejudge

    model = _model(args.provider, args.model)
    if not (args.judge_dir / "failure_judge_inputs.jsonl").is_file():
        raise ConfigError(f"{args.judge_dir} holds no failure_judge_inputs.jsonl")
    out = args.out or _default_out(Path(args.judge_dir).parent, args.provider, model)
    run = run_rejudge(args.judge_dir, out, args.provider, model, {"main": _client(args, args.provider, model)},
                      resume=args.resume, workers=args.workers)
    return _report(run)


@_guard
def _agree(args: argparse.Namespace) -> int:
    from pytest_anyapp.failures.judge import read_judgments
    from pytest_anyapp.failures.reports import compare_judges, write_agreement

    result = compare_judges(read_judgments(args.judge_a), read_judgments(args.judge_b), n_boot=args.n_boot,
                            seed=args.seed)
    write_agreement(args.out, result)
    o = result["overall"]
    print(f"{o['n']} paired: raw agreement {o['raw_agreement']}, kappa {o['cohens_kappa']}; written to {args.out}")
    return 0


@_guard
def _sample(args: argparse.Namespace) -> int:
    from pytest_anyapp.failures.episodes import judgeable, load_episodes, results_root
    from pytest_anyapp.failures.sampling import SealedJudge, build_sample, write_sample

    episodes = [e for e in load_episodes(args.runs) if judgeable(e)]
    if not episodes:
        raise ConfigError("no verifier-failed episodes in the given runs")
    roots = {results_root(e) for e in episodes}
    if len(roots) != 1:
        raise ConfigError("all runs of one sample must live in one results directory")
    manifest, crosswalk = build_sample(
        episodes, rate=args.rate, seed=args.seed, double_seed=args.double_seed, pilot_seed=args.pilot_seed,
        double_share=args.double_share, pilots_per_category=args.pilots_per_category, results_dir=roots.pop())
    sealed = None
    if args.judgments is not None:
        from pytest_anyapp.failures.judge import read_judgments

        by_episode = {r.episode_id: r for r in read_judgments(args.judgments)}
        sealed = {}
        for sid, entry in crosswalk.entries.items():
            row = by_episode.get(entry.episode_id)
            j = row.judgment if row else None
            sealed[sid] = SealedJudge(primary_failure_mode=j.primary_failure_mode if j else None,
                                      confidence=j.confidence if j else None, verdict=j.verdict if j else None,
                                      rationale=j.rationale if j else None)
    write_sample(args.out, manifest, crosswalk, sealed)
    pools: dict[str, int] = {}
    for item in manifest.items:
        pools[item.pool] = pools.get(item.pool, 0) + 1
    print(f"sample of {len(episodes)} failures: {json.dumps(pools, sort_keys=True)}; "
          f"quotas {json.dumps({c: s.quota for c, s in manifest.strata.items()}, sort_keys=True)}; "
          f"written to {args.out}")
    return 0


@_guard
def _vs_human(args: argparse.Namespace) -> int:
    from pytest_anyapp.annotate.store import read_annotations
    from pytest_anyapp.failures.judge import read_judgments
    from pytest_anyapp.failures.reports import judge_vs_human, write_vs_human

    result = judge_vs_human(read_annotations(args.annotations), read_judgments(args.judge_dir))
    write_vs_human(args.out, result)
    r = result["judge_vs_human"]
    print(f"{r['n']} cases: accuracy {r['accuracy']}, macro-F1 {r['macro_f1']}, kappa {r['cohens_kappa']}; "
          f"inter-rater kappa {result['inter_rater']['cohens_kappa']}; written to {args.out}")
    return 0


@_guard
def _counts(args: argparse.Namespace) -> int:
    from pytest_anyapp.failures.counts import failure_mode_counts, write_counts_csv, write_counts_plot
    from pytest_anyapp.failures.judge import read_judgments

    rows = [r for d in args.judge_dirs for r in read_judgments(d)]
    counts = failure_mode_counts(rows)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "failure_mode_counts.json").write_text(json.dumps([c.model_dump() for c in counts], indent=1))
    write_counts_csv(counts, args.out / "failure_mode_counts.csv")
    write_counts_plot(counts, args.out / "failure_mode_counts.png")
    print(f"{sum(c.n for c in counts)} judged episodes in {len(counts)} cells; written to {args.out}")
    return 0
