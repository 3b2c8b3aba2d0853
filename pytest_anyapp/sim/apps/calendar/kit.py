"""The Calendar screen kit: the category's screens written once, with explicit variation points.

A calendar double is a declarative :class:`CalendarSkin` plus its store (:mod:`.store`). Flow
choices (``Literal``/``bool`` fields):

* **entry** — a FAB or a toolbar "+" (``entry_place``);
* **opening an event** — straight into its editor (``open_flow="editor"``, Fossify/Simple Calendar)
  or a details page with an edit action (``"details"``, Etar, Calendar, KashCal);
* **deleting** — an icon in the editor's toolbar, an icon on the details page, or the details page's
  overflow menu (``delete_place``), confirmed in a dialog whose button is ``delete_confirm``;
* **how a row reads** — ``date_format`` and ``time_format`` of the line under each title;
* **saving** — a toolbar icon or a text button (``save_style``);
* **a new event's reminder** — ``default_reminder`` (Fossify/Simple Calendar: 10 minutes).
* **the list** — one row per event ("day, start – end"), or the Simple Calendar lineage's month and
  day headers over rows without the day (``sections``);
* **the editor's day and times** — date/start/end rows, or KashCal's "Starts"/"Ends" cards
  (``datetime_cards``); a single-line title's Enter moves to "Location" (``location_hint``).

The date and time buttons open the pickers the real app opens (``date_picker``, one of
:mod:`pytest_anyapp.sim.apps.date_pickers`; ``time_picker``, one of
:mod:`pytest_anyapp.sim.apps.time_pickers`, or ``text``, a typed ``hh:mm`` 24-hour dialog where the
real app's picker is not modelled yet). Changing the start keeps the length
(end follows), as the real editors do.
"""

from __future__ import annotations

import calendar
import datetime as dt
import time
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.calendar.store import Ev, EventsDb, EventStore, to_min
from pytest_anyapp.sim.apps.date_pickers import DatePickerKind, open_date_picker
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.apps.time_pickers import show_time_picker
from pytest_anyapp.sim.ui.views import (
    Button,
    Column,
    EditText,
    Fab,
    ImageButton,
    ImageView,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    TextView,
    Toolbar,
    View,
)


@dataclass(frozen=True)
class CalendarSkin:
    """One calendar app, declared."""

    title: str
    list_id: str
    row_title_id: str
    row_detail_id: str
    empty_text: str
    entry: Icon
    editor_activity: str
    title_hint: str
    description_hint: str
    save: Icon
    delete: Icon
    delete_confirm: str
    #: Labels of the repeat choices: no repeat, daily, weekly.
    repeats: tuple[str, str, str]
    #: Reminder choices as (minutes, label); minutes -1 is "no reminder".
    reminders: tuple[tuple[int, str], ...]
    edit: Icon = Icon("edit", "Edit")
    date_label: str = "Date"
    start_label: str = "Start time"
    end_label: str = "End time"
    reminder_label: str = "Reminder"
    menu: tuple[str, ...] = ()
    entry_place: Literal["fab", "toolbar"] = "fab"
    open_flow: Literal["editor", "details"] = "editor"
    delete_place: Literal["editor", "details", "details_menu"] = "editor"
    save_style: Literal["icon", "text"] = "icon"
    date_format: Literal["iso", "short", "weekday", "dmy"] = "short"
    time_format: Literal["24h", "12h"] = "24h"
    default_reminder: int | None = None
    #: A new event's length in minutes (Fossify Calendar: Config.defaultDuration, 0 until changed).
    default_duration: int = 60
    #: The Simple-Commons "Disclaimer" (ReminderWarningDialog) met before the first reminder is set or
    #: an event with a reminder is first saved, until ``was_alarm_warning_shown`` is stored.
    reminder_warning: bool = False
    #: The title field takes line breaks (Calendar's Compose OutlinedTextField, singleLine false: Enter adds one).
    title_multiline: bool = False
    #: The hint of a single-line "Location" field under the title (Simple Calendar lineage: ``event_location``,
    #: res/layout/activity_event.xml); Enter in the single-line title moves the focus to it, as TextView does for
    #: a single-line field without imeOptions or an editor-action listener. None: no such field.
    location_hint: str | None = None
    #: The Simple Calendar lineage's event list (Context.getEventListItems, EventListAdapter): rows under month
    #: ("October"; the year only for another year) and day ("17 Tuesday", Formatter DATE_DAY_PATTERN "d EEEE")
    #: headers ``event_section_title``; a row's time ``row_detail_id`` is "09:00 - 10:00" (the start alone when the
    #: event ends at its start), its description under it (``event_item_description``, displayDescription true).
    sections: bool = False
    #: KashCal: "Starts"/"Ends" cards (DateTimePickerCard, ui/components/pickers/DateTimePicker.kt) in place of the
    #: date, start and end rows: each a read-only field "EEE, MMM d, yyyy   HH:mm" under its label, with a trailing
    #: "Select <label>" icon, opening the whole DateTimeSheet (grid and wheels) on its own day and time.
    datetime_cards: tuple[str, str] | None = None
    #: False for a Compose app without testTag (KashCal): the editor's and event page's views keep their ids as
    #: state keys, but the dump shows none.
    resource_ids: bool = True
    #: The date picker the real editor opens (:mod:`pytest_anyapp.sim.apps.date_pickers`).
    date_picker: DatePickerKind = "platform"
    #: The picker's title where the app sets one (MaterialDatePicker.Builder.setTitleText); None: the widget's.
    date_picker_title: str | None = None
    #: The time picker the start/end buttons open: a kind of :mod:`..time_pickers` (``material``:
    #: MaterialTimePicker in clock mode; ``compose``: Compose Material 3 TimePicker), or ``text``, a
    #: dialog with an "hh:mm" field (kept where the real app's picker is not modelled yet; docs/calendar.md).
    time_picker: Literal["text", "material", "compose", "kashcal"] = "text"
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


