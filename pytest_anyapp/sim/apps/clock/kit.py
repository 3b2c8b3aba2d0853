"""The Clock screen kit: alarms, world clocks, timers and the stopwatch written once against a skin.

A Clock app double is a :class:`ClockSkin` (labels, ids and one choice per variation point) plus,
rarely, an override screen (listed in docs/clock.md). Variation points:

* **navigation** — top tabs or a bottom bar (``ClockSkin.nav``), tab order and labels;
* **time pickers** — ``material`` (MaterialTimePicker in clock mode, :mod:`..time_pickers`, opened
  from the editor's time or, in the AOSP DeskClock lineage, straight from the FAB), ``text`` (hour
  and minute fields), ``spinner``
  (NumberPicker columns whose centre is an editable field, as Android's NumberPicker), ``scroll``
  (Compose/Flutter wheels: a list of values to scroll to and tap) or ``keypad`` (digits typed right
  to left, AOSP timer setup); for alarms and timers separately;
* **where delete lives** — in the alarm editor, a long-press selection bar, or a button on the row;
* **timer flow** — a setup screen whose Start creates and runs the timer (``setup_start``), or a
  "new timer" page that saves an idle timer to a list with play buttons (``list_save``);
* **world clocks** — a city search page or a checklist of zones with an OK button;
* **storage** — which :mod:`.store` profile the app writes (``ClockSkin.store``);
* **12/24-hour** times, labels and resource ids.

Timers and the stopwatch keep time on the device clock: a running one advances between two
observations, so start, pause and reset are real transitions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Intent, Screen, SimApp
from pytest_anyapp.sim.apps.clock.store import (
    AlarmRow,
    ChronoStore,
    City,
    ClockStore,
    ClockYouStore,
    DeskClockStore,
    Memory,
    PrivateStore,
    SimpleStore,
    StopwatchRow,
    TimerRow,
    wipe_user_de,
)
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.apps.time_pickers import show_time_picker
from pytest_anyapp.sim.providers.clock import AlarmManagerRecord
from pytest_anyapp.sim.ui.theme import dp
from pytest_anyapp.sim.ui.views import (
    BottomNav,
    Button,
    CheckBox,
    Column,
    EditText,
    Fab,
    ImageButton,
    Row,
    Scaffold,
    ScrollList,
    Spacer,
    Switch,
    Tabs,
    TextView,
    Toolbar,
    View,
)

Picker = Literal["text", "spinner", "scroll", "keypad"]
SET_ALARM = "android.intent.action.SET_ALARM"


@dataclass(frozen=True)
class AlarmSkin:
    list_id: str
    time_id: str
    switch_id: str
    add: Icon
    picker: Literal["text", "spinner", "scroll", "material", "chrono"]
    #: ``swipe``: swiping the row start-to-end asks "Delete alarm?" (title ``delete_label``,
    #: message ``delete_confirm``, buttons ``delete_ok`` / ``cancel``), as Compose's SwipeToDismissBox
    delete: Literal["editor", "select", "row", "swipe"]
    delete_label: str = "Delete"
    delete_confirm: str = ""  # a confirmation dialog's message ("" = none)
    delete_ok: str = ""  # the confirmation's positive button ("" = ``delete_label``)
    drag_handle: bool = False  # rows carry a reorder handle (manual sort)
    #: ``material`` only: the editor's time, tapped to open the picker.
    editor_time_id: str = "edit_alarm_time"
    #: ``material`` only, the AOSP DeskClock lineage: the FAB opens the picker at once and its OK
    #: saves (a new alarm, or the edited one: ``AlarmTimeClickHandler.setAlarm``).
    picker_saves: bool = False
    new_title: str = "Add alarm"
    edit_title: str = "Edit alarm"
    save: str = "Save"
    cancel: str = "Cancel"
    empty_text: str = ""


@dataclass(frozen=True)
class TimerSkin:
    flow: Literal["setup_start", "list_save"]
    picker: Picker
    start: Icon
    pause: str
    resume: str
    reset: str
    time_id: str
    list_id: str = "timers_list"
    add: Icon = Icon("add", "Add timer")
    save: str = "Save"
    new_title: str = "New timer"
    fields: tuple[str, str, str] = ("Hours", "Minutes", "Seconds")
    presets: tuple[int, ...] = ()  # preset lengths (s) under the setup; a tap starts one
    sheet: bool = False  # a new timer over running ones is a bottom sheet with a "Start" text button


@dataclass(frozen=True)
class StopwatchSkin:
    time_id: str
    start: str
    pause: str
    resume: str
    reset: str
    lap: str
    labels_as_desc: bool = True  # icon buttons (content description) rather than text buttons


@dataclass(frozen=True)
class WorldSkin:
    add: Icon
    flow: Literal["search", "checklist"]
    list_id: str
    row_id: str
    title: str = "Add city"
    search_hint: str = "Search"
    ok: str = "OK"
    empty_text: str = ""
    #: The city search field's kind, for Enter: an androidx ``SearchView`` (its editor listener
    #: takes every action, IME_NULL included: onSubmitQuery, nothing to see), a Compose
    #: ``TextField`` left multi-line (Enter adds a line), a Flutter single-line ``TextField``
    #: (Enter = its done action: unfocus).
    search_field: Literal["searchview", "compose_multiline", "flutter"] = "searchview"
    #: The search field has the focus when the page opens (Clock 2.29 clears it after start).
    search_autofocus: bool = True


@dataclass(frozen=True)
class ClockSkin:
    nav: Literal["tabs", "bottom"]
    tabs: tuple[tuple[str, str, str], ...]  # (tab name, label, icon); names: alarm, clock, timer, stopwatch
    alarm: AlarmSkin
    timer: TimerSkin
    stopwatch: StopwatchSkin
    world: WorldSkin
    store: Literal["simple", "deskclock", "chrono", "clockyou", "private"]
    clock: Literal["12h", "24h"] = "24h"
    title: str = ""  # a toolbar over the tabs ("" = none)
    menu: tuple[str, ...] = ()  # the toolbar's overflow items (labels; they open nothing here)
    set_alarm_intent: bool = False  # handles AlarmClock.ACTION_SET_ALARM
    device_protected: bool = False  # keeps its data in /data/user_de/0/<pkg> (pm clear wipes it too)
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


_STORES: dict[str, Callable[[SimApp, Memory], ClockStore]] = {
    "simple": SimpleStore, "deskclock": DeskClockStore, "chrono": ChronoStore, "clockyou": ClockYouStore,
    "private": PrivateStore,
}


# -- formats ---------------------------------------------------------------------------------------

def alarm_label(hour: int, minute: int, twelve: bool) -> str:
    if not twelve:
        return f"{hour:02d}:{minute:02d}"
    return f"{(hour % 12) or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def duration_label(ms: int) -> str:
    """``H:MM:SS`` from an hour on, else ``MM:SS`` (timers)."""
    s = max(0, ms) // 1000
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60:02d}:{s % 60:02d}"


def preset_label(seconds: int) -> str:
    """``MM:SS``, ``HH:MM:SS`` from an hour on (Clock You's ``PersistentTimer.formattedTime``)."""
    h, m, s = seconds // 3600, seconds // 60 % 60, seconds % 60
    return f"{h:02d}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def stopwatch_label(ms: int) -> str:
    """``MM:SS.hh`` (hundredths), ``H:MM:SS.hh`` from an hour on."""
    cs = max(0, ms) // 10
    s, hundredths = divmod(cs, 100)
    head = f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60:02d}:{s % 60:02d}"
    return f"{head}.{hundredths:02d}"


