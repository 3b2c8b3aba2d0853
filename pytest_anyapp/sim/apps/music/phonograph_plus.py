"""Phonograph Plus 1.12.1 (``player.phonograph.plus``).

Library sections are reached from a navigation drawer (Songs, Albums, Artists, Playlists, Genres,
Folders); a song row has a trailing "Menu" button ("Play next", "Add to playing queue", "Add to
playlist"). New playlists come from the Playlists page's floating "New playlist" button, whose
dialog offers "File playlists" (default, written through the system file picker) or "Database
playlists"; a playlist page prints "N songs • h:mm:ss". The player's overflow opens "Playing queue",
whose overflow has "Save playing queue". Database playlists live in Room ``music_database_v1.db``,
file playlists in MediaStore; the queue in ``music_playback_state.db``.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.music.kit import MusicApp, MusicSkin
from pytest_anyapp.sim.apps.music.store import (
    MediaStorePlaylists,
    MergedPlaylists,
    PhonographRoomPlaylists,
    PlaybackStateQueue,
    PlaylistStore,
    QueueStore,
)

SKIN = MusicSkin(
    title="Phonograph Plus", nav="drawer", sections=("Songs", "Albums", "Artists", "Playlists", "Genres", "Folders"),
    create_entry="fab", new_playlist="New playlist", name_dialog_title="Create a playlist",
    name_hint="Playlist name", create_button="Create", rename_label="Rename", rename_button="OK",
    song_menu="button", more_desc="Menu", play_next="Play next", add_to_queue="Add to playing queue",
    add_to_playlist="Add to playlist", remove_from_playlist="Remove from playlist", queue_entry="menu",
    queue_label="Playing queue", save_queue="Save playing queue", duration_format="h:mm:ss",
    search_desc="Search", search_hint="Search…", play_desc="Play", pause_desc="Pause",
    ids={"song_title": "title", "playlist_title": "title", "duration": "text_playlist_info", "search_field": "search"},
    session_tag="Phonograph Plus", lineage="phonograph", create_kinds=("File playlists", "Database playlists"),
)


class PhonographPlus(MusicApp):
    package = "player.phonograph.plus"
    label = "Phonograph Plus"
    version_name, version_code = "1.12.1", 1121
    launch_activity = "player.phonograph.ui.modules.main.MainActivity"
    icon_color = "#607D8B"
    skin = SKIN

    def playlists(self) -> PlaylistStore | None:
        kind = "db" if self.create_kind == 1 else "media"
        return MergedPlaylists(PhonographRoomPlaylists(self), MediaStorePlaylists(self), kind)

    def queue(self) -> QueueStore | None:
        return PlaybackStateQueue(self, 6)
