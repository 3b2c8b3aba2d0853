"""Apollo 1.5.15's saved queue (``PreferenceUtils.setPlayList``): the double writes it as the app does
and the registered reader (``apollo_queue``) reads the double's file, the app's samples
(``tests/android_outputs/cat/apollo_*``) being the reference."""

from __future__ import annotations

from pathlib import Path

from pytest_anyapp.sim.apps.music.apollo import Apollo
from pytest_anyapp.sim.apps.music.store import PrefsQueue
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from verifiers.music.profiles import apollo_queue


def test_the_double_saves_the_queue_as_set_play_list(tmp_path: Path) -> None:
    """Each id in hex followed by ``;`` (the double joined the ids, dropping the last ``;``)."""
    app = Apollo(SimDevice(DeviceConfig(tmp_path / "dev")))
    queue = PrefsQueue(app)
    queue.put([31, 7, 4096])
    assert app.prefs().get("queue") == "1f;7;1000;"
    assert queue.get() == [31, 7, 4096]
    text = app.host_path(f"shared_prefs/{app.package}_preferences.xml").read_text(encoding="utf-8")
    assert apollo_queue(text) == [31, 7, 4096]


def test_the_reader_skips_what_get_playlist_skips() -> None:
    """``getPlaylist``: an empty file or no ``queue`` key is an empty queue; an item that is not hex
    is skipped (``NumberFormatException`` caught); ``history`` is not the queue."""
    head = "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n"
    assert apollo_queue("") == []
    assert apollo_queue(head + '<map>\n    <string name="history">3;5;</string>\n</map>\n') == []
    assert apollo_queue(head + '<map>\n    <string name="queue">1f;zz;a;</string>\n</map>\n') == [31, 10]
