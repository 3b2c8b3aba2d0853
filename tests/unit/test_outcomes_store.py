from pytest_anyapp.errors import ActionParseError, DeviceError, ModelEndpointError, VerifierReadError
from pytest_anyapp.outcomes import Status, cause_for_exception, should_retry, status_for_exception
from pytest_anyapp.records.models import EpisodeRecord, Provenance
from pytest_anyapp.records.store import RunStore, latest_run_id


def test_declared_agent_errors_only_count_as_failures_in_the_agent_phase():
    assert status_for_exception(ActionParseError("x"), "agent") is Status.VALID_FAILURE
    assert status_for_exception(ActionParseError("x"), "verifier") is Status.INVALID
    for exc in (DeviceError("x"), ModelEndpointError("x"), VerifierReadError("x"), KeyError("x")):
        assert status_for_exception(exc, "agent") is Status.INVALID
    assert cause_for_exception(ModelEndpointError("down")) == "model_endpoint"
    assert cause_for_exception(KeyError("x")) == "unexpected_error"


def _record(test_id: str, status: Status) -> EpisodeRecord:
    return EpisodeRecord(test_id=test_id, status=status, goal="g", prompt_goal="g", provenance=Provenance())


def test_store_supersede_keeps_old_records(tmp_path):
    store = RunStore(tmp_path, "run-a")
    store.write(_record("sms-SmsSend-quik_sms-i0", Status.INVALID))
    moved = store.supersede("sms-SmsSend-quik_sms-i0")
    assert moved is not None and (moved / "episode.json").exists()
    assert store.read("sms-SmsSend-quik_sms-i0") is None
    store.write(_record("sms-SmsSend-quik_sms-i0", Status.VALID_SUCCESS))
    assert [r.status for r in store.records()] == [Status.VALID_SUCCESS]
    assert store.supersede("sms-SmsSend-quik_sms-i0").name.endswith(".2")
    assert latest_run_id(tmp_path) == "run-a"


def test_retry_policy():
    assert should_retry(Status.INVALID, True)
    assert not should_retry(Status.INVALID, False)
    assert not should_retry(Status.VALID_FAILURE, True)
    assert not should_retry(Status.VALID_SUCCESS, True)
    from pytest_anyapp.errors import AppNotInstalledError, PlanUnavailableError

    assert not PlanUnavailableError("x").retryable and not AppNotInstalledError("x").retryable
    assert DeviceError("x").retryable
