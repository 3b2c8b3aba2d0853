"""The benchmark version: what a score means.

A template's parameters, seeded state or criterion, or the answer policy, decide what a success
rate measures; when any of them changes, ``BENCHMARK_VERSION`` goes up and ``CHANGELOG.md`` lists
the templates changed with their old and new parameter hashes. Every episode record carries the
version it was scored under; reports, contrasts and C1/C2 pairs refuse to mix versions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

#: The version this code scores under (CHANGELOG.md, newest entry).
BENCHMARK_VERSION: Final[str] = "3"
#: Records written before the version was recorded (up to commit 0766d57) are version 1.
UNVERSIONED: Final[str] = "1"


class MixedBenchmarkVersions(ValueError):
    """Episodes of different benchmark versions were given to one report, contrast or pairing."""


def one_version(versions: Iterable[str | None], what: str) -> str | None:
    """The single benchmark version of ``versions`` (a missing one is :data:`UNVERSIONED`); raises
    :class:`MixedBenchmarkVersions` naming them when there are several, ``None`` for no input."""
    found = sorted({v or UNVERSIONED for v in versions})
    if len(found) > 1:
        raise MixedBenchmarkVersions(
            f"{what} mix benchmark versions {', '.join(found)}: a success rate means something else in each "
            "(CHANGELOG.md lists what changed); report each version on its own, or re-run the older episodes "
            f"under version {BENCHMARK_VERSION}")
    return found[0] if found else None


#: Per version, the templates whose success criterion changed since the version before: re-scoring
#: an older record of one of them may change its status; a record of any other template must
#: re-score unchanged (``anyapp rescore`` says which changes were predicted). CHANGELOG.md lists the
#: same templates, and their parameter-hash changes (``benchmark_params/v<N>.json``).
CRITERIA_CHANGED: Final[dict[str, tuple[str, ...]]] = {
    "2": (
        # one answer policy (verifiers/answers.py, docs/answers.md)
        "SimpleCalendarEventsOnDate", "SimpleCalendarEventsInRange", "SimpleCalendarNextEvent",
        "TasksCompletedTasksForDate", "TasksDueNextWeek", "TasksDueOnDate", "TasksHighPriorityTasks",
        "TasksHighPriorityTasksDueOnDate", "TasksIncompleteTasksOnDate",
        "NotesSearchNote", "NotesCountTodoItems",
        "ExpenseCategorySummary", "ExpenseDateRangeTotal",
        "RetroPlaylistDuration",
    ),
    "3": (
        # an RRULE with INTERVAL != 1, COUNT or UNTIL is no longer "daily"/"weekly" (verifiers/calendar/adapters.py)
        "SimpleCalendarAddRepeatingEvent",
    ),
}


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def rescore_may_change(semantic_id: str, recorded_version: str | None) -> bool:
    """Whether a later version changed this template's criterion, so that re-scoring a record of
    ``recorded_version`` may give another status."""
    since = _key(recorded_version or UNVERSIONED)
    return any(_key(v) > since and semantic_id in ids for v, ids in CRITERIA_CHANGED.items())


def params_hashes(version: str = BENCHMARK_VERSION) -> dict[str, str]:
    """``{"<semantic_id>/<instance>": params sha256}`` of a version at the default seed and
    instances (seed 30, instances 0-2), as shipped in ``benchmark_params/v<N>.json``."""
    import json
    from importlib import resources

    text = resources.files("pytest_anyapp").joinpath("benchmark_params", f"v{version}.json").read_text()
    loaded: dict[str, str] = json.loads(text)
    return loaded


def current_params_hashes(seed: int = 30, n_instances: int = 3) -> dict[str, str]:
    """The same map computed from today's templates (a test compares it with the shipped one)."""
    from pytest_anyapp.registry import params_for, templates_by_category
    from pytest_anyapp.seeding import params_sha256

    return {f"{t.semantic_id}/{i}": params_sha256(params_for(t, seed, i))
            for ts in templates_by_category().values() for t in ts for i in range(n_instances)}


if __name__ == "__main__":  # python -m pytest_anyapp.benchmark > pytest_anyapp/benchmark_params/vN.json
    import json
    import sys

    json.dump(current_params_hashes(), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
