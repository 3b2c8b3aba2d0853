"""MediaProvider subset over ``external.db``: the ``files`` table, its views, playlists, scanner.

The scanner is what ``am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d file://...``
triggers: it indexes files under the path (recursively for a directory) with MediaProvider's
column conventions (``_data`` under ``/storage/emulated/0``, ``relative_path``, ``media_type``,
title from the file name, album from the folder, WAV duration) and drops rows whose file vanished.
"""

from __future__ import annotations

import mimetypes
import os
import posixpath
import sqlite3
import wave
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_anyapp.sim.providers.tables import (
    Clause,
    ProviderError,
    QueryResult,
    delete_rows,
    ids,
    insert_row,
    optional_id,
    row_clause,
    select,
    unknown_uri,
    update_rows,
)

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

AUTHORITIES = ("media",)
STORAGE = "/storage/emulated/0"
MEDIA_TYPE_NONE, MEDIA_TYPE_IMAGE, MEDIA_TYPE_AUDIO, MEDIA_TYPE_VIDEO, MEDIA_TYPE_PLAYLIST = 0, 1, 2, 3, 4
MEDIA_TYPE_DOCUMENT = 6

_EXTRA_TYPES = {
    ".m3u": "audio/x-mpegurl",
    ".m4a": "audio/mp4",
    ".flac": "audio/flac",
    ".ogg": "audio/ogg",
    ".opus": "audio/ogg",
    ".wav": "audio/x-wav",
    ".mp3": "audio/mpeg",
    ".gpx": "application/gpx+xml",
    ".kml": "application/vnd.google-earth.kml+xml",
    ".webp": "image/webp",
    ".mkv": "video/x-matroska",
}


def mime_for(name: str) -> str:
    ext = os.path.splitext(name)[1].lower()
    return _EXTRA_TYPES.get(ext) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def media_type_for(mime: str) -> int:
    if mime == "audio/x-mpegurl":
        return MEDIA_TYPE_PLAYLIST
    if mime.startswith("audio/"):
        return MEDIA_TYPE_AUDIO
    if mime.startswith("video/"):
        return MEDIA_TYPE_VIDEO
    if mime.startswith("image/"):
        return MEDIA_TYPE_IMAGE
    if mime.startswith("text/") or mime in ("application/pdf", "application/msword") or "document" in mime:
        return MEDIA_TYPE_DOCUMENT
    return MEDIA_TYPE_NONE


def _bucket_id(relative_dir: str) -> str:
    return str(zlib.crc32(f"{STORAGE}/{relative_dir}".rstrip("/").lower().encode()) & 0x7FFFFFFF)


def _wav_duration_ms(host: Path) -> int | None:
    try:
        with wave.open(str(host), "rb") as w:
            frames, rate = w.getnframes(), w.getframerate()
            return int(frames * 1000 / rate) if rate else None
    except (wave.Error, EOFError, OSError):
        return None


def storage_path(device: SimDevice, path: str) -> str | None:
    """Device path under primary storage as MediaProvider stores it (``/storage/emulated/0/...``)."""
    normalized = device.fs.normalize(path)
    if normalized == "/data/media/0" or normalized.startswith("/data/media/0/"):
        return STORAGE + normalized[len("/data/media/0"):]
    return None


def scan_file(conn: sqlite3.Connection, device: SimDevice, data_path: str, now_s: int) -> int | None:
    host = device.fs.host(data_path)
    if not host.is_file():
        conn.execute("DELETE FROM files WHERE _data = ?", (data_path,))
        return None
    st = host.stat()
    name = posixpath.basename(data_path)
    rel_dir = posixpath.dirname(data_path)[len(STORAGE) + 1:]
    relative_path = rel_dir + "/" if rel_dir else ""
    mime = mime_for(name)
    media_type = media_type_for(mime)
    title = os.path.splitext(name)[0]
    values: dict[str, Any] = {
        "_data": data_path,
        "_size": st.st_size,
        "date_modified": int(st.st_mtime),
        "mime_type": mime,
        "title": title,
        "_display_name": name,
        "media_type": media_type,
        "relative_path": relative_path,
        "volume_name": "external_primary",
        "bucket_id": _bucket_id(rel_dir),
        "bucket_display_name": posixpath.basename(rel_dir) or None,
        "is_download": 1 if relative_path.startswith("Download/") else 0,
        "format": 0,
    }
    if media_type == MEDIA_TYPE_AUDIO:
        values.update(
            {
                "is_music": 1 if relative_path.startswith("Music/") or not relative_path else 0,
                "is_alarm": 1 if relative_path.startswith("Alarms/") else 0,
                "is_ringtone": 1 if relative_path.startswith("Ringtones/") else 0,
                "is_notification": 1 if relative_path.startswith("Notifications/") else 0,
                "is_podcast": 1 if relative_path.startswith("Podcasts/") else 0,
                "duration": _wav_duration_ms(host) if mime == "audio/x-wav" else None,
                "album": posixpath.basename(rel_dir) or None,
                "title_key": title.lower(),
            }
        )
    if media_type == MEDIA_TYPE_PLAYLIST:
        values["name"] = title
    existing = conn.execute("SELECT _id FROM files WHERE _data = ?", (data_path,)).fetchone()
    if existing:
        update_rows(conn, "files", values, None, row_clause(existing[0]))
        return int(existing[0])
    values["date_added"] = now_s
    return insert_row(conn, "files", values)


