"""The Maps category bundle (docs/maps.md): state model, 10 templates, three app adapters, the gold
UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.maps.adapters import CoMapsAdapter, OrganicMapsAdapter, OsmAndAdapter
from verifiers.maps.cases import cases
from verifiers.maps.oracle import gold_script
from verifiers.maps.state import MapsState
from verifiers.maps.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.MAPS,
    state_type=MapsState,
    templates=tuple(TEMPLATES),
    adapters=(OsmAndAdapter(), OrganicMapsAdapter(), CoMapsAdapter()),
    oracle=gold_script,
    cases=cases,
    doc="docs/maps.md",
)

__all__ = ["BUNDLE", "CoMapsAdapter", "OrganicMapsAdapter", "OsmAndAdapter"]
