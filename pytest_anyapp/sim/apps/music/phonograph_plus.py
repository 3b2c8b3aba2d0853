"""Phonograph Plus 1.12.1 (``player.phonograph.plus``).

Library sections are reached from a navigation drawer (Songs, Albums, Artists, Playlists, Genres,
Folders); a song row has a trailing "Menu" button ("Play next", "Add to playing queue", "Add to
playlist"). New playlists come from the Playlists page's floating "New playlist" button, whose
dialog offers "File playlists" (default, written through the system file picker) or "Database
playlists"; a playlist page prints "N songs • h:mm:ss". The player's overflow opens "Playing queue",
whose overflow has "Save playing queue". Database playlists live in Room ``music_database_v1.db``,
file playlists in MediaStore; the queue in ``music_playback_state.db``. The player's overflow opens
"Sleep timer" (a 0..120 arc, "Set"), which hands the timer to AlarmManager only; the app keeps it in
memory (``service/util/SleepTimer.kt``), so Android's alarm record is the only trace.

First screens (v1.12.1): the launcher entry is ``LauncherActivity``, which opens the intro wizard
(``PhonographIntroActivity``: "Skip" leaves ``intro_shown`` false and finishes, "Done" sets it and
finishes) while ``intro_shown`` in ``shared_prefs/player.phonograph.xml`` is false
(``PrerequisiteSetting.kt``); the main screen shows the changelog dialog while
``last_changelog_version`` is below the build (``MainActivity.checkChangelog``, ``ChangelogDialog``:
OK stores it). Overrides: ``Intro``, ``PhonographLibrary``.
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.music.kit import Library, MusicApp, MusicSkin
from pytest_anyapp.sim.apps.music.store import (
    MediaStorePlaylists,
    MergedPlaylists,
    PhonographRoomPlaylists,
    PlaybackStateQueue,
    PlaylistStore,
    QueueStore,
)
from pytest_anyapp.sim.providers.clock import AlarmManagerRecord, elapsed_realtime_ms
from pytest_anyapp.sim.ui.views import Button, Column, Row, Scaffold, Spacer, TextView, View

PREREQUISITES = "player.phonograph"  # PrerequisiteSetting: getSharedPreferences(PACKAGE_NAME)
VERSION_CODE = 1121

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
    sleep_entry="player_menu", sleep_dialog="seekarc",
)


class Intro(Screen):
    """``PhonographIntroActivity`` (AppIntro): welcome, permissions and settings slides."""

    activity = "player.phonograph.ui.modules.auxiliary.PhonographIntroActivity"

    def build(self) -> View:
        return Scaffold(None, Column(
            TextView("Phonograph Plus", size=22, align="center"),
            TextView("Welcome to Phonograph Plus!", align="center"), spacing=24, padding=(32, 240, 32, 0)),
            bottom=Row(Button("SKIP", self.finish, id="skip", style="text"), Spacer(weight=1.0),
                       Button("DONE", self.done, id="done", style="text"), padding=(16, 8)))

    def done(self) -> None:
        self.app.prefs(PREREQUISITES).put(intro_shown=True)
        self.finish()


class PhonographLibrary(Library):
    """MainActivity: the library, with the changelog dialog on top until its OK is pressed."""

    activity = "player.phonograph.ui.modules.main.MainActivity"

    def on_resume(self) -> None:
        super().on_resume()
        prefs = self.app.prefs(PREREQUISITES)
        last = prefs.get("last_changelog_version", -1)
        if isinstance(last, int) and last < VERSION_CODE:
            self.show_dialog(AlertDialog("Changelog", "What's new in 1.12.1", positive=(
                "OK", lambda: prefs.put(last_changelog_version=VERSION_CODE))))


def launcher(app: SimApp) -> Screen:
    """LauncherActivity: the intro until intro_shown, else MainActivity (MigrationManager stores
    previous_version on a first installation)."""
    prefs = app.prefs(PREREQUISITES)
    if not prefs.get("intro_shown", False):
        return Intro(app)
    if prefs.get("previous_version", -1) == -1:
        prefs.put(previous_version=VERSION_CODE)
    return PhonographLibrary(app)


class PhonographPlus(MusicApp):
    package = "player.phonograph.plus"
    label = "Phonograph Plus"
    version_name, version_code = "1.12.1", 1121
    launch_activity = "player.phonograph.ui.modules.auxiliary.LauncherActivity"
    home = launcher
    screens = (Intro, PhonographLibrary)
    icon_color = "#607D8B"
    skin = SKIN

    def playlists(self) -> PlaylistStore | None:
        kind = "db" if self.create_kind == 1 else "media"
        return MergedPlaylists(PhonographRoomPlaylists(self), MediaStorePlaylists(self), kind)

    def queue(self) -> QueueStore | None:
        return PlaybackStateQueue(self, 6, PlaybackStateQueue.PHONOGRAPH)

    #: Keys.lastSleepTimerValue (DataStore; kept in memory here: nothing reads the file).
    last_sleep_minutes: int = 30

    def sleep_minutes_pref(self) -> int:
        return self.last_sleep_minutes

    def remember_sleep_minutes(self, minutes: int) -> None:
        self.last_sleep_minutes = minutes  # onStopTrackingTouch

    def set_sleep_timer(self, minutes: int) -> None:
        """SleepTimer.setTimer / cancelTimer: the previous alarm is cancelled, then
        ``AlarmManager.set(ELAPSED_REALTIME_WAKEUP, elapsedRealtime() + minutes·60000,
        PendingIntent.getService(MusicService, action <pkg>.stop_and_quit_now | _pending))``: an
        inexact alarm, window min(¾ of the delay, 1 h) (AlarmManagerService.maxTriggerTime)."""
        super().set_sleep_timer(minutes)  # the object's own fields (the dialog's countdown)
        alarms: list[dict[str, Any]] = []
        if minutes > 0:
            delay = minutes * 60_000
            action = f"{self.package}.stop_and_quit_{'pending' if self.sleep_finish_song else 'now'}"
            alarms.append({"tag": action, "type": 2, "when_ms": elapsed_realtime_ms(self.device.boot_time) + delay,
                           "window_ms": min(delay * 3 // 4, 3_600_000), "exact": False, "flags": 0,
                           "operation": "startService"})
        AlarmManagerRecord(self.device.config.state_dir).replace_package(self.package, alarms)
