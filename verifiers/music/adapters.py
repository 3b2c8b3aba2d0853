"""The music players' adapters: one per app, assembled from the storage profiles its real app uses
(docs/music.md "Storage profiles"). Every adapter seeds the same library (10 WAVs in ``Music/``,
indexed by MediaStore) and reads now-playing from Android's media session record; playlists and
the queue are read where the player keeps them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.errors import DeviceError, VerifierReadError
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.app_files import hand_to_app
from verifiers.base import AppAdapter, PairMode, RawSnapshot, SourceRef, StorageProfile
from verifiers.clock.prefs import PrefValue
from verifiers.music import device as dev
from verifiers.music import fidelity as fid
from verifiers.music.alarm import PHONOGRAPH_SLEEP
from verifiers.music.profiles import (
    APOLLO_PLAYLISTS,
    APOLLO_QUEUE,
    FOSSIFY_PLAYLISTS,
    FOSSIFY_QUEUE,
    FOSSIFY_SLEEP,
    MONSTER_PLAYLISTS,
    MONSTER_QUEUE,
    PHONOGRAPH_PLAYLISTS,
    PHONOGRAPH_QUEUE,
    RETRO_PLAYLISTS,
    RETRO_SLEEP,
    PlaybackStateQueue,
    PlaylistProfile,
    QueueProfile,
    SleepProfile,
    playback_state_queue,
    put_prefs,
)
from verifiers.music.screen import ScreenSleep, Step, monster_minutes, sicmu_minutes, tap
from verifiers.music.state import MusicState

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

AOSP_MEDIA_SESSION = SourceRef(
    repo="aosp-mirror/platform_frameworks_base", tag="android-13.0.0_r1",
    files=("services/core/java/com/android/server/media/MediaSessionRecord.java (dump: package=, active=, "
           "state=PlaybackState {state=N, ...}, metadata: size=N, description=<title>, <subtitle>, <desc>, "
           "queueTitle=..., size=N; no queue items)",
           "media/java/android/media/session/MediaSession.java (setMetadata builds the description)"),
)
MEDIA_SESSION = StorageProfile(
    what="now playing", path="dumpsys media_session",
    format="per session: package=<pkg>; state=PlaybackState {state=3 (playing) | 2 (paused), ...}; "
           "metadata: size=N, description=<title>, <artist>, <null>",
    writes="starting a song: the service sets metadata (title from MediaStore = file name) and STATE_PLAYING",
    sources=(AOSP_MEDIA_SESSION,),
)


class MusicAdapter(AppAdapter[MusicState]):
    """Library + media session for every player; playlists/queue through the app's profiles."""

    app: ClassVar[AppSpec]
    runtime_permissions: ClassVar[tuple[str, ...]] = (
        "android.permission.READ_MEDIA_AUDIO", "android.permission.READ_EXTERNAL_STORAGE",
        "android.permission.POST_NOTIFICATIONS")
    playlist_profile: ClassVar[PlaylistProfile | None] = None
    queue_profile: ClassVar[QueueProfile | None] = None
    sleep_profile: ClassVar[SleepProfile | None] = None
    #: Templates this app cannot express at all, with the reason (verify-support shows it).
    unsupported: ClassVar[dict[str, str]] = {}
    #: Pairs whose outcome only the screen shows, with the reason.
    ui_pairs: ClassVar[dict[str, str]] = {}
    #: Preference files (name, values) setup writes before the first launch, as a lab's device holds
    #: them once its user got past the app's first screens (each one is a ``first_screen`` launch guard).
    first_run_prefs: ClassVar[tuple[tuple[str, dict[str, PrefValue]], ...]] = ()

    def __init__(self, template: TaskTemplate[Any] | None = None) -> None:
        self.template = template

    def for_template(self, template: TaskTemplate[Any]) -> MusicAdapter:
        adapter = type(self)(template)
        # A sleep timer read off a dialog the read itself opens (MonsterMusic's 'Sleeper time') taps
        # the app: then it reads only before and after the agent's turn, never between its steps.
        adapter.reads_by_navigating = "sleep" in adapter.reads and bool(getattr(self.sleep_profile, "peek", ""))
        return adapter

    @property
    def reads(self) -> frozenset[str]:
        """What the template's criterion reads (all of it when used without a template)."""
        return getattr(self.template, "reads", None) or frozenset({"playlists", "queue", "session"})

    def supports(self, template: TaskTemplate[MusicState]) -> bool:
        return template.semantic_id not in self.unsupported

    def decline_reason(self, template: TaskTemplate[Any]) -> str:
        return self.unsupported.get(template.semantic_id, "")

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.semantic_id in self.ui_pairs:
            return PairMode(mode="ui", reason=self.ui_pairs[template.semantic_id])
        return super().validation_mode(template)

    def readable_part(self, state: MusicState) -> MusicState:
        return MusicState(
            playlists=state.playlists if "playlists" in self.reads else [],
            queue=state.queue if "queue" in self.reads else None,
            now_playing=state.now_playing if "session" in self.reads else None,
            sleep_timer_min=state.sleep_timer_min if "sleep" in self.reads else None,
        )

    # -- seed -------------------------------------------------------------------------------------
    def seed(self, device: DeviceClient, state: MusicState) -> None:
        pkg = self.app.package
        device.force_stop(pkg)
        for name, values in self.first_run_prefs:
            put_prefs(device, f"/data/data/{pkg}/shared_prefs/{name}.xml", values)
        if self.first_run_prefs:  # the seed launches the app next: it must be able to read them
            hand_to_app(device, f"/data/data/{pkg}")
        ids = dev.seed_library(device)
        if self.playlist_profile is not None:
            self.playlist_profile.seed(device, pkg, state.playlists, ids)
        elif state.playlists:
            raise ValueError(f"{self.app.app_id} keeps no playlists")
        if self.queue_profile is not None:
            self.queue_profile.seed(device, pkg, state.queue or [], ids)
        elif state.queue:
            raise ValueError(f"{self.app.app_id} keeps no queue")
        if self.sleep_profile is not None and "sleep" in self.reads:
            self.sleep_profile.seed(device, pkg, state.sleep_timer_min)
        hand_to_app(device, f"/data/data/{pkg}")
        if state.now_playing is not None:
            if state.now_playing.state != 3:
                raise ValueError("only a playing session can be seeded (by opening the song)")
            dev.start_playing(device, pkg, ids[state.now_playing.title])

    # -- read -------------------------------------------------------------------------------------
    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        pkg = self.app.package
        raw: RawSnapshot = {"library": dev.library_lines(device)}
        if "playlists" in self.reads and self.playlist_profile is not None:
            raw["playlists"] = self.playlist_profile.read(device, pkg)
        if "queue" in self.reads and self.queue_profile is not None:
            raw["queue"] = self.queue_profile.read(device, pkg)
        if "session" in self.reads:
            raw["session"] = dev.session_lines(device, pkg)
        if "sleep" in self.reads and self.sleep_profile is not None:
            raw["sleep"] = self.sleep_profile.read(device, pkg)
        return raw

    def not_loaded_after_launch(self, device: DeviceClient, seeded: RawSnapshot) -> list[str]:
        """A player that hands its restored queue to its media session: the session's queue must
        hold as many songs as were seeded (an app that restored nothing publishes none)."""
        profile = self.queue_profile
        seeded_queue = [line for line in seeded.get("queue", []) if line.startswith("Q\x1f")]  # not PRAGMA's echo
        if not (isinstance(profile, PlaybackStateQueue) and profile.session_queue and seeded_queue):
            return []
        try:
            sizes = dev.session_queue_sizes(device.check("dumpsys media_session").splitlines())
        except DeviceError as exc:
            raise VerifierReadError(f"dumpsys media_session failed: {exc}") from exc
        got = sizes.get(self.app.package)
        if got == len(seeded_queue):
            return []
        return [f"queue: {len(seeded_queue)} songs seeded, the media session's queue holds "
                f"{'no session' if got is None else got}"]

    def parse(self, raw: RawSnapshot) -> MusicState:
        if "library" not in raw:
            raise VerifierReadError("music snapshot has no library read")
        titles = dev.titles_by_id(raw["library"])
        state = MusicState()
        if "playlists" in raw and self.playlist_profile is not None:
            state.playlists = self.playlist_profile.parse(raw["playlists"], titles)
        if "queue" in raw and self.queue_profile is not None:
            state.queue = self.queue_profile.parse(raw["queue"], titles)
        if "session" in raw:
            state.now_playing = dev.parse_session(raw["session"], self.app.package)
        if "sleep" in raw and self.sleep_profile is not None:
            state.sleep_timer_min = self.sleep_profile.parse(raw["sleep"])
        return state


