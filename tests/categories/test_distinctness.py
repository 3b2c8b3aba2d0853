"""The apps of a category must be distinct doubles, not one double renamed (issue 10 item 3).

For every category whose doubles are skins of a screen kit: the Jaccard overlap of the visible
labels + resource ids a skin declares is at most 50 % between any two apps, and at least two flow
choices (the kit's ``Literal``/``bool`` variation points) differ. Apps that declare a shared
lineage (forks) may overlap more — their differences must come from the real apps (cited in the
category doc) — but they may never be identical. Nothing here names a category.
"""

from __future__ import annotations

import dataclasses
import itertools
import typing
from typing import Any

import pytest

from pytest_anyapp.catalog import apps_in
from pytest_anyapp.sim.apps import app_class
from verifiers import bundles

MAX_JACCARD = 0.5
MIN_FLOW_DIFFERENCES = 2


def _skins() -> list[tuple[str, str, Any]]:
    out = []
    for category in bundles():
        for app in apps_in(category):
            cls = app_class(app.package)
            skin = getattr(cls, "skin", None)
            if skin is not None and dataclasses.is_dataclass(skin):
                out.append((category.value, app.app_id, skin))
    return out


def tokens(skin: Any) -> set[str]:
    """Every label and id a skin declares (strings anywhere in it, menus and icons included)."""
    found: set[str] = set()

    def walk(value: Any, name: str) -> None:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name), f.name)
        elif isinstance(value, tuple):
            for item in value:
                walk(item, name)
        elif isinstance(value, str) and value and name not in FLOW_FIELDS and name != "lineage":
            found.add(value)

    walk(skin, "")
    return found


def flow_choices(skin: Any, prefix: str = "") -> dict[str, Any]:
    """The variation points: fields typed ``Literal[...]`` or ``bool``, by dotted name."""
    out: dict[str, Any] = {}
    hints = typing.get_type_hints(type(skin))
    for f in dataclasses.fields(skin):
        value = getattr(skin, f.name)
        hint = hints[f.name]
        if dataclasses.is_dataclass(value):
            out |= flow_choices(value, f"{prefix}{f.name}.")
        elif typing.get_origin(hint) is typing.Literal or hint is bool:
            out[f"{prefix}{f.name}"] = value
    return out


SKINS = _skins()
FLOW_FIELDS = {name.rsplit(".", 1)[-1] for _, _, skin in SKINS for name in flow_choices(skin)}
PAIRS = [(a, b) for a, b in itertools.combinations(SKINS, 2) if a[0] == b[0]]


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def problems(id_a: str, skin_a: Any, id_b: str, skin_b: Any) -> list[str]:
    """Why two skins of a category are not distinct enough (empty when they are)."""
    overlap = jaccard(tokens(skin_a), tokens(skin_b))
    choices_a, choices_b = flow_choices(skin_a), flow_choices(skin_b)
    differing = sorted(k for k in choices_a if choices_a[k] != choices_b.get(k))
    if skin_a.lineage and skin_a.lineage == skin_b.lineage:
        if overlap == 1.0 or not differing:
            return [f"{id_a} and {id_b} share lineage {skin_a.lineage!r} but are identical"]
        return []
    out = []
    if overlap > MAX_JACCARD:
        out.append(f"{id_a} vs {id_b}: labels+ids overlap {overlap:.0%} > {MAX_JACCARD:.0%}")
    if len(differing) < MIN_FLOW_DIFFERENCES:
        out.append(f"{id_a} vs {id_b}: only {differing} flow choices differ")
    return out


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a[1]}-vs-{b[1]}" for a, b in PAIRS])
def test_apps_of_a_category_are_distinct(a: tuple[str, str, Any], b: tuple[str, str, Any]) -> None:
    assert problems(a[1], a[2], b[1], b[2]) == []


@pytest.mark.parametrize("entry", SKINS, ids=[s[1] for s in SKINS])
def test_a_skin_made_identical_to_another_is_caught(entry: tuple[str, str, Any]) -> None:
    """The check can fail: every app compared with a copy of itself (same lineage or none) fails."""
    category, app_id, skin = entry
    assert problems(app_id, skin, "copy", dataclasses.replace(skin))
    assert problems(app_id, dataclasses.replace(skin, lineage=""), "copy", dataclasses.replace(skin, lineage=""))
    assert any(c == category and i != app_id for c, i, _ in SKINS), "a category needs at least two apps"


def test_skins_are_small() -> None:
    """A skin module stays declarative: at most 90 code lines (docstrings, comments, blanks apart;
    Phonograph Plus's skin carries its intro wizard and changelog dialog)."""
    import ast
    import inspect

    for _, app_id, _skin in SKINS:
        module = inspect.getmodule(app_class(next(a.package for c in bundles() for a in apps_in(c)
                                                  if a.app_id == app_id)))
        assert module is not None and module.__file__ is not None
        source = open(module.__file__).read()
        doc_lines: set[int] = set()
        for node in ast.walk(ast.parse(source)):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                    getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
                doc_lines |= set(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
        code = [line for i, line in enumerate(source.splitlines(), 1)
                if line.strip() and not line.strip().startswith("#") and i not in doc_lines]
        assert len(code) <= 90, f"{app_id}: {len(code)} code lines"
