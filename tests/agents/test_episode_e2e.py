"""End to end: model adapters drive a real simulated device through the plugin.

The scripted "model" outputs are the oracle's solution of one SMS pair, re-expressed in each
model's native output format and coordinate space (resized-image pixels, 0-999, python calls),
ending with an answer full of apostrophes. Replayed from a real OpenAI-compatible server on
loopback, they must solve that instance (passed) - every tap inside the element the oracle meant,
the answer recorded verbatim, Enter pressed after typing exactly where the model's executor does -
and must not solve another instance with different parameters (failed). UI-Venus runs from a
user prompt-template file whose sha256 lands in the record. An unreachable endpoint is
``invalid``; unparseable output is a scored failure with the raw output in the record.
"""

from __future__ import annotations

import hashlib
import json
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.agents.config import load_model_configs
from pytest_anyapp.agents.models import images
from pytest_anyapp.device.uixml import parse_ui_dump

from .fake_endpoints import FakeOpenAIServer, prompt_text

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()
SOLVED = "SmsSend-simple_sms_messenger-i0"
UNSOLVED = "SmsSend-simple_sms_messenger-i1"
SCREEN = (1080, 2400)
ANSWER = "It's sent — I'll check back, ok? (Don't worry)"
VENUS_TEMPLATE = ("**GUI agent (user's own template).**\n### User Task\n{goal}\n### Previous Actions\n{history}\n"
                  "### Screen\n{screen_width}x{screen_height}\n### Available Actions\nClick(box=(x1, y1)) ...\n")

_oracle_cache: dict[str, Any] = {}  # one oracle run per test process


