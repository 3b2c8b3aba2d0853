"""Every music, calendar, clock and finance adapter carries its launch guards and second reading, and its
category doc's fidelity table prints the same verdict (docs/<category>.md "Launch guards and
fidelity")."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from verifiers.base import AppAdapter

DOCS = Path(__file__).resolve().parents[2] / "docs"
CATEGORIES = ("music", "calendar", "clock", "finance", "tasks")


def _adapters(category: str) -> list[type[AppAdapter]]:  # type: ignore[type-arg]
    module = importlib.import_module(f"verifiers.{category}.adapters")
    return [o for o in vars(module).values()
            if isinstance(o, type) and issubclass(o, AppAdapter) and "app" in o.__dict__]


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_adapter_has_guards_and_a_reading_the_doc_prints(category: str) -> None:
    doc = (DOCS / f"{category}.md").read_text(encoding="utf-8")
    table = doc.split("## Launch guards and fidelity", 1)[1].split("\n## ", 1)[0].split("\n### Pickers", 1)[0]
    adapters = _adapters(category)
    assert adapters
    for cls in adapters:
        assert cls.launch_guards is not None and cls.launch_guards.read, cls.__name__
        assert cls.fidelity is not None, cls.__name__
        rows = [line for line in table.splitlines() if line.startswith(f"| {cls.app.display_name} | `")]
        assert len(rows) == 1, f"{cls.app.display_name}: one fidelity row in docs/{category}.md"
        assert f"| {cls.fidelity.verdict} |" in rows[0]
        classes = [line for line in table.splitlines() if line.startswith(f"| {cls.app.display_name} | ")
                   and not line.startswith(f"| {cls.app.display_name} | `")]
        assert len(classes) == 1, f"{cls.app.display_name}: one row in the issue 27 class table"
