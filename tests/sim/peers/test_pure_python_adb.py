"""``pure-python-adb`` (ppadb, optional peer): properties, reverse list, root, push/pull, install."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from apk import build_apk

from pytest_anyapp.sim.testing import RunningDevice

ppadb_client = pytest.importorskip("ppadb.client")
ADB = "/usr/bin/adb" if Path("/usr/bin/adb").exists() else "adb"


def test_ppadb_against_the_simulated_device(sim_device: RunningDevice, adb_server: int, tmp_path: Path) -> None:
    device = ppadb_client.Client(host="127.0.0.1", port=adb_server).device(sim_device.serial)
    props = device.get_properties()  # parses `getprop` lines "[name]: [value]" (toolbox getprop.cpp)
    assert props["ro.product.cpu.abi"] == "x86_64" and props["ro.boot.qemu"] == "1"
    assert props["ro.build.version.sdk"] == "33"
    # reverse rules live on the device's transport: one made with the CLI is listed here
    # (reverse:list-forward, adb.cpp handle_forward_request).
    env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}
    subprocess.run([ADB, "-P", str(adb_server), "-s", sim_device.serial, "reverse", "tcp:9300", "tcp:9400"],
                   check=True, capture_output=True, env=env, timeout=60)
    assert device.list_reverses() == [{"remote": "tcp:9300", "local": "tcp:9400"}]
    # adbd running as root already answers so (daemon/restart_service.cpp); ppadb raises on it.
    with pytest.raises(RuntimeError, match="adbd is already running as root"):
        device.root()
    src, back = tmp_path / "a.txt", tmp_path / "b.txt"
    src.write_text("päyload")
    device.push(str(src), "/sdcard/Download/a.txt")
    device.pull("/sdcard/Download/a.txt", str(back))
    assert back.read_text() == "päyload"
    apk = build_apk(tmp_path / "pp.apk", "com.example.ppadb", version_code=2)
    assert device.install(str(apk)) is True
    assert device.is_installed("com.example.ppadb")