def date_text(iso: str, fmt: str) -> str:
    """``2023-10-17`` / ``Oct 17`` / ``Tue, Oct 17`` / ``17.10.2023``."""
    if fmt == "iso":
        return iso
    t = time.strptime(iso, "%Y-%m-%d")
    if fmt == "dmy":
        return f"{t.tm_mday:02d}.{t.tm_mon:02d}.{t.tm_year}"
    short = f"{calendar.month_abbr[t.tm_mon]} {t.tm_mday}"
    return f"{calendar.day_abbr[t.tm_wday]}, {short}" if fmt == "weekday" else short


def time_text(hhmm: str, fmt: str) -> str:
    if fmt == "24h":
        return hhmm
    h, m = (int(x) for x in hhmm.split(":"))
    return f"{(h - 1) % 12 + 1}:{m:02d} {'AM' if h < 12 else 'PM'}"


def card_text(iso: str, hhmm_: str) -> str:
    """DateTimePickerCard's value: formatEventDate "EEE, MMM d, yyyy", three spaces, the time ("HH:mm", 24 h)."""
    t = time.strptime(iso, "%Y-%m-%d")
    return f"{calendar.day_abbr[t.tm_wday]}, {calendar.month_abbr[t.tm_mon]} {t.tm_mday}, {t.tm_year}   {hhmm_}"


def next_day(iso: str) -> str:
    return (dt.date.fromisoformat(iso) + dt.timedelta(days=1)).isoformat()


def week_grid(today: dt.date, events: list[Ev]) -> View:
    """A week view shown display only (en-US: the week of ``today`` from Sunday): each day's short
    name and number over its events' titles."""
    first = today - dt.timedelta(days=(today.isoweekday() % 7))
    titles: dict[str, list[str]] = {}
    for ev in events:
        titles.setdefault(ev.date, []).append(ev.title)
    return Row(*(Column(TextView(calendar.day_abbr[d.weekday()], size=12, align="center"),
                        TextView(str(d.day), size=14, align="center"),
                        *(TextView(t, size=10, max_lines=1) for t in titles.get(d.isoformat(), [])), weight=1)
                 for d in (first + dt.timedelta(days=i) for i in range(7))))


