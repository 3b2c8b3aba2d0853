"""Launch guards and the second reading of each music player (issues 23 and 27): what the real app
does with seeded state when it starts, read from its source at the pinned tag, and the verdict on
its storage profile and double. docs/music.md "Launch guards and fidelity" prints the same."""

from __future__ import annotations

from verifiers.base import FidelityReading, LaunchGuard, LaunchGuards, SourceRef

DATE = "2026-12-03"
RETRO = SourceRef(repo="RetroMusicPlayer/RetroMusicPlayer", tag="v6.1.0", files=(
    "app/src/main/java/code/name/monkey/retromusic/service/MusicService.kt (restoreQueuesAndPositionIfNecessary, "
    "savePosition on META_CHANGED, saveQueues on QUEUE_CHANGED)",
    "app/src/main/java/code/name/monkey/retromusic/providers/MusicPlaybackQueueStore.java (VERSION 12, columns)"))
PHONOGRAPH = SourceRef(repo="chr56/Phonograph_Plus", tag="v1.12.1", files=(
    "app/src/main/AndroidManifest.xml (LauncherActivity is the launcher entry)",
    "app/src/main/java/player/phonograph/ui/modules/auxiliary/LauncherActivity.kt",
    "app/src/main/java/player/phonograph/ui/modules/auxiliary/PhonographIntroActivity.kt (Skip leaves intro_shown "
    "false, Done sets it)",
    "app/src/main/java/player/phonograph/settings/PrerequisiteSetting.kt (player.phonograph.xml: intro_shown, "
    "previous_version, last_changelog_version)",
    "app/src/main/java/player/phonograph/mechanism/migrate/MigrationManager.kt (shouldMigration)",
    "app/src/main/java/player/phonograph/ui/modules/main/MainActivity.kt (checkChangelog)",
    "app/src/main/java/player/phonograph/service/queue/MusicPlaybackQueueStore.kt (TABLE, VERSION 6, "
    "onUpgrade/onDowngrade drop the tables)",
    "app/src/main/java/player/phonograph/foundation/mediastore/MediastoreSongsQuery.kt (readSong by position)",
    "app/src/main/java/player/phonograph/service/queue/QueueHolder.kt (fromPersistence)",
    "app/src/main/java/player/phonograph/service/util/Preference.kt (QueuePreferenceManager)"))
APOLLO = SourceRef(repo="nuclearfog/Apollo-Music", tag="1.5.15", files=(
    "app/src/main/java/org/nuclearfog/apollo/service/MusicPlaybackService.java (getCardId, reloadQueue)",
    "app/src/main/java/org/nuclearfog/apollo/utils/PreferenceUtils.java (cardid default -1, setPlayList)",
    "app/src/main/java/org/nuclearfog/apollo/utils/CursorFactory.java (makeCardCursor: content://media/external/fs_id)"),
    note="the pinned F-Droid build is a later Codeberg release; 1.5.15 is the newest GitHub tag (nearest)")
AOSP_FS_ID = SourceRef(repo="aosp-mirror/platform_packages_providers_mediaprovider", tag="nearest: older revisions",
                       files=("src/com/android/providers/media/MediaProvider.java (FS_ID: a one-row cursor 'fsid' = "
                              "mVolumeId, declared -1)",),
                       note="the android-13 assignment of mVolumeId was not read: -1 on emulated storage is assumed")
FOSSIFY = SourceRef(repo="FossifyOrg/Music-Player", tag="1.8.1", files=(
    "app/src/main/kotlin/org/fossify/musicplayer/helpers/AudioHelper.kt (getQueuedTracks / getQueuedTracksLazily: "
    "queue items whose track is not in the tracks table are dropped; an empty queue is re-initialised with all "
    "tracks)",
    "app/src/main/kotlin/org/fossify/musicplayer/helpers/SimpleMediaScanner.kt (scan fills tracks, then "
    "updateAllTracksPlaylist sets was_all_tracks_playlist_created)"))
MONSTER = SourceRef(repo="ZTFtrue/MonsterMusic", tag="0.1.69", files=(
    "app/src/main/java/com/ztftrue/music/play/PlayService.kt (loadLastQueue: the saved queue, items not in the "
    "library dropped; no position guard)",
    "app/src/main/java/com/ztftrue/music/MainActivity.kt (READ_MEDIA_AUDIO requested at start when not granted)"))
