"""``pytest pairs --schedule FILE``: run exactly a frozen schedule, refuse any drift.

A separate ``pytest11`` plugin so the main plugin stays unaware of schedules: it reads the run's
options from the main plugin, checks the manifest against this checkout before any episode, and
deselects pair tests the schedule does not name.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

_PAIR_FIXTURE = "anyapp_pair"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("anyapp").addoption(
        "--schedule", default=os.environ.get("CATBENCH_SCHEDULE_FILE"),
        help="frozen schedule manifest (anyapp schedule freeze): run exactly it, refuse drift "
             "(env CATBENCH_SCHEDULE_FILE)")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    path = config.getoption("--schedule")
    if not path:
        return
    pairs = [it for it in items if _PAIR_FIXTURE in getattr(it, "fixturenames", ())]
    if not pairs:
        return
    from pytest_anyapp.errors import ConfigError
    from pytest_anyapp.plugin import reference_schedule, run_options
    from pytest_anyapp.schedule.manifest import drift, load_manifest

    options = run_options(config)
    try:
        manifest = load_manifest(Path(path))
        problems = drift(manifest, seed=options.seed, n_instances=options.n_instances, condition=options.condition)
    except ConfigError as exc:
        problems = [str(exc)]
    if problems:
        pytest.exit("AnyAppBench: the run does not match the frozen schedule " f"{path}: " + "; ".join(problems),
                    returncode=pytest.ExitCode.USAGE_ERROR)
    reference_schedule(config, hashlib.sha256(Path(path).read_bytes()).hexdigest())
    wanted = manifest.test_ids
    keep, drop = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        if _PAIR_FIXTURE in getattr(item, "fixturenames", ()) and (callspec is None or callspec.id not in wanted):
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
