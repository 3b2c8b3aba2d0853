"""Fossify Music 1.8.1 (``org.fossify.musicplayer``).

Library sections are tabs (Playlists, Folders, Artists, Albums, Tracks, Genres) under a search
toolbar whose overflow holds "Sleep timer" (5/10/20/30/60 minutes or a custom number). The
Playlists tab lists the built-in "All tracks" first; new playlists come from a FAB-less overflow
item "Create new playlist". Song menus open by long press ("Add to queue", "Add to playlist", "Play
next"); a playlist page shows only the track count (no total). The queue page is opened from the
player's overflow ("Queue") and saved with "Create playlist from queue". Playlists, tracks and the
queue live in Room ``songs.db``; the sleep timer in ``shared_prefs/Prefs.xml`` (``sleep_in_ts``).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.music.kit import MusicApp, MusicSkin
from pytest_anyapp.sim.apps.music.store import FossifySongsDb, PlaylistStore, QueueStore

SKIN = MusicSkin(
    title="Fossify Music", nav="tabs", sections=("Playlists", "Folders", "Artists", "Albums", "Tracks", "Genres"),
    create_entry="menu", new_playlist="Create new playlist", name_dialog_title="Create new playlist",
    name_hint="Title", create_button="OK", rename_label="Rename playlist", rename_button="OK", song_menu="long_press",
    more_desc="More", play_next="Play next", add_to_queue="Add to queue", add_to_playlist="Add to playlist",
    remove_from_playlist="Remove from playlist", queue_entry="menu", queue_label="Queue",
    save_queue="Create playlist from queue", duration_format="none", search_desc="Search",
    search_hint="Search in tracks", sleep_entry="menu", sleep_label="Sleep timer", sleep_choices=(5, 10, 20, 30, 60),
    ids={"song_title": "track_title", "playlist_title": "playlist_title", "search_field": "top_toolbar_search"},
    session_tag="PlaybackService", lineage="simple-mobile-tools",
)


class FossifyMusic(MusicApp):
    package = "org.fossify.musicplayer"
    label = "Fossify Music"
    version_name, version_code = "1.8.1", 14
    launch_activity = ".activities.MainActivity"
    icon_color = "#F57C00"
    skin = SKIN
    dedupe_queue = True

    def playlists(self) -> PlaylistStore | None:
        return FossifySongsDb(self)

    def queue(self) -> QueueStore | None:
        return FossifySongsDb(self)

    def on_create(self) -> None:
        super().on_create()
        FossifySongsDb(self).scan()

    def set_sleep_timer(self, minutes: int) -> None:
        self.prefs("Prefs").put(sleep_in_ts=self.now_ms() + minutes * 60_000, last_sleep_timer_seconds=minutes * 60)
