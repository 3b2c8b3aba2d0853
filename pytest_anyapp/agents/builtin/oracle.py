"""The oracle agent: performs the gold solution through the app's UI with the common actions only
(the driving logic is ``pytest_anyapp.agents.oracle.OracleDriver``). It receives the gold task
through the privileged channel; shown values are read from observations."""

from __future__ import annotations

from typing import ClassVar

from pytest_anyapp.agents.base import Agent, AgentStep, EpisodeContext, Observation, ObservationPart, PrivilegedAgent, TaskInfo
from pytest_anyapp.agents.oracle import By, OracleDriver, script_for


class OracleAgent(PrivilegedAgent):
    """Gets the gold task through the privileged channel; reads shown values from observations."""

    name = "oracle"
    #: It finds its targets in the UI tree.
    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"ui_tree"})

    def reset_privileged(self, context: EpisodeContext, task: TaskInfo) -> None:
        self.context = context
        self._driver = OracleDriver(iter(script_for(task.semantic_id, task.app_id)(task)))

    def step(self, observation: Observation) -> AgentStep:
        return AgentStep(action=self._driver.next_action(observation), raw_output=None, thought="oracle")


def create(options: object) -> Agent:
    return OracleAgent()


__all__ = ["By", "OracleAgent", "create"]
