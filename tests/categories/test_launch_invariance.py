"""Launch invariance of every scheduled pair at instance 0, on a simulated device (issue 23):
seed as an episode does, launch the app, let it settle, and the durable stores still hold what was
seeded (``pytest_anyapp.episode.invariance``); and nothing the seeder wrote into app-private
storage is left owned by root or without the app's SELinux level (issue 27). The app doubles
enforce their apps' launch guards, so a seeder that forgets one fails here with the pair's name.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.episode.invariance import check_launch_invariance
from pytest_anyapp.episode.lifecycle import InstalledApps
from pytest_anyapp.registry import Pair
from pytest_anyapp.sim.testing import RunningDevice, running_device

from .conftest import PAIR_IDS, PAIRS


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("invariance")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


@pytest.fixture(scope="module")
def installed(client: DeviceClient) -> InstalledApps:
    return InstalledApps(client)


@pytest.mark.parametrize("pair", PAIRS, ids=PAIR_IDS)
def test_seeded_state_survives_the_launch(client: DeviceClient, installed: InstalledApps, pair: Pair) -> None:
    result = check_launch_invariance(client, pair.adapter, pair.template, 0, installed=installed)
    assert result.settled, result.summary()
    assert result.changed == [], result.summary()
    assert result.foreign_files == [], result.summary()
    assert result.compared or result.no_durable_store, "a pair compares a store or says why it has none"
