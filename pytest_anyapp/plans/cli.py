"""``anyapp plans generate|import|preflight|verify-audit|audit-run``.

Exit codes: 0 fine; 1 findings (invalid plans, failed preflight, broken chain, audit problems);
2 bad usage, configuration or unreadable input; 3 the provider stayed unavailable.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pytest_anyapp.cli import CommaList
from pytest_anyapp.errors import ConfigError

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_PROVIDER = 0, 1, 2, 3


def _schedule_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--n-instances", type=int, default=3, help="instances per pair (default 3)")
    parser.add_argument("--seed", type=int, default=30, help="task seed (default 30)")
    parser.add_argument("--categories", action=CommaList, default=None, help="comma-separated categories (default: all)")
    parser.add_argument("--fixed-seed", action="store_true", help="every instance reuses instance 0's parameters")


def _temperature(text: str) -> float | None:
    if text.lower() in ("default", "none"):
        return None
    return float(text)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``anyapp plans`` and its sub-commands."""
    plans = subparsers.add_parser("plans", help="C2 app-neutral plans: generate, import, preflight, audit")
    sub = plans.add_subparsers(dest="plans_command", required=True)

    gen = sub.add_parser("generate", help="one text-only model call per semantic instance")
    gen.add_argument("--provider", required=True, choices=("gemini", "openai"))
    gen.add_argument("--model", default=None, help="model id (default: GEMINI_MODEL / OPENAI_MODEL)")
    gen.add_argument("--output", required=True, type=Path)
    gen.add_argument("--audit-log", type=Path, default=None)
    _schedule_args(gen)
    gen.add_argument("--dry-run", action="store_true", help="print the schedule and plan count; no network call")
    gen.add_argument("--frozen", action="store_true", help="frozen cohort: audit log required, no overwrite, strict only")
    gen.add_argument("--overwrite", action="store_true")
    gen.add_argument("--validation", choices=("strict", "lenient"), default="strict")
    gen.add_argument("--max-attempts", type=int, default=3, help="validation attempts per plan (default 3)")
    gen.add_argument("--max-transport-retries", type=int, default=3, help="retries on 429/5xx per attempt (default 3)")
    gen.add_argument("--retry-backoff", type=float, default=1.0, help="first backoff in seconds, doubled per retry (cap 10)")
    gen.add_argument("--temperature", type=_temperature, default=0.0, help="float, or 'default' to omit it")
    gen.add_argument("--timeout", type=float, default=120.0, help="per-request timeout in seconds")
    gen.add_argument("--env-file", type=Path, default=None, help="0600 git-ignored file with the API key")
    gen.set_defaults(func=_guard(cmd_generate))

    imp = sub.add_parser("import", help="hand-written plans (CSV/JSON) into the plan file format")
    imp.add_argument("--input", required=True, type=Path)
    imp.add_argument("--output", required=True, type=Path)
    imp.add_argument("--audit-log", type=Path, default=None)
    _schedule_args(imp)
    imp.add_argument("--author", action="append", default=[], help="author id (repeatable)")
    imp.add_argument("--label", default="hand-written", help="recorded as the plans' model")
    imp.add_argument("--validation", choices=("strict", "lenient"), default="strict")
    imp.add_argument("--overwrite", action="store_true")
    imp.set_defaults(func=_guard(cmd_import))

    pre = sub.add_parser("preflight", help="check a plan file against the run's schedule")
    pre.add_argument("--plan-file", required=True, type=Path)
    _schedule_args(pre)
    pre.add_argument("--condition", choices=("c2_g", "c2_o", "c2_h"), default=None)
    pre.add_argument("--report-json", type=Path, default=None)
    pre.set_defaults(func=_guard(cmd_preflight))

    ver = sub.add_parser("verify-audit", help="check an audit log's hash chain (and a plan file's binding)")
    ver.add_argument("audit_log", type=Path)
    ver.add_argument("--plan-file", type=Path, default=None)
    ver.add_argument("--report-json", type=Path, default=None)
    ver.set_defaults(func=_guard(cmd_verify_audit))

    run = sub.add_parser("audit-run", help="re-audit C2 episode records without the plan file")
    run.add_argument("results", type=Path)
    run.add_argument("--report-json", type=Path, default=None)
    run.set_defaults(func=_guard(cmd_audit_run))


