"""The music screen kit: library, playlists, playlist detail, queue, player and search, written once
against a :class:`MusicSkin`. Variation points (fields of the skin):

* **navigation** — library sections as tabs, a drawer menu or a bottom bar (``nav``);
* **playlist entry** — "new playlist" as a FAB or an overflow item (``create_entry``);
* **song actions** — a trailing "more" button or a long press opens the song's menu (``song_menu``);
* **queue** — a page opened from the player's toolbar icon or from its overflow menu (``queue_entry``);
* **total duration** — how a playlist page prints its total (``duration_format``), or not at all;
* **sleep timer** — where it is started (``sleep_entry``: library overflow, player toolbar, player
  overflow, library toolbar, a settings page) and how the minutes are chosen (``sleep_dialog``: a
  list with "Custom", a SeekBar with "Start", a 0..120 arc with "Set", preset buttons plus a minutes
  field, a delay preference plus "Start");
* **stores** — where playlists and the queue go (:mod:`.store`), and the media session's tag;
* **labels and ids** — every visible string and resource id is a skin field.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Intent, Screen, SimApp
from pytest_anyapp.sim.apps.music.store import (
    PlaybackStateQueue,
    PlaylistStore,
    QueueStore,
    Song,
    StoredPlaylist,
    by_id,
    library,
    play,
    session,
    set_paused,
)
from pytest_anyapp.sim.providers.media import media_sessions
from pytest_anyapp.sim.shell.tz import device_now
from pytest_anyapp.sim.ui.views import (
    BottomNav,
    Button,
    CheckBox,
    Column,
    EditText,
    Fab,
    ImageButton,
    ListItem,
    RadioButton,
    Row,
    Scaffold,
    ScrollList,
    SeekArc,
    SeekBar,
    Tabs,
    TextView,
    Toolbar,
    View,
    active_screen,
)


@dataclass(frozen=True)
class MusicSkin:
    """One player, declared."""

    title: str
    nav: Literal["tabs", "drawer", "bottom", "none"]
    sections: tuple[str, ...]  # labels; the first is the songs list, "playlists" names the playlists one
    playlists_label: str = "Playlists"
    create_entry: Literal["fab", "menu"] = "fab"
    new_playlist: str = "New playlist"  # FAB desc / menu item
    name_dialog_title: str = "New playlist"
    name_hint: str = "Name"
    create_button: str = "Create"
    rename_label: str = "Rename"
    rename_button: str = "Rename"
    song_menu: Literal["button", "long_press"] = "button"
    more_desc: str = "More options"
    play_next: str = "Play next"
    add_to_queue: str = "Add to queue"
    add_to_playlist: str = "Add to playlist"
    remove_from_playlist: str = "Remove from playlist"
    queue_entry: Literal["icon", "menu"] = "icon"
    queue_label: str = "Playing queue"
    save_queue: str = "Save as playlist"
    duration_format: Literal["m:ss", "h:mm:ss", "words", "none"] = "m:ss"
    sleep_entry: Literal["none", "menu", "player", "player_menu", "toolbar", "settings"] = "none"
    sleep_dialog: Literal["choices", "seekbar", "seekarc", "buttons", "settings"] = "choices"
    sleep_label: str = "Sleep timer"  # the entry's menu item / icon description
    sleep_title: str = "Sleep timer"  # the dialog's (or settings category's) title
    sleep_choices: tuple[int, ...] = ()  # minutes offered; "Custom" asks for a number
    custom_label: str = "Custom"
    search_desc: str = "Search"
    search_hint: str = "Search"
    play_desc: str = "Play"
    pause_desc: str = "Pause"
    ids: dict[str, str] = field(default_factory=dict)  # song_title, playlist_title, duration, search_field
    #: The create dialog's kind choices (Phonograph Plus: file vs database playlists); () = none.
    create_kinds: tuple[str, ...] = ()
    search: bool = True  # a search action in the library's toolbar
    session_tag: str = "MusicService"
    session_active: bool = True
    #: The service hands the queue it restored at start-up to its media session (queue title, queue,
    #: the current song's metadata, paused), as Retro 6.1.0's restoreQueuesAndPositionIfNecessary does.
    restored_queue_title: str | None = None
    #: Rows a settings page lists before its sleep-timer category ((title, summary) pairs).
    settings_rows: tuple[tuple[str, str], ...] = ()
    lineage: str = ""
    overrides: tuple[str, ...] = ()


def fmt_total(ms: int, style: str, count: int) -> str:
    s = ms // 1000
    if style == "h:mm:ss":
        return f"{count} songs • {s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    if style == "words":
        return f"{count} songs, {s // 60} min {s % 60} s"
    return f"{count} songs • {s // 60}:{s % 60:02d}"


class MusicApp(SimApp):
    """A player double: metadata on the subclass, the rest from ``skin`` and the store factories."""

    skin: ClassVar[MusicSkin]
    #: Index of the current song in the queue (the service's memory; a seeded queue starts at 0).
    current: int = 0
    #: The kind picked in the create dialog (index into ``skin.create_kinds``).
    create_kind: int = 0
    permissions = ("android.permission.READ_MEDIA_AUDIO", "android.permission.READ_EXTERNAL_STORAGE",
                   "android.permission.POST_NOTIFICATIONS")

    def playlists(self) -> PlaylistStore | None:
        return None

    def queue(self) -> QueueStore | None:
        return None

    #: A sleep timer kept only in the process's memory (epoch ms it fires at; 0 = none).
    sleep_deadline_ms: int = 0

    def set_sleep_timer(self, minutes: int) -> None:
        """Start a timer; by default only in memory (a force-stop loses it), apps with a store override."""
        self.sleep_deadline_ms = self.now_ms() + minutes * 60_000 if minutes > 0 else 0

    def sleep_remaining_ms(self) -> int:
        return max(0, self.sleep_deadline_ms - self.now_ms()) if self.sleep_deadline_ms else 0

    #: The dialog's "Finish last song" box (the app's preference, where it has one).
    sleep_finish_song: bool = False

    def sleep_minutes_pref(self) -> int:
        """The remembered minutes the dialog starts from (SeekBar position, delay preference)."""
        return 30

    def remember_sleep_minutes(self, minutes: int) -> None:
        """The dialog stored its minutes (Retro: on SeekBar release; SicMu: the delay preference)."""

    def on_create(self) -> None:
        media_sessions(self.device).pop(self.package, None)  # a session dies with its process
        self.playlists()
        q = self.queue()
        if isinstance(q, PlaybackStateQueue) and self.skin.restored_queue_title is not None:
            self.publish_restored_queue(q)

    def publish_restored_queue(self, q: PlaybackStateQueue) -> None:
        """When the saved queue is restored the service sets its session's queue and title and the
        current song's metadata, paused (nothing plays until asked)."""
        ids = q.get()
        if not ids:
            return
        self.current = min(max(q.position(), 0), len(ids) - 1)
        rec = session(self, self.skin.session_tag, active=self.skin.session_active)
        song = by_id(self.device)[ids[self.current]]
        rec.title, rec.subtitle, rec.metadata_size = song.title, "<unknown>", 7
        rec.state, rec.position_ms, rec.updated_ms = 2, 0, self.now_ms()
        rec.queue_title, rec.queue_size = self.skin.restored_queue_title, len(ids)

    def ids(self, key: str) -> str | None:
        return self.skin.ids.get(key)

    # -- playback -------------------------------------------------------------------------------
    def play_song(self, song: Song) -> None:
        """Tapping a song plays the list it is in: the queue becomes the library from that song."""
        songs = library(self.device)
        q = self.queue()
        if q is not None:
            q.put([s.id for s in songs])
        self.current = [s.id for s in songs].index(song.id)
        play(self, self.skin.session_tag, song, len(songs), active=self.skin.session_active)
        if self.skin.restored_queue_title is not None:  # QUEUE_CHANGED sets the title with the queue
            session(self, self.skin.session_tag).queue_title = self.skin.restored_queue_title

    def insert_next(self, song: Song) -> None:
        q = self.queue()
        if q is None:
            return
        ids = [i for i in q.get() if i != song.id] if self.dedupe_queue else q.get()
        ids.insert(min(self.current + 1, len(ids)), song.id)
        q.put(ids)

    def enqueue(self, song: Song) -> None:
        q = self.queue()
        if q is not None and not (self.dedupe_queue and song.id in q.get()):
            q.put([*q.get(), song.id])

    #: The queue holds a song once (Fossify: ``queue_items`` keyed by the song).
    dedupe_queue: ClassVar[bool] = False

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        return intent.action == "android.intent.action.VIEW" and intent.data.startswith(
            "content://media/external/audio/media/")

    def open_intent(self, intent: Intent) -> Screen | None:
        """ACTION_VIEW of a MediaStore audio item: play it and show the player."""
        song = by_id(self.device).get(int(intent.data.rsplit("/", 1)[1]))
        if song is not None:
            self.play_song(song)
        return Player(self)


