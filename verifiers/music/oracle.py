"""Gold UI solutions for the Music templates, written once against a ``MusicUi`` per player.

A ``MusicUi`` says where a player keeps what the scripts need: how library sections are reached
(tabs, a bottom bar, a drawer), where "new playlist" lives, how a song's menu opens (its "more"
button or a long press) and the labels of the menu items, how the queue is opened and saved, and
how a playlist page shows its total. Songs are found through the player's search (one result, so
its menu button is the only one on screen); a playlist's rows are in playlist order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Literal

from pytest_anyapp.agents.oracle import (
    Answer,
    By,
    Drag,
    Intent,
    LongPress,
    Press,
    Read,
    ScrollTo,
    Tap,
    TypeInto,
    TypeText,
)
from verifiers.bundle import Script, gold_from_body
from verifiers.music.state import parse_duration

Steps = Generator[Intent, str, None]


@dataclass(frozen=True)
class MusicUi:
    app_id: str
    nav: Literal["tabs", "drawer", "bottom", "none"]
    playlists_section: str
    new_playlist: By
    new_playlist_in_menu: bool
    name_field: By
    create: str
    rename: str
    rename_button: str
    song_menu: Literal["button", "long_press"]
    more_desc: str
    play_next: str
    add_to_queue: str
    add_to_playlist: str
    remove: str
    queue_entry: Literal["icon", "menu"]
    queue_label: str
    save_queue: str
    duration_res: str | None  # None: the page shows no total, add the rows up
    search: By | None  # None: no search; the song is scrolled to in the library
    search_field: By
    song_title_res: str
    playlist_title_res: str
    create_kind: str = ""  # the create dialog's kind to pick (Phonograph Plus: "Database playlists")
    sleep_label: str = ""
    sleep_choices: tuple[int, ...] = ()
    #: How the timer is set: a list dialog from the library's overflow (Fossify), a SeekBar dialog
    #: from the player's toolbar (Retro), a 0..120 arc from the player's overflow (Phonograph),
    #: preset buttons + a minutes field from the library's toolbar (MonsterMusic), the delay
    #: preference + "Start sleep timer" in Settings (SicMu).
    sleep_style: Literal["choices", "seekbar", "seekarc", "buttons", "settings"] = "choices"


RETRO = MusicUi(
    app_id="music_retro_music", nav="bottom", playlists_section="Playlists", new_playlist=By(text="New playlist"),
    new_playlist_in_menu=True, name_field=By(res="playlist_name"), create="Create", rename="Rename",
    rename_button="Rename", song_menu="button", more_desc="More options", play_next="Play next",
    add_to_queue="Add to playing queue", add_to_playlist="Add to playlist…", remove="Remove from playlist",
    queue_entry="icon", queue_label="Playing queue", save_queue="Save playing queue", duration_res="playlist_info",
    search=By(desc="Search"), search_field=By(res="search_query"), song_title_res="title", playlist_title_res="title",
    sleep_label="Sleep timer", sleep_style="seekbar",
)

FOSSIFY = MusicUi(
    app_id="music_fossify_music", nav="tabs", playlists_section="Playlists", new_playlist=By(text="Create new playlist"),
    new_playlist_in_menu=True, name_field=By(res="playlist_name"), create="OK", rename="Rename playlist",
    rename_button="OK", song_menu="long_press", more_desc="More", play_next="Play next", add_to_queue="Add to queue",
    add_to_playlist="Add to playlist", remove="Remove from playlist", queue_entry="menu", queue_label="Queue",
    save_queue="Create playlist from queue", duration_res=None, search=By(desc="Search"),
    search_field=By(res="search_query"), song_title_res="track_title", playlist_title_res="playlist_title",
    sleep_label="Sleep timer", sleep_choices=(5, 10, 20, 30, 60),
)

APOLLO = MusicUi(
    app_id="music_apollo", nav="tabs", playlists_section="Playlists", new_playlist=By(text="New playlist"),
    new_playlist_in_menu=True, name_field=By(res="playlist_name"), create="Save", rename="Rename", rename_button="Save",
    song_menu="long_press", more_desc="Context menu", play_next="Play next", add_to_queue="Add to queue",
    add_to_playlist="Add to playlist", remove="Remove from playlist", queue_entry="icon", queue_label="Queue",
    save_queue="Save queue", duration_res=None, search=By(desc="Search library"), search_field=By(res="search_query"),
    song_title_res="line_one", playlist_title_res="line_one",
)

PHONOGRAPH = MusicUi(
    app_id="music_phonograph_plus", nav="drawer", playlists_section="Playlists", new_playlist=By(desc="New playlist"),
    new_playlist_in_menu=False, name_field=By(res="playlist_name"), create="Create", rename="Rename", rename_button="OK",
    song_menu="button", more_desc="Menu", play_next="Play next", add_to_queue="Add to playing queue",
    add_to_playlist="Add to playlist", remove="Remove from playlist", queue_entry="menu", queue_label="Playing queue",
    save_queue="Save playing queue", duration_res="text_playlist_info", search=By(desc="Search"),
    search_field=By(res="search_query"), song_title_res="title", playlist_title_res="title",
    create_kind="Database playlists", sleep_label="Sleep timer", sleep_style="seekarc",
)

MONSTER = MusicUi(
    app_id="music_monstermusic", nav="tabs", playlists_section="PlayLists", new_playlist=By(desc="Create playlist"),
    new_playlist_in_menu=False, name_field=By(res="playlist_name"), create="Confirm", rename="Rename playlist",
    rename_button="Confirm", song_menu="button", more_desc="Operate", play_next="Play next", add_to_queue="Add to queue",
    add_to_playlist="Add to playlist", remove="Remove from current playlist", queue_entry="icon", queue_label="Queue",
    save_queue="Save as playlist", duration_res="playlist_total", search=By(desc="Search music"),
    search_field=By(res="search_query"), song_title_res="song_name", playlist_title_res="playlist_name_text",
    sleep_label="Sleeper time", sleep_style="buttons", sleep_choices=(5, 10, 15, 30),
)

SICMU = MusicUi(
    app_id="music_sicmu_neo", nav="none", playlists_section="", new_playlist=By(), new_playlist_in_menu=False,
    name_field=By(), create="", rename="", rename_button="", song_menu="long_press", more_desc="", play_next="",
    add_to_queue="", add_to_playlist="", remove="", queue_entry="menu", queue_label="", save_queue="",
    duration_res=None, search=None, search_field=By(), song_title_res="song_title", playlist_title_res="",
    sleep_label="Open settings", sleep_style="settings",
)

APPS: tuple[MusicUi, ...] = (RETRO, FOSSIFY, APOLLO, PHONOGRAPH, MONSTER, SICMU)


# -- building blocks ---------------------------------------------------------------------------------

def section(ui: MusicUi, label: str) -> Steps:
    if ui.nav == "drawer":
        yield Tap(By(desc="Open navigation drawer"))
        yield Tap(By(text=label))
    else:
        yield Tap(By(desc=label))


def open_playlist(ui: MusicUi, name: str) -> Steps:
    yield from section(ui, ui.playlists_section)
    yield Tap(By(text=name, res=ui.playlist_title_res))


def row_menu(ui: MusicUi, title: str, nth_button: int) -> Steps:
    """Open the menu of the song row ``title`` (its ``nth_button``-th "more" button on screen)."""
    if ui.song_menu == "long_press":
        yield LongPress(By(text=title, res=ui.song_title_res))
    else:
        yield Tap(By(desc=ui.more_desc, nth=nth_button))


def song_action(ui: MusicUi, title: str, item: str) -> Steps:
    """Search the song, open its menu, pick ``item``."""
    assert ui.search is not None
    yield Tap(ui.search)
    yield TypeInto(ui.search_field, title)
    yield from row_menu(ui, title, 0)
    yield Tap(By(text=item))


def name_and_confirm(ui: MusicUi, name: str, button: str) -> Steps:
    if ui.create_kind and button == ui.create:
        yield Tap(By(text=ui.create_kind))
    yield TypeInto(ui.name_field, name)
    yield Tap(By(text=button, res="button1"))


def open_queue(ui: MusicUi) -> Steps:
    """From the library: the mini player opens the player; the queue from its toolbar or menu."""
    yield Tap(By(res="mini_player_title"))
    if ui.queue_entry == "icon":
        yield Tap(By(desc=ui.queue_label))
    else:
        yield Tap(By(desc="More options"))
        yield Tap(By(text=ui.queue_label))


# -- one script per template ---------------------------------------------------------------------------

def _create(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from section(ui, ui.playlists_section)
    if ui.new_playlist_in_menu:
        yield Tap(By(desc="More options"))
    yield Tap(ui.new_playlist)
    yield from name_and_confirm(ui, p["playlist_name"], ui.create)


def _rename(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from open_playlist(ui, p["old_name"])
    yield Tap(By(desc="More options"))
    yield Tap(By(text=ui.rename))
    yield from select_all_and_type(ui, p["new_name"])
    yield Tap(By(text=ui.rename_button, res="button1"))


def select_all_and_type(ui: MusicUi, text: str) -> Steps:
    """The name field holds the old name: Android's own way to overwrite it."""
    yield LongPress(ui.name_field)
    yield Tap(By(text="Select all"))
    yield TypeText(text)


