"""Storage profiles of the music players: where each real app keeps playlists and the play queue at
its pinned version (storage_music.md; sources cited per profile), with the read (one shell call,
plain lines), the pure parse and the seed (rows/files exactly as the app writes them).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_anyapp.device.content import content_query_rows
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.device.shell_args import content_bind
from pytest_anyapp.errors import VerifierReadError
from verifiers.base import FirstStartDone, SourceRef, StorageProfile, ensure_app_database
from verifiers.clock.prefs import PrefValue, parse_prefs, prefs_xml
from verifiers.music import device as dev
from verifiers.music.state import MUSIC_DIR, SONG_SECONDS, Playlist

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

S = dev.SEP


def _db(package: str, name: str) -> str:
    return f"/data/data/{package}/databases/{name}"


def _title(titles: dict[int, str], audio_id: str) -> str:
    try:
        return titles[int(audio_id)]
    except (KeyError, ValueError):
        return f"<audio {audio_id}>"  # a song outside the seeded library: kept, never equal to a title


def _rows(lines: list[str], tag: str, width: int) -> list[list[str]]:
    out = []
    for line in lines:
        parts = line.split(S)
        if parts[0] == tag:
            if len(parts) != width + 1:
                raise VerifierReadError(f"malformed {tag} row: {line!r}")
            out.append(parts[1:])
    return out


def _grouped(lines: list[str], titles: dict[int, str]) -> list[Playlist]:
    """``PH id hex(name)`` rows (``P id name`` in records read before names were hex-encoded) and
    ``S playlist_id audio_id`` rows (in playlist order) -> playlists."""
    lists: dict[str, Playlist] = {}
    for line in lines:  # in the read's order (Phonograph Plus: its database's playlists, then MediaStore's)
        tag = line.split(S, 1)[0]
        if tag in ("P", "PH"):
            ((pid, name),) = _rows([line], tag, 2)
            try:
                lists[pid] = Playlist(name=bytes.fromhex(name).decode("utf-8") if tag == "PH" else name)
            except ValueError as exc:
                raise VerifierReadError(f"playlist name not hex: {exc}") from exc
    for pid, audio in _rows(lines, "S", 2):
        if pid in lists:
            lists[pid].songs.append(_title(titles, audio))
    return list(lists.values())


@parses("sqlite3 /data/data/code.name.monkey.retromusic/databases/playlist.db FROM PlaylistEntity")
def playlists_of(lines: list[str], titles: dict[int, str] | None = None) -> list[Playlist]:
    """Playlists from a Room playlist read (Retro Music; Fossify Music and Phonograph Plus read alike):
    a name is hex-encoded, so a ``|``, newline or the separator in it stays in it."""
    return _grouped(lines, titles or {})


class PlaylistProfile:
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        raise NotImplementedError

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[Playlist]:
        return playlists_of(lines, titles)

    def seed(self, device: DeviceClient, package: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
        raise NotImplementedError


def queue_of(lines: list[str], titles: dict[int, str] | None = None) -> list[str]:
    """``Q audio_id`` rows in queue order, as song titles (``<audio id>`` for a song not in ``titles``)."""
    return [_title(titles or {}, r[0]) for r in _rows(lines, "Q", 1)]


#: The queue reads (every column selected is a MediaStore id, so no text can split a row).
PLAYING_QUEUE_READ = "SELECT 'Q'||char(31)||_id FROM playing_queue ORDER BY rowid;"
QUEUE_ITEMS_READ = "SELECT 'Q'||char(31)||track_id FROM queue_items ORDER BY track_order;"
MONSTER_QUEUE_READ = "SELECT 'Q'||char(31)||id FROM queue ORDER BY tableId;"


@parses("sqlite3 FROM playing_queue ORDER BY rowid")
def playing_queue_of(lines: list[str], titles: dict[int, str] | None = None) -> list[str]:
    """Retro Music / Phonograph Plus ``playing_queue`` (row order = queue order)."""
    return queue_of(lines, titles)


@parses("sqlite3 FROM queue_items ORDER BY track_order")
def queue_items_of(lines: list[str], titles: dict[int, str] | None = None) -> list[str]:
    """Fossify Music ``queue_items`` in ``track_order``."""
    return queue_of(lines, titles)


@parses("sqlite3 FROM queue ORDER BY tableId")
def monster_queue_of(lines: list[str], titles: dict[int, str] | None = None) -> list[str]:
    """MonsterMusic ``queue`` in ``tableId`` (timeline) order."""
    return queue_of(lines, titles)


class QueueProfile:
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        raise NotImplementedError

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[str]:
        return queue_of(lines, titles)

    def seed(self, device: DeviceClient, package: str, queue: list[str], ids: dict[str, int]) -> None:
        raise NotImplementedError


def _song_values(title: str, ids: dict[str, int]) -> dict[str, str]:
    return {"id": str(ids[title]), "title": dev.sql_text(title), "ms": str(SONG_SECONDS[title] * 1000),
            "data": dev.sql_text(f"/storage/emulated/0/Music/{title}.wav")}


# -- Retro Music: Room playlist.db ----------------------------------------------------------------------

@dataclass(frozen=True)
class RoomPlaylists(PlaylistProfile):
    """A Room database with a playlists table and a members table, ordered by a key column."""

    profile: StorageProfile
    db_name: str
    read_sql: str
    clear_sql: str
    playlist_insert: str  # format: {pid}, {name}
    member_insert: str  # format: {pid}, {pos}, {id}, {title}, {ms}, {data}
    first_id: int = 1
    first_start: FirstStartDone | None = None  # what ends the app's first start (ensure_app_database)

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return dev.sqlite_lines(device, _db(package, self.db_name), self.read_sql)

    def seed(self, device: DeviceClient, package: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
        db = _db(package, self.db_name)
        ensure_app_database(device, package, db, done=self.first_start)
        sql = [self.clear_sql]
        for n, p in enumerate(playlists):
            pid = self.first_id + n
            sql.append(self.playlist_insert.format(pid=pid, name=dev.sql_text(p.name)))
            for pos, song in enumerate(p.songs, start=1):
                sql.append(self.member_insert.format(pid=pid, pos=pos, **_song_values(song, ids)))
        device.sqlite(db, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; " + " ".join(sql) + " COMMIT;")


RETRO_PLAYLISTS = RoomPlaylists(
    profile=StorageProfile(
        what="playlists", path=_db("code.name.monkey.retromusic", "playlist.db"),
        format="Room RetroDatabase v24: PlaylistEntity(playlist_id PK autoincrement, playlist_name); "
               "SongEntity(song_key PK autoincrement, playlist_creator_id, id = MediaStore audio _id, title, track_number, "
               "year, duration, data, date_modified, album_id, album_name, artist_id, artist_name, composer, album_artist), "
               "unique (playlist_creator_id, id); order = song_key",
        writes="create: PlaylistEntity row (or append to the same-named one) + SongEntity rows; rename: UPDATE "
               "playlist_name; add: SongEntity row; remove: DELETE by (playlist_creator_id, id). No MediaStore write.",
        sources=(SourceRef(repo="RetroMusicPlayer/RetroMusicPlayer", tag="v6.1.0", files=(
            "app/src/main/java/code/name/monkey/retromusic/db/RetroDatabase.kt",
            "app/src/main/java/code/name/monkey/retromusic/db/PlaylistEntity.kt",
            "app/src/main/java/code/name/monkey/retromusic/db/SongEntity.kt",
            "app/src/main/java/code/name/monkey/retromusic/db/PlaylistDao.kt",
            "app/src/main/java/code/name/monkey/retromusic/fragments/LibraryViewModel.kt (addToPlaylist)",
            "app/src/main/java/code/name/monkey/retromusic/MainModule.kt (playlist.db)")),),
    ),
    db_name="playlist.db",
    read_sql=("SELECT 'PH'||char(31)||playlist_id||char(31)||hex(playlist_name) FROM PlaylistEntity ORDER BY playlist_id; "
              "SELECT 'S'||char(31)||playlist_creator_id||char(31)||id FROM SongEntity ORDER BY song_key;"),
    clear_sql="DELETE FROM SongEntity; DELETE FROM PlaylistEntity;",
    playlist_insert="INSERT INTO PlaylistEntity (playlist_id, playlist_name) VALUES ({pid}, {name});",
    member_insert=("INSERT INTO SongEntity (playlist_creator_id, id, title, track_number, year, duration, data, "
                   "date_modified, album_id, album_name, artist_id, artist_name) VALUES ({pid}, {id}, {title}, 0, 0, "
                   "{ms}, {data}, 0, 0, 'Music', 0, '<unknown>');"),
)


# -- Retro / Phonograph: music_playback_state.db --------------------------------------------------------

#: Retro Music v6.1.0 MusicPlaybackQueueStore.java (VERSION 12): 13 columns.
RETRO_QUEUE_COLUMNS = (
    "_id INT NOT NULL, title STRING NOT NULL, track INT NOT NULL, year INT NOT NULL, duration LONG NOT NULL, "
    "_data STRING NOT NULL, date_modified LONG NOT NULL, album_id INT NOT NULL, album STRING NOT NULL, "
    "artist_id INT NOT NULL, artist STRING NOT NULL, composer STRING, album_artist STRING")
#: Phonograph Plus v1.12.1 MusicPlaybackQueueStore.kt (VERSION 6): 14 columns, ``date_added`` after
#: ``_data`` and ``album_artist`` before ``composer``; restore reads them by position (readSong in
#: foundation/mediastore/MediastoreSongsQuery.kt), so the order is part of the format.
PHONOGRAPH_QUEUE_COLUMNS = (
    "_id LONG NOT NULL, title TEXT NOT NULL, track INT NOT NULL, year INT NOT NULL, duration LONG NOT NULL, "
    "_data TEXT NOT NULL, date_added LONG NOT NULL, date_modified LONG NOT NULL, album_id LONG NOT NULL, "
    "album TEXT NOT NULL, artist_id LONG NOT NULL, artist TEXT NOT NULL, album_artist TEXT, composer TEXT")


@dataclass(frozen=True)
class PlaybackStateQueue(QueueProfile):
    """``playing_queue`` + ``original_playing_queue`` in the app's own layout, plus the preference the
    app restores the position from (``position_prefs``: file, key; Retro's ``POSITION`` is also its
    launch guard: without it the app restores no queue). ``session_queue``: the app hands the queue
    it restored to its media session at start-up (Retro 6.1.0 ``restoreQueuesAndPositionIfNecessary``:
    ``mediaSession.setQueue``), so Android's record shows whether the seeded queue was loaded."""

    profile: StorageProfile
    version: int
    columns: str
    position_prefs: tuple[str, str]
    extra_prefs: tuple[tuple[str, int], ...] = ()
    session_queue: bool = False

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return dev.sqlite_lines(device, _db(package, "music_playback_state.db"), PLAYING_QUEUE_READ)

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[str]:
        return playing_queue_of(lines, titles)

    def seed(self, device: DeviceClient, package: str, queue: list[str], ids: dict[str, int]) -> None:
        """The helper's own schema (SQLiteOpenHelper at ``version``, whose onUpgrade/onDowngrade drop the
        tables), both tables with the queue in order (the app restores only when they are equally long),
        then the position preference as the service writes it when the first song opens."""
        names = [c.split()[0] for c in self.columns.split(", ")]
        sql = [f"DROP TABLE IF EXISTS {t}; CREATE TABLE {t} ({self.columns});"
               for t in ("playing_queue", "original_playing_queue")]
        for t in ("playing_queue", "original_playing_queue"):
            for song in queue:
                v = _song_values(song, ids)
                row = {"_id": v["id"], "title": v["title"], "duration": v["ms"], "_data": v["data"],
                       "album": "'Music'", "artist": "'<unknown>'", "composer": "NULL", "album_artist": "NULL"}
                sql.append(f"INSERT INTO {t} ({', '.join(names)}) VALUES ({', '.join(row.get(n, '0') for n in names)});")
        device.check(f"mkdir -p /data/data/{package}/databases")
        device.sqlite(_db(package, "music_playback_state.db"),
                      f"PRAGMA busy_timeout=5000; PRAGMA user_version={self.version}; BEGIN IMMEDIATE; "
                      + " ".join(sql) + " COMMIT;")
        if queue:
            name, key = self.position_prefs
            put_prefs(device, f"/data/data/{package}/shared_prefs/{name}.xml", {key: 0, **dict(self.extra_prefs)})


