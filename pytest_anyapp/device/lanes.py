"""Lanes: one device per xdist worker, leased from a pool shared by all workers of the run.

A lease is a row in a JSON table guarded by a file lock and keyed by the lane, holding the owner's
pid. A lease whose pid is gone (a crashed worker) is reclaimed, so a replacement worker — which
xdist gives a *new* id — gets a free lane without any port arithmetic on worker numbers.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import adbutils
from filelock import FileLock

from pytest_anyapp.errors import DeviceError, InfrastructureError
from pytest_anyapp.options import LaneSpec


class LaneGrammarError(ValueError):
    """A ``--lanes``/``CATBENCH_EMULATORS`` item that neither lane form accepts."""


def lane_fields(item: str) -> dict[str, Any]:
    """One lane item as LaneSpec fields. Two forms, told apart by the first field:

    * ``[host:]console[:grpc]`` (this release), e.g. ``5554``, ``5554:8554``, ``10.0.0.5:5554:8554``;
    * ``console:grpc[:serial[:adb_server_port]]`` (the prior release, and what ``anyapp sim up``
      prints for a non-default adb server), e.g. ``5554:8554:emulator-5554:5041``. A serial of
      only digits means ``localhost:<digits>``; an empty or ``-`` serial means the default
      ``emulator-<console>``.

    A first field that is a port number starts the prior form (or the shared ``console[:grpc]``);
    anything else is a host.
    """
    parts = item.split(":")
    if not parts[0].isdigit():
        if len(parts) not in (2, 3):
            raise LaneGrammarError("want host:console[:grpc]")
        return {"host": parts[0], "console_port": _port(parts[1]),
                "grpc_port": _port(parts[2]) if len(parts) == 3 else None}
    if len(parts) > 4:
        raise LaneGrammarError("too many fields (want console:grpc[:serial[:adb_server_port]])")
    fields: dict[str, Any] = {"console_port": _port(parts[0])}
    if len(parts) >= 2:
        fields["grpc_port"] = _port(parts[1])
    if len(parts) >= 3 and parts[2] not in ("", "-"):
        fields["serial_override"] = f"localhost:{parts[2]}" if parts[2].isdigit() else parts[2]
    if len(parts) == 4:
        fields["adb_server_port"] = _port(parts[3])
    return fields


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise LaneGrammarError(f"{text!r} is not a port number")
    return int(text)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class LanePool:
    def __init__(self, lanes: list[LaneSpec], state_dir: Path) -> None:
        self.lanes = lanes
        state_dir.mkdir(parents=True, exist_ok=True)
        self._table = state_dir / "leases.json"
        self._lock = FileLock(str(state_dir / "leases.lock"))

    def _read(self) -> dict[str, dict[str, object]]:
        return json.loads(self._table.read_text()) if self._table.exists() else {}

    def lease(self, owner: str, *, wait_s: float = 0.0, poll_s: float = 1.0) -> LaneSpec:
        """The first lane that is neither leased by a live worker nor marked dead. With ``wait_s``
        a worker (e.g. xdist's replacement for one that gave its lane up) waits that long for a
        live worker to release one; it never waits when every lane is dead."""
        deadline = time.monotonic() + wait_s
        while True:
            with self._lock:
                table = self._read()
                for lane in self.lanes:
                    held = table.get(lane.key)
                    if held is not None and held.get("dead"):
                        continue
                    if held is not None and held.get("host") == socket.gethostname() and _pid_alive(int(str(held["pid"]))):
                        continue
                    table[lane.key] = {"pid": os.getpid(), "owner": owner, "host": socket.gethostname(),
                                       "since": time.time()}
                    self._table.write_text(json.dumps(table, indent=1))
                    return lane
                dead = [lane.key for lane in self.lanes if table.get(lane.key, {}).get("dead")]
            if len(dead) == len(self.lanes):
                raise InfrastructureError(f"no live device lane for {owner}: every lane is marked dead ({dead})",
                                          cause="no_live_lane")
            if time.monotonic() + poll_s > deadline:
                raise InfrastructureError(
                    f"no free device lane for {owner}: all {len(self.lanes)} lanes are leased "
                    "(run with -n at most the number of lanes)", cause="no_free_lane")
            time.sleep(poll_s)

    def mark_dead(self, lane: LaneSpec, reason: str) -> None:
        """No worker of this run leases ``lane`` again (it died and could not be recovered)."""
        with self._lock:
            table = self._read()
            table[lane.key] = {"dead": True, "reason": reason[:300], "since": time.time()}
            self._table.write_text(json.dumps(table, indent=1))

    def revive(self, lane: LaneSpec) -> None:
        """A lane marked dead by an earlier invocation of this run that passes its preflight again."""
        with self._lock:
            table = self._read()
            if table.get(lane.key, {}).get("dead"):
                del table[lane.key]
                self._table.write_text(json.dumps(table, indent=1))

    def release(self, lane: LaneSpec) -> None:
        with self._lock:
            table = self._read()
            if table.get(lane.key, {}).get("pid") == os.getpid():
                del table[lane.key]
                self._table.write_text(json.dumps(table, indent=1))


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class SimLane:
    """A simulated device started by this worker, as a separate process (reached only over the wire)."""

    def __init__(self, state_root: Path, adb_host: str, adb_port: int, *, first_console_port: int = 5600) -> None:
        self.state_root = state_root
        self.adb_host, self.adb_port = adb_host, adb_port
        self.first_console_port = first_console_port
        self.proc: subprocess.Popen[bytes] | None = None
        self.spec: LaneSpec | None = None
        self.state_dir: Path | None = None

    def start(self, timeout_s: float = 60.0, *, tries: int = 50) -> LaneSpec:
        """Start a device on the first free console port. Free is what the device itself finds:
        the port check is only a hint (another run, with another lock, may take the port between
        the check and the bind), so the device is ours only once *its* process writes its
        readiness file; one that exits before that lost the port, and the next one is tried."""
        from pytest_anyapp.sim.serve_info import ServeInfo

        self.state_root.mkdir(parents=True, exist_ok=True)
        console = self.first_console_port
        with FileLock(str(self.state_root / "ports.lock")):
            for _ in range(tries):
                while not (_port_free(console) and _port_free(console + 1) and _port_free(console + 3000)):
                    console += 2
                spec = LaneSpec(console_port=console, grpc_port=console + 3000)
                # A fresh state directory per device: a port used by an earlier device never hands over its state.
                self.state_dir = Path(tempfile.mkdtemp(prefix=f"device-{console}-", dir=self.state_root))
                log = open(self.state_dir / "serve.log", "ab")  # noqa: SIM115 — lives with the process
                env = dict(os.environ, ANDROID_ADB_SERVER_PORT=str(self.adb_port))
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "pytest_anyapp.sim", "serve", "--state-dir", str(self.state_dir / "device"),
                     "--console-port", str(console), "--grpc-port", str(spec.grpc_port), "--exit-with-parent"],
                    stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
                )
                deadline = time.monotonic() + timeout_s
                while True:
                    info = ServeInfo.read(self.state_dir / "device")
                    if info is not None and info.pid == self.proc.pid:
                        break
                    if self.proc.poll() is not None:
                        break
                    if time.monotonic() > deadline:
                        raise DeviceError(f"simulated device on {console} did not start (see {log.name})")
                    time.sleep(0.05)
                if self.proc.poll() is None:
                    break
                self.proc = None  # the port was taken under us: try the next one
                shutil.rmtree(self.state_dir, ignore_errors=True)
                console += 2
            else:
                raise DeviceError(f"no simulated device could start from console port {self.first_console_port} "
                                  f"after {tries} tries")
        self.spec = spec
        wait_for_device(spec.serial, self.adb_host, self.adb_port, timeout_s=timeout_s)
        return spec

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None
        if self.state_dir is not None:
            shutil.rmtree(self.state_dir, ignore_errors=True)
            self.state_dir = None


def wait_for_device(serial: str, host: str, port: int, *, timeout_s: float) -> None:
    """Until the adb server lists ``serial`` in state ``device``."""
    client = adbutils.AdbClient(host=host, port=port)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if any(d.serial == serial and d.state == "device" for d in client.list()):
                return
        except (adbutils.AdbError, OSError):
            pass
        time.sleep(0.1)
    raise DeviceError(f"{serial} did not come online on the adb server {host}:{port} within {timeout_s}s")


def ensure_adb_server(host: str, port: int) -> None:
    """Start the real adb server if nothing answers (local only)."""
    client = adbutils.AdbClient(host=host, port=port)
    try:
        client.server_version()
        return
    except (adbutils.AdbError, OSError):
        pass
    if host not in ("127.0.0.1", "localhost"):
        raise DeviceError(f"no adb server at {host}:{port}")
    subprocess.run(["adb", "-P", str(port), "start-server"], check=True, capture_output=True, timeout=30)
    client.server_version()
