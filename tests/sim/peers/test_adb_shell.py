"""``adb-shell`` talks to adbd directly (no adb server), like tools for devices on the network.

It closes every stream with CLSE and waits for adbd's CLSE in reply before the next transaction
(adb.cpp ``handle_packet`` A_CLSE: the closed local socket closes its peer, which sends CLSE), so
push, pull, stat and list hang on a device that does not answer. Every expectation is what an
Android 13 emulator returns, with the AOSP source named.
"""
from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from apk import build_apk

from pytest_anyapp.sim.testing import RunningDevice

adb_device = pytest.importorskip("adb_shell.adb_device")


@pytest.fixture
def direct(sim_device: RunningDevice) -> Iterator[object]:
    dev = adb_device.AdbDeviceTcp(sim_device.host, sim_device.adb_port, default_transport_timeout_s=10.0)
    assert dev.connect(rsa_keys=None, auth_timeout_s=5.0, read_timeout_s=10.0)
    yield dev
    dev.close()


def test_shell_properties_and_root(direct: object) -> None:
    dev: adb_device.AdbDeviceTcp = direct  # type: ignore[assignment]
    assert dev.shell("echo hi") == "hi\n"
    assert dev.shell("getprop ro.build.version.sdk").strip() == "33"
    assert dev.shell("getprop ro.product.cpu.abi").strip() == "x86_64"  # emulator image build.prop
    assert dev.shell("whoami").strip() == "root"  # userdebug emulator, adbd as root


def test_streaming_shell_arrives_line_by_line(direct: object) -> None:
    # daemon/shell_service.cpp forwards output as the command writes it.
    dev: adb_device.AdbDeviceTcp = direct  # type: ignore[assignment]
    started = time.monotonic()
    arrivals = []
    for chunk in dev.streaming_shell("for i in 1 2 3; do echo line$i; sleep 1; done", read_timeout_s=30):
        for line in chunk.splitlines():
            arrivals.append((line, time.monotonic() - started))
    assert [line for line, _ in arrivals] == ["line1", "line2", "line3"]
    # the first line comes before the two sleeps that follow it are over
    assert arrivals[0][1] < arrivals[2][1] - 1.0


def test_push_pull_stat_list_5_mib(direct: object, tmp_path: Path) -> None:
    dev: adb_device.AdbDeviceTcp = direct  # type: ignore[assignment]
    payload = os.urandom(5 * 1024 * 1024)
    src, back = tmp_path / "src.bin", tmp_path / "back.bin"
    src.write_bytes(payload)
    dev.push(str(src), "/sdcard/Download/big.bin")
    dev.pull("/sdcard/Download/big.bin", str(back))
    assert back.read_bytes() == payload
    mode, size, mtime = dev.stat("/sdcard/Download/big.bin")
    assert stat.S_ISREG(mode) and size == len(payload) and mtime > 0
    # file_sync_service.cpp: STAT is lstat; /sdcard is a symlink on Android 13 (init.rc).
    link_mode, _, _ = dev.stat("/sdcard")
    assert stat.S_ISLNK(link_mode)
    names = {entry.filename.decode() for entry in dev.list("/sdcard/Download")}
    assert {".", "..", "big.bin"} <= names
    missing = dev.stat("/sdcard/Download/none.bin")
    assert missing == (0, 0, 0)  # a missing path is all zeros, no error


def test_install_signed_and_refuse_unsigned(direct: object, tmp_path: Path) -> None:
    dev: adb_device.AdbDeviceTcp = direct  # type: ignore[assignment]
    signed = build_apk(tmp_path / "signed.apk", "com.example.peer", version_code=4)
    unsigned = build_apk(tmp_path / "unsigned.apk", "com.example.peer.unsigned", signed=False)
    dev.push(str(signed), "/data/local/tmp/signed.apk")
    dev.push(str(unsigned), "/data/local/tmp/unsigned.apk")
    assert dev.shell("pm install -r -t /data/local/tmp/signed.apk").strip() == "Success"
    assert "versionCode=4" in dev.shell("dumpsys package com.example.peer")
    # ApkSignatureVerifier (android-13): targetSdk 30+ needs signature scheme v2 or newer.
    refused = dev.shell("pm install /data/local/tmp/unsigned.apk; echo status=$?")
    assert refused.startswith("Failure [INSTALL_PARSE_FAILED_NO_CERTIFICATES: No signature found in package "
                              "of version 2 or newer for package ")
    assert refused.rstrip().endswith("status=1")
