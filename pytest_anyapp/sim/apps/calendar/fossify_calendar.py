"""Fossify Calendar 1.10.3 (``org.fossify.calendar``), a fork of Simple Calendar.

Events open straight into the event editor (``EventActivity``): "Title", "Location", "Description",
start/end date and time, "Reminder" (a new event gets 10 minutes before), "Repetition", saved with
the toolbar's "Save" check (a new event starts and ends at the next full hour: Config.defaultDuration 0;
the first reminder click or save with a reminder meets the "Disclaimer" dialog, OK); the editor's
toolbar has "Delete", confirmed with "Yes". A FAB "New
event" starts one. The time buttons open MaterialTimePicker in clock mode (``setupStartTime``/
``setupEndTime`` with ``isDynamicTheme()``, true on Android 12+ by default). Storage: Room ``databases/events.db`` (:class:`EventsDb`, v11).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.calendar.kit import CalendarApp, CalendarSkin, Icon
from pytest_anyapp.sim.apps.calendar.month import stored_view_home
from pytest_anyapp.sim.apps.calendar.store import EventsDb, EventStore

SKIN = CalendarSkin(
    title="Fossify Calendar", list_id="calendar_events_list", row_title_id="event_item_title",
    row_detail_id="event_item_time", empty_text="No upcoming events.", entry=Icon("plus", "New event", "calendar_fab"),
    editor_activity="org.fossify.calendar.activities.EventActivity", title_hint="Title",
    description_hint="Description", save=Icon("check", "Save", "save"), delete=Icon("delete", "Delete", "delete"),
    delete_confirm="Yes", repeats=("No repetition", "Daily", "Weekly"),
    reminders=((-1, "No reminder"), (10, "10 minutes before"), (15, "15 minutes before"), (30, "30 minutes before"),
               (60, "1 hour before")),
    date_label="Start date", start_label="Start time", end_label="End time", reminder_label="Add another reminder",
    menu=("Go to today", "Search", "Settings"), entry_place="fab", open_flow="editor", delete_place="editor",
    save_style="icon", date_format="dmy", time_format="24h", default_reminder=10, lineage="simple-calendar",
    date_picker="platform", time_picker="material",
    default_duration=0, reminder_warning=True, location_hint="Location", sections=True,
)


class FossifyCalendar(CalendarApp):
    package = "org.fossify.calendar"
    label = "Fossify Calendar"
    version_name, version_code = "1.10.3", 20
    launch_activity = "org.fossify.calendar.activities.SplashActivity.Orange"
    icon_color = "#EF6C00"
    #: AndroidManifest.xml's runtime permissions (1.10.3); setup grants POST_NOTIFICATIONS, without which
    #: saving an event with a reminder asks for it first (SimpleActivity.handleNotificationPermission).
    permissions = ("android.permission.READ_CONTACTS", "android.permission.READ_CALENDAR",
                   "android.permission.WRITE_CALENDAR", "android.permission.POST_NOTIFICATIONS")
    skin = SKIN
    #: The month grid unless Prefs.xml ``view`` holds the event list (Config.storedView; setup stores it).
    home = stored_view_home

    def on_create(self) -> None:
        EventsDb(self, 11).create()

    @property
    def store(self) -> EventStore:
        return EventsDb(self, 11)
