"""End to end: the M3A set-of-marks agents drive a real simulated device through the plugin.

M3A's actions name element indexes that the adapter assigns at each step, so the scripted model
cannot be a fixed list of outputs. Instead a responder on the loopback endpoint reads each request
the way a model would: the goal (parsed with the template's own instruction), how many steps are
in the history, and the numbered element list; it answers with the oracle script's next intent,
naming the index of the element that the oracle's selector picks. Summary requests get a fixed
summary. On the goal of instance 0 it follows the oracle (passed); on any other goal it types a
wrong message through the same UI (failed).
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest

from pytest_anyapp.agents.base import TaskInfo, UIElement
from pytest_anyapp.agents.config import load_model_configs
from pytest_anyapp.agents.oracle import Done, Intent, Tap, TypeInto, script_for
from pytest_anyapp.registry import params_for, template_by_id

from .conftest import task_info
from .fake_endpoints import (
    Fail,
    FakeGeminiServer,
    FakeOpenAIServer,
    Scripted,
    prompt_text,
)
from .test_episode_e2e import SOLVED, UNSOLVED, by_suffix, records, run_bench

SEMANTIC_ID, APP_ID = "SmsSend", "sms_simple_sms_messenger"
SEED = 30
SUMMARY = "The action was carried out and the screen changed as expected."
_HISTORY = re.compile(r"What you have done so far:\n(.*?)\n\nUI elements on the current screen:", re.DOTALL)
_ELEMENT = re.compile(r"^UI element (\d+): (\{.*\})$", re.MULTILINE)


def instance_params(instance: int) -> dict[str, Any]:
    """The parameters the plugin samples for ``SmsSend`` instance ``instance`` at ``--seed=SEED``."""
    return params_for(template_by_id(SEMANTIC_ID), SEED, instance)


def goal_pattern() -> re.Pattern[str]:
    """The template's instruction as a regex with one named group per placeholder."""
    pattern = re.escape(template_by_id(SEMANTIC_ID).instruction)
    for name in re.findall(r"\{(\w+)\}", template_by_id(SEMANTIC_ID).instruction):
        pattern = pattern.replace(re.escape(f"{{{name}}}"), f"(?P<{name}>.+?)", 1)
    return re.compile(rf"The user's goal: {pattern}\n")


def request_text(body: dict[str, Any]) -> str:
    """The prompt text of an OpenAI chat body or a Gemini ``generateContent`` body."""
    if "messages" in body:
        return prompt_text(body)
    return "\n".join(p.get("text", "") for c in body.get("contents", []) for p in c.get("parts", []))


def listed_elements(text: str) -> list[UIElement]:
    """The element list as the prompt shows it (list position = the index the adapter accepts)."""
    out = []
    for index, line in _ELEMENT.findall(text):
        info = json.loads(line)
        assert info["index"] == int(index)
        out.append(UIElement(index=int(index), text=info.get("text", ""), content_desc=info.get("content_description", ""),
                             resource_id=info.get("resource_id", ""), class_name=info.get("class_name", ""),
                             bounds=(0, 0, 0, 0)))
    return out


class OracleResponder:
    """Answers M3A requests with the oracle's next intent, resolved against the sent element list.

    Stateless per request (the step comes from the history in the prompt), so a retried request
    gets the same answer. Anything it cannot answer is recorded in ``problems`` and returned as
    an HTTP 400, which the test reports by name rather than as a bare outcome mismatch.
    """

    def __init__(self, solve: dict[str, Any], wrong_message: str) -> None:
        self.solve, self.wrong_message = solve, wrong_message
        self.pattern = goal_pattern()
        self.problems: list[str] = []
        self.actions: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Scripted:
        text = request_text(body)
        if "Reply with the summary only." in text:
            return SUMMARY
        try:
            action = self.next_action(text)
        except LookupError as exc:
            with self._lock:
                self.problems.append(str(exc))
            return Fail(400, str(exc))
        with self._lock:
            self.actions.append(action)
        return f"Reason: Following the plan for this screen.\nAction: {json.dumps(action)}"

    def next_action(self, text: str) -> dict[str, Any]:
        goal = self.pattern.search(text)
        history = _HISTORY.search(text)
        if goal is None or history is None:
            raise LookupError(f"not an M3A action prompt: {text[:300]!r}")
        params = {k: v for k, v in goal.groupdict().items() if k != "app"}
        if params != self.solve:  # any other instance: the same UI path, the wrong words
            params = {**params, "message": self.wrong_message}
        done = sum(1 for line in history.group(1).splitlines() if line.startswith("Step "))
        intents = self.intents(params)
        if done >= len(intents):
            raise LookupError(f"step {done + 1}: the oracle script has only {len(intents)} intents")
        return self.resolve(intents[done], listed_elements(text), done)

    @staticmethod
    def intents(params: dict[str, Any]) -> list[Intent]:
        task: TaskInfo = task_info().model_copy(update={"semantic_id": SEMANTIC_ID, "params": params})
        return list(script_for(SEMANTIC_ID, APP_ID)(task))

    @staticmethod
    def resolve(intent: Intent, elements: list[UIElement], done: int) -> dict[str, Any]:
        if isinstance(intent, Done):
            return {"action_type": "status", "goal_status": "complete"}
        if not isinstance(intent, Tap | TypeInto):
            raise LookupError(f"step {done + 1}: no M3A form for the oracle intent {intent!r}")
        target = intent.target.find(elements)
        if target is None:
            raise LookupError(f"step {done + 1}: {intent.target!r} matches no listed element")
        if isinstance(intent, TypeInto):
            return {"action_type": "input_text", "text": intent.text, "index": target.index}
        return {"action_type": "click", "index": target.index}


