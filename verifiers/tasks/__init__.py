"""The To-Do category bundle (docs/tasks.md): state model, 10 templates, one adapter per app, the
gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.tasks.adapters import (
    CfaitAdapter,
    GritAdapter,
    NtodotxtAdapter,
    TaskMateAdapter,
    TasksOrgAdapter,
    TodoAdapter,
    TodoListPfaAdapter,
)
from verifiers.tasks.cases import cases
from verifiers.tasks.oracle import gold_script
from verifiers.tasks.state import TodoState
from verifiers.tasks.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.TASKS,
    state_type=TodoState,
    templates=tuple(TEMPLATES),
    adapters=(TasksOrgAdapter(), CfaitAdapter(), TodoListPfaAdapter(), TaskMateAdapter(), GritAdapter(),
              NtodotxtAdapter()),
    oracle=gold_script,
    cases=cases,
    doc="docs/tasks.md",
)

ADAPTERS = list(BUNDLE.adapters)

__all__ = [
    "ADAPTERS", "BUNDLE", "CfaitAdapter", "GritAdapter", "NtodotxtAdapter", "TaskMateAdapter", "TasksOrgAdapter", "TodoAdapter",
    "TodoListPfaAdapter",
]
