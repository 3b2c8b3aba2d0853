"""What the real players do with seeded state when they start, on a simulated device through the
real adb server: Retro Music 6.1.0 restores its saved queue only when the default preferences hold
``POSITION`` (MusicService.restoreQueuesAndPositionIfNecessary), Phonograph Plus 1.12.1 opens its
intro wizard while ``intro_shown`` is false and keeps its queue in its own 14-column layout
(MusicPlaybackQueueStore.kt, read by position in MediastoreSongsQuery.kt)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.clock.prefs import parse_prefs
from verifiers.music.adapters import PhonographPlusAdapter, RetroMusicAdapter
from verifiers.music.state import SONG_TITLES, MusicState

RETRO = "code.name.monkey.retromusic"
PHONOGRAPH = "player.phonograph.plus"
QUEUE = list(SONG_TITLES[:3])


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("music-launch")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def _texts(client: DeviceClient) -> list[str]:
    return [e.text for e in parse_ui_dump(client.ui_dump()) if e.text]


def _ids(client: DeviceClient) -> set[str]:
    return {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}


def _prefs(client: DeviceClient, path: str) -> dict[str, object]:
    return dict(parse_prefs(client.check(f"cat {path}")))


def test_retro_seed_writes_position_and_the_double_restores_only_with_it(client: DeviceClient) -> None:
    """The seeder writes POSITION (as opening the first song does); without it the double, as the
    app, restores no queue: no mini player, whatever the tables hold."""
    adapter = RetroMusicAdapter()
    client.check(f"pm clear {RETRO}")
    adapter.seed(client, MusicState(queue=QUEUE))
    path = f"/data/data/{RETRO}/shared_prefs/{RETRO}_preferences.xml"
    assert _prefs(client, path).get("POSITION") == 0
    client.launch(RETRO)
    assert "mini_player_title" in _ids(client)
    client.force_stop(RETRO)
    client.check(f"sed -i '/name=\"POSITION\"/d' {path}")
    client.launch(RETRO)
    assert "mini_player_title" not in _ids(client)
    client.force_stop(RETRO)


def test_retro_sleep_seed_keeps_the_queue_position(client: DeviceClient) -> None:
    """Queue and sleep timer share Retro's default preferences: seeding one keeps the other's keys."""
    from verifiers.music.profiles import RETRO_SLEEP

    adapter = RetroMusicAdapter()
    client.check(f"pm clear {RETRO}")
    adapter.seed(client, MusicState(queue=QUEUE))
    RETRO_SLEEP.seed(client, RETRO, 20)
    prefs = _prefs(client, RETRO_SLEEP.path)
    assert prefs.get("POSITION") == 0 and prefs.get("last_sleep_timer_value") == 20


def test_phonograph_shows_its_intro_after_pm_clear_and_seeding_gets_past_it(client: DeviceClient) -> None:
    """After ``pm clear`` the launcher opens the intro wizard; the adapter's seed writes the
    prerequisite flags first (intro and changelog seen), so the app opens on its library."""
    client.check(f"pm clear {PHONOGRAPH}")
    client.launch(PHONOGRAPH)
    assert "DONE" in _texts(client)
    client.force_stop(PHONOGRAPH)
    PhonographPlusAdapter().seed(client, MusicState(queue=QUEUE))
    prefs = _prefs(client, f"/data/data/{PHONOGRAPH}/shared_prefs/player.phonograph.xml")
    assert prefs.get("intro_shown") is True and prefs.get("last_changelog_version") == 1121
    client.launch(PHONOGRAPH)
    texts = _texts(client)
    assert "DONE" not in texts and "Changelog" not in texts
    assert "mini_player_title" in _ids(client)
    client.force_stop(PHONOGRAPH)


def test_phonograph_queue_has_its_own_fourteen_columns(client: DeviceClient) -> None:
    """v1.12.1's table: date_added after _data, album_artist before composer; the adapter reads back
    what it seeded."""
    adapter = PhonographPlusAdapter()
    client.check(f"pm clear {PHONOGRAPH}")
    adapter.seed(client, MusicState(queue=QUEUE))
    db = f"/data/data/{PHONOGRAPH}/databases/music_playback_state.db"
    columns = [r.split("|")[1] for r in client.sqlite(db, "PRAGMA table_info(playing_queue);")]
    assert columns == ["_id", "title", "track", "year", "duration", "_data", "date_added", "date_modified",
                       "album_id", "album", "artist_id", "artist", "album_artist", "composer"]
    assert client.sqlite(db, "PRAGMA user_version;") == ["6"]
    assert adapter.parse(adapter.read_raw(client)).queue == QUEUE


def test_fossify_music_seed_waits_for_the_first_scan(client: DeviceClient) -> None:
    """Fossify Music 1.8.1 drops queue items whose track the first scan has not stored yet
    (AudioHelper.getQueuedTracks): the seed waits for the scan's last write
    (``was_all_tracks_playlist_created``), and the queue it seeded is the one the app shows."""
    from verifiers.music.adapters import FossifyMusicAdapter

    pkg = "org.fossify.musicplayer"
    adapter = FossifyMusicAdapter()
    client.check(f"pm clear {pkg}")
    adapter.seed(client, MusicState(queue=QUEUE))
    assert _prefs(client, f"/data/data/{pkg}/shared_prefs/Prefs.xml").get("was_all_tracks_playlist_created") is True
    tracks = client.sqlite(f"/data/data/{pkg}/databases/songs.db", "SELECT count(*) FROM tracks WHERE playlist_id = 1;")
    assert int(tracks[0]) >= len(SONG_TITLES)
    assert adapter.parse(adapter.read_raw(client)).queue == QUEUE


def test_playlist_names_with_a_newline_or_bar_read_back_whole(client: DeviceClient) -> None:
    """Names are read hex-encoded: a '|' or a newline in a playlist name is the name's, not a row
    break (the previous raw read gave 'Focus' for 'Focus\\ndeep')."""
    from verifiers.music.state import Playlist

    adapter = RetroMusicAdapter()
    state = MusicState(playlists=[Playlist(name="Focus\ndeep", songs=[SONG_TITLES[0]]),
                                  Playlist(name="Road | trip", songs=[])])
    client.check(f"pm clear {adapter.app.package}")
    adapter.seed(client, state)
    got = adapter.parse(adapter.read_raw(client))
    assert sorted((p.name, p.songs) for p in got.playlists) == [("Focus\ndeep", [SONG_TITLES[0]]), ("Road | trip", [])]


def test_sicmu_shows_freedroidwarn_after_pm_clear_and_setup_gets_past_it(client: DeviceClient) -> None:
    """SicMu Neo 2.4.5's Main.onCreate shows FreeDroidWarn V1.6's dialog while the default preference
    ``versionCodeWarn`` is below the build; the adapter writes it (and allows the All-files-access op
    Main.askPermission would otherwise open Settings for)."""
    from verifiers.music.adapters import SicMuNeoAdapter

    pkg = "xyz.mordorx.sicmu"
    client.check(f"pm clear {pkg}")
    client.launch(pkg)
    assert "Solution" in _texts(client)
    client.force_stop(pkg)
    adapter = SicMuNeoAdapter()
    assert "MANAGE_EXTERNAL_STORAGE" in adapter.app_ops
    adapter.seed(client, MusicState())
    assert _prefs(client, f"/data/data/{pkg}/shared_prefs/{pkg}_preferences.xml").get("versionCodeWarn") == 38
    client.launch(pkg)
    assert "Solution" not in _texts(client)
    client.force_stop(pkg)
