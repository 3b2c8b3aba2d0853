"""The Music category bundle (docs/music.md): state model, 10 templates, the players' adapters, the
gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.music.adapters import ADAPTERS
from verifiers.music.cases import cases
from verifiers.music.oracle import gold_script
from verifiers.music.state import MusicState
from verifiers.music.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.MUSIC,
    state_type=MusicState,
    templates=tuple(TEMPLATES),
    adapters=ADAPTERS,
    oracle=gold_script,
    cases=cases,
    doc="docs/music.md",
)

__all__ = ["BUNDLE"]
