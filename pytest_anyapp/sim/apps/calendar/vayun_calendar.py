"""Calendar v2.6.7 by vayunmathur (``com.vayunmathur.calendar``), a Compose app over CalendarContract.

No store of its own: events live in Android's CalendarProvider (:class:`ProviderEvents`; recurring
events get an ISO ``DURATION`` and ``FREQ=…;INTERVAL=1``; reminders are METHOD_ALERT rows). A FAB
adds an event; an event opens its page, whose overflow menu holds "Delete"; the editor saves with
a "Save" button. Dates read ISO. A new event starts now and ends at its start (EditEventScreen.kt).
The start/end times open Compose Material 3's ``TimePicker`` in the app's ``TimePickerDialog``
("Select time", OK / Cancel, no keyboard toggle; ``ui/dialog/TimePickerDialog.kt``, nearest revision read).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.calendar.kit import CalendarApp, CalendarSkin, Icon
from pytest_anyapp.sim.apps.calendar.store import EventStore, ProviderEvents

SKIN = CalendarSkin(
    title="Schedule", list_id="schedule_list", row_title_id="event_name", row_detail_id="event_time",
    empty_text="Nothing planned", entry=Icon("add_circle", "Add event", "add_event"),
    editor_activity="com.vayunmathur.calendar.MainActivity", title_hint="Title (required)",
    description_hint="Notes", save=Icon("save", "Save event", "save_event"),
    delete=Icon("remove", "Remove", "remove_event"), delete_confirm="Confirm",
    repeats=("Never", "Every day", "Every week"),
    reminders=((-1, "None"), (10, "10 min before"), (15, "15 min before"), (30, "30 min before"), (60, "60 min before")),
    edit=Icon("edit_note", "Edit", "edit_event"), date_label="Day", start_label="Begins", end_label="Finishes",
    reminder_label="Alert", menu=("Calendars", "Layout"), entry_place="fab", open_flow="details",
    delete_place="details_menu", save_style="text", date_format="iso", time_format="24h", time_picker="compose",
    date_picker="m3", default_duration=0, title_multiline=True,
)


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

    @property
    def store(self) -> EventStore:
        return ProviderEvents(self, duration_style="iso", weekly_rule="FREQ=WEEKLY;INTERVAL=1;BYDAY={day}",
                              daily_rule="FREQ=DAILY;INTERVAL=1")
