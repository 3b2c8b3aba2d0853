"""Early stop never ends a ``ui`` pair: its outcome is the screen, so the agent must end the
episode with the outcome on screen. The oracle's own steps, replayed without its final
``terminate``, pass a durable pair by early stop and fail a ``ui`` pair (budget exhausted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.registry import schedule

AGENT = '''
import json, os
from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep


class NeverEnds(Agent):
    """Plays the recorded actions, minus the one that ended the episode, then waits."""
    name = "never-ends"
    observes = frozenset({"ui_tree"})  # as the oracle: the same round trips between the same actions

    def reset(self, context):
        super().reset(context)
        self.actions = [a for a in json.loads(open(os.environ["NEVER_ENDS_ACTIONS"]).read())
                        if a["action"] not in ("terminate", "answer")]

    def step(self, observation):
        i = observation.step_index
        fields = self.actions[i] if i < len(self.actions) else {"action": "wait"}
        fields = {k: v for k, v in fields.items() if k != "actuation_note"}
        return AgentStep(action=Action(**fields))


def pytest_anyapp_make_agent(name, options):
    return NeverEnds() if name == "never-ends" else None
'''


def _first(mode: str) -> str:
    return next(i.test_id for i in schedule(only_instance=0)
                if i.pair.mode.mode == mode and i.pair.app.category.value == "sms" and not i.pair.template.uses_latch)


def _record(root: Path, run: str) -> dict:
    (path,) = (root / "res" / run).glob("*/episode.json")
    return json.loads(path.read_text())


@pytest.mark.timeout(600)
@pytest.mark.parametrize("mode,status,stop", [("ui", "valid_failure", "step_budget"),
                                              ("durable", "valid_success", "early_stop")])
def test_early_stop_ends_durable_pairs_only(pairs_dir, monkeypatch, mode, status, stop):
    test_id = _first(mode)
    node = f"test_pairs.py::test_pair[{test_id}]"
    pairs_dir.makeconftest(AGENT)
    pairs_dir.runpytest("-p", "no:randomly", node, "--agent=oracle", "--results-dir=res", "--run-id=oracle",
                        "--infra-retries=0", "--save-screens=0")
    oracle = _record(pairs_dir.path, "oracle")
    assert oracle["status"] == "valid_success", oracle.get("exception")
    actions = pairs_dir.path / "actions.json"
    actions.write_text(json.dumps([s["action"] for s in oracle["steps"]]))
    monkeypatch.setenv("NEVER_ENDS_ACTIONS", str(actions))
    pairs_dir.runpytest("-p", "no:randomly", node, "--agent=never-ends", "--results-dir=res", "--run-id=never",
                        "--infra-retries=0", "--save-screens=0")
    rec = _record(pairs_dir.path, "never")
    assert (rec["status"], rec["stop_reason"]) == (status, stop), rec["verifier"]
