"""The null agent terminates at once. Every pair must fail with it: a pass means a broken verifier."""

from __future__ import annotations

from typing import ClassVar

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, Observation, ObservationPart


class NullAgent(Agent):
    name = "null"
    observes: ClassVar[frozenset[ObservationPart]] = frozenset()

    def step(self, observation: Observation) -> AgentStep:
        return AgentStep(action=Action(action="terminate", status="failure"), raw_output=None)


def create(options: object) -> Agent:
    return NullAgent()
