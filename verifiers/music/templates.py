"""Music category: the 10 templates of the notes (tasks_part2 §4B), each with one meaning, the same
seeded library/playlist/queue in every app, and one app-neutral criterion (docs/music.md).

Decisions that differ from the prior release (each template's docstring repeats its own):

* Every playlist a template talks about is **seeded** (the prior release never seeded the playlist
  that rename/add/remove/duration need), and so is the queue the queue templates need.
* "Favorites" is dropped from the name pool: Retro, Apollo and Phonograph Plus show a built-in
  list of that name, so creating it would collide (storage_music §1).
* "Reorder the queue" had no target; it becomes "make song X play next" (checked in the queue).
* "View the total duration" becomes a question answered with the duration, scored equal to the
  seeded playlist's total to the second (``m:ss``, ``h:mm:ss``, seconds or "N min N s").
* Now playing is Android's record (the app's media session), not words on screen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.answers import Duration, judge
from verifiers.music.state import (
    SONG_TITLES,
    STATE_PLAYING,
    MusicState,
    Playlist,
    norm_name,
    total_seconds,
)

#: tasks_part2 §4B ``_PLAYLIST_NAMES`` without "Favorites" (see the module docstring).
PLAYLIST_NAMES: tuple[str, ...] = (
    "Morning Mix", "Workout Beats", "Chill Vibes", "Road Trip", "Focus", "Throwbacks", "Weekend", "Discover",
    "Late Night",
)
SLEEP_MINUTES: tuple[int, ...] = (15, 30, 45, 60)


def verdict(clauses: Sequence[Clause], state: MusicState, **evidence: Any) -> Verdict:
    return combine(clauses, playlists={p.name: p.songs for p in state.playlists}, queue=state.queue,
                   now_playing=None if state.now_playing is None else state.now_playing.model_dump(),
                   sleep_timer_min=state.sleep_timer_min, **evidence)


def _songs(rng: random.Random, k: int, exclude: Sequence[str] = ()) -> list[str]:
    return rng.sample([s for s in SONG_TITLES if s not in exclude], k)


def _one(state: MusicState, name: str) -> Playlist | None:
    found = state.named(name)
    return found[0] if len(found) == 1 else None


def _in_order(sub: Sequence[str], seq: Sequence[str]) -> bool:
    """``sub`` is a subsequence of ``seq`` (order kept, other items may sit between)."""
    it = iter(seq)
    return all(any(x == y for y in it) for x in sub)


class MusicTemplate(TaskTemplate[MusicState]):
    category: ClassVar[Category] = Category.MUSIC
    state_type: ClassVar[type[CategoryState]] = MusicState
    origin = "androidworld_adapted"
    #: Which parts of the state the criterion reads (adapters read only these).
    reads: ClassVar[frozenset[str]] = frozenset({"playlists"})


class RetroCreatePlaylist(MusicTemplate):
    """Create an (empty or not) playlist named X. A seeded other playlist must stay as it was.
    Improvement: read in each player's own store, not only MediaStore."""

    semantic_id = "RetroCreatePlaylist"
    instruction = 'Create a new playlist named "{playlist_name}" in {app}.'
    complexity = 1.4

    def sample_params(self, rng: random.Random) -> Params:
        name, other = rng.sample(PLAYLIST_NAMES, 2)
        return {"playlist_name": name, "other_playlist": other, "other_songs": _songs(rng, 2)}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(playlists=[Playlist(name=params["other_playlist"], songs=params["other_songs"])])

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        other = _one(state, params["other_playlist"])
        return verdict([
            Clause("created", f"a playlist named {params['playlist_name']!r} exists",
                   bool(state.named(params["playlist_name"]))),
            Clause("other_kept", f"the seeded playlist {params['other_playlist']!r} still holds "
                                 f"{params['other_songs']}", other is not None and other.songs == params["other_songs"]),
        ], state)


class RetroRenamePlaylist(MusicTemplate):
    """Rename the seeded playlist A to B: B holds A's songs in A's order and no playlist A is left.
    Improvement: A is seeded (the prior release never seeded it, so creating B passed)."""

    semantic_id = "RetroRenamePlaylist"
    instruction = 'Rename the playlist "{old_name}" to "{new_name}" in {app}.'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        old, new = rng.sample(PLAYLIST_NAMES, 2)
        return {"old_name": old, "new_name": new, "songs": _songs(rng, 3)}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(playlists=[Playlist(name=params["old_name"], songs=params["songs"])])

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        new = _one(state, params["new_name"])
        return verdict([
            Clause("renamed", f"one playlist {params['new_name']!r} holds {params['songs']}",
                   new is not None and new.songs == params["songs"]),
            Clause("old_gone", f"no playlist is named {params['old_name']!r} any more",
                   not state.named(params["old_name"])),
        ], state)


