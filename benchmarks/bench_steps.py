"""Per-step device protocol: round trips and bytes per step and per episode setup, and timings.

Run: ``.venv/bin/python benchmarks/bench_steps.py [--episodes 5] [--oracle] [--json OUT]``.
It starts one simulated device behind the real adb server (``ANDROID_ADB_SERVER_PORT``) and runs
SMS episodes in process with three agents:

* ``screenshot``: a scripted agent that declares it looks at screenshots only (as GUI-Owl,
  UI-Venus, MAI-UI, Qwen3-VL and UI-Voyager do) and taps, swipes and waits;
* ``m3a``: the same script, declaring what M3A observes (screenshot and UI tree);
* ``null``: terminates at once (the one-step null episode).

A **device round trip** is one request/response on an adb or gRPC connection that reaches the
device (an adb service such as ``shell,v2:``/``sync:`` after the transport switch, one sync
request, one gRPC call). Requests the adb server answers alone (``host:version``,
``host:tport:serial:``) are counted separately as server round trips; each TCP connection to the
adb server is counted too. The probe wraps adbutils' ``AdbConnection`` socket and
``EmulatorGrpc._call`` for the run (measurement only), so it counts the same way for the code at
any revision: point ``PYTHONPATH`` at an older checkout to get the "before" numbers.

``--oracle`` also runs the 40 SMS oracle pairs of instance 0 with ``pytest -n 2`` and projects the
1,560-episode oracle run from their wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(os.environ.get("BENCH_ROOT", Path(__file__).resolve().parent.parent))


# -- the probe ----------------------------------------------------------------------------------
@dataclass
class Wire:
    """Counters; ``snapshot()`` copies them so a phase is the difference of two snapshots."""

    device_rt: int = 0
    server_rt: int = 0
    connections: int = 0
    sent: int = 0
    received: int = 0

    def snapshot(self) -> Wire:
        return Wire(self.device_rt, self.server_rt, self.connections, self.sent, self.received)

    def __sub__(self, other: Wire) -> Wire:
        return Wire(self.device_rt - other.device_rt, self.server_rt - other.server_rt,
                    self.connections - other.connections, self.sent - other.sent, self.received - other.received)


WIRE = Wire()


class _CountingSocket:
    """Delegates to a real socket; a send after a receive (or the first send) starts a request."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._switched = False  # after host:tport/host:transport the socket talks to the device
        self._sending = False
        WIRE.connections += 1

    def _request(self, data: bytes) -> None:
        if self._sending:
            return
        self._sending = True
        body = bytes(data[4:40])
        if not self._switched and body.startswith(b"host"):
            WIRE.server_rt += 1
            if body.startswith((b"host:tport:", b"host:transport", b"host-serial:")):
                self._switched = not body.startswith(b"host-serial:")
        else:
            WIRE.device_rt += 1

    def send(self, data: bytes, *args: Any) -> int:
        self._request(data)
        n = self._sock.send(data, *args)
        WIRE.sent += n
        return n

    def sendall(self, data: bytes, *args: Any) -> None:
        self._request(data)
        self._sock.sendall(data, *args)
        WIRE.sent += len(data)

    def recv(self, n: int, *args: Any) -> bytes:
        self._sending = False
        data = self._sock.recv(n, *args)
        WIRE.received += len(data)
        return data

    def recv_into(self, buf: Any, *args: Any) -> int:
        self._sending = False
        n = self._sock.recv_into(buf, *args)
        WIRE.received += n
        return n

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


@contextmanager
def probe() -> Iterator[Wire]:
    from adbutils import _adb

    from pytest_anyapp.device import emulator_grpc

    create = _adb.AdbConnection._create_socket
    call = emulator_grpc.EmulatorGrpc._call

    def counting_create(self: Any) -> Any:
        return _CountingSocket(create(self))

    def counting_call(self: Any, name: str, request: Any) -> Any:
        WIRE.device_rt += 1
        WIRE.sent += request.ByteSize() if hasattr(request, "ByteSize") else 0
        reply = call(self, name, request)
        WIRE.received += reply.ByteSize() if hasattr(reply, "ByteSize") else 0
        return reply

    _adb.AdbConnection._create_socket = counting_create  # type: ignore[method-assign]
    emulator_grpc.EmulatorGrpc._call = counting_call  # type: ignore[method-assign]
    try:
        yield WIRE
    finally:
        _adb.AdbConnection._create_socket = create  # type: ignore[method-assign]
        emulator_grpc.EmulatorGrpc._call = call  # type: ignore[method-assign]