class MusicScreen(Screen):
    @property
    def m(self) -> MusicApp:
        assert isinstance(self.app, MusicApp)
        return self.app

    @property
    def skin(self) -> MusicSkin:
        return self.m.skin

    def song_row(self, song: Song, items: list[tuple[str, Callable[[], Any] | None]],
                 on_click: Callable[[], Any] | None) -> View:
        s = self.skin
        show = lambda: active_screen().show_menu(items)  # noqa: E731
        trailing = ImageButton("more", s.more_desc, on_click=show) if s.song_menu == "button" else None
        secs = song.duration_ms // 1000
        return ListItem(song.title, f"<unknown> • {secs // 60}:{secs % 60:02d}", trailing=trailing,
                        title_id=self.m.ids("song_title"), on_click=on_click,
                        on_long_click=show if s.song_menu == "long_press" else None)

    def library_song_menu(self, song: Song) -> list[tuple[str, Callable[[], Any] | None]]:
        s = self.skin
        items: list[tuple[str, Callable[[], Any] | None]] = []
        if self.m.queue() is not None:
            items += [(s.play_next, lambda: self.m.insert_next(song)), (s.add_to_queue, lambda: self.m.enqueue(song))]
        if self.m.playlists() is not None:
            items.append((s.add_to_playlist, lambda: self.pick_playlist([song.id])))
        return items

    def name_dialog(self, title: str, button: str, initial: str, on_ok: Callable[[str], Any],
                    kinds: tuple[str, ...] = ()) -> None:
        self.set_field("playlist_name", initial)
        field = EditText("playlist_name", hint=self.skin.name_hint, autofocus=True)
        view: View = field
        if kinds:
            self.m.create_kind = 0
            view = Column(*[RadioButton(k, checked=i == self.m.create_kind,
                                        on_change=lambda _c, i=i: setattr(self.m, "create_kind", i))
                            for i, k in enumerate(kinds)], field)
        self.show_dialog(AlertDialog(title, view=view,
                                     positive=(button, lambda: on_ok(self.field("playlist_name").strip())),
                                     negative=("Cancel", None)))

    def create_playlist(self, song_ids: list[int]) -> None:
        def ok(name: str) -> None:
            store = self.m.playlists()
            if name and store is not None:
                store.create(name, song_ids)
        self.name_dialog(self.skin.name_dialog_title, self.skin.create_button, "", ok, self.skin.create_kinds)

    def pick_playlist(self, song_ids: list[int]) -> None:
        store = self.m.playlists()
        assert store is not None
        items: list[tuple[str, Callable[[], Any] | None]] = [(self.skin.new_playlist, lambda: self.create_playlist(
            song_ids))]
        for p in store.all():
            items.append((p.name, lambda k=p.key: [store.add(k, i) for i in song_ids] and None))
        self.show_dialog(AlertDialog(self.skin.add_to_playlist, items=items, negative=("Cancel", None)))

    def now_title(self) -> tuple[str, bool]:
        """(title, playing): the session's item, else the restored queue's current song (paused)."""
        rec = media_sessions(self.device).get(self.app.package)
        if rec is not None and rec.title is not None:
            return rec.title, rec.state == 3
        q = self.m.queue()
        ids = q.get() if q is not None else []
        songs = by_id(self.device)
        if ids and ids[min(self.m.current, len(ids) - 1)] in songs:
            return songs[ids[min(self.m.current, len(ids) - 1)]].title, False
        return "", False

    def toggle_play(self, playing: bool) -> None:
        if media_sessions(self.device).get(self.app.package) is None:
            q = self.m.queue()
            ids = q.get() if q is not None else []
            songs = by_id(self.device)
            if ids and ids[self.m.current] in songs:
                play(self.app, self.skin.session_tag, songs[ids[self.m.current]], len(ids),
                     active=self.skin.session_active)
            return
        set_paused(self.app, playing)

    def mini_player(self) -> View | None:
        title, playing = self.now_title()
        if not title:
            return None
        return Row(TextView(title, id="mini_player_title", on_click=lambda: self.push(Player(self.app)), weight=1.0),
                   ImageButton("pause" if playing else "play", self.skin.pause_desc if playing else self.skin.play_desc,
                               on_click=lambda: self.toggle_play(playing)), id="mini_player", padding=(16, 8))

    # -- sleep timer ------------------------------------------------------------------------------
    def sleep_dialog(self) -> None:
        style = self.skin.sleep_dialog
        if style == "seekbar":
            self.seekbar_sleep_dialog()
        elif style == "seekarc":
            self.seekarc_sleep_dialog()
        elif style == "buttons":
            self.buttons_sleep_dialog()
        else:
            self.choices_sleep_dialog()

    def choices_sleep_dialog(self) -> None:
        s = self.skin
        labels = [f"{m} minutes" for m in s.sleep_choices] + [s.custom_label]

        def chosen(i: int) -> None:
            self.dismiss_dialog()
            if i < len(s.sleep_choices):
                self.m.set_sleep_timer(s.sleep_choices[i])
                return
            self.set_field("sleep_minutes", "")
            self.show_dialog(AlertDialog(s.sleep_title, view=EditText("sleep_minutes", hint="Minutes", autofocus=True),
                                         positive=("OK", self.custom_sleep), negative=("Cancel", None)))

        self.show_dialog(AlertDialog(s.sleep_title, choices=labels, on_choice=chosen, negative=("Cancel", None)))

    def custom_sleep(self) -> None:
        text = self.field("sleep_minutes").strip()
        if text.isdigit() and int(text) > 0:
            self.m.set_sleep_timer(int(text))

    def seekbar_sleep_dialog(self) -> None:
        """A "N min" readout over a 0..100 SeekBar (minimum 1) and "Start"; the app remembers the
        minutes when the finger lifts."""
        widgets = self.widgets
        widgets.progress["seekBar"] = self.m.sleep_minutes_pref()

        def change(value: int) -> None:
            if value < 1:
                widgets.progress["seekBar"] = 1

        def view() -> View:
            minutes = widgets.progress.get("seekBar", 1)
            return Column(TextView(f"{minutes} min", id="timerDisplay", size=20, padding=16),
                          SeekBar("seekBar", initial=minutes, on_change=change,
                                  on_stop=lambda _v: self.m.remember_sleep_minutes(widgets.progress["seekBar"])),
                          CheckBox("Finish last song", id="shouldFinishLastSong"))

        self.show_dialog(LiveDialog(self.skin.sleep_title, view,
                                    positive=("Start", lambda: self.m.set_sleep_timer(widgets.progress["seekBar"]))))

    def seekarc_sleep_dialog(self) -> None:
        """A 0..120 arc over a "N min" readout, "Finish last song", "Cancel" and "Set". The arc and the
        minutes "Set" uses start at 1 while the readout starts at the remembered minutes (the dialog
        sets the arc from its own field, the text from the preference); a drag shows the arc's value
        and "Set" uses it (at least 1). The negative button cancels a running timer, whose time left
        it shows."""
        widgets = self.widgets
        widgets.progress["seek_arc"] = 1
        shown = {"text": f"{self.m.sleep_minutes_pref()} min", "minutes": 1}

        def change(value: int) -> None:
            shown["text"], shown["minutes"] = f"{value} min", max(1, value)

        def finish(checked: bool) -> None:
            self.m.sleep_finish_song = checked

        def view() -> View:
            return Column(SeekArc("seek_arc", max=120, initial=1, start_angle=30, sweep_angle=300, rotation=180,
                                  clockwise=False, padding=(30, 30), width=264, height=264, on_change=change,
                                  on_stop=self.m.remember_sleep_minutes),
                          TextView(str(shown["text"]), id="timer_display", size=20, padding=16),
                          CheckBox("Finish last song", id="should_finish_last_song", checked=self.m.sleep_finish_song,
                                   on_change=finish))

        left = self.m.sleep_remaining_ms() // 1000
        readable = f"{left // 3600}:{left % 3600 // 60:02d}:{left % 60:02d}" if left >= 3600 else f"{left // 60}:{left % 60:02d}"
        cancel = f"Cancel current timer({readable})" if left > 0 else "Cancel"
        self.show_dialog(LiveDialog(self.skin.sleep_title, view, negative=(cancel, lambda: self.m.set_sleep_timer(0)),
                                    positive=("Set", lambda: self.m.set_sleep_timer(int(shown["minutes"])))))

    def buttons_sleep_dialog(self) -> None:
        """"Running: mm:ss" with "Stop" while a timer runs, preset buttons, a minutes field, Confirm."""
        s = self.skin
        self.set_field("sleep_minutes", "")

        def start(minutes: int) -> None:
            self.dismiss_dialog()
            self.m.set_sleep_timer(minutes)

        def confirm() -> None:
            text = self.field("sleep_minutes").strip()
            if text.isdigit() and int(text) > 0:
                start(int(text))

        def view() -> View:
            left = self.m.sleep_remaining_ms() // 1000
            shown = f"{left // 3600:02d}:{left % 3600 // 60:02d}:{left % 60:02d}" if left >= 3600 else (
                f"{left // 60:02d}:{left % 60:02d}")
            running = Row(TextView(f"Running: {shown}", id=s.ids.get("sleep_running"), weight=1.0),
                          Button("Stop", lambda: start(0), style="text")) if left > 0 else None
            presets = [Button(f"{m}\n minutes", lambda m=m: start(m), style="text") for m in s.sleep_choices]
            return Column(running, CheckBox("Play completed last song"),
                          *[Row(*presets[i:i + 2]) for i in range(0, len(presets), 2)],
                          EditText("sleep_minutes", hint="Enter minutes"),
                          Row(Button("Cancel", self.dismiss_dialog, style="text"), Button("Confirm", confirm, style="text")))

        self.show_dialog(LiveDialog(s.sleep_title, view))


