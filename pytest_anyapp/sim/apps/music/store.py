"""What the music app doubles read and write, one class per storage profile (docs/music.md).

The library is MediaStore's audio table (the scanned ``Music/*.wav``). Playlists, the play queue
and the sleep timer go where each real player keeps them at its pinned version:

* playlists — :class:`RetroPlaylists` (Room ``playlist.db``), :class:`FossifyPlaylists` (Room
  ``songs.db``), :class:`MediaStorePlaylists` (``content://media/external/audio/playlists``),
  :class:`PhonographPlaylists` (Room ``music_database_v1.db``), :class:`M3uPlaylists`
  (``Music/<name>.m3u`` created through MediaStore and scanned);
* queue — :class:`PlaybackStateQueue` (``music_playback_state.db`` ``playing_queue``; Retro and
  Phonograph Plus), :class:`FossifyQueue` (``songs.db`` ``queue_items``), :class:`PrefsQueue`
  (Apollo: default prefs ``queue``, hex ids joined by ``;``), :class:`MonsterQueue` (Room
  ``default_data.db`` ``queue``);
* now playing — the framework's media session record (:mod:`pytest_anyapp.sim.providers.media`).
"""

from __future__ import annotations

import posixpath
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pytest_anyapp.sim.providers.media import SessionRecord, media_sessions

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp
    from pytest_anyapp.sim.device import SimDevice

STORAGE = "/storage/emulated/0"


@dataclass(frozen=True)
class Song:
    id: int
    title: str
    path: str
    duration_ms: int
    album: str


def library(device: SimDevice) -> list[Song]:
    """MediaStore audio rows, by title (what every player lists under "Songs")."""
    with closing(device.providers.connect("media")) as db:
        rows = db.execute("SELECT _id, title, _data, COALESCE(duration, 0), COALESCE(album, '') FROM files "
                          "WHERE media_type = 2 ORDER BY title COLLATE NOCASE, _id").fetchall()
    return [Song(int(r[0]), str(r[1]), str(r[2]), int(r[3]), str(r[4])) for r in rows]


def by_id(device: SimDevice) -> dict[int, Song]:
    return {s.id: s for s in library(device)}


@dataclass(frozen=True)
class StoredPlaylist:
    key: str  # the store's own id (row id or file path)
    name: str
    song_ids: tuple[int, ...]


class PlaylistStore(Protocol):
    def all(self) -> list[StoredPlaylist]: ...
    def create(self, name: str, song_ids: list[int]) -> None: ...
    def rename(self, key: str, name: str) -> None: ...
    def add(self, key: str, song_id: int) -> None: ...
    def remove(self, key: str, song_id: int) -> None: ...


class QueueStore(Protocol):
    def get(self) -> list[int]: ...
    def put(self, song_ids: list[int]) -> None: ...


# -- playlists ---------------------------------------------------------------------------------------

class RetroPlaylists:
    """Retro Music 6.1.0 ``playlist.db``: ``PlaylistEntity`` + ``SongEntity`` ordered by ``song_key``."""

    DB = "playlist.db"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS PlaylistEntity (playlist_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "playlist_name TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS SongEntity (song_key INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "playlist_creator_id INTEGER NOT NULL, id INTEGER NOT NULL, title TEXT NOT NULL, track_number INTEGER NOT NULL, "
        "year INTEGER NOT NULL, duration INTEGER NOT NULL, data TEXT NOT NULL, date_modified INTEGER NOT NULL, "
        "album_id INTEGER NOT NULL, album_name TEXT NOT NULL, artist_id INTEGER NOT NULL, artist_name TEXT NOT NULL, "
        "composer TEXT, album_artist TEXT);"
        "CREATE UNIQUE INDEX IF NOT EXISTS index_SongEntity_playlist_creator_id_id ON SongEntity "
        "(playlist_creator_id, id); PRAGMA user_version = 24;"
    )

    def __init__(self, app: SimApp) -> None:
        self.app = app
        app.executescript(self.DB, self.SCHEMA)

    def all(self) -> list[StoredPlaylist]:
        out = []
        for p in self.app.query(self.DB, "SELECT playlist_id, playlist_name FROM PlaylistEntity ORDER BY playlist_id"):
            ids = self.app.query(self.DB, "SELECT id FROM SongEntity WHERE playlist_creator_id = ? ORDER BY song_key",
                                 (p[0],))
            out.append(StoredPlaylist(str(p[0]), str(p[1]), tuple(int(r[0]) for r in ids)))
        return out

    def create(self, name: str, song_ids: list[int]) -> None:
        """``LibraryViewModel.addToPlaylist``: append to a playlist of that exact name, else create it."""
        same = [p for p in self.all() if p.name == name]
        key = same[0].key if same else str(self.app.execute(
            self.DB, "INSERT INTO PlaylistEntity (playlist_name) VALUES (?)", (name,)))
        for sid in song_ids:
            self.add(key, sid)

    def rename(self, key: str, name: str) -> None:
        self.app.execute(self.DB, "UPDATE PlaylistEntity SET playlist_name = ? WHERE playlist_id = ?", (name, int(key)))

    def add(self, key: str, song_id: int) -> None:
        song = by_id(self.app.device)[song_id]
        self.app.execute(self.DB, "INSERT OR IGNORE INTO SongEntity (playlist_creator_id, id, title, track_number, year, "
                         "duration, data, date_modified, album_id, album_name, artist_id, artist_name) "
                         "VALUES (?, ?, ?, 0, 0, ?, ?, 0, 0, ?, 0, '<unknown>')",
                         (int(key), song.id, song.title, song.duration_ms, song.path, song.album))

    def remove(self, key: str, song_id: int) -> None:
        self.app.execute(self.DB, "DELETE FROM SongEntity WHERE playlist_creator_id = ? AND id = ?", (int(key), song_id))


