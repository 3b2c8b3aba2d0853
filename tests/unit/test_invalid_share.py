"""Invalid share by cause per agent × app, ``--max-invalid-share``, blocking causes and terminate
claims, as the gap table's run block reports them (``records.run_meta``, pure)."""

from __future__ import annotations

from pytest_anyapp.records.run_meta import describe, run_meta


def _s(app: str, status: str, cause: str | None = None, claim: str | None = None, share: float | None = None):
    return {"agent": "m", "app_id": app, "status": status, "exception": {"cause": cause} if cause else None,
            "terminate_status": claim, "max_invalid_share": share}


def test_invalid_share_by_cause_per_agent_and_app():
    meta = run_meta([_s("a", "valid_failure"), _s("a", "invalid_infrastructure", "app_fault"),
                     _s("b", "valid_success"), _s("b", "valid_failure")])
    assert meta.invalid_share_by_cause == {"m × a": {"app_fault": 0.5}}
    assert meta.invalid_share == 0.25
    assert any("over --max-invalid-share=5%" in r for r in meta.ineligible_reasons)
    assert any("invalid share by cause" in line for line in describe(meta))


def test_the_runs_own_threshold_and_blocking_causes():
    items = [_s("a", "valid_failure", share=0.5) for _ in range(9)] + [_s("a", "invalid_infrastructure", "device", share=0.5)]
    assert run_meta(items).ineligible_reasons == []  # 10 % is under this run's 50 %
    items[0] = _s("a", "invalid_infrastructure", "adapter_error", share=0.5)
    assert run_meta(items).ineligible_reasons == ["1 episode(s) invalid with adapter_error: fix it and rerun (--rerun-invalid)"]


def test_terminate_claims_are_reported_against_the_scored_state():
    meta = run_meta([_s("a", "valid_success", claim="failure"), _s("a", "valid_failure", claim="success"),
                     _s("a", "valid_success", claim="success")])
    assert meta.claims == {"claimed_failure_succeeded": 1, "claimed_success_failed": 1}