class Library(MusicScreen):
    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.section = 0
        self.more_buttons = False

    def build(self) -> View:
        s = self.skin
        label = s.sections[self.section]
        is_playlists = label == s.playlists_label
        menu: list[tuple[str, Callable[[], Any] | None]] = []
        if s.sleep_entry == "menu":
            menu.append((s.sleep_label, self.sleep_dialog))
        if is_playlists and s.create_entry == "menu":
            menu.append((s.new_playlist, lambda: self.create_playlist([])))
        if s.nav == "drawer":
            drawer = [(sec, lambda i=i: setattr(self, "section", i)) for i, sec in enumerate(s.sections)]
            header: list[View] = [Toolbar(label, nav="menu", on_nav=lambda: active_screen().show_menu(drawer),
                                          actions=self.search_button(), menu=menu)]
        else:
            timer = [ImageButton("timer", s.sleep_label, on_click=self.sleep_dialog)] if (
                s.sleep_entry == "toolbar") else []
            if s.sleep_entry == "settings":  # "Show more options" reveals a button bar with the settings
                timer = [ImageButton("more", "Show more options",
                                     on_click=lambda: setattr(self, "more_buttons", not self.more_buttons))]
            header = [Toolbar(s.title, actions=[*timer, *self.search_button()], menu=menu)]
            if s.nav == "tabs":
                header.append(Tabs(list(s.sections), self.section, lambda i: setattr(self, "section", i)))
        body = self.playlists_list() if is_playlists else self.songs_list()
        fab = (Fab("add", s.new_playlist, on_click=lambda: self.create_playlist([]))
               if is_playlists and s.create_entry == "fab" else None)
        bottom = self.mini_player()
        if self.more_buttons:
            bar = Row(ImageButton("settings", s.sleep_label, on_click=lambda: self.push(SleepSettings(self.app))),
                      id="more_buttons")
            bottom = Column(bar, bottom) if bottom is not None else bar
        if s.nav == "bottom":
            nav = BottomNav([("library", sec) for sec in s.sections], self.section,
                            lambda i: setattr(self, "section", i))
            bottom = Column(bottom, nav) if bottom is not None else nav
        return Scaffold(header[0], *header[1:], body, fab=fab, bottom=bottom)

    def search_button(self) -> list[View]:
        if not self.skin.search:
            return []
        return [ImageButton("search", self.skin.search_desc, on_click=lambda: self.push(Search(self.app)))]

    def songs_list(self) -> View:
        rows = [self.song_row(song, self.library_song_menu(song), lambda x=song: self.m.play_song(x))
                for song in library(self.device)]
        return ScrollList(*rows, id="songs_list")

    def playlists_list(self) -> View:
        store = self.m.playlists()
        rows: list[View | None] = []
        for p in store.all() if store is not None else []:
            rows.append(ListItem(p.name, f"{len(p.song_ids)} songs", title_id=self.m.ids("playlist_title"),
                                 on_click=lambda k=p.key: self.push(PlaylistPage(self.app, k))))
        return ScrollList(*rows, id="playlists_list", empty_text="No playlists")


