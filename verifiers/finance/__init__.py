"""The Finance category bundle (docs/finance.md): state model, 10 templates, the app adapters, the
gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.finance.adapters import ADAPTERS
from verifiers.finance.cases import cases
from verifiers.finance.oracle import gold_script
from verifiers.finance.state import FinanceState
from verifiers.finance.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.FINANCE,
    state_type=FinanceState,
    templates=tuple(TEMPLATES),
    adapters=ADAPTERS,
    oracle=gold_script,
    cases=cases,
    doc="docs/finance.md",
)

__all__ = ["BUNDLE"]
