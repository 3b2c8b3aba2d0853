"""One run per option that changes how an episode runs, with and without xdist where it matters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

PAIR = "SmsSend-simple_sms_messenger-i0"


def _record(root: Path, run: str, test_id: str = f"sms-{PAIR}") -> dict:
    return json.loads((root / "res" / run / test_id / "episode.json").read_text())


def _run(pytester: pytest.Pytester, xdist: str, *args: str) -> pytest.RunResult:
    if xdist == "-n0":
        return pytester.runpytest(*args)
    return pytester.runpytest_subprocess("-n", "2", *args)


@pytest.mark.parametrize("xdist", ["-n0", "-n2"])
def test_early_stop_on_and_off(pairs_dir, xdist):
    _run(pairs_dir, xdist, "--agent=oracle", "-k", PAIR, "--results-dir=res", "--run-id=on").assert_outcomes(passed=1)
    _run(pairs_dir, xdist, "--agent=oracle", "-k", PAIR, "--results-dir=res", "--run-id=off",
         "--early-stop=0").assert_outcomes(passed=1)
    on, off = _record(pairs_dir.path, "on"), _record(pairs_dir.path, "off")
    assert on["stop_reason"] == "early_stop" and on["steps"][-1]["early_stop_success"] is True
    assert off["stop_reason"] == "terminate:success" and len(off["steps"]) == len(on["steps"]) + 1
    assert all("early_stop_success" not in s or s["early_stop_success"] is None for s in off["steps"])
    assert off["provenance"]["run"]["options"]["early_stop"] is False


@pytest.mark.parametrize("xdist", ["-n0", "-n2"])
def test_replay_reproduces_a_recorded_episode(pairs_dir, xdist):
    _run(pairs_dir, xdist, "--agent=oracle", "-k", PAIR, "--results-dir=res", "--run-id=orig").assert_outcomes(passed=1)
    _run(pairs_dir, xdist, "--agent=replay", "--replay=res/orig", "-k", PAIR, "--results-dir=res",
         "--run-id=again").assert_outcomes(passed=1)
    orig, again = _record(pairs_dir.path, "orig"), _record(pairs_dir.path, "again")
    assert [s["action"] for s in again["steps"]] == [s["action"] for s in orig["steps"]]
    assert again["provenance"]["agent"]["model"]["agent"] == "replay"


@pytest.mark.parametrize("args,message", [
    (["--agent=replay"], "--replay PATH"),
    (["--agent=GPT-99-Ultra"], "unknown agent 'GPT-99-Ultra' (known: null, oracle, replay"),
    (["--agent=GUI-Owl-7b"], "unknown agent 'GUI-Owl-7b'; did you mean GUI-Owl-7B? (known: null, oracle, replay"),
])
def test_bad_agent_is_a_usage_error_before_any_episode(pairs_dir, args, message):
    result = pairs_dir.runpytest_subprocess(*args, "-k", PAIR, "--results-dir=res")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    text = "\n".join(result.outlines + result.errlines)
    assert message in text
    assert text.count(message) == 1 and not any(line.endswith("..") for line in text.splitlines())  # issue 24
    assert not (pairs_dir.path / "res").exists()


def test_task_timeout_makes_the_episode_invalid(pairs_dir):
    pairs_dir.runpytest("--agent=oracle", "-k", PAIR, "--results-dir=res", "--run-id=t", "--task-timeout=0.001",
                        "--infra-retries=0").stdout.fnmatch_lines(["*1 invalid*"])
    rec = _record(pairs_dir.path, "t")
    assert rec["exception"]["cause"] == "task_timeout"


def test_save_screens_off_writes_no_artifacts(pairs_dir):
    pairs_dir.runpytest("--agent=oracle", "-k", PAIR, "--results-dir=res", "--run-id=s",
                        "--save-screens=0").assert_outcomes(passed=1)
    episode = pairs_dir.path / "res" / "s" / f"sms-{PAIR}"
    assert not list(episode.rglob("*.png")) and all(s["screenshot"] is None for s in _record(pairs_dir.path, "s")["steps"])


def test_seed_changes_parameters_and_is_recorded(pairs_dir):
    for seed in ("30", "31"):
        pairs_dir.runpytest("--agent=null", "-k", PAIR, "--results-dir=res", f"--run-id=seed{seed}",
                            f"--seed={seed}").assert_outcomes(failed=1)
    a, b = _record(pairs_dir.path, "seed30"), _record(pairs_dir.path, "seed31")
    assert a["provenance"]["run"]["seed"] == 30 and b["provenance"]["run"]["seed"] == 31
    assert a["provenance"]["task"]["params"] != b["provenance"]["task"]["params"]
    assert a["provenance"]["task"]["instance_seed"] != b["provenance"]["task"]["instance_seed"]
