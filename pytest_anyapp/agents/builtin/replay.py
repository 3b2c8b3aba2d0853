"""Replays the actions of a recorded episode, to reproduce a failed pair without the model.

The trajectory comes from ``--replay PATH`` (an ``episode.json`` or a run directory holding one
per test id). Once the recorded actions run out the agent terminates, so a replay can never take
more steps than the original.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, get_args

from pytest_anyapp.agents.actions import Action, ActionName
from pytest_anyapp.agents.base import AgentStep, EpisodeContext, Observation, ObservationPart, PrivilegedAgent, TaskInfo
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.records.models import EpisodeRecord

if TYPE_CHECKING:
    from pytest_anyapp.agents.registry import AgentOptions


class ReplayAgent(PrivilegedAgent):
    name = "replay"
    #: Recorded actions need no observation.
    observes: ClassVar[frozenset[ObservationPart]] = frozenset()

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

    def reset_privileged(self, context: EpisodeContext, task: TaskInfo) -> None:
        self.context = context
        test_id = f"{task.category}-{task.semantic_id}-{task.app_id.split('_', 1)[1]}-i{task.instance}"
        record = EpisodeRecord.model_validate_json(self._record_path(test_id).read_text())
        steps = [s for s in record.steps if s.action.get("action") in get_args(ActionName)]
        self._actions = [Action.model_validate(s.action) for s in steps]
        self._raw = [s.raw_output for s in steps]
        self._i = 0

    def step(self, observation: Observation) -> AgentStep:
        if self._i >= len(self._actions):
            return AgentStep(action=Action(action="terminate", status="failure"), raw_output=None)
        action, raw = self._actions[self._i], self._raw[self._i]
        self._i += 1
        return AgentStep(action=action, raw_output=raw, thought="replay")

    def describe(self) -> dict[str, object]:
        return {"agent": self.name, "replay_source": str(self.source)}


def create(options: AgentOptions) -> ReplayAgent:
    if options.replay_path is None:
        raise ConfigError("--agent=replay needs --replay PATH (an episode.json or a run directory)")
    return ReplayAgent(options.replay_path)
