"""Explicit lanes (--lanes / CATBENCH_EMULATORS) pointing at a device the test started itself."""

from __future__ import annotations

import json
from pathlib import Path

import adbutils
import pytest

from tests.sim.helpers.apk import build_apk


def test_emulator_lane_preflight_and_pinned_version_mismatch(pairs_dir, sim_device, tmp_path, monkeypatch, adb_server):
    """A wrong app version is invalid (never scored, never retried); other apps on the lane still run."""
    apk = build_apk(tmp_path / "quik.apk", "dev.octoshrimpy.quik.fdroid", version_code=9999, version_name="9.9.9")
    device = adbutils.AdbClient(port=adb_server).device(serial=sim_device.serial)
    device.sync.push(str(apk), "/data/local/tmp/quik.apk")
    assert "Success" in device.shell("pm install -r /data/local/tmp/quik.apk")

    monkeypatch.setenv("CATBENCH_EMULATORS", f"{sim_device.console_port}:{sim_device.grpc_port}")
    result = pairs_dir.runpytest("--agent=null", "-k", "SmsSend-quik_sms-i0 or SmsSend-fossify_messages-i0",
                                 "--results-dir=res", "--run-id=l")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*1 failed*1 invalid*"])
    run = pairs_dir.path / "res" / "l"
    quik = json.loads((run / "sms-SmsSend-quik_sms-i0" / "episode.json").read_text())
    assert quik["exception"]["cause"] == "app_version_mismatch" and len(quik["attempts"]) == 1
    # measured from the device (ro.anyapp.simulated=1), not taken from CATBENCH_EMULATORS
    assert quik["provenance"]["device"]["kind"] == "sim"
    assert quik["provenance"]["device"]["requested_kind"] == "emulator"
    assert quik["provenance"]["device"]["serial"] == sim_device.serial
    assert quik["provenance"]["device"]["lane_preflight"]["sms_quik_sms"].startswith("app_version_mismatch")
    fossify = json.loads((run / "sms-SmsSend-fossify_messages-i0" / "episode.json").read_text())
    assert fossify["status"] == "valid_failure"


def test_all_lanes_leased_is_invalid_not_a_crash(pairs_dir, sim_device, monkeypatch):
    """Two workers, one lane: the second worker's episodes are invalid (no free lane), none is lost."""
    pytest.importorskip("xdist")
    monkeypatch.setenv("CATBENCH_EMULATORS", f"{sim_device.console_port}:{sim_device.grpc_port}")
    result = pairs_dir.runpytest_subprocess("--agent=null", "-k", "SmsSend- and -i0", "-n", "2",
                                            "--results-dir=res", "--run-id=one", "--infra-retries=0")
    records = [json.loads(p.read_text()) for p in Path(pairs_dir.path / "res" / "one").glob("*/episode.json")]
    assert len(records) == 4
    statuses = sorted(r["status"] for r in records)
    causes = {r["exception"]["cause"] for r in records if r["exception"]}
    assert "valid_failure" in statuses and (statuses.count("valid_failure") == 4 or causes == {"no_free_lane"})
    assert result.ret in (0, 1)


def test_app_crashing_on_launch_is_invalid_and_retried(pairs_dir, sim_device, monkeypatch, adb_server):
    """The health guard sees the crash dialog after relaunch: invalid (device_health), every attempt recorded."""
    device = adbutils.AdbClient(port=adb_server).device(serial=sim_device.serial)
    device.shell("setprop debug.anyapp.fault.org.fossify.messages crash")
    monkeypatch.setenv("CATBENCH_EMULATORS", f"{sim_device.console_port}:{sim_device.grpc_port}")
    result = pairs_dir.runpytest("--agent=null", "-k", "SmsSend-fossify_messages-i0", "--results-dir=res",
                                 "--run-id=c", "--infra-retries=1", "--json-report", "--json-report-file=r.json")
    result.stdout.fnmatch_lines(["*1 invalid*"])
    rec = json.loads((pairs_dir.path / "res/c/sms-SmsSend-fossify_messages-i0/episode.json").read_text())
    assert rec["exception"]["cause"] == "fault_dialog" and rec["exception"]["phase"] == "initialize"
    assert "Application Error: org.fossify.messages" in rec["exception"]["message"]
    assert [a["status"] for a in rec["attempts"]] == ["invalid_infrastructure"] * 2
    assert json.loads((pairs_dir.path / "r.json").read_text())["tests"][0]["outcome"] == "invalid"


