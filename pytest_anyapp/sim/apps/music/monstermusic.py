"""MonsterMusic 0.1.69 (``com.ztftrue.music``), a Jetpack Compose player.

Library sections are tabs (Songs, Playlists, Queue, Albums, Artists, Genres, Folders); a song row has a
trailing "Operate" button whose menu offers "Play next", "Add to queue" and "Add to playlist". The
Playlists tab has a floating "Create playlist" button whose dialog's button is "Confirm"; a playlist
page prints its total as "h:mm:ss". The queue is reached from the player's toolbar ("Queue") and saved
with "Save as playlist". Playlists are ``Music/<name>.m3u`` files made through MediaStore; the queue
lives in Room ``default_data.db``. The top bar's "Sleeper time" icon opens the "Sleep timer" dialog:
"Running: mm:ss" + "Stop" while a timer runs, "Play completed last song", buttons "5/10/15/30 minutes",
an "Enter minutes" field and "Cancel"/"Confirm"; the timer is a CountDownTimer in the service (memory).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.music.kit import MusicApp, MusicSkin
from pytest_anyapp.sim.apps.music.store import M3uPlaylists, MonsterQueue, PlaylistStore, QueueStore

SKIN = MusicSkin(
    title="MonsterMusic", nav="tabs", sections=("Songs", "PlayLists", "Albums", "Artists", "Genres", "Folders"),
    playlists_label="PlayLists", create_entry="fab", new_playlist="Create playlist",
    name_dialog_title="Create playlist", name_hint="Enter name", create_button="Confirm",
    rename_label="Rename playlist", rename_button="Confirm", song_menu="button", more_desc="Operate",
    play_next="Play next", add_to_queue="Add to queue", add_to_playlist="Add to playlist",
    remove_from_playlist="Remove from current playlist", queue_entry="icon", queue_label="Queue",
    save_queue="Save as playlist", duration_format="h:mm:ss", search_desc="Search music",
    search_hint="Input keywords", play_desc="Play or pause", pause_desc="Pause or play",
    ids={"song_title": "song_name", "playlist_title": "playlist_name_text", "duration": "playlist_total",
         "search_field": "search_input"},
    session_tag="MonsterMusic", sleep_entry="toolbar", sleep_dialog="buttons", sleep_label="Sleeper time",
    sleep_choices=(5, 10, 15, 30),
)


class MonsterMusic(MusicApp):
    package = "com.ztftrue.music"
    label = "MonsterMusic"
    version_name, version_code = "0.1.69", 69
    launch_activity = ".MainActivity"
    icon_color = "#3F51B5"
    skin = SKIN

    def playlists(self) -> PlaylistStore | None:
        return M3uPlaylists(self)

    def queue(self) -> QueueStore | None:
        return MonsterQueue(self)