def _guard(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except ConfigError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_USAGE
    return run


def _instances(args: argparse.Namespace) -> tuple[list[Any], list[str]]:
    from pytest_anyapp.plans.instances import parse_categories, scheduled_semantic_instances

    if args.n_instances < 1:
        raise ConfigError("--n-instances must be at least 1")
    categories = parse_categories(args.categories)
    instances = scheduled_semantic_instances(
        seed=args.seed, n_instances=args.n_instances, categories=categories, fixed_seed=args.fixed_seed,
    )
    names = sorted({i.category for i in instances}) if categories is None else [c.value for c in categories]
    return instances, names


def _write_json(path: Path | None, payload: str) -> None:
    if path is not None:
        from pytest_anyapp.atomic import atomic_write_text

        atomic_write_text(path, payload + "\n")


# --- generate ---------------------------------------------------------------------------------

def cmd_generate(args: argparse.Namespace) -> int:
    from pytest_anyapp.plans.audit import AuditError, AuditLog
    from pytest_anyapp.plans.generate import GenerationSettings, generate_plans
    from pytest_anyapp.plans.models import PlanFileMetadata
    from pytest_anyapp.plans.prompt import PROMPT_SHA256
    from pytest_anyapp.plans.providers import make_provider

    if args.frozen:
        if args.audit_log is None:
            raise ConfigError("--frozen needs --audit-log (every request of a frozen cohort is audited)")
        if args.overwrite:
            raise ConfigError("--frozen refuses --overwrite: a frozen cohort's plans are written once")
        if args.validation != "strict":
            raise ConfigError("--frozen refuses non-strict validation")
        if args.audit_log.exists() and not args.dry_run:
            raise ConfigError(f"--frozen needs a new audit log; {args.audit_log} exists")
    if args.audit_log is not None and args.audit_log.resolve() == args.output.resolve():
        raise ConfigError("--audit-log and --output must be different files")
    instances, categories = _instances(args)
    pairs = sum(len(i.app_ids) for i in instances)

    if args.dry_run:
        print(f"schedule: seed={args.seed} n_instances={args.n_instances} fixed_seed={args.fixed_seed} "
              f"categories={','.join(categories) or '-'} provider={args.provider}")
        for inst in instances:
            print(f"{inst.plan_key}\t{inst.semantic_goal}")
        print(f"would make {len(instances)} plans ({len(instances)} provider calls at least, one per semantic instance) "
              f"shared by {pairs} app pair instances; no request was sent")
        return EXIT_OK
    if not instances:
        raise ConfigError("nothing is scheduled for these categories")
    if args.output.exists() and not args.overwrite:
        raise ConfigError(f"{args.output} exists; pass --overwrite to replace it")
    if args.audit_log is None:
        print("warning: no --audit-log; provider requests will not be audited", file=sys.stderr)

    provider = make_provider(args.provider, args.model, env_file=args.env_file, temperature=args.temperature, timeout_s=args.timeout)
    settings = GenerationSettings(
        max_attempts=args.max_attempts, max_transport_retries=args.max_transport_retries,
        backoff_base_s=args.retry_backoff, validation_mode=args.validation,
    )
    metadata = PlanFileMetadata(
        seed=args.seed, n_instances=args.n_instances, fixed_seed=args.fixed_seed, categories=categories,
        generator_provider=args.provider, generator_model=provider.model, prompt_sha256=PROMPT_SHA256,
        validation_mode=args.validation, created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        frozen=args.frozen, expected_plan_count=len(instances),
        generation={**settings.model_dump(), "parameters": provider.parameters(), "endpoint": provider.endpoint()},
    )
    audit = None
    if args.audit_log is not None:
        header = {
            "tool": "anyapp plans generate", "provider": args.provider, "model": provider.model,
            "parameters": provider.parameters(), "endpoint": provider.endpoint(), "prompt_template_sha256": PROMPT_SHA256,
            "seed": args.seed, "n_instances": args.n_instances, "fixed_seed": args.fixed_seed, "categories": categories,
            "settings": settings.model_dump(), "frozen": args.frozen, "output": str(args.output),
            "plan_keys_sha256": _keys_sha(instances),
        }
        try:
            audit = AuditLog(args.audit_log, secrets=[provider.api_key], require_new=args.frozen).open(header)
        except AuditError as exc:
            raise ConfigError(str(exc)) from None
    try:
        result = generate_plans(
            instances, provider, metadata=metadata, output=args.output, settings=settings, audit=audit,
            progress=lambda line: print(line, file=sys.stderr),
        )
    finally:
        if audit is not None:
            audit.close()
    print(f"wrote {len(result.plans)}/{len(instances)} plans to {args.output} ({result.requests} provider requests)")
    for failed in result.failed:
        print(f"FAILED {failed.plan_key}: {failed.reason}", file=sys.stderr)
    if result.aborted:
        print(f"provider unavailable, stopped: {result.aborted}", file=sys.stderr)
        return EXIT_PROVIDER
    return EXIT_OK if not result.failed else EXIT_FINDINGS


def _keys_sha(instances: list[Any]) -> str:
    from pytest_anyapp.seeding import canonical_json, sha256_text

    return sha256_text(canonical_json([i.plan_key for i in instances]))


# --- import -----------------------------------------------------------------------------------

def cmd_import(args: argparse.Namespace) -> int:
    from pytest_anyapp.plans.audit import AuditError, AuditLog
    from pytest_anyapp.plans.importer import import_plans, read_rows, write_import
    from pytest_anyapp.plans.models import PlanFileError, file_sha256

    if args.output.exists() and not args.overwrite:
        raise ConfigError(f"{args.output} exists; pass --overwrite to replace it")
    try:
        rows = read_rows(args.input)
    except (OSError, ValueError, PlanFileError) as exc:
        raise ConfigError(f"cannot read {args.input}: {exc}") from None
    instances, categories = _instances(args)
    source_sha = file_sha256(args.input)
    audit = None
    if args.audit_log is not None:
        try:
            audit = AuditLog(args.audit_log).open({
                "tool": "anyapp plans import", "source": str(args.input), "source_sha256": source_sha,
                "authors": args.author, "label": args.label, "seed": args.seed, "n_instances": args.n_instances,
                "fixed_seed": args.fixed_seed, "categories": categories, "validation_mode": args.validation,
            })
        except AuditError as exc:
            raise ConfigError(str(exc)) from None
    try:
        result = import_plans(
            rows, instances, model_label=args.label, validation_mode=args.validation, audit=audit, source_sha256=source_sha,
        )
        for problem in result.problems:
            print(f"{problem.source}: {problem.detail}", file=sys.stderr)
        if result.problems:
            print(f"nothing written: {len(result.problems)} problem(s)", file=sys.stderr)
            return EXIT_FINDINGS
        write_import(
            args.output, result, source=args.input, seed=args.seed, n_instances=args.n_instances,
            fixed_seed=args.fixed_seed, categories=categories, model_label=args.label, authors=args.author,
            validation_mode=args.validation, expected_plan_count=len(instances), audit=audit,
        )
    finally:
        if audit is not None:
            audit.close()
    print(f"imported {len(result.plans)}/{len(instances)} plans into {args.output}")
    if result.missing:
        print(f"warning: {len(result.missing)} scheduled instance(s) have no plan; preflight will refuse the file", file=sys.stderr)
    return EXIT_OK


# --- preflight --------------------------------------------------------------------------------

def cmd_preflight(args: argparse.Namespace) -> int:
    from pytest_anyapp.plans.preflight import run_preflight

    instances, _ = _instances(args)
    report = run_preflight(
        args.plan_file, instances, seed=args.seed, n_instances=args.n_instances, fixed_seed=args.fixed_seed,
        condition=args.condition,
    )
    _write_json(args.report_json, report.model_dump_json(indent=2))
    for finding in report.findings:
        print(f"{finding.severity.upper()} {finding.kind}{' ' + finding.key if finding.key else ''}: {finding.detail}")
    print(("OK" if report.ok else "FAILED") + f": {report.entry_count} entries, {report.scheduled_count} scheduled, "
          f"{len(report.errors)} error(s), {len(report.findings) - len(report.errors)} warning(s)")
    return report.exit_code


# --- verify-audit -----------------------------------------------------------------------------

def cmd_verify_audit(args: argparse.Namespace) -> int:
    from pytest_anyapp.plans.audit import read_records, verify_chain
    from pytest_anyapp.plans.models import PlanFileError, load_plan_file

    binding = None
    plan_file = None
    if args.plan_file is not None:
        try:
            plan_file = load_plan_file(args.plan_file)
        except PlanFileError as exc:
            raise ConfigError(str(exc)) from None
        binding = plan_file.metadata.audit
        if binding is None:
            raise ConfigError(f"{args.plan_file} records no audit log")
    report = verify_chain(args.audit_log, binding=binding)
    if plan_file is not None and report.ok:
        accepted = {
            (r.data.get("plan_key"), (r.data.get("verdict") or {}).get("plan_sha256"))
            for r in read_records(args.audit_log)[0]
            if r.kind in ("response", "import") and (r.data.get("verdict") or {}).get("accepted")
        }
        for entry in plan_file.plans:
            if (entry.key, entry.plan_sha256) not in accepted:
                report.problems.append(f"{entry.key}: this plan is not an accepted plan in the audit log")
        report.ok = not report.problems
    _write_json(args.report_json, report.model_dump_json(indent=2))
    for problem in report.problems:
        print(f"PROBLEM {problem}")
    print(("OK" if report.ok else "BROKEN") + f": {report.record_count} records in {args.audit_log}")
    return EXIT_OK if report.ok else EXIT_FINDINGS


# --- audit-run --------------------------------------------------------------------------------

def cmd_audit_run(args: argparse.Namespace) -> int:
    from pytest_anyapp.plans.audit_run import audit_results

    if not args.results.is_dir():
        raise ConfigError(f"{args.results} is not a directory")
    report = audit_results(args.results)
    _write_json(args.report_json, report.model_dump_json(indent=2))
    for audit in report.failing:
        for problem in audit.problems:
            print(f"{audit.test_id or audit.path}: {problem}")
    print(json.dumps({
        "episodes": report.episodes, "c2_episodes": report.c2_episodes, "c2_with_plan": report.c2_with_plan,
        "c2_invalid_without_plan": report.c2_invalid_without_plan, "failing": len(report.failing), "ok": report.ok,
    }))
    if report.episodes == 0:
        print(f"no episode records under {args.results}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK if report.ok else EXIT_FINDINGS