class PlaylistPage(MusicScreen):
    def __init__(self, app: SimApp, key: str) -> None:
        super().__init__(app)
        self.key = key

    def playlist(self) -> StoredPlaylist | None:
        store = self.m.playlists()
        return next((p for p in store.all() if p.key == self.key), None) if store is not None else None

    def build(self) -> View:
        p = self.playlist()
        s = self.skin
        if p is None:
            return Scaffold(Toolbar("", nav="back"), TextView("Playlist not found"))
        songs = by_id(self.device)
        members = [songs[i] for i in p.song_ids if i in songs]
        total = sum(x.duration_ms for x in members)
        header = (TextView(fmt_total(total, s.duration_format, len(members)), id=self.m.ids("duration"), padding=16)
                  if s.duration_format != "none" else TextView(f"{len(members)} songs", padding=16))
        store = self.m.playlists()
        assert store is not None
        rows = [self.song_row(x, [(s.remove_from_playlist, lambda i=x.id: store.remove(self.key, i))],
                              lambda x=x: self.m.play_song(x)) for x in members]
        menu = [(s.rename_label, lambda: self.name_dialog(s.rename_label, s.rename_button, p.name,
                                                           lambda n: n and store.rename(self.key, n)))]
        return Scaffold(Toolbar(p.name, nav="back", menu=menu), header, ScrollList(*rows, id="playlist_songs"),
                        bottom=self.mini_player())


