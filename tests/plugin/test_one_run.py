"""A run is one thing (issue 24): ``--resume``/``--rerun-invalid`` attach only to a run that measured
the same thing, invalid episodes say why and make the exit status say so, selections that match
nothing stop before any episode, and the run reports its progress. Real episodes on simulated
devices through pytester."""

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


class Flaky(Agent):
    """Its endpoint is down while FLAKY_DOWN is set; otherwise it gives up (a scored failure)."""
    name = "flaky"

    def step(self, observation):
        if os.environ.get("FLAKY_DOWN"):
            raise ModelEndpointError("connection refused by 127.0.0.1:9 after 3 retries")
        from pytest_anyapp.agents.actions import Action
        return AgentStep(action=Action(action="terminate", status="failure"))


def pytest_anyapp_make_agent(name, options):
    return {"endpoint-down": EndpointDown, "flaky": Flaky}.get(name, lambda: None)()
'''

TWO = ["-k", "SmsSend-simple_sms_messenger-i0 or SmsSend-fossify_messages-i0"]


@pytest.fixture
def bench(pairs_dir: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    pairs_dir.makeconftest(AGENTS_CONFTEST)
    monkeypatch.setenv("CATBENCH_CODE_REVISION", "rev-a")
    return pairs_dir


def _text(result: pytest.RunResult) -> str:
    return "\n".join(result.outlines + result.errlines)


def test_resume_refuses_a_run_that_measured_something_else_naming_each_difference(bench):
    bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=r1").assert_outcomes(failed=2)
    before = {p: p.read_text() for p in (bench.path / "res" / "r1").rglob("episode.json")}
    refused = bench.runpytest("--agent=oracle", *TWO, "--results-dir=res", "--resume", "--seed=31",
                              "--instances=2")
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    text = _text(refused)
    assert "refuses to attach to run r1" in text
    assert "agent (--agent): the run has 'null', this invocation 'oracle'" in text
    assert "seed (--seed): the run has 30, this invocation 31" in text
    assert "instances (--instances): the run has 3, this invocation 2" in text
    assert "cohort_sha256" in text
    assert {p: p.read_text() for p in (bench.path / "res" / "r1").rglob("episode.json")} == before
    rerun = bench.runpytest("--agent=oracle", *TWO, "--results-dir=res", "--run-id=r1", "--rerun-invalid")
    assert rerun.ret == pytest.ExitCode.USAGE_ERROR and "agent (--agent)" in _text(rerun)


def test_resume_names_the_run_it_picked_and_what_it_keeps_and_filters_may_differ(bench):
    bench.runpytest("--agent=null", "-k", "SmsSend-simple_sms_messenger-i0", "--results-dir=res",
                    "--run-id=r1").assert_outcomes(failed=1)
    again = bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--resume", "--instance=0")
    again.assert_outcomes(failed=1)
    again.stdout.fnmatch_lines(["*--resume attaches to run r1, the newest under res*",
                                "*--resume keeps 1 final episode(s) of run r1 and runs 1 of the selected pairs*"])
    assert "instances=1 of 3 (instance 0)" in _text(again)
    done = bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--resume")
    assert done.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    done.stdout.fnmatch_lines(["*all 2 selected pair(s) of run r1 are final; nothing to run (exit 5)*"])


def test_a_run_id_that_does_not_exist_is_an_error_under_resume_and_rerun_invalid(bench):
    bench.runpytest("--agent=null", "-k", "SmsSend-simple_sms_messenger-i0", "--results-dir=res",
                    "--run-id=run-one").assert_outcomes(failed=1)
    for flag in ("--resume", "--rerun-invalid"):
        result = bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=run-on", flag)
        assert result.ret == pytest.ExitCode.USAGE_ERROR
        assert f"{flag}: run 'run-on' does not exist under res; did you mean run-one?" in _text(result)
    assert sorted(p.name for p in (bench.path / "res").iterdir()) == ["run-one"]


def test_another_code_revision_only_with_allow_revision_change_recorded(bench, monkeypatch):
    bench.runpytest("--agent=null", "-k", "SmsSend-simple_sms_messenger-i0", "--results-dir=res",
                    "--run-id=r1").assert_outcomes(failed=1)
    monkeypatch.setenv("CATBENCH_CODE_REVISION", "rev-b")
    refused = bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=r1", "--resume")
    assert refused.ret == pytest.ExitCode.USAGE_ERROR
    assert "code revision (git HEAD; --allow-revision-change accepts another): the run has 'rev-a', " \
           "this invocation 'rev-b'" in _text(refused)
    bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=r1", "--resume",
                    "--allow-revision-change").assert_outcomes(failed=1)
    manifest = json.loads((bench.path / "res" / "r1" / "run.json").read_text())
    assert manifest["identity"]["code_revision"] == "rev-a"
    assert [(c["from_revision"], c["to_revision"]) for c in manifest["revision_changes"]] == [("rev-a", "rev-b")]


def test_session_end_never_raises_on_a_summary_and_leaves_no_stale_one(bench):
    bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=r1").assert_outcomes(failed=2)
    run = bench.path / "res" / "r1"
    assert (run / "summary.json").exists()
    record = run / "sms-SmsSend-fossify_messages-i0" / "episode.json"
    data = json.loads(record.read_text())
    data["provenance"]["condition"]["name"] = "c2_g"  # a record that cannot share a table with the other
    record.write_text(json.dumps(data))
    result = bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=r1", "--resume")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    text = _text(result)
    assert "Traceback" not in text and "INTERNALERROR" not in text
    assert f"AnyAppBench: no summary for {Path('res') / 'r1'}: summaries mix conditions" in text
    assert not (run / "summary.json").exists() and not (run / "summary.md").exists()


def test_all_invalid_exits_not_measured_and_says_why_with_the_command_to_rerun(bench):
    result = bench.runpytest("--agent=endpoint-down", *TWO, "--results-dir=res", "--run-id=dead",
                             "--infra-retries=0")
    assert result.ret == RUN_NOT_MEASURED
    result.stdout.fnmatch_lines([
        "*invalid by cause: 2 of 2 episode(s) could not be measured*",
        "*1  model_endpoint  e.g. sms-SmsSend-*: connection refused by 127.0.0.1:9 after 3 retries*",
        "*1  model_endpoint_circuit_open  e.g. *",
        "*re-run them: pytest --agent=endpoint-down -k * --results-dir=res --infra-retries=0 * --run-id=dead "
        "--rerun-invalid*",
        "*no episode could be measured (2 of 2 invalid): exit status 6*",
    ])


def test_a_measured_run_says_none_invalid_and_keeps_pytest_exit_status(bench):
    result = bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=ok")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*invalid by cause: none of 2 episode(s)*"])


def test_invalid_share_above_the_limit_exits_not_measured(bench, monkeypatch):
    monkeypatch.setenv("FLAKY_DOWN", "1")
    first = bench.runpytest("--agent=flaky", "-k", "SmsSend-simple_sms_messenger-i0", "--results-dir=res",
                            "--run-id=mix", "--infra-retries=0")
    assert first.ret == RUN_NOT_MEASURED
    monkeypatch.delenv("FLAKY_DOWN")
    second = bench.runpytest("--agent=flaky", *TWO, "--results-dir=res", "--run-id=mix", "--resume",
                             "--max-invalid-share=0.5")
    assert second.ret == pytest.ExitCode.TESTS_FAILED  # 1 of 2 invalid: within the limit of 50%
    third = bench.runpytest("--agent=flaky", "-k", f"{TWO[1]} or SmsSend-quik_sms-i0", "--results-dir=res",
                            "--run-id=mix", "--resume")
    assert third.ret == RUN_NOT_MEASURED
    third.stdout.fnmatch_lines(["*1 of 3 episodes invalid (33%), above --max-invalid-share 5%: exit status 6*"])


def test_selecting_nothing_is_a_usage_error_said_once_before_any_worker(bench):
    result = bench.runpytest_subprocess("--agent=null", "-k", "NoSuchTemplate", "-n", "2", "--results-dir=res")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    text = _text(result)
    assert "-k 'NoSuchTemplate' selects none of the 1452 scheduled pairs" in text
    assert text.count("selects none") == 1 and "created: 2/2 workers" not in text and ".." not in text.split(
        "selects none")[1].split("\n")[0]
    assert not (bench.path / "res").exists()
    marked = bench.runpytest("--agent=null", "-m", "sms and maps", "--results-dir=res")
    assert marked.ret == pytest.ExitCode.USAGE_ERROR and "-m 'sms and maps' selects none" in _text(marked)


def test_progress_line_in_a_plain_log(bench):
    result = bench.runpytest("--agent=null", *TWO, "--results-dir=res", "--run-id=p")
    result.stdout.fnmatch_lines([
        "*anyapp: 1/2 done · 0 passed, 1 failed, 0 invalid · success 0% · * episodes/min · ETA *",
        "*anyapp: 2/2 done · 0 passed, 2 failed, 0 invalid · success 0% · * episodes/min · ETA 0m00s*",
    ])


def test_progress_under_xdist(bench):
    pytest.importorskip("xdist")
    result = bench.runpytest_subprocess("--agent=null", *TWO, "-n", "2", "--results-dir=res", "--run-id=x")
    result.stdout.fnmatch_lines(["*anyapp: 2/2 done · 0 passed, 2 failed, 0 invalid*"])


def test_replay_of_a_pair_the_replay_run_lacks_is_refused_before_the_run(bench):
    bench.runpytest("--agent=null", "-k", "SmsSend-simple_sms_messenger-i0", "--results-dir=res",
                    "--run-id=r1")  # its one record (whatever its status) is all the replay run has
    result = bench.runpytest("--agent=replay", "--replay=res/r1", *TWO, "--results-dir=res", "--run-id=again")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("--replay res/r1 has no recorded episode for 1 of the 2 selected pair(s): "
            "sms-SmsSend-fossify_messages-i0") in _text(result)
    assert not (bench.path / "res" / "again").exists()


def test_sigint_to_the_main_process_stops_workers_before_the_summary(bench):
    """As a supervisor's ``kill -INT``: workers stop first, then the summary is read from the records,
    and no record is written after it."""
    import glob
    import os
    import signal
    import subprocess
    import sys
    import time

    pytest.importorskip("xdist")
    out = (bench.path / "out.txt").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider",
                             "--agent=null", "-k", "sms and -i0", "-n", "2", "--results-dir=res", "--run-id=s"],
                            cwd=bench.path, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ))
    records = str(bench.path / "res" / "s" / "*" / "episode.json")
    deadline = time.monotonic() + 300
    while len(glob.glob(records)) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=120) == pytest.ExitCode.INTERRUPTED
    on_disk = len(glob.glob(records))
    summary = json.loads((bench.path / "res" / "s" / "summary.json").read_text())
    in_summary = sum(a["n_valid"] + a["n_invalid"] for c in summary["categories"] for a in c["apps"])
    assert 2 <= in_summary == on_disk < 40
    time.sleep(5)
    assert len(glob.glob(records)) == on_disk  # no worker wrote anything after the summary
