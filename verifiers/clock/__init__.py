"""The Clock category bundle (docs/clock.md): state model, 10 templates, the app adapters, the
gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.clock.adapters import ADAPTERS
from verifiers.clock.cases import cases
from verifiers.clock.oracle import gold_script
from verifiers.clock.state import ClockState
from verifiers.clock.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.CLOCK,
    state_type=ClockState,
    templates=tuple(TEMPLATES),
    adapters=ADAPTERS,
    oracle=gold_script,
    cases=cases,
    doc="docs/clock.md",
)

__all__ = ["BUNDLE"]
