"""Etar 1.0.57 (``ws.xsoh.etar``), the AOSP Calendar's open-source successor.

No store of its own: events live in Android's CalendarProvider (:class:`ProviderEvents`; recurring
events get ``DURATION 'P<s>S'`` and ``FREQ=…;WKST=SU;BYDAY=…``). "New event" sits in the action bar;
an event opens its info page (edit pencil, "Delete" icon confirmed with "OK"); the editor saves with
a "Save" button. Times read 12-hour ("9:00 AM") under weekday dates. A new event starts with the
default reminder, 10 minutes (``CalendarEventModel(Context)`` adds ``preferences_default_reminder``,
whose default ``@string/preferences_default_reminder_default`` CalendarApplication writes at first
start through ``GeneralPreferences.setDefaultValues``). The date buttons open MaterialDatePicker
in calendar mode titled "Go to…" (``EditEventView.showDatePickerDialog``, ``goto_date``); the time
buttons open MaterialTimePicker in clock mode, 12/24 h from the device (``showTimerPickerDialog``;
:mod:`pytest_anyapp.sim.apps.time_pickers`).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.calendar.kit import CalendarApp, CalendarSkin, Icon
from pytest_anyapp.sim.apps.calendar.store import EventStore, ProviderEvents

SKIN = CalendarSkin(
    title="Agenda", list_id="agenda_events_list", row_title_id="title", row_detail_id="when",
    empty_text="No events", entry=Icon("add", "New event", "action_create_event"),
    editor_activity="com.android.calendar.event.EditEventActivity", title_hint="Event name",
    description_hint="Add description", save=Icon("done", "Save", "action_done"),
    delete=Icon("trash", "Delete event", "info_action_delete"), delete_confirm="OK",
    repeats=("Does not repeat", "Repeats daily", "Repeats weekly"),
    reminders=((-1, "No notifications"), (10, "10 minutes"), (15, "15 minutes"), (30, "30 minutes"), (60, "1 hour")),
    edit=Icon("pencil", "Edit event", "info_action_edit"), date_label="From", start_label="Starts",
    end_label="Ends", reminder_label="Notification", menu=("Refresh", "Go to", "Calendars to display"),
    entry_place="toolbar", open_flow="details", delete_place="details", save_style="text", date_format="weekday",
    time_format="12h", default_reminder=10, date_picker="material", date_picker_title="Go to…",
    time_picker="material",
)


class Etar(CalendarApp):
    package = "ws.xsoh.etar"
    label = "Etar"
    version_name, version_code = "1.0.57", 57
    launch_activity = "com.android.calendar.AllInOneActivity"
    icon_color = "#3F51B5"
    skin = SKIN

    @property
    def store(self) -> EventStore:
        return ProviderEvents(self)
