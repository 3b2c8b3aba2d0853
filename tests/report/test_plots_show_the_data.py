"""Plots that show the data (issue 24), asserted from matplotlib's own artist extents: the
ineligibility stamp and the legend overlap no plotted point, and the legend's markers are the
plotted ones."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.report.models import Report
from pytest_anyapp.report.plots import apps_figure, contrast_figure, gap_figure
from pytest_anyapp.report.synthetic import Design, write_runs

DESIGN = Design(models=("M1", "M2"), conditions=("c1", "c2_g"), categories={"sms": ("sms_orig", ["sms_n1", "sms_n2"])},
                device_kind="sim")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    root = tmp_path_factory.mktemp("plots")
    write_runs(root / "runs", DESIGN, lambda m, c, r, cat, app, t, i: "s" if (i + len(app) + len(m)) % 3 else "f")
    out = root / "out"
    assert main(["report", str(root / "runs"), "--out", str(out), "--replicates", "20", "--allow-ineligible",
                 "--no-plots"]) == 0
    loaded = Report.model_validate_json((out / "report.json").read_text())
    assert loaded.eligibility.stamp  # simulated devices: every figure carries the stamp
    return loaded


def _point_boxes(fig: Any) -> list[Any]:
    """Display-space extents of every plotted marker (lines with markers, error-bar points)."""
    renderer = fig.canvas.get_renderer()
    boxes = []
    for ax in fig.axes:
        for line in ax.get_lines():
            if line.get_marker() in (None, "None", "", " ") or not len(line.get_xdata()):
                continue
            for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True):
                px, py = ax.transData.transform((x, y))
                size = line.get_markersize() * fig.dpi / 72
                boxes.append((px - size / 2, py - size / 2, px + size / 2, py + size / 2))
    assert boxes and renderer is not None
    return boxes


def _overlaps(box: Any, points: list[Any]) -> list[Any]:
    return [p for p in points if box.x0 < p[2] and p[0] < box.x1 and box.y0 < p[3] and p[1] < box.y1]


@pytest.mark.parametrize("build", ["gap", "apps", "contrast"])
def test_stamp_and_legend_cover_no_point_and_legend_markers_are_the_plotted_ones(report: Report, build: str) -> None:
    fig = {"gap": lambda: gap_figure(report, "c1"), "apps": lambda: apps_figure(report, "c1"),
           "contrast": lambda: contrast_figure(report, "c1_vs_c2_g")}[build]()
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    points = _point_boxes(fig)
    stamps = [t for t in fig.texts if "NOT ANALYSIS-ELIGIBLE" in t.get_text()]
    assert len(stamps) == 1
    assert _overlaps(stamps[0].get_window_extent(renderer), points) == []
    for ax in fig.axes:  # the stamp sits above every axes, its title included
        assert stamps[0].get_window_extent(renderer).y0 >= ax.get_tightbbox(renderer).y1
    legend = fig.axes[0].get_legend()
    assert legend is not None
    assert _overlaps(legend.get_window_extent(renderer), points) == []
    plotted = {(line.get_marker(), line.get_color()) for ax in fig.axes for line in ax.get_lines()
               if line.get_marker() not in (None, "None", "", " ")}
    if build == "gap":  # error bars: the legend draws each model's own data line (the same artist)
        handles, _ = fig.axes[0].get_legend_handles_labels()
        shown = {(h.lines[0].get_marker(), h.lines[0].get_color()) for h in handles}
    else:
        shown = {(h.get_marker(), h.get_color()) for h in legend.legend_handles}
    assert shown and shown <= plotted | {("*", "grey")}
    import matplotlib.pyplot as plt

    plt.close(fig)


def test_every_model_gets_its_own_marker_in_the_apps_legend(report: Report) -> None:
    fig = apps_figure(report, "c1")
    legend = fig.axes[0].get_legend()
    labels = [t.get_text() for t in legend.get_texts()]
    assert labels == ["M1", "M2", "AW app (any model)"]
    assert [h.get_marker() for h in legend.legend_handles] == ["o", "s", "*"]


