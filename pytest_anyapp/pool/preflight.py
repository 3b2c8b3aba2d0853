"""Per-lane environment preflight (notes §9.2), shared by ``anyapp preflight`` and the plugin.

Checks, in order, each with an optional repair:

* ``health`` — booted, adbd root, no crash/ANR dialog (repair: ``adb root``; BACK to dismiss the
  dialog, then look again). Not booted is not repairable here.
* ``clock`` — the device clock can be set and read back (the episode freezes it).
* ``apps`` — every app of the run installed at its pinned version (repair: none; see ``anyapp apps
  install``). Per app, so one missing app does not condemn the lane.
* ``enabled`` — no catalogued app left disabled by an interrupted category isolation (repair:
  ``pm enable``).
* ``permissions`` — the category runtime permissions each installed app declares; ungranted ones
  are listed but not a failure, since every episode grants them (repair grants them now, as §9.2
  heals the map packages).
* ``maps_resources`` — only when a Maps app is required: OsmAnd's offline map
  ``Liechtenstein_europe.obf`` is present at its size (7,241,271 bytes). The notes pin its sha256
  but do not quote it, so only the size is checked; repair needs the file, which we cannot download.

The plugin runs the same checks without repair (``plugin_preflight``): lane-wide failures raise the
original error (the lane's episodes become ``invalid``), app failures are recorded per app.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Literal

import adbutils
from pydantic import BaseModel, ConfigDict, Field

from pytest_anyapp.catalog import AppSpec, Category, apps_in
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.health import check_health
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.episode.lifecycle import InstalledApps
from pytest_anyapp.errors import DeviceError, InfrastructureError
from pytest_anyapp.options import LaneSpec
from pytest_anyapp.provision.install import CATEGORY_PERMISSIONS, declared_permissions

OSMAND_MAP = "/data/media/0/Android/data/net.osmand.plus/files/Liechtenstein_europe.obf"
OSMAND_MAP_SIZE = 7_241_271
LANE_WIDE = ("health", "clock")


class CheckResult(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    name: str
    ok: bool
    detail: str = ""
    repaired: bool = False
    apps: dict[str, str] = Field(default_factory=dict, description="per app: 'ok …' or '<cause>: <message>'")
    error: BaseException | None = Field(None, exclude=True)


class LaneReport(BaseModel):
    lane: str
    serial: str
    ok: bool
    checks: list[CheckResult]

    def check(self, name: str) -> CheckResult | None:
        return next((c for c in self.checks if c.name == name), None)


class PreflightReport(BaseModel):
    schema_version: Literal[1] = 1
    kind: Literal["anyapp_lane_preflight"] = "anyapp_lane_preflight"
    created_at: str
    repair: bool
    ok: bool
    lanes: list[LaneReport]


def _health(device: DeviceClient, adb: adbutils.AdbDevice | None, repair: bool) -> CheckResult:
    try:
        report = check_health(device)
        return CheckResult(name="health", ok=True, detail=f"booted, root, focus {report.focus or '-'}")
    except InfrastructureError as exc:
        first = exc
    if not repair:
        return CheckResult(name="health", ok=False, detail=str(first), error=first)
    if "not root" in str(first) and adb is not None:
        try:
            adb.root()
        except (adbutils.AdbError, OSError):
            pass
    if "fault dialog" in str(first):
        device.run("input keyevent 4")
    try:
        check_health(device)
    except InfrastructureError as exc:
        return CheckResult(name="health", ok=False, detail=f"{first} (repair failed: {exc})", error=exc)
    return CheckResult(name="health", ok=True, repaired=True, detail=f"repaired: {first}")


def _clock(device: DeviceClient) -> CheckResult:
    target = 1_600_000_000
    try:
        device.set_time(target)
        got = device.now_s()
    except DeviceError as exc:
        return CheckResult(name="clock", ok=False, detail=str(exc), error=exc)
    if abs(got - target) > 5:
        error = DeviceError(f"{device.serial}: clock not settable (set {target}, read {got})")
        return CheckResult(name="clock", ok=False, detail=str(error), error=error)
    return CheckResult(name="clock", ok=True, detail="set and read back")


def _apps(installed: InstalledApps, apps: list[AppSpec]) -> CheckResult:
    states: dict[str, str] = {}
    for app in apps:
        try:
            version = installed.require(app)
            states[app.app_id] = f"ok {version[0]} ({version[1]})" if version else "ok (version unreadable)"
        except InfrastructureError as exc:
            states[app.app_id] = f"{exc.cause}: {exc}"
    bad = [a for a, s in states.items() if not s.startswith("ok")]
    detail = f"{len(apps) - len(bad)}/{len(apps)} at their pins" + (f"; bad: {', '.join(bad)}" if bad else "")
    return CheckResult(name="apps", ok=not bad, apps=states, detail=detail)


def _category_apps(apps: list[AppSpec]) -> list[AppSpec]:
    cats = list(dict.fromkeys(a.category for a in apps))
    return [a for c in cats for a in apps_in(c)]


def _enabled(device: DeviceClient, installed: InstalledApps, apps: list[AppSpec], repair: bool) -> CheckResult:
    disabled = device.disabled_packages()
    stuck = [a for a in _category_apps(apps) if a.package in installed.packages() and a.package in disabled]
    if not stuck:
        return CheckResult(name="enabled", ok=True, detail="no catalogued app disabled")
    names = ", ".join(a.package for a in stuck)
    if not repair:
        return CheckResult(name="enabled", ok=False, detail=f"disabled: {names}")
    for app in stuck:
        device.run(f"pm enable --user 0 {shlex.quote(app.package)}")
    still = device.disabled_packages() & {a.package for a in stuck}
    return CheckResult(name="enabled", ok=not still, repaired=not still,
                       detail=f"re-enabled {names}" if not still else f"still disabled: {', '.join(sorted(still))}")


def _permissions(device: DeviceClient, installed: InstalledApps, apps: list[AppSpec], repair: bool) -> CheckResult:
    missing: dict[str, list[str]] = {}
    for app in apps:
        if app.package not in installed.packages():
            continue
        declared = declared_permissions(device, app.package)
        granted = _granted(device, app.package)
        need = [p for p in CATEGORY_PERMISSIONS.get(app.category, ()) if p in declared and p not in granted]
        if need:
            missing[app.app_id] = need
    if not missing:
        return CheckResult(name="permissions", ok=True, detail="category permissions granted")
    text = "; ".join(f"{a}: {', '.join(p.rsplit('.', 1)[1] for p in ps)}" for a, ps in missing.items())
    if not repair:
        # Not a failure: the runner grants them at every episode start (per-task app hygiene).
        return CheckResult(name="permissions", ok=True, detail=f"not granted yet (granted per episode): {text}")
    for app_id, perms in missing.items():
        package = next(a.package for a in apps if a.app_id == app_id)
        for perm in perms:
            device.run(f"pm grant {shlex.quote(package)} {perm}")
    again = _permissions(device, installed, apps, repair=False)
    done = again.detail == "category permissions granted"
    return CheckResult(name="permissions", ok=done, repaired=done, detail=f"granted {text}" if done else again.detail)


def _granted(device: DeviceClient, package: str) -> set[str]:
    return granted_permissions(device.run(f"dumpsys package {shlex.quote(package)}").stdout)


@parses("dumpsys package", reads="text")
def granted_permissions(dumpsys_package: str, user: int = 0) -> set[str]:
    """Permissions granted to ``user``: the install permissions (printed for every user) and that
    user's own runtime permissions. ``dumpsys package`` prints one ``User N:`` block per user
    (``Settings.dumpPackageLPr``), so a permission granted only in another user's block is not
    granted here."""
    granted: set[str] = set()
    block: int | None = None  # the user whose block we are in; None: install permissions, for every user
    block_indent = -1
    for line in dumpsys_package.splitlines():
        indent = len(line) - len(line.lstrip())
        head = re.match(r"^\s*User (\d+): ", line)
        if head:
            block, block_indent = int(head.group(1)), indent
            continue
        if block is not None and line.strip() and indent <= block_indent:
            block = None
        if "granted=true" in line and block in (None, user):
            granted.add(line.strip().split(":", 1)[0])
    return granted


def _maps(device: DeviceClient, installed: InstalledApps) -> CheckResult:
    if "net.osmand.plus" not in installed.packages():
        return CheckResult(name="maps_resources", ok=False, detail="OsmAnd (net.osmand.plus) is not installed")
    size = device.run(f"stat -c %s {OSMAND_MAP}").stdout.strip()
    if size != str(OSMAND_MAP_SIZE):
        return CheckResult(name="maps_resources", ok=False,
                           detail=f"{OSMAND_MAP}: size {size or 'missing'}, want {OSMAND_MAP_SIZE} "
                                  "(push the AndroidWorld map file; not downloadable here)")
    return CheckResult(name="maps_resources", ok=True, detail="OsmAnd offline map present at its size")


def check_lane(device: DeviceClient, apps: list[AppSpec], *, lane: str = "", repair: bool = False,
               adb: adbutils.AdbDevice | None = None, installed: InstalledApps | None = None,
               env: bool = True, hygiene: bool = True) -> LaneReport:
    """``env``: the environment checks (apps, Maps resources) after health and clock; ``hygiene``:
    the enabled/permissions checks, which the plugin leaves to each episode's own app hygiene."""
    installed = installed or InstalledApps(device)
    checks = [_health(device, adb, repair)]
    if checks[0].ok:
        checks.append(_clock(device))
    if env and all(c.ok for c in checks):
        steps: list[Callable[[], CheckResult]] = [lambda: _apps(installed, apps)]
        if hygiene:
            steps += [lambda: _enabled(device, installed, apps, repair),
                      lambda: _permissions(device, installed, apps, repair)]
        if any(a.category is Category.MAPS for a in apps):
            steps.append(lambda: _maps(device, installed))
        checks += [step() for step in steps]
    return LaneReport(lane=lane or device.serial, serial=device.serial, ok=all(c.ok for c in checks), checks=checks)


