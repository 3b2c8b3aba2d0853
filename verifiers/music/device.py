"""Device-side helpers shared by the music adapters: the seeded library (untagged WAV files in
``Music/``, indexed by MediaStore), MediaStore ids, the media session read, and SQLite/prefs I/O.

Written for the harness only; the simulator keeps its own encoders (tests/sim/test_isolation.py).
"""

from __future__ import annotations

import io
import re
import shlex
import wave
from functools import cache
from typing import TYPE_CHECKING

from pytest_anyapp.device.content import content_query_rows, query_lines
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.music.state import MUSIC_DIR, SONG_SECONDS, SONG_TITLES, NowPlaying

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SEP = "\x1f"
#: 8 kHz, 8-bit mono PCM: 8,000 bytes a second (the prior release used 16-bit; the duration is what counts).
RATE = 8000
AUDIO_URI = "content://media/external/audio/media"


@cache
def wav_bytes(seconds: int) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(b"\x80" * (RATE * seconds))
    return buf.getvalue()


def song_path(title: str) -> str:
    return f"{MUSIC_DIR}/{title}.wav"


def seed_library(device: DeviceClient) -> dict[str, int]:
    """Push the 10 songs where missing or different, index ``Music/`` and return title -> MediaStore id.

    One listing decides what to push, so a device that already holds the library costs one call."""
    sizes = device.run(f"mkdir -p {MUSIC_DIR} && stat -c '%s %n' {MUSIC_DIR}/*.wav 2>/dev/null").stdout
    have = {line.split(" ", 1)[1]: line.split(" ", 1)[0] for line in sizes.splitlines() if " " in line}
    for title in SONG_TITLES:
        data = wav_bytes(SONG_SECONDS[title])
        if have.get(song_path(title)) != str(len(data)):
            device.push_bytes(data, song_path(title))
    device.check("am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE "
                 "-d file:///storage/emulated/0/Music")
    ids = library_ids(device)
    missing = [t for t in SONG_TITLES if t not in ids]
    if missing:
        raise DeviceError(f"MediaStore did not index {missing}")
    return ids


def library_ids(device: DeviceClient) -> dict[str, int]:
    return parse_library(library_lines(device))


def library_lines(device: DeviceClient) -> list[str]:
    return query_lines(device.check(f"content query --uri {AUDIO_URI} --projection _id:title"))


@parses("content query --uri content://media/external/audio/media --projection _id:title")
def parse_library(lines: list[str]) -> dict[str, int]:
    """``{title: _id}`` of the benchmark's songs among the MediaStore audio rows."""
    rows = content_query_rows(lines, ("_id", "title"), "MediaStore audio")
    return {r["title"]: int(r["_id"]) for r in rows
            if r["title"] in SONG_SECONDS and r["_id"] is not None and r["_id"].isdigit()}


def titles_by_id(lines: list[str]) -> dict[int, str]:
    return {v: k for k, v in parse_library(lines).items()}


def sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def sqlite_lines(device: DeviceClient, db: str, sql: str) -> list[str]:
    """Rows of ``sql`` on ``db``; no rows when the database file does not exist (never created)."""
    q = shlex.quote("PRAGMA busy_timeout=5000; " + sql)
    try:
        out = device.check(f"if [ -f {db} ]; then sqlite3 {db} {q}; fi")
    except DeviceError as exc:
        raise VerifierReadError(f"could not read {db}: {exc}") from exc
    return [line for line in out.split("\n") if line]  # only \n ends a row (not U+2028, \r, ...)


# -- the media session (AOSP android-13 MediaSessionRecord.dump) -----------------------------------------

def session_lines(device: DeviceClient, package: str) -> list[str]:
    """The ``package=``, ``state=`` and ``metadata:`` lines of ``dumpsys media_session``, per session."""
    try:
        out = device.check("dumpsys media_session")
    except DeviceError as exc:
        raise VerifierReadError(f"dumpsys media_session failed: {exc}") from exc
    return session_lines_in(out)


def session_lines_in(out: str) -> list[str]:
    """The ``package=``, ``state=`` and ``metadata:`` lines of one ``dumpsys media_session`` output."""
    if "MEDIA SESSION SERVICE" not in out:
        raise VerifierReadError("dumpsys media_session printed no session service dump")
    return [s for s in (line.strip() for line in out.splitlines()) if s.startswith(("package=", "state=", "metadata:"))]


@parses("dumpsys media_session", reads="text")
def now_playing_in(out: str, package: str) -> NowPlaying | None:
    """The package's session in one ``dumpsys media_session`` output (:func:`parse_session`)."""
    return parse_session(session_lines_in(out), package)


_STATE = re.compile(r"^state=PlaybackState \{state=(-?\d+),")
_META = re.compile(r"^metadata: size=\d+, description=(.*)$")


def parse_session(lines: list[str], package: str) -> NowPlaying | None:
    """The package's session: its state code and the title of its description (the text before the
    first ", ": ``MediaDescription.toString`` joins title, subtitle and description with ", "; the
    seeded titles hold no comma). None when the package has no session or no state/metadata."""
    current: str | None = None
    state: int | None = None
    title: str | None = None
    found: NowPlaying | None = None
    for line in [*lines, "package="]:
        if line.startswith("package="):
            if current == package and state is not None and title is not None and found is None:
                found = NowPlaying(state=state, title=title)
            current, state, title = line[len("package="):], None, None
        elif (m := _STATE.match(line)) is not None:
            state = int(m.group(1))
        elif (m := _META.match(line)) is not None:
            # setMetadata(null) prints "size=0, description=null": no metadata, not a title "null"
            title = None if m.group(1) == "null" else m.group(1).split(", ", 1)[0]
    return found


@parses("dumpsys media_session")
def session_queue_sizes(lines: list[str]) -> dict[str, int]:
    """The queue size of each package's sessions (the largest when it has several), from
    ``queueTitle=<title>, size=<n>``: MediaSessionRecord.dump prints ``mQueue == null ? 0 :
    mQueue.size()`` as a session's last line; the title may be ``null``. A package with no session
    is absent."""
    sizes: dict[str, int] = {}
    package: str | None = None
    for line in (raw.strip() for raw in lines):
        if line.startswith("package="):
            package = line[len("package="):]
            sizes.setdefault(package, 0)
        elif line.startswith("queueTitle=") and package is not None and ", size=" in line:
            size = line.rsplit(", size=", 1)[1]
            sizes[package] = max(sizes[package], int(size) if size.isdigit() else 0)
    return sizes


def start_playing(device: DeviceClient, package: str, audio_id: int) -> None:
    """Open a MediaStore song in the player (ACTION_VIEW, as a file manager would): it plays it."""
    out = device.check(f"am start -a android.intent.action.VIEW -d {AUDIO_URI}/{audio_id} -t audio/x-wav "
                       f"-p {shlex.quote(package)}")
    if "Error" in out:
        raise DeviceError(f"could not open a song in {package}: {out.strip()[:200]}")
