"""Hooks AnyAppBench adds to pytest, for conftest files and other plugins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from pytest_anyapp.agents.base import Agent
    from pytest_anyapp.options import RunOptions
    from pytest_anyapp.records.models import EpisodeRecord


@pytest.hookspec(firstresult=True)
def pytest_anyapp_make_agent(name: str, options: RunOptions) -> Agent | None:
    """Return an agent for ``--agent=name`` to override the built-in resolution, or None."""


def pytest_anyapp_episode_finished(record: EpisodeRecord, item: pytest.Item) -> None:
    """Called on the worker after each episode's record is written."""


def pytest_anyapp_summary(table: Any, run_dir: Any) -> None:
    """Called on the controller with the run's gap table after it is written."""
