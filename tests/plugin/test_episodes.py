"""Plugin behaviour with real episodes on simulated devices (no mocks of the device layer).

Agents used here are tiny conftest agents: the built-in ``null`` agent (must fail), an agent whose
model endpoint is down (must be ``invalid``), and one that kills its worker process mid-episode.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.report.invalid import RUN_NOT_MEASURED

AGENTS_CONFTEST = '''
import os
from pytest_anyapp.agents.base import Agent, AgentStep
from pytest_anyapp.errors import ModelEndpointError


class EndpointDown(Agent):
    name = "endpoint-down"

    def step(self, observation):
        raise ModelEndpointError("connection refused by 127.0.0.1:9 after 3 retries")


class KillsWorker(Agent):
    """Dies (like an OOM kill) on one pair, behaves like null elsewhere."""
    name = "kills-worker"

    def reset(self, context):
        super().reset(context)
        if "QUIK" in context.prompt_goal:  # custom agents see the goal, never the gold task
            os._exit(17)

    def step(self, observation):
        from pytest_anyapp.agents.actions import Action
        return AgentStep(action=Action(action="terminate", status="failure"))


class Flaky(Agent):
    """Its endpoint is down while FLAKY_DOWN is set; otherwise it gives up (a scored failure)."""
    name = "flaky"

    def step(self, observation):
        if os.environ.get("FLAKY_DOWN"):
            raise ModelEndpointError("connection refused by 127.0.0.1:9 after 3 retries")
        from pytest_anyapp.agents.actions import Action
        return AgentStep(action=Action(action="terminate", status="failure"))


def pytest_anyapp_make_agent(name, options):
    return {"endpoint-down": EndpointDown, "kills-worker": KillsWorker, "flaky": Flaky}.get(name, lambda: None)()
'''

ONE_PAIR = ["-k", "SmsSend-simple_sms_messenger-i0 or SmsSend-fossify_messages-i0"]


@pytest.fixture
def bench(pairs_dir: pytest.Pytester) -> pytest.Pytester:
    pairs_dir.makeconftest(AGENTS_CONFTEST)
    return pairs_dir


def _records(root: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in root.glob("*/*/episode.json")
            if not p.parent.parent.name.startswith("_")}


def test_null_agent_fails_with_evidence_and_json_report(bench):
    result = bench.runpytest("--agent=null", *ONE_PAIR, "--json-report", "--json-report-file=r.json",
                             "--results-dir=res", "--run-id=r1")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["FAILED sms-SmsSend-*not met: a sent message to*", "*AnyAppBench gap table*"])
    report = json.loads((bench.path / "r.json").read_text())
    metas = [t["metadata"]["anyapp"] for t in report["tests"]]
    assert {m["status"] for m in metas} == {"valid_failure"}
    records = _records(bench.path / "res")
    assert set(records) == {m["test_id"] for m in metas}
    for rec in records.values():
        assert rec["final"] and rec["steps"][0]["action"]["action"] == "terminate"
        assert rec["verifier"]["snapshot"] is not None and rec["provenance"]["run"]["code_revision"]
        assert len(rec["provenance"]["app"]["installed_apk_sha256"]) == 64 and rec["provenance"]["app"]["version_code"]
        assert rec["provenance"]["task"]["semantic_goal"].count("[TARGET_APP]") == 1
    assert (bench.path / "res" / "r1" / "summary.json").exists()
    sms = next(c for c in report["anyapp"]["gap_table"]["categories"] if c["category"] == "sms")
    assert sms["original_rate"] == 0.0


def test_endpoint_down_is_invalid_not_failed(bench):
    result = bench.runpytest("--agent=endpoint-down", *ONE_PAIR, "--json-report", "--json-report-file=r.json",
                             "--results-dir=res", "--infra-retries=1")
    assert result.ret == RUN_NOT_MEASURED  # nothing measured is not "all passed" (issue 24)
    result.stdout.fnmatch_lines(["*2 invalid*"])
    report = json.loads((bench.path / "r.json").read_text())
    assert report["summary"].get("invalid") == 2 and "failed" not in report["summary"]
    records = sorted(_records(bench.path / "res").values(), key=lambda r: r["started_at"])
    assert [r["status"] for r in records] == ["invalid_infrastructure"] * 2
    # the first episode finds the endpoint dead (the transport already retried): the circuit breaker
    # opens, nothing is retried, and the worker's next episode is invalid at once, without a reset
    first, second = records
    assert first["exception"]["cause"] == "model_endpoint" and len(first["attempts"]) == 1
    assert second["exception"]["cause"] == "model_endpoint_circuit_open" and second["steps"] == []
    assert first["test_id"] in second["exception"]["message"] and second["duration_s"] < 5
    result.stdout.fnmatch_lines(["*circuit breaker open: the model endpoint failed mid-run; 1 further episode(s)*"])


def test_invalid_fails_option_makes_the_run_fail(bench):
    result = bench.runpytest("--agent=endpoint-down", "-k", "SmsSend-simple_sms_messenger-i0",
                             "--results-dir=res", "--infra-retries=0", "--invalid-fails")
    assert result.ret == RUN_NOT_MEASURED  # failed, and nothing measured: 6 says the more important
    result.stdout.fnmatch_lines(["*1 invalid*"])


def test_resume_skips_final_records(bench):
    first = bench.runpytest("--agent=null", *ONE_PAIR, "--results-dir=res", "--run-id=r1")
    first.assert_outcomes(failed=2)
    again = bench.runpytest("--agent=null", *ONE_PAIR, "--results-dir=res", "--resume")
    again.stdout.fnmatch_lines(["collected * items / * deselected / 0 selected"])
    assert "failed" not in again.stdout.lines[-1]
    # a non-final (interrupted) record is run again
    record = next((bench.path / "res" / "r1").glob("*/episode.json"))
    data = json.loads(record.read_text())
    data["final"] = False
    record.write_text(json.dumps(data))
    third = bench.runpytest("--agent=null", *ONE_PAIR, "--results-dir=res", "--resume")
    third.assert_outcomes(failed=1)


def test_rerun_invalid_runs_only_invalid_and_keeps_old_records(bench, monkeypatch):
    monkeypatch.setenv("FLAKY_DOWN", "1")
    bench.runpytest("--agent=flaky", "-k", "SmsSend-simple_sms_messenger-i0", "--results-dir=res",
                    "--run-id=r1", "--infra-retries=0")
    monkeypatch.delenv("FLAKY_DOWN")
    bench.runpytest("--agent=flaky", "-k", "SmsSend-fossify_messages-i0", "--results-dir=res", "--run-id=r1")
    rerun = bench.runpytest("--agent=flaky", *ONE_PAIR, "--results-dir=res", "--run-id=r1", "--rerun-invalid")
    rerun.assert_outcomes(failed=1)
    rerun.stdout.fnmatch_lines(["collected * items / * deselected / 1 selected"])
    run_dir = bench.path / "res" / "r1"
    kept = list((run_dir / "_superseded").glob("*/episode.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["status"] == "invalid_infrastructure"
    assert {r["status"] for r in _records(bench.path / "res").values()} == {"valid_failure"}


@pytest.mark.parametrize("workers", ["0", "2"])
def test_lanes_with_and_without_xdist(bench, workers):
    pytest.importorskip("xdist")
    result = bench.runpytest_subprocess("--agent=null", "-k", "SmsSend- and -i0", "-n", workers,
                                        "--results-dir=res", "--run-id=x")
    result.assert_outcomes(failed=4)
    records = list(_records(bench.path / "res").values())
    lane_of: dict[str, set[str]] = {}
    for r in records:
        lane_of.setdefault(r["provenance"]["run"]["worker_id"], set()).add(r["provenance"]["device"]["serial"])
    assert len(lane_of) == (2 if workers == "2" else 1)
    assert all(len(serials) == 1 for serials in lane_of.values())  # a worker keeps its lane
    # Two workers' episodes that ran at the same time ran on two devices. (Each worker starts its
    # device on its first pair and stops it at its end, so devices that never overlapped in time
    # may reuse a console port, and with it the serial.)
    for a in records:
        for b in records:
            if a["provenance"]["run"]["worker_id"] < b["provenance"]["run"]["worker_id"] and \
                    a["started_at"] < b["finished_at"] and b["started_at"] < a["finished_at"]:
                assert a["provenance"]["device"]["serial"] != b["provenance"]["device"]["serial"]


def test_killed_worker_loses_only_its_in_flight_episode(bench):
    result = bench.runpytest_subprocess("--agent=kills-worker", "-k", "SmsSend- and -i0", "-n", "2",
                                        "--results-dir=res", "--run-id=k", "--max-worker-restart=2",
                                        "--json-report", "--json-report-file=r.json")
    records = _records(bench.path / "res")
    killed = records["sms-SmsSend-quik_sms-i0"]
    assert killed["final"] is False and killed["status"] == "invalid_infrastructure"
    others = {k: v for k, v in records.items() if k != "sms-SmsSend-quik_sms-i0"}
    assert len(others) == 3 and all(r["final"] and r["status"] == "valid_failure" for r in others.values())
    result.stdout.fnmatch_lines(["*crashed*", "*3 failed*1 invalid*"])


def test_records_rescore_from_their_snapshots_and_hold_no_api_key(bench, monkeypatch):
    """The oracle's final snapshot, moved into the null agent's record, re-scores as a success."""
    from pytest_anyapp.cli import main

    sentinel = "sk-test-SENTINEL-0123456789"
    monkeypatch.setenv("OPENAI_API_KEY", sentinel)
    monkeypatch.setenv("GEMINI_API_KEY", sentinel)
    pick = ["-k", "SmsSend-simple_sms_messenger-i0"]
    # in a fresh process: after an in-process null run of the same pair in this worker, an in-process
    # oracle run ends at its first step (a leak between pytester inline runs, not yet diagnosed)
    bench.runpytest_subprocess("--agent=oracle", *pick, "--results-dir=res", "--run-id=gold").assert_outcomes(passed=1)
    bench.runpytest("--agent=null", *pick, "--results-dir=res", "--run-id=null", "--json-report",
                    "--json-report-file=r.json").assert_outcomes(failed=1)
    for path in bench.path.rglob("*"):
        if path.is_file():
            assert sentinel.encode() not in path.read_bytes(), path

    assert main(["rescore", str(bench.path / "res" / "null")]) == 0
    gold = json.loads((bench.path / "res/gold/sms-SmsSend-simple_sms_messenger-i0/episode.json").read_text())
    null_path = bench.path / "res/null/sms-SmsSend-simple_sms_messenger-i0/episode.json"
    null = json.loads(null_path.read_text())
    null["verifier"]["snapshot"] = gold["verifier"]["snapshot"]
    null_path.write_text(json.dumps(null))
    assert main(["rescore", str(bench.path / "res" / "null")]) == 1


def test_n_auto_means_one_worker_per_lane(bench, sim_device, monkeypatch):
    pytest.importorskip("xdist")
    monkeypatch.setenv("CATBENCH_EMULATORS", f"{sim_device.console_port}:{sim_device.grpc_port}")
    result = bench.runpytest_subprocess("--agent=null", "-k", "SmsSend-quik_sms-i0", "-n", "auto",
                                        "--results-dir=res")
    result.stdout.fnmatch_lines(["*1 worker*"])
    result.assert_outcomes(failed=1)
