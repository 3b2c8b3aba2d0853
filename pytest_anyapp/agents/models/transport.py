"""Model endpoints: OpenAI-compatible chat (vLLM, SGLang, hosted) and Gemini.

Both retry transient failures (429, 5xx, connection errors, timeouts) with exponential backoff and
then raise ``ModelEndpointError`` so the episode is recorded as ``invalid_infrastructure`` with
cause ``model_endpoint`` - an unreachable model must never look like an agent that failed.
The SDKs are imported inside the classes so that importing the harness stays cheap.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from pytest_anyapp.agents.base import TokenUsage
from pytest_anyapp.errors import ModelEndpointError

T = TypeVar("T")

# Keyword arguments ``chat.completions.create`` takes itself; anything else goes in ``extra_body``
# (vLLM reads ``top_k``, ``repetition_penalty`` ... from there).
OPENAI_SAMPLING_KWARGS = frozenset({
    "temperature", "top_p", "max_tokens", "max_completion_tokens", "seed", "frequency_penalty",
    "presence_penalty", "stop", "n", "logit_bias", "reasoning_effort",
})


class RetryPolicy(BaseModel):
    """Attempts include the first call; the wait before attempt k+1 is backoff * multiplier**(k-1)."""

    max_attempts: int = Field(4, ge=1)
    backoff_s: float = Field(1.0, ge=0)
    multiplier: float = Field(2.0, ge=1)
    max_backoff_s: float = Field(30.0, ge=0)

    def delay(self, attempt: int) -> float:
        return min(self.max_backoff_s, self.backoff_s * self.multiplier ** (attempt - 1))


class ModelReply(BaseModel):
    """One successful model call. ``latency_s`` is the answering request, ``elapsed_s`` includes retries."""

    text: str
    usage: TokenUsage | None = None
    latency_s: float
    elapsed_s: float
    attempts: int = 1
    finish_reason: str | None = None
    blocked_reason: str | None = None
    response_model: str | None = None


class _Transient(Exception):
    """Internal marker: the wrapped error may go away if we ask again."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def call_with_retries(
    fn: Callable[[], T],
    classify: Callable[[BaseException], bool | None],
    policy: RetryPolicy,
    what: str,
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[T, int, float]:
    """Run ``fn`` until it succeeds; return ``(result, attempts, latency of the good attempt)``.

    ``classify(exc)`` says True for transient, False for a permanent endpoint error, None for
    "not an endpoint error" (re-raised untouched, e.g. a bug in our code).
    """
    last: BaseException | None = None
    for attempt in range(1, policy.max_attempts + 1):
        started = time.monotonic()
        try:
            return fn(), attempt, time.monotonic() - started
        except Exception as exc:
            kind = classify(exc)
            if kind is None:
                raise
            if kind is False:
                raise ModelEndpointError(f"{what} failed: {_safe(exc)}") from exc
            last = exc
        if attempt < policy.max_attempts:
            sleep(policy.delay(attempt))
    raise ModelEndpointError(
        f"{what} failed after {policy.max_attempts} attempts: {_safe(last)}"
    ) from last


def _safe(exc: BaseException | None) -> str:
    """Error text for records: type and first line only, so headers or keys never leak."""
    if exc is None:
        return "unknown error"
    first = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {first[:300]}"


class OpenAIChatTransport:
    """``/v1/chat/completions`` and ``/v1/models`` through the ``openai`` SDK (its own retries off)."""

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        model: str,
        timeout_s: float,
        retry: RetryPolicy,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        import openai

        self.model = model
        self.base_url = base_url
        self.retry = retry
        self._sleep = sleep
        self._openai = openai
        self._client = openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout_s, max_retries=0)

    def _classify(self, exc: BaseException) -> bool | None:
        openai = self._openai
        if isinstance(exc, openai.APIConnectionError):  # includes timeouts
            return True
        if isinstance(exc, openai.APIStatusError):
            return bool(exc.status_code == 429 or exc.status_code >= 500)
        if isinstance(exc, openai.OpenAIError):
            return False
        return None

    def chat(self, messages: list[dict[str, Any]], sampling: dict[str, Any]) -> ModelReply:
        kwargs = {k: v for k, v in sampling.items() if k in OPENAI_SAMPLING_KWARGS}
        extra = {k: v for k, v in sampling.items() if k not in OPENAI_SAMPLING_KWARGS}
        if extra:
            kwargs["extra_body"] = extra
        started = time.monotonic()

        def once() -> Any:
            return self._client.chat.completions.create(model=self.model, messages=messages, **kwargs)  # type: ignore[arg-type]

        response, attempts, latency = call_with_retries(
            once, self._classify, self.retry, f"chat completion at {self.base_url}", self._sleep
        )
        if not response.choices:
            raise ModelEndpointError(f"chat completion at {self.base_url} returned no choices")
        choice = response.choices[0]
        usage = None
        if response.usage is not None:
            usage = TokenUsage(
                prompt_tokens=response.usage.prompt_tokens or 0,
                completion_tokens=response.usage.completion_tokens or 0,
                total_tokens=response.usage.total_tokens or 0,
            )
        return ModelReply(
            text=choice.message.content or "",
            usage=usage,
            latency_s=latency,
            elapsed_s=time.monotonic() - started,
            attempts=attempts,
            finish_reason=choice.finish_reason,
            response_model=response.model,
        )

    def list_models(self, timeout_s: float | None = None) -> list[dict[str, Any]]:
        """The endpoint's ``/v1/models`` entries (vLLM adds ``max_model_len``)."""
        client = self._client if timeout_s is None else self._client.with_options(timeout=timeout_s)
        page, _, _ = call_with_retries(
            lambda: client.models.list(), self._classify, self.retry,
            f"model listing at {self.base_url}", self._sleep,
        )
        return [m.model_dump() for m in page.data]

    def close(self) -> None:
        self._client.close()