class CardValue(TextView):
    """A read-only Compose OutlinedTextField as the accessibility tree shows it: an EditText node with the value."""

    class_name = "android.widget.EditText"


def typed_time(text: str) -> str | None:
    try:
        return time.strftime("%H:%M", time.strptime(text.strip(), "%H:%M"))
    except ValueError:
        return None


def hhmm(minutes: int) -> str:
    minutes = max(0, min(minutes, 23 * 60 + 59))
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class CalendarApp(SimApp):
    """A calendar double: metadata on the subclass, screens from ``skin``, storage from ``store``."""

    skin: ClassVar[CalendarSkin]
    #: The screens an event opens in and a new event is made in (KashCal draws its own sheets); set below.
    details_screen: ClassVar[type[Details]]
    editor_screen: ClassVar[type[Editor]]

    @property
    def store(self) -> EventStore:
        raise NotImplementedError


class CalendarScreen(Screen):
    @property
    def cal(self) -> CalendarApp:
        assert isinstance(self.app, CalendarApp)
        return self.app

    @property
    def skin(self) -> CalendarSkin:
        return self.cal.skin

    def when(self, ev: Ev) -> str:
        s = self.skin
        return (f"{date_text(ev.date, s.date_format)}, {time_text(ev.start, s.time_format)} – "
                f"{time_text(ev.end, s.time_format)}")

    def open(self, ev: Ev) -> None:
        cal = self.cal
        self.push(cal.details_screen(self.app, ev) if self.skin.open_flow == "details" else cal.editor_screen(self.app, ev))

    def ask_delete(self, ev: Ev, then_finish: bool) -> None:
        def yes() -> None:
            self.cal.store.delete(ev.key)
            if then_finish:
                self.finish()
        self.show_dialog(AlertDialog("", f"Delete {ev.title}?", positive=(self.skin.delete_confirm, yes),
                                     negative=("Cancel", None)))


def untagged(skin: CalendarSkin, root: View) -> View:
    """The tree with no resource id in the dump when the skin's app has none (``CalendarSkin.resource_ids``)."""
    if not skin.resource_ids:
        stack = [root]
        while stack:
            view = stack.pop()
            view.shows_id = False
            stack.extend(view.children)
    return root


