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
BENCHMARK_VERSION: Final[str] = "2"
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
