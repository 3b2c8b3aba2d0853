"""A template's vocabulary: the word lists of its module that its seeded states draw from.

Probes answer with them (``probe-vocab``): a template passes its floor only when naming words of
its own vocabulary without reading the device fails. Found from the template's source, not from
any instance: module-level tuples of strings at least one of whose words a seeded state holds.
"""

from __future__ import annotations

import random
import sys
from functools import cache
from typing import Any

from pytest_anyapp.templates.base import TaskTemplate

#: Instances drawn to see which word lists a template's states use.
DRAWS = 40


@cache
def templates_by_id() -> dict[str, TaskTemplate[Any]]:
    from verifiers import bundles

    return {t.semantic_id: t for b in bundles().values() for t in b.template_instances()}


def string_leaves(value: Any) -> set[str]:
    """Every string inside a (dumped) state or parameter set."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for v in value.values() for s in string_leaves(v)}
    if isinstance(value, (list, tuple, set, frozenset)):
        return {s for v in value for s in string_leaves(v)}
    return set()


@cache
def template_vocabulary(semantic_id: str) -> tuple[tuple[str, ...], ...]:
    """The word lists (in module order) whose words appear in the template's seeded states."""
    template = templates_by_id()[semantic_id]
    module = sys.modules[type(template).__module__]
    seen: set[str] = set()
    for seed in range(DRAWS):
        params = template.sample_params(random.Random(seed))
        seen |= string_leaves(template.initial_state(params).model_dump(mode="json"))
    lists: list[tuple[str, ...]] = []
    for value in vars(module).values():
        if isinstance(value, tuple) and len(value) >= 2 and all(isinstance(w, str) for w in value) \
                and seen & set(value) and value not in lists:
            lists.append(value)
    return tuple(lists)