SICMU = SourceRef(repo="mira-x/SicMu", tag="v2.4.5", files=(
    "app/src/main/java/xyz/mordorx/sicmu/Main.java (onCreate: FreeDroidWarn.showWarningOnUpgrade, askPermission: "
    "ACTION_MANAGE_APP_ALL_FILES_ACCESS_PERMISSION on API 30+ unless Environment.isExternalStorageManager; the "
    "changelog when Database says so)",
    "app/src/main/java/xyz/mordorx/sicmu/Database.java (Room database-SicMuNeo v2: a configuration row on first use; "
    "the changelog only when lastVersionCodeStarted is neither 0 nor the build)",
    "app/src/main/java/xyz/mordorx/sicmu/MusicService.java", "app/src/main/java/xyz/mordorx/sicmu/Parameters.java "
    "(default preferences, SLEEP_DELAY_M)",
    "app/src/main/java/xyz/mordorx/sicmu/SettingsActivity.java, SettingsPreferenceFragment.java (framework "
    "PreferenceFragment; no editor-action listener)",
    "app/src/main/res/xml/preferences.xml (SLEEP_DELAY_M: EditTextPreference, inputType number)",
    "app/build.gradle (targetSdk 28, versionCode 38; com.github.woheller69:FreeDroidWarn:V1.6)",
    "app/src/main/AndroidManifest.xml (READ/WRITE_EXTERNAL_STORAGE, MANAGE_EXTERNAL_STORAGE)"),
    note="with woheller69/FreeDroidWarn V1.6 library/src/main/java/org/woheller69/freeDroidWarn/FreeDroidWarn.java "
         "(the dialog while the default preference versionCodeWarn < the build; OK stores it)")

RETRO_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="default prefs int POSITION (not -1) and playing_queue / original_playing_queue "
                "equally long, else no saved queue is restored",
                handled_by="the queue seed writes both tables and POSITION = 0 (what opening the first song writes); "
                "the double restores nothing without it", sources=(RETRO,)),
), read=(RETRO,))
RETRO_FIDELITY = FidelityReading(source=RETRO, date=DATE, verdict="mismatch-fixed", found=(
    "POSITION was never seeded: the real app would start with an empty queue (AddToQueue, ReorderQueue, SavePlaylist "
    "unsolvable); fixed in the seed, the double enforces it",
    "the sleep-timer seed rewrote the default preferences whole and would have dropped POSITION; it now merges"),
    open_points=("MainActivity's own first screens (permission and what's-new screens) were not read",))

PHONOGRAPH_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="intro wizard while player.phonograph.xml intro_shown is false",
                handled_by="setup writes intro_shown = true before the first launch (as a device whose user pressed "
                "Done holds it; the adapter's first_run_prefs); the double shows the wizard without it",
                sources=(PHONOGRAPH,)),
    LaunchGuard(kind="first_screen", what="changelog dialog while last_changelog_version < 1121",
                handled_by="setup writes last_changelog_version = 1121 (what its OK stores); the double shows it "
                "without", sources=(PHONOGRAPH,)),
    LaunchGuard(kind="writes", what="previous_version = the build on a first installation (MigrationManager)",
                handled_by="setup writes previous_version = 1121, so no migration runs and nothing is written",
                sources=(PHONOGRAPH,)),
    LaunchGuard(kind="needs", what="music_playback_state.db at version 6 with its 14-column layout (other versions "
                "drop the tables; rows are read by position)",
                handled_by="the queue seed creates the v6 tables in the app's own column order", sources=(PHONOGRAPH,)),
), read=(PHONOGRAPH,))
PHONOGRAPH_FIDELITY = FidelityReading(source=PHONOGRAPH, date=DATE, verdict="mismatch-fixed", found=(
    "intro wizard after pm clear (the seed's first launch never reached the library): setup now sets the flags",
    "queue table seeded with Retro's 13 columns: now the app's 14 (date_added; album_artist before composer)",
    "docs said 'as Retro, plus date_added': corrected"),
    open_points=("the intro's permission slide asks for permissions setup already grants; not modelled",))

