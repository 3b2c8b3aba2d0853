"""The "Failure modes" section of ``anyapp report --html`` (picked up by ``pytest_anyapp.report.html``).

Judge directories are found next to the runs (``<run>/_failures/<judge>/``, where ``anyapp failures
judge`` writes by default) and in ``$ANYAPP_FAILURE_JUDGMENTS`` (``os.pathsep``-separated). Only
judgments of episodes in the report count; each judge (backend, model, config hash) gets its own
table and plot, so two judges of one run are never added up.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pytest_anyapp.failures.counts import counts_table, failure_mode_counts, write_counts_plot
from pytest_anyapp.failures.judge import JUDGMENTS_FILE, JudgmentRow, read_judgments

FAILURES_DIR = "_failures"
ENV_DIRS = "ANYAPP_FAILURE_JUDGMENTS"


def judgment_dirs(run_dirs: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    extra = [Path(p) for p in os.environ.get(ENV_DIRS, "").split(os.pathsep) if p.strip()]
    for run_dir in sorted(set(run_dirs)):
        found += sorted(p.parent for p in (run_dir / FAILURES_DIR).glob(f"*/{JUDGMENTS_FILE}"))
    found += [p for p in extra if (p / JUDGMENTS_FILE).is_file()]
    return list(dict.fromkeys(found))


def _by_judge(rows: Iterable[JudgmentRow]) -> dict[tuple[str, str, str], list[JudgmentRow]]:
    out: dict[tuple[str, str, str], dict[str, JudgmentRow]] = {}
    for r in rows:
        out.setdefault((r.judge_backend, r.judge_model, r.judge_config_hash), {})[r.episode_id] = r
    return {k: list(v.values()) for k, v in sorted(out.items())}


def report_section(ctx: Any) -> str | None:
    """HTML (escaped here) with a counts table and a plot per judge; None when nothing was judged."""
    episode_dirs = [Path(p) for p in ctx.episode_dirs]
    wanted = {f"{p.parent.name}/{p.name}/episode.json" for p in episode_dirs}
    rows = [r for d in judgment_dirs(p.parent for p in episode_dirs) for r in read_judgments(d)
            if r.record_path in wanted]
    if not rows:
        return None
    parts: list[str] = []
    plots = Path(ctx.html_dir) / "plots"
    for (backend, model, config_hash), judged in _by_judge(rows).items():
        counts = failure_mode_counts(judged)
        errors = sum(r.label is None for r in judged)
        name = f"failure_modes_{config_hash}.png"
        write_counts_plot(counts, plots / name)
        header, table = counts_table(counts)
        head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in table)
        parts.append(
            f"<h3>Judge {html.escape(backend)}:{html.escape(model)} (config {html.escape(config_hash)})</h3>"
            f"<p class=\"note\">{len(judged) - errors} judged verifier-failed episodes, {errors} judge errors "
            "(not a mode; excluded). The verdicts are the verifier's; modes explain failures only.</p>"
            f"<table class=\"failure-modes\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            f"<figure><img src=\"plots/{html.escape(name)}\" alt=\"failure modes by model, category and app\">"
            "</figure>"
        )
    return "".join(parts)