class RetroAddToPlaylist(MusicTemplate):
    """Add song S to the seeded playlist P: S is in P and P's seeded songs are still there in order."""

    semantic_id = "RetroAddToPlaylist"
    instruction = 'Add the song "{song_title}" to the playlist "{playlist_name}" in {app}.'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        song = rng.choice(SONG_TITLES)
        return {"playlist_name": rng.choice(PLAYLIST_NAMES), "song_title": song, "songs": _songs(rng, 3, [song])}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(playlists=[Playlist(name=params["playlist_name"], songs=params["songs"])])

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        p = _one(state, params["playlist_name"])
        songs = p.songs if p is not None else []
        return verdict([
            Clause("added", f"{params['song_title']!r} is in the playlist {params['playlist_name']!r}",
                   params["song_title"] in songs),
            Clause("kept", f"the playlist still holds {params['songs']} in that order",
                   p is not None and _in_order(params["songs"], songs)),
        ], state)


class RetroRemoveFromPlaylist(MusicTemplate):
    """Remove song S from the seeded playlist P: S is gone from P, P's other songs stay in order.
    Improvement: checked in the store (the prior release passed when S was merely off screen)."""

    semantic_id = "RetroRemoveFromPlaylist"
    instruction = 'Remove the song "{song_title}" from the playlist "{playlist_name}" in {app}.'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        songs = _songs(rng, 4)
        return {"playlist_name": rng.choice(PLAYLIST_NAMES), "song_title": rng.choice(songs), "songs": songs}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(playlists=[Playlist(name=params["playlist_name"], songs=params["songs"])])

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        p = _one(state, params["playlist_name"])
        others = [s for s in params["songs"] if s != params["song_title"]]
        return verdict([
            Clause("removed", f"{params['song_title']!r} is no longer in the playlist {params['playlist_name']!r}",
                   p is None or params["song_title"] not in p.songs),
            Clause("kept", f"the playlist {params['playlist_name']!r} still holds {others} in that order",
                   p is not None and _in_order(others, p.songs)),
        ], state)


class _QueueTemplate(MusicTemplate):
    reads = frozenset({"queue"})


class RetroAddToQueue(_QueueTemplate):
    """Add song S to the seeded play queue: S is in the queue and the seeded songs stay in order.
    Improvement: the player's queue store, not the words "queue"/"added" on screen."""

    semantic_id = "RetroAddToQueue"
    instruction = 'Add the song "{song_title}" to the playing queue in {app}.'
    complexity = 1.4

    def sample_params(self, rng: random.Random) -> Params:
        song = rng.choice(SONG_TITLES)
        return {"song_title": song, "queue": _songs(rng, 3, [song])}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(queue=params["queue"])

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        queue = state.queue or []
        return verdict([
            Clause("queued", f"{params['song_title']!r} is in the playing queue", params["song_title"] in queue),
            Clause("kept", f"the queue still holds {params['queue']} in that order", _in_order(params["queue"], queue)),
        ], state)


class RetroReorderQueue(_QueueTemplate):
    """Reorder the queue so that song S plays next: in the queue, S directly follows the current
    (first seeded) song, and every seeded song is still queued. Rework: the prior "reorder the
    current queue" named no order and was checked by the word "queue" on screen."""

    semantic_id = "RetroReorderQueue"
    instruction = 'In {app}, reorder the playing queue so that "{song_title}" plays right after "{current_song}".'
    complexity = 1.4

    def sample_params(self, rng: random.Random) -> Params:
        queue = _songs(rng, 5)
        return {"current_song": queue[0], "song_title": rng.choice(queue[2:]), "queue": queue}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(queue=params["queue"])

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        queue = state.queue or []
        cur = params["current_song"]
        follows = cur in queue and queue.index(cur) + 1 < len(queue) and queue[queue.index(cur) + 1] == params[
            "song_title"]
        return verdict([
            Clause("plays_next", f"{params['song_title']!r} directly follows {cur!r} in the queue", follows),
            Clause("kept", f"every seeded song {params['queue']} is still queued",
                   all(s in queue for s in params["queue"])),
        ], state)


