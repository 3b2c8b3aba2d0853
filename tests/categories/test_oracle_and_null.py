"""The gold solution solves every runnable pair and doing nothing solves none, at instance 0, on
simulated devices through the plugin; every record then re-scores unchanged from its snapshots.
One run per app and agent (so xdist spreads them); nothing here names a category or an app.

``make nightly`` (``ANYAPP_NIGHTLY=1``) runs the same tests over all instances.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pytest_anyapp.catalog import AppSpec
from pytest_anyapp.records.rescore import rescore_run
from pytest_anyapp.registry import schedule, scheduled_pairs

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()
NIGHTLY = os.environ.get("ANYAPP_NIGHTLY") == "1"
INSTANCES = None if NIGHTLY else 0
APPS: list[AppSpec] = sorted({p.app.app_id: p.app for p in scheduled_pairs()}.values(), key=lambda a: a.app_id)
#: One episode takes ~6 s on a loaded 2-core machine; an app's 10 (30 nightly) get ample room.
#: Per-step screenshots are not saved (``--save-screens=0``): nothing here reads them, and encoding
#: them is most of an episode's cost on the simulated device (docs/performance.md).
TIMEOUT_S = 3600 if NIGHTLY else 900


def _run(pytester: pytest.Pytester, app: AppSpec, agent: str) -> tuple[dict[str, str], int]:
    """Statuses by test id of ``agent`` on every scheduled pair instance of ``app``."""
    wanted = [i.test_id for i in schedule(only_instance=INSTANCES) if i.pair.app.app_id == app.app_id]
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    pytester.runpytest("-p", "no:randomly", *[f"test_pairs.py::test_pair[{t}]" for t in wanted],
                       f"--agent={agent}", "--device=sim", "--results-dir=res", f"--run-id={agent}",
                       "--infra-retries=0", "--save-screens=0", "-q")
    records = [json.loads(p.read_text()) for p in (pytester.path / "res" / agent).glob("*/episode.json")]
    # every record re-scores to what was recorded, from its own snapshots alone (``anyapp rescore``)
    rescored = rescore_run(pytester.path / "res" / agent)
    assert len(rescored) == len(records) and [r for r in rescored if r.rescored is None or r.changed] == []
    return {r["test_id"]: r["status"] for r in records}, len(wanted)


@pytest.mark.timeout(TIMEOUT_S)
@pytest.mark.parametrize("app", APPS, ids=[a.app_id for a in APPS])
def test_oracle_solves_every_pair(pytester: pytest.Pytester, app: AppSpec) -> None:
    statuses, wanted = _run(pytester, app, "oracle")
    assert len(statuses) == wanted > 0
    assert {tid: s for tid, s in statuses.items() if s != "valid_success"} == {}


@pytest.mark.timeout(TIMEOUT_S)
@pytest.mark.parametrize("app", APPS, ids=[a.app_id for a in APPS])
def test_null_solves_no_pair_and_nothing_is_invalid(pytester: pytest.Pytester, app: AppSpec) -> None:
    statuses, wanted = _run(pytester, app, "null")
    assert len(statuses) == wanted > 0
    assert {tid: s for tid, s in statuses.items() if s != "valid_failure"} == {}
