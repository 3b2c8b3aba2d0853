"""Agents see what a user would: custom and model agents get the goal and observations only; the
gold task reaches built-in privileged agents (oracle, replay) through ``reset_privileged`` alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CONFTEST = '''
import json, os
from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, PrivilegedAgent


class Spy(Agent):
    name = "spy"

    def reset(self, context):
        super().reset(context)
        with open(os.environ["SPY_OUT"], "a") as f:
            f.write(json.dumps({"context": context.model_dump()}) + "\\n")

    def step(self, observation):
        seen = observation.model_dump(exclude={"screenshot_png", "ui_elements"})
        with open(os.environ["SPY_OUT"], "a") as f:
            f.write(json.dumps({"observation": seen}) + "\\n")
        return AgentStep(action=Action(action="terminate", status="failure"))


class WantsGold(PrivilegedAgent):
    """A user agent claiming the privileged channel: it is not opened to it."""
    name = "wants-gold"

    def reset_privileged(self, context, task):
        self.params = task.params

    def step(self, observation):
        return AgentStep(action=Action(action="terminate", status="success"))


def pytest_anyapp_make_agent(name, options):
    return {"spy": Spy, "wants-gold": WantsGold}.get(name, lambda: None)()
'''

PAIR = ["-k", "SmsSend-simple_sms_messenger-i0"]


@pytest.fixture
def bench(pairs_dir: pytest.Pytester) -> pytest.Pytester:
    pairs_dir.makeconftest(CONFTEST)
    return pairs_dir


def _record(root: Path) -> dict:
    (path,) = root.glob("res/*/*/episode.json")
    return json.loads(path.read_text())


def test_custom_agent_gets_no_gold_data(bench, monkeypatch):
    out = bench.path / "spy.jsonl"
    monkeypatch.setenv("SPY_OUT", str(out))
    bench.runpytest("--agent=spy", *PAIR, "--results-dir=res").assert_outcomes(failed=1)
    seen = [json.loads(line) for line in out.read_text().splitlines()]
    context = seen[0]["context"]
    assert set(context) == {"prompt_goal", "step_budget", "condition"}
    rec = _record(bench.path)
    params = rec["provenance"]["task"]["params"]
    assert context["prompt_goal"] == rec["goal"]
    text = json.dumps(seen)
    # the goal names the recipient and message (a user is told them); nothing else sampled leaks
    hidden = {k: v for k, v in params.items() if str(v) not in rec["goal"]}
    assert all(str(v) not in text for v in hidden.values()), hidden
    assert "params" not in text and "semantic_id" not in text and rec["provenance"]["agent"]["privileged"] is False


def test_privileged_channel_is_closed_to_user_agents(bench):
    result = bench.runpytest("--agent=wants-gold", *PAIR, "--results-dir=res", "--infra-retries=2")
    result.assert_outcomes(failed=1)  # the user's agent raised: its failure
    rec = _record(bench.path)
    assert rec["status"] == "valid_failure"
    assert rec["exception"]["cause"] == "agent_exception" and "only built-in agents" in rec["exception"]["message"]
    assert len(rec["attempts"]) == 1


def test_oracle_is_the_privileged_builtin(bench):
    bench.runpytest("--agent=oracle", *PAIR, "--results-dir=res").assert_outcomes(passed=1)
    assert _record(bench.path)["provenance"]["agent"]["privileged"] is True
