"""What every model adapter shares: endpoint, attestation, the parse-failure policy, bookkeeping.

An adapter only says how to build its request from an observation (``build_request``), how to
read its model's answer (``parse``) and what to remember for the next prompt (``remember``).
Model agents see ``context.prompt_goal`` only - never the privileged ``context.task``.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar
from urllib.parse import urlsplit, urlunsplit

from pytest_anyapp.agents.acting import ActingProfile
from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import (
    Agent,
    AgentStep,
    EpisodeContext,
    Observation,
    ObservationPart,
    TokenUsage,
)
from pytest_anyapp.agents.config import (
    CoordinateSpace,
    ModelConfig,
    file_sha256,
    resolved_config_sha256,
)
from pytest_anyapp.agents.models.coords import Frame
from pytest_anyapp.agents.models.parse_policy import ParseFailurePolicy
from pytest_anyapp.agents.models.transport import (
    GeminiTransport,
    ModelReply,
    OpenAIChatTransport,
    RetryPolicy,
)
from pytest_anyapp.errors import (
    ConfigError,
    DeclaredAgentOutputError,
    ModelEndpointError,
)

TEMPLATE_PLACEHOLDERS = ("goal", "history", "screen_width", "screen_height", "image_width", "image_height",
                         "app_list")


def render_template(text: str, values: Mapping[str, object]) -> str:
    """Substitute ``{goal}``, ``{history}``, ``{screen_width}``/``{screen_height}`` (the device),
    ``{image_width}``/``{image_height}`` (the screenshot as sent) and ``{app_list}``.

    Only these names are replaced; every other brace stays as written, so a template may hold JSON
    (a tool block) without escaping."""
    for name in TEMPLATE_PLACEHOLDERS:
        text = text.replace("{" + name + "}", str(values.get(name, "")))
    return text


@dataclass(frozen=True)
class PromptTemplate:
    """A template file's text and sha256 (read once, when the agent is built)."""

    path: str
    text: str
    sha256: str


@dataclass
class Request:
    """One prompt, ready to send, and the coordinate frame the answer will be in."""

    messages: list[dict[str, Any]]
    frame: Frame
    image_sizes: list[tuple[int, int]] = field(default_factory=list)
    gemini_parts: list[Any] | None = None
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class Decision:
    """A parsed answer: the action plus what to remember (``memo``) and record (``extra``)."""

    action: Action
    thought: str | None = None
    memo: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    native: dict[str, Any] | None = None


def _public_url(url: str | None) -> str | None:
    """The URL without user:password, for records."""
    if not url:
        return url
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def _add_usage(total: TokenUsage | None, more: TokenUsage | None) -> TokenUsage | None:
    if more is None:
        return total
    if total is None:
        return more.model_copy()
    return TokenUsage(
        prompt_tokens=total.prompt_tokens + more.prompt_tokens,
        completion_tokens=total.completion_tokens + more.completion_tokens,
        total_tokens=total.total_tokens + more.total_tokens,
    )