# -- the app ----------------------------------------------------------------------------------------

class ClockApp(SimApp):
    """A clock app double: metadata on the subclass, everything else from its ``skin``."""

    skin: ClassVar[ClockSkin]
    permissions = tuple(f"android.permission.{p}" for p in (
        "POST_NOTIFICATIONS", "SCHEDULE_EXACT_ALARM", "VIBRATE", "WAKE_LOCK", "RECEIVE_BOOT_COMPLETED",
    ))

    def __init__(self, device: Any) -> None:
        super().__init__(device)
        self.memory = Memory()

    @property
    def store(self) -> ClockStore:
        return _STORES[self.skin.store](self, self.memory)

    def on_create(self) -> None:
        """A clock app re-registers its alarms with AlarmManager whenever its process starts."""
        self.schedule_alarms()

    def on_clear(self) -> None:
        if self.skin.device_protected:
            wipe_user_de(self)
        AlarmManagerRecord(self.device.config.state_dir).replace_package(self.package, [])

    def schedule_alarms(self) -> None:
        """What the real apps hand to AlarmManager: an exact wake-up per enabled alarm, and the
        soonest one as the alarm clock (``setAlarmClock``, the status-bar alarm)."""
        now = self.now_ms()
        entries = sorted(({"tag": f"{self.package}.ALARM_{a.id}", "when_ms": next_occurrence(now, a)}
                          for a in self.store.alarms() if a.enabled), key=lambda e: int(e["when_ms"]))
        for i, e in enumerate(entries):
            e["alarm_clock"] = i == 0
        AlarmManagerRecord(self.device.config.state_dir).replace_package(self.package, entries)

    def twelve(self) -> bool:
        return self.skin.clock == "12h"

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        return cls.skin.set_alarm_intent and intent.action == SET_ALARM

    def open_intent(self, intent: Intent) -> Screen | None:
        """AlarmClock.ACTION_SET_ALARM with EXTRA_HOUR/EXTRA_MINUTES (and EXTRA_SKIP_UI)."""
        hour = int(intent.extras.get("android.intent.extra.alarm.HOUR", 0))
        minute = int(intent.extras.get("android.intent.extra.alarm.MINUTES", 0))
        self.store.add_alarm(hour, minute)
        self.schedule_alarms()
        return Main(self, "alarm")