def _enum_text(value: Any) -> str | None:
    if value is None:
        return None
    return str(getattr(value, "value", value))


GeminiPart = str | tuple[str, bytes]  # text, or (mime type, bytes)


class GeminiTransport:
    """``generateContent`` through ``google-genai``; ``base_url`` points it at a stand-in in tests."""

    def __init__(
        self,
        *,
        api_key: str,
        model: str,
        timeout_s: float,
        retry: RetryPolicy,
        base_url: str | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        import httpx2
        from google import genai
        from google.genai import errors, types

        self.model = model
        self.base_url = base_url
        self.retry = retry
        self._sleep = sleep
        self._types = types
        self._errors = errors
        self._transport_errors = (httpx2.TransportError,)
        options = types.HttpOptions(
            base_url=base_url,
            timeout=int(timeout_s * 1000),
            retry_options=types.HttpRetryOptions(attempts=1),
        )
        self._client = genai.Client(api_key=api_key, http_options=options)

    def _classify(self, exc: BaseException) -> bool | None:
        if isinstance(exc, self._errors.APIError):
            return exc.code == 429 or (exc.code or 0) >= 500
        if isinstance(exc, self._transport_errors):
            return True
        return None

    def generate(self, parts: Sequence[GeminiPart], sampling: dict[str, Any]) -> ModelReply:
        types = self._types
        contents = [
            types.Part.from_text(text=p) if isinstance(p, str) else types.Part.from_bytes(data=p[1], mime_type=p[0])
            for p in parts
        ]
        config = types.GenerateContentConfig(**sampling)
        started = time.monotonic()
        response, attempts, latency = call_with_retries(
            lambda: self._client.models.generate_content(model=self.model, contents=contents, config=config),
            self._classify, self.retry, f"Gemini generateContent for {self.model}", self._sleep,
        )
        blocked = None
        feedback = getattr(response, "prompt_feedback", None)
        if feedback is not None and feedback.block_reason is not None:
            blocked = _enum_text(feedback.block_reason)
        finish = None
        text_parts: list[str] = []
        if response.candidates:
            cand = response.candidates[0]
            finish = _enum_text(cand.finish_reason)
            if finish is not None and finish in ("SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII"):
                blocked = blocked or finish
            if cand.content is not None and cand.content.parts:
                text_parts = [p.text for p in cand.content.parts if p.text and not p.thought]
        usage = None
        meta = response.usage_metadata
        if meta is not None:
            usage = TokenUsage(
                prompt_tokens=meta.prompt_token_count or 0,
                completion_tokens=meta.candidates_token_count or 0,
                total_tokens=meta.total_token_count or 0,
            )
        return ModelReply(
            text="".join(text_parts),
            usage=usage,
            latency_s=latency,
            elapsed_s=time.monotonic() - started,
            attempts=attempts,
            finish_reason=finish,
            blocked_reason=blocked,
            response_model=getattr(response, "model_version", None),
        )

    def get_model(self) -> dict[str, Any]:
        """What the endpoint says about the configured model (attestation)."""
        info, _, _ = call_with_retries(
            lambda: self._client.models.get(model=self.model), self._classify, self.retry,
            f"Gemini model lookup for {self.model}", self._sleep,
        )
        return {"id": info.name, "version": info.version, "input_token_limit": info.input_token_limit}

    def close(self) -> None:
        close = getattr(self._client, "close", None)
        if callable(close):
            close()
