"""A pytest plugin for the pytest that ``anyapp validate`` runs: Orgzly Revived's seeder drops its
launch guard (the Getting Started flag), so the app imports a notebook into the seeded state at
launch (``tests/categories/test_first_start.py``'s broken seeder, applied to the adapter class)."""

from __future__ import annotations

from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    from verifiers.base import FirstStartDone
    from verifiers.notes.adapters import OrgzlyAdapter

    seed = OrgzlyAdapter.seed

    def seed_without_guard(self: OrgzlyAdapter, device: Any, state: Any) -> None:
        seed(self, device, state)
        device.check("rm -f /data/data/com.orgzlyrevived/shared_prefs/state.xml")

    OrgzlyAdapter.first_start = FirstStartDone(kind="file")
    OrgzlyAdapter.seed_prefs = {}
    OrgzlyAdapter.seed = seed_without_guard  # type: ignore[method-assign]