def run_bench(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    # --save-ui-tree: the checks below read each step's UI dump (taps inside the intended element)
    return pytester.runpytest("-p", "no:randomly", "--results-dir=res", "--infra-retries=0", "--save-ui-tree=1", *args)


def records(run_dir: Path) -> dict[str, dict[str, Any]]:
    """Final episode records of one run directory, by test id."""
    return {p.parent.name: json.loads(p.read_text()) for p in run_dir.glob("*/episode.json")}


def by_suffix(recs: dict[str, dict[str, Any]], suffix: str) -> dict[str, Any]:
    (rec,) = [r for tid, r in recs.items() if tid.endswith(suffix)]
    return rec


def oracle_solution(pytester: pytest.Pytester) -> tuple[list[dict[str, Any]], str]:
    """(actions, goal) of the oracle solving the ``SOLVED`` instance, from one oracle run."""
    if "skip" in _oracle_cache:
        pytest.skip(_oracle_cache["skip"])
    if not _oracle_cache:
        result = run_bench(pytester, "--agent=oracle", "-k", SOLVED, "--run-id=oracle")
        solved = by_suffix(records(pytester.path / "res" / "oracle"), SOLVED)
        _skip_if_device_not_ready(solved)
        assert solved["status"] == "valid_success", result.stdout.str()[-3000:]
        _oracle_cache.update(actions=[s["action"] for s in solved["steps"]], goal=solved["prompt_goal"])
    return _oracle_cache["actions"], _oracle_cache["goal"]


def _skip_if_device_not_ready(record: dict[str, Any]) -> None:
    """The simulated device is built in parallel with this suite; while it cannot pass its own
    preflight, no episode can run at all - skip, naming the reason, rather than fail here."""
    exc = record.get("exception") or {}
    if record["status"] == "invalid_infrastructure" and exc.get("phase") == "preflight":
        _oracle_cache["skip"] = f"simulated device not ready: {exc.get('message')}"
        pytest.skip(_oracle_cache["skip"])


# -- device actions -> each model's native output ------------------------------------------------

def _scale(point: list[int], space: tuple[int, int]) -> list[int]:
    return [round(point[0] * space[0] / SCREEN[0]), round(point[1] * space[1] / SCREEN[1])]


def _mobile_use(action: dict[str, Any], space: tuple[int, int], open_name: str) -> dict[str, Any]:
    a = action["action"]
    args: dict[str, Any] = {"action": a}
    for key in ("coordinate", "coordinate2"):
        if key in action:
            args[key] = _scale(action[key], space)
    if a in ("open", "open_app"):
        args["action"] = open_name
    if "text" in action:
        args["text"] = action["text"]
    if a == "system_button":
        args["button"] = action["button"].capitalize()
    if a == "terminate":
        args["status"] = action.get("status", "success")
    if a == "swipe" and "direction" in action and "coordinate2" not in action:
        args["direction"] = action["direction"]
    return args


def _call(args: dict[str, Any]) -> str:
    return json.dumps({"name": "mobile_use", "arguments": args})


def gui_owl(action: dict[str, Any]) -> str:
    args = _mobile_use(action, images.target_size(SCREEN, images.ImageLimits(28, 3136, 10035200)), "open")
    return f"<thinking>\nNext step.\n</thinking>\n<tool_call>\n{_call(args)}\n</tool_call>\n<conclusion>{args['action']}</conclusion>"


def qwen(action: dict[str, Any]) -> str:
    args = _mobile_use(action, (999, 999), "open")
    return f"Thought: Next step.\nAction: Do {args['action']}.\n<tool_call>\n{_call(args)}\n</tool_call>"


def mai(action: dict[str, Any]) -> str:
    args = _mobile_use(action, (999, 999), "open")
    if args["action"] == "terminate":
        args["status"] = "success" if args["status"] == "success" else "fail"
    return f"<thinking>\nNext step.\n</thinking>\n<tool_call>\n{_call(args)}\n</tool_call>"


def venus(action: dict[str, Any]) -> str:
    sent = images.target_size(SCREEN, images.ImageLimits(28, 830000, 937664))
    a = action["action"]
    if a in ("click", "long_press"):
        x, y = _scale(action["coordinate"], sent)
        call = f"{'Click' if a == 'click' else 'LongPress'}(box=({x}, {y}))"
    elif a == "swipe":
        (x1, y1), (x2, y2) = _scale(action["coordinate"], sent), _scale(action["coordinate2"], sent)
        call = f"Drag(start=({x1}, {y1}), end=({x2}, {y2}))"
    elif a == "type":
        call = f"Type(content={action['text']!r})"
    elif a in ("open", "open_app"):
        call = f"Launch(app={action['text']!r})"
    elif a == "system_button":
        call = f"Press{action['button'].capitalize()}()"
    elif a == "answer":  # written as the model writes it: single quotes around text with apostrophes
        call = f"CallUser(content='{action['text']}')"
    elif a == "wait":
        call = "Wait()"
    else:
        call = "Finished()"
    return f"<think>Next step.</think>\n<action>{call}</action>\n<conclusion>{call}</conclusion>"


NATIVE: dict[str, Callable[[dict[str, Any]], str]] = {
    "GUI-Owl-7B": gui_owl, "Qwen3-VL-8B": qwen, "UI-Voyager": qwen, "MAI-UI-8B": mai, "UI-Venus-7B": venus,
}


def fast_config(path: Path, name: str, **fields: Any) -> Path:
    path.write_text(json.dumps({"agents": {name: {"retry": {"backoff_s": 0.0, "max_attempts": 2}, **fields}}}))
    return path


def intended_element(xml: str, point: list[int]) -> tuple[int, int, int, int]:
    """Bounds of the smallest element containing the oracle's point: what it meant to tap."""
    x, y = point
    hits = [e.bounds for e in parse_ui_dump(xml)
            if e.bounds[0] <= x < e.bounds[2] and e.bounds[1] <= y < e.bounds[3]]
    assert hits, f"no element under the oracle's tap {point}"
    return min(hits, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))


def serve(name: str) -> tuple[FakeOpenAIServer, str]:
    config = load_model_configs(env={})[name]
    return FakeOpenAIServer(config.model, max_model_len=262144), config.base_url_env or ""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(NATIVE))
