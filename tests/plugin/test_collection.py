"""Collection needs no device and no model; ids, -k and -m select what a user expects."""

from __future__ import annotations

import pytest

from pytest_anyapp.registry import schedule


def _collected(result: pytest.RunResult) -> list[str]:
    return [line.split("::", 1)[1] for line in result.outlines if "::test_pair[" in line]


def test_collect_only_lists_every_pair_instance_without_agent(pairs_dir):
    result = pairs_dir.runpytest("--collect-only", "-q")
    ids = _collected(result)
    assert len(ids) == len(schedule()) and len(ids) % 3 == 0
    assert "test_pair[sms-SmsReply-google_messages-i0]" in ids


def test_k_selects_category_and_excludes_app(pairs_dir):
    sms = _collected(pairs_dir.runpytest("--collect-only", "-q", "-k", "sms"))
    reply = _collected(pairs_dir.runpytest("--collect-only", "-q", "-k", "SmsReply and not google_messages"))
    assert sms and all("sms-" in i for i in sms)
    assert reply and all("SmsReply" in i and "google_messages" not in i for i in reply)
    # SmsReplyMostRecent contains "SmsReply": -k is a substring match, as pytest documents.
    assert {i.split("-")[2] for i in reply} == {"simple_sms_messenger", "fossify_messages", "quik_sms"}


def test_m_category_marker_and_original_marker(pairs_dir):
    sms = _collected(pairs_dir.runpytest("--collect-only", "-q", "-m", "sms"))
    orig = _collected(pairs_dir.runpytest("--collect-only", "-q", "-m", "sms and anyapp_original"))
    assert sms and orig and set(orig) < set(sms)
    assert all("simple_sms_messenger" in i for i in orig)
    assert _collected(pairs_dir.runpytest("--collect-only", "-q", "-m", "clock and sms")) == []


def test_instances_and_instance_options(pairs_dir):
    two = _collected(pairs_dir.runpytest("--collect-only", "-q", "--instances", "2"))
    one = _collected(pairs_dir.runpytest("--collect-only", "-q", "--instances", "2", "--instance", "1"))
    assert len(two) == 2 * len(one) and all(i.endswith("-i1]") for i in one)


def test_env_fallback_for_instances(pairs_dir, monkeypatch):
    monkeypatch.setenv("CATBENCH_N_TASK_COMBINATIONS", "1")
    ids = _collected(pairs_dir.runpytest("--collect-only", "-q"))
    assert ids and all(i.endswith("-i0]") for i in ids)


@pytest.mark.parametrize("args,message", [
    (["--instance", "5"], "outside"),
    (["--lanes", "5555"], "even"),
    (["--condition", "c2_g"], "plan-file"),
    (["--early-stop", "maybe"], "boolean"),
    (["--device", "emulator"], "lanes"),
])
def test_bad_options_are_usage_errors_before_any_episode(pairs_dir, args, message):
    result = pairs_dir.runpytest("--collect-only", *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in "\n".join(result.errlines + result.outlines)


def test_running_without_agent_is_refused(pairs_dir):
    result = pairs_dir.runpytest("-k", "SmsSend-quik_sms-i0")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--agent" in "\n".join(result.errlines + result.outlines)


def test_collection_order_is_identical_across_processes(pairs_dir):
    a = _collected(pairs_dir.runpytest_subprocess("--collect-only", "-q"))
    b = _collected(pairs_dir.runpytest_subprocess("--collect-only", "-q", "-p", "no:randomly"))
    assert a == b and a


def test_unrelated_tests_are_untouched(pytester):
    pytester.makepyfile(test_other="def test_x():\n    assert 1\n")
    result = pytester.runpytest("--condition", "c2_g")  # would be a usage error for pair runs
    result.assert_outcomes(passed=1)


def test_header_says_what_the_run_measures(pairs_dir):
    result = pairs_dir.runpytest("--collect-only", "--agent=null", "--condition=c1", "--seed=31")
    result.stdout.fnmatch_lines(["anyapp: agent=null condition=c1 run=run-* code=* instances=3 seed=31*",
                                 "anyapp: devices: harness-started simulated devices",
                                 "anyapp: simulated devices — tests the harness, not results on real apps"])
