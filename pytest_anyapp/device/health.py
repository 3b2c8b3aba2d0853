"""Runtime health guard: booted, still root, and no crash/ANR dialog. One adb round trip."""

from __future__ import annotations

import re

from pydantic import BaseModel

from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceHealthError, FaultDialogError

_WINDOW_FILTER = (
    "mCurrentFocus|mFocusedApp|Application Not Responding:|Application Error:|"
    "isn.t responding|is not responding|has stopped|keeps stopping"
)
_FAULTS = (
    ("anr", re.compile(r"Application Not Responding:|isn.?t responding|is not responding", re.I)),
    ("crash", re.compile(r"Application Error:|has stopped|keeps stopping", re.I)),
)
#: The probe as one shell command (also appended to other commands by ``DeviceClient.defer_health``).
PROBE_COMMAND = (
    "echo __BOOT__; getprop sys.boot_completed; echo __UID__; id -u; echo __WIN__; "
    f"dumpsys window windows | grep -iE '{_WINDOW_FILTER}'; echo __END__"
)


class HealthReport(BaseModel):
    booted: bool
    root: bool
    faults: list[str]
    focus: str

    @property
    def healthy(self) -> bool:
        return self.booted and self.root and not self.faults


@parses(PROBE_COMMAND, reads="text")
def parse_health(output: str) -> HealthReport:
    """Pure parser of the guard's output; raises ``DeviceHealthError`` if a sentinel is missing."""
    marks = ("__BOOT__", "__UID__", "__WIN__", "__END__")
    lines = [line.rstrip("\r") for line in output.splitlines()]
    try:
        pos = [lines.index(m) for m in marks]
    except ValueError:
        raise DeviceHealthError(f"health probe output is incomplete: {output[:300]!r}") from None
    if pos != sorted(pos):
        raise DeviceHealthError("health probe sentinels out of order")
    boot = "".join(lines[pos[0] + 1:pos[1]]).strip()
    uid = "".join(lines[pos[1] + 1:pos[2]]).strip()
    window = lines[pos[2] + 1:pos[3]]
    faults = [f"{kind}: {line.strip()}" for line in window for kind, rx in _FAULTS if rx.search(line)]
    focus = next((line.strip() for line in window if "mCurrentFocus" in line), "")
    return HealthReport(booted=boot == "1", root=uid == "0", faults=faults, focus=focus)


def require_healthy(serial: str, report: HealthReport) -> HealthReport:
    """Raise ``DeviceHealthError`` (not booted, root lost) or ``FaultDialogError`` (crash/ANR up)."""
    if not report.booted:
        raise DeviceHealthError(f"{serial}: sys.boot_completed is not 1")
    if not report.root:
        raise DeviceHealthError(f"{serial}: adbd is not root (id -u != 0)")
    if report.faults:
        raise FaultDialogError(f"{serial}: fault dialog on screen: {'; '.join(report.faults)}")
    return report


def check_health(device: DeviceClient) -> HealthReport:
    """Probe now, in a round trip of its own (a deferred probe is settled by the same call)."""
    device.defer_health()
    return device.settle_health()