def scan(conn: sqlite3.Connection, device: SimDevice, path: str, now_s: int) -> int:
    """Index a file or a directory tree under primary storage. Returns the number of files seen."""
    root = storage_path(device, path)
    if root is None:
        return 0
    host = device.fs.host(path)
    seen = 0
    if host.is_dir():
        for dirpath, dirnames, filenames in os.walk(host):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            rel = Path(dirpath).relative_to(host).as_posix()
            base = root if rel == "." else f"{root}/{rel}"
            for name in sorted(filenames):
                if name.startswith(".") or name == ".nomedia":
                    continue
                scan_file(conn, device, f"{base}/{name}", now_s)
                seen += 1
        prefix = root.rstrip("/") + "/"
        for row_id, data in conn.execute("SELECT _id, _data FROM files WHERE _data LIKE ?", (prefix + "%",)).fetchall():
            if not device.fs.host(data).exists():
                conn.execute("DELETE FROM files WHERE _id = ?", (row_id,))
    else:
        scan_file(conn, device, root, now_s)
        seen = 1 if host.exists() else 0
    return seen


class MediaHandler:
    def __init__(self, conn: sqlite3.Connection, device: SimDevice, now_ms: int) -> None:
        self.conn = conn
        self.device = device
        self.now_ms = now_ms

    def _target(self, segments: list[str]) -> tuple[str, str, list[Clause], int | None]:
        """(kind, view, base clauses, playlist id for members)."""
        if not segments or segments[0] not in ("external", "external_primary", "internal"):
            raise unknown_uri("media", segments)
        if segments[0] == "internal":
            return "internal", "files", [("0", [])], None
        rest = segments[1:]
        if rest[:2] == ["audio", "media"]:
            return "audio", "audio", optional_id(rest, 2), None
        if rest[:2] == ["audio", "playlists"]:
            if len(rest) > 3 and rest[3] == "members":
                playlist = int(rest[2])
                base = [("playlist_id = ?", [playlist])] + ([("_id = ?", [int(rest[4])])] if len(rest) > 4 else [])
                return "members", "", base, playlist
            return "playlists", "audio_playlists", optional_id(rest, 2), None
        if rest[:2] in (["images", "media"], ["video", "media"]):
            view = "images" if rest[0] == "images" else "video"
            return view, view, optional_id(rest, 2), None
        if rest[:1] == ["file"]:
            return "file", "files", optional_id(rest, 1), None
        if rest[:1] == ["downloads"]:
            return "downloads", "downloads", optional_id(rest, 1), None
        raise unknown_uri("media", segments)

    _MEMBERS = (
        "(SELECT audio_playlists_map._id AS _id, audio_playlists_map.audio_id AS audio_id, "
        "audio_playlists_map.playlist_id AS playlist_id, audio_playlists_map.play_order AS play_order, "
        "audio._data AS _data, audio.title AS title, audio.artist AS artist, audio.album AS album, "
        "audio.duration AS duration, audio._display_name AS _display_name, audio.mime_type AS mime_type "
        "FROM audio_playlists_map JOIN audio ON audio._id = audio_playlists_map.audio_id)"
    )

    def query(self, authority: str, segments: list[str], projection: Sequence[str] | None, where: str | None,
              sort: str | None) -> QueryResult:
        kind, view, base, _ = self._target(segments)
        if kind == "members":
            return select(self.conn, self._MEMBERS, projection, where, sort or "play_order", base)
        return select(self.conn, view, projection, where, sort, base)

    def insert(self, authority: str, segments: list[str], values: dict[str, Any]) -> str:
        kind, _, base, playlist = self._target(segments)
        now_s = self.now_ms // 1000
        if kind == "members" and playlist is not None:
            row = dict(values)
            row["playlist_id"] = playlist
            if row.get("play_order") is None:
                nxt = self.conn.execute(
                    "SELECT COALESCE(MAX(play_order), 0) + 1 FROM audio_playlists_map WHERE playlist_id = ?", (playlist,)
                ).fetchone()[0]
                row["play_order"] = nxt
            row_id = insert_row(self.conn, "audio_playlists_map", row)
            return "content://media/" + "/".join(segments) + f"/{row_id}"
        if base:
            raise ProviderError("Cannot insert into this URI")
        row = dict(values)
        row.setdefault("date_added", now_s)
        row.setdefault("date_modified", now_s)
        row.setdefault("volume_name", "external_primary")
        if kind == "playlists":
            name = str(row.get("name") or "Playlist")
            relative = str(row.pop("relative_path", None) or "Music/")
            data_path = row.get("_data") or f"{STORAGE}/{relative}{name}.m3u"
            host = self.device.fs.host(str(data_path))
            host.parent.mkdir(parents=True, exist_ok=True)
            if not host.exists():
                host.write_text("#EXTM3U\n")
            row.update(
                {
                    "_data": data_path,
                    "name": name,
                    "title": row.get("title") or name,
                    "_display_name": posixpath.basename(str(data_path)),
                    "mime_type": "audio/x-mpegurl",
                    "media_type": MEDIA_TYPE_PLAYLIST,
                    "relative_path": relative,
                }
            )
        elif kind == "audio":
            row.setdefault("media_type", MEDIA_TYPE_AUDIO)
        elif kind in ("images", "video"):
            row.setdefault("media_type", MEDIA_TYPE_IMAGE if kind == "images" else MEDIA_TYPE_VIDEO)
        elif kind == "downloads":
            row.setdefault("is_download", 1)
        if row.get("_data") is None and row.get("_display_name"):
            relative = str(row.get("relative_path") or "Download/")
            row["_data"] = f"{STORAGE}/{relative}{row['_display_name']}"
        try:
            row_id = insert_row(self.conn, "files", row)
        except ProviderError as exc:
            raise ProviderError(f"Failed to insert row: {exc}") from None
        return "content://media/" + "/".join(segments) + f"/{row_id}"

    def update(self, authority: str, segments: list[str], values: dict[str, Any], where: str | None) -> int:
        kind, view, base, _ = self._target(segments)
        if kind == "members":
            return update_rows(self.conn, "audio_playlists_map", values, where, base)
        row_ids = ids(self.conn, view, where, base)
        for rid in row_ids:
            row = dict(values)
            if kind == "playlists" and row.get("name"):
                row.update(self._renamed_playlist_file(rid, str(row["name"])))
            update_rows(self.conn, "files", row, None, row_clause(rid))
        return len(row_ids)

    def _renamed_playlist_file(self, row_id: int, name: str) -> dict[str, Any]:
        """Setting ``Playlists.NAME`` also sets ``_display_name`` and moves the playlist file
        (MediaProvider ``update``, android-13: the name becomes the display name, then the file moves)."""
        found = self.conn.execute("SELECT _data FROM files WHERE _id = ?", (row_id,)).fetchone()
        if not found or not found[0]:
            return {}
        old = str(found[0])
        ext = os.path.splitext(old)[1] or ".m3u"
        new = posixpath.join(posixpath.dirname(old), name + ext)
        src, dst = self.device.fs.host(old), self.device.fs.host(new)
        if src.is_file() and not dst.exists():
            src.rename(dst)
        return {"_data": new, "_display_name": name + ext, "title": name}

    def delete(self, authority: str, segments: list[str], where: str | None) -> int:
        kind, view, base, _ = self._target(segments)
        if kind == "members":
            return delete_rows(self.conn, "audio_playlists_map", where, base)
        row_ids = ids(self.conn, view, where, base)
        for rid in row_ids:
            row = self.conn.execute("SELECT _data FROM files WHERE _id = ?", (rid,)).fetchone()
            self.conn.execute("DELETE FROM files WHERE _id = ?", (rid,))
            # MediaProvider deletes the underlying file along with its row.
            if row and row[0]:
                host = self.device.fs.host(str(row[0]))
                if host.is_file():
                    host.unlink()
        return len(row_ids)


