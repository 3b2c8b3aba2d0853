"""Retro Music 6.1.0 (``code.name.monkey.retromusic``), the AndroidWorld original.

Library sections sit in a bottom bar (Songs, Albums, Artists, Playlists); a song row has a trailing
"more" button whose menu offers "Play next", "Add to playing queue" and "Add to playlist…". New
playlists come from the Playlists page's overflow ("New playlist"); a playlist page prints the song
count and total ("4 songs • 12:06"); the player's toolbar has a "Playing queue" icon, and the queue
page's overflow saves it ("Save playing queue"). Playlists live in Room ``playlist.db``, the queue
in ``music_playback_state.db`` (docs/music.md "Storage profiles").
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.music.kit import MusicApp, MusicSkin
from pytest_anyapp.sim.apps.music.store import PlaybackStateQueue, PlaylistStore, QueueStore, RetroPlaylists

SKIN = MusicSkin(
    title="Retro Music", nav="bottom", sections=("Songs", "Albums", "Artists", "Playlists"),
    create_entry="menu", new_playlist="New playlist", name_dialog_title="New playlist", name_hint="Playlist name",
    create_button="Create", rename_label="Rename", rename_button="Rename", song_menu="button",
    more_desc="More options", play_next="Play next", add_to_queue="Add to playing queue",
    add_to_playlist="Add to playlist…", remove_from_playlist="Remove from playlist", queue_entry="icon",
    queue_label="Playing queue", save_queue="Save playing queue", duration_format="m:ss",
    search_desc="Search", search_hint="Search your library…",
    ids={"song_title": "title", "playlist_title": "title", "duration": "playlist_info", "search_field": "searchView"},
    session_tag="code.name.monkey.retromusic", lineage="phonograph",
)


class RetroMusic(MusicApp):
    package = "code.name.monkey.retromusic"
    label = "Retro Music"
    version_name, version_code = "6.1.0", 10603
    launch_activity = ".activities.MainActivity"
    icon_color = "#E91E63"
    skin = SKIN

    def playlists(self) -> PlaylistStore | None:
        return RetroPlaylists(self)

    def queue(self) -> QueueStore | None:
        return PlaybackStateQueue(self, 12)
