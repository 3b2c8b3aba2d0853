"""Write the report: ``report.json`` (every number, typed), one CSV per table of raw numbers,
``report.md`` / ``report.tex`` and one ``.md``/``.tex`` per table. Atomic writes throughout.

CSV files of an ineligible report start with a ``# NOT ANALYSIS-ELIGIBLE: ...`` comment line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.report.models import Report
from pytest_anyapp.report.tables import (
    Table,
    render_latex,
    render_latex_document,
    render_markdown,
    render_markdown_document,
)


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    """Nested dict -> ``a.b`` keys; lists of scalars joined by ``;``."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            out.update(_flat(v, f"{prefix}{k}."))
        return {k.rstrip("."): v for k, v in out.items()}
    if isinstance(data, list):
        return {prefix: ";".join(str(x) for x in data)}
    return {prefix: data}


def csv_rows(report: Report) -> dict[str, list[dict[str, Any]]]:
    """Table name -> rows of raw numbers (fractions, not percent, except Table E.1's pooled rates)."""
    tables: dict[str, list[dict[str, Any]]] = {"headline": [], "headline_categories": [], "apps": [],
                                               "template_rates": [], "contrasts": [], "per_app_delta_pooled": [],
                                               "attrition": [], "attrition_contrasts": [], "pass_at_k": [],
                                               "eligibility": []}
    for h in report.headlines:
        base = {"model": h.model, "condition": h.condition}
        tables["headline"].append({**base, **_flat(h.model_dump(exclude={"categories", "apps", "model", "condition"}))})
        for c in h.categories:
            tables["headline_categories"].append({**base, **_flat(c.model_dump())})
        for a in h.apps:
            tables["apps"].append({**base, **_flat(a.model_dump(exclude={"template_rates"}))})
            for t, r in a.template_rates.items():
                tables["template_rates"].append({**base, "category": a.category, "app_id": a.app_id, "template": t,
                                                 "rate": r})
    for con in report.contrasts:
        cbase: dict[str, Any] = {"model": con.model, "contrast": con.contrast, "seed": con.seed,
                                 "unpaired": con.unpaired, "provenance_mismatches": len(con.provenance_mismatches)}
        for level, cells in (("overall", [con.overall]), ("category", con.categories), ("app", con.apps)):
            for cell in cells:
                tables["contrasts"].append({**cbase, "level": level, **_flat(cell.model_dump())})
    for d in report.per_app_delta:
        for row in d.pooled:
            for model, pooled in row.cells.items():
                tables["per_app_delta_pooled"].append({"contrast": d.contrast, "category": row.category,
                                                       "app_id": row.app_id, "label": row.label, "model": model,
                                                       **pooled.model_dump()})
    if report.attrition is not None:
        for ac in report.attrition.conditions:
            tables["attrition"].append(_flat(ac.model_dump()))
        for ax in report.attrition.contrasts:
            tables["attrition_contrasts"].append(_flat(ax.model_dump()))
    for p in report.pass_at_k:
        for k, v in p.values.items():
            tables["pass_at_k"].append({"model": p.model, "condition": p.condition, "cohort_sha256": p.cohort_sha256,
                                        "runs": len(p.replicate_runs), "k": k, "category": "", "pass_at_k": v})
        for cat, values in p.per_category.items():
            for k, v in values.items():
                tables["pass_at_k"].append({"model": p.model, "condition": p.condition,
                                            "cohort_sha256": p.cohort_sha256, "runs": len(p.replicate_runs), "k": k,
                                            "category": cat, "pass_at_k": v})
    for run in report.eligibility.runs:
        tables["eligibility"].append({"run_id": run.run_id, "eligible": run.eligible, "reasons": ";".join(run.reasons)})
    return tables


def _csv_text(rows: list[dict[str, Any]], stamp: str | None) -> str:
    buf = io.StringIO()
    if stamp:
        buf.write(f"# {stamp}\n")
    if rows:
        fields: list[str] = []
        for r in rows:
            fields += [k for k in r if k not in fields]
        writer = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buf.getvalue()


def write_report(out_dir: Path, report: Report, tables: Iterable[Table]) -> list[Path]:
    out = Path(out_dir)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    (out / "csv").mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def put(path: Path, text: str) -> None:
        atomic_write_text(path, text)
        written.append(path)

    tables = list(tables)
    put(out / "report.json", report.model_dump_json(indent=1) + "\n")
    put(out / "report.md", render_markdown_document(report, tables))
    put(out / "report.tex", render_latex_document(tables))
    for t in tables:
        put(out / "tables" / f"{t.key}.md", render_markdown(t))
        put(out / "tables" / f"{t.key}.tex", render_latex(t))
    for name, rows in csv_rows(report).items():
        put(out / "csv" / f"{name}.csv", _csv_text(rows, report.eligibility.stamp))
    return written