# -- queues ------------------------------------------------------------------------------------------

class PlaybackStateQueue:
    """``music_playback_state.db`` ``playing_queue`` (+ ``original_playing_queue``): every save deletes
    all rows and re-inserts the queue in order (Retro ``MusicPlaybackQueueStore``, Phonograph Plus)."""

    DB = "music_playback_state.db"
    COLUMNS = ("_id INTEGER NOT NULL, title TEXT NOT NULL, track INTEGER NOT NULL, year INTEGER NOT NULL, "
               "duration INTEGER NOT NULL, _data TEXT NOT NULL, date_modified INTEGER NOT NULL, album_id INTEGER NOT NULL, "
               "album TEXT NOT NULL, artist_id INTEGER NOT NULL, artist TEXT NOT NULL, composer TEXT, album_artist TEXT")

    def __init__(self, app: SimApp, version: int) -> None:
        self.app = app
        app.executescript(self.DB, f"CREATE TABLE IF NOT EXISTS playing_queue ({self.COLUMNS}); "
                                   f"CREATE TABLE IF NOT EXISTS original_playing_queue ({self.COLUMNS}); "
                                   f"PRAGMA user_version = {version};")

    def get(self) -> list[int]:
        return [int(r[0]) for r in self.app.query(self.DB, "SELECT _id FROM playing_queue ORDER BY rowid")]

    def put(self, song_ids: list[int]) -> None:
        songs = by_id(self.app.device)
        conn = self.app.db(self.DB)
        with closing(conn):
            conn.execute("BEGIN")
            for table in ("playing_queue", "original_playing_queue"):
                conn.execute(f"DELETE FROM {table}")
                for sid in song_ids:
                    s = songs[sid]
                    conn.execute(f"INSERT INTO {table} (_id, title, track, year, duration, _data, date_modified, "
                                 "album_id, album, artist_id, artist) VALUES (?, ?, 0, 0, ?, ?, 0, 0, ?, 0, '<unknown>')",
                                 (s.id, s.title, s.duration_ms, s.path, s.album))
            conn.execute("COMMIT")


# -- now playing ---------------------------------------------------------------------------------------

def session(app: SimApp, tag: str, *, active: bool = True) -> SessionRecord:
    """The app's session record (created when the service starts)."""
    sessions = media_sessions(app.device)
    rec = sessions.get(app.package)
    if rec is None:
        rec = sessions[app.package] = SessionRecord(app.package, tag, active=active)
    return rec


def play(app: SimApp, tag: str, song: Song, queue_size: int, *, active: bool = True) -> None:
    """What the player's service publishes when a song starts: metadata (title, "<unknown>"
    artist for untagged files) and STATE_PLAYING."""
    rec = session(app, tag, active=active)
    rec.title, rec.subtitle, rec.metadata_size = song.title, "<unknown>", 7
    rec.state, rec.position_ms, rec.updated_ms = 3, 0, app.now_ms()
    rec.queue_size = queue_size


def set_paused(app: SimApp, paused: bool) -> None:
    rec = media_sessions(app.device).get(app.package)
    if rec is not None and rec.state in (2, 3):
        rec.state = 2 if paused else 3


def song_path_name(path: str) -> str:
    return posixpath.splitext(posixpath.basename(path))[0]


# -- Fossify Music: Room songs.db --------------------------------------------------------------------

