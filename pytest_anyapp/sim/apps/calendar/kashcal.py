"""KashCal 22.5.15 (``org.onekash.kashcal``), a local/CalDAV calendar on its own Room database.

A FAB "Create event" on the month home; an event card opens its quick view sheet ("Edit", "Delete" confirmed
inline with "Confirm"); the form sheet ("Cancel", "New Event"/"Edit Event", "Save") has the title, the
"Starts"/"Ends" cards (``DateTimePickerCard``, each opening the whole ``DateTimeSheet``: grid, wheels, "Done"),
the Calendar, Alerts and Repeat cards, "Location", "Notes" and, when editing, "Delete Event"; both sheets are
:mod:`.kashcal_sheets` (``EventQuickViewSheet.kt``, ``EventFormSheet.kt``). Starts keeps no length (the end moves
to start + 30 minutes only when passed), an end before the start disables saving. A new event starts at the
next full hour of the selected day, lasts ``defaultEventDuration`` (30) and has the default 15-minute reminder
(``MainActivity.onCreateEvent``, ``KashCalDataStore`` defaults).
Storage: Room ``databases/kashcal.db``
(:class:`KashCalDb`: ``events`` in ms with RRULE and ISO reminder offsets, ``occurrences`` with
YYYYMMDD days; the local calendar ``local://default`` is made at first start). Its month home, onboarding
sheet and emoji titles are :mod:`.kashcal_home`.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.calendar.kashcal_home import MonthHome
from pytest_anyapp.sim.apps.calendar.kashcal_sheets import REMINDER_OPTIONS, KashCalForm, QuickView
from pytest_anyapp.sim.apps.calendar.kit import CalendarApp, CalendarSkin, Icon
from pytest_anyapp.sim.apps.calendar.store import EventStore, KashCalDb

#: No testTag in the Compose app: its buttons have content descriptions and no resource ids (the icons' ids "").
SKIN = CalendarSkin(
    title="KashCal", list_id="agenda_list", row_title_id="occurrence_title", row_detail_id="occurrence_time",
    empty_text="Nothing to see here; go touch grass?", entry=Icon("event_add", "Create event", ""),
    editor_activity="org.onekash.kashcal.MainActivity", title_hint="Event title",
    description_hint="Notes", save=Icon("", "Save", ""), delete=Icon("", "Delete", ""), delete_confirm="Confirm",
    repeats=("Never", "Daily", "Weekly"), reminders=REMINDER_OPTIONS,
    edit=Icon("", "Edit", ""), date_label="Starts", start_label="Starts",
    end_label="Ends", reminder_label="Alerts", menu=(), entry_place="fab",
    open_flow="details", delete_place="details", save_style="text", date_format="weekday", time_format="24h",
    date_picker="kashcal", time_picker="kashcal", datetime_cards=("Starts", "Ends"), default_duration=30,
    default_reminder=15, resource_ids=False,
)


class KashCal(CalendarApp):
    package = "org.onekash.kashcal"
    label = "KashCal"
    version_name, version_code = "22.5.15", 399
    launch_activity = "org.onekash.kashcal.MainActivity"
    icon_color = "#5E35B1"
    #: AndroidManifest.xml's runtime permissions (v22.5.15); setup grants POST_NOTIFICATIONS, which saving an event
    #: with a reminder asks for while never requested (EventFormSheet.kt, MainActivity.kt).
    permissions = ("android.permission.POST_NOTIFICATIONS", "android.permission.READ_CONTACTS")
    skin = SKIN
    home = MonthHome
    details_screen, editor_screen = QuickView, KashCalForm

    def on_create(self) -> None:
        KashCalDb(self).create()

    @property
    def store(self) -> EventStore:
        return KashCalDb(self)
