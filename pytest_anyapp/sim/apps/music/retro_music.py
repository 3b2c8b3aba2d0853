"""Retro Music 6.1.0 (``code.name.monkey.retromusic``), the AndroidWorld original.

Library sections sit in a bottom bar (Songs, Albums, Artists, Playlists); a song row has a trailing
"more" button whose menu offers "Play next", "Add to playing queue" and "Add to playlist…". New
playlists come from the Playlists page's overflow ("New playlist"); a playlist page prints the song
count and total ("4 songs • 12:06"); the player's toolbar has a "Playing queue" icon, and the queue
page's overflow saves it ("Save playing queue"). The player's toolbar has a "Sleep timer" icon
(``menu_player.xml``) whose dialog sets the minutes on a SeekBar ("N min" above it) and starts the
timer with "Start". Playlists live in Room ``playlist.db``, the queue in ``music_playback_state.db``,
the sleep timer in the default SharedPreferences (docs/music.md "Storage profiles").
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
    sleep_entry="player", sleep_dialog="seekbar", session_tag="code.name.monkey.retromusic", lineage="phonograph",
    restored_queue_title="Now playing queue",  # R.string.now_playing_queue (values/strings.xml)
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
        return PlaybackStateQueue(self, 12, PlaybackStateQueue.RETRO, guard="POSITION")

    def sleep_minutes_pref(self) -> int:
        value = self.prefs().get("last_sleep_timer_value", 30)
        return value if isinstance(value, int) else 30

    def remember_sleep_minutes(self, minutes: int) -> None:
        self.prefs().put(last_sleep_timer_value=minutes)  # onStopTrackingTouch

    def set_sleep_timer(self, minutes: int) -> None:
        """"Start": an exact alarm (not modelled) and the deadline in elapsed-realtime ms, as an int."""
        elapsed = int((self.device.clock.now() - self.device.boot_time) * 1000)
        deadline = (elapsed + minutes * 60_000 + 2**31) % 2**32 - 2**31  # Long.toInt()
        self.prefs().put(next_sleep_timer_elapsed_real_time=deadline)
