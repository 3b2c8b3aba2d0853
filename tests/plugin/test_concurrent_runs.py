"""Runs on one host are isolated: two ``pytest pairs`` runs at once (as two ``anyapp matrix``
cells are) never share a simulated device, state folder or port. They share the adb server,
safely: each device registers under its own serial."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pytest_anyapp.device.lanes import SimLane, ensure_adb_server
from pytest_anyapp.registry import schedule
from pytest_anyapp.sim.serve_info import ServeInfo

ROOT = Path(__file__).resolve().parents[2]
ADB = ("127.0.0.1", int(os.environ.get("ANDROID_ADB_SERVER_PORT", "5037")))


@pytest.mark.timeout(300)
def test_two_lanes_started_at_once_from_separate_folders_get_separate_devices(tmp_path):
    """Two runs whose port locks differ (another TMPDIR, another user) race for the same first
    port: each must end with a device of its own, never the other's."""
    ensure_adb_server(*ADB)
    lanes = [SimLane(tmp_path / name, *ADB, first_console_port=6200) for name in ("a", "b")]
    specs: dict[int, object] = {}
    errors: list[BaseException] = []

    def start(k: int) -> None:
        try:
            specs[k] = lanes[k].start()
        except BaseException as exc:  # noqa: BLE001 — reported below
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(k,)) for k in (0, 1)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert specs[0].serial != specs[1].serial  # type: ignore[attr-defined]
        for lane in lanes:
            assert lane.proc is not None and lane.proc.poll() is None
            info = ServeInfo.read(lane.state_dir / "device")  # type: ignore[operator]
            assert info is not None and info.pid == lane.proc.pid
    finally:
        for lane in lanes:
            lane.stop()


@pytest.mark.timeout(900)
def test_two_pytest_runs_at_once_share_nothing(tmp_path):
    ids = [i.test_id for i in schedule(only_instance=0) if i.pair.app.category.value == "sms"][:3]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    runs = []
    for run in ("one", "two"):
        cmd = [sys.executable, "-m", "pytest", *[f"pairs/test_pairs.py::test_pair[{t}]" for t in ids],
               "--agent=null", "--device=sim", f"--results-dir={tmp_path}", f"--run-id={run}", "--infra-retries=0",
               "--save-screens=0", "-q", "-p", "no:randomly", "-p", "no:cacheprovider"]
        runs.append(subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
    outputs = [p.communicate(timeout=850)[0].decode() for p in runs]
    records = {run: [json.loads(p.read_text()) for p in (tmp_path / run).glob("*/episode.json")]
               for run in ("one", "two")}
    for recs in records.values():
        assert len(recs) == len(ids), outputs
        assert {r["status"] for r in recs} == {"valid_failure"}, [r.get("exception") for r in recs]
    serials = {run: {r["provenance"]["device"]["serial"] for r in recs} for run, recs in records.items()}
    assert not serials["one"] & serials["two"], serials