# -- agents -------------------------------------------------------------------------------------
def _agents() -> dict[str, type]:
    from pytest_anyapp.agents.actions import Action
    from pytest_anyapp.agents.base import Agent, AgentStep, Observation

    script = [Action(action="click", coordinate=(540, 2300)), Action(action="swipe", direction="up"),
              Action(action="click", coordinate=(540, 2300)), Action(action="swipe", direction="down"),
              Action(action="terminate", status="failure")]

    class ScreenshotAgent(Agent):
        name = "bench-screenshot"
        observes: ClassVar[frozenset[str]] = frozenset({"screenshot"})

        def step(self, observation: Observation) -> AgentStep:
            return AgentStep(action=script[min(observation.step_index, len(script) - 1)])

    m3a_observes: frozenset[str] = frozenset({"screenshot", "ui_tree"})
    try:
        from pytest_anyapp.agents.models.m3a import M3AAgent

        m3a_observes = getattr(M3AAgent, "observes", m3a_observes)
    except ImportError:
        pass

    class M3ALikeAgent(ScreenshotAgent):
        name = "bench-m3a"
        observes = m3a_observes

    class NullLike(Agent):
        name = "bench-null"
        observes: ClassVar[frozenset[str]] = frozenset()

        def step(self, observation: Observation) -> AgentStep:
            return AgentStep(action=Action(action="terminate", status="failure"))

    from pytest_anyapp.agents.builtin.oracle import OracleAgent

    return {"screenshot": ScreenshotAgent, "m3a": M3ALikeAgent, "null": NullLike, "oracle": OracleAgent}


# -- episodes -----------------------------------------------------------------------------------
@dataclass
class EpisodeWire:
    setup: Wire = field(default_factory=Wire)
    loop: Wire = field(default_factory=Wire)
    early_stop: Wire = field(default_factory=Wire)
    after: Wire = field(default_factory=Wire)
    steps: int = 0
    wall_s: float = 0.0
    observe_s: list[float] = field(default_factory=list)