class EventList(CalendarScreen):
    """Every event, by start; each row: the title, and the day and times under it."""

    def sectioned(self) -> list[View]:
        """Month and day headers, then each day's rows (getEventListItems: by start, a header at each change)."""
        s = self.skin
        year = time.gmtime(self.app.now_ms() // 1000).tm_year
        out: list[View] = []
        month_shown = day_shown = ""
        for ev in self.cal.store.events():
            day = dt.date.fromisoformat(ev.date)
            month = calendar.month_name[day.month] + ("" if day.year == year else f" {day.year}")
            if month != month_shown:
                out.append(TextView(month, id="event_section_title", size=18, padding=(16, 12)))
                month_shown = month
            if ev.date != day_shown:
                out.append(TextView(f"{day.day} {calendar.day_name[day.weekday()]}", id="event_section_title",
                                    size=14, padding=(16, 8)))
                day_shown = ev.date
            times = time_text(ev.start, s.time_format) + (f" - {time_text(ev.end, s.time_format)}"
                                                         if ev.end != ev.start else "")
            out.append(Column(TextView(ev.title, id=s.row_title_id, size=16, max_lines=1),
                              TextView(times, id=s.row_detail_id, size=14),
                              TextView(ev.description.replace("\n", " "), id="event_item_description", size=14)
                              if ev.description else None,
                              id="event_item_holder", on_click=lambda ev=ev: self.open(ev), padding=(16, 8)))
        return out

    def build(self) -> View:
        s = self.skin
        rows: list[View] = self.sectioned() if s.sections else [
            ListItem(ev.title, self.when(ev), title_id=s.row_title_id, subtitle_id=s.row_detail_id,
                     on_click=lambda ev=ev: self.open(ev)) for ev in self.cal.store.events()]
        new = lambda: self.push(self.cal.editor_screen(self.app, None))  # noqa: E731
        actions: list[View] = []
        fab = None
        if s.entry_place == "fab":
            fab = Fab(s.entry.icon, s.entry.desc, on_click=new, id=s.entry.id or None)
        else:
            actions.append(ImageButton(s.entry.icon, s.entry.desc, on_click=new, id=s.entry.id or None))
        menu = [(label, None) for label in s.menu]
        return Scaffold(Toolbar(s.title, actions=actions, menu=menu),
                        ScrollList(*rows, id=s.list_id, empty_text=s.empty_text), fab=fab)


class Details(CalendarScreen):
    """An event's page: title, day and times, description; edit (and delete) in its toolbar."""

    def __init__(self, app: SimApp, ev: Ev) -> None:
        super().__init__(app)
        self.key = ev.key

    def current(self) -> Ev | None:
        return next((e for e in self.cal.store.events() if e.key == self.key), None)

    def build(self) -> View:
        s = self.skin
        ev = self.current()
        if ev is None:
            return Scaffold(Toolbar("", nav="back"), TextView(""))
        actions: list[View] = [ImageButton(s.edit.icon, s.edit.desc, on_click=lambda: self.push(self.cal.editor_screen(self.app, ev)),
                                           id=s.edit.id or None)]
        menu: list[tuple[str, Any]] = []
        if s.delete_place == "details":
            actions.append(ImageButton(s.delete.icon, s.delete.desc, on_click=lambda: self.ask_delete(ev, True),
                                       id=s.delete.id or None))
        elif s.delete_place == "details_menu":
            menu.append((s.delete.desc, lambda: self.ask_delete(ev, True)))
        return untagged(s, Scaffold(Toolbar("", nav="back", actions=actions, menu=menu), Column(
            TextView(ev.title, size=22, id="title", padding=(16, 8)),
            TextView(self.when(ev), id="when", padding=(16, 4)),
            TextView(ev.description, id="description", padding=(16, 4)) if ev.description else None)))


class Editor(CalendarScreen):
    """A new event (``ev`` None) or an existing one; nothing is stored until the save action."""

    def __init__(self, app: SimApp, ev: Ev | None, day: str | None = None) -> None:
        """``day``: a new event's day where the home has one selected (KashCal), else today."""
        super().__init__(app)
        s = self.skin
        self.editing = ev
        if ev is None:
            now = time.gmtime(self.app.now_ms() // 1000)
            start = (now.tm_hour + 1) * 60 if now.tm_hour < 23 else 23 * 60
            rem = (s.default_reminder,) if s.default_reminder is not None else ()
            ev = Ev("", "", day or time.strftime("%Y-%m-%d", now), hhmm(start), hhmm(start + s.default_duration),
                    reminders=rem)
        self.draft = ev
        self.set_field("event_title", ev.title)
        self.set_field("event_description", ev.description)
        self.focus("event_title")

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.editor_activity)

    def build(self) -> View:
        s, d = self.skin, self.draft
        repeat = s.repeats[(None, "daily", "weekly").index(d.repeat) if d.repeat in (None, "daily", "weekly") else 0]
        reminder = ", ".join(lbl for m, lbl in s.reminders if m in d.reminders) or s.reminders[0][1]
        body: list[View | None] = [
            EditText("event_title", hint=s.title_hint, padding=(16, 12), multiline=s.title_multiline,
                     on_submit=self.next_field if s.location_hint is not None and not s.title_multiline else None),
            EditText("event_location", hint=s.location_hint, padding=(16, 12)) if s.location_hint is not None else None,
            *(self.cards() if s.datetime_cards else (
                Button(f"{s.date_label}: {date_text(d.date, s.date_format)}", self.ask_date, id="event_date",
                       style="text"),
                Button(f"{s.start_label}: {time_text(d.start, s.time_format)}", lambda: self.ask_time(True),
                       id="event_start_time", style="text"),
                Button(f"{s.end_label}: {time_text(d.end, s.time_format)}", lambda: self.ask_time(False),
                       id="event_end_time", style="text"))),
            Button(repeat, self.ask_repeat, id="event_repeat", style="text"),
            Button(f"{s.reminder_label}: {reminder}", self.ask_reminder, id="event_reminder", style="text"),
            EditText("event_description", hint=s.description_hint, padding=(16, 12)),
        ]
        actions: list[View] = []
        if s.delete_place == "editor" and self.editing is not None:
            ev = self.editing
            actions.append(ImageButton(s.delete.icon, s.delete.desc, on_click=lambda: self.ask_delete(ev, True),
                                       id=s.delete.id or None))
        bottom = None
        if s.save_style == "icon":
            actions.append(ImageButton(s.save.icon, s.save.desc, on_click=self.save, id=s.save.id or None,
                                       enabled=not self.time_conflict()))
        else:
            bottom = Row(Button(s.save.desc, self.save, id=s.save.id or None), padding=(16, 8))
        return untagged(s, Scaffold(Toolbar("", nav="back", actions=actions), Column(*body, spacing=4), bottom=bottom))

    # -- KashCal's Starts/Ends cards (EventFormSheet.kt, v22.5.15) ---------------------------------
    def cards(self) -> tuple[View, ...]:
        assert self.skin.datetime_cards is not None
        starts, ends = self.skin.datetime_cards
        d = self.draft
        conflict = self.time_conflict()
        return (self.card(starts, card_text(d.date, d.start), lambda: self.ask_card(True)),
                self.card(ends, card_text(d.end_date or d.date, d.end), lambda: self.ask_card(False)),
                TextView("End time must be after start time", size=12, padding=(16, 0)) if conflict else None)

    @staticmethod
    def card(label: str, value: str, on_click: Any) -> View:
        return Row(Column(TextView(label, size=12), CardValue(value), weight=1),
                   ImageView("expand_more", f"Select {label}"), on_click=on_click, padding=(16, 8))

    def time_conflict(self) -> bool:
        """hasTimeConflict: an end before the start on the same day (save disabled, the error under Ends)."""
        d = self.draft
        return (d.end_date or d.date) == d.date and to_min(d.end) < to_min(d.start)

    def ask_card(self, start: bool) -> None:
        """The card's DateTimeSheet at its own day and time; "Done" hands both to the card's rule."""
        d = self.draft
        chosen: dict[str, str] = {}

        def pick(day: str | None) -> None:
            if day is not None:
                chosen["day"] = day

        def at(when: str | None) -> None:
            if when is not None and "day" in chosen:
                (self.card_start if start else self.card_end)(chosen["day"], when)
        open_date_picker(self, self.skin.date_picker, d.date if start else d.end_date or d.date, pick,
                         time_of_day=d.start if start else d.end, on_time=at)

    def card_start(self, day: str, at: str) -> None:
        """The START sheet's confirm (timed events): no length kept; the end moves to start + the default
        duration only when the new start passes it (a later day than the end's, or a later time that day)."""
        d = self.draft
        end_day, end = d.end_date or d.date, d.end

        def plus() -> tuple[str, str]:
            total = to_min(at) + self.skin.default_duration
            return (next_day(day), hhmm(total - 1440)) if total >= 1440 else (day, hhmm(total))
        if day > end_day or (day == end_day and to_min(at) > to_min(end)):
            end_day, end = plus()
        self.update(date=day, start=at, end=end, end_date=end_day if end_day != day else None)

    def card_end(self, day: str, at: str) -> None:
        """The END sheet's confirm: a day before the start's swaps (the start takes that day, the end the old
        start's day); otherwise the end takes the day and time (a time conflict is shown, not corrected)."""
        d = self.draft
        if day < d.date:
            self.update(date=day, end=at, end_date=d.date)
        else:
            self.update(end=at, end_date=day if day != d.date else None)

    def next_field(self, _text: str) -> None:
        """Enter in the single-line title: the focus goes down to Location (TextView's default IME action)."""
        self.focus("event_location")

    def update(self, **changes: Any) -> None:
        self.draft = replace(self.draft, **changes)

    def ask_date(self, start: bool = True) -> None:
        def pick(day: str | None) -> None:
            if day is not None:
                self.update(date=day)
        if self.skin.time_picker == "kashcal":  # DateTimeSheet: the day and the wheels in one sheet
            d = self.draft
            open_date_picker(self, self.skin.date_picker, d.date, pick, time_of_day=d.start if start else d.end,
                             on_time=lambda at: self.apply_time(start, at))
            return
        open_date_picker(self, self.skin.date_picker, self.draft.date, pick, title=self.skin.date_picker_title)

    def apply_time(self, start: bool, at: str | None) -> None:
        """A picked start moves the end with it (keeping the length); an end before the start is refused."""
        d = self.draft
        if at is None:
            self.toast("Invalid time")
        elif start:
            self.update(start=at, end=hhmm(to_min(at) + d.minutes))
        elif to_min(at) < to_min(d.start):
            self.toast("The end time cannot be before the start")
        else:
            self.update(end=at)

    def ask_time(self, start: bool) -> None:
        if self.skin.time_picker == "kashcal":
            self.ask_date(start)
            return

        def ok() -> None:
            at = typed_time(self.field("time_input"))
            d = self.draft
            if at is None:
                self.toast("Invalid time")
            elif start:  # the end follows, keeping the length
                self.update(start=at, end=hhmm(to_min(at) + d.minutes))
            elif to_min(at) < to_min(d.start):
                self.toast("The end time cannot be before the start")
            else:
                self.update(end=at)
        if self.skin.time_picker in ("material", "compose"):
            shown = to_min(self.draft.start if start else self.draft.end)
            show_time_picker(self, self.skin.time_picker, shown // 60, shown % 60, twelve=self.skin.time_format == "12h",
                             on_set=lambda h, m: (self.set_field("time_input", f"{h:02d}:{m:02d}"), ok()))
            return
        self.set_field("time_input", "")
        self.show_dialog(AlertDialog("Enter time", view=EditText("time_input", hint="hh:mm"),
                                     positive=("OK", ok), negative=("Cancel", None)))

    def ask_repeat(self) -> None:
        def pick(i: int) -> None:
            self.update(repeat=(None, "daily", "weekly")[i])
            self.dismiss_dialog()
        self.show_dialog(AlertDialog("", choices=list(self.skin.repeats), on_choice=pick))

    def warned(self, then: Any) -> None:
        """``then()`` past the reminder disclaimer (EventActivity.saveCurrentEvent and the first reminder's
        click, Fossify Calendar 1.10.3): OK stores ``was_alarm_warning_shown`` and goes on."""
        store = self.cal.store
        if not self.skin.reminder_warning or not isinstance(store, EventsDb) or store.flag("was_alarm_warning_shown"):
            then()
            return

        def ok() -> None:
            store.set_flag("was_alarm_warning_shown")
            then()
        self.show_dialog(AlertDialog("Disclaimer", "Reminders may be delayed or missed if the system stops the app "
                                     "in the background (Settings: battery optimisation).", positive=("OK", ok),
                                     neutral=("Settings", None)))

    def ask_reminder(self) -> None:
        self.warned(self._ask_reminder)

    def _ask_reminder(self) -> None:
        options = self.skin.reminders

        def pick(i: int) -> None:  # the first reminder slot takes the choice
            minutes = options[i][0]
            rest = self.draft.reminders[1:]
            self.update(reminders=tuple(m for m in (minutes, *rest) if m >= 0))
            self.dismiss_dialog()
        self.show_dialog(AlertDialog(self.skin.reminder_label, choices=[lbl for _, lbl in options], on_choice=pick))

    def save(self) -> None:
        title = self.field("event_title").strip()
        if self.time_conflict() and self.skin.datetime_cards:
            return  # the save action is disabled
        if not title:
            self.toast("Title cannot be empty")
            return
        ev = replace(self.draft, title=title, description=self.field("event_description").strip())
        self.warned(lambda: self._store(ev)) if ev.reminders else self._store(ev)

    def _store(self, ev: Ev) -> None:
        try:
            self.cal.store.save(ev)
        except LookupError:
            self.toast("No calendars available")
            return
        self.finish()


CalendarApp.home = EventList  # every skin's launch screen (an app may set its own)
CalendarApp.details_screen, CalendarApp.editor_screen = Details, Editor
