"""Simple Calendar Pro 6.22.2 (``com.simplemobiletools.calendar.pro``), AndroidWorld's calendar.

Fossify Calendar's ancestor: the same event editor and store model (Room v8, without
``access_level``/``status``), a 10-minute default reminder; the rows read "Oct 17" dates and the
delete confirmation says "OK". As Fossify Calendar: a new event lasts Config.defaultDuration (0), and
the first reminder click or save with a reminder meets the "Disclaimer" (ReminderWarningDialog).
The time buttons open MaterialTimePicker in clock mode (``setupStartTime``/``setupEndTime`` with
``config.isUsingSystemTheme``, Simple-Commons' default ``isSPlus()``). Storage: ``databases/events.db`` (:class:`EventsDb`, v8).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.calendar.kit import CalendarApp, CalendarSkin, Icon
from pytest_anyapp.sim.apps.calendar.month import stored_view_home
from pytest_anyapp.sim.apps.calendar.store import EventsDb, EventStore

SKIN = CalendarSkin(
    title="Simple Calendar", list_id="calendar_events_list", row_title_id="event_item_title",
    row_detail_id="event_item_time", empty_text="No upcoming events.", entry=Icon("plus", "New Event", "calendar_fab"),
    editor_activity="com.simplemobiletools.calendar.pro.activities.EventActivity", title_hint="Title",
    description_hint="Description", save=Icon("check", "Save", "save"), delete=Icon("delete", "Delete", "delete"),
    delete_confirm="OK", repeats=("No repetition", "Daily", "Weekly"),
    reminders=((-1, "No reminder"), (10, "10 minutes before"), (15, "15 minutes before"), (30, "30 minutes before"),
               (60, "1 hour before")),
    date_label="Start date", start_label="Start time", end_label="End time", reminder_label="Add another reminder",
    menu=("Go to today", "Search", "Settings", "About"), entry_place="fab", open_flow="editor", delete_place="editor",
    save_style="icon", date_format="short", time_format="24h", default_reminder=10, lineage="simple-calendar",
    date_picker="platform", time_picker="material",
    default_duration=0, reminder_warning=True, location_hint="Location", sections=True,
)


class SimpleCalendarPro(CalendarApp):
    package = "com.simplemobiletools.calendar.pro"
    label = "Simple Calendar Pro"
    version_name, version_code = "6.22.2", 238
    launch_activity = "com.simplemobiletools.calendar.pro.activities.SplashActivity.Orange"
    icon_color = "#FF9800"
    #: AndroidManifest.xml's runtime permissions (6.22.2); setup grants POST_NOTIFICATIONS, which saving an event
    #: with a reminder asks for first (EventActivity.saveEvent: handleNotificationPermission).
    permissions = ("android.permission.READ_CONTACTS", "android.permission.READ_CALENDAR",
                   "android.permission.WRITE_CALENDAR", "android.permission.POST_NOTIFICATIONS")
    skin = SKIN
    #: The month grid unless Prefs.xml ``view`` holds the event list (Config.storedView; setup stores it).
    home = stored_view_home

    def on_create(self) -> None:
        EventsDb(self, 8).create()

    @property
    def store(self) -> EventStore:
        return EventsDb(self, 8)
