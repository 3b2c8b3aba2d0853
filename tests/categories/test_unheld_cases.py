"""Conformance cases an app declares it cannot hold (``AppAdapter.unheld_cases``) stay honest: each
names an existing near miss with a reason, and every clause stays pinned on that app — by a near
miss it does hold, or by the declared clause that carries it on the app's read. Pure; nothing
here names a category (the on-device side is in ``test_conformance_device.py``)."""

from __future__ import annotations

import pytest

from pytest_anyapp import registry
from pytest_anyapp.registry import Pair, params_for
from pytest_anyapp.report.support import check_support, render_support
from verifiers import bundles

from .conftest import PAIR_IDS, PAIRS

UNHELD = [(p, i) for p, i in zip(PAIRS, PAIR_IDS, strict=True) if p.adapter.unheld_cases(p.template)]


@pytest.mark.parametrize("pair", [p for p, _ in UNHELD], ids=[i for _, i in UNHELD])
def test_every_clause_stays_pinned_where_a_case_cannot_be_held(pair: Pair) -> None:
    template, adapter = pair.template, pair.adapter
    unheld = adapter.unheld_cases(template)
    params = params_for(template, 30, 0)
    cases = bundles()[template.category].cases(template, params)
    assert set(unheld) <= set(cases.near_misses), f"no such near misses: {set(unheld) - set(cases.near_misses)}"
    held = {m.fails for n, m in cases.near_misses.items() if n not in unheld}
    for name, case in unheld.items():
        assert case.reason.strip(), name
        clause = cases.near_misses[name].fails
        if clause in held:
            assert not case.carried_by, f"{name}: {clause!r} is pinned by a held near miss; carried_by is moot"
            continue
        assert case.carried_by in held - {clause}, (
            f"{name}: {clause!r} is pinned by no near miss {adapter.app.app_id} holds; carried_by must name "
            f"another clause that one does pin (got {case.carried_by!r}, held: {sorted(held)})")


@pytest.mark.parametrize("pair", [p for p, _ in UNHELD], ids=[i for _, i in UNHELD])
def test_verify_support_lists_the_cases_not_held(pair: Pair) -> None:
    category = pair.template.category
    report = check_support(categories=[category], templates=registry.templates_by_category(),
                           pairs=registry.scheduled_pairs([category]), adapters=registry.adapters())
    shown = render_support(report)
    for name, case in pair.adapter.unheld_cases(pair.template).items():
        line = f"{pair.template.semantic_id} x {pair.app.app_id}: conformance case {name!r} not held — {case.reason}"
        assert line in shown
