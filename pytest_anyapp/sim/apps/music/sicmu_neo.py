"""SicMu Neo 2.4.5 (``xyz.mordorx.sicmu``), a folder-tree player with no playlists and no queue.

One screen: the library as a tree of folders (or artists/albums) with songs, no tabs, no search;
tapping a song plays it and playback walks the tree. The overflow holds "Settings", where the sleep
timer is started. Its media session ("SicMuNeo_MediaSessionTag") is created but never set active.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.music.kit import MusicApp, MusicSkin

SKIN = MusicSkin(
    title="SicMu Neo", nav="none", sections=("Folders",), playlists_label="", create_entry="menu",
    new_playlist="", name_dialog_title="", name_hint="", create_button="", rename_label="", rename_button="",
    song_menu="long_press", more_desc="", play_next="", add_to_queue="", add_to_playlist="",
    remove_from_playlist="", queue_entry="menu", queue_label="", save_queue="", duration_format="none",
    search_desc="", search_hint="", play_desc="play", pause_desc="pause",
    ids={"song_title": "song_title"}, session_tag="SicMuNeo_MediaSessionTag", session_active=False, search=False,
)


class SicMuNeo(MusicApp):
    package = "xyz.mordorx.sicmu"
    label = "SicMu Neo"
    version_name, version_code = "2.4.5", 38
    target_sdk = 28
    permissions = ("android.permission.READ_EXTERNAL_STORAGE",)  # legacy storage: no READ_MEDIA_AUDIO
    launch_activity = ".Main"
    icon_color = "#222222"
    skin = SKIN
