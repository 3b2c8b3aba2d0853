"""Which scheduled pairs ``-k``/``-m`` select, known before collection (and before xdist starts
any worker), so a selection that matches nothing is a usage error within a second.

pytest's own expression language and matchers decide (``_pytest.mark``); this module only supplies
the names a pair test carries: its node names (``test_pair[<test id>]``, the module, the
directories), and its markers (the category, ``anyapp_app``, ``anyapp_original``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from _pytest.mark import KeywordMatcher, MarkMatcher
from _pytest.mark.expression import Expression

from pytest_anyapp.registry import PairInstance

TEST_FUNCTION = "test_pair"
TEST_MODULE = "test_pairs.py"


def _marks(inst: PairInstance) -> list[pytest.Mark]:
    marks = [getattr(pytest.mark, inst.pair.app.category.value).mark,
             pytest.mark.anyapp_app(inst.pair.app.app_id).mark]
    if inst.pair.app.is_original:
        marks.append(pytest.mark.anyapp_original.mark)
    return marks


def selected(instances: Iterable[PairInstance], keyword: str, markexpr: str,
             directories: Sequence[str] = ("pairs",)) -> list[PairInstance] | None:
    """The instances ``-k keyword -m markexpr`` select; None when an expression does not parse
    (pytest reports that itself)."""
    try:
        k = Expression.compile(keyword) if keyword else None
        m = Expression.compile(markexpr) if markexpr else None
    except SyntaxError:  # what pytest raises for a bad expression
        return None
    chosen = []
    for inst in instances:
        marks = _marks(inst)
        if k is not None:
            names = {f"{TEST_FUNCTION}[{inst.test_id}]", TEST_MODULE, *directories, *(mk.name for mk in marks)}
            if not k.evaluate(KeywordMatcher(frozenset(names))):
                continue
        if m is not None and not m.evaluate(MarkMatcher.from_markers(marks)):
            continue
        chosen.append(inst)
    return chosen