class RetroSavePlaylist(MusicTemplate):
    """Save the seeded play queue as playlist X: X exists and holds the queue's songs in order."""

    semantic_id = "RetroSavePlaylist"
    instruction = 'Save the current playing queue as a playlist named "{playlist_name}" in {app}.'
    complexity = 2.0
    reads = frozenset({"playlists", "queue"})

    def sample_params(self, rng: random.Random) -> Params:
        return {"playlist_name": rng.choice(PLAYLIST_NAMES), "queue": _songs(rng, 4)}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(queue=params["queue"])

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        found = state.named(params["playlist_name"])
        return verdict([
            Clause("saved", f"a playlist named {params['playlist_name']!r} exists", bool(found)),
            Clause("same_songs", f"it holds the queue {params['queue']} in queue order",
                   all(p.songs == params["queue"] for p in found)),
        ], state)


class RetroPlaylistDuration(MusicTemplate):
    """Answer the seeded playlist's total duration; scored equal to its total to the second.
    Rework: the prior release only looked for words like "total" on screen and seeded no playlist."""

    semantic_id = "RetroPlaylistDuration"
    instruction = ('What is the total duration of the playlist "{playlist_name}" in {app}? '
                   "Answer with the duration (m:ss, h:mm:ss or seconds).")
    complexity = 1.4
    answer_task = True

    def sample_params(self, rng: random.Random) -> Params:
        name, other = rng.sample(PLAYLIST_NAMES, 2)
        songs = _songs(rng, rng.randint(3, 5))
        return {"playlist_name": name, "songs": songs, "other_playlist": other, "other_songs": _songs(rng, 2)}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState(playlists=[Playlist(name=params["playlist_name"], songs=params["songs"]),
                                     Playlist(name=params["other_playlist"], songs=params["other_songs"])])

    def expected_answer(self, params: Params) -> Duration:
        return Duration(total_seconds(params["songs"]))

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        expected = self.expected_answer(params)
        return verdict(judge(expected, answer), state, answer=answer, expected_seconds=expected.seconds)


class RetroSleepTimer(MusicTemplate):
    """Set a sleep timer of N minutes: the player's store records a running timer of N minutes.
    Improvement: the store, not the words "sleep"/"timer" on screen; the minutes are a parameter
    (the prior release had none, so any open dialog passed)."""

    semantic_id = "RetroSleepTimer"
    instruction = "Set a sleep timer in {app} to stop the music after {minutes} minutes."
    complexity = 1.4
    reads = frozenset({"sleep"})

    def sample_params(self, rng: random.Random) -> Params:
        return {"minutes": rng.choice(SLEEP_MINUTES)}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState()

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        return verdict([
            Clause("timer_set", f"a sleep timer of {params['minutes']} minutes is set",
                   state.sleep_timer_min == params["minutes"]),
        ], state)


class RetroSearchAndPlay(MusicTemplate):
    """Find song S and play it: the app's media session is PLAYING and its current item is S
    (``dumpsys media_session``). Improvement: Android's record, not "pause" somewhere on screen."""

    semantic_id = "RetroSearchAndPlay"
    instruction = 'Search for the song "{song_title}" in {app} and play it.'
    complexity = 1.4
    reads = frozenset({"session"})

    def sample_params(self, rng: random.Random) -> Params:
        return {"song_title": rng.choice(SONG_TITLES)}

    def initial_state(self, params: Params) -> MusicState:
        return MusicState()

    def check(self, params: Params, state: MusicState, history: Sequence[MusicState], answer: str | None) -> Verdict:
        np = state.now_playing
        return verdict([
            Clause("playing", f"the app's media session is playing {params['song_title']!r}",
                   np is not None and np.state == STATE_PLAYING and np.title.strip() == params["song_title"]),
        ], state)


TEMPLATES: list[type[MusicTemplate]] = [
    RetroCreatePlaylist, RetroRenamePlaylist, RetroAddToPlaylist, RetroRemoveFromPlaylist, RetroAddToQueue,
    RetroReorderQueue, RetroSavePlaylist, RetroPlaylistDuration, RetroSleepTimer, RetroSearchAndPlay,
]

__all__ = ["PLAYLIST_NAMES", "TEMPLATES", "norm_name"]
