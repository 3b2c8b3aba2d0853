"""The Calendar category bundle (docs/calendar.md): state model, 10 templates, five app adapters, the
gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.calendar.adapters import (
    EtarAdapter,
    FossifyCalendarAdapter,
    KashCalAdapter,
    SimpleCalendarProAdapter,
    VayunCalendarAdapter,
)
from verifiers.calendar.cases import cases
from verifiers.calendar.oracle import gold_script
from verifiers.calendar.state import CalendarState
from verifiers.calendar.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.CALENDAR,
    state_type=CalendarState,
    templates=tuple(TEMPLATES),
    adapters=(FossifyCalendarAdapter(), SimpleCalendarProAdapter(), EtarAdapter(), VayunCalendarAdapter(),
              KashCalAdapter()),
    oracle=gold_script,
    cases=cases,
    doc="docs/calendar.md",
)

ADAPTERS = list(BUNDLE.adapters)
