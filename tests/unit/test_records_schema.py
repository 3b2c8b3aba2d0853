"""Episode records: version 2 keeps every attempt's steps in typed provenance parts; a version-1
record (kept as a fixture, written by the version-1 models) still loads and re-scores."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.builder import AttemptOutcome, LaneParts, build_record
from pytest_anyapp.records.models import (
    SCHEMA_VERSION,
    AgentIdentity,
    DeviceInfo,
    EpisodeRecord,
    ExceptionInfo,
    Provenance,
    RunInfo,
    StepRecord,
)
from pytest_anyapp.records.rescore import rescore_record
from pytest_anyapp.registry import schedule

V1 = Path(__file__).parent / "fixtures" / "episode_v1.json"


def test_version_1_record_loads_into_the_typed_parts():
    raw = json.loads(V1.read_text())
    assert raw["schema_version"] == 1 and "app_id" in raw["provenance"] and raw["attempts"][0]["steps"] == 3
    record = EpisodeRecord.model_validate_json(V1.read_text())
    assert record.schema_version == 1  # the version it was written with
    prov = record.provenance
    assert prov.app.app_id == "sms_simple_sms_messenger" and prov.task.semantic_id == "SmsSend"
    assert prov.condition.name == "c1" and prov.device.kind == "sim" and prov.agent.name == "oracle"
    assert prov.task.params == raw["provenance"]["params"]
    first, last = record.attempts
    assert (first.n_steps, first.steps) == (3, [])  # version 1 kept no steps of earlier attempts
    assert len(last.steps) == len(raw["steps"]) == len(record.steps) and last.n_steps == len(raw["steps"])


def test_version_1_record_rescores_and_round_trips_as_version_2():
    record = EpisodeRecord.model_validate_json(V1.read_text())
    again = rescore_record(record)
    assert again.recorded is Status.VALID_SUCCESS and again.rescored is Status.VALID_SUCCESS and not again.changed
    upgraded = EpisodeRecord.model_validate_json(record.model_copy(update={"schema_version": SCHEMA_VERSION})
                                                 .model_dump_json())
    assert upgraded.provenance == record.provenance and upgraded.steps == record.steps


def test_flat_keywords_still_build_a_provenance():
    prov = Provenance(app_id="sms_quik_sms", semantic_id="SmsReply", condition="c2_g", condition_valid=False)
    assert prov.app.app_id == "sms_quik_sms" and prov.task.semantic_id == "SmsReply"
    assert prov.condition.name == "c2_g" and prov.condition.valid is False


def test_builder_keeps_the_steps_of_every_attempt():
    inst = schedule(seed=30, n_instances=1)[0]
    lane = LaneParts(run=RunInfo(run_id="r"), agent=AgentIdentity(name="a"), device=DeviceInfo(kind="sim"))
    failed = AttemptOutcome(number=1, status=Status.INVALID, steps=[StepRecord(index=0, action={"action": "wait"})],
                            exception=ExceptionInfo(phase="observe", type="X", message="lost", cause="device"))
    done = AttemptOutcome(number=2, status=Status.VALID_FAILURE, stop_reason="terminate:failure",
                          steps=[StepRecord(index=0, action={"action": "terminate"})])
    record = build_record(inst, lane, node_id="n", attempts=[failed, done], final=True, started_at="t")
    assert record.schema_version == SCHEMA_VERSION == 2
    assert [a.steps[0].action["action"] for a in record.attempts] == ["wait", "terminate"]
    assert record.status is Status.VALID_FAILURE and record.exception is None
    data = json.loads(record.model_dump_json())
    assert data["steps"] == data["attempts"][1]["steps"]  # top-level steps: the final attempt's, for readers
    assert EpisodeRecord.model_validate(data) == record
    assert data["provenance"]["task"]["semantic_id"] == inst.pair.template.semantic_id
    assert data["provenance"]["app"]["app_id"] == inst.pair.app.app_id
