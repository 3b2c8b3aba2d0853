"""A lane that dies mid-run is recovered, or its pairs go to the other workers: every pair ends
valid without a second command.

The device is killed for real, through its emulator console (``kill``), by a conftest agent in
the middle of an episode; the in-flight attempt fails on the infrastructure and is retried under
the usual rule on the recovered lane.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.lanes import LanePool
from pytest_anyapp.device.recovery import GiveBack
from pytest_anyapp.errors import InfrastructureError
from pytest_anyapp.options import LaneSpec
from pytest_anyapp.sim.testing import RunningDevice, running_device

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()

#: An agent that behaves like null, except once per run (a flag file) it kills the device it runs
#: on through the console, at the first step of an episode, and then asks for a tap.
KILLER_CONFTEST = '''
import os
import socket
from pathlib import Path

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep

FLAG = Path(__file__).parent / "killed"
SERIALS = []


def pytest_anyapp_episode_finished(record, item):
    SERIALS.append(record.provenance.device.serial)


class KillsDevice(Agent):
    name = "kills-device"
    observes = frozenset()

    def step(self, observation):
        if SERIALS and not FLAG.exists() and os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0":
            FLAG.write_text(SERIALS[-1])
            with socket.create_connection(("127.0.0.1", int(SERIALS[-1].rsplit("-", 1)[1])), timeout=5) as s:
                s.recv(4096)
                s.sendall(b"kill\\n")
                s.recv(4096)
            return AgentStep(action=Action(action="click", coordinate=(540, 1200)))
        return AgentStep(action=Action(action="terminate", status="failure"))


def pytest_anyapp_make_agent(name, options):
    return KillsDevice() if name == "kills-device" else None
'''

PAIRS = ["-k", "(SmsSend- or SmsReply-) and i0"]  # 8 pairs


@pytest.fixture
def bench(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    # The inner run must not inherit this (outer) xdist worker's name: the killer fires on gw0 only,
    # and a single-process inner run has no worker name of its own.
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    pytester.makeconftest(KILLER_CONFTEST)
    return pytester


def _records(root: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in root.glob("*/*/episode.json")
            if not p.parent.parent.name.startswith("_")}


def _all_valid(records: dict[str, dict], n: int) -> None:
    assert len(records) == n
    assert {r["status"] for r in records.values()} == {"valid_failure"}
    assert all(r["final"] for r in records.values())


def test_a_simulated_lane_killed_mid_episode_gets_a_fresh_device(bench: pytest.Pytester) -> None:
    result = bench.runpytest_subprocess("--agent=kills-device", *PAIRS, "-n", "2", "--results-dir=res",
                                        "--run-id=r", "--json-report", "--json-report-file=r.json")
    killed = (bench.path / "killed").read_text()
    records = _records(bench.path / "res")
    _all_valid(records, 8)
    retried = [r for r in records.values() if len(r["attempts"]) > 1]
    assert len(retried) == 1, [r["attempts"] for r in records.values()]
    first, second = retried[0]["attempts"]
    assert first["status"] == "invalid_infrastructure" and first["exception"]["cause"] in ("device", "verifier_read")
    assert second["status"] == "valid_failure"  # on the fresh device (the killed one answers nothing)
    assert killed.startswith("emulator-")
    result.assert_outcomes(failed=8)
    report = json.loads((bench.path / "r.json").read_text())
    assert report["summary"].get("failed") == 8 and "invalid" not in report["summary"]


@pytest.fixture
def two_lanes(adb_server: int, tmp_path: Path) -> Iterator[list[RunningDevice]]:
    with running_device(tmp_path / "a", adb_server_port=adb_server) as a, \
            running_device(tmp_path / "b", adb_server_port=adb_server) as b:
        yield [a, b]


def _lanes(devices: list[RunningDevice]) -> str:
    return ",".join(f"{d.console_port}:{d.grpc_port}" for d in devices)


def test_an_emulator_lane_that_does_not_come_back_gives_its_pairs_to_the_other_worker(
        bench: pytest.Pytester, two_lanes: list[RunningDevice]) -> None:
    result = bench.runpytest_subprocess("--agent=kills-device", *PAIRS, "-n", "2", "--results-dir=res",
                                        "--run-id=r", f"--lanes={_lanes(two_lanes)}", "--lane-recovery-timeout=3",
                                        "--json-report", "--json-report-file=r.json")
    killed = (bench.path / "killed").read_text()
    records = _records(bench.path / "res")
    _all_valid(records, 8)
    assert all(r["provenance"]["device"]["serial"] != killed for r in records.values()
               if r["attempts"] and r["attempts"][-1]["status"] == "valid_failure" and len(r["attempts"]) > 1)
    result.stdout.fnmatch_lines(["*replacing crashed worker*", "*8 failed*1 given back*"])
    result.assert_outcomes(failed=8)
    report = json.loads((bench.path / "r.json").read_text())
    assert report["summary"]["failed"] == 8 and report["summary"]["total"] == 8
    assert {t["outcome"] for t in report["tests"]} == {"failed"}
    table = json.loads((bench.path / "res" / "r" / ".lanes" / "leases.json").read_text())
    dead = [v for v in table.values() if v.get("dead")]
    assert len(dead) == 1 and "did not come back" in dead[0]["reason"]
    assert not list((bench.path / "res" / "r" / ".lanes" / "given-back").glob("*.json"))  # every note consumed


def test_an_emulator_lane_that_comes_back_is_reconnected(bench: pytest.Pytester, adb_server: int,
                                                          tmp_path: Path) -> None:
    """The emulator restarts (same ports, same disk) while the worker waits for it."""
    state = tmp_path / "emu"
    stop = threading.Event()
    first = running_device(state, adb_server_port=adb_server)
    device = first.__enter__()
    ports = (device.console_port, device.grpc_port)

    def restart_when_killed() -> None:
        device.server.wait()
        if stop.is_set():
            return
        with running_device(state, console_port=ports[0], grpc_port=ports[1], adb_server_port=adb_server):
            stop.wait(300)

    keeper = threading.Thread(target=restart_when_killed, daemon=True)
    keeper.start()
    try:
        result = bench.runpytest_subprocess("--agent=kills-device", *PAIRS, "--results-dir=res", "--run-id=r",
                                            f"--lanes={ports[0]}:{ports[1]}", "--lane-recovery-timeout=60")
    finally:
        stop.set()
        first.__exit__(None, None, None)
        keeper.join(30)
    records = _records(bench.path / "res")
    _all_valid(records, 8)
    assert sum(len(r["attempts"]) > 1 for r in records.values()) == 1
    result.assert_outcomes(failed=8)


def test_lease_skips_dead_lanes_and_says_when_none_is_alive(tmp_path: Path) -> None:
    a, b = LaneSpec(console_port=5554), LaneSpec(console_port=5556)
    pool = LanePool([a, b], tmp_path)
    pool.mark_dead(a, "gone")
    assert pool.lease("gw0") == b
    pool.release(b)
    pool.mark_dead(b, "gone too")
    with pytest.raises(InfrastructureError) as err:
        pool.lease("gw1", wait_s=30)
    assert err.value.cause == "no_live_lane"


def test_a_leased_lane_is_waited_for(tmp_path: Path) -> None:
    lane = LaneSpec(console_port=5554)
    pool = LanePool([lane], tmp_path)
    pool.lease("gw0")
    with pytest.raises(InfrastructureError) as err:
        pool.lease("gw1", wait_s=0.2, poll_s=0.05)
    assert err.value.cause == "no_free_lane"
    threading.Timer(0.2, pool.release, args=(lane,)).start()
    assert pool.lease("gw1", wait_s=10, poll_s=0.05) == lane


def test_give_back_notes_are_taken_once(tmp_path: Path) -> None:
    notes = GiveBack(tmp_path)
    node = "test_pairs.py::test_pair[sms-SmsSend-quik_sms-i0]"
    assert notes.take(node) is None
    notes.leave(node, "gw1", "lane lost")
    assert notes.take(node) == {"nodeid": node, "worker": "gw1", "reason": "lane lost"}
    assert notes.take(node) is None
