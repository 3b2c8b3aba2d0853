"""Helpers for transport tests: every call goes through the real adb CLI or adbutils."""
from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import adbutils
import pytest

from pytest_anyapp.sim.testing import RunningDevice

ADB = "/usr/bin/adb" if Path("/usr/bin/adb").exists() else "adb"
AdbRunner = Callable[..., subprocess.CompletedProcess[bytes]]


@pytest.fixture
def adb(adb_server: int, sim_device: RunningDevice) -> AdbRunner:
    """Run ``adb -P <server> -s <serial> ARGS...`` with stdin closed; returns the finished process."""

    def run(*args: str, input: bytes | None = None, timeout: float = 60.0) -> subprocess.CompletedProcess[bytes]:
        env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}
        env.pop("TERM", None)
        return subprocess.run(
            [ADB, "-P", str(adb_server), "-s", sim_device.serial, *args],
            input=input, stdin=None if input is not None else subprocess.DEVNULL,
            capture_output=True, timeout=timeout, env=env,
        )

    return run


@pytest.fixture
def adb_client(adb_server: int) -> adbutils.AdbClient:
    return adbutils.AdbClient(host="127.0.0.1", port=adb_server)


@pytest.fixture
def adb_device(adb_client: adbutils.AdbClient, sim_device: RunningDevice) -> adbutils.AdbDevice:
    return adb_client.device(sim_device.serial)
