"""How a model agent acts: its coordinate space, executor semantics and prompt templates come from
its config entry, are checked before any episode, and are reported for the record."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.agents.config import load_model_configs
from pytest_anyapp.agents.models.model_agent import ModelAgent, render_template
from pytest_anyapp.agents.models.transport import ModelReply
from pytest_anyapp.agents.registry import AgentOptions, create_agent
from pytest_anyapp.errors import ConfigError

from .conftest import C1_GOAL, context, observation, texts


def offline(tmp_path: Path, overrides: dict[str, dict[str, Any]] | None = None) -> Path:
    agents: dict[str, dict[str, Any]] = {n: {"attest": False} for n in load_model_configs(env={})}
    for name, fields in (overrides or {}).items():
        agents.setdefault(name, {}).update(fields)
    path = tmp_path / "agents.json"
    path.write_text(json.dumps({"agents": agents}), encoding="utf-8")
    return path


def build(path: Path, name: str, env: dict[str, str] | None = None) -> ModelAgent:
    agent = create_agent(name, AgentOptions(config_path=path), env=env or {})
    assert isinstance(agent, ModelAgent)
    agent.reset(context())
    return agent


def act(agent: ModelAgent, raw: str) -> dict[str, Any]:
    obs = observation()
    request = agent.build_request(obs)
    return agent.parse(ModelReply(text=raw, latency_s=0, elapsed_s=0), request, obs).action.model_dump(exclude_none=True)


# -- coordinate space ----------------------------------------------------------------------------
def test_every_builtin_entry_states_its_coordinate_space() -> None:
    for name, config in load_model_configs(env={}).items():
        assert config.coordinate_space or config.coordinate_spaces_by_model, name
        assert config.executor.source, f"{name}: executor defaults must cite their source"


def test_python_action_with_an_unknown_model_and_no_space_is_a_usage_error(tmp_path: Path) -> None:
    path = offline(tmp_path)
    with pytest.raises(ConfigError, match=r"'someone/new-vlm'.*coordinate_space"):
        build(path, "openai-python-action", {"PYTHON_ACTION_MODEL": "someone/new-vlm"})
    known = build(path, "openai-python-action", {"PYTHON_ACTION_MODEL": "inclusionAI/UI-Venus-Navi-72B"})
    assert known.coordinate_space == "image_pixels"


def test_a_stated_space_is_used(tmp_path: Path) -> None:
    env = {"PYTHON_ACTION_MODEL": "someone/new-vlm"}
    path = offline(tmp_path, {"openai-python-action": {"coordinate_space": "normalised_999"}})
    agent = build(path, "openai-python-action", env)
    assert act(agent, "<action>Click(box=(500, 500))</action>") == {"action": "click", "coordinate": (541, 1201)}
    assert agent.describe()["coordinate_space"] == "normalised_999"


def test_an_adapter_refuses_a_space_it_cannot_read(tmp_path: Path) -> None:
    path = offline(tmp_path, {"Qwen3-VL-8B": {"coordinate_space": "element_index"}})
    with pytest.raises(ConfigError, match="cannot read coordinate space"):
        build(path, "Qwen3-VL-8B")


# -- executor semantics --------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "enter", "settle"), [
    ("GUI-Owl-7B", True, 3.0), ("UI-Voyager", True, 2.5), ("m3a-openai", True, 3.0),
    ("MAI-UI-8B", False, 1.0), ("UI-Venus-7B", True, 2.0), ("Qwen3-VL-8B", True, 1.0),
])
def test_executor_defaults_are_the_upstream_ones(name: str, enter: bool, settle: float) -> None:
    executor = load_model_configs(env={})[name].executor
    assert (executor.enter_after_type, executor.settle_s) == (enter, settle)


def test_executor_is_overridable_per_run_and_reported(tmp_path: Path) -> None:
    path = offline(tmp_path, {"GUI-Owl-7B": {"executor": {"enter_after_type": False}}})
    agent = build(path, "GUI-Owl-7B")
    info = agent.describe()
    assert info["executor"]["enter_after_type"] is False
    assert info["executor"]["settle_s"] == 3.0, "a partial override keeps the other defaults"
    (tmp_path / "default").mkdir()
    default = build(offline(tmp_path / "default"), "GUI-Owl-7B")
    assert default.config_sha256 != agent.config_sha256, "the executor is part of what makes runs comparable"


def test_mai_ui_direction_swipe_follows_mobileworld(tmp_path: Path) -> None:
    agent = build(offline(tmp_path), "MAI-UI-8B")
    call = '<thinking>\nx\n</thinking>\n<tool_call>\n{"name": "mobile_use", "arguments": %s}\n</tool_call>'
    # MobileWorld's controller: unit = (W/10)*2; up/down 2 units (0.4 W), left/right 1 unit (0.2 W).
    assert act(agent, call % '{"action": "swipe", "direction": "down"}')["coordinate2"] == (540, 1200 + 432)
    assert act(agent, call % '{"action": "swipe", "direction": "left"}')["coordinate2"] == (540 - 216, 1200)


# -- prompts -------------------------------------------------------------------------------------
def test_render_template_replaces_only_known_placeholders() -> None:
    text = render_template('{goal} | {history} | {screen_width}x{screen_height} | {app_list} | {"a": {other}}',
                           {"goal": "G", "history": "H", "screen_width": 1080, "screen_height": 2400, "app_list": "A, B"})
    assert text == 'G | H | 1080x2400 | A, B | {"a": {other}}'


def test_a_user_template_replaces_our_prompt_and_its_sha256_is_reported(tmp_path: Path) -> None:
    template = tmp_path / "venus_user.txt"
    template.write_text("TASK: {goal}\nDONE: {history}\nSCREEN {screen_width}x{screen_height}\n"
                        "IMAGE {image_width}x{image_height}\n", encoding="utf-8")
    path = offline(tmp_path, {"UI-Venus-7B": {"prompt_template": {"user": "venus_user.txt"}}})  # relative to the file
    agent = build(path, "UI-Venus-7B")
    request = agent.build_request(observation())
    assert texts(request.messages[0])[0] == f"TASK: {C1_GOAL}\nDONE: None\nSCREEN 1080x2400\nIMAGE 644x1428\n"
    sha = hashlib.sha256(template.read_bytes()).hexdigest()
    assert agent.describe()["prompt_template"] == {"user": {"path": str(template), "sha256": sha}}
    before = agent.config_sha256
    template.write_text("changed {goal}", encoding="utf-8")
    assert build(path, "UI-Venus-7B").config_sha256 != before, "the template text, not its path, is hashed"


def test_a_missing_template_file_is_a_usage_error(tmp_path: Path) -> None:
    path = offline(tmp_path, {"GUI-Owl-7B": {"prompt_template": {"system": "nope.txt"}}})
    with pytest.raises(ConfigError, match="nope.txt"):
        build(path, "GUI-Owl-7B")


def test_ui_voyager_user_template_needs_the_image_marker(tmp_path: Path) -> None:
    (tmp_path / "u.txt").write_text("{goal} without a screenshot slot", encoding="utf-8")
    agent = build(offline(tmp_path, {"UI-Voyager": {"prompt_template": {"user": "u.txt"}}}), "UI-Voyager")
    with pytest.raises(ConfigError, match="<image>"):
        agent.build_request(observation())


def test_m3a_takes_no_template(tmp_path: Path) -> None:
    (tmp_path / "s.txt").write_text("x", encoding="utf-8")
    with pytest.raises(ConfigError, match="no system prompt template"):
        build(offline(tmp_path, {"m3a-openai": {"prompt_template": {"system": "s.txt"}}}), "m3a-openai",
              {"OPENAI_API_KEY": "k"})


def test_mai_ui_prompt_keeps_upstream_meaning(tmp_path: Path) -> None:
    agent = build(offline(tmp_path), "MAI-UI-8B")
    system = texts(agent.build_request(observation()).messages[0])[0]
    assert "always use the open action" in system and "only if open fails" in system
    assert "- Available apps: " in system and "Simple SMS Messenger" in system and "Fossify Messages" in system


def test_ui_voyager_question_rule_keeps_upstream_meaning(tmp_path: Path) -> None:
    agent = build(offline(tmp_path), "UI-Voyager")
    system = texts(agent.build_request(observation()).messages[0])[0]
    assert "found, given or confirmed its answer" in system
    assert "action=terminate and status=success" in system


def test_unknown_coordinate_space_stops_the_run_before_any_episode(pytester: pytest.Pytester,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()
    pytester.makepyfile(test_pairs=pairs)
    monkeypatch.setenv("PYTHON_ACTION_MODEL", "someone/new-vlm")
    result = pytester.runpytest("-p", "no:randomly", "--agent=openai-python-action", "--results-dir=res",
                                "-k", "SmsSend-simple_sms_messenger-i0")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    said = result.stdout.lines + result.stderr.lines  # a usage error is said once, on stderr
    assert any("someone/new-vlm" in line and "coordinate_space" in line for line in said), said
    assert not list((pytester.path / "res").glob("*/*/episode.json")), "no episode ran"
