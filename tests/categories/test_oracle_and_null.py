"""The gold solution solves every runnable pair and doing nothing solves none, at instance 0, on
simulated devices through the plugin (one run per category and agent; nothing here names one).

``make nightly`` (``ANYAPP_NIGHTLY=1``) runs the same tests over all instances.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pytest_anyapp.registry import scheduled_pairs
from verifiers import bundles

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()
RUNNABLE = [c for c in bundles() if scheduled_pairs([c])]
NIGHTLY = os.environ.get("ANYAPP_NIGHTLY") == "1"
INSTANCES = 3 if NIGHTLY else 1  # nightly: the default --instances=3; CI: --instance=0 only


def _run(pytester: pytest.Pytester, category: str, agent: str) -> dict[str, str]:
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    which = [] if NIGHTLY else ["--instance=0"]
    pytester.runpytest("-p", "no:randomly", "-m", category, f"--agent={agent}", "--device=sim", *which,
                       "--results-dir=res", f"--run-id={agent}", "--infra-retries=0", "-q")
    records = [json.loads(p.read_text()) for p in (pytester.path / "res" / agent).glob("*/episode.json")]
    return {r["test_id"]: r["status"] for r in records}


@pytest.mark.parametrize("category", RUNNABLE, ids=[c.value for c in RUNNABLE])
def test_oracle_solves_every_pair(pytester: pytest.Pytester, category: str) -> None:
    statuses = _run(pytester, category, "oracle")
    assert len(statuses) == INSTANCES * len(scheduled_pairs([category]))  # type: ignore[list-item]
    assert {tid: s for tid, s in statuses.items() if s != "valid_success"} == {}


@pytest.mark.parametrize("category", RUNNABLE, ids=[c.value for c in RUNNABLE])
def test_null_solves_no_pair_and_nothing_is_invalid(pytester: pytest.Pytester, category: str) -> None:
    statuses = _run(pytester, category, "null")
    assert len(statuses) == INSTANCES * len(scheduled_pairs([category]))  # type: ignore[list-item]
    assert {tid: s for tid, s in statuses.items() if s != "valid_failure"} == {}
