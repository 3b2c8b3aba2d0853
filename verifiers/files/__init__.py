"""The File Manager category bundle (docs/files.md): state model (the CATBench folder in shared
storage), 10 templates, one adapter per app, the gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.files.adapters import (
    AmazeAdapter,
    FossifyFileManagerAdapter,
    MaterialFilesAdapter,
    SharedStorageAdapter,
    TotalCommanderAdapter,
    XploreAdapter,
)
from verifiers.files.cases import cases
from verifiers.files.oracle import gold_script
from verifiers.files.state import FilesState
from verifiers.files.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.FILES,
    state_type=FilesState,
    templates=tuple(TEMPLATES),
    adapters=(MaterialFilesAdapter(), AmazeAdapter(), FossifyFileManagerAdapter(), TotalCommanderAdapter(),
              XploreAdapter()),
    oracle=gold_script,
    cases=cases,
    doc="docs/files.md",
)

ADAPTERS = list(BUNDLE.adapters)

__all__ = [
    "ADAPTERS", "BUNDLE", "AmazeAdapter", "FossifyFileManagerAdapter", "MaterialFilesAdapter", "SharedStorageAdapter",
    "TotalCommanderAdapter", "XploreAdapter",
]
