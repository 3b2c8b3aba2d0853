"""On-device conformance of every scheduled pair, through that app's adapter and store
(``pytest_anyapp.episode.conformance``, which ``anyapp validate`` runs on a lab's devices).

For each pair at instance 0, on a simulated device reached through the real adb server: the
adapter seeds the initial state, reads it back and parses it (the app-neutral state round-trips
unchanged) and the criterion rejects it; then the gold state, every tolerated variant and every
near miss are written into the app's store by the adapter (``seed``: the rows or files the real
app writes), read, parsed and checked: gold and tolerated pass, each near miss fails exactly its
clause. A near miss the adapter declares it cannot hold (``AppAdapter.unheld_cases``) is skipped;
where it was the only one pinning its clause, no read here may fail that clause without the clause
the declaration says carries it. No read sends input (a tap, a key, a launch or a force-stop)
unless its adapter says it reads by navigating (``reads_by_navigating``: then it reads only
before and after the agent's turn, never between its steps). One device per module (per xdist worker).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import LaneAddress
from pytest_anyapp.episode.conformance import InputRecordingClient, conformance
from pytest_anyapp.registry import Pair
from pytest_anyapp.sim.testing import RunningDevice, running_device

from .conftest import PAIR_IDS, PAIRS


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("conformance")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> InputRecordingClient:
    return InputRecordingClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                adb_port=adb_server))


@pytest.mark.parametrize("pair", PAIRS, ids=PAIR_IDS)
def test_pair_conformance(client: InputRecordingClient, pair: Pair) -> None:
    checks = conformance(client, pair, 0)
    assert [c.check for c in checks][:2] == ["round_trip:initial", "null"], [c.detail for c in checks if not c.ok]
    assert [c.detail for c in checks if not c.ok] == []
