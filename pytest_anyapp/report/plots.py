"""Report plots (matplotlib, Agg backend; imported only when plots are drawn). PNG + SVG each.

* ``gap_<condition>``: New − AW per category with its bootstrap CI, one marker per model;
* ``apps_<condition>``: every app's hierarchical SR as a dot plot within its category (AW = star);
* ``c2_minus_c1_<contrast>``: per-app C2 − C1 (hierarchical over exact valid pairs) per model.

An ineligible report draws its stamp in a margin above every figure; legends sit in the right margin.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_anyapp.report.models import Report

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MARKERS = "osD^vP*Xh<>"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "anyapp"
    return plt


def _stamp(fig: Figure, stamp: str | None) -> None:
    """The ineligibility stamp goes in a margin above the axes and their titles (the saved figure
    grows to hold it), so it never covers data."""
    if not stamp:
        return
    text = textwrap.shorten(stamp, width=400, placeholder=" … (see report.json)")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    top = max(box.y1 for ax in fig.axes if (box := ax.get_tightbbox(renderer)) is not None)
    y = fig.transFigure.inverted().transform((0, top))[1] + 0.02
    fig.text(0.5, y, "\n".join(textwrap.wrap(text, 110)), ha="center", va="bottom", fontsize=7, color="#b00000",
             fontweight="bold", bbox={"facecolor": "#fff0f0", "edgecolor": "#b00000"})


def _legend(ax: Any, handles: list[Any] | None = None) -> None:
    """Legends sit in the right margin, outside the axes: they never cover a point."""
    kwargs: dict[str, Any] = {"fontsize": 7, "loc": "upper left", "bbox_to_anchor": (1.01, 1.0), "borderaxespad": 0}
    if handles is not None:
        ax.legend(handles=handles, **kwargs)
    else:
        ax.legend(**kwargs)


def _save(fig: Figure, out: Path, stem: str) -> list[Path]:
    paths = []
    for ext in ("png", "svg"):
        path = out / f"{stem}.{ext}"
        fig.savefig(path, dpi=120, bbox_inches="tight", metadata={"Date": None} if ext == "svg" else None)
        paths.append(path)
    return paths


def _conditions(report: Report) -> list[str]:
    return sorted({h.condition for h in report.headlines}, key=lambda c: (c != "c1", c))


def gap_figure(report: Report, condition: str) -> Figure:
    plt = _pyplot()
    heads = [h for h in report.headlines if h.condition == condition]
    cats: list[str] = []
    for h in heads:
        cats += [c.category for c in h.categories if c.category not in cats]
    fig: Figure
    fig, ax = plt.subplots(figsize=(max(6.0, 0.8 * len(cats) + 2), 4.2))
    width = 0.8 / max(len(heads), 1)
    for mi, h in enumerate(heads):
        xs, ys, lo, hi = [], [], [], []
        for c in h.categories:
            if c.delta is None:
                continue
            x = cats.index(c.category) - 0.4 + width * (mi + 0.5)
            xs.append(x)
            ys.append(100 * c.delta)
            lo.append(100 * (c.delta - c.delta_ci.lo) if c.delta_ci.lo is not None else 0.0)
            hi.append(100 * (c.delta_ci.hi - c.delta) if c.delta_ci.hi is not None else 0.0)
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt=MARKERS[mi % len(MARKERS)], capsize=3, label=h.model)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(range(len(cats)), cats, rotation=30, ha="right")
    ax.set_ylabel("New − AW success (pp), 95% CI")
    ax.set_title(f"Cross-app gap per category ({condition})")
    if heads:
        _legend(ax)
    _stamp(fig, report.eligibility.stamp)
    return fig


def plot_gap(report: Report, condition: str, out: Path) -> list[Path]:
    plt = _pyplot()
    fig = gap_figure(report, condition)
    paths = _save(fig, out, f"gap_{condition}")
    plt.close(fig)
    return paths


def apps_figure(report: Report, condition: str) -> Figure:
    plt = _pyplot()
    heads = [h for h in report.headlines if h.condition == condition]
    rows: list[tuple[str, str, bool]] = []
    for h in heads:
        for a in h.apps:
            if (a.category, a.app_id, a.is_original) not in rows:
                rows.append((a.category, a.app_id, a.is_original))
    fig: Figure
    fig, ax = plt.subplots(figsize=(7.5, max(3.0, 0.22 * len(rows) + 1.5)))
    for mi, h in enumerate(heads):
        rates = {(a.category, a.app_id): a.rate for a in h.apps}
        for yi, (cat, app, orig) in enumerate(rows):
            r = rates.get((cat, app))
            if r is None:
                continue
            ax.plot(100 * r, yi + (mi - (len(heads) - 1) / 2) * 0.12, "*" if orig else MARKERS[mi % len(MARKERS)],
                    color=f"C{mi}", ms=9 if orig else 5)
    ax.set_yticks(range(len(rows)), [f"{c} · {a}{' (AW)' if o else ''}" for c, a, o in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(-5, 105)
    ax.set_xlabel("App success rate (%), hierarchical")
    ax.set_title(f"Per-app success within each category ({condition}); ★ = AW app")
    for yi in range(1, len(rows)):
        if rows[yi][0] != rows[yi - 1][0]:
            ax.axhline(yi - 0.5, color="grey", lw=0.5)
    if heads:  # one entry per model with the marker its new-app points have, and one for the ★ of AW apps
        from matplotlib.lines import Line2D

        handles = [Line2D([], [], marker=MARKERS[mi % len(MARKERS)], color=f"C{mi}", ms=5, ls="none", label=h.model)
                   for mi, h in enumerate(heads)]
        if any(orig for _, _, orig in rows):
            handles.append(Line2D([], [], marker="*", color="grey", ms=9, ls="none", label="AW app (any model)"))
        _legend(ax, handles)
    _stamp(fig, report.eligibility.stamp)
    return fig


def plot_apps(report: Report, condition: str, out: Path) -> list[Path]:
    plt = _pyplot()
    fig = apps_figure(report, condition)
    paths = _save(fig, out, f"apps_{condition}")
    plt.close(fig)
    return paths


def contrast_figure(report: Report, contrast: str) -> Figure:
    plt = _pyplot()
    cs = [c for c in report.contrasts if c.contrast == contrast]
    scopes: list[str] = []
    for c in cs:
        scopes += [a.scope for a in c.apps if a.scope not in scopes]
    fig: Figure
    fig, ax = plt.subplots(figsize=(7.5, max(3.0, 0.22 * len(scopes) + 1.5)))
    for mi, c in enumerate(cs):
        vals = {a.scope: a.delta for a in c.apps}
        ys = [yi + (mi - (len(cs) - 1) / 2) * 0.12 for yi, s in enumerate(scopes) if vals.get(s) is not None]
        xs = [100 * v for s in scopes if (v := vals.get(s)) is not None]
        ax.plot(xs, ys, MARKERS[mi % len(MARKERS)], color=f"C{mi}", ms=5, ls="none", label=c.model)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(range(len(scopes)), [s.replace("/", " · ") for s in scopes], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("C2 − C1 (pp), hierarchical over exact valid pairs")
    ax.set_title(f"Per-app C2 − C1 ({contrast})")
    if cs:
        _legend(ax)
    _stamp(fig, report.eligibility.stamp)
    return fig


def plot_contrast_apps(report: Report, contrast: str, out: Path) -> list[Path]:
    plt = _pyplot()
    fig = contrast_figure(report, contrast)
    paths = _save(fig, out, f"c2_minus_c1_{contrast}")
    plt.close(fig)
    return paths


def plot_cost(report: Report, out: Path) -> list[Path]:
    """Success on the new apps (with its bootstrap CI) against cost per episode, one point per model
    and condition: money where a price was given for every model, else model-seconds."""
    costs = report.costs
    if costs is None or not costs.totals or not report.headlines:
        return []
    plt = _pyplot()
    by_group = {(r.model, r.condition): r for r in costs.totals}
    use_money = all(r.money is not None for r in costs.totals)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    models = sorted({h.model for h in report.headlines})
    for h in report.headlines:
        row = by_group.get((h.model, h.condition))
        x = row.per("money" if use_money else "model_s") if row else None
        if x is None or h.new is None:
            continue
        lo = h.new - h.new_ci.lo if h.new_ci and h.new_ci.lo is not None else 0.0
        hi = h.new_ci.hi - h.new if h.new_ci and h.new_ci.hi is not None else 0.0
        ax.errorbar([x], [h.new], yerr=[[lo], [hi]], fmt=MARKERS[models.index(h.model) % len(MARKERS)], capsize=3,
                    label=f"{h.model} / {h.condition}")
    ax.set_xlabel(f"cost per episode ({'money' if use_money else 'model-seconds'})")
    ax.set_ylabel("success on new apps (hierarchical)")
    ax.set_ylim(-0.02, 1.02)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    _stamp(fig, report.eligibility.stamp)
    paths = _save(fig, out, "cost_vs_success")
    plt.close(fig)
    return paths


def draw_all(report: Report, out_dir: Path) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for cond in _conditions(report):
        paths += plot_gap(report, cond, out)
        paths += plot_apps(report, cond, out)
    for contrast in sorted({c.contrast for c in report.contrasts}):
        paths += plot_contrast_apps(report, contrast, out)
    paths += plot_cost(report, out)
    return paths
