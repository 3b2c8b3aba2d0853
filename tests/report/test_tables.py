"""Table formatting (Table E.1 conventions, LaTeX escaping, Markdown layout) and the viewer's action marks."""

from __future__ import annotations

import pytest

from pytest_anyapp.report.html import action_marks
from pytest_anyapp.report.models import Interval
from pytest_anyapp.report.tables import Table, ci_pp, e1_delta, latex_escape, p_value, pp, render_latex, render_markdown


@pytest.mark.parametrize(("value", "incomplete", "text"), [
    (20.0, False, "+20"), (-30.0, False, "-30"), (0.0, False, "0"), (0.04, False, "0"), (12.5, False, "+12.5"),
    (-3.3333, True, "-3.3*"), (None, False, "--"), (None, True, "--"),
])
def test_e1_delta_formatting(value: float | None, incomplete: bool, text: str) -> None:
    assert e1_delta(value, incomplete) == text


def test_point_and_interval_formatting() -> None:
    assert pp(0.0625) == "+6.2" and pp(-0.25) == "-25.0" and pp(1e-9) == "0.0" and pp(None) == "--"
    assert ci_pp(Interval(lo=-0.5, hi=0.125)) == "[-50.0, +12.5]"
    assert ci_pp(Interval(lo=None, hi=0.1)) == "--"
    assert p_value(1.0) == "1" and p_value(0.0625) == "0.0625" and p_value(3e-6) == "3.00e-06"


def test_latex_escapes_specials_and_stamps() -> None:
    assert latex_escape("50% of a_b & {x} #1 ~ ^ $ \\") == (
        r"50\% of a\_b \& \{x\} \#1 \textasciitilde{} \textasciicircum{} \$ \textbackslash{}")
    t = Table(key="k", title="C2 − C1", columns=["Model", "SR"], rows=[["m_1", "50.0%"]], stamp="NOT ANALYSIS-ELIGIBLE: sim")
    tex = render_latex(t)
    assert r"\begin{tabular}{lr}" in tex and r"m\_1 & 50.0\% \\" in tex
    assert r"\caption{\textbf{NOT ANALYSIS-ELIGIBLE: sim} C2 $-$ C1}" in tex


def test_markdown_layout_escapes_pipes() -> None:
    t = Table(key="k", title="T", columns=["A", "B"], rows=[["x|y", "1"]], note="n", numeric_from=1)
    assert render_markdown(t).splitlines() == ["## T", "", "| A | B |", "|---|---:|", "| x\\|y | 1 |", "", "n"]


def test_action_marks() -> None:
    (tap,) = action_marks({"action": "click", "coordinate": [100, 200]}, 1080, 2400)
    assert (tap["kind"], tap["x"], tap["y"]) == ("tap", 100.0, 200.0)
    (swipe,) = action_marks({"action": "swipe", "direction": "up"}, 1000, 2000)
    assert (swipe["kind"], swipe["x"], swipe["y"], swipe["x2"], swipe["y2"]) == ("swipe", 500, 1000, 500, 600)
    (arrow,) = action_marks({"action": "swipe", "coordinate": [1, 2], "coordinate2": [3, 4]}, 100, 100)
    assert (arrow["x2"], arrow["y2"]) == (3.0, 4.0)
    (typed,) = action_marks({"action": "type", "text": "<b>hi</b>"}, 1080, 2400)
    assert typed["kind"] == "text" and typed["text"] == "<b>hi</b>"
    assert action_marks({"action": "system_button", "button": "back"}, 1080, 2400) == []
