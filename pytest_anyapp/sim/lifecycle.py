"""Pools of simulated devices as detached processes: ``anyapp sim up|down|status|reset``.

State lives under the sim home (``--home``, else ``$ANYAPP_SIM_HOME``, else
``~/.cache/anyapp/sim``): one directory per lane plus ``lanes.json``, the registry of running
lanes, guarded by a file lock so concurrent ``up``/``down`` calls do not lose lanes.
"""
from __future__ import annotations

import os
import signal
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock
from pydantic import BaseModel, Field

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.console_client import ConsoleError, console_command, console_status
from pytest_anyapp.sim.ports import next_console_port, next_port
from pytest_anyapp.sim.testing import spawn_device

REGISTRY_NAME = "lanes.json"


class Lane(BaseModel):
    """One running device process."""

    index: int
    serial: str
    console_port: int
    adb_port: int
    grpc_port: int
    pid: int
    state_dir: str
    log_path: str
    adb_server_port: int
    started_at: str
    host: str = registration.LOOPBACK


class LaneRegistry(BaseModel):
    lanes: list[Lane] = Field(default_factory=list)


class LaneStatus(BaseModel):
    lane: Lane
    alive: bool
    booted: bool
    faults: dict[str, Any] = Field(default_factory=dict)


def sim_home(home: Path | str | None = None) -> Path:
    if home is not None:
        return Path(home).expanduser()
    env = os.environ.get("ANYAPP_SIM_HOME")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "anyapp" / "sim"


def _registry_path(home: Path) -> Path:
    return home / REGISTRY_NAME


def _lock(home: Path) -> FileLock:
    home.mkdir(parents=True, exist_ok=True)
    return FileLock(str(home / (REGISTRY_NAME + ".lock")))


def load_registry(home: Path) -> LaneRegistry:
    path = _registry_path(home)
    if not path.exists():
        return LaneRegistry()
    return LaneRegistry.model_validate_json(path.read_text())


def _save_registry(home: Path, registry: LaneRegistry) -> None:
    tmp = home / (REGISTRY_NAME + ".tmp")
    tmp.write_text(registry.model_dump_json(indent=1))
    tmp.replace(_registry_path(home))


