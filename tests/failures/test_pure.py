"""Taxonomy validation, step selection and the proportional sample (pure logic)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from pytest_anyapp.failures.episodes import EpisodeFacts, StepFacts
from pytest_anyapp.failures.inputs import InputSettings, build_payload, compact
from pytest_anyapp.failures.sampling import build_sample, draw, largest_remainder_quotas, stratum_seed
from pytest_anyapp.failures.steps import default_steps, smart_steps
from pytest_anyapp.failures.taxonomy import JudgeOutputError, Judgment, TriageJudgment, normalize_mode, parse_output

GOOD = {"primary_failure_mode": "grounding", "planning_score": 1, "grounding_score": 3, "confidence": "high",
        "rationale": "tapped the wrong row", "evidence": [f"e{i}" for i in range(8)]}


@pytest.mark.parametrize(("label", "mode"), [
    ("mixed", "mixed_planning_grounding"), ("Planning-and-Grounding", "mixed_planning_grounding"),
    ("planning_grounding", "mixed_planning_grounding"), ("tooling", "execution_tooling"),
    ("execution", "execution_tooling"), ("environment", "environment_or_evaluator"),
    ("evaluator", "environment_or_evaluator"), ("GROUNDING", "grounding"), ("vibes", "unknown"), ("", "unknown"),
])
def test_aliases(label: str, mode: str) -> None:
    assert normalize_mode(label) == mode


def test_strict_judge_output() -> None:
    judgment = parse_output(json.dumps(GOOD), Judgment)
    assert judgment.evidence == ["e0", "e1", "e2", "e3", "e4"]
    assert parse_output("```json\n" + json.dumps(GOOD) + "\n```", Judgment).primary_failure_mode == "grounding"
    for bad, why in [
        ({**GOOD, "planning_score": 4}, "planning_score"), ({**GOOD, "confidence": "sure"}, "confidence"),
        ({**GOOD, "verdict": "failure"}, "verdict"), ({k: v for k, v in GOOD.items() if k != "rationale"}, "rationale"),
        ({**GOOD, "primary_failure_mode": 3}, "primary_failure_mode"),
    ]:
        with pytest.raises(JudgeOutputError, match=why):
            parse_output(json.dumps(bad), Judgment)
    with pytest.raises(JudgeOutputError, match="not JSON"):
        parse_output("The agent failed because", Judgment)
    with pytest.raises(JudgeOutputError, match="not a JSON object"):
        parse_output("[1, 2]", Judgment)


def test_triage_escalation_rule() -> None:
    base = {"verdict": "failure", "agree_with_recorded_label": True, "primary_failure_mode": "planning",
            "confidence": "high", "needs_escalation": False, "rationale": "r"}
    assert not TriageJudgment.model_validate(base).escalate
    assert TriageJudgment.model_validate({**base, "confidence": "low"}).escalate
    assert TriageJudgment.model_validate({**base, "verdict": "uncertain"}).escalate
    assert TriageJudgment.model_validate({**base, "needs_escalation": True}).escalate


def test_default_steps() -> None:
    assert default_steps(5, 0) == [0, 1, 2, 3, 4]
    assert default_steps(20, 6) == [0, 1, 16, 17, 18, 19]
    assert default_steps(20, 2) == [18, 19]  # min(2, 2 // 3) = 0 head steps
    assert default_steps(3, 6) == [0, 1, 2]


def _a(name: str, x: int = 0) -> dict[str, object]:
    return {"action": name, "coordinate": [x, x]}


def test_smart_steps_priorities() -> None:
    actions = [_a("click", i) for i in range(30)]
    errors = [""] * 30
    errors[12] = "Timed out waiting for the element"
    # first, last, error step 12 and the one before; stride infill of the rest up to 6
    chosen = smart_steps(actions, errors, 6)
    assert {0, 29, 12, 11} <= set(chosen) and len(chosen) == 6
    # a loop: 4th identical action at 13 -> run start 10 and the three before
    loop = [_a("click", i) for i in range(10)] + [_a("click", 99)] * 6 + [_a("click", i) for i in range(14)]
    chosen = smart_steps(loop, [""] * 30, 6)
    assert chosen == [0, 7, 8, 9, 10, 29]
    # action-type changes come after errors and loops
    mixed = [_a("click", i) for i in range(10)] + [{"action": "type", "text": "x"}] + [_a("click", i) for i in range(9)]
    assert smart_steps(mixed, [""] * 20, 4) == [0, 10, 11, 19]
    assert smart_steps(mixed, [""] * 20, 0) == list(range(20))
    assert smart_steps([], [], 6) == []


def test_compact_keeps_head_and_tail() -> None:
    text = "start " + "x" * 2000 + " end-error"
    out = compact(text, 100)
    assert len(out) <= 100 and out.startswith("start") and out.endswith("end-error")


def _facts(i: int, category: str, tmp: Path | None = None) -> EpisodeFacts:
    eid = hashlib.sha1(f"{category}{i}".encode()).hexdigest()[:16]
    episode_dir = (tmp / eid) if tmp else Path("/nonexistent") / eid
    if tmp:
        episode_dir.mkdir(parents=True)
        (episode_dir / "episode.json").write_text(json.dumps({"i": i}))
    return EpisodeFacts(
        episode_id=eid, run_id="run-1", test_id=f"t{i}", record_path=f"run-1/{eid}/episode.json",
        episode_dir=str(episode_dir), model_name="SecretModel", condition="c1", category=category,
        app_id=f"{category}_app{i % 3}", app_name="App", task_template="T", instance=0, goal="do it",
        status="valid_failure", is_successful=False,
        steps=[StepFacts(index=0, action={"action": "terminate", "status": "failure"}, thought="secret thought")],
    )


def test_payload_has_the_prior_fields() -> None:
    payload = build_payload(_facts(1, "sms"), InputSettings())
    assert payload.steps[0].fields == {"thought": "secret thought",
                                       "action": '{"action": "terminate", "status": "failure"}'}


def test_historical_quotas_and_seeds() -> None:
    counts = {"clock": 539, "contacts": 486, "files": 373, "maps": 422, "sms": 375}
    assert largest_remainder_quotas(counts, 0.10) == {"clock": 54, "contacts": 49, "files": 37, "maps": 42, "sms": 38}
    assert largest_remainder_quotas({"a": 5}, 0.1) == {"a": 1}  # round half up
    assert largest_remainder_quotas({"a": 1, "b": 1, "c": 1}, 0.5) == {"a": 1, "b": 1, "c": 0}  # ties by name
    digest = hashlib.sha256(b"catbench|20260712|main|sms").digest()
    assert stratum_seed(20260712, "main", "sms") == int.from_bytes(digest[:8], "big")
    ids = [f"{i:04x}" for i in range(100)]
    shuffled = random.Random(1).sample(ids, len(ids))
    assert draw(ids, 10, 1, "main", "sms") == draw(shuffled, 10, 1, "main", "sms")  # order of input irrelevant
    assert draw(ids, 10, 1, "main", "sms") != draw(ids, 10, 1, "main", "maps")


def test_sample_pools_weights_and_blindness(tmp_path: Path) -> None:
    episodes = ([_facts(i, "sms", tmp_path) for i in range(45)] + [_facts(i, "clock", tmp_path) for i in range(64)]
                + [_facts(i, "maps", tmp_path) for i in range(11)])
    manifest, crosswalk = build_sample(episodes, results_dir=tmp_path, created_at="t")
    # 10% of 120 = 12: sms 4.5, clock 6.4, maps 1.1 -> floors 4, 6, 1 (11); +1 to the largest remainder (sms)
    assert {c: s.quota for c, s in manifest.strata.items()} == {"clock": 6, "maps": 1, "sms": 5}
    assert manifest.strata["sms"].inclusion_probability == pytest.approx(5 / 45)
    assert manifest.strata["sms"].weight == pytest.approx(9.0)
    pools = [i.pool for i in manifest.items]
    assert pools.count("primary") == 12 and pools.count("double_annotation") == 1
    assert pools.count("calibration") == 4 + 4 + 4
    primary = {crosswalk.entries[i.sample_id].episode_id for i in manifest.items if i.pool == "primary"}
    pilots = {crosswalk.entries[i.sample_id].episode_id for i in manifest.items if i.pool == "calibration"}
    doubles = {crosswalk.entries[i.sample_id].episode_id for i in manifest.items if i.pool == "double_annotation"}
    assert not primary & pilots and doubles <= primary
    assert all(not i.evaluate and i.weight is None for i in manifest.items if i.pool == "calibration")
    assert sorted(i.display_index for i in manifest.items) == list(range(len(manifest.items)))
    assert [i.sample_id for i in manifest.items] != sorted(i.sample_id for i in manifest.items)  # shuffled
    public = manifest.model_dump_json()
    for secret in ["SecretModel", "secret thought", *(e.episode_id for e in episodes)]:
        assert secret not in public
    again, _ = build_sample(list(reversed(episodes)), results_dir=tmp_path, created_at="t")
    assert again == manifest  # deterministic, independent of input order


def test_docs_list_every_schema_field() -> None:
    from pytest_anyapp.annotate.store import AnnotationRow, HumanLabel, JudgePrior
    from pytest_anyapp.failures.counts import ModeCount
    from pytest_anyapp.failures.inputs import CasePayload, CaseStep, ImageRef, JudgeInput
    from pytest_anyapp.failures.judge import EvidenceParity, JudgeConfig, JudgmentRow, StageRecord
    from pytest_anyapp.failures.sampling import Crosswalk, CrosswalkEntry, SampleItem, SampleManifest, StratumInfo
    from pytest_anyapp.failures.taxonomy import DeepJudgment, FinalJudgment

    docs = (Path(__file__).resolve().parents[2] / "docs" / "failures.md").read_text()
    for model in (Judgment, TriageJudgment, DeepJudgment, FinalJudgment, InputSettings, CasePayload, CaseStep, ImageRef,
                  JudgeInput, JudgeConfig, StageRecord, EvidenceParity, JudgmentRow, StratumInfo, SampleItem,
                  SampleManifest, CrosswalkEntry, Crosswalk, HumanLabel, JudgePrior, AnnotationRow, ModeCount):
        section = docs.split(f"**`{model.__name__}`**", 1)
        assert len(section) == 2, model.__name__
        table = section[1].split("\n\n**`", 1)[0]
        for name in model.model_fields:
            assert f"| `{name}` |" in table, (model.__name__, name)
