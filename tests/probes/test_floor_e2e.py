"""The guessing floor on simulated devices: skill-free probe agents run as ``--agent=probe-<name>``
through the plugin and must not pass (docs/floor.md). One session per (probe, category), so
xdist spreads them.

``make test``: the information-free probes and a screen dump at instance 0 on the pairs where
doing nothing could pass (``ui`` and ``answer``; ``durable`` pairs are the null agent's), and one
random seed on the ``ui`` pairs (early stop never ends one, so a probe that never ends cannot pass),
each over one app of every such template (CI time; every app nightly).
``make nightly`` (``ANYAPP_NIGHTLY=1``): every probe on every scheduled pair at every instance,
the random probes with 5 seeds, each goal checked per template.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category
from pytest_anyapp.floor.cli import run_probe, select
from pytest_anyapp.floor.report import build, load_records

NIGHTLY = os.environ.get("ANYAPP_NIGHTLY") == "1"
INSTANCE = None if NIGHTLY else 0
ALL_MODES = {"ui", "durable", "answer"}
#: (probe, validation modes it runs on in CI).
CI_PROBES: list[tuple[str, set[str]]] = [
    ("probe-claim", {"ui", "answer"}), ("probe-back-home", {"ui", "answer"}), ("probe-raise", {"ui", "answer"}),
    ("probe-screen-dump", {"answer"}), ("probe-vocab", {"answer"}), ("probe-vocab-0", {"answer"}),
    ("probe-random-0", {"ui"}),
]
NIGHTLY_PROBES: list[tuple[str, set[str]]] = [
    *[(p, ALL_MODES) for p, _ in CI_PROBES if not p.startswith("probe-random")],
    *[(f"{kind}-{seed}", ALL_MODES) for kind in ("probe-random", "probe-random-claim", "probe-random-raise")
      for seed in range(5)],
]
PROBES = NIGHTLY_PROBES if NIGHTLY else CI_PROBES
#: Nightly: one session per (probe, category) so xdist spreads them; CI: one session per probe over
#: one app of every template (a skill-free probe's verdict is the template's, the app is the seeding).
CATEGORIES = [c.value for c in Category] if NIGHTLY else ["all"]


def _one_app_per_template(ids: list[str]) -> list[str]:
    """The first scheduled app of each template (test ids ``<category>-<Template>-<app>-i<N>``)."""
    seen: set[str] = set()
    return [t for t in ids if (template := t.split("-")[1]) not in seen and not seen.add(template)]


@pytest.mark.timeout(7200 if NIGHTLY else 1800)
@pytest.mark.parametrize("category", CATEGORIES)
@pytest.mark.parametrize("probe,modes", PROBES, ids=[p for p, _ in PROBES])
def test_probe_does_not_pass(tmp_path: Path, probe: str, modes: set[str], category: str) -> None:
    ids = select(INSTANCE, modes, set() if category == "all" else {category})
    if not NIGHTLY:
        ids = _one_app_per_template(ids)
    if not ids:
        pytest.skip(f"no {'/'.join(sorted(modes))} pair in {category}")
    run_probe(probe, ids, tmp_path, "0")
    records = load_records([tmp_path / f"floor-{probe}"])
    assert len(records) == len(ids)
    passed = [r["test_id"] for r in records if r["status"] == "valid_success"]
    invalid = {r["test_id"]: r["exception"] for r in records if r["status"] == "invalid_infrastructure"}
    assert invalid == {}  # a probe's exception is its own failure (the raising probe's rate stays in)
    if probe.startswith("probe-random") and NIGHTLY:
        return  # judged per template over all seeds by `anyapp floor` (make nightly; docs/floor.md)
    assert passed == []
    if probe == "probe-raise":
        assert {r["exception"]["cause"] for r in records} == {"agent_exception"}
    assert build(records).failures == [] or probe.startswith("probe-random")
