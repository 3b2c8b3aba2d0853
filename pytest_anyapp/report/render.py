"""Text renderings of a ``GapTable``: markdown (summary.md, docs) and a compact terminal table."""

from __future__ import annotations

from pytest_anyapp.records.run_meta import describe
from pytest_anyapp.report.gap import AppRow, CategoryRow, GapTable

NA = "n/a"


def fmt_rate(rate: float | None) -> str:
    return NA if rate is None else f"{100 * rate:.1f}%"


def fmt_gap(gap: float | None) -> str:
    """Signed percentage points; ``n/a`` when either side is missing."""
    if gap is None:
        return NA
    points = 100 * gap
    return f"{points:+.1f} pp" if round(points, 1) != 0 else "0.0 pp"


def _app_label(row: AppRow) -> str:
    return row.display_name or row.app_id


def _original_label(cat: CategoryRow) -> str:
    row = next((a for a in cat.apps if a.is_original), None)
    if row is not None:
        return _app_label(row)
    return f"{cat.original_app_id} (no episodes)" if cat.original_app_id else NA


def _title(table: GapTable) -> str:
    return f"AnyAppBench gap table (condition: {table.condition or NA})"


def render_markdown(table: GapTable) -> str:
    """Category table, overall row, then per-app detail; rates as percentages."""
    lines = [
        f"# {_title(table)}",
        "",
        *(f"> {line}" for line in describe(table.run)),
        "",
        "Success rates are hierarchical: template = mean over its valid instances, app = mean over its",
        "templates, New = unweighted mean of the new apps, Gap = New − Original. Invalid episodes are",
        "counted but excluded from every denominator; `n/a` means no data.",
        "",
        "| Category | Original app | Original SR | New SR | New apps | Gap (New − Original) | Valid | Invalid |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for cat in table.categories:
        lines.append(
            f"| {cat.category} | {_original_label(cat)} | {fmt_rate(cat.original_rate)} | {fmt_rate(cat.new_rate)} "
            f"| {cat.n_new_apps} | {fmt_gap(cat.gap)} | {cat.n_valid} | {cat.n_invalid} |"
        )
    ov = table.overall
    lines.append(
        f"| **Overall** ({len(ov.categories)} categories) | | {fmt_rate(ov.original_rate)} | {fmt_rate(ov.new_rate)} "
        f"| | {fmt_gap(ov.gap)} | {ov.n_valid} | {ov.n_invalid} |"
    )
    lines += [
        "",
        "## Per app",
        "",
        "| Category | App | Role | SR | Templates | Success / valid | Invalid |",
        "|---|---|---|---:|---:|---:|---:|",
    ]
    for cat in table.categories:
        for app in cat.apps:
            role = "original" if app.is_original else "new"
            lines.append(
                f"| {cat.category} | {_app_label(app)} (`{app.app_id}`) | {role} | {fmt_rate(app.rate)} "
                f"| {app.n_templates} | {app.n_success} / {app.n_valid} | {app.n_invalid} |"
            )
    if table.skipped:
        lines += ["", "## Skipped summaries", ""] + [f"- {s}" for s in table.skipped]
    return "\n".join(lines) + "\n"


def _align(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        out.append("  ".join(cells).rstrip())
    return out


def render_terminal(table: GapTable) -> str:
    """Compact plain-text table for the end of a pytest run: one line per app, one per category."""
    header = ["category", "app", "role", "SR", "valid", "invalid", "gap"]
    rows: list[list[str]] = [header]
    for cat in table.categories:
        cells = [[_app_label(a), "orig" if a.is_original else "new", fmt_rate(a.rate), str(a.n_valid),
                  str(a.n_invalid), ""] for a in cat.apps]
        if not any(a.is_original for a in cat.apps):
            cells.insert(0, [_original_label(cat), "orig", NA, "0", "0", ""])
        cells.append([f"new mean ({cat.n_new_apps} apps) vs orig", "", fmt_rate(cat.new_rate), str(cat.n_valid),
                      str(cat.n_invalid), fmt_gap(cat.gap)])
        rows += [[cat.category if i == 0 else "", *c] for i, c in enumerate(cells)]
    ov = table.overall
    rows.append(["overall", f"orig mean {fmt_rate(ov.original_rate)} over {len(ov.categories)} categories", "",
                 fmt_rate(ov.new_rate), str(ov.n_valid), str(ov.n_invalid), fmt_gap(ov.gap)])
    lines = [_title(table), *describe(table.run)] + _align(rows, right={3, 4, 5, 6})
    if table.skipped:
        lines.append(f"skipped {len(table.skipped)} unattributable summaries (see summary.md)")
    return "\n".join(lines) + "\n"
