"""A lane that fails its preflight before its first episode is released: its pairs go to the other
lanes, and only a run where no lane passes stops (usage error, exit 4).

The dead lane is a console port nothing listens on (no device ``emulator-<port>`` on the adb
server), as a lane whose emulator never started looks to the harness.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from pytest_anyapp.sim.testing import RunningDevice

SMS_SEND = ["-k", "SmsSend- and -i0"]  # 4 pairs


def _unused_console_port() -> int:
    """An even port whose adb port (console + 1) nothing listens on either."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1]) & ~1
        with socket.socket() as a, socket.socket() as b:
            try:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
        return port


def _records(run: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in run.glob("*/episode.json")]


def _dead_lane() -> tuple[str, str]:
    port = _unused_console_port()
    return f"{port}:{port + 3000}", f"emulator-{port}"


def test_a_dead_first_lane_is_released_and_its_pairs_run_on_the_live_one(pairs_dir, sim_device: RunningDevice):
    """One process, the dead lane listed first (the one it would lease): every pair runs on the live lane."""
    dead, dead_serial = _dead_lane()
    result = pairs_dir.runpytest("--agent=null", *SMS_SEND, "--results-dir=res", "--run-id=r",
                                 f"--lanes={dead},{sim_device.console_port}:{sim_device.grpc_port}",
                                 "--infra-retries=0")
    records = _records(pairs_dir.path / "res" / "r")
    assert len(records) == 4
    assert {r["status"] for r in records} == {"valid_failure"}
    assert {r["provenance"]["device"]["serial"] for r in records} == {sim_device.serial}
    result.assert_outcomes(failed=4)
    result.stdout.fnmatch_lines([f"anyapp: lane {dead_serial} released before its first episode: unreachable*",
                                 "*1 of 2 lane(s) released*their pairs go to the 1 passing lane(s)*",
                                 f"AnyAppBench: lane {dead_serial} released before its first episode*"])
    table = json.loads((pairs_dir.path / "res" / "r" / ".lanes" / "leases.json").read_text())
    dead_key = f"127.0.0.1-{dead.split(':')[0]}"
    assert table[dead_key]["dead"] and table[dead_key]["reason"].startswith("released before its first episode")


def test_under_xdist_a_released_lane_gets_no_worker(pairs_dir, sim_device: RunningDevice, monkeypatch):
    """-n 2 over a live and a dead lane: one worker starts, on the live lane; nothing is invalid."""
    pytest.importorskip("xdist")
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    dead, dead_serial = _dead_lane()
    result = pairs_dir.runpytest_subprocess("--agent=null", *SMS_SEND, "-n", "2", "--results-dir=res",
                                            "--run-id=x", "--infra-retries=0",
                                            f"--lanes={sim_device.console_port}:{sim_device.grpc_port},{dead}")
    records = _records(pairs_dir.path / "res" / "x")
    assert len(records) == 4
    assert {r["status"] for r in records} == {"valid_failure"}, [r["exception"] for r in records]
    assert {r["provenance"]["device"]["serial"] for r in records} == {sim_device.serial}
    result.stdout.fnmatch_lines([f"anyapp: lane {dead_serial} released*", "*with 1 xdist worker(s)*",
                                 "*created: 1/1 worker*"])
    result.assert_outcomes(failed=4)
    assert result.ret == 1


def test_no_lane_passing_is_a_usage_error_before_any_episode(pairs_dir):
    (first, first_serial), (second, second_serial) = _dead_lane(), _dead_lane()
    result = pairs_dir.runpytest("--agent=null", *SMS_SEND, "--results-dir=res", "--run-id=n",
                                 f"--lanes={first},{second}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*no lane passed its preflight (2 lane(s)):*", f"*{first_serial}: unreachable*",
                                 f"*{second_serial}: unreachable*", "*anyapp preflight --repair*"])
    assert not _records(pairs_dir.path / "res" / "n")


#: Breaks the first lane after the run's start-up check and before the worker's first episode
#: (its boot properties read 0), as an emulator that dies in between would.
BREAK_FIRST_LANE = '''
import os

from pytest_anyapp.sim.console_client import console_command


def pytest_sessionstart(session):
    console_command(int(os.environ["BREAK_CONSOLE_PORT"]), "sim fault not_booted=true")
'''


def test_a_lane_failing_at_its_workers_first_preflight_is_released_too(pairs_dir, adb_server, tmp_path,
                                                                        monkeypatch):
    from pytest_anyapp.sim.testing import running_device

    pairs_dir.makeconftest(BREAK_FIRST_LANE)
    with running_device(tmp_path / "a", adb_server_port=adb_server) as first, \
            running_device(tmp_path / "b", adb_server_port=adb_server) as second:
        monkeypatch.setenv("BREAK_CONSOLE_PORT", str(first.console_port))
        result = pairs_dir.runpytest("--agent=null", *SMS_SEND, "--results-dir=res", "--run-id=w",
                                     "--infra-retries=0",
                                     f"--lanes={first.console_port}:{first.grpc_port},"
                                     f"{second.console_port}:{second.grpc_port}")
    records = _records(pairs_dir.path / "res" / "w")
    assert len(records) == 4
    assert {r["status"] for r in records} == {"valid_failure"}, [r["exception"] for r in records]
    assert {r["provenance"]["device"]["serial"] for r in records} == {second.serial}
    result.assert_outcomes(failed=4)
    table = json.loads((pairs_dir.path / "res" / "w" / ".lanes" / "leases.json").read_text())
    reason = table[f"127.0.0.1-{first.console_port}"]["reason"]
    assert reason.startswith(f"lane {first.serial} released before its first episode: preflight failed")
