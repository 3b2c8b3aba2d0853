"""Generation through the real SDK clients against loopback fake providers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.catalog import APPS
from pytest_anyapp.plans.audit import AuditLog, read_records, verify_chain
from pytest_anyapp.plans.generate import GenerationSettings, generate_plans
from pytest_anyapp.plans.instances import SemanticInstance
from pytest_anyapp.plans.keys import plan_sha256, plan_text_from_steps
from pytest_anyapp.plans.models import PlanFileMetadata, load_plan_file
from pytest_anyapp.plans.prompt import PROMPT_SHA256
from pytest_anyapp.plans.providers import make_provider

from .conftest import FAKE_KEY
from .fakes import VALID_STEPS, FakeGemini, FakeOpenAI, FakeProvider

FAST = GenerationSettings(max_attempts=3, max_transport_retries=2, backoff_base_s=0.5)


def _metadata(provider: str, n: int) -> PlanFileMetadata:
    return PlanFileMetadata(
        seed=30, n_instances=1, categories=["sms"], generator_provider=provider, generator_model="m",  # type: ignore[arg-type]
        prompt_sha256=PROMPT_SHA256, created_at="2026-01-01T00:00:00+00:00", expected_plan_count=n,
    )


def _prompt_of(fake: FakeProvider, index: int) -> str:
    body = fake.requests[index].body
    if "messages" in body:
        return body["messages"][0]["content"]
    return body["contents"][0]["parts"][0]["text"]


@pytest.fixture(params=["openai", "gemini"])
def fake(request: pytest.FixtureRequest) -> FakeProvider:
    fixture = "fake_openai" if request.param == "openai" else "fake_gemini"
    return request.getfixturevalue(fixture)


def _run(fake: FakeProvider, instances: list[SemanticInstance], tmp_path: Path, settings: GenerationSettings = FAST,
         sleeps: list[float] | None = None):  # type: ignore[no-untyped-def]
    name = "openai" if isinstance(fake, FakeOpenAI) else "gemini"
    provider = make_provider(name, "fake-model")
    output, audit_path = tmp_path / "plans.json", tmp_path / "audit.jsonl"
    recorded = [] if sleeps is None else sleeps
    with AuditLog(audit_path, secrets=[provider.api_key]).open({"tool": "test"}) as audit:
        result = generate_plans(
            instances, provider, metadata=_metadata(name, len(instances)), output=output, settings=settings,
            audit=audit, sleep=recorded.append,
        )
    return result, output, audit_path


def test_one_call_per_semantic_instance_never_per_app(fake: FakeProvider, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    result, output, audit_path = _run(fake, sms_instances, tmp_path)
    assert result.failed == [] and result.aborted is None
    assert len(fake.requests) == len(sms_instances) == result.requests
    assert sum(len(i.app_ids) for i in sms_instances) > len(sms_instances)
    plan_file = load_plan_file(output)
    assert [p.key for p in plan_file.plans] == [i.plan_key for i in sms_instances]
    for entry in plan_file.plans:
        assert entry.steps == VALID_STEPS and entry.attempts == 1
        assert entry.plan_text == plan_text_from_steps(VALID_STEPS) and entry.plan_sha256 == plan_sha256(entry.plan_text)
    assert plan_file.metadata.audit is not None
    assert verify_chain(audit_path, binding=plan_file.metadata.audit).ok


def test_the_generator_sees_only_the_neutral_instruction(fake: FakeProvider, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    _run(fake, sms_instances, tmp_path)
    names = [a.display_name for a in APPS if len(a.display_name) > 8] + [a.package for a in APPS]
    for index, inst in enumerate(sms_instances):
        prompt = _prompt_of(fake, index)
        assert prompt.rstrip().endswith(inst.semantic_goal)
        assert "[TARGET_APP]" in prompt
        for name in names:
            assert name not in prompt, name
        body = fake.requests[index].body
        assert json.dumps(body).count("image") == 0 and json.dumps(body).count("inline_data") == 0
        if isinstance(fake, FakeOpenAI):
            assert [m["role"] for m in body["messages"]] == ["user"]
            assert isinstance(body["messages"][0]["content"], str)
        else:
            assert len(body["contents"]) == 1 and list(body["contents"][0]["parts"][0]) == ["text"]


def test_refusal_and_invalid_plans_are_retried_with_repairs(fake: FakeProvider, sms_instances: list[SemanticInstance],
                                                            tmp_path: Path) -> None:
    fake.queue(fake.refusal(), fake.plan(["Tap the compose button", "Open Fossify Messages"]), fake.text("not json at all"))
    result, output, audit_path = _run(fake, sms_instances[:1], tmp_path, GenerationSettings(max_attempts=4, backoff_base_s=0))
    assert len(result.plans) == 1 and result.plans[0].attempts == 4
    prompts = [_prompt_of(fake, i) for i in range(4)]
    assert "broke these rules" not in prompts[1]  # after a refusal: the plain prompt again
    assert "broke these rules" in prompts[2] and "low_level_ui_verb" in prompts[2] and "app_name" in prompts[2]
    assert "could not be used" in prompts[3]
    records, _ = read_records(audit_path)
    outcomes = [r.data.get("outcome") for r in records if r.kind == "response"]
    assert outcomes == ["refusal", "validation_rejection", "parse_rejection", "accepted"]
    assert [r.kind for r in records[1:]] == ["request", "response"] * 4


def test_exhausted_attempts_leave_the_instance_without_a_plan(fake: FakeProvider,
                                                              sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    bad = fake.plan(["Swipe down to refresh"])
    fake.queue(bad, bad, bad)
    result, output, _ = _run(fake, sms_instances[:2], tmp_path)
    assert [f.plan_key for f in result.failed] == [sms_instances[0].plan_key]
    assert "validation" in result.failed[0].reason
    assert [p.key for p in load_plan_file(output).plans] == [sms_instances[1].plan_key]


def test_rate_limits_are_retried_with_backoff(fake: FakeProvider, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    fake.queue(fake.rate_limited(), fake.server_error())
    sleeps: list[float] = []
    result, _, audit_path = _run(fake, sms_instances[:1], tmp_path, sleeps=sleeps)
    assert len(result.plans) == 1 and result.plans[0].attempts == 1
    assert sleeps == [0.5, 1.0]
    assert len(fake.requests) == 3
    statuses = [r.data.get("http_status") for r in read_records(audit_path)[0] if r.kind == "response"]
    assert statuses == [429, 503, None]


def test_provider_stays_down_and_the_run_stops(fake: FakeProvider, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    fake.queue(*[fake.rate_limited()] * 3)
    result, output, audit_path = _run(fake, sms_instances[:3], tmp_path)
    assert result.aborted is not None and sms_instances[0].plan_key in result.aborted
    assert len(fake.requests) == 3, "no further instance is attempted"
    assert load_plan_file(output).plans == []
    assert verify_chain(audit_path).ok


def test_no_key_in_any_artifact(fake: FakeProvider, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    fake.queue(fake.rate_limited())
    _run(fake, sms_instances[:2], tmp_path)
    sent = fake.requests[0].headers
    assert FAKE_KEY in (sent.get("authorization", "") + sent.get("x-goog-api-key", "")), "the fake did receive the key"
    for path in tmp_path.iterdir():
        assert FAKE_KEY not in path.read_text(), path


def test_gemini_safety_stop_is_a_refusal(fake_gemini: FakeGemini, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    fake_gemini.queue(fake_gemini.safety_stop())
    result, _, audit_path = _run(fake_gemini, sms_instances[:1], tmp_path)
    assert result.plans[0].attempts == 2
    first = [r for r in read_records(audit_path)[0] if r.kind == "response"][0]
    assert first.data["outcome"] == "refusal" and first.data["finish_reason"] == "SAFETY"


def test_non_retryable_http_error_stops_at_once(fake_openai: FakeOpenAI, sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    from .fakes import Reply

    fake_openai.queue(Reply(401, {"error": {"message": "bad key", "type": "invalid_request_error"}}))
    result, _, _ = _run(fake_openai, sms_instances[:2], tmp_path)
    assert result.aborted is not None and "401" in result.aborted
    assert len(fake_openai.requests) == 1