def run_episodes(kind: str, episodes: int, lane: Any, tmp: Path, *, save_screens: bool) -> list[EpisodeWire]:
    from pytest_anyapp.device.client import DeviceClient, LaneAddress
    from pytest_anyapp.episode.runner import EpisodeRunner
    from pytest_anyapp.options import RunOptions
    from pytest_anyapp.records.models import Provenance
    from pytest_anyapp.records.store import RunStore
    from pytest_anyapp.registry import schedule

    agent = _agents()[kind]()
    out: list[EpisodeWire] = []
    current: list[EpisodeWire] = []

    in_loop = [False]

    class ProbedRunner(EpisodeRunner):
        def _loop(self, *args: Any, **kwargs: Any) -> None:
            ep = current[-1]
            ep.setup = WIRE.snapshot() - ep.setup  # setup held the start snapshot
            start = WIRE.snapshot()
            in_loop[0] = True
            try:
                super()._loop(*args, **kwargs)
            finally:
                in_loop[0] = False
                ep.loop = WIRE.snapshot() - start
                ep.after = WIRE.snapshot()  # the start of the after-loop phase

        def _read(self, *args: Any, **kwargs: Any) -> Any:
            start = WIRE.snapshot()
            try:
                return super()._read(*args, **kwargs)
            finally:
                if in_loop[0]:
                    ep = current[-1]
                    d = WIRE.snapshot() - start
                    ep.early_stop = Wire(ep.early_stop.device_rt + d.device_rt, ep.early_stop.server_rt + d.server_rt,
                                         ep.early_stop.connections + d.connections, ep.early_stop.sent + d.sent,
                                         ep.early_stop.received + d.received)

    port = int(os.environ.get("ANDROID_ADB_SERVER_PORT", "5037"))
    device = DeviceClient(LaneAddress(serial=lane.serial, console_port=lane.console_port, grpc_port=lane.grpc_port,
                                      adb_port=port))
    options = RunOptions(agent=kind, results_dir=tmp / "res", save_screens=save_screens, early_stop=True)
    runner = ProbedRunner(device, agent, options, RunStore(options.results_dir, f"bench-{kind}"), Provenance())
    sms = [i for i in schedule(only_instance=0) if i.pair.app.category.value == "sms"]
    # Round-trip counts use one pair; the oracle walks through every SMS pair of instance 0.
    chosen = sms if kind == "oracle" else [i for i in sms if i.pair.template.semantic_id == "SmsSend"]
    for n in range(episodes):
        inst = chosen[n % len(chosen)]
        ep = EpisodeWire()
        current.append(ep)
        ep.setup = WIRE.snapshot()
        t = time.perf_counter()
        record = runner.run(inst)
        ep.wall_s = time.perf_counter() - t
        ep.after = WIRE.snapshot() - ep.after
        ep.steps = len(record.steps)
        ep.observe_s = [s.observe_s for s in record.steps]
        if kind == "oracle" and record.status.value != "valid_success":
            raise SystemExit(f"oracle episode {inst.test_id} did not succeed: {record.model_dump_json(indent=1)}")
        if record.status.value.startswith("invalid"):
            raise SystemExit(f"{kind} episode was invalid: {record.exception}")
        out.append(ep)
    device.close()
    return out


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def summarize(kind: str, eps: list[EpisodeWire]) -> dict[str, Any]:
    first = eps[0]  # counts are deterministic; the first episode also pays per-lane caches
    steady = eps[-1]
    steps = steady.steps or 1
    loop_without_es = steady.loop - steady.early_stop
    return {
        "agent": kind, "episodes": len(eps), "steps_per_episode": steady.steps,
        "setup_device_rt": steady.setup.device_rt, "setup_server_rt": steady.setup.server_rt,
        "setup_connections": steady.setup.connections,
        "setup_bytes": steady.setup.sent + steady.setup.received,
        "first_setup_device_rt": first.setup.device_rt,
        "step_device_rt": loop_without_es.device_rt / steps,
        "step_server_rt": loop_without_es.server_rt / steps,
        "step_connections": loop_without_es.connections / steps,
        "step_bytes": (loop_without_es.sent + loop_without_es.received) / steps,
        "early_stop_device_rt_per_step": steady.early_stop.device_rt / max(steps - 1, 1),
        "after_loop_device_rt": steady.after.device_rt,
        "observe_ms_median": 1000 * _median([o for e in eps for o in e.observe_s]),
        "episode_s_median": _median([e.wall_s for e in eps[1:]] or [e.wall_s for e in eps]),
    }


def bench_oracle_run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "pairs", "-m", "sms",
                               "--instance=0", "--agent=oracle", "-n", "2", "-q", f"--results-dir={tmp}"],
                              cwd=ROOT, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - t
        tail = proc.stdout.strip().splitlines()[-1:] or [""]
        if proc.returncode != 0:
            raise SystemExit(f"oracle run failed:\n{proc.stdout[-3000:]}")
    return {"sms_oracle_i0_wall_s": wall, "episodes": 40, "projected_1560_min": wall / 40 * 1560 / 60,
            "result": tail[0]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=5)
    parser.add_argument("--oracle", action="store_true", help="also run the SMS oracle pairs with -n 2")
    parser.add_argument("--save-screens", type=int, default=1)
    parser.add_argument("--agents", default="screenshot,m3a,null",
                        help="comma-separated: screenshot, m3a, null, oracle (in process, SMS pairs of instance 0)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    from pytest_anyapp.device.lanes import SimLane, ensure_adb_server

    port = int(os.environ.get("ANDROID_ADB_SERVER_PORT", "5037"))
    ensure_adb_server("127.0.0.1", port)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp_s:
        tmp = Path(tmp_s)
        sim = SimLane(tmp / "sim", "127.0.0.1", port)
        lane = sim.start()
        try:
            with probe():
                for kind in args.agents.split(","):
                    eps = run_episodes(kind, args.episodes, lane, tmp, save_screens=bool(args.save_screens))
                    results[kind] = summarize(kind, eps)
                    print(json.dumps(results[kind]))
        finally:
            sim.stop()
    if args.oracle:
        results["oracle"] = bench_oracle_run()
        print(json.dumps(results["oracle"]))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