def plugin_preflight(device: DeviceClient, installed: InstalledApps, apps: list[AppSpec], *,
                     env: bool = True) -> dict[str, str]:
    """What the plugin runs per lane: raises the lane-wide error, returns per-app states (a Maps
    resource problem is noted on the Maps apps)."""
    report = check_lane(device, apps, installed=installed, env=env, hygiene=False)
    for check in report.checks:
        if check.name in LANE_WIDE and not check.ok:
            raise check.error or DeviceError(check.detail)
    apps_check = report.check("apps")
    states = dict(apps_check.apps) if apps_check is not None else {}
    maps = report.check("maps_resources")
    if maps is not None and not maps.ok:
        for app in apps:
            if app.category is Category.MAPS and states.get(app.app_id, "").startswith("ok"):
                states[app.app_id] = f"maps_resources: {maps.detail}"
    return states


class LaneStart(BaseModel):
    """One lane as the run found it before any worker started: passed (with the device kind it
    measured) or released, with why."""

    lane: str
    serial: str
    kind: str = ""
    problem: str = ""

    @property
    def passed(self) -> bool:
        return not self.problem


def check_lane_at_start(lane: LaneSpec, adb_host: str, adb_port: int) -> LaneStart:
    """The lane-wide checks every worker runs before its first episode (reachable, health, clock),
    run once for every lane before any worker starts, so a lane that fails can be released."""
    from pytest_anyapp.session import SIM_PROPERTY, measure_device_kind

    try:
        client = adbutils.AdbClient(host=adb_host, port=adb_port)
        if lane.host not in ("127.0.0.1", "localhost"):
            client.connect(f"{lane.host}:{lane.adb_port}", timeout=10)
        state = client.device(serial=lane.serial).get_state()
        if state != "device":
            return LaneStart(lane=lane.key, serial=lane.serial, problem=f"unreachable: adb state {state!r}")
    except (adbutils.AdbError, OSError, EOFError) as exc:
        return LaneStart(lane=lane.key, serial=lane.serial,
                         problem=f"unreachable: {exc} (adb server {adb_host}:{adb_port})")
    try:
        device = DeviceClient(LaneAddress(serial=lane.serial, console_port=lane.console_port,
                                          grpc_port=lane.grpc_port, grpc_host=lane.host, adb_host=adb_host,
                                          adb_port=adb_port), command_timeout_s=30)
        try:
            report = check_lane(device, [], env=False)
            failed = next((c for c in report.checks if not c.ok), None)
            if failed is not None:
                return LaneStart(lane=lane.key, serial=lane.serial, problem=f"{failed.name}: {failed.detail}")
            kind = measure_device_kind(device.run(f"getprop {SIM_PROPERTY}").stdout)
        finally:
            device.close()
    except (InfrastructureError, adbutils.AdbError, OSError, EOFError) as exc:
        return LaneStart(lane=lane.key, serial=lane.serial, problem=f"device: {exc}")
    return LaneStart(lane=lane.key, serial=lane.serial, kind=kind)


def build_report(lanes: list[LaneReport], repair: bool) -> PreflightReport:
    return PreflightReport(created_at=datetime.now(UTC).isoformat(timespec="seconds"), repair=repair,
                           ok=all(lane.ok for lane in lanes), lanes=lanes)
