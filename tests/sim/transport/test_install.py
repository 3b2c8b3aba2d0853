"""``adb install`` through the legacy flow (push to /data/local/tmp, ``pm install``, ``rm``).

The device advertises only ``shell_v2``, so the 29.0.6 CLI neither streams to ``cmd package``
nor uses ``abb_exec``; adbutils' ``install`` uses the same push + ``pm install`` steps.
"""
from __future__ import annotations

from pathlib import Path

import adbutils
from apk import build_apk

from pytest_anyapp.sim.testing import RunningDevice


def test_cli_install_legacy_flow(adb, sim_device: RunningDevice, tmp_path: Path) -> None:
    apk = build_apk(tmp_path / "demo.apk", "com.example.transport", version_code=3, version_name="3.0")
    result = adb("install", "-r", "-t", str(apk))
    assert result.returncode == 0, result.stdout + result.stderr
    assert b"Success" in result.stdout
    info = sim_device.device.packages.get("com.example.transport")
    assert info is not None and info.version_code == 3
    # The staged copy is removed after pm install.
    assert not sim_device.device.fs.host("/data/local/tmp/demo.apk").exists()
    listed = adb("shell", "pm", "list", "packages", "com.example.transport").stdout
    assert b"package:com.example.transport" in listed


def test_cli_install_of_a_non_apk_fails_with_pm_failure(adb, tmp_path: Path) -> None:
    junk = tmp_path / "junk.apk"
    junk.write_bytes(b"not a zip")
    result = adb("install", str(junk))
    assert result.returncode != 0
    assert b"Failure [INSTALL_PARSE_FAILED" in result.stdout + result.stderr


def test_adbutils_install(adb_device: adbutils.AdbDevice, sim_device: RunningDevice, tmp_path: Path) -> None:
    apk = build_apk(tmp_path / "other.apk", "com.example.adbutils", version_code=5)
    adb_device.install(str(apk), nolaunch=True, silent=True)
    assert "com.example.adbutils" in adb_device.list_packages()
    info = sim_device.device.packages.get("com.example.adbutils")
    assert info is not None and info.version_code == 5
