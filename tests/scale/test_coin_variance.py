"""Run-to-run variance measured against a known probability (issue 26): ``probe-coin-50-<seed>``
solves each episode as the oracle does with probability 1/2 and gives up otherwise, on a coin seeded
by the run id, so repeats are independent draws. Two repeats must flip a pair's verdict at the
predicted rate 1 - p^2 - (1-p)^2 = 1/2 and give pass^2 near p^2 = 1/4: the report's flip rate and
pass^k are checked against what the agent's probability predicts, not against themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.cli import main as anyapp
from pytest_anyapp.floor.bounds import binom_cdf

REPO = Path(__file__).resolve().parents[2]
P = 0.5
#: Every SMS pair at instance 0: quick oracle episodes, enough pairs for the rate to mean something.
SELECTION = "sms"


def plausible(k: int, n: int, p: float, alpha: float = 0.001) -> bool:
    """``k`` of ``n`` is not in either tail (each below alpha/2) of Binomial(n, p)."""
    return binom_cdf(k, n, p) >= alpha / 2 and 1 - binom_cdf(k - 1, n, p) >= alpha / 2


def test_coin_probe_flips_at_the_rate_its_probability_predicts(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    pairs = tmp_path / "pairs"
    pairs.mkdir()
    (pairs / "test_pairs.py").write_text((REPO / "pairs" / "test_pairs.py").read_text())
    config = tmp_path / "matrix.json"
    config.write_text(json.dumps({
        "pytest_args": [str(pairs), "-p", "no:cacheprovider", "-q", "--instances=1", "-k", SELECTION,
                        "--save-screens=0"],
        "models": {"coin": {"agent": "probe-coin-50-7"}}}))
    results = tmp_path / "results"
    assert anyapp(["matrix", "--models", "coin", "--conditions", "c1", "--repeats", "2", "--config", str(config),
                   "--results-dir", str(results), "--matrix-id", "coin"]) == 0, capsys.readouterr().out
    out = tmp_path / "report"
    assert anyapp(["report", str(results / "coin" / "coin"), "--out", str(out), "--allow-ineligible", "--partial",
                   "--replicates", "0", "--no-plots"]) == 0
    (entry,) = json.loads((out / "report.json").read_text())["pass_at_k"]
    n, flipped = entry["repeated_pairs"], entry["flipped_pairs"]
    assert n == 40, "every SMS pair ran twice"
    # the observed counts are binomial draws around the predictions: a broken count (no flips, every
    # pair, twice the flips) lies far in a tail
    assert plausible(flipped, n, 1 - P**2 - (1 - P) ** 2), (flipped, n)
    assert entry["flip_rate"] == pytest.approx(flipped / n)
    both = round(entry["pass_hat_k"]["2"] * n)  # pass^2 is the share of pairs that passed both repeats
    assert plausible(both, n, P**2), (both, n)
    assert sum(len(v) for v in entry["flaky"].values()) == flipped