def playback_state_queue(package: str, version: int, source: SourceRef, *, columns: str = RETRO_QUEUE_COLUMNS,
                         position_prefs: tuple[str, str] | None = None, guard: str = "",
                         extra_prefs: tuple[tuple[str, int], ...] = (), session_queue: bool = False) -> PlaybackStateQueue:
    names = ", ".join(c.split()[0] for c in columns.split(", "))
    prefs = position_prefs or (f"{package}_preferences", "POSITION")
    return PlaybackStateQueue(profile=StorageProfile(
        what="play queue", path=_db(package, "music_playback_state.db"),
        format=f"SQLiteOpenHelper v{version}: playing_queue / original_playing_queue({names}); no order column: "
               f"row order = queue order; current index: int {prefs[1]} in shared_prefs/{prefs[0]}.xml{guard}",
        writes="every queue change (add, play next, move, remove, open): delete all rows, re-insert the queue in order; "
               f"opening a song writes {prefs[1]}",
        sources=(source,)), version=version, columns=columns, position_prefs=prefs, extra_prefs=extra_prefs,
        session_queue=session_queue)


# -- Fossify Music: Room songs.db + Prefs.xml -------------------------------------------------------------

FOSSIFY_PKG = "org.fossify.musicplayer"
#: The first start ends with the library scan: SimpleMediaScanner inserts the tracks, then
#: updateAllTracksPlaylist sets this flag (apply()); a queue item whose track is not in ``tracks``
#: is dropped at restore (AudioHelper.getQueuedTracks), so seeding waits for it.
FOSSIFY_READY = FirstStartDone(kind="pref", path=f"/data/data/{FOSSIFY_PKG}/shared_prefs/Prefs.xml",
                               key="was_all_tracks_playlist_created", value="true")
