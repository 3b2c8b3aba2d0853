"""``anyapp preflight``: the per-lane checks of notes §9.2 on a simulated device, with --repair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category, app_by_id, apps_in
from pytest_anyapp.cli import main as anyapp
from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.episode.lifecycle import InstalledApps
from pytest_anyapp.errors import DeviceHealthError
from pytest_anyapp.options import LaneSpec
from pytest_anyapp.pool.connect import adb_device, connect_lane
from pytest_anyapp.pool.preflight import check_lane, plugin_preflight
from pytest_anyapp.sim.testing import RunningDevice

SMS = list(apps_in(Category.SMS))
QUIK = app_by_id("sms_quik_sms")


def _names(report: object) -> dict[str, bool]:
    return {c.name: c.ok for c in report.checks}  # type: ignore[attr-defined]


def test_healthy_lane_passes_every_check(lane: LaneSpec, adb_server: int) -> None:
    device = connect_lane(lane, "127.0.0.1", adb_server)
    report = check_lane(device, SMS)
    assert _names(report) == {"health": True, "clock": True, "apps": True, "enabled": True, "permissions": True}
    assert report.check("apps").apps[QUIK.app_id].startswith("ok 4.3.6 (2238)")  # type: ignore[union-attr]


def test_repair_reenables_a_disabled_app_grants_permissions_and_dismisses_a_crash_dialog(
        lane: LaneSpec, module_device: RunningDevice, adb_server: int, tmp_path: Path) -> None:
    device = connect_lane(lane, "127.0.0.1", adb_server)
    device.check(f"pm disable-user --user 0 {QUIK.package}")
    device.check(f"pm revoke {QUIK.package} android.permission.READ_SMS")
    module_device.device.ui.show_fault_dialog(QUIK.package, "crash")
    lanes = f"{lane.console_port}:{lane.grpc_port}"
    out = tmp_path / "report.json"
    args = ["preflight", "--lanes", lanes, "--adb-server", f"127.0.0.1:{adb_server}", "--categories", "sms",
            "--output", str(out)]
    assert anyapp(args) == 1
    first = json.loads(out.read_text())
    checks = {c["name"]: c for c in first["lanes"][0]["checks"]}
    assert not first["ok"] and not checks["health"]["ok"] and "fault dialog" in checks["health"]["detail"]
    out.unlink()
    assert anyapp([*args, "--repair"]) == 0
    repaired = {c["name"]: c for c in json.loads(out.read_text())["lanes"][0]["checks"]}
    assert repaired["health"]["repaired"] and repaired["enabled"]["repaired"] and repaired["permissions"]["repaired"]
    assert "READ_SMS" in repaired["permissions"]["detail"]
    assert module_device.device.packages.is_granted(QUIK.package, "android.permission.READ_SMS")
    assert QUIK.package not in device.disabled_packages()
    assert check_lane(device, SMS).ok


def _without(device: DeviceClient, package: str) -> None:
    """The simulated device ships a double of every catalogued app: remove one to have it missing."""
    if package in device.run(f"pm list packages {package}").stdout:
        device.check(f"pm uninstall {package}")


def test_missing_app_and_maps_resources_fail_per_app(lane: LaneSpec, adb_server: int) -> None:
    device = connect_lane(lane, "127.0.0.1", adb_server)
    osmand = app_by_id("maps_osmand")
    _without(device, osmand.package)
    report = check_lane(device, [QUIK, osmand], repair=True, adb=adb_device(lane, "127.0.0.1", adb_server))
    apps = report.check("apps")
    assert apps is not None and not apps.ok and apps.apps[QUIK.app_id].startswith("ok")
    assert apps.apps[osmand.app_id].startswith("app_not_installed")
    maps = report.check("maps_resources")
    assert maps is not None and not maps.ok and "net.osmand.plus" in maps.detail


def test_plugin_preflight_raises_the_lane_wide_error_and_returns_app_states(
        lane: LaneSpec, module_device: RunningDevice, adb_server: int) -> None:
    device = connect_lane(lane, "127.0.0.1", adb_server)
    _without(device, app_by_id("maps_osmand").package)
    states = plugin_preflight(device, InstalledApps(device), [QUIK, app_by_id("maps_osmand")])
    assert states[QUIK.app_id].startswith("ok") and states["maps_osmand"].startswith("app_not_installed")
    module_device.device.set_faults(not_booted=True)
    try:
        with pytest.raises(DeviceHealthError, match="boot_completed"):
            plugin_preflight(device, InstalledApps(device), [QUIK])
    finally:
        module_device.device.set_faults(not_booted=False)