def next_occurrence(now_ms: int, alarm: AlarmRow) -> int:
    """The next time (epoch ms, device time zone UTC) the alarm's hour:minute comes round."""
    now = dt.datetime.fromtimestamp(now_ms / 1000, dt.UTC)
    when = now.replace(hour=alarm.hour, minute=alarm.minute, second=0, microsecond=0)
    if when <= now:
        when += dt.timedelta(days=1)
    return int(when.timestamp() * 1000)


class ClockScreen(Screen):
    @property
    def clock(self) -> ClockApp:
        assert isinstance(self.app, ClockApp)
        return self.app

    @property
    def skin(self) -> ClockSkin:
        return self.clock.skin

    @property
    def store(self) -> ClockStore:
        return self.clock.store


class Main(ClockScreen):
    """The tabbed main screen."""

    def __init__(self, app: SimApp, tab: str = "") -> None:
        super().__init__(app)
        names = [t[0] for t in self.skin.tabs]
        self.tab = names.index(tab) if tab in names else 0
        self.selected: list[int] = []
        self.setup: TimerSetup | None = None  # the timer setup shown while there is no timer

    def activity_name(self) -> str:
        return self.app.activity_name(self.app.launch_activity or "")

    def select_tab(self, index: int) -> None:
        self.tab, self.selected = index, []

    def build(self) -> View:
        s = self.skin
        labels = [t[1] for t in s.tabs]
        name = s.tabs[self.tab][0]
        body, fab = {"alarm": self.alarms, "clock": self.world, "timer": self.timers,
                     "stopwatch": self.stopwatch}.get(name, self.elsewhere)()
        header: View | None = None
        if self.selected:
            header = Toolbar(f"{len(self.selected)} selected", nav="back", on_nav=self.clear_selection,
                             actions=[ImageButton("delete", s.alarm.delete_label, on_click=self.ask_delete,
                                                  id="cab_delete")])
        elif s.title:
            header = Toolbar(s.title, menu=[(label, None) for label in s.menu])
        if s.nav == "tabs":
            return Scaffold(header, Tabs(labels, self.tab, self.select_tab), *body, fab=fab)
        nav = BottomNav([(t[2], t[1]) for t in s.tabs], self.tab, self.select_tab)
        return Scaffold(header, *body, fab=fab, bottom=nav)

    def elsewhere(self) -> tuple[list[View], Fab | None]:
        """A tab outside the category (e.g. Bedtime): shown, not modelled."""
        return [TextView(self.skin.tabs[self.tab][1], size=22, align="center", padding=(0, 96))], None

    # -- alarms ------------------------------------------------------------------------------------
    def alarms(self) -> tuple[list[View], Fab | None]:
        a = self.skin.alarm
        rows: list[View] = []
        for alarm in self.store.alarms():
            trailing: list[View] = [Switch(checked=alarm.enabled, id=a.switch_id,
                                           on_change=lambda on, i=alarm.id: self.toggle(i, on))]
            if a.drag_handle:
                trailing.insert(0, ImageButton("drag", "Reorder", id="alarm_drag_handle"))
            if a.delete == "row":
                trailing.insert(0, ImageButton("delete", a.delete_label, id="alarm_delete",
                                               on_click=lambda i=alarm.id: self.delete([i])))
            rows.append(Row(
                TextView(alarm_label(alarm.hour, alarm.minute, self.clock.twelve()), id=a.time_id, size=32,
                         weight=1.0, on_click=lambda r=alarm: self.tap_alarm(r),
                         on_long_click=(lambda i=alarm.id: self.long_press(i)) if a.delete == "select" else None,
                         selected=alarm.id in self.selected),
                *trailing, padding=(16, 8)))
            if a.delete == "swipe":
                rows[-1].on_swipe = lambda d, i=alarm.id: self.swiped(i) if d == "right" else None
        add = Fab(a.add.icon, a.add.desc, on_click=self.new_alarm, id=a.add.id or None)
        return [ScrollList(*rows, id=a.list_id, empty_text=a.empty_text)], add

    def new_alarm(self) -> None:
        """The editor, or (``picker_saves``) the picker on the current time, whose OK adds the alarm."""
        if not self.skin.alarm.picker_saves:
            self.push(AlarmEditor(self.app, None))
            return
        now = dt.datetime.fromtimestamp(self.clock.now_ms() / 1000, dt.UTC)

        def add(hour: int, minute: int) -> None:
            self.store.add_alarm(hour, minute)
            self.clock.schedule_alarms()
        show_time_picker(self, self.skin.alarm.picker, now.hour, now.minute, twelve=self.clock.twelve(), on_set=add)

    def tap_alarm(self, alarm: AlarmRow) -> None:
        if self.selected:
            self.long_press(alarm.id)
        else:
            self.push(AlarmEditor(self.app, alarm))

    def long_press(self, alarm_id: int) -> None:
        self.selected = [i for i in self.selected if i != alarm_id] if alarm_id in self.selected else [
            *self.selected, alarm_id]

    def clear_selection(self) -> None:
        self.selected = []

    def ask_delete(self) -> None:
        ids = list(self.selected)
        confirm = self.skin.alarm.delete_confirm
        if confirm:
            self.show_dialog(AlertDialog("", confirm, positive=(self.skin.alarm.delete_label, lambda: self.delete(ids)),
                                         negative=(self.skin.alarm.cancel, None)))
        else:
            self.delete(ids)

    def swiped(self, alarm_id: int) -> None:
        """Start-to-end swipe: the row springs back and a dialog asks before deleting."""
        a = self.skin.alarm
        self.show_dialog(AlertDialog(a.delete_label, a.delete_confirm, positive=(a.delete_ok or a.delete_label,
                                     lambda: self.delete([alarm_id])), negative=(a.cancel, None)))

    def delete(self, ids: list[int]) -> None:
        for i in ids:
            self.store.delete_alarm(i)
        self.selected = []
        self.clock.schedule_alarms()

    def toggle(self, alarm_id: int, on: bool) -> None:
        self.store.set_enabled(alarm_id, on)
        self.clock.schedule_alarms()

    def on_back(self) -> bool:
        if self.selected:
            self.selected = []
            return True
        return False

    # -- world clocks ------------------------------------------------------------------------------
    def world(self) -> tuple[list[View], Fab | None]:
        w = self.skin.world
        now = dt.datetime.fromtimestamp(self.clock.now_ms() / 1000, dt.UTC)
        rows: list[View] = [TextView(alarm_label(now.hour, now.minute, self.clock.twelve()), id="digital_clock",
                                     size=48, align="center", padding=(0, 24))]
        cities = [Row(TextView(c.name, id=w.row_id, weight=1.0), TextView(zone_time(c.zone, now, self.clock.twelve()),
                                                                         size=14), padding=(16, 12))
                  for c in self.store.cities()]
        rows.append(ScrollList(*cities, id=w.list_id, empty_text=w.empty_text))
        add = Fab(w.add.icon, w.add.desc, on_click=lambda: self.push(CityPicker(self.app)), id=w.add.id or None)
        return rows, add

    # -- timers ------------------------------------------------------------------------------------
    def timers(self) -> tuple[list[View], Fab | None]:
        t = self.skin.timer
        timers = self.store.timers()
        if t.flow == "setup_start" and not timers:
            if self.setup is None:
                self.setup = TimerSetup(self.app, embedded=True)
                self.setup.widgets = self.widgets
            return self.setup.body(), self.setup.fab()
        now = self.clock.now_ms()
        rows = [self.timer_row(timer, now) for timer in timers]
        add = Fab(t.add.icon, t.add.desc, on_click=lambda: self.push(TimerSetup(self.app)), id=t.add.id or None)
        return [ScrollList(*rows, id=t.list_id)], add

    def timer_row(self, timer: TimerRow, now: int) -> View:
        t = self.skin.timer
        if timer.state == "running":
            action = ImageButton("pause", t.pause, on_click=lambda: self.pause_timer(timer))
        else:
            action = ImageButton("play", t.resume if timer.state == "paused" else t.start.desc,
                                 on_click=lambda: self.start_timer(timer))
        return Row(Column(TextView(duration_label(timer.remaining_ms(now)), id=t.time_id, size=32),
                          TextView(duration_label(timer.seconds * 1000), size=14), weight=1.0),
                   ImageButton("reset", t.reset, on_click=lambda: self.reset_timer(timer)), action, padding=(16, 8))

    def start_timer(self, timer: TimerRow) -> None:
        left = timer.left_ms if timer.state == "paused" else timer.seconds * 1000
        self.store.save_timer(TimerRow(timer.id, timer.seconds, "running", started_ms=self.clock.now_ms(), left_ms=left))

    def pause_timer(self, timer: TimerRow) -> None:
        self.store.save_timer(TimerRow(timer.id, timer.seconds, "paused", left_ms=timer.remaining_ms(self.clock.now_ms())))

    def reset_timer(self, timer: TimerRow) -> None:
        self.store.save_timer(TimerRow(timer.id, timer.seconds, "idle", left_ms=timer.seconds * 1000))

    # -- stopwatch ---------------------------------------------------------------------------------
    def stopwatch(self) -> tuple[list[View], Fab | None]:
        s = self.skin.stopwatch
        sw = self.store.stopwatch()
        now = self.clock.now_ms()
        buttons: list[View] = []
        if sw.state == "running":
            buttons += [self.sw_button("lap", s.lap, None), self.sw_button("pause", s.pause, self.sw_pause)]
        else:
            if sw.state == "paused":
                buttons.append(self.sw_button("reset", s.reset, self.sw_reset))
            buttons.append(self.sw_button("play", s.resume if sw.state == "paused" else s.start, self.sw_start))
        return [TextView(stopwatch_label(sw.elapsed_ms(now)), id=s.time_id, size=56, align="center", padding=(0, 96)),
                Spacer(weight=1.0), Row(*buttons, spacing=24, padding=(24, 24), align="center")], None

    def sw_button(self, icon: str, label: str, action: Callable[[], Any] | None) -> View:
        if self.skin.stopwatch.labels_as_desc:
            return ImageButton(icon, label, on_click=action, size=72)
        return Button(label, action)

    def sw_start(self) -> None:
        sw = self.store.stopwatch()
        self.store.save_stopwatch(StopwatchRow("running", self.clock.now_ms(), sw.accumulated_ms))

    def sw_pause(self) -> None:
        sw = self.store.stopwatch()
        self.store.save_stopwatch(StopwatchRow("paused", 0, sw.elapsed_ms(self.clock.now_ms())))

    def sw_reset(self) -> None:
        self.store.save_stopwatch(StopwatchRow())


