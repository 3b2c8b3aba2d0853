"""Seeding waits for the end of an app's first start and breaks nothing the app needs at its next
one (issues 23 and 27), on a simulated device whose app doubles do their apps' start-up work on
worker threads, as the real apps do:

* ``ensure_app_database`` waits for the per-app marker (Simple Contacts lineage: the Room
  callback's id bump), where stopping the app as soon as the file exists cuts that work off;
* launch invariance names the pair when a seeder drops a launch guard (Orgzly Revived's
  Getting Started flag: without it the app imports a notebook into the seeded state);
* a seeded app-private file left to root is named too;
* launch invariance names Retro's queue pairs when the seeder does not write ``POSITION``: the
  stores stay as seeded, but the app restores no queue, which its media session shows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.episode.invariance import check_launch_invariance
from pytest_anyapp.registry import scheduled_pairs
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.base import FirstStartDone, ensure_app_database
from verifiers.contacts.adapters import FossifyContactsAdapter
from verifiers.contacts.localdb import ROOM_CREATED, db_path
from verifiers.music.adapters import RetroMusicAdapter
from verifiers.music.profiles import PlaybackStateQueue
from verifiers.notes.adapters import OrgzlyAdapter

FOSSIFY = "org.fossify.contacts"
SEQUENCES = "SELECT name || '=' || seq FROM sqlite_sequence ORDER BY name;"


@pytest.fixture(scope="module")
def client(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeviceClient]:
    with running_device(Path(tmp_path_factory.mktemp("first-start")) / "dev", adb_server_port=adb_server) as dev:
        yield _client(dev, adb_server)


def _client(dev: RunningDevice, port: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=dev.serial, console_port=dev.console_port, grpc_port=None, adb_port=port))


def _fresh_first_start(client: DeviceClient, done: FirstStartDone) -> list[str]:
    client.check(f"pm clear {FOSSIFY}")
    ensure_app_database(client, FOSSIFY, db_path(FOSSIFY), done=done)
    client.run("sleep 1")  # the app is stopped: whatever its first start left undone stays undone
    return client.sqlite(db_path(FOSSIFY), SEQUENCES)


def test_ensure_app_database_waits_for_the_apps_marker(client: DeviceClient) -> None:
    assert _fresh_first_start(client, ROOM_CREATED) == ["contacts=1000000", "groups=10000"]


def test_stopping_when_the_file_exists_cuts_the_first_start_off(client: DeviceClient) -> None:
    """What ``ensure_app_database`` did before: the bump never runs, seeded ids would start at 1."""
    assert _fresh_first_start(client, FirstStartDone(kind="file")) == []


def test_the_settled_default_creates_the_database_and_stops_the_app(client: DeviceClient) -> None:
    client.check(f"pm clear {FOSSIFY}")
    ensure_app_database(client, FOSSIFY, db_path(FOSSIFY))
    assert client.run(f"ls {db_path(FOSSIFY)}").ok and client.pidof(FOSSIFY) == ""


class OrgzlyWithoutItsGuard(OrgzlyAdapter):
    """A seeder that forgets the Getting Started flag (and does not wait for the first start)."""

    first_start: ClassVar[FirstStartDone | None] = FirstStartDone(kind="file")
    seed_prefs: ClassVar[dict[str, str]] = {}

    def seed(self, device: DeviceClient, state: Any) -> None:
        super().seed(device, state)
        device.check("rm -f /data/data/com.orgzlyrevived/shared_prefs/state.xml")


class FossifyLeavingRootFiles(FossifyContactsAdapter):
    """A seeder that writes a private file as root and does not give it back to the app."""

    def seed(self, device: DeviceClient, state: Any) -> None:
        super().seed(device, state)
        device.check(f"mkdir -p /data/data/{FOSSIFY}/shared_prefs && echo '<map />' > "
                     f"/data/data/{FOSSIFY}/shared_prefs/{FOSSIFY}_preferences.xml")


def _pair(app_id: str) -> Any:
    return next(p for p in scheduled_pairs() if p.app.app_id == app_id)


def test_launch_invariance_names_the_pair_whose_seeder_drops_a_guard(client: DeviceClient) -> None:
    pair = _pair("notes_orgzly_revived")
    good = check_launch_invariance(client, OrgzlyAdapter(), pair.template, 0)
    assert good.ok, good.summary()
    bad = check_launch_invariance(client, OrgzlyWithoutItsGuard(), pair.template, 0)
    assert not bad.ok and [c.key for c in bad.changed] == ["books", "notes"]
    assert bad.summary().startswith(f"{pair.template.semantic_id} x notes_orgzly_revived (instance 0): books changed")


def test_launch_invariance_names_a_seeded_file_left_to_root(client: DeviceClient) -> None:
    pair = _pair("contacts_fossify_contacts")
    bad = check_launch_invariance(client, FossifyLeavingRootFiles(), pair.template, 0)
    assert [line.split()[0] for line in bad.foreign_files] == ["0:0", "0:0"]
    assert bad.foreign_files[-1].endswith(f"shared_prefs/{FOSSIFY}_preferences.xml")
    assert "x contacts_fossify_contacts (instance 0): app-private files the app cannot write" in bad.summary()


assert isinstance(RetroMusicAdapter.queue_profile, PlaybackStateQueue)


class RetroWithoutPosition(RetroMusicAdapter):
    """The seeder before the fix: the queue's position goes nowhere Retro reads it at start-up."""

    queue_profile = dataclasses.replace(RetroMusicAdapter.queue_profile, position_prefs=("not_retros", "POSITION"))


def test_launch_invariance_names_retros_queue_pairs_without_position(client: DeviceClient) -> None:
    pairs = [p for p in scheduled_pairs() if p.app.app_id == "music_retro_music" and "queue" in p.adapter.reads]
    assert len(pairs) == 3  # AddToQueue, ReorderQueue, SavePlaylist
    for pair in pairs:
        good = check_launch_invariance(client, RetroMusicAdapter(), pair.template, 0)
        assert good.ok, good.summary()
        bad = check_launch_invariance(client, RetroWithoutPosition(), pair.template, 0)
        assert bad.changed == [] and not bad.ok, bad.summary()  # the stores are untouched: only the session tells
        assert bad.summary().startswith(f"{pair.template.semantic_id} x music_retro_music (instance 0): not loaded "
                                        "at launch: queue: "), bad.summary()
