"""SicMu Neo 2.4.5 (``xyz.mordorx.sicmu``), a folder-tree player with no playlists and no queue.

One screen: the library as a tree of folders (or artists/albums) with songs, no tabs, no search;
tapping a song plays it and playback walks the tree. "Show more options" reveals a button bar whose
"Open settings" opens the PreferenceActivity; at its end the "Sleep timer" category holds the delay
(an EditTextPreference ``SLEEP_DELAY_M``, a string, default "60") and "Start sleep timer", which starts
a ``java.util.Timer`` in the service (memory only); while it runs the item reads "Stop sleep timer",
"Playback will pause at: <time>". Its media session ("SicMuNeo_MediaSessionTag") is created but never
set active.

First screens (v2.4.5 ``Main.onCreate``): FreeDroidWarn V1.6's dialog (``showWarningOnUpgrade``) while the
default preference ``versionCodeWarn`` is below the build (OK stores it; Details, Solution and BACK do
not), then ``askPermission``: on Android 11+ the Settings page "All files access" unless the app op
MANAGE_EXTERNAL_STORAGE is allowed (setup allows it; the double does not show that Settings page).
Override: ``SicMuLibrary``.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import AlertDialog
from pytest_anyapp.sim.apps.music.kit import Library, MusicApp, MusicSkin

VERSION_CODE = 38
#: FreeDroidWarn V1.6 ``res/values/strings.xml`` dialog_Warning.
FREEDROID_WARNING = (
    "Google has announced that, starting in 2026/2027, all apps on certified Android devices will require the "
    "developer to submit personal identity details directly to Google. Since the developers of this app do not "
    "agree to this requirement, this app will no longer work on certified Android devices after that time.")

SKIN = MusicSkin(
    title="SicMu Neo", nav="none", sections=("Folders",), playlists_label="", create_entry="menu",
    new_playlist="", name_dialog_title="", name_hint="", create_button="", rename_label="", rename_button="",
    song_menu="long_press", more_desc="", play_next="", add_to_queue="", add_to_playlist="",
    remove_from_playlist="", queue_entry="menu", queue_label="", save_queue="", duration_format="none",
    search_desc="", search_hint="", play_desc="play", pause_desc="pause",
    ids={"song_title": "song_title"}, session_tag="SicMuNeo_MediaSessionTag", session_active=False, search=False,
    sleep_entry="settings", sleep_dialog="settings", sleep_label="Open settings",
    settings_rows=(("Help", ""), ("Start a song", ""), ("Start a group", ""), ("Theme", ""), ("About", ""),
                   ("Song view", ""), ("Show file name", ""), ("Show remaining time", ""), ("Miscellaneous", ""),
                   ("Vibrate", "")),
    overrides=("SicMuLibrary",),
)


class SicMuLibrary(Library):
    """Main: the tree, with FreeDroidWarn's dialog on top while versionCodeWarn is below the build."""

    activity = ".Main"

    def on_resume(self) -> None:
        super().on_resume()
        prefs = self.app.prefs()
        if int(prefs.get("versionCodeWarn", 0) or 0) < VERSION_CODE:
            self.show_dialog(AlertDialog("", FREEDROID_WARNING, positive=(
                "OK", lambda: prefs.put(versionCodeWarn=VERSION_CODE)), negative=("Details", None),
                neutral=("Solution", None)))


class SicMuNeo(MusicApp):
    package = "xyz.mordorx.sicmu"
    label = "SicMu Neo"
    version_name, version_code = "2.4.5", VERSION_CODE
    target_sdk = 28
    permissions = ("android.permission.READ_EXTERNAL_STORAGE",)  # legacy storage: no READ_MEDIA_AUDIO
    launch_activity = ".Main"
    icon_color = "#222222"
    skin = SKIN
    home = SicMuLibrary
    screens = (SicMuLibrary,)

    def sleep_minutes_pref(self) -> int:
        value = str(self.prefs().get("SLEEP_DELAY_M", "60"))
        return int(value) if value.isdigit() else 60

    def remember_sleep_minutes(self, minutes: int) -> None:
        self.prefs().put(SLEEP_DELAY_M=str(minutes))