def zone_time(zone: str, now: dt.datetime, twelve: bool) -> str:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        local = now.astimezone(ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return ""
    return alarm_label(local.hour, local.minute, twelve)


# -- pickers -----------------------------------------------------------------------------------------

#: A ``scroll`` wheel is Clock You 9.1's ``ScrollTimePicker.kt``: a circular ``VerticalPager``
#: 224 dp tall with pages of 64 dp and 16 dp between them (three on screen); the centred page is
#: the value and a tap selects nothing. The real pager has 200 laps; three keep the middle lap
#: reachable both ways (a wheel that drifts out of it is recentred on the same value).
WHEEL_DP, PAGE_DP, GAP_DP, WHEEL_LAPS = 224, 64, 16, 3


class PickerMixin(ClockScreen):
    """Value entry shared by the alarm editor and the timer setup (one kind per skin field)."""

    def picker(self, kind: Picker, names: tuple[str, ...], limits: tuple[int, ...], values: list[int],
               separator: str = "") -> View:
        """Fields start empty with the current value as hint (typing replaces it, as a NumberPicker's
        selected-on-focus input does); a field keeps its last two digits."""
        if kind == "text":
            ids = [f"{n.lower()}_input" for n in names]
            return Row(*[EditText(f, hint=f"{v:02d}", width=120,
                                  on_change=lambda text, i=i, f=f: self.set_value(values, i, f, text))
                         for i, (f, v) in enumerate(zip(ids, values, strict=True))],
                       spacing=16, padding=(24, 16), align="center")
        if kind == "spinner":
            ids = [f"{n.lower()}_picker" for n in names]
            cols = [Column(
                TextView(f"{(v - 1) % lim:02d}", align="center",
                         on_click=lambda i=i, lim=lim, f=f: self.step(values, i, f, -1, lim)),
                EditText(f, hint=f"{v:02d}", width=96,
                         on_change=lambda text, i=i, f=f: self.set_value(values, i, f, text)),
                TextView(f"{(v + 1) % lim:02d}", align="center",
                         on_click=lambda i=i, lim=lim, f=f: self.step(values, i, f, 1, lim)),
                desc=n, width=120)
                for i, (n, f, lim, v) in enumerate(zip(names, ids, limits, values, strict=True))]
            return Row(*cols, spacing=8, padding=(24, 16), align="center")
        if kind == "scroll":
            ids = [f"{n.lower()}_wheel" for n in names]
            cols: list[View] = []
            for i, (f, lim) in enumerate(zip(ids, limits, strict=True)):
                values[i] = self.wheel_value(f, lim, values[i])
                if cols and separator:
                    cols.append(TextView(separator, size=45, align="center"))
                cols.append(ScrollList(*[TextView(f"{k % lim:02d}", id=f"{f}_item", size=45, align="center",
                                                  height=PAGE_DP) for k in range(WHEEL_LAPS * lim)],
                                       id=f, spacing=GAP_DP, width=96, height=WHEEL_DP))
            return Row(*cols, spacing=16, padding=(24, 16), align="center")
        raise ValueError(kind)

    def wheel_value(self, wheel_id: str, limit: int, value: int) -> int:
        """The value a pager wheel shows centred; snaps it to a page (a pager settles on one)."""
        pitch = dp(PAGE_DP) + dp(GAP_DP)
        scroll = self.widgets.scroll
        if wheel_id not in scroll:
            page = limit + value - 1  # the top page on screen; the centred one is page + 1
        else:
            page = round(scroll[wheel_id] / pitch)
            if not limit <= page + 1 < 2 * limit:
                page = limit + (page + 1) % limit - 1
        scroll[wheel_id] = page * pitch
        return (page + 1) % limit

    def set_value(self, values: list[int], index: int, field_id: str, text: str) -> None:
        digits = "".join(ch for ch in text if ch.isdigit())[-2:]
        if digits:
            values[index] = int(digits)
        if digits != text:
            self.set_field(field_id, digits)

    def step(self, values: list[int], index: int, field_id: str, delta: int, limit: int) -> None:
        values[index] = (values[index] + delta) % limit
        self.set_field(field_id, "")


class AlarmEditor(PickerMixin):
    """New or existing alarm: a time picker (``AlarmSkin.picker``), Save/Cancel, Delete where the
    app keeps it here."""

    activity = ".AlarmEditActivity"

    def __init__(self, app: SimApp, alarm: AlarmRow | None) -> None:
        super().__init__(app)
        self.alarm = alarm
        hour, minute = (alarm.hour, alarm.minute) if alarm else (8, 0)
        self.values = [hour, minute]
        twelve = self.clock.twelve()
        self.pm = hour >= 12
        if twelve:
            self.values[0] = (hour % 12) or 12

    def build(self) -> View:
        a = self.skin.alarm
        twelve = self.clock.twelve()
        limits = (13 if twelve else 24, 60)
        if a.picker in ("material", "chrono"):
            body: list[View] = [TextView(alarm_label(*self.time(), twelve), id=a.editor_time_id, size=48,
                                         align="center", padding=(24, 24), on_click=self.ask_time)]
        else:
            body = [self.picker(a.picker, ("Hour", "Minute"), limits, self.values)]
        if twelve and a.picker not in ("material", "chrono"):
            body.append(Row(Button("AM", lambda: self.set_pm(False), style="outlined" if self.pm else "filled"),
                            Button("PM", lambda: self.set_pm(True), style="filled" if self.pm else "outlined"),
                            spacing=16, padding=(24, 0), align="center"))
        buttons: list[View] = [Button(a.cancel, self.finish, style="text"), Spacer(weight=1.0),
                               Button(a.save, self.save, id="save")]
        if self.alarm is not None and a.delete == "editor":
            buttons.insert(0, Button(a.delete_label, self.delete, style="text", id="delete"))
        return Scaffold(Toolbar(a.edit_title if self.alarm else a.new_title, nav="back"), *body, Spacer(weight=1.0),
                        bottom=Row(*buttons, padding=(16, 8)))

    def set_pm(self, pm: bool) -> None:
        self.pm = pm

    def ask_time(self) -> None:
        show_time_picker(self, self.skin.alarm.picker, *self.time(), twelve=self.clock.twelve(), on_set=self.picked)

    def picked(self, hour: int, minute: int) -> None:
        self.values = [(hour % 12) or 12 if self.clock.twelve() else hour, minute]
        self.pm = hour >= 12
        if self.skin.alarm.picker_saves:
            self.save()

    def time(self) -> tuple[int, int]:
        hour, minute = self.values
        if self.clock.twelve():
            hour = hour % 12 + (12 if self.pm else 0)
        return hour % 24, minute % 60

    def save(self) -> None:
        hour, minute = self.time()
        if self.alarm is None:
            self.store.add_alarm(hour, minute)
        else:
            self.store.update_alarm(self.alarm.id, hour, minute)
        self.clock.schedule_alarms()
        self.finish()

    def delete(self) -> None:
        if self.alarm is not None:
            self.store.delete_alarm(self.alarm.id)
            self.clock.schedule_alarms()
        self.finish()


class TimerSetup(PickerMixin):
    """A timer's length: ``setup_start`` starts it with the Start button (creating it), ``list_save``
    saves it idle to the list."""

    activity = ".TimerSetupActivity"

    def __init__(self, app: SimApp, *, embedded: bool = False) -> None:
        super().__init__(app)
        self.embedded = embedded
        self.values = [0, 0, 0]
        self.digits = ""

    def body(self) -> list[View]:
        t = self.skin.timer
        if t.picker == "keypad":
            return [self.keypad()]
        if t.picker == "scroll":  # TimePickerDial.kt: the unit names over the wheels, ":" between them
            presets = [Button(preset_label(p), lambda p=p: self.start(p), style="outlined") for p in t.presets]
            return [Spacer(weight=1.0),
                    Row(*[TextView(f, size=14) for f in t.fields], spacing=40, padding=(24, 16), align="center"),
                    self.picker(t.picker, t.fields, (24, 60, 60), self.values, separator=":"), Spacer(weight=1.0),
                    Row(*presets, spacing=8, padding=(16, 16), align="center"), Spacer(height=88)]  # room for Start
        return [self.picker(t.picker, t.fields, (24, 60, 60), self.values)]

    def keypad(self) -> View:
        d = self.digits.rjust(6, "0")
        shown = f"{d[:2]}h {d[2:4]}m {d[4:]}s"
        keys = [Row(*[Button(str(k), lambda k=k: self.press(str(k)), style="text", weight=1.0) for k in row_keys],
                    spacing=8) for row_keys in ((1, 2, 3), (4, 5, 6), (7, 8, 9))]
        return Column(Row(TextView(shown, id=self.skin.timer.time_id, size=40, weight=1.0),
                          ImageButton("backspace", "Delete", on_click=self.backspace), padding=(24, 16)),
                      *keys, Row(Spacer(weight=1.0), Button("0", lambda: self.press("0"), style="text", weight=1.0),
                                 Spacer(weight=1.0), spacing=8), spacing=8, padding=(24, 0))

    def press(self, digit: str) -> None:
        if len(self.digits) < 6 and (self.digits or digit != "0"):
            self.digits += digit

    def backspace(self) -> None:
        self.digits = self.digits[:-1]

    def seconds(self) -> int:
        if self.skin.timer.picker == "keypad":
            d = self.digits.rjust(6, "0")
            return int(d[:2]) * 3600 + int(d[2:4]) * 60 + int(d[4:])
        h, m, s = self.values
        return h * 3600 + m * 60 + s

    def fab(self) -> Fab | None:
        t = self.skin.timer
        if t.flow != "setup_start":
            return None
        return Fab(t.start.icon, t.start.desc, on_click=self.start, id=t.start.id or None)

    def build(self) -> View:
        t = self.skin.timer
        if t.sheet:
            return Scaffold(None, *self.body(), Row(Button(t.start.desc, self.start), padding=(16, 16), align="center"))
        bottom = Row(Spacer(weight=1.0), Button(t.save, self.save, id="save"), padding=(16, 8)) \
            if t.flow == "list_save" else None
        return Scaffold(Toolbar(t.new_title, nav="back"), *self.body(), Spacer(weight=1.0), fab=self.fab(),
                        bottom=bottom)

    def start(self, preset: int = 0) -> None:
        total = preset or self.seconds()
        if not total:
            return
        tid = self.store.add_timer(total)
        self.store.save_timer(TimerRow(tid, total, "running", started_ms=self.clock.now_ms(), left_ms=total * 1000))
        self.digits, self.values[:] = "", [0, 0, 0]
        for name in self.skin.timer.fields:  # wheels start again at zero (TimerModel.startTimer)
            self.widgets.scroll.pop(f"{name.lower()}_wheel", None)
        if not self.embedded:
            self.finish()

    def save(self) -> None:
        if self.seconds():
            self.store.add_timer(self.seconds())
            self.finish()


class CityPicker(ClockScreen):
    """Adding a world clock: a search page (tap a result) or a checklist of zones with OK."""

    activity = ".CitySelectionActivity"

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.checked: set[str] = {c.key for c in self.store.cities()}
        if self.skin.world.flow == "search" and self.skin.world.search_autofocus:
            self.focus("search_src_text")

    def offered(self) -> tuple[City, ...]:
        offered: tuple[City, ...] = getattr(self.store, "offered")()  # noqa: B009 — every store has it
        return offered

    def build(self) -> View:
        w = self.skin.world
        if w.flow == "search":
            query = self.field("search_src_text").strip().lower()
            rows = [TextView(c.name, id="city_name", padding=(16, 14), on_click=lambda c=c: self.choose(c))
                    for c in self.offered() if query and query in c.name.lower()]
            return Scaffold(Toolbar(w.title, nav="back"), self.search_field(w),
                            ScrollList(*rows, id="cities_list"))
        rows = [CheckBox(c.name, checked=c.key in self.checked, id="zone_checkbox",
                         on_change=lambda on, c=c: self.mark(c, on)) for c in self.offered()]
        return Scaffold(Toolbar(w.title, nav="back"), ScrollList(*rows, id="zones_list"),
                        bottom=Row(Spacer(weight=1.0), Button(w.ok, self.confirm, style="text"), padding=(16, 8)))

    @staticmethod
    def search_field(w: WorldSkin) -> EditText:
        if w.search_field == "compose_multiline":
            return EditText("search_src_text", hint=w.search_hint, toolkit="compose", multiline=True)
        if w.search_field == "flutter":
            return EditText("search_src_text", hint=w.search_hint, toolkit="flutter")
        return EditText("search_src_text", hint=w.search_hint, ime_action="search", on_submit=lambda _query: None)

    def choose(self, city: City) -> None:
        self.store.add_city(city)
        self.finish()

    def mark(self, city: City, on: bool) -> None:
        (self.checked.add if on else self.checked.discard)(city.key)

    def confirm(self) -> None:
        for city in self.offered():
            if city.key in self.checked:
                self.store.add_city(city)
        self.finish()


ClockApp.home = Main  # every skin's launch screen (an app may set its own)