class Player(MusicScreen):
    activity = ".PlayerActivity"

    def build(self) -> View:
        s = self.skin
        title, playing = self.now_title()
        actions = [ImageButton("queue", s.queue_label, on_click=self.open_queue)] if (
            s.queue_entry == "icon" and self.m.queue() is not None) else []
        menu = [(s.queue_label, self.open_queue)] if s.queue_entry == "menu" and self.m.queue() is not None else []
        if s.sleep_entry == "player_menu":
            menu.append((s.sleep_label, self.sleep_dialog))
        if s.sleep_entry == "player":
            actions.insert(0, ImageButton("timer", s.sleep_label, on_click=self.sleep_dialog))
        return Scaffold(Toolbar("", nav="back", actions=actions, menu=menu),
                        TextView(title, id="player_song_title", size=22, padding=24),
                        ImageButton("pause" if playing else "play", s.pause_desc if playing else s.play_desc,
                                    on_click=lambda: self.toggle_play(playing), id="player_play_pause"))

    def open_queue(self) -> None:
        self.push(QueuePage(self.app))


class QueuePage(MusicScreen):
    def build(self) -> View:
        s = self.skin
        q = self.m.queue()
        songs = by_id(self.device)
        ids = q.get() if q is not None else []
        rows = [self.song_row(songs[i], [], None) for i in ids if i in songs]
        menu = [(s.save_queue, lambda: self.create_playlist(ids))] if self.m.playlists() is not None else []
        return Scaffold(Toolbar(s.queue_label, nav="back", menu=menu), ScrollList(*rows, id="queue_list"))


