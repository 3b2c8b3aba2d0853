"""The report's tables (layouts of notes §10) as data, rendered to Markdown and LaTeX.

Each builder turns part of a ``Report`` into ``Table`` objects of formatted strings; the renderers
know nothing about metrics. An ineligible report stamps every table (``Table.stamp``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pytest_anyapp.report.models import ContrastCell, Interval, PooledCell, Report

NA = "--"


@dataclass
class Table:
    key: str  # file stem and anchor
    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""
    stamp: str | None = None
    numeric_from: int = 1  # columns at and after this index are right-aligned
    filters: list[dict[str, str]] = field(default_factory=list)  # per row: model/category/app (HTML filters)


def pct(x: float | None, digits: int = 1) -> str:
    return NA if x is None else f"{100 * x:.{digits}f}%"


def pp(x: float | None) -> str:
    if x is None:
        return NA
    v = 100 * x
    return "0.0" if round(v, 1) == 0 else f"{v:+.1f}"


def ci(iv: Interval) -> str:
    if iv.lo is None or iv.hi is None:
        return NA
    return f"[{100 * iv.lo:.1f}, {100 * iv.hi:.1f}]"


def ci_pp(iv: Interval) -> str:
    if iv.lo is None or iv.hi is None:
        return NA
    return f"[{100 * iv.lo:+.1f}, {100 * iv.hi:+.1f}]"


def p_value(p: float) -> str:
    return "1" if p >= 1 else (f"{p:.3g}" if p >= 1e-4 else f"{p:.2e}")


def e1_delta(value: float | None, incomplete: bool) -> str:
    """Table E.1 formatting: ``+20``, ``-30``, ``0``, one decimal if non-integer, ``--``, ``*`` if incomplete."""
    if value is None:
        return NA
    r = round(value, 1)
    text = "0" if r == 0 else (f"{r:+.0f}" if r == int(r) else f"{r:+.1f}")
    return text + ("*" if incomplete else "")


def _headline_tables(report: Report) -> list[Table]:
    tables: list[Table] = []
    conds = sorted({h.condition for h in report.headlines}, key=lambda c: (c != "c1", c))
    for cond in conds:
        t = Table(key=f"headline_{cond}", title=f"Headline, condition {cond}: equal-app-weighted success (95% CI)",
                  columns=["Model", "Categories", "AW SR", "AW 95% CI", "New SR", "New 95% CI", "New−AW (pp)",
                           "New−AW 95% CI", "New-app SD"],
                  note="Hierarchy: instance → template → app → category → overall; AW = the original (AndroidWorld) "
                       "app, New = mean of the new apps; paired hierarchical bootstrap percentile CIs.")
        for h in report.headlines:
            if h.condition != cond:
                continue
            t.rows.append([h.model, str(len(h.support)), pct(h.original), ci(h.original_ci), pct(h.new), ci(h.new_ci),
                           pp(h.delta), ci_pp(h.delta_ci), pct(h.new_sd)])
            t.filters.append({"model": h.model})
        tables.append(t)
    t = Table(key="headline_categories", title="Per category (95% CI)",
              columns=["Model", "Condition", "Category", "AW app", "AW SR", "AW 95% CI", "New SR", "New 95% CI",
                       "New−AW (pp)", "New−AW 95% CI", "New-app SD", "Valid", "Invalid", "Missing"], numeric_from=4)
    for h in report.headlines:
        for c in h.categories:
            t.rows.append([h.model, h.condition, c.category, c.original_app_id or NA, pct(c.original),
                           ci(c.original_ci), pct(c.new), ci(c.new_ci), pp(c.delta), ci_pp(c.delta_ci), pct(c.new_sd),
                           str(c.counts.valid), str(c.counts.invalid), str(c.counts.missing)])
            t.filters.append({"model": h.model, "category": c.category})
    tables.append(t)
    return tables


def _per_app_tables(report: Report) -> list[Table]:
    tables = []
    conds = sorted({h.condition for h in report.headlines}, key=lambda c: (c != "c1", c))
    for cond in conds:
        heads = [h for h in report.headlines if h.condition == cond]
        models = [h.model for h in heads]
        t = Table(key=f"per_app_{cond}", title=f"Per app, condition {cond}: hierarchical SR (success/valid)",
                  columns=["Category", "App", "Role", *models], numeric_from=3)
        keys: list[tuple[str, str, bool]] = []
        for h in heads:
            for a in h.apps:
                k = (a.category, a.app_id, a.is_original)
                if k not in keys:
                    keys.append(k)
        for cat, app, orig in keys:
            cells = []
            for h in heads:
                found = next((x for x in h.apps if x.category == cat and x.app_id == app), None)
                cells.append(NA if found is None else f"{pct(found.rate)} ({found.counts.success}/{found.counts.valid})")
            t.rows.append([cat, app, "AW" if orig else "new", *cells])
            t.filters.append({"category": cat, "app": app})
        tables.append(t)
    return tables


def _contrast_tables(report: Report) -> list[Table]:
    tables = []
    for name in sorted({c.contrast for c in report.contrasts}):
        cs = [c for c in report.contrasts if c.contrast == name]
        cols = ["Model", "n", "C1 SR", "C2 SR", "C2−C1 (pp)", "95% CI", "responsive", "harmed", "exact p"]
        t = Table(key=f"contrast_{name}", title=f"Paired contrast {name} (C2 − C1), exact valid pairs",
                  columns=cols,
                  note="Pairs matched by semantic key with provenance equality; responsive = C1 fail → C2 pass "
                       "(planning-responsive), harmed = C1 pass → C2 fail (plan-harmed); exact two-sided McNemar.")
        tc = Table(key=f"contrast_{name}_categories", title=f"Paired contrast {name} per category",
                   columns=["Model", "Category", *cols[1:]], numeric_from=2)
        for c in cs:
            t.rows.append(_contrast_row(c.model, c.overall))
            t.filters.append({"model": c.model})
            for cell in c.categories:
                tc.rows.append([c.model, *_contrast_row(cell.scope, cell)])
                tc.filters.append({"model": c.model, "category": cell.scope})
        tables += [t, tc]
    return tables


def _contrast_row(label: str, cell: ContrastCell) -> list[str]:
    tr = cell.transitions
    return [label, str(tr.exact_valid_pairs), pct(cell.c1), pct(cell.c2), pp(cell.delta), ci_pp(cell.delta_ci),
            f"{tr.c1_fail_c2_pass} ({pct(tr.planning_responsive_rate)})",
            f"{tr.c1_pass_c2_fail} ({pct(tr.plan_harmed_rate)})", p_value(tr.mcnemar_exact_p)]


def _per_app_delta_tables(report: Report) -> list[Table]:
    tables = []
    for d in report.per_app_delta:
        t = Table(key=f"per_app_delta_pooled_{d.contrast}",
                  title=f"Per-app C2 − C1 (pp), {d.contrast}: POOLED over replicates (Table E.1 layout; not hierarchical)",
                  columns=["Category", "App", *d.models], numeric_from=2,
                  note="rate = 100·success/valid pooled over replicate runs; category and Overall rows pool episode "
                       "counts; * = C2 valid < scheduled; -- = undefined.")
        for row in d.pooled:
            t.rows.append([row.category, row.label, *[_e1(row.cells.get(m)) for m in d.models]])
            t.filters.append({"category": row.category, **({"app": row.app_id} if row.app_id else {})})
        tables.append(t)
        cs = {c.model: c for c in report.contrasts if c.contrast == d.contrast}
        th = Table(key=f"per_app_delta_hierarchical_{d.contrast}",
                   title=f"Per-app C2 − C1 (pp), {d.contrast}: HIERARCHICAL over exact valid pairs (template → app)",
                   columns=["Category", "App", *d.models], numeric_from=2)
        scopes: list[str] = []
        for c in cs.values():
            for a in c.apps:
                if a.scope not in scopes:
                    scopes.append(a.scope)
        for scope in scopes:
            cat, app = scope.split("/", 1)
            cells = []
            for m in d.models:
                hit = next((x for x in cs[m].apps if x.scope == scope), None) if m in cs else None
                cells.append(NA if hit is None else pp(hit.delta))
            th.rows.append([cat, app, *cells])
            th.filters.append({"category": cat, "app": app})
        th.rows.append(["", "Overall", *[pp(cs[m].overall.delta) if m in cs else NA for m in d.models]])
        th.filters.append({})
        tables.append(th)
    return tables


def _e1(cell: PooledCell | None) -> str:
    if cell is None:
        return NA
    return e1_delta(cell.delta_pp, cell.incomplete)


def _accounting_table(report: Report) -> Table:
    t = Table(key="accounting", title="Accounting per model and condition",
              columns=["Model", "Condition", "Scheduled", "Valid", "Success", "Failure", "Invalid cells", "No record",
                       "Replicate records"], numeric_from=2,
              note="Scheduled = the input's rectangle (apps × templates × instances per category); a cell's selected "
                   "record is the earliest run's; replicate records = further runs' records of the same cells.")
    for h in report.headlines:
        c = h.counts
        t.rows.append([h.model, h.condition, str(c.scheduled), str(c.valid), str(c.success), str(c.failure),
                       str(c.invalid), str(c.missing), str(c.replicate_records)])
        t.filters.append({"model": h.model})
    return t


def _attrition_tables(report: Report) -> list[Table]:
    a = report.attrition
    if a is None or not a.bounds_required:
        return []
    t = Table(key="attrition", title="Attrition bounds (unmeasured cells imputed; not episodes)",
              columns=["Model", "Condition", "Unmeasured", "AW SR bounds", "New SR bounds", "New−AW bounds (pp)"],
              numeric_from=2,
              note="AW/New bounds = [all-fail, all-success]; New−AW bounds = [delta-lower (AW 1, new 0), "
                   "delta-upper (AW 0, new 1)]; each scenario scored with the §10.1 hierarchy.")
    for c in a.conditions:
        t.rows.append([c.model, c.condition, str(c.unmeasured_cells), ci(c.original_bounds), ci(c.new_bounds),
                       ci_pp(c.delta_bounds)])
        t.filters.append({"model": c.model})
    tables = [t]
    if a.contrasts:
        tc = Table(key="attrition_contrasts", title="Attrition bounds of condition contrasts (later − earlier)",
                   columns=["Model", "Contrast", "AW diff bounds (pp)", "New diff bounds (pp)",
                            "New−AW diff bounds (pp)", "pass→pass", "pass→fail", "fail→pass", "fail→fail"],
                   numeric_from=2)
        for x in a.contrasts:
            tc.rows.append([x.model, x.contrast, ci_pp(x.original_difference_bounds), ci_pp(x.new_difference_bounds),
                            ci_pp(x.delta_difference_bounds), str(x.pass_pass), str(x.earlier_pass_later_fail),
                            str(x.earlier_fail_later_pass), str(x.fail_fail)])
            tc.filters.append({"model": x.model})
        tables.append(tc)
    return tables


def _pass_at_k_table(report: Report) -> list[Table]:
    if not report.pass_at_k:
        return []
    k_max = max((max(p.values, default=0) for p in report.pass_at_k), default=0)
    t = Table(key="pass_at_k", title="pass@k over replicate runs of one schedule (hierarchical, unbiased estimator)",
              columns=["Model", "Condition", "Runs", *[f"pass@{k}" for k in range(1, k_max + 1)]], numeric_from=2)
    for p in report.pass_at_k:
        t.rows.append([p.model, p.condition, str(len(p.replicate_runs)),
                       *[pct(p.values.get(k)) for k in range(1, k_max + 1)]])
        t.filters.append({"model": p.model})
    hat = Table(key="pass_hat_k", title="Run-to-run variance over repeats: pass^k (all k repeats succeed), pairs whose "
                                        "valid verdicts flip, and the spread of the headline success across repeats",
                columns=["Model", "Condition", "Runs", *[f"pass^{k}" for k in range(1, k_max + 1)], "Flip rate",
                         "Flipped / repeated pairs", "New apps (min–max, SD)", "Original (min–max, SD)"], numeric_from=2)
    for p in report.pass_at_k:
        hat.rows.append([p.model, p.condition, str(len(p.replicate_runs)),
                         *[pct(p.pass_hat_k.get(k)) for k in range(1, k_max + 1)], pct(p.flip_rate),
                         f"{p.flipped_pairs} / {p.repeated_pairs}", _spread(p.spread.get("new")),
                         _spread(p.spread.get("original"))])
        hat.filters.append({"model": p.model})
    flaky = Table(key="flaky_pairs", title="Flaky pairs: valid verdicts that differ across repeats, per app",
                  columns=["Model", "Condition", "App", "Pairs"], numeric_from=4)
    for p in report.pass_at_k:
        for app, pairs in sorted(p.flaky.items()):
            flaky.rows.append([p.model, p.condition, app, ", ".join(pairs)])
            flaky.filters.append({"model": p.model})
    return [t, hat] + ([flaky] if flaky.rows else [])


def _spread(spread: dict[str, float | None] | None) -> str:
    if not spread or spread.get("min") is None:
        return "–"
    return f"{pct(spread['min'])}–{pct(spread['max'])}, SD {pct(spread.get('sd'))}"


def _cost_tables(report: Report) -> list[Table]:
    costs = report.costs
    if costs is None or not costs.totals:
        return []
    money = any(r.money is not None for r in costs.totals)
    cols = ["Model", "Condition", "Category", "App", "Episodes", "Successes", "Tokens in / episode",
            "Tokens out / episode", "Calls / episode", "Model s / episode", "Device s / episode", "Wall s / episode",
            "Tokens / success", "Model s / success", "Total tokens", "Total model s"]
    cols += ["Money / episode", "Money / success", "Total money"] if money else []
    t = Table(key="cost", title="Cost per run: every recorded episode (invalid ones and retried attempts included)"
              + ("; money from the prices given: " + "; ".join(f"{m}: {p.source} ({p.date}, {p.currency})"
                                                             for m, p in sorted(costs.prices.items()))
                 if money else "; no prices given (pass --prices FILE for money)"), columns=cols, numeric_from=4)

    def num(x: float | None, digits: int = 1) -> str:
        return NA if x is None else f"{x:,.{digits}f}"

    for r in [*costs.totals, *costs.per_app]:
        row = [r.model, r.condition, r.category or "all", r.app_id or "all", str(r.episodes), str(r.successes),
               num(r.per("tokens_in"), 0), num(r.per("tokens_out"), 0), num(r.per("model_calls")),
               num(r.per("model_s")), num(r.per("device_s")), num(r.per("wall_s")),
               num(None if r.successes == 0 else (r.tokens_in + r.tokens_out) / r.successes, 0),
               num(r.per("model_s", success=True)), f"{r.tokens_in + r.tokens_out:,}", num(r.model_s)]
        if money:
            row += [num(r.per("money"), 4), num(r.per("money", success=True), 4), num(r.money, 2)]
        t.rows.append(row)
        t.filters.append({"model": r.model})
    return [t]


def build_tables(report: Report) -> list[Table]:
    tables = (_headline_tables(report) + _per_app_tables(report) + _contrast_tables(report)
              + _per_app_delta_tables(report) + [_accounting_table(report)] + _attrition_tables(report)
              + _pass_at_k_table(report) + _cost_tables(report))
    stamp = report.eligibility.stamp
    partial = report.eligibility.partial_declared
    for t in tables:
        t.stamp = stamp
        if partial:
            t.note = (t.note + " " if t.note else "") + "PARTIAL SCHEDULE (declared): missing cells are listed in accounting."
    return tables


# -- renderers ----------------------------------------------------------------------------------------

def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(table: Table) -> str:
    lines = [f"## {table.title}", ""]
    if table.stamp:
        lines += [f"> **{_md_cell(table.stamp)}**", ""]
    lines.append("| " + " | ".join(_md_cell(c) for c in table.columns) + " |")
    lines.append("|" + "|".join("---:" if i >= table.numeric_from else "---" for i in range(len(table.columns))) + "|")
    for row in table.rows:
        lines.append("| " + " | ".join(_md_cell(c) for c in row) + " |")
    if table.note:
        lines += ["", table.note]
    return "\n".join(lines) + "\n"


_LATEX_ESCAPES = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                  "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                  "−": "$-$", "→": r"$\rightarrow$", "·": r"$\cdot$", "×": r"$\times$"}


def latex_escape(text: str) -> str:
    return "".join(_LATEX_ESCAPES.get(ch, ch) for ch in text)


def render_latex(table: Table) -> str:
    spec = "".join("r" if i >= table.numeric_from else "l" for i in range(len(table.columns)))
    caption = latex_escape(table.title)
    if table.stamp:
        caption = r"\textbf{" + latex_escape(table.stamp) + "} " + caption
    lines = [r"\begin{table}[t]", r"\centering", r"\small", rf"\begin{{tabular}}{{{spec}}}", r"\toprule",
             " & ".join(latex_escape(c) for c in table.columns) + r" \\", r"\midrule"]
    for row in table.rows:
        lines.append(" & ".join(latex_escape(c) for c in row) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", rf"\caption{{{caption}}}", rf"\label{{tab:{table.key}}}",
              r"\end{table}"]
    if table.note:
        lines.insert(-1, r"\par\footnotesize " + latex_escape(table.note))
    return "\n".join(lines) + "\n"


def render_markdown_document(report: Report, tables: list[Table]) -> str:
    """``report.md``: stamp, inputs, then every table."""
    head = ["# AnyAppBench report", ""]
    if report.eligibility.stamp:
        head += [f"> **{_md_cell(report.eligibility.stamp)}**", ""]
    head += [f"{report.n_records} episode records from {len(report.inputs)} run(s); bootstrap "
             f"{report.replicates} replicates, base seed {report.base_seed}, {int(100 * report.confidence)}% "
             "percentile intervals. Rates in %, differences in percentage points (pp).", ""]
    return "\n".join(head) + "\n" + "\n".join(render_markdown(t) for t in tables)


def render_latex_document(tables: list[Table]) -> str:
    """``report.tex``: the tables only (needs booktabs), to ``\\input`` into a paper."""
    return "% generated by anyapp report; needs \\usepackage{booktabs}\n" + "\n".join(render_latex(t) for t in tables)
