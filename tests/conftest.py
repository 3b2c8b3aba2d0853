"""Shared pytest configuration for the test suite."""
from __future__ import annotations

pytest_plugins = ["pytest_anyapp.sim.pytest_fixtures"]