# -- media sessions ---------------------------------------------------------------------------------
# What MediaSessionService keeps per session and prints in ``dumpsys media_session`` (AOSP
# android-13 ``services/core/java/com/android/server/media/MediaSessionRecord.java`` ``dump``):
# the owner package, ``active=``, ``state=`` (``PlaybackState.toString()``), ``metadata: size=N,
# description=<title>, <subtitle>, <description>`` and ``queueTitle=…, size=N``. The queue's items
# are never printed. A session dies with its process (binder death), so only sessions of running
# packages are listed.

class SessionRecord:
    """One app's media session as the framework holds it (set by the app double)."""

    def __init__(self, package: str, tag: str, *, active: bool = True) -> None:
        self.package = package
        self.tag = tag
        self.active = active
        self.state: int | None = None  # PlaybackState.STATE_*; None = no state set
        self.position_ms = 0
        self.updated_ms = 0
        self.title: str | None = None
        self.subtitle: str | None = None
        # the description's third text (MediaMetadata.getDescription: the third non-empty of title,
        # artist, album, ...); None prints "null"
        self.description: str | None = None
        self.metadata_size = 0
        # setMetadata(null) (MediaSession.setMetadata sends "size=0, description=null") as opposed to
        # never set (the record's description string stays null: "metadata: null")
        self.metadata_set_null = False
        self.queue_title: str | None = None  # setQueueTitle
        self.queue_size = 0


