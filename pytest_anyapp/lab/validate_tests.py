"""The checks ``anyapp validate`` runs, one test per scheduled pair (see ``validate.py``).

Run by ``anyapp validate`` only: it sets the lanes, the output directory and the instance in the
environment. xdist worker ``gwN`` drives lane N, so each lane runs one pair at a time. A pair's
result is written before its assertion, so an invalid pair is reported with every check.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.episode.lifecycle import InstalledApps
from pytest_anyapp.lab import validate as v
from pytest_anyapp.registry import Pair, scheduled_pairs

PAIRS: list[Pair] = scheduled_pairs()


@pytest.fixture(scope="session")
def lane_device(worker_id: str) -> Iterator[tuple[DeviceClient, InstalledApps, str]]:
    from pytest_anyapp.lab.fingerprint import build_fingerprint
    from pytest_anyapp.options import parse_lanes
    from pytest_anyapp.pool.connect import adb_server_address, connect_lane

    lanes = parse_lanes(os.environ[v.ENV_LANES])
    index = int(worker_id[2:]) if worker_id.startswith("gw") else 0
    host, port = adb_server_address(os.environ.get(v.ENV_ADB) or None)
    device = connect_lane(lanes[index], host, port)
    try:
        yield device, InstalledApps(device), build_fingerprint(device)
    finally:
        device.close()


@pytest.mark.parametrize("pair", PAIRS, ids=[v.pair_key(p) for p in PAIRS])
def test_pair_valid(lane_device: tuple[DeviceClient, InstalledApps, str], pair: Pair) -> None:
    device, installed, build = lane_device
    result = v.validate_pair(device, pair, int(os.environ.get(v.ENV_INSTANCE, "0")), build=build,
                             installed=installed)
    out = Path(os.environ[v.ENV_OUT]) / "pairs" / f"{result.pair}.json"
    out.write_text(result.model_dump_json(indent=1) + "\n")
    assert result.valid, "; ".join(f"{c.check}: {c.detail}" for c in result.failed)
