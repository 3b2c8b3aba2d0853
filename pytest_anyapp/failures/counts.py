"""Failure-mode counts by model x category x app, as a table and a plot.

``failure_mode_counts`` is pure (judgment rows in, counts out); ``write_counts_plot`` draws them
with matplotlib (Agg, imported only here). The HTML report includes both when a judge run exists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from pydantic import BaseModel

from pytest_anyapp.failures.judge import JudgmentRow
from pytest_anyapp.failures.taxonomy import FAILURE_MODES


class ModeCount(BaseModel):
    model_name: str
    category: str
    app_id: str
    failure_mode: str
    n: int


def failure_mode_counts(rows: Iterable[JudgmentRow]) -> list[ModeCount]:
    """Counts of judged episodes; judge errors are not a mode and are left out."""
    counter = Counter((r.model_name, r.category, r.app_id, r.label) for r in rows if r.label is not None)
    return [ModeCount(model_name=m, category=c, app_id=a, failure_mode=str(f), n=n)
            for (m, c, a, f), n in sorted(counter.items())]


def counts_table(counts: Sequence[ModeCount]) -> tuple[list[str], list[list[str | int]]]:
    """(header, rows): one row per model x category x app, one column per mode, and a total."""
    keys = sorted({(c.model_name, c.category, c.app_id) for c in counts})
    cell = {(c.model_name, c.category, c.app_id, c.failure_mode): c.n for c in counts}
    header = ["model", "category", "app", *FAILURE_MODES, "total"]
    rows: list[list[str | int]] = []
    for key in keys:
        values = [cell.get((*key, m), 0) for m in FAILURE_MODES]
        rows.append([*key, *values, sum(values)])
    return header, rows


def write_counts_csv(counts: Sequence[ModeCount], path: Path) -> Path:
    import csv

    header, rows = counts_table(counts)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def write_counts_plot(counts: Sequence[ModeCount], path: Path) -> Path:
    """Horizontal stacked bars, one per model x category x app, segments by failure mode (PNG or SVG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    header, rows = counts_table(counts)
    labels = [f"{r[0]} | {r[1]} | {r[2]}" for r in rows]
    fig, ax = plt.subplots(figsize=(9, max(2.0, 0.35 * len(rows) + 1.2)))
    left = [0] * len(rows)
    for j, mode in enumerate(FAILURE_MODES):
        values = [int(r[3 + j]) for r in rows]
        ax.barh(labels, values, left=left, label=mode)
        left = [a + b for a, b in zip(left, values, strict=True)]
    ax.set_xlabel("judged failed episodes")
    ax.set_title("Failure modes by model x category x app")
    ax.invert_yaxis()
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, metadata={"Software": None} if path.suffix == ".png" else None)
    plt.close(fig)
    return path