FOSSIFY_SOURCE = SourceRef(repo="FossifyOrg/Music-Player", tag="1.8.1", files=(
    "app/src/main/kotlin/org/fossify/musicplayer/databases/SongsDatabase.kt (songs.db, version 15)",
    "app/src/main/kotlin/org/fossify/musicplayer/models/Playlist.kt, models/Track.kt, models/QueueItem.kt",
    "app/src/main/kotlin/org/fossify/musicplayer/interfaces/PlaylistsDao.kt, SongsDao.kt, QueueItemsDao.kt",
    "app/src/main/kotlin/org/fossify/musicplayer/helpers/Constants.kt (ALL_TRACKS_PLAYLIST_ID = 1)",
    "app/src/main/kotlin/org/fossify/musicplayer/extensions/Activity.kt (addTracksToPlaylist)"))

FOSSIFY_PLAYLISTS = RoomPlaylists(
    profile=StorageProfile(
        what="playlists", path=_db(FOSSIFY_PKG, "songs.db"),
        format="Room SongsDatabase v15: playlists(id PK autoincrement, title); tracks(id PK, media_store_id, title, "
               "artist, path, duration (s), album, ..., playlist_id, order_in_playlist, ...), unique (media_store_id, "
               "playlist_id); playlist 1 = built-in 'All tracks' (not a user playlist)",
        writes="create: playlists row (a title already taken, case-insensitive, is refused); add: copy of the track "
               "row with the playlist's id (REPLACE); remove: DELETE by playlist_id + media_store_id; rename: UPDATE "
               "title. No MediaStore write.",
        sources=(FOSSIFY_SOURCE,)),
    db_name="songs.db",
    read_sql=("SELECT 'PH'||char(31)||id||char(31)||hex(title) FROM playlists WHERE id != 1 ORDER BY id; "
              "SELECT 'S'||char(31)||playlist_id||char(31)||media_store_id FROM tracks WHERE playlist_id != 1 "
              "ORDER BY playlist_id, order_in_playlist, id;"),
    clear_sql="DELETE FROM tracks WHERE playlist_id != 1; DELETE FROM playlists WHERE id != 1;",
    playlist_insert="INSERT INTO playlists (id, title) VALUES ({pid}, {name});",
    member_insert=("INSERT INTO tracks (media_store_id, title, artist, path, duration, album, genre, cover_art, "
                   "playlist_id, track_id, folder_name, album_id, artist_id, genre_id, year, date_added, "
                   "order_in_playlist, flags) VALUES ({id}, {title}, '<unknown>', {data}, {ms}/1000, 'Music', '', '', "
                   "{pid}, 0, 'Music', 0, 0, 0, 0, 0, {pos}, 0);"),
    first_id=2,
    first_start=FOSSIFY_READY,
)


