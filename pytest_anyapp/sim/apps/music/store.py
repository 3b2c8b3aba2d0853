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
    all rows and re-inserts the queue in order (Retro ``MusicPlaybackQueueStore``, Phonograph Plus),
    in the app's own column layout. ``guard`` is Retro's start-up condition
    (``MusicService.restoreQueuesAndPositionIfNecessary``, v6.1.0): the saved queue is restored only
    when the default preferences hold ``POSITION`` (not -1) and both tables are equally long; opening
    a song writes it (``savePosition`` on META_CHANGED). Without a guard (Phonograph Plus,
    ``QueueHolder.fromPersistence``) the position comes from ``queue_manager_cfg.xml`` (default 0).
    A helper whose version differs drops both tables (Phonograph's onUpgrade/onDowngrade), and a row
    narrower than the layout crashes the restore (columns are read by position)."""

    DB = "music_playback_state.db"
    RETRO = ("_id INT NOT NULL, title STRING NOT NULL, track INT NOT NULL, year INT NOT NULL, "
             "duration LONG NOT NULL, _data STRING NOT NULL, date_modified LONG NOT NULL, album_id INT NOT NULL, "
             "album STRING NOT NULL, artist_id INT NOT NULL, artist STRING NOT NULL, composer STRING, album_artist STRING")
    PHONOGRAPH = ("_id LONG NOT NULL, title TEXT NOT NULL, track INT NOT NULL, year INT NOT NULL, "
                  "duration LONG NOT NULL, _data TEXT NOT NULL, date_added LONG NOT NULL, date_modified LONG NOT NULL, "
                  "album_id LONG NOT NULL, album TEXT NOT NULL, artist_id LONG NOT NULL, artist TEXT NOT NULL, "
                  "album_artist TEXT, composer TEXT")

    def __init__(self, app: SimApp, version: int, columns: str = RETRO, *, guard: str | None = None,
                 position_prefs: tuple[str, str] = ("queue_manager_cfg", "CURRENT_POSITION")) -> None:
        self.app, self.columns, self.guard, self.position_prefs = app, columns, guard, position_prefs
        old = app.query(self.DB, "PRAGMA user_version")[0][0]
        drop = "DROP TABLE IF EXISTS playing_queue; DROP TABLE IF EXISTS original_playing_queue; " if (
            old not in (0, version)) else ""
        app.executescript(self.DB, f"{drop}CREATE TABLE IF NOT EXISTS playing_queue ({columns}); "
                                   f"CREATE TABLE IF NOT EXISTS original_playing_queue ({columns}); "
                                   f"PRAGMA user_version = {version};")

    def _rows(self, table: str) -> list[int]:
        width = len(self.columns.split(", "))
        rows = self.app.query(self.DB, f"SELECT * FROM {table} ORDER BY rowid")
        if any(len(r) < width for r in rows):
            self.app.crash(f"{table}: a row has fewer than {width} columns (read by position)")
        return [int(r[0]) for r in rows]

    def get(self) -> list[int]:
        ids = self._rows("playing_queue")
        if self.guard is not None:
            position = self.app.prefs().get(self.guard, -1)
            if position == -1 or len(ids) != len(self._rows("original_playing_queue")):
                return []
        return ids

    def position(self) -> int:
        """The restored index: the guard's preference (Retro ``POSITION``) or the position file's key."""
        name, key = (None, self.guard) if self.guard is not None else self.position_prefs
        value = self.app.prefs(name).get(key, 0) if name else self.app.prefs().get(key, 0)
        return value if isinstance(value, int) else 0

    def put(self, song_ids: list[int]) -> None:
        songs = by_id(self.app.device)
        names = [c.split()[0] for c in self.columns.split(", ")]
        conn = self.app.db(self.DB)
        with closing(conn):
            conn.execute("BEGIN")
            for table in ("playing_queue", "original_playing_queue"):
                conn.execute(f"DELETE FROM {table}")
                for sid in song_ids:
                    s = songs[sid]
                    row = {"_id": s.id, "title": s.title, "duration": s.duration_ms, "_data": s.path,
                           "album": s.album, "artist": "<unknown>", "composer": None, "album_artist": None}
                    conn.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                                 [row.get(n, 0) for n in names])
            conn.execute("COMMIT")
        if song_ids:
            position = min(int(getattr(self.app, "current", 0)), len(song_ids) - 1)
            if self.guard is not None:
                self.app.prefs().put(**{self.guard: position})
            else:
                name, key = self.position_prefs
                self.app.prefs(name).put(**{key: position})


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

    def scan(self) -> None:
        """SimpleMediaScanner at every start: the library's tracks into the built-in "All tracks"
        (playlist 1), then ``was_all_tracks_playlist_created`` (the end of the first start)."""
        for s in library(self.app.device):
            self.app.execute(self.DB, "INSERT OR IGNORE INTO tracks (media_store_id, title, artist, path, duration, "
                             "album, genre, cover_art, playlist_id, track_id, folder_name, album_id, artist_id, "
                             "genre_id, year, date_added, order_in_playlist, flags) VALUES (?, ?, '<unknown>', ?, ?, ?, "
                             "'', '', 1, 0, 'Music', 0, 0, 0, 0, 0, 0, 0)",
                             (s.id, s.title, s.path, s.duration_ms // 1000, s.album))
        self.app.prefs("Prefs").put(was_all_tracks_playlist_created=True)

    # queue
    def get(self) -> list[int]:
        """AudioHelper.getQueuedTracks: an item whose track is not in ``tracks`` is dropped."""
        return [int(r[0]) for r in self.app.query(
            self.DB, "SELECT track_id FROM queue_items q WHERE EXISTS (SELECT 1 FROM tracks t WHERE "
            "t.media_store_id = q.track_id) ORDER BY track_order")]

    def put(self, song_ids: list[int]) -> None:
        conn = self.app.db(self.DB)
        with closing(conn):
            conn.execute("BEGIN")
            conn.execute("DELETE FROM queue_items")
            for n, sid in enumerate(dict.fromkeys(song_ids)):
                conn.execute("INSERT INTO queue_items (track_id, track_order, is_current, last_position) "
                             "VALUES (?, ?, ?, 0)", (sid, n, 1 if n == 0 else 0))
            conn.execute("COMMIT")


# -- MediaStore playlists (Apollo; Phonograph Plus' file playlists without SAF) -------------------------

PLAYLISTS_URI = "content://media/external/audio/playlists"


class MediaStorePlaylists:
    """``MediaStore.Audio.Playlists``: insert ``name`` (owner = the app), members with ``audio_id`` +
    ``play_order``; rename updates ``name`` (Apollo capitalises every word), remove deletes members by
    ``audio_id`` (every copy)."""

    def __init__(self, app: SimApp, *, capitalise_rename: bool = False) -> None:
        self.app = app
        self.capitalise_rename = capitalise_rename

    def all(self) -> list[StoredPlaylist]:
        rows = self.app.device.providers.query(PLAYLISTS_URI, ["_id", "name"], None, "name")
        out = []
        for row in rows.rows:
            members = self.app.device.providers.query(f"{PLAYLISTS_URI}/{row[0]}/members", ["audio_id"], None,
                                                      "play_order")
            out.append(StoredPlaylist(str(row[0]), str(row[1]), tuple(int(m[0]) for m in members.rows)))
        return out

    def create(self, name: str, song_ids: list[int]) -> None:
        if any(p.name.lower() == name.lower() for p in self.all()):
            return
        uri = self.app.device.providers.insert(PLAYLISTS_URI, {"name": name, "owner_package_name": self.app.package})
        key = uri.rsplit("/", 1)[1]
        for sid in song_ids:
            self.add(key, sid)

    def rename(self, key: str, name: str) -> None:
        if self.capitalise_rename:
            name = " ".join(w[:1].upper() + w[1:] for w in name.split(" "))
        self.app.device.providers.update(f"{PLAYLISTS_URI}/{key}", {"name": name})

    def add(self, key: str, song_id: int) -> None:
        self.app.device.providers.insert(f"{PLAYLISTS_URI}/{key}/members", {"audio_id": song_id})

    def remove(self, key: str, song_id: int) -> None:
        self.app.device.providers.delete(f"{PLAYLISTS_URI}/{key}/members", f"audio_id = {int(song_id)}")


class PrefsQueue:
    """Apollo 1.5.15: default prefs ``queue`` = MediaStore ids in hex joined by ``;``, ``curpos``."""

    def __init__(self, app: SimApp) -> None:
        self.app = app

    #: MediaProvider's ``fs_id`` on an emulated (non-FAT) volume: ``mVolumeId`` stays -1.
    FS_ID = -1

    def get(self) -> list[int]:
        """``reloadQueue``: the saved queue only when ``cardid`` (default -1) is this volume's id."""
        if self.app.prefs().get("cardid", -1) != self.FS_ID:
            return []
        raw = str(self.app.prefs().get("queue", "") or "")
        return [int(x, 16) for x in raw.split(";") if x]

    def put(self, song_ids: list[int]) -> None:
        """``PreferenceUtils.setPlayList``: each id ``Long.toHexString`` followed by ``;``."""
        self.app.prefs().put(queue="".join(f"{i:x};" for i in song_ids), cardid=self.FS_ID, curpos=0)


# -- Phonograph Plus: Room music_database_v1.db (database playlists) --------------------------------------

class PhonographRoomPlaylists:
    """``playlists(playlist_id, playlist_name, date_added, date_modified)`` and ``playlist_songs(
    playlist_song_id, _id, playlist_id, position, path)``; appends use max(position)+1."""

    DB = "music_database_v1.db"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS playlists (playlist_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "playlist_name TEXT NOT NULL, date_added INTEGER NOT NULL, date_modified INTEGER NOT NULL);"
        "CREATE TABLE IF NOT EXISTS playlist_songs (playlist_song_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "_id INTEGER NOT NULL, playlist_id INTEGER NOT NULL, position INTEGER NOT NULL, path TEXT NOT NULL, "
        "FOREIGN KEY(playlist_id) REFERENCES playlists(playlist_id) ON DELETE CASCADE); PRAGMA user_version = 2;"
    )

    def __init__(self, app: SimApp) -> None:
        self.app = app
        app.executescript(self.DB, self.SCHEMA)

    def all(self) -> list[StoredPlaylist]:
        out = []
        for p in self.app.query(self.DB, "SELECT playlist_id, playlist_name FROM playlists ORDER BY playlist_name"):
            ids = self.app.query(self.DB, "SELECT _id FROM playlist_songs WHERE playlist_id = ? ORDER BY position",
                                 (p[0],))
            out.append(StoredPlaylist(f"db:{p[0]}", str(p[1]), tuple(int(r[0]) for r in ids)))
        return out

    def create(self, name: str, song_ids: list[int]) -> None:
        now = self.app.now_ms()
        key = self.app.execute(self.DB, "INSERT INTO playlists (playlist_name, date_added, date_modified) "
                               "VALUES (?, ?, ?)", (name, now, now))
        for sid in song_ids:
            self.add(f"db:{key}", sid)

    def rename(self, key: str, name: str) -> None:
        self.app.execute(self.DB, "UPDATE playlists SET playlist_name = ?, date_modified = ? WHERE playlist_id = ?",
                         (name, self.app.now_ms(), int(key[3:])))

    def add(self, key: str, song_id: int) -> None:
        song = by_id(self.app.device)[song_id]
        self.app.execute(self.DB, "INSERT INTO playlist_songs (_id, playlist_id, position, path) VALUES (?, ?, "
                         "(SELECT COALESCE(MAX(position), -1) + 1 FROM playlist_songs WHERE playlist_id = ?), ?)",
                         (song_id, int(key[3:]), int(key[3:]), song.path))

    def remove(self, key: str, song_id: int) -> None:
        self.app.execute(self.DB, "DELETE FROM playlist_songs WHERE playlist_id = ? AND _id = ?", (int(key[3:]), song_id))


class MergedPlaylists:
    """Phonograph Plus' Playlists tab: its database playlists and MediaStore's, in one list; a new
    playlist goes where the create dialog's kind says (``kind``)."""

    def __init__(self, db: PhonographRoomPlaylists, media: MediaStorePlaylists, kind: str = "db") -> None:
        self.db, self.media, self.kind = db, media, kind

    def all(self) -> list[StoredPlaylist]:
        return sorted(self.db.all() + self.media.all(), key=lambda p: p.name.lower())

    def _store(self, key: str) -> PlaylistStore:
        return self.db if key.startswith("db:") else self.media

    def create(self, name: str, song_ids: list[int]) -> None:
        (self.db if self.kind == "db" else self.media).create(name, song_ids)

    def rename(self, key: str, name: str) -> None:
        self._store(key).rename(key, name)

    def add(self, key: str, song_id: int) -> None:
        self._store(key).add(key, song_id)

    def remove(self, key: str, song_id: int) -> None:
        self._store(key).remove(key, song_id)


# -- MonsterMusic: M3U files in Music/ and Room default_data.db ------------------------------------------

class M3uPlaylists:
    """MonsterMusic 0.1.69: a playlist is ``Music/<name>.m3u`` (``#EXTM3U`` + one path per line),
    created through MediaStore Files and listed from MediaStore's ``.m3u``/``.m3u8`` files. Create and
    add write absolute paths; remove/reorder rewrite with paths relative to the playlist's folder;
    rename updates ``Playlists.NAME`` (the provider moves the file)."""

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def _files(self) -> list[tuple[int, str]]:
        with closing(self.app.device.providers.connect("media")) as db:
            rows = db.execute("SELECT _id, _data FROM files WHERE lower(_data) LIKE '%.m3u' OR lower(_data) LIKE "
                              "'%.m3u8' ORDER BY _display_name").fetchall()
        return [(int(r[0]), str(r[1])) for r in rows if self.app.device.fs.host(str(r[1])).is_file()]

    def _read(self, path: str) -> list[int]:
        folder = posixpath.dirname(path)
        by_path = {s.path: s.id for s in library(self.app.device)}
        out = []
        for line in self.app.device.fs.host(path).read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                full = line if line.startswith("/") else posixpath.normpath(posixpath.join(folder, line))
                if full in by_path:
                    out.append(by_path[full])
        return out

    def _write(self, path: str, song_ids: list[int], *, relative: bool) -> None:
        songs = by_id(self.app.device)
        folder = posixpath.dirname(path)
        lines = [posixpath.relpath(songs[i].path, folder) if relative else songs[i].path for i in song_ids]
        self.app.device.fs.host(path).write_text("#EXTM3U\n" + "".join(f"{x}\n" for x in lines))
        self.app.device.providers.scan_media(path)

    def all(self) -> list[StoredPlaylist]:
        return [StoredPlaylist(path, posixpath.splitext(posixpath.basename(path))[0], tuple(self._read(path)))
                for _, path in self._files()]

    def create(self, name: str, song_ids: list[int]) -> None:
        path = f"{STORAGE}/Music/{name}.m3u"
        host = self.app.device.fs.host(path)
        host.parent.mkdir(parents=True, exist_ok=True)
        self._write(path, song_ids, relative=False)
        with closing(self.app.device.providers.connect("media")) as db:
            db.execute("UPDATE files SET owner_package_name = ? WHERE _data = ?", (self.app.package, path))
            db.commit()

    def rename(self, key: str, name: str) -> None:
        file_id = next(i for i, p in self._files() if p == key)
        self.app.device.providers.update(f"content://media/external/audio/playlists/{file_id}", {"name": name})

    def add(self, key: str, song_id: int) -> None:
        self._write(key, [*self._read(key), song_id], relative=False)

    def remove(self, key: str, song_id: int) -> None:
        self._write(key, [i for i in self._read(key) if i != song_id], relative=True)


class MonsterQueue:
    """Room ``default_data.db`` (MusicDatabase v7) table ``queue`` (entity MusicItem): ``tableId`` =
    index in the timeline, ``id`` = MediaStore id; rewritten (delete all + insert) on timeline changes."""

    DB = "default_data.db"
    SCHEMA = ("CREATE TABLE IF NOT EXISTS queue (tableId INTEGER PRIMARY KEY, id INTEGER NOT NULL, name TEXT NOT NULL, "
              "path TEXT NOT NULL, duration INTEGER NOT NULL, displayName TEXT NOT NULL, album TEXT NOT NULL, "
              "albumId INTEGER NOT NULL, artist TEXT NOT NULL, artistId INTEGER NOT NULL, genre TEXT NOT NULL, "
              "genreId INTEGER NOT NULL, year INTEGER NOT NULL, songNumber INTEGER NOT NULL, priority INTEGER NOT NULL, "
              "isFavorite INTEGER NOT NULL); PRAGMA user_version = 7;")

    def __init__(self, app: SimApp) -> None:
        self.app = app
        app.executescript(self.DB, self.SCHEMA)

    def get(self) -> list[int]:
        return [int(r[0]) for r in self.app.query(self.DB, "SELECT id FROM queue ORDER BY tableId")]

    def put(self, song_ids: list[int]) -> None:
        songs = by_id(self.app.device)
        conn = self.app.db(self.DB)
        with closing(conn):
            conn.execute("BEGIN")
            conn.execute("DELETE FROM queue")
            for n, sid in enumerate(song_ids):
                s = songs[sid]
                conn.execute("INSERT INTO queue VALUES (?, ?, ?, ?, ?, ?, ?, 0, '<unknown>', 0, '', 0, 0, 0, ?, 0)",
                             (n, s.id, s.title, s.path, s.duration_ms, posixpath.basename(s.path), s.album, n))
            conn.execute("COMMIT")