class Search(MusicScreen):
    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.focus("search_query")

    def build(self) -> View:
        q = self.field("search_query").strip().lower()
        hits = [x for x in library(self.device) if q and q in x.title.lower()]
        rows = [self.song_row(x, self.library_song_menu(x), lambda x=x: self.m.play_song(x)) for x in hits]
        return Scaffold(Toolbar("", nav="back"), EditText("search_query", hint=self.skin.search_hint, padding=(16, 8)),
                        ScrollList(*rows, id="search_results", empty_text="No results" if q else ""))


class LiveDialog(AlertDialog):
    """An AlertDialog whose custom view is rebuilt every frame (a readout that follows a SeekBar)."""

    def __init__(self, title: str, view: Callable[[], View], **kwargs: Any) -> None:
        super().__init__(title, **kwargs)
        self.make_view = view

    def build(self) -> View:
        self.view = self.make_view()
        return super().build()


class SleepSettings(MusicScreen):
    """A settings page whose "Sleep timer" category holds the delay preference (an EditText
    preference: summary = minutes) and "Start sleep timer" / "Stop sleep timer" ("Playback will
    pause at: <time>" while one runs)."""

    def build(self) -> View:
        s = self.skin
        delay = self.m.sleep_minutes_pref()
        left = self.m.sleep_remaining_ms()
        ids = {"title_id": "android:id/title", "subtitle_id": "android:id/summary"}
        rows: list[View | None] = [ListItem(label, summary, **ids) for label, summary in s.settings_rows]
        rows.append(TextView(s.sleep_title, id="category_title", padding=(16, 12), color="#6750A4"))
        rows.append(ListItem("Sleep timer delay in minutes", str(delay), on_click=self.edit_delay, **ids))
        if left > 0:
            at = device_now(self.device) + dt.timedelta(milliseconds=left)
            rows.append(ListItem("Stop sleep timer", f"Playback will pause at: {at:%-I:%M:%S %p}",
                                 on_click=lambda: self.m.set_sleep_timer(0), **ids))
        else:
            rows.append(ListItem("Start sleep timer", "", on_click=lambda: self.m.set_sleep_timer(delay), **ids))
        return Scaffold(Toolbar("Settings", nav="back"), ScrollList(*rows, id="recycler_view"))

    def edit_delay(self) -> None:
        self.set_field("android:id/edit", str(self.m.sleep_minutes_pref()))

        def ok() -> None:
            text = self.field("android:id/edit").strip()
            if text.isdigit() and int(text) > 0:  # "Sleep timer delay must be a positive number"
                self.m.remember_sleep_minutes(int(text))

        self.show_dialog(AlertDialog("Sleep timer delay in minutes", view=EditText("android:id/edit", autofocus=True),
                                     positive=("OK", ok), negative=("Cancel", None)))


MusicApp.home = Library  # every skin's launch screen (an app may set its own)