class FossifySongsDb:
    """Fossify Music 1.8.1 ``songs.db`` (SongsDatabase v15): ``playlists`` + ``tracks`` (membership,
    one row per (media_store_id, playlist_id); playlist 1 is the built-in "All tracks") and
    ``queue_items`` (track_id = MediaStore id, track_order, is_current, last_position)."""

    DB = "songs.db"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS playlists (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, title TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS tracks (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, media_store_id INTEGER NOT NULL, "
        "title TEXT NOT NULL, artist TEXT NOT NULL, path TEXT NOT NULL, duration INTEGER NOT NULL, album TEXT NOT NULL, "
        "genre TEXT NOT NULL, cover_art TEXT NOT NULL, playlist_id INTEGER NOT NULL, track_id INTEGER NOT NULL, "
        "disc_number INTEGER, folder_name TEXT NOT NULL, album_id INTEGER NOT NULL, artist_id INTEGER NOT NULL, "
        "genre_id INTEGER NOT NULL, year INTEGER NOT NULL, date_added INTEGER NOT NULL, order_in_playlist INTEGER NOT NULL, "
        "flags INTEGER NOT NULL);"
        "CREATE UNIQUE INDEX IF NOT EXISTS index_tracks_media_store_id_playlist_id ON tracks (media_store_id, playlist_id);"
        "CREATE TABLE IF NOT EXISTS queue_items (track_id INTEGER PRIMARY KEY NOT NULL, track_order INTEGER NOT NULL, "
        "is_current INTEGER NOT NULL, last_position INTEGER NOT NULL);"
        "INSERT OR IGNORE INTO playlists (id, title) VALUES (1, 'All tracks'); PRAGMA user_version = 15;"
    )

    def __init__(self, app: SimApp) -> None:
        self.app = app
        app.executescript(self.DB, self.SCHEMA)

    # playlists (the built-in "All tracks" is listed by the app but is no user playlist)
    def all(self) -> list[StoredPlaylist]:
        out = []
        for p in self.app.query(self.DB, "SELECT id, title FROM playlists WHERE id != 1 ORDER BY title COLLATE NOCASE"):
            ids = self.app.query(self.DB, "SELECT media_store_id FROM tracks WHERE playlist_id = ? "
                                 "ORDER BY order_in_playlist, id", (p[0],))
            out.append(StoredPlaylist(str(p[0]), str(p[1]), tuple(int(r[0]) for r in ids)))
        return out

    def create(self, name: str, song_ids: list[int]) -> None:
        """NewPlaylistDialog refuses a title already taken (case-insensitive)."""
        if self.app.query(self.DB, "SELECT 1 FROM playlists WHERE title = ? COLLATE NOCASE", (name,)):
            return
        key = self.app.execute(self.DB, "INSERT INTO playlists (title) VALUES (?)", (name,))
        for sid in song_ids:
            self.add(str(key), sid)

    def rename(self, key: str, name: str) -> None:
        self.app.execute(self.DB, "UPDATE playlists SET title = ? WHERE id = ?", (name, int(key)))

    def add(self, key: str, song_id: int) -> None:
        s = by_id(self.app.device)[song_id]
        self.app.execute(self.DB, "INSERT OR REPLACE INTO tracks (media_store_id, title, artist, path, duration, album, "
                         "genre, cover_art, playlist_id, track_id, folder_name, album_id, artist_id, genre_id, year, "
                         "date_added, order_in_playlist, flags) VALUES (?, ?, '<unknown>', ?, ?, ?, '', '', ?, 0, 'Music', "
                         "0, 0, 0, 0, 0, 0, 0)", (s.id, s.title, s.path, s.duration_ms // 1000, s.album, int(key)))

    def remove(self, key: str, song_id: int) -> None:
        self.app.execute(self.DB, "DELETE FROM tracks WHERE playlist_id = ? AND media_store_id = ?", (int(key), song_id))

    # queue
    def get(self) -> list[int]:
        return [int(r[0]) for r in self.app.query(self.DB, "SELECT track_id FROM queue_items ORDER BY track_order")]

    def put(self, song_ids: list[int]) -> None:
        conn = self.app.db(self.DB)
        with closing(conn):
            conn.execute("BEGIN")
            conn.execute("DELETE FROM queue_items")
            for n, sid in enumerate(dict.fromkeys(song_ids)):
                conn.execute("INSERT INTO queue_items (track_id, track_order, is_current, last_position) "
                             "VALUES (?, ?, ?, 0)", (sid, n, 1 if n == 0 else 0))
            conn.execute("COMMIT")