def _add(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from song_action(ui, p["song_title"], ui.add_to_playlist)
    yield Tap(By(text=p["playlist_name"]))


def _remove(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from open_playlist(ui, p["playlist_name"])
    index = p["songs"].index(p["song_title"])
    # the toolbar's overflow ("More options") comes first on screen, then one button per row
    yield from row_menu(ui, p["song_title"], index + 1 if ui.more_desc == "More options" else index)
    yield Tap(By(text=ui.remove))


def _add_queue(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from song_action(ui, p["song_title"], ui.add_to_queue)


def _reorder(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from song_action(ui, p["song_title"], ui.play_next)


def _save(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from open_queue(ui)
    yield Tap(By(desc="More options"))
    yield Tap(By(text=ui.save_queue))
    yield from name_and_confirm(ui, p["playlist_name"], ui.create)


def _duration(ui: MusicUi, p: dict[str, Any]) -> Steps:
    yield from open_playlist(ui, p["playlist_name"])
    if ui.duration_res is not None:
        text = yield Read(By(res=ui.duration_res))
        total = parse_duration(text.rsplit("•", 1)[-1].rsplit(",", 1)[-1])
    else:
        total = 0
        for i in range(len(p["songs"])):
            line = yield Read(By(text_contains=" • ", nth=i))
            total += parse_duration(line.rsplit("•", 1)[-1]) or 0
    assert total is not None
    yield Answer(f"{total // 60}:{total % 60:02d}")


def _sleep(ui: MusicUi, p: dict[str, Any]) -> Steps:
    minutes: int = p["minutes"]
    if ui.sleep_style == "seekbar":
        yield from _sleep_seekbar(ui, minutes)
        return
    if ui.sleep_style == "seekarc":
        yield from _sleep_seekarc(ui, minutes)
        return
    if ui.sleep_style == "buttons":
        yield from _sleep_buttons(ui, minutes)
        return
    if ui.sleep_style == "settings":
        yield from _sleep_settings(ui, minutes)
        return
    yield Tap(By(desc="More options"))
    yield Tap(By(text=ui.sleep_label))
    if minutes in ui.sleep_choices:
        yield Tap(By(text=f"{minutes} minutes"))
        return
    yield Tap(By(text="Custom"))
    yield TypeInto(By(res="sleep_minutes"), str(minutes))
    yield Tap(By(text="OK", res="button1"))


def _sleep_seekbar(ui: MusicUi, minutes: int) -> Steps:
    """The timer lives in the player's toolbar, so a song is played first. The SeekBar (0..100
    minutes) is dragged from its thumb towards the target, reading the "N min" readout after each
    drag and correcting (its padding is not on screen), then "Start"."""
    yield Tap(By(res=ui.song_title_res))
    yield Tap(By(res="mini_player_title"))
    yield Tap(By(desc=ui.sleep_label))
    value = int((yield Read(By(res="timerDisplay"))).split()[0])
    yield from _drag_to(By(res="seekBar"), By(res="timerDisplay"), 100, value, minutes)
    yield Tap(By(text="Start", res="button1"))


def _sleep_seekarc(ui: MusicUi, minutes: int) -> Steps:
    """Phonograph Plus: "Sleep timer" is in the player's overflow, so a song is played first. The
    arc (0..120, its value set by the angle of the touch) starts at 1 whatever the readout shows (it
    shows the last minutes chosen), so the script drags the thumb from 1 to the minutes' angle, reads
    the "N min" readout and corrects, then "Set"."""
    yield Tap(By(res=ui.song_title_res))
    yield Tap(By(res="mini_player_title"))
    yield Tap(By(desc="More options"))
    yield Tap(By(text=ui.sleep_label))
    thumb, aim = 1, minutes
    for _ in range(4):
        yield Drag(By(res="seek_arc"), _arc_point(thumb), _arc_point(aim))
        value = int((yield Read(By(res="timer_display"))).split()[0])
        if value == minutes:
            break
        thumb, aim = aim, aim + minutes - value
    yield Tap(By(text="Set", res="button1"))


def _arc_point(progress: int) -> tuple[float, float]:
    """Phonograph's arc (``dialog_sleep_timer.xml``: max 120, startAngle 30, sweep 300, rotation 180,
    counter-clockwise; a square view centred on the arc): where ``progress`` lies, as fractions of the
    view, at 0.4 of its side from the centre (on the arc's ring, outside the ignored inner quarter)."""
    a = math.radians(progress * 300 / 120 + 30 + 180 - 90)
    return (0.5 - 0.4 * math.cos(a), 0.5 + 0.4 * math.sin(a))


def _drag_to(bar: By, readout: By, maximum: int, value: int, minutes: int) -> Steps:
    """Drag a slider's thumb (at ``value``) towards ``minutes``, reading the readout after each drag
    and correcting (the padding is not on screen)."""
    thumb, aim, slope = value / maximum, minutes / maximum, 1 / maximum  # bar fraction per minute
    tried: list[tuple[float, int]] = []
    for _ in range(5):
        if value == minutes:
            break
        yield Drag(bar, (thumb, 0.5), (aim, 0.5))
        value = int((yield Read(readout)).split()[0])
        tried.append((aim, value))
        if len(tried) > 1 and tried[-1][1] != tried[-2][1]:  # secant through the last two drags
            slope = (tried[-1][0] - tried[-2][0]) / (tried[-1][1] - tried[-2][1])
        thumb, aim = aim, min(1.0, max(0.0, aim + (minutes - value) * slope))


def _sleep_buttons(ui: MusicUi, minutes: int) -> Steps:
    yield Tap(By(desc=ui.sleep_label))
    if minutes in ui.sleep_choices:
        yield Tap(By(text=f"{minutes}\n minutes"))
        return
    yield TypeInto(By(text="Enter minutes", class_contains="EditText"), str(minutes))
    yield Tap(By(text="Confirm"))


def _sleep_settings(ui: MusicUi, minutes: int) -> Steps:
    yield Tap(By(desc="Show more options"))
    yield Tap(By(desc=ui.sleep_label))
    delay = By(text="Sleep timer delay in minutes")
    yield ScrollTo(delay)
    yield Tap(delay)
    yield LongPress(By(class_contains="EditText"))  # the preference's field holds the old delay
    yield Tap(By(text="Select all"))
    yield TypeText(str(minutes))
    yield Tap(By(text="OK", res="button1"))
    yield Tap(By(text="Start sleep timer"))


def _play(ui: MusicUi, p: dict[str, Any]) -> Steps:
    target = By(text=p["song_title"], res=ui.song_title_res)
    if ui.search is None:
        yield ScrollTo(target)
    else:
        yield Tap(ui.search)
        yield TypeInto(ui.search_field, p["song_title"])
    yield Tap(target)


BODIES: dict[str, Callable[[MusicUi, dict[str, Any]], Steps]] = {
    "RetroCreatePlaylist": _create, "RetroRenamePlaylist": _rename, "RetroAddToPlaylist": _add,
    "RetroRemoveFromPlaylist": _remove, "RetroAddToQueue": _add_queue, "RetroReorderQueue": _reorder,
    "RetroSavePlaylist": _save, "RetroPlaylistDuration": _duration, "RetroSearchAndPlay": _play,
    "RetroSleepTimer": _sleep,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description (the
    duration question ends with its ``Answer``)."""
    ui = next((u for u in APPS if u.app_id == app_id), None)
    return gold_from_body(BODIES.get(semantic_id), ui,
                          done=semantic_id != "RetroPlaylistDuration")


__all__ = ["APPS", "Press", "gold_script"]
