"""Replays the actions of a recorded episode, to reproduce a failed pair without the model.

The trajectory comes from ``--replay PATH`` (an ``episode.json`` or a run directory holding one
per test id). Once the recorded actions run out the agent terminates, so a replay can never take
more steps than the original.
"""

from __future__ import annotations

import json
from pathlib import Path

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, EpisodeContext, Observation
from pytest_anyapp.errors import ConfigError


class ReplayAgent(Agent):
    name = "replay"

    def __init__(self, source: Path) -> None:
        if not source.exists():
            raise ConfigError(f"--replay path {source} does not exist")
        self.source = source

    def _record_path(self, test_id: str) -> Path:
        if self.source.is_file():
            return self.source
        candidate = self.source / test_id / "episode.json"
        if not candidate.exists():
            raise ConfigError(f"no recorded episode for {test_id} under {self.source}")
        return candidate

    def reset(self, context: EpisodeContext) -> None:
        super().reset(context)
        task = context.task
        test_id = f"{task.category}-{task.semantic_id}-{task.app_id.split('_', 1)[1]}-i{task.instance}"
        data = json.loads(self._record_path(test_id).read_text())
        self._actions = [Action.model_validate(step["action"]) for step in data.get("steps", [])]
        self._raw = [step.get("raw_output") for step in data.get("steps", [])]
        self._i = 0

    def step(self, observation: Observation) -> AgentStep:
        if self._i >= len(self._actions):
            return AgentStep(action=Action(action="terminate", status="failure"), raw_output=None)
        action, raw = self._actions[self._i], self._raw[self._i]
        self._i += 1
        return AgentStep(action=action, raw_output=raw, thought="replay")

    def describe(self) -> dict[str, object]:
        return {"agent": self.name, "replay_source": str(self.source)}


def create(options: object) -> Agent:
    path = getattr(options, "replay_path", None)
    if path is None:
        raise ConfigError("--agent=replay needs --replay PATH (an episode.json or a run directory)")
    return ReplayAgent(Path(path))
