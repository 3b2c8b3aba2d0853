"""Apollo 1.5.15 (``org.nuclearfog.apollo``), the maintained fork of CyanogenMod's Apollo.

Library pages sit in a swipeable tab strip (Playlists, Recent, Artists, Albums, Songs, Genres); a
song's context menu opens by long press ("Play next", "Add to queue", "Add to playlist"); "New
playlist" is in the overflow of the Playlists page and its dialog's button is "Save". A playlist
page lists songs with no total. The player's toolbar icon opens "Queue", whose overflow has "Save
queue". Playlists are MediaStore playlists (a rename capitalises every word); the queue lives in the
default SharedPreferences (``queue``: hex ids joined by ``;``). There is no sleep timer.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.music.kit import MusicApp, MusicSkin
from pytest_anyapp.sim.apps.music.store import MediaStorePlaylists, PlaylistStore, PrefsQueue, QueueStore

SKIN = MusicSkin(
    title="Apollo", nav="tabs", sections=("Playlists", "Recent", "Artists", "Albums", "Songs", "Genres"),
    create_entry="menu", new_playlist="New playlist", name_dialog_title="Enter a playlist name",
    name_hint="Playlist name", create_button="Save", rename_label="Rename", rename_button="Save",
    song_menu="long_press", more_desc="Context menu", play_next="Play next", add_to_queue="Add to queue",
    add_to_playlist="Add to playlist", remove_from_playlist="Remove from playlist", queue_entry="icon",
    queue_label="Queue", save_queue="Save queue", duration_format="none", search_desc="Search library",
    search_hint="Search artists, albums, songs", play_desc="Play track", pause_desc="Pause track",
    ids={"song_title": "line_one", "playlist_title": "line_one", "search_field": "search_src_text"},
    session_tag="Apollo",
)


class Apollo(MusicApp):
    package = "org.nuclearfog.apollo"
    label = "Apollo"
    version_name, version_code = "1.5.15", 55
    launch_activity = ".ui.activities.HomeActivity"
    icon_color = "#33B5E5"
    skin = SKIN

    def playlists(self) -> PlaylistStore | None:
        return MediaStorePlaylists(self, capitalise_rename=True)

    def queue(self) -> QueueStore | None:
        return PrefsQueue(self)
