"""A lane that dies is recovered, not written off.

Emulators crash and go offline in long runs. When an attempt fails on the infrastructure, the
worker asks whether its lane still answers (``lane_alive``, one round trip). If not, it recovers the
lane before the usual infrastructure retry: a simulated lane gets a fresh device; an emulator lane
is reconnected (``adb connect`` for a remote one) and waited for until it is listed, booted and
root again, within ``--lane-recovery-timeout`` (``wait_for_lane``). A worker that cannot recover
its lane gives its pairs back (``GiveBack``): under xdist it marks the lane dead in the lease
table, leaves a note naming the in-flight test and exits, and the controller reschedules that test
(``pytest_handlecrashitem``) while xdist hands the worker's other pending tests to the others.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import adbutils

from pytest_anyapp.errors import (
    DeviceError,
    DeviceHealthError,
    InfrastructureError,
    VerifierReadError,
)

#: Exit status of a worker that gave its pairs back (the controller sees a crashed worker).
GIVE_BACK_EXIT = 75


class LaneLostError(InfrastructureError):
    """The lane died and could not be recovered within the bound."""

    cause = "lane_lost"


class LaneReleasedError(InfrastructureError):
    """The worker's lane failed its preflight before the worker's first episode, was released, and
    no other lane was free: the worker gives its pairs back."""

    cause = "lane_released"


def may_mean_dead_lane(exc: BaseException | None) -> bool:
    """Failures a dead device produces (anything else needs no liveness probe)."""
    return isinstance(exc, (DeviceError, DeviceHealthError, VerifierReadError))


def lane_alive(serial: str, adb_host: str, adb_port: int, *, timeout_s: float = 10.0) -> bool:
    """Listed as ``device`` by the adb server and answering a shell command."""
    try:
        device = adbutils.AdbClient(host=adb_host, port=adb_port).device(serial=serial)
        if device.get_state() != "device":
            return False
        return bool(device.shell("echo alive", timeout=timeout_s).strip() == "alive")
    except (adbutils.AdbError, OSError, EOFError):
        return False


def wait_for_lane(serial: str, adb_host: str, adb_port: int, *, timeout_s: float, remote: bool,
                  poll_s: float = 1.0) -> None:
    """Reconnect and wait until the device is listed, booted (``sys.boot_completed`` 1) and adbd
    runs as root (``adb root`` is asked once it is booted). Raises ``LaneLostError`` at the bound."""
    client = adbutils.AdbClient(host=adb_host, port=adb_port)
    deadline = time.monotonic() + timeout_s
    asked_root = False
    last = "not listed"
    while True:
        try:
            if remote:
                client.connect(serial, timeout=min(10.0, timeout_s))
            device = client.device(serial=serial)
            state = device.get_state()
            if state != "device":
                last = f"state {state}"
            elif device.shell("getprop sys.boot_completed", timeout=10).strip() != "1":
                last = "not booted"
            elif device.shell("id -u", timeout=10).strip() != "0":
                last = "adbd not root"
                if not asked_root:
                    asked_root = True
                    device.root()
            else:
                return
        except (adbutils.AdbError, OSError, EOFError) as exc:
            last = str(exc)[:200]
        if time.monotonic() + poll_s > deadline:
            raise LaneLostError(f"{serial} did not come back within {timeout_s:.0f}s (last: {last})")
        time.sleep(poll_s)


class GiveBack:
    """Notes a worker leaves for the controller: "test X was in flight when my lane was lost".

    One file per test id under the run's ``.lanes/given-back``; the controller consumes it when
    xdist reports the worker's crash, so only tests a worker gave back are rescheduled (a worker
    that really crashed still makes its test invalid, as before)."""

    def __init__(self, run_dir: Path) -> None:
        self.dir = run_dir / ".lanes" / "given-back"

    def _path(self, nodeid: str) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in nodeid)
        return self.dir / f"{safe}.json"

    def leave(self, nodeid: str, worker: str, reason: str) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        self._path(nodeid).write_text(json.dumps({"nodeid": nodeid, "worker": worker, "reason": reason}))

    def take(self, nodeid: str) -> dict[str, str] | None:
        path = self._path(nodeid)
        try:
            note: dict[str, str] = json.loads(path.read_text())
        except (OSError, ValueError):
            return None
        path.unlink(missing_ok=True)
        return note if note.get("nodeid") == nodeid else None