def test_lane_without_working_grpc_falls_back_to_screencap(pairs_dir, tmp_path, monkeypatch, adb_server):
    from pytest_anyapp.sim.testing import running_device

    with running_device(tmp_path / "dev", faults={"grpc_unavailable": True}) as dev:
        monkeypatch.setenv("CATBENCH_EMULATORS", f"{dev.console_port}:{dev.grpc_port}")
        result = pairs_dir.runpytest("--agent=oracle", "-k", "SmsSend-quik_sms-i0", "--results-dir=res",
                                     "--run-id=g")
    result.assert_outcomes(passed=1)
    rec = json.loads((pairs_dir.path / "res/g/sms-SmsSend-quik_sms-i0/episode.json").read_text())
    shot = pairs_dir.path / "res/g/sms-SmsSend-quik_sms-i0" / rec["steps"][0]["screenshot"]
    assert shot.read_bytes().startswith(b"\x89PNG")
    assert rec["provenance"]["device"]["screenshot_source"].startswith("screencap (gRPC failed: gRPC getScreenshot failed: UNAVAILABLE")


def test_adb_connection_lost_mid_episode_is_invalid(pairs_dir, sim_device, monkeypatch):
    """The device drops every adb connection partway through: invalid with a device cause, never failed."""
    from pytest_anyapp.sim.console_client import console_command

    monkeypatch.setenv("CATBENCH_EMULATORS", f"{sim_device.console_port}:{sim_device.grpc_port}")
    console_command(sim_device.console_port, "sim fault drop_adb_after=26")  # mid-episode: ~20 commands set it up
    result = pairs_dir.runpytest("--agent=oracle", "-k", "SmsReply-fossify_messages-i0", "--results-dir=res",
                                 "--run-id=d", "--infra-retries=0")
    result.stdout.fnmatch_lines(["*1 invalid*"])
    rec = json.loads((pairs_dir.path / "res/d/sms-SmsReply-fossify_messages-i0/episode.json").read_text())
    assert rec["status"] == "invalid_infrastructure" and rec["exception"]["cause"] in ("device", "device_health")
    assert rec["verifier"] is None and rec["exception"]["phase"] in ("observe", "actuate", "verifier")
    assert rec["steps"], "the connection should drop after the episode started"


def test_installed_apk_sha256_is_read_and_a_pinned_sha_is_enforced(sim_device, adb_server):
    from pytest_anyapp.catalog import app_by_id
    from pytest_anyapp.device.client import DeviceClient, LaneAddress
    from pytest_anyapp.episode.lifecycle import InstalledApps
    from pytest_anyapp.errors import AppVersionMismatchError

    client = DeviceClient(LaneAddress(serial=sim_device.serial, console_port=sim_device.console_port, grpc_port=None,
                                     adb_port=adb_server))
    installed = InstalledApps(client)
    app = app_by_id("sms_quik_sms")
    digest = installed.apk_sha256(app.package)
    assert digest is not None and len(digest) == 64
    assert installed.require(app.model_copy(update={"apk_sha256": digest})) == ("4.3.6", 2238)
    with pytest.raises(AppVersionMismatchError, match="sha256"):
        installed.require(app.model_copy(update={"apk_sha256": "0" * 64}))
    assert installed.apk_sha256("no.such.package") is None