_NO_PLAYLISTS = ("SicMu Neo has no playlist feature at all (v2.4.5: the 'add to playlist' item is commented out, "
                 "no playlist code; mira-x/SicMu Main.java)")
_NO_QUEUE = "SicMu Neo has no play queue (v2.4.5 plays the folder/artist tree; mira-x/SicMu Rows.java)"


class RetroMusicAdapter(MusicAdapter):
    launch_guards, fidelity = fid.RETRO_GUARDS, fid.RETRO_FIDELITY
    app = app_by_id("music_retro_music")
    playlist_profile = RETRO_PLAYLISTS
    queue_profile = playback_state_queue("code.name.monkey.retromusic", 12, SourceRef(
        repo="RetroMusicPlayer/RetroMusicPlayer", tag="v6.1.0",
        files=("app/src/main/java/code/name/monkey/retromusic/providers/MusicPlaybackQueueStore.java",
               "app/src/main/java/code/name/monkey/retromusic/service/MusicService.kt (saveQueues on QUEUE_CHANGED; "
               "savePosition on META_CHANGED; restoreQueuesAndPositionIfNecessary)")),
        guard=" (restored only when POSITION is set and not -1 and both tables are equally long)", session_queue=True)
    sleep_profile = RETRO_SLEEP
    storage = (RETRO_PLAYLISTS.profile, queue_profile.profile, RETRO_SLEEP.profile, MEDIA_SESSION)


