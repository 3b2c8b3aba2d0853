"""Storage profiles of the music players: where each real app keeps playlists and the play queue at
its pinned version (storage_music.md; sources cited per profile), with the read (one shell call,
plain lines), the pure parse and the seed (rows/files exactly as the app writes them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_anyapp.errors import VerifierReadError
from verifiers.base import SourceRef, StorageProfile
from verifiers.music import device as dev
from verifiers.music.state import SONG_SECONDS, Playlist

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
    """``P id name`` rows and ``S playlist_id audio_id`` rows (in playlist order) -> playlists."""
    lists = {pid: Playlist(name=name) for pid, name in _rows(lines, "P", 2)}
    for pid, audio in _rows(lines, "S", 2):
        if pid in lists:
            lists[pid].songs.append(_title(titles, audio))
    return list(lists.values())


class PlaylistProfile:
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        raise NotImplementedError

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[Playlist]:
        return _grouped(lines, titles)

    def seed(self, device: DeviceClient, package: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
        raise NotImplementedError


class QueueProfile:
    profile: StorageProfile

    def read(self, device: DeviceClient, package: str) -> list[str]:
        raise NotImplementedError

    def parse(self, lines: list[str], titles: dict[int, str]) -> list[str]:
        """``Q audio_id`` rows in queue order."""
        return [_title(titles, r[0]) for r in _rows(lines, "Q", 1)]

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

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return dev.sqlite_lines(device, _db(package, self.db_name), self.read_sql)

    def seed(self, device: DeviceClient, package: str, playlists: list[Playlist], ids: dict[str, int]) -> None:
        db = _db(package, self.db_name)
        dev.ensure_db(device, package, db)
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
    read_sql=(f"SELECT 'P'||char(31)||playlist_id||char(31)||playlist_name FROM PlaylistEntity ORDER BY playlist_id; "
              f"SELECT 'S'||char(31)||playlist_creator_id||char(31)||id FROM SongEntity ORDER BY song_key;"),
    clear_sql="DELETE FROM SongEntity; DELETE FROM PlaylistEntity;",
    playlist_insert="INSERT INTO PlaylistEntity (playlist_id, playlist_name) VALUES ({pid}, {name});",
    member_insert=("INSERT INTO SongEntity (playlist_creator_id, id, title, track_number, year, duration, data, "
                   "date_modified, album_id, album_name, artist_id, artist_name) VALUES ({pid}, {id}, {title}, 0, 0, "
                   "{ms}, {data}, 0, 0, 'Music', 0, '<unknown>');"),
)


# -- Retro / Phonograph: music_playback_state.db --------------------------------------------------------

_PQ_COLUMNS = ("_id INTEGER NOT NULL, title TEXT NOT NULL, track INTEGER NOT NULL, year INTEGER NOT NULL, "
               "duration INTEGER NOT NULL, _data TEXT NOT NULL, date_modified INTEGER NOT NULL, album_id INTEGER NOT NULL, "
               "album TEXT NOT NULL, artist_id INTEGER NOT NULL, artist TEXT NOT NULL, composer TEXT, album_artist TEXT")


@dataclass(frozen=True)
class PlaybackStateQueue(QueueProfile):
    profile: StorageProfile
    version: int

    def read(self, device: DeviceClient, package: str) -> list[str]:
        return dev.sqlite_lines(device, _db(package, "music_playback_state.db"),
                                "SELECT 'Q'||char(31)||_id FROM playing_queue ORDER BY rowid;")

    def seed(self, device: DeviceClient, package: str, queue: list[str], ids: dict[str, int]) -> None:
        """The helper's own schema (SQLiteOpenHelper at ``version``), then the queue rows in order."""
        sql = [f"CREATE TABLE IF NOT EXISTS {t} ({_PQ_COLUMNS}); DELETE FROM {t};"
               for t in ("playing_queue", "original_playing_queue")]
        for t in ("playing_queue", "original_playing_queue"):
            for song in queue:
                v = _song_values(song, ids)
                sql.append(f"INSERT INTO {t} (_id, title, track, year, duration, _data, date_modified, album_id, album, "
                           f"artist_id, artist) VALUES ({v['id']}, {v['title']}, 0, 0, {v['ms']}, {v['data']}, 0, 0, "
                           "'Music', 0, '<unknown>');")
        device.check(f"mkdir -p /data/data/{package}/databases")
        device.sqlite(_db(package, "music_playback_state.db"),
                      f"PRAGMA busy_timeout=5000; PRAGMA user_version={self.version}; BEGIN IMMEDIATE; "
                      + " ".join(sql) + " COMMIT;")


def playback_state_queue(package: str, version: int, source: SourceRef) -> PlaybackStateQueue:
    return PlaybackStateQueue(profile=StorageProfile(
        what="play queue", path=_db(package, "music_playback_state.db"),
        format=f"SQLiteOpenHelper v{version}: playing_queue / original_playing_queue(_id = MediaStore id, title, track, "
               "year, duration, _data, date_modified, album_id, album, artist_id, artist, composer, album_artist); "
               "no order column: row order = queue order",
        writes="every queue change (add, play next, move, remove, open): delete all rows, re-insert the queue in order",
        sources=(source,)), version=version)


__all__ = ["RETRO_PLAYLISTS", "PlaylistProfile", "QueueProfile", "playback_state_queue"]