FLAVOURS = {
    "m3a-openai": ("OPENAI_BASE_URL", "OPENAI_API_KEY"),
    "m3a-gemini": ("GEMINI_BASE_URL", "GEMINI_API_KEY"),
}


def start_server(name: str) -> FakeOpenAIServer | FakeGeminiServer:
    if name == "m3a-gemini":
        return FakeGeminiServer()
    return FakeOpenAIServer(load_model_configs(env={})[name].model)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FLAVOURS))
def test_index_naming_model_solves_one_instance_and_sends_the_wrong_text_in_the_other(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    solved_params = instance_params(0)
    wrong = f"{instance_params(1)['message']} Not really."
    responder = OracleResponder(solved_params, wrong)
    config = pytester.path / "a.json"
    # The oracle's SMS script is a path without Enter after typing: with AndroidWorld's Enter (M3A's
    # default executor) the recipient field confirms itself and the script's "Confirm" tap has no
    # target. This run overrides the executor, which the record must then say.
    config.write_text(json.dumps({"agents": {name: {"retry": {"backoff_s": 0.0, "max_attempts": 2},
                                                    "executor": {"enter_after_type": False}}}}))
    url_env, key_env = FLAVOURS[name]
    server = start_server(name)
    with server:
        server.respond(responder)
        monkeypatch.setenv(url_env, server.base_url)
        monkeypatch.setenv(key_env, "test-key")  # a placeholder: the loopback server checks nothing
        result = run_bench(pytester, f"--agent={name}", f"--agent-config={config}", f"--seed={SEED}",
                           "-k", f"{SOLVED} or {UNSOLVED}", f"--run-id={name}")
    recs = records(pytester.path / "res" / name)
    solved, unsolved = by_suffix(recs, SOLVED), by_suffix(recs, UNSOLVED)
    exc = solved.get("exception") or {}
    if solved["status"] == "invalid_infrastructure" and exc.get("phase") == "preflight":
        pytest.skip(f"simulated device not ready: {exc.get('message')}")  # as in test_episode_e2e
    assert not responder.problems, responder.problems
    result.assert_outcomes(passed=1, failed=1)
    assert solved["provenance"]["task"]["params"] == solved_params, "the responder solved for another instance"
    assert unsolved["provenance"]["task"]["params"]["number"] != solved_params["number"]

    # Solved through the UI: one step per oracle UI intent; the harness stops early once the
    # verifier holds, so the send is the last step (status{complete} is never asked for).
    assert solved["status"] == "valid_success" and solved["stop_reason"] == "early_stop"
    steps = solved["steps"]
    natives = [s["agent_extra"]["native_action_type"] for s in steps]
    assert natives == ["click", "input_text", "click", "input_text", "click"]
    typed = [s["action"] for s in steps if s["action"]["action"] == "type"]
    assert [t["text"] for t in typed] == [solved_params["number"], solved_params["message"]]
    assert all("coordinate" in t for t in typed), "input_text{index} types into the named field"
    # The overridden executor applied and is recorded: tap the field, type, no Enter.
    assert solved["acting"]["enter_after_type"] is False and solved["acting"]["declared"]["enter_after_type"] is False
    for s in steps:
        if s["action"]["action"] == "type":
            tap, text = s["device_commands"]
            assert tap.startswith("input tap") and text.startswith("input text")
    # Every step after the first also summarised the previous action (M3A's history).
    assert [s["model_calls"] for s in steps] == [1] + [2] * (len(steps) - 1)
    assert all(s["agent_extra"]["summary_raw_output"] == SUMMARY for s in steps[1:])
    assert all(s["raw_output"].startswith("Reason:") for s in steps)

    # Not solved: the same path, the wrong words; the agent believes it succeeded.
    assert unsolved["status"] == "valid_failure" and unsolved["verifier"]["success"] is False
    assert unsolved["agent_done"] and unsolved["terminate_status"] == "success"
    assert [s["agent_extra"]["native_action_type"] for s in unsolved["steps"]] == [*natives, "status"]
    assert wrong in [s["action"].get("text") for s in unsolved["steps"]]

    model = solved["provenance"]["agent"]["model"]
    assert model["model_id"] == load_model_configs(env={})[name].model and len(model["config_sha256"]) == 64
    assert "test-key" not in json.dumps(solved) + json.dumps(unsolved)
