"""The Notes category bundle (docs/notes.md): state model, 10 templates, one adapter per app that is
ready, the gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.notes.adapters import (
    JoplinAdapter,
    MarkorAdapter,
    NeutriNoteAdapter,
    NotallyXAdapter,
    NotesnookAdapter,
    OrgzlyAdapter,
)
from verifiers.notes.cases import cases
from verifiers.notes.oracle import gold_script
from verifiers.notes.state import NotesState
from verifiers.notes.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.NOTES,
    state_type=NotesState,
    templates=tuple(TEMPLATES),
    adapters=(MarkorAdapter(), JoplinAdapter(), NotallyXAdapter(), NeutriNoteAdapter(), OrgzlyAdapter(),
              NotesnookAdapter()),
    oracle=gold_script,
    cases=cases,
    doc="docs/notes.md",
)

__all__ = ["BUNDLE", "JoplinAdapter", "MarkorAdapter", "NeutriNoteAdapter", "NotallyXAdapter", "NotesnookAdapter",
           "OrgzlyAdapter"]