def media_sessions(device: SimDevice) -> dict[str, SessionRecord]:
    """The device's session records by package (created empty; kept in memory like system_server's)."""
    sessions: dict[str, SessionRecord] | None = getattr(device, "_media_sessions", None)
    if sessions is None:
        sessions = {}
        setattr(device, "_media_sessions", sessions)  # noqa: B010 (SimDevice is a dataclass without the field)
    return sessions


def dump_media_sessions(device: SimDevice, running: set[str], uid_of: Any) -> str:
    """``dumpsys media_session`` of the device: the sessions of running packages (a session dies with
    its process), rendered by :func:`render_media_sessions`."""
    return render_media_sessions([r for pkg, r in sorted(media_sessions(device).items()) if pkg in running], uid_of)


def render_media_sessions(sessions: Sequence[SessionRecord], uid_of: Any) -> str:
    """What Android 13 prints for user 0's session stack holding ``sessions``
    (``MediaSessionService.SessionManagerImpl.dump``, ``FullUserRecord.dumpLocked``,
    ``MediaSessionStack.dump``, ``MediaSessionRecord.dump``). Lines no parser reads and whose values
    come from state the record does not keep are left out: the sessions-listener count, the
    user record's listener lines and its media-button session, the audio player monitor."""
    out = ["MEDIA SESSION SERVICE (dumpsys media_session)", "", "Global priority session is null", "User Records:",
           "Record for full_user=0", f"  Sessions Stack - have {len(sessions)} sessions:"]
    for r in sessions:
        state = ("null" if r.state is None else
                 f"PlaybackState {{state={r.state}, position={r.position_ms}, buffered position=0, speed="
                 f"{1.0 if r.state == 3 else 0.0}, updated={r.updated_ms}, actions=3669711, custom actions=[], "
                 "active item id=-1, error=null}")
        texts = ", ".join("null" if t is None else t for t in (r.title, r.subtitle, r.description))
        meta = (("size=0, description=null" if r.metadata_set_null else "null") if r.title is None else
                f"size={r.metadata_size}, description={texts}")
        uid = uid_of(r.package)
        out += [
            f"    {r.tag} {r.package}/{r.tag} (userId=0)",
            f"      ownerPid={1000 + zlib.crc32(r.package.encode()) % 29000}, ownerUid={uid}, userId=0",
            f"      package={r.package}", "      launchIntent=null", "      mediaButtonReceiver=null",
            f"      active={'true' if r.active else 'false'}", "      flags=3", "      rating type=0",
            "      controllers: 1", f"      state={state}",
            "      audioAttrs=AudioAttributes: usage=USAGE_MEDIA content=CONTENT_TYPE_MUSIC flags=0x800 tags= "
            "bundle=null",
            "      volumeType=1, controlType=2, max=15, current=5",
            f"      metadata: {meta}", f"      queueTitle={'null' if r.queue_title is None else r.queue_title}, size={r.queue_size}",
        ]
    return "\n".join(out) + "\n"
