"""Harness benchmarks: collection time, harness overhead per step, SMS oracle speed-up with -n 2.

Run: ``.venv/bin/python benchmarks/bench_harness.py [--quick]``. Prints medians and ratios; the
numbers in docs/performance.md come from this script. ``--quick`` skips the -n 1/-n 2 runs.

Overhead per step is the episode loop's wall time minus the time spent inside device calls (adb,
gRPC) and inside ``agent.step``, divided by the number of steps: what the harness itself adds
(UI-dump parsing, observation building, records, artifact writes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]


def bench_collection(repeats: int = 5) -> dict[str, float]:
    from pytest_anyapp.registry import schedule

    times = []
    n = 0
    for _ in range(repeats):
        t = time.perf_counter()
        out = subprocess.run([*PYTEST, "pairs", "--collect-only", "-q"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
        times.append(time.perf_counter() - t)
        n = sum(1 for line in out.splitlines() if "::test_pair[" in line)
    in_proc = []
    for _ in range(repeats):
        t = time.perf_counter()
        schedule()
        in_proc.append(time.perf_counter() - t)
    return {"items": n, "collect_only_process_s": statistics.median(times),
            "schedule_in_process_s": statistics.median(in_proc)}


def bench_overhead(episodes: int = 8) -> dict[str, float]:
    from pytest_anyapp.agents.builtin.oracle import OracleAgent
    from pytest_anyapp.device.client import DeviceClient, LaneAddress
    from pytest_anyapp.device.lanes import SimLane, ensure_adb_server
    from pytest_anyapp.episode.runner import EpisodeRunner
    from pytest_anyapp.options import RunOptions
    from pytest_anyapp.records.models import Provenance
    from pytest_anyapp.records.store import RunStore
    from pytest_anyapp.registry import schedule

    spent = {"device": 0.0, "agent": 0.0}

    class TimedDevice(DeviceClient):
        def _timed(self, name: str, *args: Any, **kwargs: Any) -> Any:
            t = time.perf_counter()
            try:
                return getattr(super(), name)(*args, **kwargs)
            finally:
                spent["device"] += time.perf_counter() - t

        def run(self, *a: Any, **k: Any) -> Any:
            return self._timed("run", *a, **k)

        def pull_bytes(self, *a: Any, **k: Any) -> Any:
            return self._timed("pull_bytes", *a, **k)

        def screenshot_png(self, *a: Any, **k: Any) -> Any:
            return self._timed("screenshot_png", *a, **k)

    class TimedOracle(OracleAgent):
        def step(self, observation: Any) -> Any:
            t = time.perf_counter()
            try:
                return super().step(observation)
            finally:
                spent["agent"] += time.perf_counter() - t

    per_step: list[float] = []
    steps_total = 0

    class TimedRunner(EpisodeRunner):
        def _loop(self, inst: Any, att: Any, prompt_goal: str) -> None:
            nonlocal steps_total
            before = dict(spent)
            t = time.perf_counter()
            super()._loop(inst, att, prompt_goal)
            wall = time.perf_counter() - t
            device = spent["device"] - before["device"]
            agent = spent["agent"] - before["agent"]
            if att.steps:
                per_step.append((wall - device - agent) / len(att.steps))
                steps_total += len(att.steps)

    ensure_adb_server("127.0.0.1", 5037)
    with tempfile.TemporaryDirectory() as tmp:
        sim = SimLane(Path(tmp) / "sim", "127.0.0.1", 5037)
        lane = sim.start()
        try:
            device = TimedDevice(LaneAddress(serial=lane.serial, console_port=lane.console_port,
                                             grpc_port=lane.grpc_port))
            options = RunOptions(agent="oracle", results_dir=Path(tmp) / "res")
            runner = TimedRunner(device, TimedOracle(), options, RunStore(options.results_dir, "bench"),
                                 Provenance())
            chosen = [i for i in schedule(only_instance=0) if i.pair.app.category.value == "sms"][:episodes]
            for inst in chosen:
                runner.run(inst)
            device.close()
        finally:
            sim.stop()
    return {"episodes": len(per_step), "steps": steps_total,
            "overhead_per_step_ms_median": 1000 * statistics.median(per_step),
            "overhead_per_step_ms_max": 1000 * max(per_step)}


def bench_speedup() -> dict[str, float]:
    walls = {}
    for n in ("1", "2"):
        with tempfile.TemporaryDirectory() as tmp:
            t = time.perf_counter()
            proc = subprocess.run([*PYTEST, "pairs", "-m", "sms", "--agent=oracle", "-n", n, "-q",
                                   f"--results-dir={tmp}"], cwd=ROOT, capture_output=True, text=True)
            walls[n] = time.perf_counter() - t
            if proc.returncode != 0:
                raise SystemExit(f"-n {n} run failed:\n{proc.stdout[-2000:]}")
    return {"wall_n1_s": walls["1"], "wall_n2_s": walls["2"], "speedup": walls["1"] / walls["2"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="skip the full -n 1 / -n 2 SMS runs")
    args = parser.parse_args()
    os.chdir(ROOT)
    print("collection:", bench_collection())
    print("overhead:", bench_overhead())
    if not args.quick:
        print("sms oracle:", bench_speedup())


if __name__ == "__main__":
    main()