@dataclass(frozen=True)
class FossifyQueue(QueueProfile):
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return dev.sqlite_lines(device, _db(package, "songs.db"), QUEUE_ITEMS_READ)

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[str]:
        return queue_items_of(lines, titles)

    def seed(self, device: DeviceClient, package: str, queue: list[str], ids: dict[str, int]) -> None:
        db = _db(package, "songs.db")
        ensure_app_database(device, package, db, done=FOSSIFY_READY)
        rows = [f"INSERT INTO queue_items (track_id, track_order, is_current, last_position) VALUES "
                f"({ids[t]}, {n}, {1 if n == 0 else 0}, 0);" for n, t in enumerate(queue)]
        device.sqlite(db, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM queue_items; " + " ".join(rows)
                      + " COMMIT;")


FOSSIFY_QUEUE = FossifyQueue(profile=StorageProfile(
    what="play queue", path=_db(FOSSIFY_PKG, "songs.db"),
    format="queue_items(track_id = MediaStore id PRIMARY KEY, track_order, is_current, last_position (s))",
    writes="on player events: delete all, insert the timeline in order, mark the current item; a song is queued once",
    sources=(FOSSIFY_SOURCE,)))


class SleepProfile:
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        raise NotImplementedError

    def parse(self, lines: list[str]) -> int | None:
        raise NotImplementedError

    def seed(self, device: DeviceClient, package: str, minutes: int | None) -> None:
        raise NotImplementedError


_PREF = re.compile(r'<(int|long) name="([^"]+)" value="(-?\d+)" />')
PREFS_HEADER = "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n"


def put_prefs(device: DeviceClient, path: str, values: dict[str, PrefValue], *, drop: tuple[str, ...] = (),
              longs: frozenset[str] = frozenset()) -> None:
    """Set ``values`` (and remove ``drop``) in a SharedPreferences file, keeping its other keys: two
    profiles share Retro's default file (the queue's ``POSITION``, the sleep timer's keys)."""
    out = device.run(f"cat {shlex.quote(path)}")
    old = parse_prefs(out.stdout) if out.ok and out.stdout.strip() else {}
    old = {k: v for k, v in old.items() if k not in drop}
    device.check(f"mkdir -p {shlex.quote(path.rsplit('/', 1)[0])}")
    device.push_bytes(prefs_xml({**old, **values}, longs).encode(), path)


def sleep_pref_lines(device: DeviceClient, path: str) -> list[str]:
    """The sleep-timer lines of a SharedPreferences file ([] when the app never wrote it)."""
    out = device.run(f"cat {path}")
    if not out.ok:
        if "No such file" in out.stdout + out.stderr:
            return []
        raise VerifierReadError(f"could not read {path}: {out.stderr.strip()[:200]}")
    return [line.strip() for line in out.stdout.splitlines() if "sleep" in line]


@dataclass(frozen=True)
class FossifySleep(SleepProfile):
    """``Prefs.xml``: ``sleep_in_ts`` (epoch ms deadline, 0 when none runs) and ``last_sleep_timer_seconds``."""

    profile: StorageProfile
    path: str = f"/data/data/{FOSSIFY_PKG}/shared_prefs/Prefs.xml"

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return sleep_pref_lines(device, self.path)

    def parse(self, lines: list[str]) -> int | None:
        values = {m.group(2): int(m.group(3)) for line in lines if (m := _PREF.search(line))}
        if values.get("sleep_in_ts", 0) <= 0:
            return None
        return values.get("last_sleep_timer_seconds", 0) // 60

    def seed(self, device: DeviceClient, package: str, minutes: int | None) -> None:
        body = "<map>\n"
        if minutes is not None:
            body += (f'    <long name="sleep_in_ts" value="{device.now_s() * 1000 + minutes * 60_000}" />\n'
                     f'    <int name="last_sleep_timer_seconds" value="{minutes * 60}" />\n')
        device.check(f"mkdir -p {self.path.rsplit('/', 1)[0]}")
        device.push_bytes((PREFS_HEADER + body + "</map>\n").encode(), self.path)


FOSSIFY_SLEEP = FossifySleep(profile=StorageProfile(
    what="sleep timer", path=f"/data/data/{FOSSIFY_PKG}/shared_prefs/Prefs.xml",
    format="SharedPreferences: long sleep_in_ts (epoch ms deadline), int last_sleep_timer_seconds",
    writes="setting a timer: sleep_in_ts = now + seconds*1000, last_sleep_timer_seconds; expiry or cancel resets "
           "sleep_in_ts to 0 (a CountDownTimer in the service; no alarm)",
    sources=(SourceRef(repo="FossifyOrg/Music-Player", tag="1.8.1", files=(
        "app/src/main/kotlin/org/fossify/musicplayer/activities/MainActivity.kt (sleep timer)",
        "app/src/main/kotlin/org/fossify/musicplayer/playback/SleepTimer.kt",
        "app/src/main/kotlin/org/fossify/musicplayer/helpers/Constants.kt (sleep_in_ts, last_sleep_timer_seconds)"),
        note="Prefs.xml is Fossify commons' BaseConfig file (PREFS_KEY = 'Prefs')"),)))

