"""Cost per run: tokens, calls and seconds aggregated from the records; money only from given prices."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.report.analysis import build_report, load_data
from pytest_anyapp.report.cost import Price, load_prices
from pytest_anyapp.report.eligibility import assess
from pytest_anyapp.report.index import open_index
from pytest_anyapp.report.synthetic import Design, write_runs

DESIGN = Design(models=("M1", "M2"), conditions=("c1",), categories={"sms": ("sms_orig", ["sms_n1"])},
                templates=("TaskA", "TaskB"), instances=(0, 1))


def outcome(model: str, cond: str, rep: int, cat: str, app: str, tmpl: str, inst: int) -> str:
    return "i" if (tmpl, inst) == ("TaskB", 1) else ("s" if inst == 0 else "f")


def test_costs_per_episode_per_success_and_money_from_given_prices(tmp_path: Path) -> None:
    write_runs(tmp_path / "runs", DESIGN, outcome)
    index = open_index([tmp_path / "runs"])
    data = load_data(index)
    prices = {"M1": Price(per_input_token=1e-6, per_output_token=4e-6, source="a price page", date="2026-11-30"),
              "M2": Price(per_gpu_hour=3.6, gpus=2, source="our cluster invoice", date="2026-11-01")}
    report = build_report(index, assess(index, data), replicates=0, data=data, prices=prices)
    assert report.costs is not None
    totals = {r.model: r for r in report.costs.totals}
    episodes, steps = 2 * 2 * 2, DESIGN.steps  # apps x templates x instances; invalid episodes have no steps
    with_steps = episodes - 2
    m1 = totals["M1"]
    assert (m1.episodes, m1.successes) == (episodes, 4)
    assert m1.tokens_in == with_steps * steps * 1200 and m1.tokens_out == with_steps * steps * 40
    assert m1.model_calls == with_steps * steps and m1.model_s == pytest.approx(with_steps * steps * 0.1)
    assert m1.wall_s == pytest.approx(episodes * 1.5)
    assert m1.money == pytest.approx(m1.tokens_in * 1e-6 + m1.tokens_out * 4e-6)
    assert m1.per("money", success=True) == pytest.approx(m1.money / 4)  # type: ignore[operator]
    assert totals["M2"].money == pytest.approx(totals["M2"].model_s / 3600 * 2 * 3.6)
    per_app = [r for r in report.costs.per_app if r.model == "M1"]
    assert sum(r.episodes for r in per_app) == episodes and {r.app_id for r in per_app} == {"sms_orig", "sms_n1"}


def test_no_price_means_no_money_and_a_bad_price_file_is_refused(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    write_runs(tmp_path / "runs", DESIGN, outcome)
    out = tmp_path / "out"
    assert main(["report", str(tmp_path / "runs"), "--out", str(out), "--replicates", "0", "--partial"]) == 0
    report = json.loads((out / "report.json").read_text())
    assert all(r["money"] is None for r in report["costs"]["totals"])
    assert (out / "plots" / "cost_vs_success.png").exists()
    bad = tmp_path / "prices.json"
    bad.write_text(json.dumps({"M1": {"per_input_token": 1e-6, "per_gpu_hour": 2.0, "source": "x", "date": "2026-01-01"}}))
    with pytest.raises(ValueError, match="not both"):
        load_prices(bad)
    assert main(["report", str(tmp_path / "runs"), "--out", str(tmp_path / "o2"), "--replicates", "0",
                 "--prices", str(bad)]) != 0
    assert "not both" in capsys.readouterr().err
