"""The Maps doubles and seeders on a simulated device through the real adb server: what the real
apps do with seeded state when they start (OsmAnd's private favourites copy) and how they save a
route (Organic Maps / CoMaps)."""

from __future__ import annotations

import base64
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.maps.adapters import OSMAND_FAVORITES, OSMAND_FAVORITES_BAK, OsmAndAdapter
from verifiers.maps.files import gpx, parse_geo
from verifiers.maps.state import MapsState, Pin

PARK = Pin(name="Park", lat=47.1, lon=9.5)
CAFE = Pin(name="Cafe", lat=47.2, lon=9.6)
ZOO = Pin(name="Zoo", lat=47.3, lon=9.7)


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("maps")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def write(client: DeviceClient, path: str, data: bytes) -> None:
    client.check(f"printf %s {base64.b64encode(data).decode()} | base64 -d > {shlex.quote(path)}")


def names(adapter: OsmAndAdapter, client: DeviceClient) -> list[str]:
    return sorted(p.name for p in adapter.parse(adapter.read_raw(client)).favorites)


def test_osmand_favourites_of_an_earlier_episode_do_not_come_back(client: DeviceClient) -> None:
    """``FavouritesHelper.loadFavorites`` merges the external files into ``favourites_bak.gpx`` as a
    union and writes it back: a favourite saved in an earlier episode survives in the private copy,
    so the seeder must write the copy too."""
    adapter = OsmAndAdapter()
    package = adapter.app.package
    adapter.seed(client, MapsState(favorites=[PARK]))
    client.launch(package)
    client.force_stop(package)
    # an earlier episode saved "Cafe": the app wrote it into both files; then only the external file
    # is replaced (as the old seeder did), here with a new point: at start-up the union is written back
    write(client, OSMAND_FAVORITES_BAK, gpx([PARK, CAFE]))
    write(client, f"{OSMAND_FAVORITES}/favorites.gpx", gpx([PARK, ZOO]))
    client.launch(package)
    client.force_stop(package)
    assert names(adapter, client) == ["Cafe", "Park", "Zoo"], "the double merges into its private copy"
    adapter.seed(client, MapsState(favorites=[PARK]))
    client.launch(package)
    client.force_stop(package)
    assert names(adapter, client) == ["Park"]
    shown = parse_geo(client.check(f"cat {OSMAND_FAVORITES_BAK}").encode(), OSMAND_FAVORITES_BAK)[0]
    assert [p.name for p in shown] == ["Park"], "what the app loads (and shows and saves next) is what was seeded"