class FossifyMusicAdapter(MusicAdapter):
    launch_guards, fidelity = fid.FOSSIFY_GUARDS, fid.FOSSIFY_FIDELITY
    app = app_by_id("music_fossify_music")
    playlist_profile = FOSSIFY_PLAYLISTS
    queue_profile = FOSSIFY_QUEUE
    sleep_profile = FOSSIFY_SLEEP
    storage = (FOSSIFY_PLAYLISTS.profile, FOSSIFY_QUEUE.profile, FOSSIFY_SLEEP.profile, MEDIA_SESSION)


class ApolloAdapter(MusicAdapter):
    launch_guards, fidelity = fid.APOLLO_GUARDS, fid.APOLLO_FIDELITY
    app = app_by_id("music_apollo")
    playlist_profile = APOLLO_PLAYLISTS
    queue_profile = APOLLO_QUEUE
    storage = (APOLLO_PLAYLISTS.profile, APOLLO_QUEUE.profile, MEDIA_SESSION)
    unsupported = {"RetroSleepTimer": "Apollo 1.5.15 has no sleep timer (no such feature anywhere in its source; "
                                      "nuclearfog/Apollo-Music, storage_music.md §3)"}


class PhonographPlusAdapter(MusicAdapter):
    launch_guards, fidelity = fid.PHONOGRAPH_GUARDS, fid.PHONOGRAPH_FIDELITY
    app = app_by_id("music_phonograph_plus")
    playlist_profile = PHONOGRAPH_PLAYLISTS
    queue_profile = PHONOGRAPH_QUEUE
    sleep_profile = PHONOGRAPH_SLEEP
    #: LauncherActivity opens the intro wizard while intro_shown is false, MigrationManager migrates
    #: when previous_version differs from the build, MainActivity shows the changelog while
    #: last_changelog_version < the build (PrerequisiteSetting.kt, file player.phonograph.xml).
    first_run_prefs = (("player.phonograph", {"intro_shown": True, "previous_version": 1121,
                                              "last_changelog_version": 1121}),)
    storage = (PHONOGRAPH_PLAYLISTS.profile, PHONOGRAPH_QUEUE.profile, PHONOGRAPH_SLEEP.profile, MEDIA_SESSION)


_MEMORY_UI = ("the timer exists only in the running service's memory ({what}); no preference, database or "
              "alarm records it, so the outcome is read off the screen the app shows for a running timer ({screen})")

MONSTER_SLEEP = ScreenSleep(
    profile=StorageProfile(
        what="sleep timer", path="screen: the 'Sleeper time' dialog ('Running: mm:ss')",
        format="memory only: SleepTimerManager's CountDownTimer in PlayService; the dialog shows 'Running: "
               "<remaining mm:ss or hh:mm:ss>' while one runs", readable=False,
        writes="a preset ('5/10/15/30 minutes') or 'Enter minutes' + 'Confirm' sends COMMAND_SET_SLEEP_TIMER; "
               "nothing is written to storage and no alarm is set",
        sources=(SourceRef(repo="ZTFtrue/MonsterMusic", tag="0.1.69", files=(
            "app/src/main/java/com/ztftrue/music/play/manager/SleepTimerManager.kt (CountDownTimer)",
            "app/src/main/java/com/ztftrue/music/ui/public/TopBar.kt (SleepTimeDialog)",
            "app/src/main/java/com/ztftrue/music/ui/other/MainTopBar.kt ('Sleeper time' icon)",
            "app/src/main/res/values/strings.xml (running = 'Running: %1$s', minutes, enter_minutes)")),)),
    peek="Sleeper time",
    shown=lambda t: t.startswith("Running: ") or t == "Play completed last song",
    minutes=monster_minutes,
    start=lambda n: (tap("Sleeper time"), tap(f"{n}\n minutes")) if n in (5, 10, 15, 30) else (
        tap("Sleeper time"), tap("field"), Step("type", value=str(n)), tap("Confirm")),
)

