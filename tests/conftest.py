"""Shared pytest configuration for the test suite."""
from __future__ import annotations

pytest_plugins = ["pytest_anyapp.sim.pytest_fixtures"]


def pytest_configure(config: object) -> None:
    """Import every category bundle (templates, adapters, oracle scripts) and the simulator's app
    doubles before any test: pytester's in-process runs restore ``sys.modules`` to what was loaded
    when they started, so a module first imported inside one run would be imported again, as a
    second copy, by the next — and the oracle would no longer recognise its own intents."""
    import pytest_anyapp.agents.oracle  # noqa: F401
    from pytest_anyapp.registry import adapters, templates_by_category
    from verifiers import bundles

    bundles()
    templates_by_category()
    adapters()
