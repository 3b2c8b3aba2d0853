"""Judge endpoints: Gemini through ``google-genai``, OpenAI-compatible (OpenAI, vLLM, SGLang) through
the ``openai`` SDK. Both reuse the agents' transports (retries with backoff on 429/5xx/transport
errors, SDK retries off) and the plan generators' key handling (environment or a 0600 git-ignored
env file; base URLs from ``GEMINI_BASE_URL`` / ``OPENAI_BASE_URL`` or ``--base-url``).
"""

from __future__ import annotations

import base64
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel

from pytest_anyapp.agents.models.transport import GeminiPart, RetryPolicy
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.failures.taxonomy import strict_json_schema
from pytest_anyapp.plans.providers import BASE_URL_ENV, credential_free, resolve_api_key

PROVIDERS = ("gemini", "openai")


class JudgeReply(BaseModel):
    text: str
    refusal: str | None = None
    finish_reason: str | None = None
    response_model: str | None = None
    usage: dict[str, int] | None = None
    attempts: int = 1


class JudgeClient(Protocol):
    backend: str
    model: str

    def endpoint(self) -> str:
        """Credential-free endpoint label."""

    def ask(self, system: str, text: str, images: list[tuple[str, bytes]], schema: type[BaseModel]) -> JudgeReply:
        """One judgment request; ``images`` are ``(caption, jpeg)``. Raises ``ModelEndpointError``."""


def _usage(reply: Any, n_images: int) -> dict[str, int] | None:
    if reply.usage is None:
        return None
    return {**reply.usage.model_dump(), "num_images": n_images}


@dataclass
class GeminiJudge:
    model: str
    api_key: str = field(repr=False)
    base_url: str | None = None
    timeout_s: float = 120.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    sleep: Callable[[float], None] = time.sleep
    backend: str = "gemini"
    _transport: Any = field(default=None, init=False, repr=False)

    def endpoint(self) -> str:
        return credential_free(self.base_url) if self.base_url else "google-genai default (Gemini Developer API)"

    def ask(self, system: str, text: str, images: list[tuple[str, bytes]], schema: type[BaseModel]) -> JudgeReply:
        from pytest_anyapp.agents.models.transport import GeminiTransport

        if self._transport is None:
            self._transport = GeminiTransport(api_key=self.api_key, model=self.model, timeout_s=self.timeout_s,
                                              retry=self.retry, base_url=self.base_url, sleep=self.sleep)
        parts: list[GeminiPart] = [text]
        for caption, jpeg in images:
            parts += [("image/jpeg", jpeg), caption]
        reply = self._transport.generate(parts, {
            "temperature": 0.0, "response_mime_type": "application/json", "system_instruction": system,
            "candidate_count": 1,
        })
        return JudgeReply(text=reply.text, refusal=reply.blocked_reason, finish_reason=reply.finish_reason,
                          response_model=reply.response_model, usage=_usage(reply, len(images)),
                          attempts=reply.attempts)


@dataclass
class OpenAIJudge:
    model: str
    api_key: str = field(repr=False)
    base_url: str | None = None
    timeout_s: float = 120.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    sleep: Callable[[float], None] = time.sleep
    strict_schema: bool = True
    backend: str = "openai"
    _transport: Any = field(default=None, init=False, repr=False)

    def endpoint(self) -> str:
        return credential_free(self.base_url) if self.base_url else "https://api.openai.com/v1"

    def ask(self, system: str, text: str, images: list[tuple[str, bytes]], schema: type[BaseModel]) -> JudgeReply:
        from pytest_anyapp.agents.models.transport import OpenAIChatTransport

        if self._transport is None:
            self._transport = OpenAIChatTransport(
                base_url=self.base_url or "https://api.openai.com/v1", api_key=self.api_key, model=self.model,
                timeout_s=self.timeout_s, retry=self.retry, sleep=self.sleep)
        content: list[dict[str, Any]] = [{"type": "text", "text": text}]
        for caption, jpeg in images:
            url = "data:image/jpeg;base64," + base64.b64encode(jpeg).decode()
            content += [{"type": "image_url", "image_url": {"url": url}}, {"type": "text", "text": caption}]
        response_format = ({"type": "json_schema", "json_schema": strict_json_schema(schema)} if self.strict_schema
                           else {"type": "json_object"})
        reply = self._transport.chat(
            [{"role": "system", "content": system}, {"role": "user", "content": content}],
            {"temperature": 0.0, "response_format": response_format},
        )
        refusal = "finish reason content_filter" if reply.finish_reason == "content_filter" else None
        return JudgeReply(text=reply.text, refusal=refusal, finish_reason=reply.finish_reason,
                          response_model=reply.response_model, usage=_usage(reply, len(images)),
                          attempts=reply.attempts)


def make_judge_client(
    provider: str, model: str, *, base_url: str | None = None, env_file: Path | None = None,
    timeout_s: float = 120.0, max_retries: int = 3, backoff_s: float = 2.0,
) -> GeminiJudge | OpenAIJudge:
    """A client for ``provider``; retries wait ``min(backoff * 2^k, 10)`` s, as the prior judge did."""
    if provider not in PROVIDERS:
        raise ConfigError(f"unknown judge provider {provider!r}; use one of {', '.join(PROVIDERS)}")
    key = resolve_api_key(provider, env_file)
    base = base_url or os.environ.get(BASE_URL_ENV[provider], "").strip() or None
    retry = RetryPolicy(max_attempts=max_retries + 1, backoff_s=backoff_s, multiplier=2.0, max_backoff_s=10.0)
    if provider == "gemini":
        return GeminiJudge(model=model, api_key=key, base_url=base, timeout_s=timeout_s, retry=retry)
    return OpenAIJudge(model=model, api_key=key, base_url=base, timeout_s=timeout_s, retry=retry)