SICMU_SLEEP = ScreenSleep(
    profile=StorageProfile(
        what="sleep timer", path="screen: Settings, 'Sleep timer' category ('Playback will pause at: <time>')",
        format="delay: SharedPreferences string SLEEP_DELAY_M (default '60'); running timer: memory only "
               "(MusicService java.util.Timer, sleepTimerScheduleMs); Settings shows 'Stop sleep timer' / 'Playback "
               "will pause at: <DateFormat MEDIUM time>' while one runs", readable=False,
        writes="'Start sleep timer' starts a Timer of SLEEP_DELAY_M minutes in the service; nothing durable records "
               "that it runs and no alarm is set",
        sources=(SourceRef(repo="mira-x/SicMu", tag="v2.4.5", files=(
            "app/src/main/java/xyz/mordorx/sicmu/MusicService.java (startSleepTimer)",
            "app/src/main/java/xyz/mordorx/sicmu/SettingsPreferenceFragment.java (setSleepTimerTitle)",
            "app/src/main/java/xyz/mordorx/sicmu/Parameters.java (getSleepDelayM)",
            "app/src/main/res/xml/preferences.xml (SLEEP_DELAY_M, START_SLEEP_TIMER)",
            "app/src/main/res/layout/activity_main.xml ('Show more options', 'Open settings')")),)),
    shown=lambda t: t.startswith("Playback will pause at: ") or t == "Start sleep timer",
    minutes=sicmu_minutes,
    start=lambda n: (tap("Show more options"), tap("Open settings"), Step("scroll_to", "Sleep timer delay in minutes"),
                     tap("Sleep timer delay in minutes"), Step("long_press", "field"), tap("Select all"),
                     Step("type", value=str(n)), tap("OK"), Step("scroll_to", "Start sleep timer"),
                     tap("Start sleep timer")),
)


class MonsterMusicAdapter(MusicAdapter):
    launch_guards, fidelity = fid.MONSTER_GUARDS, fid.MONSTER_FIDELITY
    app = app_by_id("music_monstermusic")
    playlist_profile = MONSTER_PLAYLISTS
    queue_profile = MONSTER_QUEUE
    sleep_profile = MONSTER_SLEEP
    non_durable_reads = frozenset({"sleep"})  # read off the app's screen, as SicMu Neo's
    storage = (MONSTER_PLAYLISTS.profile, MONSTER_QUEUE.profile, MONSTER_SLEEP.profile, MEDIA_SESSION)
    ui_pairs = {"RetroSleepTimer": _MEMORY_UI.format(
        what="SleepTimerManager's CountDownTimer, ZTFtrue/MonsterMusic 0.1.69",
        screen="the 'Sleeper time' dialog's 'Running: mm:ss', opened by the read (after the agent's turn only) "
               "when the main screen is in front "
               "and closed again")}


class SicMuNeoAdapter(MusicAdapter):
    launch_guards, fidelity = fid.SICMU_GUARDS, fid.SICMU_FIDELITY
    app = app_by_id("music_sicmu_neo")
    runtime_permissions = ("android.permission.READ_EXTERNAL_STORAGE",)  # targetSdk 28: no READ_MEDIA_AUDIO
    #: Main.askPermission opens Settings' "All files access" on Android 11+ unless the op is allowed.
    app_ops = ("MANAGE_EXTERNAL_STORAGE",)
    #: FreeDroidWarn's dialog stays until its OK stores the build in versionCodeWarn (default preferences).
    first_run_prefs = (("xyz.mordorx.sicmu_preferences", {"versionCodeWarn": 38}),)
    sleep_profile = SICMU_SLEEP
    #: the timer lives in the app's memory and is read off its screen (with the device's time of day)
    non_durable_reads = frozenset({"sleep"})
    storage = (SICMU_SLEEP.profile, MEDIA_SESSION)
    ui_pairs = {"RetroSleepTimer": _MEMORY_UI.format(
        what="MusicService's java.util.Timer, mira-x/SicMu v2.4.5",
        screen="Settings' 'Stop sleep timer' / 'Playback will pause at: <time>', where starting the timer leaves "
               "the user; never navigated by the read")}
    unsupported = {
        **{sid: _NO_PLAYLISTS for sid in ("RetroCreatePlaylist", "RetroRenamePlaylist", "RetroAddToPlaylist",
                                          "RetroRemoveFromPlaylist", "RetroPlaylistDuration")},
        **{sid: _NO_QUEUE for sid in ("RetroAddToQueue", "RetroReorderQueue")},
        "RetroSavePlaylist": _NO_QUEUE + "; " + _NO_PLAYLISTS,
    }


ADAPTERS: tuple[MusicAdapter, ...] = (RetroMusicAdapter(), FossifyMusicAdapter(), ApolloAdapter(),
                                      PhonographPlusAdapter(), MonsterMusicAdapter(), SicMuNeoAdapter())

__all__ = ["ADAPTERS", "ApolloAdapter", "FossifyMusicAdapter", "MonsterMusicAdapter", "MusicAdapter",
           "PhonographPlusAdapter", "RetroMusicAdapter", "SicMuNeoAdapter"]
