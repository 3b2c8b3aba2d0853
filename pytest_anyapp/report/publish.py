"""``anyapp publish RUN… --out DIR``: the static results site — ``anyapp report --html`` (one
renderer) with two sections every HTML report carries, put first:

* the **leaderboard**: models × conditions, hierarchical success on the original and the new apps
  with bootstrap CIs, the cross-app gap per category, cost per episode and the spread over repeats;
* **provenance and verification**: per run, its ledger head hash, the command that verifies it,
  and the provenance its records share (agent, model, condition, device kind, code revision,
  cohort, schedule and attestation sha256).

``publish`` differs from ``report --html`` only in what it accepts: verified, analysis-eligible runs
(``--require-verified`` is implied); ``--allow-ineligible`` publishes anyway and stamps every page.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from pytest_anyapp.records import ledger

if TYPE_CHECKING:
    from pytest_anyapp.report.html import HtmlContext
    from pytest_anyapp.report.models import Interval, Report


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _ci(value: float | None, ci: Interval) -> str:
    if value is None:
        return "–"
    if ci.lo is None or ci.hi is None:
        return _pct(value)
    return f"{_pct(value)} [{_pct(ci.lo)}, {_pct(ci.hi)}]"


def _pp(value: float | None, ci: Interval) -> str:
    if value is None:
        return "–"
    base = f"{100 * value:+.1f}"
    return base if ci.lo is None or ci.hi is None else f"{base} [{100 * ci.lo:+.1f}, {100 * ci.hi:+.1f}]"


def leaderboard(report: Report) -> str:
    """One row per model × condition, best new-app success first."""
    costs = {(r.model, r.condition): r for r in (report.costs.totals if report.costs else [])}
    spread = {(p.model, p.condition): p.spread.get("new") for p in report.pass_at_k}
    cats = sorted({c.category for h in report.headlines for c in h.categories})
    head = ["#", "Model", "Condition", "Original apps % [CI]", "New apps % [CI]", "Gap pp [CI]",
            *[f"Gap {c} pp" for c in cats], "Cost / episode", "New apps over repeats (min–max)"]
    rows = []
    ranked = sorted(report.headlines, key=lambda h: (-(h.new if h.new is not None else -1.0), h.model, h.condition))
    for rank, h in enumerate(ranked, 1):
        gaps = {c.category: c.delta for c in h.categories}
        cost = costs.get((h.model, h.condition))
        if cost is None:
            cost_text = "–"
        elif cost.money is not None:
            cost_text = f"{cost.per('money') or 0:.4f} {cost.currency}"
        else:
            cost_text = f"{(cost.tokens_in + cost.tokens_out) / max(cost.episodes, 1):,.0f} tokens, {cost.per('model_s') or 0:.1f} model-s"
        sp = spread.get((h.model, h.condition))
        repeat = "–" if not sp or sp.get("min") is None else f"{_pct(sp['min'])}–{_pct(sp['max'])}"
        rows.append([str(rank), h.model, h.condition, _ci(h.original, h.original_ci), _ci(h.new, h.new_ci),
                     _pp(h.delta, h.delta_ci), *[_pp(gaps.get(c), _no_ci()) for c in cats], cost_text, repeat])
    return _table("leaderboard", "Leaderboard", head, rows,
                  "Hierarchical success (instances → templates → apps → categories) with percentile bootstrap CIs; "
                  "gap = new − original. Cost from the records; money only from prices given with --prices.")


def _no_ci() -> Interval:
    from pytest_anyapp.report.models import Interval

    return Interval()


def provenance(ctx: HtmlContext) -> str:
    """Per run: ledger head, how to verify it, and the provenance its records share."""
    cols = ("agent", "model", "condition", "device_kind", "code_revision", "cohort_sha256", "schedule_sha256",
            "app_attestation_sha256")
    got = ctx.index.con.execute(
        "SELECT run_id, count(*), " + ", ".join(f"string_agg(DISTINCT CAST({c} AS VARCHAR), ', ')" for c in cols)
        + " FROM episodes GROUP BY run_id ORDER BY run_id").fetchall()
    head = ["Run", "Episodes", "Ledger head (sha256)", "Entries", "Signed", "Verify with",
            "Agent", "Model", "Condition", "Device", "Code", "Cohort", "Schedule", "Attestation"]
    rows = []
    for run_id, n, *values in got:
        run_dir = ctx.index.run_dirs.get(run_id)
        current = ledger.head(run_dir) if run_dir is not None else None
        signed = run_dir is not None and (run_dir / ledger.SIGNATURE).exists()
        command = (f"anyapp verify {run_dir}" + (" --public-key <your key>.pub" if signed else "")
                   if run_dir is not None else "–")
        rows.append([run_id, str(n), current.head_sha256 if current else "no ledger",
                     str(current.entries) if current else "–", "yes" if signed else "no", command,
                     *[_short(v) for v in values]])
    return _table("provenance", "Provenance and verification", head, rows,
                  "Every record, screenshot and dump of a run is in its hash-chained ledger; `anyapp verify` "
                  "recomputes it, checks the provenance and re-scores every record.")


def _short(value: str | None) -> str:
    if not value:
        return "–"
    return ", ".join(v[:12] if len(v) == 64 else v for v in value.split(", "))


def _table(key: str, title: str, head: list[str], rows: list[list[str]], note: str) -> str:
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return (f'<section id="{key}"><h2>{escape(title)}</h2><div class="scroll"><table><thead><tr>'
            + "".join(f"<th>{escape(h)}</th>" for h in head) + f"</tr></thead><tbody>{body}</tbody></table></div>"
            f'<p class="note">{escape(note)}</p></section>')


def site_sections(ctx: HtmlContext) -> list[str]:
    return [leaderboard(ctx.report), provenance(ctx)]
