"""Pure parsers of the Music verifiers: answered durations, the media-session dump, M3U playlists."""
from __future__ import annotations

import pytest

from verifiers.music.device import parse_session
from verifiers.music.profiles import MONSTER_PLAYLISTS
from verifiers.music.state import parse_duration


@pytest.mark.parametrize(("text", "seconds"), [
    ("12:05", 725), ("0:12:05", 725), ("725", 725), ("12 min 5 s", 725), ("12 minutes 5 seconds", 725),
    ("12:05.", 725), ("Total duration: 12:05", 725), ("1:02:03", 3723), ("1 h 2 min", 3720),
])
def test_durations_in_every_accepted_form(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "12:65", "about 12 minutes or 13", "12:05 or 13:05", "twelve", "1:75:00"])
def test_anything_else_is_no_duration(text: str) -> None:
    assert parse_duration(text) is None


DUMP = [
    "package=com.other.player", "state=PlaybackState {state=3, position=0, buffered position=0, speed=1.0}",
    "metadata: size=3, description=Riptide, <unknown>, null",
    "package=code.name.monkey.retromusic", "state=PlaybackState {state=2, position=5, buffered position=0}",
    "metadata: size=7, description=Open Road, <unknown>, null",
]


def test_the_session_of_the_package_is_read_not_another_apps() -> None:
    np = parse_session(DUMP, "code.name.monkey.retromusic")
    assert np is not None and (np.state, np.title) == (2, "Open Road")
    assert parse_session(DUMP, "org.fossify.musicplayer") is None
    assert parse_session(["package=x", "state=null", "metadata: null"], "x") is None


def test_m3u_members_absolute_or_relative_and_comments_skipped() -> None:
    lines = ["__F/sdcard/Music/Road Trip.m3u", "#EXTM3U", "/storage/emulated/0/Music/Echoes.wav", "Riptide.wav",
             "#EXTINF:180,x", "../Other/Unknown.mp3", "__F/sdcard/Music/Focus.m3u8", "#EXTM3U"]
    lists = MONSTER_PLAYLISTS.parse(lines, {})
    assert [(p.name, p.songs) for p in lists] == [("Road Trip", ["Echoes", "Riptide", "<file Unknown.mp3>"]),
                                                 ("Focus", [])]