_RETRO_PREFS = "/data/data/code.name.monkey.retromusic/shared_prefs/code.name.monkey.retromusic_preferences.xml"


@dataclass(frozen=True)
class RetroSleep(SleepProfile):
    """Default SharedPreferences: ``next_sleep_timer_elapsed_real_time`` (int, written only by the
    dialog's "Start") and ``last_sleep_timer_value`` (int minutes, written when the SeekBar is
    released; absent = the app's default, 30)."""

    profile: StorageProfile
    path: str = _RETRO_PREFS
    default_minutes: int = 30

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return sleep_pref_lines(device, self.path)

    def parse(self, lines: list[str]) -> int | None:
        values = {m.group(2): int(m.group(3)) for line in lines if (m := _PREF.search(line))}
        if "next_sleep_timer_elapsed_real_time" not in values:
            return None
        return values.get("last_sleep_timer_value", self.default_minutes)

    def seed(self, device: DeviceClient, package: str, minutes: int | None) -> None:
        keys = ("last_sleep_timer_value", "next_sleep_timer_elapsed_real_time")
        if minutes is None:
            put_prefs(device, self.path, {}, drop=keys)
        else:  # as if "Start" was pressed at elapsed-realtime 0
            put_prefs(device, self.path, {keys[0]: minutes, keys[1]: minutes * 60_000})


RETRO_SLEEP = RetroSleep(profile=StorageProfile(
    what="sleep timer", path=_RETRO_PREFS,
    format="SharedPreferences (PreferenceManager default file): int next_sleep_timer_elapsed_real_time "
           "(elapsedRealtime + minutes*60000, Long.toInt()), int last_sleep_timer_value (minutes, default 30)",
    writes="releasing the SeekBar: last_sleep_timer_value = its progress (1..100); 'Start': "
           "next_sleep_timer_elapsed_real_time and an exact ELAPSED_REALTIME_WAKEUP alarm; nothing resets the key "
           "(not on expiry; the dialog's cancel branch compares it with System.currentTimeMillis() and never shows)",
    sources=(SourceRef(repo="RetroMusicPlayer/RetroMusicPlayer", tag="v6.1.0", files=(
        "app/src/main/java/code/name/monkey/retromusic/dialogs/SleepTimerDialog.kt",
        "app/src/main/res/layout/dialog_sleep_timer.xml (AppCompatSeekBar, no max: 0..100)",
        "app/src/main/java/code/name/monkey/retromusic/util/PreferenceUtil.kt (lastSleepTimerValue default 30, "
        "nextSleepTimerElapsedRealTime default -1; getDefaultSharedPreferences)",
        "app/src/main/java/code/name/monkey/retromusic/Constants.kt (LAST_SLEEP_TIMER_VALUE, "
        "NEXT_SLEEP_TIMER_ELAPSED_REALTIME)",
        "app/src/main/res/menu/menu_player.xml (action_sleep_timer, showAsAction always)")),)))

__all__ = ["FOSSIFY_PLAYLISTS", "FOSSIFY_QUEUE", "FOSSIFY_SLEEP", "RETRO_PLAYLISTS", "RETRO_SLEEP", "PlaylistProfile",
           "QueueProfile", "SleepProfile", "playback_state_queue", "put_prefs", "sleep_pref_lines"]


# -- MediaStore playlists (Apollo; Phonograph Plus' file playlists) --------------------------------------

PLAYLISTS_URI = "content://media/external/audio/playlists"
AOSP_MEDIAPROVIDER = SourceRef(
    repo="aosp-mirror/platform_packages_providers_mediaprovider", tag="android-13.0.0_r1",
    files=("src/com/android/providers/media/MediaProvider.java (playlist insert/update/members; shell callers may "
           "set owner_package_name)", "src/com/android/providers/media/DatabaseHelper.java (audio_playlists view, "
           "audio_playlists_map)"),
    note="pm clear of a player leaves its MediaStore playlists (owner set to NULL): every seed deletes them")


def mediastore_lines(device: DeviceClient) -> list[str]:
    """``P id name`` rows and ``S id audio_id`` rows (members by play_order), from ``content query``."""
    # ``check`` already refused a provider error or an argument refusal (``[ERROR] …`` on stdout);
    # anything else than rows or "No result found." is not a playlist table (a name may say "Error").
    lists = mediastore_playlists(device.check(f"content query --uri {PLAYLISTS_URI} --projection _id:name --sort _id"))
    lines = [f"PH{S}{pid}{S}{name.encode().hex().upper()}" for pid, name in lists]
    if lists:
        marks = " ; ".join(f"echo __M{pid}; content query --uri {PLAYLISTS_URI}/{pid}/members --projection audio_id "
                           "--sort play_order" for pid, _ in lists)
        for pid, chunk in re.findall(r"^__M(\d+)\n(.*?)(?=^__M\d+\n|\Z)", device.check(marks), re.M | re.S):
            lines += [f"S{S}{pid}{S}{audio_id}" for audio_id in mediastore_members(chunk)]
    return lines