APOLLO_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="default prefs int cardid equal to MediaProvider's fs_id, else the queue is not "
                "reloaded", handled_by="the queue seed writes cardid = -1 (the fs_id of an emulated volume, assumed); "
                "the double restores nothing on a mismatch", sources=(APOLLO, AOSP_FS_ID)),
), read=(APOLLO, AOSP_FS_ID))
APOLLO_FIDELITY = FidelityReading(source=APOLLO, date=DATE, verdict="match", found=(),
                                  open_points=("fs_id = -1 on an API 33 emulator is assumed, not read at android-13",
                                               "first screens of the main activity were not read"))

FOSSIFY_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="reconciles", what="queue_items whose track_id has no row in tracks are dropped at restore; an "
                "empty queue is rebuilt from all tracks (initQueue)",
                handled_by="the seed lets the first start finish (was_all_tracks_playlist_created in Prefs.xml, "
                "written after the scan stored the tracks) before writing the queue; the double drops such items",
                sources=(FOSSIFY,)),
    LaunchGuard(kind="writes", what="tracks rows (the scan, every start) and was_all_tracks_playlist_created",
                handled_by="app-owned library index, not seeded: launch invariance excepts them", sources=(FOSSIFY,)),
), read=(FOSSIFY,))
FOSSIFY_FIDELITY = FidelityReading(source=FOSSIFY, date=DATE, verdict="mismatch-fixed", found=(
    "start-up cut off: the queue seed ran once songs.db existed, possibly before the first scan stored the tracks, "
    "so the real app could drop the seeded queue; the seed now waits for the scan's end and the double filters",),
    open_points=("initQueue (an empty queue filled with all tracks when the player starts) is not modelled",
                 "Fossify commons' first screens (what's new, rate dialogs) were not read"))

MONSTER_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="reconciles", what="queue rows whose song is not in the MediaStore library are dropped at restore",
                handled_by="the seeded queue holds only seeded, indexed songs", sources=(MONSTER,)),
    LaunchGuard(kind="first_screen", what="the READ_MEDIA_AUDIO request when not granted",
                handled_by="setup grants it (runtime_permissions)", sources=(MONSTER,)),
), read=(MONSTER,))
MONSTER_FIDELITY = FidelityReading(source=MONSTER, date=DATE, verdict="match",
                                   open_points=("only the start-up path was re-read in this pass",))
SICMU_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="FreeDroidWarn's warning dialog (OK / Details / Solution) while the default "
                "preference versionCodeWarn is below 38", handled_by="setup writes versionCodeWarn=38 "
                "(first_run_prefs); the double shows the dialog without it", sources=(SICMU,)),
    LaunchGuard(kind="first_screen", what="Settings' 'All files access' page (askPermission on Android 11+) while the "
                "app op MANAGE_EXTERNAL_STORAGE is not allowed", handled_by="setup allows the op (app_ops); READ_"
                "EXTERNAL_STORAGE is granted (runtime_permissions); the double does not show the Settings page",
                sources=(SICMU,)),
    LaunchGuard(kind="writes", what="database-SicMuNeo: the configuration row (lastVersionCodeStarted = 38, cleanup "
                "and donate times) and the songs the service's scan stores", handled_by="app-owned, nothing of it "
                "is seeded or read (the sleep timer is read off the screen)", sources=(SICMU,)),
), read=(SICMU,))
SICMU_FIDELITY = FidelityReading(source=SICMU, date=DATE, verdict="mismatch-fixed", found=(
    "FreeDroidWarn's dialog covers the main screen after pm clear (versionCodeWarn missing): setup now writes the "
    "preference and the double shows the dialog without it",
    "Main.askPermission opens Settings' 'All files access' page on Android 13 unless MANAGE_EXTERNAL_STORAGE is "
    "allowed: setup now allows the op"),
    open_points=("the double does not show the Settings 'All files access' page when the op is not allowed",
                 "Details / Solution open a browser on the app; in the double they only close the dialog",
                 "Enter in the delay field (framework EditTextPreference, inputType number) does not confirm on the "
                 "app (no editor action: the focus moves down); the double's android:id/edit does the same"))
