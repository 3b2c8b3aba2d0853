"""Endpoint behaviour through the real SDKs: retries, give-up, attestation, usage and latency."""

from __future__ import annotations

import socket

import pytest

from pytest_anyapp.agents.models.transport import (
    GeminiTransport,
    OpenAIChatTransport,
    RetryPolicy,
)
from pytest_anyapp.agents.registry import AgentOptions, create_agent
from pytest_anyapp.errors import DeclaredAgentOutputError, ModelEndpointError
from pytest_anyapp.outcomes import Status, status_for_exception

from .conftest import context, observation, tool_call
from .fake_endpoints import Fail

FAST = RetryPolicy(max_attempts=3, backoff_s=0.0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_backoff_is_exponential_and_capped() -> None:
    policy = RetryPolicy(max_attempts=6, backoff_s=1.0, multiplier=2.0, max_backoff_s=5.0)
    assert [policy.delay(k) for k in range(1, 6)] == [1.0, 2.0, 4.0, 5.0, 5.0]


def test_429_then_success_retries_with_backoff(openai_server) -> None:
    server = openai_server("m")
    server.script(Fail(429), Fail(503), "ok")
    waits: list[float] = []
    transport = OpenAIChatTransport(base_url=server.base_url, api_key="EMPTY", model="m", timeout_s=10,
                                    retry=RetryPolicy(max_attempts=4, backoff_s=0.5), sleep=waits.append)
    reply = transport.chat([{"role": "user", "content": "hi"}], {"temperature": 0.0})
    assert reply.text == "ok" and reply.attempts == 3
    assert waits == [0.5, 1.0]
    assert len(server.requests) == 3
    assert reply.usage is not None and reply.usage.completion_tokens == 2
    assert reply.latency_s >= 0 and reply.elapsed_s >= reply.latency_s


def test_persistent_5xx_gives_a_model_endpoint_error(openai_server) -> None:
    server = openai_server("m")
    server.script(Fail(500), Fail(502), Fail(503))
    transport = OpenAIChatTransport(base_url=server.base_url, api_key="EMPTY", model="m", timeout_s=10, retry=FAST)
    with pytest.raises(ModelEndpointError) as info:
        transport.chat([{"role": "user", "content": "hi"}], {})
    assert info.value.cause == "model_endpoint"
    assert len(server.requests) == 3


def test_client_error_is_not_retried(openai_server) -> None:
    server = openai_server("m")
    server.script(Fail(400, "context too long"))
    transport = OpenAIChatTransport(base_url=server.base_url, api_key="EMPTY", model="m", timeout_s=10, retry=FAST)
    with pytest.raises(ModelEndpointError):
        transport.chat([{"role": "user", "content": "hi"}], {})
    assert len(server.requests) == 1


def test_endpoint_down_makes_the_episode_invalid_not_failed() -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    agent = create_agent("GUI-Owl-7B", AgentOptions(), env={"GUI_OWL_BASE_URL": url})
    agent.config.retry.max_attempts = 2  # type: ignore[attr-defined]
    agent.config.retry.backoff_s = 0.0  # type: ignore[attr-defined]
    agent.reset(context())
    with pytest.raises(ModelEndpointError) as info:
        agent.step(observation())
    assert not isinstance(info.value, DeclaredAgentOutputError)
    assert status_for_exception(info.value, "agent") is Status.INVALID
    described = agent.describe()
    assert described["attested"] is False and "attestation_error" in described


def test_chat_endpoint_failing_mid_episode_is_invalid(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B")
    server.script(Fail(503), Fail(503), Fail(503))
    with pytest.raises(ModelEndpointError) as info:
        agent.step(observation())
    assert status_for_exception(info.value, "agent") is Status.INVALID


def test_step_records_usage_latency_and_calls(make_agent) -> None:
    agent, server = make_agent("Qwen3-VL-8B")
    server.script(Fail(429), tool_call({"action": "wait"}, "Thought: t\nAction: Wait.\n"))
    step = agent.step(observation())
    assert step.action.action == "wait"
    assert step.model_calls == 1 and step.extra["endpoint_attempts"] == 2
    assert step.usage is not None and step.usage.total_tokens > 0
    assert step.model_latency_s is not None and step.model_latency_s >= 0


def test_attestation_refuses_a_different_served_model(openai_server, fast_config) -> None:
    server = openai_server("some/other-model")
    agent = create_agent("GUI-Owl-7B", AgentOptions(config_path=fast_config()), env={"GUI_OWL_BASE_URL": server.base_url})
    agent.reset(context())
    with pytest.raises(ModelEndpointError, match="served-model-name"):
        agent.step(observation())
    assert server.requests == [], "no chat call may go to the wrong model"


def test_attestation_refuses_a_too_short_context(openai_server, fast_config) -> None:
    server = openai_server("mPLUG/GUI-Owl-7B", max_model_len=8192)
    agent = create_agent("GUI-Owl-7B", AgentOptions(config_path=fast_config()), env={"GUI_OWL_BASE_URL": server.base_url})
    agent.reset(context())
    with pytest.raises(ModelEndpointError, match="max_model_len=8192"):
        agent.step(observation())


def test_describe_records_model_config_hash_and_endpoint_model(make_agent) -> None:
    agent, server = make_agent("MAI-UI-8B")
    info = agent.describe()
    assert info["model_id"] == "Tongyi-MAI/MAI-UI-8B"
    assert info["endpoint_model"] == "Tongyi-MAI/MAI-UI-8B"
    assert info["endpoint_max_model_len"] == 262144
    assert len(info["config_sha256"]) == 64
    assert info["parse_failure"] == "fail"
    assert any(p.endswith("/v1/models") for p in server.paths)


def test_gemini_retries_429_then_succeeds(gemini_server) -> None:
    gemini_server.script(Fail(429), "answer")
    transport = GeminiTransport(api_key="test-key", model="gemini-test", timeout_s=10, retry=FAST,
                                base_url=gemini_server.base_url)
    reply = transport.generate(["hello"], {"temperature": 0.0, "top_p": 0.95, "max_output_tokens": 64})
    assert reply.text == "answer" and reply.attempts == 2
    assert reply.usage is not None and reply.usage.prompt_tokens == 200
    assert gemini_server.requests[-1]["generationConfig"] == {"temperature": 0.0, "topP": 0.95, "maxOutputTokens": 64}


def test_gemini_down_is_a_model_endpoint_error() -> None:
    transport = GeminiTransport(api_key="k", model="gemini-test", timeout_s=5, retry=FAST,
                                base_url=f"http://127.0.0.1:{free_port()}")
    with pytest.raises(ModelEndpointError):
        transport.generate(["hello"], {})