@parses("content query --uri content://media/external/audio/playlists --projection _id:name", reads="text")
def mediastore_playlists(out: str) -> list[tuple[str, str]]:
    """``(_id, name)`` per playlist row (a name keeps its ``", "``, ``=`` and newlines)."""
    rows = content_query_rows(out, ("_id", "name"), "MediaStore playlists")
    if any(not (r["_id"] or "").isdigit() for r in rows):
        raise VerifierReadError(f"MediaStore playlists: {out.strip()[:200]}")
    return [(r["_id"] or "", r["name"] or "") for r in rows]


@parses("content query --projection audio_id --sort play_order", reads="text")
def mediastore_members(out: str) -> list[str]:
    """The ``audio_id`` of each member row of ``<playlist>/members``, in play order."""
    ids = [r["audio_id"] or "" for r in content_query_rows(out, ("audio_id",), "MediaStore playlist members")]
    if not all(i.isdigit() for i in ids):
        raise VerifierReadError(f"MediaStore playlist members: {out.strip()[:200]}")
    return ids


def clear_mediastore_playlists(device: DeviceClient) -> None:
    device.check(f"content delete --uri {PLAYLISTS_URI}")


def seed_mediastore(device: DeviceClient, owner: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
    """Insert each playlist owned by ``owner`` (as the app's own insert would be), then its members."""
    for p in playlists:
        device.check(f"content insert --uri {PLAYLISTS_URI} {content_bind('name', 's', p.name)} "
                     f"--bind owner_package_name:s:{owner}")
        found = [pid for pid, name in mediastore_playlists(
            device.check(f"content query --uri {PLAYLISTS_URI} --projection _id:name")) if name == p.name]
        if not found:
            raise VerifierReadError(f"MediaStore did not keep the playlist {p.name!r}")
        for n, song in enumerate(p.songs, start=1):
            device.check(f"content insert --uri {PLAYLISTS_URI}/{found[-1]}/members --bind audio_id:l:{ids[song]} "
                         f"--bind play_order:i:{n}")


@dataclass(frozen=True)
class MediaStorePlaylists(PlaylistProfile):
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return mediastore_lines(device)

    def seed(self, device: DeviceClient, package: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
        clear_mediastore_playlists(device)
        seed_mediastore(device, package, playlists, ids)


APOLLO_PKG = "org.nuclearfog.apollo"
APOLLO_SOURCE = SourceRef(repo="nuclearfog/Apollo-Music", tag="1.5.15", files=(
    "app/src/main/java/org/nuclearfog/apollo/utils/MusicUtils.java (createPlaylist, addToPlaylist, renamePlaylist, "
    "removeFromPlaylist)", "app/src/main/java/org/nuclearfog/apollo/utils/PreferenceUtils.java (queue, curpos)",
    "app/src/main/java/org/nuclearfog/apollo/service/MusicPlaybackService.java (saveQueue, getCardId, reloadQueue)",
    "app/src/main/java/org/nuclearfog/apollo/utils/CursorFactory.java (makeCardCursor: content://media/external/fs_id)"),
    note="the pinned F-Droid build 74 is a later Codeberg release not reachable here; 1.5.15 is the newest GitHub tag")
APOLLO_PLAYLISTS = MediaStorePlaylists(profile=StorageProfile(
    what="playlists", path=PLAYLISTS_URI,
    format="MediaStore audio_playlists (files with media_type 4: _id, name, owner_package_name) + members "
           "audio_playlists_map(audio_id, playlist_id, play_order)",
    writes="create: insert name (the app is the owner), then bulk-insert members (audio_id, play_order); rename: "
           "update name with every word capitalised; remove: delete members where audio_id = the song",
    sources=(APOLLO_SOURCE, AOSP_MEDIAPROVIDER)))


@dataclass(frozen=True)
class ApolloPrefsQueue(QueueProfile):
    """Default prefs ``queue``: MediaStore ids in hex joined by ``;``; ``curpos`` the current index."""

    profile: StorageProfile

    def _path(self, package: str) -> str:
        return f"/data/data/{package}/shared_prefs/{package}_preferences.xml"

    def read(self, device: DeviceClient, package: str) -> list[str]:
        out = device.run(f"cat {self._path(package)}")
        if not out.ok:
            if "No such file" in out.stdout + out.stderr:
                return []
            raise VerifierReadError(f"could not read Apollo's preferences: {out.stderr.strip()[:200]}")
        return [f"Q{S}{track_id}" for track_id in apollo_queue(out.stdout)]

    def seed(self, device: DeviceClient, package: str, queue: list[str], ids: dict[str, int]) -> None:
        hexes = "".join(f"{ids[t]:x};" for t in queue)  # PreferenceUtils.setPlayList: each id, then ';'
        body = (f'<map>\n    <string name="queue">{hexes}</string>\n    <int name="cardid" value="-1" />\n'
                '    <int name="curpos" value="0" />\n    <long name="seekpos" value="0" />\n</map>\n')
        device.check(f"mkdir -p /data/data/{package}/shared_prefs")
        device.push_bytes((PREFS_HEADER + body).encode(), self._path(package))


@parses(f"cat /data/data/{APOLLO_PKG}/shared_prefs/{APOLLO_PKG}_preferences.xml", reads="text")
def apollo_queue(text: str) -> list[int]:
    """MediaStore ids of Apollo's saved queue, in order: the default preferences' ``queue`` string,
    each id ``Long.toHexString`` then ``;`` (``PreferenceUtils.setPlayList``). No ``queue`` key (or an
    empty file) is an empty queue; an item that is not hex is skipped, as ``getPlaylist`` skips it.
    ``history`` (hex indices written while shuffling) is not the queue."""
    if not text.strip():
        return []
    queue = parse_prefs(text).get("queue", "")
    if not isinstance(queue, str):
        raise VerifierReadError(f"Apollo's 'queue' preference is not a string: {queue!r}")
    ids: list[int] = []
    for item in queue.split(";"):
        try:
            ids.append(int(item, 16))
        except ValueError:
            continue
    return ids


APOLLO_QUEUE = ApolloPrefsQueue(profile=StorageProfile(
    what="play queue", path=f"/data/data/{APOLLO_PKG}/shared_prefs/{APOLLO_PKG}_preferences.xml",
    format="SharedPreferences: string queue = MediaStore ids in hex joined by ';'; int cardid; int curpos; "
           "long seekpos. reloadQueue restores the queue only when cardid equals the service's mCardId, the 'fsid' "
           "of content://media/external/fs_id (MediaProvider's mVolumeId, -1 unless assigned); the seed writes -1, "
           "what setPlayList stores on such a device",
    writes="every queue change (enqueue, play next, move, remove, open): the whole queue is saved (apply())",
    sources=(APOLLO_SOURCE,)))


# -- Phonograph Plus: Room music_database_v1.db (+ MediaStore file playlists) ------------------------------

PHONOGRAPH_PKG = "player.phonograph.plus"
PHONOGRAPH_SOURCE = SourceRef(repo="chr56/Phonograph_Plus", tag="v1.12.1", files=(
    "app/src/main/java/player/phonograph/repo/room/MusicDatabase.kt (music_database_v1.db)",
    "app/src/main/java/player/phonograph/repo/room/entity/PlaylistEntity.kt, PlaylistSongEntity.kt",
    "app/src/main/java/player/phonograph/repo/room/domain/RoomPlaylistsActions.kt",
    "app/src/main/java/player/phonograph/repo/mediastore/MediaStorePlaylistsActions.kt",
    "app/src/main/java/player/phonograph/repo/loader/Playlists.kt (Room + MediaStore merged)",
    "app/src/main/java/player/phonograph/service/queue/MusicPlaybackQueueStore.kt"))


@dataclass(frozen=True)
class PhonographPlaylists(PlaylistProfile):
    """Room database playlists (seeded here) and MediaStore playlists, merged as the Playlists tab shows them."""

    profile: StorageProfile
    room: RoomPlaylists

    def read(self, device: DeviceClient, package: str) -> list[str]:
        room = [line.replace(f"PH{S}", f"PH{S}db", 1).replace(f"S{S}", f"S{S}db", 1)
                for line in self.room.read(device, package) if line.startswith((f"PH{S}", f"S{S}"))]
        return room + mediastore_lines(device)

    def seed(self, device: DeviceClient, package: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
        clear_mediastore_playlists(device)
        self.room.seed(device, package, playlists, ids)


PHONOGRAPH_PLAYLISTS = PhonographPlaylists(
    profile=StorageProfile(
        what="playlists", path=f"{_db(PHONOGRAPH_PKG, 'music_database_v1.db')} + {PLAYLISTS_URI}",
        format="Room MusicDatabase rev 2: playlists(playlist_id, playlist_name, date_added, date_modified); "
               "playlist_songs(playlist_song_id, _id = MediaStore id, playlist_id, position, path); plus MediaStore "
               "playlists (file kind)",
        writes="create (kind 'Database playlists'): playlists row + playlist_songs rows (position max+1); file kind "
               "without SAF: MediaStore insert + members; rename/remove of a file playlist go through MediaStore",
        sources=(PHONOGRAPH_SOURCE, AOSP_MEDIAPROVIDER)),
    room=RoomPlaylists(
        profile=StorageProfile(what="", path="", format="", writes=""),
        db_name="music_database_v1.db",
        read_sql=("SELECT 'PH'||char(31)||playlist_id||char(31)||hex(playlist_name) FROM playlists ORDER BY playlist_id; "
                  "SELECT 'S'||char(31)||playlist_id||char(31)||_id FROM playlist_songs ORDER BY playlist_id, position;"),
        clear_sql="DELETE FROM playlist_songs; DELETE FROM playlists;",
        playlist_insert=("INSERT INTO playlists (playlist_id, playlist_name, date_added, date_modified) "
                         "VALUES ({pid}, {name}, 0, 0);"),
        member_insert="INSERT INTO playlist_songs (_id, playlist_id, position, path) VALUES ({id}, {pid}, {pos}, {data});",
    ),
)
PHONOGRAPH_QUEUE = playback_state_queue(
    PHONOGRAPH_PKG, 6, SourceRef(repo="chr56/Phonograph_Plus", tag="v1.12.1", files=(
        "app/src/main/java/player/phonograph/service/queue/MusicPlaybackQueueStore.kt (TABLE, VERSION 6)",
        "app/src/main/java/player/phonograph/foundation/mediastore/MediastoreSongsQuery.kt (readSong by position)",
        "app/src/main/java/player/phonograph/service/queue/QueueHolder.kt (fromPersistence: restores unconditionally)",
        "app/src/main/java/player/phonograph/service/util/Preference.kt (QueuePreferenceManager: queue_manager_cfg, "
        "CURRENT_POSITION default 0, SHUFFLE_MODE, REPEAT_MODE)")),
    columns=PHONOGRAPH_QUEUE_COLUMNS, position_prefs=("queue_manager_cfg", "CURRENT_POSITION"),
    extra_prefs=(("SHUFFLE_MODE", 0), ("REPEAT_MODE", 0)),
    guard=" (default 0; the queue is restored whatever it holds)")


# -- MonsterMusic: Music/<name>.m3u + Room default_data.db ---------------------------------------------

MONSTER_PKG = "com.ztftrue.music"
MONSTER_SOURCE = SourceRef(repo="ZTFtrue/MonsterMusic", tag="0.1.69", files=(
    "app/src/main/java/com/ztftrue/music/utils/trackManager/PlaylistManager.kt (create, list, add, remove, rename)",
    "app/src/main/java/com/ztftrue/music/sqlData/MusicDatabase.kt (default_data.db v7)",
    "app/src/main/java/com/ztftrue/music/sqlData/model/MusicItem.kt (queue)",
    "app/src/main/java/com/ztftrue/music/play/PlayService.kt (queue rewritten on timeline change)"))


@dataclass(frozen=True)
class M3uPlaylists(PlaylistProfile):
    """``Music/*.m3u``: the name is the file name; members are the non-comment lines (absolute paths, or
    relative to the playlist's folder after a remove/reorder)."""

    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        out = device.check(f"for f in {MUSIC_DIR}/*.m3u {MUSIC_DIR}/*.m3u8; do [ -f \"$f\" ] || continue; "
                           "echo \"__F$f\"; cat \"$f\"; echo; done")
        return [line for line in out.splitlines() if line.strip()]

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[Playlist]:
        out: list[Playlist] = []
        by_file = {f"{t}.wav": t for t in SONG_SECONDS}
        for line in lines:
            if line.startswith("__F"):
                name = line[3:].rsplit("/", 1)[-1]
                out.append(Playlist(name=name.rsplit(".", 1)[0]))
            elif out and not line.startswith("#"):
                base = line.strip().rsplit("/", 1)[-1]
                out[-1].songs.append(by_file.get(base, f"<file {base}>"))
        return out

    def seed(self, device: DeviceClient, package: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
        clear_mediastore_playlists(device)
        device.check(f"rm -f {MUSIC_DIR}/*.m3u {MUSIC_DIR}/*.m3u8")
        for p in playlists:
            path = f"{MUSIC_DIR}/{p.name}.m3u"
            body = "#EXTM3U\n" + "".join(f"/storage/emulated/0/Music/{s}.wav\n" for s in p.songs)
            device.push_bytes(body.encode(), path)
        device.check("am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d file:///storage/emulated/0/Music")
        for p in playlists:  # the app made them: it owns them (shell may set the owner, MediaProvider.update)
            where = shlex.quote(f"_data='/storage/emulated/0/Music/{p.name}.m3u'")
            device.check(f"content update --uri content://media/external/file --bind owner_package_name:s:{package} "
                         f"--where {where}")


MONSTER_PLAYLISTS = M3uPlaylists(profile=StorageProfile(
    what="playlists", path=f"{MUSIC_DIR}/<name>.m3u (MediaStore Files, owner com.ztftrue.music)",
    format="M3U: '#EXTM3U' then one song path per line; listed from MediaStore files named *.m3u / *.m3u8",
    writes="create: MediaStore Files insert of Music/<name>.m3u (pending), absolute paths written, IS_PENDING cleared "
           "(the provider scans it); add: rewrite with absolute paths; remove/reorder: rewrite with relative paths; "
           "rename: update Playlists.NAME (the provider moves the file)",
    sources=(MONSTER_SOURCE, AOSP_MEDIAPROVIDER)))


@dataclass(frozen=True)
class MonsterQueue(QueueProfile):
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return dev.sqlite_lines(device, _db(package, "default_data.db"), MONSTER_QUEUE_READ)

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[str]:
        return monster_queue_of(lines, titles)

    def seed(self, device: DeviceClient, package: str, queue: list[str], ids: dict[str, int]) -> None:
        db = _db(package, "default_data.db")
        ensure_app_database(device, package, db)
        rows = []
        for n, t in enumerate(queue):
            v = _song_values(t, ids)
            rows.append(f"INSERT INTO queue VALUES ({n}, {v['id']}, {v['title']}, {v['data']}, {v['ms']}, "
                        f"{dev.sql_text(t + '.wav')}, 'Music', 0, '<unknown>', 0, '', 0, 0, 0, {n}, 0);")
        device.sqlite(db, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM queue; " + " ".join(rows) + " COMMIT;")


MONSTER_QUEUE = MonsterQueue(profile=StorageProfile(
    what="play queue", path=_db(MONSTER_PKG, "default_data.db"),
    format="Room MusicDatabase v7, table queue (MusicItem: tableId = timeline index, id = MediaStore id, name, path, "
           "duration, displayName, album, albumId, artist, artistId, genre, genreId, year, songNumber, priority, "
           "isFavorite)",
    writes="every timeline change (add, play next, move, remove): delete all rows, insert the timeline",
    sources=(MONSTER_SOURCE,)))

__all__ += ["APOLLO_PLAYLISTS", "APOLLO_QUEUE", "MONSTER_PLAYLISTS", "MONSTER_QUEUE", "PHONOGRAPH_PLAYLISTS",
            "PHONOGRAPH_QUEUE"]
