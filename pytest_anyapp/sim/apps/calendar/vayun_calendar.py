"""Calendar v2.6.7 by vayunmathur (``com.vayunmathur.calendar``), a Compose app over CalendarContract.

No store of its own: events live in Android's CalendarProvider (:class:`ProviderEvents`; recurring
events get an ISO ``DURATION`` and ``FREQ=…;INTERVAL=1``; reminders are METHOD_ALERT rows). A FAB
adds an event; an event opens its page, whose overflow menu holds "Delete"; the editor saves with
a "Save" button. Dates read ISO. A new event starts now and ends at its start (EditEventScreen.kt).
The start/end times open Compose Material 3's ``TimePicker`` in the app's ``TimePickerDialog``
("Select time", OK / Cancel, no keyboard toggle; ``ui/dialog/TimePickerDialog.kt``, nearest revision read).
"""

from __future__ import annotations

import calendar
import datetime as dt

from pytest_anyapp.sim.apps.base import AlertDialog
from pytest_anyapp.sim.apps.calendar.datastore import PreferencesDataStore
from pytest_anyapp.sim.apps.calendar.kit import CalendarApp, CalendarSkin, EventList, Icon, time_text, week_grid
from pytest_anyapp.sim.apps.calendar.store import EventStore, ProviderEvents
from pytest_anyapp.sim.ui.views import AnchoredList, Button, Column, Divider, Fab, ImageButton, ListItem, Scaffold, TextView, Toolbar, View

#: library/.../util/DataStoreUtils.kt (v2.6.7): the app's one Preferences DataStore, and CalendarViewModel.kt's key.
DATASTORE = "files/datastore_default.preferences_pb"
LAYOUT_KEY = "default_calendar_layout"
#: CalendarViewModel.CalendarLayout (names stored) with strings.xml's layout_* pretty and layout_short_* names.
LAYOUTS = (("Agenda", "Agenda", "A"), ("Day", "Day", "D"), ("WorkWeek", "Work Week", "W5"),
           ("FullWeek", "Full Week", "W7"), ("Month", "Month", "M"), ("WorkWeekSummary", "Work Week Summary", "W5S"),
           ("FullWeekSummary", "Full Week Summary", "W7S"), ("WorkWeekCompact", "Work Week Compact", "W5C"),
           ("FullWeekCompact", "Full Week Compact", "W7C"))

SKIN = CalendarSkin(
    title="Schedule", list_id="schedule_list", row_title_id="event_name", row_detail_id="event_time",
    empty_text="Nothing planned", entry=Icon("add_circle", "Add event", "add_event"),
    editor_activity="com.vayunmathur.calendar.MainActivity", title_hint="Title",
    description_hint="Notes", save=Icon("save", "Save event", "save_event"),
    delete=Icon("remove", "Remove", "remove_event"), delete_confirm="Confirm",
    repeats=("Never", "Every day", "Every week"),
    reminders=((-1, "None"), (10, "10 min before"), (15, "15 min before"), (30, "30 min before"), (60, "60 min before")),
    edit=Icon("edit_note", "Edit", "edit_event"), date_label="Day", start_label="Begins", end_label="Finishes",
    reminder_label="Alert", menu=("Calendars", "Layout"), entry_place="fab", open_flow="details",
    delete_place="details_menu", save_style="text", date_format="iso", time_format="24h", time_picker="compose",
    date_picker="m3", default_duration=0, title_multiline=True,
)


#: AgendaView's LazyColumn holds 100000 days around today; the double keeps 100 days on each side (every seeded
#: day is within a month of the device's today; a longer list only slows each frame).
AGENDA_SPAN = 100


def date_weekday(day: dt.date) -> str:
    """DateString.dateWeekday (library/ui, v2.6.7), en-US: "Tue, Oct 17, 2023"."""
    return f"{calendar.day_abbr[day.weekday()]}, {calendar.month_abbr[day.month]} {day.day}, {day.year}"


