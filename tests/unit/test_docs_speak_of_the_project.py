"""Docs speak of the project (issue 24): no README or doc line points outside the repository
(absolute paths of a machine, private notes) or speaks of how the project was developed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = sorted([REPO / "README.md", *(REPO / "docs").glob("*.md")])

#: What points outside the repository, or at how the project was developed.
FORBIDDEN = {
    "a machine's absolute path": re.compile(r"(?<![\w.])/(work|home|root|Users)/"),
    "private notes": re.compile(r"shared/notes|tasks_part\d|storage_[a-z_]+\.md|harness_mechanics|notes §"),
    "the search tools of development": re.compile(r"\bfind_repos\b|\.mirror/|search corpus|`pages` corpus"),
    "how the project was developed": re.compile(
        r"\bother helpers\b|\bhelpers?\b[^.|]{0,20}\b(ran|running|suites|merge)\b|\bthis VM\b|\bdevelopment VM\b",
        re.IGNORECASE),
}


def offending_lines(text: str) -> list[tuple[int, str, str]]:
    return [(n, what, line.strip()) for n, line in enumerate(text.splitlines(), 1)
            for what, pattern in FORBIDDEN.items() if pattern.search(line)]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_doc_points_nowhere_outside_the_repository(doc: Path) -> None:
    assert offending_lines(doc.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("line", [
    "Facts follow the prior release (`/work/shared/notes/harness_mechanics.md` §11)",
    "Measured on the shared 2-core VM while the other helpers ran their test suites",
    "decoding that takes about 30 ms on this VM.",
    "1. Find the repository: `find_repos` with the app's name",
    "(notes §5C; a KML file)",
])
def test_the_patterns_catch_what_the_docs_used_to_say(line: str) -> None:
    assert offending_lines(line)


@pytest.mark.parametrize("line", [
    "| Fossify Music | `shared_prefs/Prefs.xml` | same tag: `helpers/Constants.kt` |",
    "python -m pytest_anyapp.sim serve --state-dir /tmp/dev1 --console-port 5554",
    "`/data/data/<pkg>/databases/alarms.db`",
])
def test_device_paths_and_app_sources_are_fine(line: str) -> None:
    assert offending_lines(line) == []
