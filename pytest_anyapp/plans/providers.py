"""Text-only plan generators: Gemini through ``google-genai``, OpenAI through the ``openai`` SDK.

A provider makes exactly one HTTP request per ``complete`` call (the SDKs' own retries are turned
off) so that the generator can audit every request and decide retries itself. Keys come only from
the environment (``GEMINI_API_KEY`` / ``OPENAI_API_KEY``) or a git-ignored env file with mode 0600;
base URLs can be pointed elsewhere with ``GEMINI_BASE_URL`` / ``OPENAI_BASE_URL`` (tests use loopback
fakes). Nothing here ever returns or logs a key.
"""

from __future__ import annotations

import os
import stat
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from pytest_anyapp.errors import ConfigError

KEY_ENV = {"gemini": "GEMINI_API_KEY", "openai": "OPENAI_API_KEY"}
BASE_URL_ENV = {"gemini": "GEMINI_BASE_URL", "openai": "OPENAI_BASE_URL"}
DEFAULT_MODEL_ENV = {"gemini": "GEMINI_MODEL", "openai": "OPENAI_MODEL"}
#: Gemini finish/block reasons that mean "the model declined", not "the model answered".
_GEMINI_REFUSALS = frozenset({"SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "MODEL_ARMOR", "JAILBREAK", "OTHER"})


@dataclass(frozen=True)
class ProviderReply:
    """What came back. ``refusal`` is set when the model declined; ``text`` may then be None."""

    text: str | None
    refusal: str | None = None
    finish_reason: str | None = None
    response_model: str | None = None


class ProviderCallError(Exception):
    """The request failed. ``retryable`` for 429, 5xx and transport errors."""

    def __init__(self, message: str, *, status: int | None = None, retryable: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.retryable = retryable


class PlanProvider(Protocol):
    name: str
    model: str

    def parameters(self) -> dict[str, Any]:
        """Request parameters recorded in the audit log (never credentials)."""

    def endpoint(self) -> str:
        """Credential-free endpoint label."""

    def complete(self, prompt: str) -> ProviderReply:
        """One text-only request; raises ``ProviderCallError``."""


# --- credentials ------------------------------------------------------------------------------

def _git_ignored(path: Path) -> bool | None:
    """True/False inside a git work tree, None when git cannot tell (not a repo, no git)."""
    try:
        inside = subprocess.run(
            ["git", "-C", str(path.parent), "rev-parse", "--is-inside-work-tree"],
            capture_output=True, text=True, timeout=10, check=False,
        )
        if inside.returncode != 0 or inside.stdout.strip() != "true":
            return None
        result = subprocess.run(
            ["git", "-C", str(path.parent), "check-ignore", "-q", "--", path.name],
            capture_output=True, timeout=10, check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return result.returncode == 0


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines from a private file: mode 0600 (no group/other bits) and git-ignored."""
    path = Path(path)
    try:
        info = path.lstat()
    except OSError as exc:
        raise ConfigError(f"env file {path} cannot be read: {exc}") from exc
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
        raise ConfigError(f"env file {path} must be a regular file")
    if info.st_mode & 0o077:
        raise ConfigError(f"env file {path} is readable by others (mode {oct(info.st_mode & 0o777)}); chmod 600 it")
    if _git_ignored(path.resolve()) is False:
        raise ConfigError(f"env file {path} is inside a git work tree but not git-ignored; add it to .gitignore")
    values: dict[str, str] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        name, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[name.strip()] = value
    return values


def resolve_api_key(provider: str, env_file: Path | None = None) -> str:
    var = KEY_ENV[provider]
    value = os.environ.get(var, "").strip()
    if value:
        return value
    if env_file is not None:
        value = read_env_file(env_file).get(var, "").strip()
        if value:
            return value
    raise ConfigError(f"no API key: set {var} in the environment or in a 0600 git-ignored --env-file")


def credential_free(url: str) -> str:
    """The URL without user info, query or fragment (those may carry keys)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


# --- providers --------------------------------------------------------------------------------

@dataclass
class GeminiProvider:
    model: str
    api_key: str = field(repr=False)
    base_url: str | None = field(default=None, repr=False)
    temperature: float | None = 0.0
    top_p: float | None = 0.95
    max_output_tokens: int = 8192
    timeout_s: float = 120.0
    name: str = "gemini"
    _client: Any = field(default=None, init=False, repr=False)

    def parameters(self) -> dict[str, Any]:
        return {
            "temperature": self.temperature, "top_p": self.top_p, "max_output_tokens": self.max_output_tokens,
            "response_mime_type": "application/json", "timeout_s": self.timeout_s,
        }

    def endpoint(self) -> str:
        return credential_free(self.base_url) if self.base_url else "google-genai default (Gemini Developer API)"

    def _get_client(self) -> Any:
        if self._client is None:
            from google import genai
            from google.genai import types

            options = types.HttpOptions(
                timeout=int(self.timeout_s * 1000),
                retry_options=types.HttpRetryOptions(attempts=1),
                **({"base_url": self.base_url} if self.base_url else {}),
            )
            self._client = genai.Client(api_key=self.api_key, http_options=options)
        return self._client

    def complete(self, prompt: str) -> ProviderReply:
        from google.genai import errors, types

        config = types.GenerateContentConfig(
            temperature=self.temperature, top_p=self.top_p, max_output_tokens=self.max_output_tokens,
            response_mime_type="application/json", candidate_count=1,
        )
        try:
            response = self._get_client().models.generate_content(model=self.model, contents=prompt, config=config)
        except errors.APIError as exc:
            code = int(getattr(exc, "code", 0) or 0)
            raise ProviderCallError(
                f"gemini HTTP {code}: {getattr(exc, 'message', None) or exc}", status=code,
                retryable=code == 429 or code >= 500,
            ) from None
        except Exception as exc:  # transport errors come from httpx2/requests and vary by SDK version
            raise ProviderCallError(f"gemini transport error: {type(exc).__name__}: {exc}", retryable=True) from None
        feedback = getattr(response, "prompt_feedback", None)
        block = getattr(feedback, "block_reason", None) if feedback is not None else None
        if block:
            return ProviderReply(text=None, refusal=f"prompt blocked: {_enum_name(block)}", finish_reason=_enum_name(block))
        candidates = response.candidates or []
        if not candidates:
            return ProviderReply(text=None, refusal=None, finish_reason=None, response_model=response.model_version)
        finish = _enum_name(candidates[0].finish_reason)
        parts = candidates[0].content.parts if candidates[0].content and candidates[0].content.parts else []
        text = "".join(p.text for p in parts if getattr(p, "text", None) and not getattr(p, "thought", False)) or None
        refusal = f"finish reason {finish}" if finish in _GEMINI_REFUSALS and not text else None
        return ProviderReply(text=text, refusal=refusal, finish_reason=finish, response_model=response.model_version)


def _enum_name(value: Any) -> str | None:
    if value is None:
        return None
    return str(getattr(value, "value", value))


@dataclass
class OpenAIProvider:
    model: str
    api_key: str = field(repr=False)
    base_url: str | None = field(default=None, repr=False)
    temperature: float | None = 0.0
    timeout_s: float = 120.0
    name: str = "openai"
    _client: Any = field(default=None, init=False, repr=False)

    def parameters(self) -> dict[str, Any]:
        return {
            "temperature": self.temperature, "response_format": {"type": "json_object"}, "timeout_s": self.timeout_s,
        }

    def endpoint(self) -> str:
        return credential_free(self.base_url) if self.base_url else "https://api.openai.com/v1"

    def _get_client(self) -> Any:
        if self._client is None:
            import openai

            self._client = openai.OpenAI(
                api_key=self.api_key, base_url=self.base_url or None, max_retries=0, timeout=self.timeout_s,
            )
        return self._client

    def complete(self, prompt: str) -> ProviderReply:
        import openai

        extra: dict[str, Any] = {}
        if self.temperature is not None:
            extra["temperature"] = self.temperature
        try:
            response = self._get_client().chat.completions.create(
                model=self.model, messages=[{"role": "user", "content": prompt}],
                response_format={"type": "json_object"}, n=1, **extra,
            )
        except openai.APIStatusError as exc:
            code = exc.status_code
            raise ProviderCallError(
                f"openai HTTP {code}: {exc.message}", status=code, retryable=code == 429 or code >= 500,
            ) from None
        except openai.APIConnectionError as exc:  # includes timeouts
            raise ProviderCallError(f"openai transport error: {type(exc).__name__}", retryable=True) from None
        except openai.OpenAIError as exc:
            raise ProviderCallError(f"openai error: {type(exc).__name__}: {exc}", retryable=False) from None
        if not response.choices:
            return ProviderReply(text=None, response_model=response.model)
        choice = response.choices[0]
        message = choice.message
        refusal = getattr(message, "refusal", None) or None
        if choice.finish_reason == "content_filter" and not refusal:
            refusal = "finish reason content_filter"
        return ProviderReply(
            text=message.content or None, refusal=refusal, finish_reason=choice.finish_reason,
            response_model=response.model,
        )


def make_provider(
    name: str, model: str | None, *, env_file: Path | None = None, temperature: float | None = 0.0,
    timeout_s: float = 120.0,
) -> GeminiProvider | OpenAIProvider:
    """Build a provider from the environment. The model comes from the flag or GEMINI_MODEL/OPENAI_MODEL."""
    if name not in KEY_ENV:
        raise ConfigError(f"unknown provider {name!r}; use gemini or openai")
    model = model or os.environ.get(DEFAULT_MODEL_ENV[name], "").strip()
    if not model:
        raise ConfigError(f"no model: pass --model or set {DEFAULT_MODEL_ENV[name]}")
    key = resolve_api_key(name, env_file)
    base_url = os.environ.get(BASE_URL_ENV[name], "").strip() or None
    if name == "gemini":
        return GeminiProvider(model=model, api_key=key, base_url=base_url, temperature=temperature, timeout_s=timeout_s)
    return OpenAIProvider(model=model, api_key=key, base_url=base_url, temperature=temperature, timeout_s=timeout_s)