class LayoutHome(EventList):
    """CalendarScreen: the layout stored in the DataStore (``CalendarLayout.valueOf``; missing or unknown:
    FullWeek). "Agenda" is the app's AgendaView (:meth:`agenda`); every other layout is shown as the full-week grid, display
    only (the week's day names and numbers, each day's event titles). The toolbar's layout button (its short
    name, "W7") lists the layouts; a choice is stored (``setLayout`` → ``setString``)."""

    def layout(self) -> str:
        stored = PreferencesDataStore(self.app.host_path(DATASTORE)).get_string(LAYOUT_KEY)
        return stored if stored in {name for name, _, _ in LAYOUTS} else "FullWeek"

    def choose_layout(self) -> None:
        def pick(i: int) -> None:
            PreferencesDataStore(self.app.host_path(DATASTORE)).set_string(LAYOUT_KEY, LAYOUTS[i][0])
            self.dismiss_dialog()
        self.show_dialog(AlertDialog("", choices=[pretty for _, pretty, _ in LAYOUTS], on_choice=pick))

    def build(self) -> View:
        today = dt.datetime.fromtimestamp(self.app.now_ms() / 1000, tz=dt.UTC).date()
        layout = self.layout()
        if layout == "Agenda":
            return self.scaffold(today, layout, self.agenda(today))
        return self.scaffold(today, layout, week_grid(today, self.cal.store.events()))

    def scaffold(self, today: dt.date, layout: str, body: View) -> View:
        """The toolbar (month and year; the layout button with its short name; settings) and the FAB."""
        s, short = self.skin, next(short for name, _, short in LAYOUTS if name == layout)
        actions: list[View] = [Button(short, self.choose_layout, style="text"), ImageButton("settings", "Settings")]
        fab = Fab(s.entry.icon, s.entry.desc, on_click=lambda: self.push(self.cal.editor_screen(self.app, None)), id=s.entry.id or None)
        return Scaffold(Toolbar(f"{calendar.month_abbr[today.month]} {today.year}", actions=actions), body, fab=fab)

    def agenda(self, today: dt.date) -> View:
        """AgendaView (CalendarScreen.kt, v2.6.7): one item per day from today (earlier days above), each the
        day's dateWeekday header and a ListItem per event by start (title; the time range without the date,
        dateRangeString includeDate = false: "09:00 - 10:00"), then a divider. No testTags: no resource ids."""
        by_day: dict[str, list[View]] = {}
        for ev in sorted(self.cal.store.events(), key=lambda e: (e.date, e.start)):
            times = f"{time_text(ev.start, self.skin.time_format)} - {time_text(ev.end, self.skin.time_format)}"
            by_day.setdefault(ev.date, []).append(ListItem(ev.title, times, icon="circle",
                                                           on_click=lambda ev=ev: self.open(ev)))  # noqa: B008
        days = [today + dt.timedelta(days=i) for i in range(-AGENDA_SPAN, AGENDA_SPAN + 1)]
        items = [Column(TextView(date_weekday(d), size=16, padding=(16, 16)), *by_day.get(d.isoformat(), []),
                        Divider()) for d in days]
        return AnchoredList(*items, anchor=AGENDA_SPAN)


class VayunCalendar(CalendarApp):
    package = "com.vayunmathur.calendar"
    label = "Calendar"
    version_name, version_code = "v2.6.7", 20260816
    launch_activity = "com.vayunmathur.calendar.MainActivity"
    icon_color = "#00897B"
    #: calendar/src/main/AndroidManifest.xml's runtime permissions (v2.6.7). MainActivity shows a "Please grant
    #: calendar permission" screen without the first two and asks for POST_NOTIFICATIONS at every start until
    #: it is granted: setup grants all three (VayunCalendarAdapter.runtime_permissions).
    permissions = ("android.permission.READ_CALENDAR", "android.permission.WRITE_CALENDAR",
                   "android.permission.POST_NOTIFICATIONS")
    skin = SKIN
    #: The layout in the DataStore (default FullWeek); setup stores "Agenda" (VayunCalendarAdapter).
    home = LayoutHome

    @property
    def store(self) -> EventStore:
        return ProviderEvents(self, duration_style="iso", weekly_rule="FREQ=WEEKLY;INTERVAL=1;BYDAY={day}",
                              daily_rule="FREQ=DAILY;INTERVAL=1")
