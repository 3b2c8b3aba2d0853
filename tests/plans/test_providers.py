"""Credential handling of the providers (keys from env or a private, git-ignored env file)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from pytest_anyapp.errors import ConfigError
from pytest_anyapp.plans.providers import credential_free, make_provider, read_env_file, resolve_api_key


def test_env_beats_file_and_missing_key_is_an_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    env = tmp_path / "k.env"
    env.write_text("OPENAI_API_KEY=from-file-1234\n")
    os.chmod(env, 0o600)
    monkeypatch.setenv("OPENAI_API_KEY", "from-env-1234")
    assert resolve_api_key("openai", env) == "from-env-1234"
    monkeypatch.delenv("OPENAI_API_KEY")
    assert resolve_api_key("openai", env) == "from-file-1234"
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        resolve_api_key("openai", None)


def test_env_file_must_be_git_ignored_inside_a_work_tree(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    env = tmp_path / "keys.env"
    env.write_text('GEMINI_API_KEY="abcd1234"\n')
    os.chmod(env, 0o600)
    with pytest.raises(ConfigError, match="not git-ignored"):
        read_env_file(env)
    (tmp_path / ".gitignore").write_text("*.env\n")
    assert read_env_file(env) == {"GEMINI_API_KEY": "abcd1234"}
    os.chmod(env, 0o640)
    with pytest.raises(ConfigError, match="readable by others"):
        read_env_file(env)


def test_base_url_and_model_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", "k-123456")
    monkeypatch.setenv("GEMINI_BASE_URL", "http://user:pw@127.0.0.1:9/?key=k-123456")
    monkeypatch.setenv("GEMINI_MODEL", "gemini-from-env")
    provider = make_provider("gemini", None)
    assert provider.model == "gemini-from-env"
    assert provider.endpoint() == "http://127.0.0.1:9/"
    assert "k-123456" not in repr(provider)
    with pytest.raises(ConfigError):
        make_provider("claude", "x")


def test_credential_free() -> None:
    assert credential_free("https://u:p@host.example:8443/v1?api_key=s#f") == "https://host.example:8443/v1"
