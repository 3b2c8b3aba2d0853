"""Start simulated devices from Python: in-process (``running_device``) or as a child process.

Both register with the real adb server, so tests drive the device through the real ``adb`` CLI
and adbutils, exactly as the harness does with an emulator.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.device import DeviceConfig, Faults, SimDevice
from pytest_anyapp.sim.ports import free_console_port, free_port
from pytest_anyapp.sim.registration import LOOPBACK
from pytest_anyapp.sim.serve_info import ServeInfo
from pytest_anyapp.sim.server import DeviceServer

FaultSpec = Faults | dict[str, Any] | None
_PORT_ATTEMPTS = 5


def _fault_dict(faults: FaultSpec) -> dict[str, Any]:
    if faults is None:
        return {}
    return faults.to_json() if isinstance(faults, Faults) else dict(faults)


def _pick_ports(console_port: int | None, grpc_port: int | None, host: str = LOOPBACK) -> tuple[int, int]:
    """The given console/gRPC ports, or free ones (on ``host``) where none are given."""
    cport = console_port if console_port is not None else free_console_port(host)
    gport = grpc_port if grpc_port is not None else free_port(host)
    return cport, gport


class _DeviceAddress:
    """Serial and ports of a started device; subclasses say where they are read from."""

    def _address(self) -> DeviceServer | ServeInfo:
        raise NotImplementedError

    @property
    def serial(self) -> str:
        return self._address().serial

    @property
    def host(self) -> str:
        """The local address the device listens on (``--bind``; 127.0.0.1 by default)."""
        return self._address().host

    @property
    def console_port(self) -> int:
        return self._address().console_port

    @property
    def adb_port(self) -> int:
        return self._address().adb_port

    @property
    def grpc_port(self) -> int:
        return self._address().grpc_port


@dataclass
class RunningDevice(_DeviceAddress):
    """A simulated device served from this process (threads and a loop in the background)."""

    server: DeviceServer
    device: SimDevice = field(init=False)

    def __post_init__(self) -> None:
        self.device = self.server.device

    def _address(self) -> DeviceServer | ServeInfo:
        return self.server

    def stop(self) -> None:
        self.server.stop()


def start_device(
    state_dir: Path,
    *,
    console_port: int | None = None,
    grpc_port: int | None = None,
    adb_server_port: int | None = None,
    faults: FaultSpec = None,
    register: bool = True,
    bind: str = LOOPBACK,
) -> RunningDevice:
    """Start a device in this process; the caller must ``stop()`` it (or use ``running_device``).

    ``bind`` is the local address adbd, the console and gRPC listen on."""
    attempts = 1 if console_port is not None and grpc_port is not None else _PORT_ATTEMPTS
    last_error: OSError | None = None
    for _ in range(attempts):
        cport, gport = _pick_ports(console_port, grpc_port, bind)
        device = SimDevice(DeviceConfig(state_dir=Path(state_dir), console_port=cport, grpc_port=gport, host=bind))
        if faults is not None:
            device.set_faults(**_fault_dict(faults))
        server = DeviceServer(device, adb_server_port=adb_server_port, register=register)
        try:
            server.start()
        except OSError as exc:  # a port got taken between picking and binding: pick again
            last_error = exc
            continue
        return RunningDevice(server)
    assert last_error is not None
    raise last_error


@contextmanager
def running_device(
    state_dir: Path,
    *,
    console_port: int | None = None,
    grpc_port: int | None = None,
    adb_server_port: int | None = None,
    faults: FaultSpec = None,
    register: bool = True,
    bind: str = LOOPBACK,
) -> Iterator[RunningDevice]:
    """A device for the duration of the block; free ports are picked when none are given."""
    running = start_device(state_dir, console_port=console_port, grpc_port=grpc_port,
                           adb_server_port=adb_server_port, faults=faults, register=register, bind=bind)
    try:
        yield running
    finally:
        running.stop()


@dataclass
class SpawnedDevice(_DeviceAddress):
    """A device served by a separate ``python -m pytest_anyapp.sim serve`` process."""

    process: subprocess.Popen[bytes]
    info: ServeInfo
    state_dir: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def _address(self) -> DeviceServer | ServeInfo:
        return self.info

    def stop(self, timeout_s: float = 15.0) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> SpawnedDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve_command(
    state_dir: Path, console_port: int, grpc_port: int, *, faults: FaultSpec = None,
    adb_server_port: int | None = None, register: bool = True, bind: str = LOOPBACK,
) -> list[str]:
    import json

    cmd = [sys.executable, "-m", "pytest_anyapp.sim", "serve", "--state-dir", str(state_dir),
           "--console-port", str(console_port), "--grpc-port", str(grpc_port)]
    if faults:
        cmd += ["--faults", json.dumps(_fault_dict(faults))]
    if adb_server_port is not None:
        cmd += ["--adb-server-port", str(adb_server_port)]
    if not register:
        cmd.append("--no-register")
    if bind != LOOPBACK:
        cmd += ["--bind", bind]
    return cmd


def wait_until_served(process: subprocess.Popen[bytes], state_dir: Path, timeout_s: float = 60.0) -> ServeInfo:
    """Wait for the child's readiness file; fail early if the child dies."""
    deadline = time.monotonic() + timeout_s
    while True:
        info = ServeInfo.read(state_dir)
        if info is not None and info.pid == process.pid:
            return info
        if process.poll() is not None:
            raise RuntimeError(f"sim device process exited with {process.returncode} (state dir {state_dir})")
        if time.monotonic() > deadline:
            raise TimeoutError(f"sim device in {state_dir} not ready after {timeout_s}s")
        time.sleep(0.02)


def spawn_device(
    state_dir: Path,
    *,
    console_port: int | None = None,
    grpc_port: int | None = None,
    adb_server_port: int | None = None,
    faults: FaultSpec = None,
    register: bool = True,
    log_path: Path | None = None,
    detach: bool = False,
    bind: str = LOOPBACK,
) -> SpawnedDevice:
    """Start a device in a child process and wait until it is reachable (and registered)."""
    state_dir = Path(state_dir).resolve()
    state_dir.mkdir(parents=True, exist_ok=True)
    ServeInfo.path(state_dir).unlink(missing_ok=True)
    cport, gport = _pick_ports(console_port, grpc_port, bind)
    log_target = open(log_path or state_dir / "serve.log", "ab")  # noqa: SIM115 - handed to the child
    try:
        process = subprocess.Popen(
            serve_command(state_dir, cport, gport, faults=faults, adb_server_port=adb_server_port,
                          register=register, bind=bind),
            stdin=subprocess.DEVNULL, stdout=log_target, stderr=subprocess.STDOUT,
            start_new_session=detach, env=os.environ.copy(),
        )
    finally:
        log_target.close()
    try:
        info = wait_until_served(process, state_dir)
        if register and not info.registered:
            raise RuntimeError(f"sim device could not register with the adb server (see {state_dir / 'serve.log'})")
    except BaseException:
        process.kill()
        process.wait()
        raise
    return SpawnedDevice(process=process, info=info, state_dir=state_dir)


__all__ = [
    "RunningDevice",
    "SpawnedDevice",
    "registration",
    "running_device",
    "spawn_device",
    "start_device",
]
