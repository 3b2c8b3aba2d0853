"""Many streams at once on one transport: each answer reaches its own client."""
from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import adbutils

from pytest_anyapp.sim.testing import RunningDevice


def test_parallel_shells_get_their_own_output(adb_device: adbutils.AdbDevice) -> None:
    names = [f"parallel-cmd-{i}" for i in range(48)]
    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(lambda name: adb_device.shell2(name, v2=True), names))
    for name, result in zip(names, results, strict=True):
        assert result.returncode == 127
        assert result.stderr == f"/system/bin/sh: {name}: inaccessible or not found\n"


def test_parallel_transfers_and_shells(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    blobs = {f"/data/local/tmp/blob-{i}.bin": bytes([i]) * (300_000 + i) for i in range(8)}

    def transfer(item: tuple[str, bytes]) -> bool:
        path, data = item
        adb_device.sync.push(io.BytesIO(data), path)
        return adb_device.sync.read_bytes(path) == data

    def shell(i: int) -> int:
        return adb_device.shell2(f"mixed-{i}", v2=True).returncode

    with ThreadPoolExecutor(max_workers=12) as pool:
        moved = pool.map(transfer, blobs.items())
        codes = pool.map(shell, range(16))
        assert all(moved)
        assert set(codes) == {127}
    for path, data in blobs.items():
        assert sim_device.device.fs.host(path).read_bytes() == data
