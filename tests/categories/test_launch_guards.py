"""Every app of every category says what the real app does with seeded state at start-up
(``launch_guards``, non-empty ``read``) and carries a second reader's verdict (``fidelity``), and
``anyapp verify-support`` prints both (issues 23 and 27). One test per app, so a gap names the app.
Nothing here names a category; every bundle's adapters are walked."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_anyapp import registry
from pytest_anyapp.report.support import check_support, render_fidelity, render_support
from verifiers import bundles
from verifiers.base import AppAdapter

ADAPTERS: list[AppAdapter[Any]] = sorted((a for b in bundles().values() for a in b.adapters),
                                         key=lambda a: a.app.app_id)


def _report(adapter: AppAdapter[Any]) -> Any:
    category = adapter.app.category
    return check_support(categories=[category], templates=registry.templates_by_category(),
                         pairs=registry.scheduled_pairs([category]), adapters=registry.adapters(), guards=True)


@pytest.mark.parametrize("adapter", ADAPTERS, ids=[a.app.app_id for a in ADAPTERS])
def test_every_app_has_launch_guards_and_verify_support_prints_them(adapter: AppAdapter[Any]) -> None:
    guards = adapter.launch_guards
    assert guards is not None, f"{adapter.app.app_id}: no launch_guards (what the app needs and writes at start-up)"
    assert guards.read, "the files read are named (an empty guard list means 'none found in them')"
    shown = render_support(_report(adapter))
    for guard in guards.guards:
        assert f"  {adapter.app.app_id}: {guard.kind}: {guard.what} — {guard.handled_by}" in shown
    if not guards.guards:
        assert f"  {adapter.app.app_id}: none found in " in shown
    assert all(g.snapshot_keys == () for g in guards.guards if g.kind != "writes"), "only start-up writes except keys"


@pytest.mark.parametrize("adapter", ADAPTERS, ids=[a.app.app_id for a in ADAPTERS])
def test_every_app_has_a_fidelity_reading_and_verify_support_prints_it(adapter: AppAdapter[Any]) -> None:
    reading = adapter.fidelity
    assert reading is not None, f"{adapter.app.app_id}: no fidelity reading (second reader's verdict)"
    shown = render_fidelity(_report(adapter))
    row = next(line for line in shown.splitlines() if line.startswith(adapter.app.app_id + " "))
    assert reading.verdict in row and reading.date in row and reading.source.tag in row
    for point in reading.open_points:
        assert f"  {adapter.app.app_id}: open: {point}" in shown
