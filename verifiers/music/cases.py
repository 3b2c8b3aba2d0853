"""Conformance cases for the 10 Music templates: gold, tolerated variants, one near miss per clause.

Every state is one each player can hold in its own store: a song at most once per playlist (Retro
and Fossify have a unique index on (playlist, song)) and at most once in the queue (Fossify's
``queue_items`` is keyed by the song), a now-playing state reached by opening a song.
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.music.state import SONG_TITLES, STATE_PLAYING, MusicState, NowPlaying, Playlist, total_seconds
from verifiers.music.templates import PLAYLIST_NAMES, SLEEP_MINUTES


def _other_name(*taken: str) -> str:
    return next(n for n in PLAYLIST_NAMES if n not in taken)


def _other_song(*taken: str) -> str:
    return next(s for s in SONG_TITLES if s not in taken)


def _pl(name: str, songs: list[str]) -> Playlist:
    return Playlist(name=name, songs=list(songs))


def _create(p: Params) -> Cases:
    other = _pl(p["other_playlist"], p["other_songs"])
    new = _pl(p["playlist_name"], [])
    return Cases(
        gold=MusicState(playlists=[other, new]),
        tolerated={"other_case": MusicState(playlists=[other, _pl(p["playlist_name"].upper(), [])]),
                   "with_a_song": MusicState(playlists=[other, _pl(p["playlist_name"], [_other_song()])])},
        near_misses={
            "nothing_created": NearMiss(MusicState(playlists=[other]), fails="created"),
            "wrong_name": NearMiss(MusicState(playlists=[other, _pl(_other_name(p["playlist_name"],
                                                                               p["other_playlist"]), [])]),
                                   fails="created"),
            "other_renamed": NearMiss(MusicState(playlists=[_pl(p["playlist_name"], p["other_songs"])]),
                                      fails="other_kept"),
        },
    )


def _rename(p: Params) -> Cases:
    songs = p["songs"]
    return Cases(
        gold=MusicState(playlists=[_pl(p["new_name"], songs)]),
        tolerated={"lower_case": MusicState(playlists=[_pl(p["new_name"].lower(), songs)])},
        near_misses={
            "deleted": NearMiss(MusicState(), fails="renamed"),
            "songs_lost": NearMiss(MusicState(playlists=[_pl(p["new_name"], songs[:1])]), fails="renamed"),
            "copied": NearMiss(MusicState(playlists=[_pl(p["old_name"], songs), _pl(p["new_name"], songs)]),
                               fails="old_gone"),
        },
    )


def _add(p: Params) -> Cases:
    songs, song, name = p["songs"], p["song_title"], p["playlist_name"]
    return Cases(
        gold=MusicState(playlists=[_pl(name, [*songs, song])]),
        tolerated={"added_first": MusicState(playlists=[_pl(name, [song, *songs])])},
        near_misses={
            "unchanged": NearMiss(MusicState(playlists=[_pl(name, songs)]), fails="added"),
            "other_playlist": NearMiss(MusicState(playlists=[_pl(name, songs), _pl(_other_name(name), [song])]),
                                       fails="added"),
            "replaced": NearMiss(MusicState(playlists=[_pl(name, [*songs[1:], song])]), fails="kept"),
        },
    )


def _remove(p: Params) -> Cases:
    songs, song, name = p["songs"], p["song_title"], p["playlist_name"]
    rest = [s for s in songs if s != song]
    return Cases(
        gold=MusicState(playlists=[_pl(name, rest)]),
        near_misses={
            "unchanged": NearMiss(MusicState(playlists=[_pl(name, songs)]), fails="removed"),
            "removed_more": NearMiss(MusicState(playlists=[_pl(name, rest[1:])]), fails="kept"),
        },
    )


def _add_queue(p: Params) -> Cases:
    queue, song = p["queue"], p["song_title"]
    return Cases(
        gold=MusicState(queue=[*queue, song]),
        tolerated={"play_next": MusicState(queue=[queue[0], song, *queue[1:]])},
        near_misses={
            "unchanged": NearMiss(MusicState(queue=queue), fails="queued"),
            "replaced_queue": NearMiss(MusicState(queue=[song, *queue[1:]]), fails="kept"),
        },
    )


def _reorder(p: Params) -> Cases:
    queue, song, cur = p["queue"], p["song_title"], p["current_song"]
    moved = [cur, song, *[s for s in queue[1:] if s != song]]
    return Cases(
        gold=MusicState(queue=moved),
        near_misses={
            "unchanged": NearMiss(MusicState(queue=queue), fails="plays_next"),
            "moved_to_end": NearMiss(MusicState(queue=[*[s for s in queue if s != song], song]), fails="plays_next"),
            "others_dropped": NearMiss(MusicState(queue=[cur, song]), fails="kept"),
        },
    )


def _save(p: Params) -> Cases:
    queue, name = p["queue"], p["playlist_name"]
    return Cases(
        gold=MusicState(queue=queue, playlists=[_pl(name, queue)]),
        near_misses={
            "not_saved": NearMiss(MusicState(queue=queue), fails="saved"),
            "empty_playlist": NearMiss(MusicState(queue=queue, playlists=[_pl(name, [])]), fails="same_songs"),
            "reordered": NearMiss(MusicState(queue=queue, playlists=[_pl(name, list(reversed(queue)))]),
                                  fails="same_songs"),
        },
    )


def _duration(p: Params) -> Cases:
    state = MusicState(playlists=[_pl(p["playlist_name"], p["songs"]), _pl(p["other_playlist"], p["other_songs"])])
    total = total_seconds(p["songs"])
    m, s = divmod(total, 60)
    return Cases(
        gold=state,
        answer=f"{m}:{s:02d}",
        tolerated_answers={"h:mm:ss": f"0:{m:02d}:{s:02d}", "seconds": str(total), "words": f"{m} min {s} s",
                           "sentence_end": f"{m}:{s:02d}."},
        near_misses={
            "off_by_a_second": NearMiss(state, fails="duration", answer=f"{m}:{s + 1:02d}" if s < 59 else f"{m + 1}:00"),
            "minutes_only": NearMiss(state, fails="duration", answer=f"{m} minutes"),
            "other_playlist": NearMiss(state, fails="duration",
                                       answer=f"{total_seconds(p['other_songs']) // 60}:"
                                              f"{total_seconds(p['other_songs']) % 60:02d}"),
            "two_values": NearMiss(state, fails="duration", answer=f"{m}:{s:02d} or {m + 1}:{s:02d}"),
        },
    )


def _sleep(p: Params) -> Cases:
    other = next(m for m in SLEEP_MINUTES if m != p["minutes"])
    return Cases(
        gold=MusicState(sleep_timer_min=p["minutes"]),
        near_misses={"other_minutes": NearMiss(MusicState(sleep_timer_min=other), fails="timer_set")},
    )


def _play(p: Params) -> Cases:
    song = p["song_title"]
    return Cases(
        gold=MusicState(now_playing=NowPlaying(state=STATE_PLAYING, title=song)),
        near_misses={"other_song": NearMiss(MusicState(now_playing=NowPlaying(state=STATE_PLAYING,
                                                                              title=_other_song(song))),
                                            fails="playing")},
    )


_BUILDERS = {
    "RetroCreatePlaylist": _create, "RetroRenamePlaylist": _rename, "RetroAddToPlaylist": _add,
    "RetroRemoveFromPlaylist": _remove, "RetroAddToQueue": _add_queue, "RetroReorderQueue": _reorder,
    "RetroSavePlaylist": _save, "RetroPlaylistDuration": _duration, "RetroSleepTimer": _sleep,
    "RetroSearchAndPlay": _play,
}


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    return _BUILDERS[template.semantic_id](params)