def test_scripted_outputs_solve_one_instance_and_not_the_other(pytester: pytest.Pytester,
                                                               monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    actions, goal = oracle_solution(pytester)
    actions = [a for a in actions if a["action"] not in ("terminate", "answer")] + [{"action": "answer", "text": ANSWER}]
    solution = [NATIVE[name](a) for a in actions]
    # The other instance asks for another message: opening the app and declaring success is wrong.
    not_a_solution = [NATIVE[name](actions[0]), NATIVE[name]({"action": "terminate", "status": "success"})]
    server, url_env = serve(name)
    with server:
        server.route(goal, *solution)
        server.script(*not_a_solution)
        monkeypatch.setenv(url_env, server.base_url)
        fields: dict[str, Any] = {}
        if name == "UI-Venus-7B":  # a user's own prompt template, end to end
            (pytester.path / "venus_user.txt").write_text(VENUS_TEMPLATE, encoding="utf-8")
            fields["prompt_template"] = {"user": "venus_user.txt"}
        config = fast_config(pytester.path / "a.json", name, **fields)
        result = run_bench(pytester, f"--agent={name}", f"--agent-config={config}", "--early-stop=0",
                           "-k", f"{SOLVED} or {UNSOLVED}", f"--run-id={name}")
    result.assert_outcomes(passed=1, failed=1)
    recs = records(pytester.path / "res" / name)
    solved, unsolved = by_suffix(recs, SOLVED), by_suffix(recs, UNSOLVED)
    assert solved["status"] == "valid_success"
    assert unsolved["status"] == "valid_failure" and unsolved["verifier"]["success"] is False
    assert unsolved["agent_done"] and unsolved["terminate_status"] == "success"
    model = solved["provenance"]["agent"]["model"]
    assert model["model_id"] == load_model_configs(env={})[name].model
    assert model["endpoint_model"] == model["model_id"] and len(model["config_sha256"]) == 64
    for step in solved["steps"]:
        assert step["raw_output"] in solution
        assert step["model_calls"] == 1 and step["usage"]["total_tokens"] > 0
    assert all(goal in prompt_text(r) for r in server.requests[: len(solved["steps"])])

    assert solved["answer"] == ANSWER and solved["stop_reason"] == "answer", "the answer is recorded verbatim"
    executor = load_model_configs(env={})[name].executor
    acting = solved["acting"]
    assert acting["enter_after_type"] is executor.enter_after_type and acting["declared"]["source"] == executor.source
    assert acting["settle_s"] == 0.0 and acting["screen_size"] == list(SCREEN), "the sim: measured, no settling"
    run_dir = pytester.path / "res" / name
    for oracle, step in zip(actions, solved["steps"], strict=True):
        if oracle["action"] in ("click", "long_press"):
            left, top, right, bottom = intended_element(
                (run_dir / solved["test_id"] / step["ui_dump"]).read_text(), oracle["coordinate"])
            x, y = step["action"]["coordinate"]
            assert left <= x < right and top <= y < bottom, f"{name} tapped {x},{y} outside the intended element"
        commands = step["device_commands"]
        if oracle["action"] == "type":  # Enter right after typing exactly where the model's executor presses it
            last_typed = max(i for i, c in enumerate(commands) if c.startswith("input text"))
            assert commands[last_typed + 1:] == (["input keyevent 66"] if executor.enter_after_type else []), commands
        elif oracle["action"] != "system_button":
            assert "input keyevent 66" not in commands, f"{name}: {oracle['action']} ran {commands}"
    if name == "UI-Venus-7B":
        sha = hashlib.sha256(VENUS_TEMPLATE.encode()).hexdigest()
        assert model["prompt_template"]["user"]["sha256"] == sha
        assert acting["declared"]["prompt_template_sha256"] == {"user": sha}
        assert "(user's own template)" in prompt_text(server.requests[0]) and "1080x2400" in prompt_text(server.requests[0])


@pytest.mark.slow
def test_endpoint_down_stops_the_run_before_any_episode(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """The endpoint is checked once before the first episode (mid-run failures: tests/plugin)."""
    oracle_solution(pytester)  # skips while the simulated device cannot run episodes
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("GUI_OWL_BASE_URL", f"http://127.0.0.1:{port}/v1")
    result = run_bench(pytester, "--agent=GUI-Owl-7B", f"--agent-config={fast_config(pytester.path / 'a.json', 'GUI-Owl-7B')}",
                       "-k", SOLVED, "--run-id=down", "--json-report", "--json-report-file=r.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"http://127.0.0.1:{port}/v1" in "\n".join(result.outlines + result.errlines)
    assert not (pytester.path / "res" / "down").exists()


@pytest.mark.slow
def test_unparseable_output_is_a_scored_failure_with_the_raw_output(pytester: pytest.Pytester,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    oracle_solution(pytester)  # skips while the simulated device cannot run episodes
    server, url_env = serve("Qwen3-VL-8B")
    garbage = "Thought: I am done.\nAction: Send it."  # no <tool_call>
    with server:
        server.script(garbage, garbage)
        monkeypatch.setenv(url_env, server.base_url)
        result = run_bench(pytester, "--agent=Qwen3-VL-8B", "--parse-failure=retry:1",
                           f"--agent-config={fast_config(pytester.path / 'a.json', 'Qwen3-VL-8B')}",
                           "-k", SOLVED, "--run-id=garbage")
    result.assert_outcomes(failed=1)
    rec = by_suffix(records(pytester.path / "res" / "garbage"), SOLVED)
    assert rec["status"] == "valid_failure" and rec["exception"]["cause"] == "action_parse_error"
    assert rec["steps"][-1]["raw_output"] == garbage
    assert rec["steps"][-1]["agent_extra"]["raw_outputs"] == [garbage, garbage]
    assert rec["provenance"]["agent"]["model"]["parse_failure"] == "retry:1"
