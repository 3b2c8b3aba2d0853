"""The framework's media-session record as ``dumpsys media_session`` prints it on Android 13
(MediaSessionRecord.dump), fed by a music player double; and MediaStore's playlist rename."""
from __future__ import annotations

import io
import wave

from shell_helpers import Out

from pytest_anyapp.sim.device import SimDevice

RETRO = "code.name.monkey.retromusic"


def _wav(seconds: int) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(8000)
        w.writeframes(b"\x80" * 8000 * seconds)
    return buf.getvalue()


def test_a_playing_song_shows_in_the_session_dump_until_the_process_dies(out: Out, device: SimDevice) -> None:
    device.fs.host("/sdcard/Music/Open Road.wav").write_bytes(_wav(2))
    out("am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d file:///storage/emulated/0/Music")
    assert "Sessions Stack - have 0 sessions:" in out("dumpsys media_session")
    audio_id = out("content query --uri content://media/external/audio/media --projection _id").split("=")[1].strip()
    out(f"am start -a android.intent.action.VIEW -d content://media/external/audio/media/{audio_id} -t audio/x-wav "
        f"-p {RETRO}")
    dump = out("dumpsys media_session")
    assert "Sessions Stack - have 1 sessions:" in dump
    assert f"      package={RETRO}\n" in dump and "      active=true\n" in dump
    assert "      state=PlaybackState {state=3, position=0," in dump
    assert "      metadata: size=7, description=Open Road, <unknown>, null\n" in dump
    # The queue's size, never its items; Retro 6.1.0 titles every queue it hands to its session
    # (MusicService.kt, QUEUE_CHANGED: setQueueTitle(R.string.now_playing_queue)).
    assert "      queueTitle=Now playing queue, size=1\n" in dump
    from pytest_anyapp.sim.providers.media import media_sessions
    record = media_sessions(device)[RETRO]
    record.title, record.metadata_set_null = None, True  # the player called setMetadata(null)
    assert "      metadata: size=0, description=null\n" in out("dumpsys media_session")
    out(f"am force-stop {RETRO}")
    assert "Sessions Stack - have 0 sessions:" in out("dumpsys media_session")


def test_renaming_a_playlist_moves_its_file(out: Out, device: SimDevice) -> None:
    out("content insert --uri content://media/external/audio/playlists --bind name:s:Focus")
    assert device.fs.host("/sdcard/Music/Focus.m3u").is_file()
    out("content update --uri content://media/external/audio/playlists --bind name:s:Weekend")
    assert not device.fs.host("/sdcard/Music/Focus.m3u").exists()
    assert device.fs.host("/sdcard/Music/Weekend.m3u").is_file()
    assert out("content query --uri content://media/external/audio/playlists --projection name:_display_name:_data") == (
        "Row: 0 name=Weekend, _display_name=Weekend.m3u, _data=/storage/emulated/0/Music/Weekend.m3u\n")
