"""The Music state model: the library every app is seeded with, and what a verifier reads back.

The library is fixed (10 untagged WAV files in ``Music/``, notes tasks_part2 §4C): it is seeded
the same way for every app and never read back. What the criteria read is app-neutral:

* ``playlists`` — user playlists with their songs in order, wherever the player keeps them (Room,
  MediaStore, M3U files; docs/music.md "Storage profiles"). Built-in or virtual lists (Fossify's
  "All tracks", Favorites, Last added …) are not user playlists and are never part of it.
* ``queue`` — the play queue's song titles in queue order, from the player's own store (Android
  publishes no queue items, see docs/music.md); ``None`` where the template does not read it.
* ``now_playing`` — what Android records in the app's media session (``dumpsys media_session``):
  the playback state and the current item's title.
* ``sleep_timer_min`` — the minutes of a sleep timer set in the app's own store; ``None`` = none.

Matching rules (written for the harness only; the simulator keeps its own):
playlist names match case-insensitively after trimming and collapsing spaces (Apollo capitalises
every word on rename); song titles match exactly after trimming (they come from MediaStore, not
from typing).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.templates.base import CategoryState

#: The library (tasks_part2 §4B ``_SONG_TITLES``), in pool order; file ``Music/<title>.wav``.
SONG_TITLES: tuple[str, ...] = (
    "Sunset Drive", "Neon Lights", "Echoes", "Heartlines", "Open Road", "Wildflower",
    "Glass House", "Slow Burn", "Paper Moon", "Riptide",
)
#: Seconds of each song: 180 + its pool index (3:00 … 3:09), as the prior release wrote them.
SONG_SECONDS: dict[str, int] = {title: 180 + i for i, title in enumerate(SONG_TITLES)}
MUSIC_DIR = "/sdcard/Music"
#: ``PlaybackState.STATE_PLAYING`` / ``STATE_PAUSED`` (android.media.session.PlaybackState).
STATE_PLAYING = 3
STATE_PAUSED = 2


class Playlist(BaseModel):
    """A user playlist: its name and its songs (titles) in playlist order."""

    name: str
    songs: list[str] = Field(default_factory=list)


class NowPlaying(BaseModel):
    """One media session as ``dumpsys media_session`` prints it: playback state code and the
    title of the current item's description."""

    state: int
    title: str


class MusicState(CategoryState):
    playlists: list[Playlist] = Field(default_factory=list)
    queue: list[str] | None = None
    now_playing: NowPlaying | None = None
    sleep_timer_min: int | None = None

    def read_back(self) -> Any:
        """Playlists sorted by normalised name (stores order them differently), everything else as is."""
        lists = sorted((norm_name(p.name), list(p.songs)) for p in self.playlists)
        playing = None if self.now_playing is None else (self.now_playing.state, self.now_playing.title)
        return {"playlists": lists, "queue": self.queue, "now_playing": playing, "sleep": self.sleep_timer_min}

    def named(self, name: str) -> list[Playlist]:
        return [p for p in self.playlists if norm_name(p.name) == norm_name(name)]


_WS = re.compile(r"\s+")


def norm_name(name: str) -> str:
    return _WS.sub(" ", name).strip().casefold()


def total_seconds(songs: list[str]) -> int:
    return sum(SONG_SECONDS[s] for s in songs)


_HMS = re.compile(r"^(?:(\d+):)?(\d{1,2}):(\d{2})$")
_WORDS = re.compile(r"^(?:(\d+)\s*h(?:ours?|rs?)?)?\s*(?:(\d+)\s*m(?:in(?:ute)?s?)?)?\s*(?:(\d+)\s*s(?:ec(?:ond)?s?)?)?$")


def parse_duration(text: str | None) -> int | None:
    """Seconds from an answer: ``m:ss``, ``h:mm:ss``, a bare number of seconds, or words like
    ``12 min 3 s`` / ``1 h 2 min``. Anything else (ranges, several numbers) is None."""
    if text is None:
        return None
    t = text.strip().rstrip(".").strip().lower()
    t = re.sub(r"^(?:total(?: duration)?|duration)\s*(?:is|:)?\s*", "", t)
    if not t:
        return None
    if t.isdigit():
        return int(t)
    m = _HMS.match(t)
    if m:
        h, mi, s = int(m.group(1) or 0), int(m.group(2)), int(m.group(3))
        if s >= 60 or (m.group(1) and mi >= 60):
            return None
        return h * 3600 + mi * 60 + s
    m = _WORDS.match(t)
    if m and any(m.groups()):
        h, mi, s = (int(g or 0) for g in m.groups())
        return h * 3600 + mi * 60 + s
    return None