def pid_alive(pid: int) -> bool:
    """True if the pid runs a sim ``serve`` process (a reused pid of another program is not ours)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        try:
            os.kill(pid, 0)
        except (ProcessLookupError, PermissionError):
            return False
        return True
    return b"pytest_anyapp.sim" in cmdline and b"serve" in cmdline


def emulators_spec(lanes: list[Lane]) -> str:
    """``CATBENCH_EMULATORS`` form (what ``--lanes`` accepts): ``console:grpc`` items joined by commas.

    A lane bound to another address (``--bind``) is ``host:console:grpc``. A loopback item grows
    to the prior release's ``console:grpc:serial:adb_server_port`` when the serial is not the
    default ``emulator-<console>`` (``host:connect`` fallback) or the adb server is not on 5037.
    """
    items = []
    for lane in lanes:
        if not registration.is_default_loopback(lane.host):
            items.append(f"{lane.host}:{lane.console_port}:{lane.grpc_port}")
            continue
        item = f"{lane.console_port}:{lane.grpc_port}"
        if lane.serial != f"emulator-{lane.console_port}" or lane.adb_server_port != registration.DEFAULT_ADB_SERVER_PORT:
            item += f":{lane.serial}:{lane.adb_server_port}"
        items.append(item)
    return ",".join(items)


def up(
    lanes: int,
    *,
    first_console_port: int = 5554,
    first_grpc_port: int = 8554,
    home: Path | str | None = None,
    faults: dict[str, Any] | None = None,
    adb_server_port: int | None = None,
    bind: str = registration.LOOPBACK,
) -> list[Lane]:
    """Make ``lanes`` devices run: keeps live ones, starts the missing ones, registers all.

    New lanes listen on ``bind``; ports are checked free on that address."""
    root = sim_home(home)
    server_port = registration.adb_server_port(adb_server_port)
    registration.ensure_adb_server(server_port)
    with _lock(root):
        registry = load_registry(root)
        registry.lanes = [lane for lane in registry.lanes if pid_alive(lane.pid)]
        taken = {p for lane in registry.lanes for p in (lane.console_port, lane.adb_port, lane.grpc_port)}
        used_indexes = {lane.index for lane in registry.lanes}
        console, grpc = first_console_port, first_grpc_port
        index = 0
        while len(registry.lanes) < lanes:
            while index in used_indexes:
                index += 1
            console = next_console_port(console, taken, bind)
            taken |= {console, console + 1}
            grpc = next_port(grpc, taken, bind)
            taken.add(grpc)
            state_dir = root / f"lane-{index}"
            log_path = state_dir / "serve.log"
            spawned = spawn_device(state_dir, console_port=console, grpc_port=grpc, adb_server_port=server_port,
                                   faults=faults, log_path=log_path, detach=True, bind=bind)
            registry.lanes.append(Lane(
                index=index, serial=spawned.serial, console_port=console, adb_port=console + 1, grpc_port=grpc,
                pid=spawned.pid, state_dir=str(state_dir), log_path=str(log_path), adb_server_port=server_port,
                started_at=datetime.now(UTC).isoformat(timespec="seconds"), host=bind,
            ))
            used_indexes.add(index)
            _save_registry(root, registry)
        registry.lanes.sort(key=lambda lane: lane.index)
        for lane in registry.lanes:
            # Idempotent; brings a lane back if the adb server was restarted since it started.
            lane.serial = registration.register_device(lane.console_port, server_port, host=lane.host)
        _save_registry(root, registry)
        return list(registry.lanes)


def down(*, home: Path | str | None = None, timeout_s: float = 15.0) -> list[Lane]:
    """Stop every registered lane (SIGTERM, then SIGKILL after ``timeout_s``)."""
    root = sim_home(home)
    with _lock(root):
        registry = load_registry(root)
        stopped = [lane for lane in registry.lanes if pid_alive(lane.pid)]
        for lane in stopped:
            os.kill(lane.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        for lane in stopped:
            while pid_alive(lane.pid) and not _reap(lane.pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            if pid_alive(lane.pid) and not _reap(lane.pid):
                os.kill(lane.pid, signal.SIGKILL)
        _save_registry(root, LaneRegistry())
        return stopped


def _reap(pid: int) -> bool:
    """Collect a child we started ourselves (same process); True once it has exited."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return not Path(f"/proc/{pid}").exists() or _is_zombie(pid)
    return done == pid


def _is_zombie(pid: int) -> bool:
    try:
        return ") Z " in Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True


def status(*, home: Path | str | None = None) -> list[LaneStatus]:
    root = sim_home(home)
    result: list[LaneStatus] = []
    for lane in load_registry(root).lanes:
        alive = pid_alive(lane.pid)
        booted, faults = False, {}
        if alive:
            try:
                info = console_status(lane.console_port, host=lane.host)
                booted, faults = bool(info.get("booted")), dict(info.get("faults", {}))
            except (OSError, ConsoleError, ValueError):
                pass
        result.append(LaneStatus(lane=lane, alive=alive, booted=booted, faults=faults))
    return result


def reset(*, home: Path | str | None = None, console_port: int | None = None) -> list[Lane]:
    """Factory-reset one lane (by console port) or every live lane, through the console."""
    root = sim_home(home)
    lanes = [lane for lane in load_registry(root).lanes if console_port is None or lane.console_port == console_port]
    if console_port is not None and not lanes:
        console_command(console_port, "sim reset")  # a device we did not start: still try
        return []
    for lane in lanes:
        if pid_alive(lane.pid):
            console_command(lane.console_port, "sim reset", host=lane.host)
    return lanes
