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
    """Return an agent for ``--agent=name`` to override the built-in resolution, or None.

    Such an agent sees the goal and observations only (never the gold task); what it raises is its
    own failure (``valid_failure``, ``agent_exception``). If the hook itself raises, the run goes on
    and that worker's episodes are ``invalid`` with cause ``hook_error``."""


def pytest_anyapp_episode_finished(record: EpisodeRecord, item: pytest.Item) -> None:
    """Called on the worker after each episode's record is written. If it raises, that episode
    becomes ``invalid`` (``hook_error``, traceback recorded) and the run goes on."""


def pytest_anyapp_summary(table: Any, run_dir: Any) -> None:
    """Called on the controller with the run's gap table after it is written."""
