"""The model config: built-in entries, user overrides, hashing, key handling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.agents.config import (
    USER_CONFIG_ENV,
    load_model_configs,
    resolved_config_sha256,
)
from pytest_anyapp.agents.models import ADAPTERS
from pytest_anyapp.agents.registry import AgentOptions, create_agent, known_agent_names
from pytest_anyapp.errors import ConfigError

REQUIRED_AGENTS = {"GUI-Owl-7B", "UI-Venus-7B", "MAI-UI-8B", "Qwen3-VL-8B", "Qwen3-VL-30B-A3B", "UI-Voyager",
                   "openai-python-action", "m3a-gemini", "m3a-openai"}


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "user.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_builtin_config_has_every_agent_with_a_known_adapter() -> None:
    configs = load_model_configs(env={})
    assert REQUIRED_AGENTS <= set(configs)
    for name, config in configs.items():
        assert config.adapter in ADAPTERS, name
        assert config.model, name


def test_local_models_read_their_base_url_from_the_environment() -> None:
    config = load_model_configs(env={})["GUI-Owl-7B"]
    assert config.base_url_env == "GUI_OWL_BASE_URL"
    assert config.resolved_base_url({}) == "http://127.0.0.1:8000/v1"
    assert config.resolved_base_url({"GUI_OWL_BASE_URL": "http://127.0.0.1:9001/v1"}) == "http://127.0.0.1:9001/v1"


def test_user_file_overrides_fields_and_keeps_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, {"agents": {"GUI-Owl-7B": {"sampling": {"temperature": 0.3}}}})
    config = load_model_configs(path, env={})["GUI-Owl-7B"]
    assert config.sampling == {"max_tokens": 4096, "temperature": 0.3}
    assert config.image.factor == 28


def test_user_file_null_removes_a_sampling_parameter(tmp_path: Path) -> None:
    path = write(tmp_path, {"agents": {"UI-Venus-7B": {"sampling": {"repetition_penalty": None}}}})
    assert "repetition_penalty" not in load_model_configs(path, env={})["UI-Venus-7B"].sampling


def test_user_file_adds_an_agent_by_extending_another(tmp_path: Path) -> None:
    path = write(tmp_path, {"agents": {"my-owl": {"extends": "GUI-Owl-7B", "model": "my/owl-ft",
                                                  "base_url_env": "MY_OWL_URL"}}})
    configs = load_model_configs(path, env={})
    assert configs["my-owl"].adapter == "gui_owl" and configs["my-owl"].model == "my/owl-ft"
    assert "my-owl" in known_agent_names(AgentOptions(config_path=path), env={})


def test_user_file_from_the_environment_variable(tmp_path: Path) -> None:
    path = write(tmp_path, {"agents": {"extra-agent": {"adapter": "qwen3_vl", "model": "x/y"}}})
    assert "extra-agent" in load_model_configs(env={USER_CONFIG_ENV: str(path)})


@pytest.mark.parametrize("content", ["{not json", json.dumps({"agents": {"GUI-Owl-7B": {"sampling": 3}}}),
                                     json.dumps({"agents": {"x": {"extends": "nope"}}}),
                                     json.dumps({"agents": {"x": {"adapter": "gui_owl", "model": "m", "typo": 1}}})])
def test_bad_user_files_are_config_errors(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError):
        load_model_configs(path, env={})


def test_sha256_changes_with_behaviour_not_with_where_it_is_served(tmp_path: Path) -> None:
    base = load_model_configs(env={})["Qwen3-VL-8B"]
    sha = resolved_config_sha256(base, {})
    assert sha == resolved_config_sha256(base, {"QWEN3_VL_BASE_URL": "http://127.0.0.1:9/v1"})
    hotter = base.model_copy(update={"sampling": {"max_tokens": 4096, "temperature": 0.7}})
    assert resolved_config_sha256(hotter, {}) != sha
    bigger = base.model_copy(update={"image": base.image.model_copy(update={"max_pixels": 1000000})})
    assert resolved_config_sha256(bigger, {}) != sha
    generic = load_model_configs(env={})["openai-python-action"]
    assert resolved_config_sha256(generic, {"PYTHON_ACTION_MODEL": "a/b"}) != resolved_config_sha256(generic, {})


def test_unknown_agent_lists_the_known_ones() -> None:
    with pytest.raises(ConfigError) as info:
        create_agent("GPT-Owl-9000", AgentOptions(), env={})
    message = str(info.value)
    assert "GPT-Owl-9000" in message and "GUI-Owl-7B" in message and "null" in message and "replay" in message


def test_missing_required_api_key_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="GEMINI_API_KEY"):
        create_agent("m3a-gemini", AgentOptions(), env={})


def test_api_key_never_appears_in_describe(openai_server) -> None:
    secret = "sk-test-do-not-log-1234567890"
    server = openai_server("gpt-5.1")
    agent = create_agent("m3a-openai", AgentOptions(), env={"OPENAI_API_KEY": secret, "OPENAI_BASE_URL": server.base_url})
    described = json.dumps(agent.describe())
    assert secret not in described
    assert "gpt-5.1" in described


def test_base_url_credentials_are_stripped_from_describe(openai_server) -> None:
    server = openai_server("mPLUG/GUI-Owl-7B")
    url = server.base_url.replace("http://", "http://user:hunter2@")
    agent = create_agent("GUI-Owl-7B", AgentOptions(), env={"GUI_OWL_BASE_URL": url})
    info = agent.describe()
    assert "hunter2" not in json.dumps(info)
    assert info["base_url"] == server.base_url
