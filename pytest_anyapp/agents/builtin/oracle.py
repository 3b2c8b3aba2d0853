"""The oracle agent: performs the gold solution through the app's UI with the common actions only
(the driving logic is ``pytest_anyapp.agents.oracle.OracleDriver``)."""

from __future__ import annotations

from pytest_anyapp.agents.base import Agent, AgentStep, EpisodeContext, Observation
from pytest_anyapp.agents.oracle import By, OracleDriver, script_for


class OracleAgent(Agent):
    name = "oracle"

    def reset(self, context: EpisodeContext) -> None:
        super().reset(context)
        self._driver = OracleDriver(iter(script_for(context.task.semantic_id, context.task.app_id)(context.task)))

    def step(self, observation: Observation) -> AgentStep:
        return AgentStep(action=self._driver.next_action(observation), raw_output=None, thought="oracle")


def create(options: object) -> Agent:
    return OracleAgent()


__all__ = ["By", "OracleAgent", "create"]