class ModelAgent(Agent):
    """Base of the model adapters (not usable on its own)."""

    adapter: ClassVar[str] = ""
    #: Coordinate spaces this adapter can read (the config must state one of them).
    supported_spaces: ClassVar[tuple[CoordinateSpace, ...]] = ("image_pixels", "normalised_999", "normalised_1000")
    #: Template parts (``system``/``user``) this adapter can take from a file.
    template_parts: ClassVar[tuple[str, ...]] = ("system", "user")
    #: GUI-Owl, UI-Venus, MAI-UI, Qwen3-VL, UI-Voyager look at the screenshot only (M3A overrides).
    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"screenshot"})

    def __init__(
        self,
        name: str,
        config: ModelConfig,
        *,
        policy: ParseFailurePolicy | None = None,
        env: Mapping[str, str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.name = name
        self.config = config
        self.policy = policy or ParseFailurePolicy()
        self._env = env
        self._sleep = sleep
        self.model_id = config.resolved_model(env)
        self.base_url = config.resolved_base_url(env)
        self.config_sha256 = resolved_config_sha256(config, env)
        self._api_key = config.resolved_api_key(env)  # fail fast on a missing required key
        self.coordinate_space = config.resolved_coordinate_space(env)
        if self.coordinate_space not in self.supported_spaces:
            raise ConfigError(f"{name}: adapter {config.adapter!r} cannot read coordinate space "
                              f"{self.coordinate_space!r}; use one of {', '.join(self.supported_spaces)}")
        self.templates = self._load_templates()
        self._transport: OpenAIChatTransport | GeminiTransport | None = None
        self._attestation: dict[str, Any] | None = None
        self._attestation_error: str | None = None
        self.on_reset()

    def _load_templates(self) -> dict[str, PromptTemplate]:
        spec = self.config.prompt_template
        if spec is None:
            return {}
        loaded: dict[str, PromptTemplate] = {}
        for part, path in (("system", spec.system), ("user", spec.user)):
            if path is None:
                continue
            if part not in self.template_parts:
                raise ConfigError(f"{self.name}: adapter {self.config.adapter!r} takes no {part} prompt template")
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise ConfigError(f"{self.name}: cannot read prompt template {path}: {exc}") from exc
            loaded[part] = PromptTemplate(path=str(path), text=text, sha256=file_sha256(path))
        return loaded

    def frame(self, observation: Observation, sent: tuple[int, int]) -> Frame:
        """The configured coordinate space over this observation's screen."""
        return Frame.for_space(self.coordinate_space, observation.screen_size, sent)

    def app_list(self) -> list[str]:
        """``options.available_apps``: a list of names, or ``"catalog"`` for every app of the
        benchmark (the same list for every pair, so the prompt stays app-neutral)."""
        apps = self.config.options.get("available_apps", "catalog")
        if apps == "catalog":
            from pytest_anyapp.catalog import APPS

            return sorted({app.display_name for app in APPS})
        if not isinstance(apps, list):
            raise ConfigError(f"{self.name}: options.available_apps must be a list or \"catalog\"")
        return [str(a) for a in apps]

    def template_values(self, observation: Observation, history: str, sent: tuple[int, int]) -> dict[str, object]:
        width, height = observation.screen_size
        return {"goal": self.goal(observation), "history": history, "screen_width": width,
                "screen_height": height, "image_width": sent[0], "image_height": sent[1],
                "app_list": ", ".join(self.app_list())}

    def templated(self, part: str, default: str, observation: Observation, history: str,
                  sent: tuple[int, int]) -> str:
        """The user's template for ``part`` rendered, or our own text."""
        template = self.templates.get(part)
        if template is None:
            return default
        return render_template(template.text, self.template_values(observation, history, sent))

    def acting(self) -> ActingProfile:
        """The model's executor semantics (its config entry's ``executor``) and prompt provenance."""
        executor = self.config.executor
        return ActingProfile(
            enter_after_type=executor.enter_after_type, swipe_duration_ms=executor.swipe.duration_ms,
            wait_action_s=executor.wait_action_s, settle_s=executor.settle_s,
            coordinate_space=self.coordinate_space,
            prompt_template_sha256={part: t.sha256 for part, t in self.templates.items()}, source=executor.source,
        )

    def executor_info(self) -> dict[str, Any]:
        """The executor semantics, coordinate space and prompt provenance this agent acts with."""
        return {
            "coordinate_space": self.coordinate_space,
            "executor": self.config.executor.model_dump(mode="json"),
            "prompt_template": {part: {"path": t.path, "sha256": t.sha256} for part, t in self.templates.items()},
        }

    # -- endpoint ---------------------------------------------------------------------------
    @property
    def transport(self) -> OpenAIChatTransport | GeminiTransport:
        if self._transport is None:
            cfg = self.config
            if cfg.provider == "gemini":
                self._transport = GeminiTransport(
                    api_key=self._api_key, model=self.model_id, timeout_s=cfg.timeout_s,
                    retry=cfg.retry, base_url=self.base_url, sleep=self._sleep,
                )
            else:
                if not self.base_url:
                    raise ModelEndpointError(f"no base URL for {self.name}: set {cfg.base_url_env}")
                self._transport = OpenAIChatTransport(
                    base_url=self.base_url, api_key=self._api_key, model=self.model_id,
                    timeout_s=cfg.timeout_s, retry=cfg.retry, sleep=self._sleep,
                )
        return self._transport

    def attest(self, retry: RetryPolicy | None = None, timeout_s: float | None = None) -> dict[str, Any]:
        """Ask the endpoint what it serves; refuse a wrong model or a too-short context.

        Raises ``ModelEndpointError`` (the episode is invalid): scoring a run against a model
        we did not mean to test would be silently wrong.
        """
        transport = self.transport
        if retry is not None:
            transport.retry, saved = retry, transport.retry
        else:
            saved = transport.retry
        try:
            if isinstance(transport, GeminiTransport):
                info = transport.get_model()
                result = {"endpoint_model": info["id"], "endpoint_model_version": info.get("version")}
            else:
                models = transport.list_models(timeout_s)
                ids = [str(m.get("id")) for m in models]
                match = next((m for m in models if m.get("id") == self.model_id), None)
                if match is None:
                    raise ModelEndpointError(
                        f"endpoint {_public_url(self.base_url)} does not serve {self.model_id!r} "
                        f"(it lists {ids}); start vLLM with --served-model-name {self.model_id}"
                    )
                max_len = match.get("max_model_len")
                minimum = self.config.min_context
                if minimum is not None and isinstance(max_len, int) and max_len < minimum:
                    raise ModelEndpointError(
                        f"{self.model_id!r} is served with max_model_len={max_len}, below {minimum}"
                    )
                result = {"endpoint_model": match.get("id"), "endpoint_max_model_len": max_len,
                          "endpoint_owned_by": match.get("owned_by")}
        finally:
            transport.retry = saved
        self._attestation = result
        self._attestation_error = None
        return result

    def _ensure_attested(self) -> None:
        if self.config.attest and self._attestation is None:
            self.attest()

    # -- Agent interface ----------------------------------------------------------------------
    def reset(self, context: EpisodeContext) -> None:
        super().reset(context)
        self.on_reset()

    def goal(self, observation: Observation) -> str:
        """The prompt goal (C1: the instruction; C2: plan + instruction)."""
        context: EpisodeContext | None = getattr(self, "context", None)  # set by reset()
        return context.prompt_goal if context is not None else observation.goal

    def step(self, observation: Observation) -> AgentStep:
        self._ensure_attested()
        raw_outputs: list[str] = []
        errors: list[str] = []
        usage: TokenUsage | None = None
        latency = 0.0
        calls = 0
        reply: ModelReply | None = None
        decision: Decision | None = None
        last_error: DeclaredAgentOutputError | None = None
        for aux in self.before_request(observation):
            calls += 1
            usage = _add_usage(usage, aux.usage)
            latency += aux.latency_s
        request = self.build_request(observation)
        for _ in range(self.policy.max_calls):
            reply = self.query(request)
            calls += 1
            raw_outputs.append(reply.text)
            usage = _add_usage(usage, reply.usage)
            latency += reply.latency_s
            try:
                decision = self.parse(reply, request, observation)
                break
            except DeclaredAgentOutputError as exc:
                if exc.raw_output is None:
                    exc.raw_output = reply.text
                errors.append(f"{type(exc).__name__}: {exc}")
                last_error = exc
        assert reply is not None  # max_calls >= 1
        if decision is None:
            assert last_error is not None
            if self.policy.mode != "wait":
                last_error.raw_output = reply.text
                last_error.raw_outputs = raw_outputs  # type: ignore[attr-defined]
                raise last_error
            decision = Decision(
                action=Action(action="wait"),
                memo="wait (the previous output could not be parsed)",
                extra={"parse_failure_policy": "wait"},
            )
        extra: dict[str, Any] = {
            **self.step_extra(),
            "model": self.model_id,
            "finish_reason": reply.finish_reason,
            "endpoint_attempts": reply.attempts,
            "image_sizes": [list(s) for s in request.image_sizes],
            **decision.extra,
        }
        if errors:
            extra["parse_errors"] = errors
            extra["raw_outputs"] = raw_outputs
        self.remember(observation, request, decision, reply.text)
        return AgentStep(
            action=decision.action,
            raw_output=reply.text,
            thought=decision.thought,
            usage=usage,
            model_latency_s=latency,
            model_calls=calls,
            extra=extra,
        )

    def describe(self) -> dict[str, Any]:
        """Provenance for the episode record: model, config hash, what the endpoint reports."""
        if self.config.attest and self._attestation is None:
            try:
                # One quick try: describe() runs before any episode and must not stall the run.
                self.attest(retry=RetryPolicy(max_attempts=1), timeout_s=10.0)
            except ModelEndpointError as exc:
                self._attestation_error = str(exc)
        info: dict[str, Any] = {
            "agent": self.name,
            "adapter": self.config.adapter,
            "provider": self.config.provider,
            "model_id": self.model_id,
            "model_revision": self.config.revision,
            "base_url": _public_url(self.base_url),
            "config_sha256": self.config_sha256,
            "parse_failure": str(self.policy),
            "attested": self._attestation is not None,
            **self.executor_info(),
        }
        info.update(self._attestation or {})
        if self._attestation_error:
            info["attestation_error"] = self._attestation_error
        return info

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()
            self._transport = None

    # -- adapter hooks ----------------------------------------------------------------------------
    def on_reset(self) -> None:
        """Forget the previous episode."""

    def before_request(self, observation: Observation) -> list[ModelReply]:
        """Auxiliary model calls made before the action call (counted in the step's usage)."""
        return []

    @abstractmethod
    def build_request(self, observation: Observation) -> Request:
        """The prompt for this step."""

    def query(self, request: Request) -> ModelReply:
        transport = self.transport
        assert isinstance(transport, OpenAIChatTransport)
        return transport.chat(request.messages, self.sampling())

    def step_extra(self) -> dict[str, Any]:
        """Adapter facts to add to this step's record (e.g. auxiliary raw outputs)."""
        return {}

    def sampling(self) -> dict[str, Any]:
        return dict(self.config.sampling)

    @abstractmethod
    def parse(self, reply: ModelReply, request: Request, observation: Observation) -> Decision:
        """Model text -> Decision; raise ``ActionParseError``/``MalformedActionError`` when unusable."""

    def remember(self, observation: Observation, request: Request, decision: Decision, raw: str) -> None:
        """Keep what the next prompt needs (called only for the action actually taken)."""
