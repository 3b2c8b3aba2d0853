"""Launch guards and the second reading of each calendar app (issues 23 and 27): what the real app
does with seeded state when it starts, from its source at the pinned tag, and the verdict on its
storage profile and double. docs/calendar.md "Launch guards and fidelity" prints the same."""

from __future__ import annotations

from verifiers.base import FidelityReading, LaunchGuard, LaunchGuards, SourceRef

DATE = "2026-12-03"
ETAR = SourceRef(repo="Etar-Group/Etar-Calendar", tag="v1.0.57", files=(
    "app/src/main/java/com/android/calendar/CalendarApplication.java (first start: GeneralPreferences."
    "setDefaultValues, spv = 1, the version key)",
    "app/src/main/java/com/android/calendar/CalendarEventModel.java (a new event gets preferences_default_reminder)",
    "app/src/main/java/com/android/calendar/settings/GeneralPreferences.kt (KEY_DEFAULT_REMINDER, NO_REMINDER, "
    "SHARED_PREFS_NAME com.android.calendar_preferences)",
    "app/src/main/res/values/strings.xml (preferences_default_reminder_default = 10, goto_date)",
    "app/src/main/java/com/android/calendar/event/EditEventView.java (showDatePickerDialog, showTimerPickerDialog)"))


def _unread(repo: str, tag: str) -> SourceRef:
    return SourceRef(repo=repo, tag=tag, note="read for the storage profile only; start-up not searched in this "
                     "reading")


ETAR_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="writes", what="com.android.calendar_preferences.xml: the preference defaults, spv = 1 and the "
                "version key, at the first start (CalendarApplication.onCreate)",
                handled_by="app-private preferences, no seeded store: launch invariance excepts them",
                sources=(ETAR,)),
    LaunchGuard(kind="writes", what="a new event's Reminders row of 10 minutes (the default reminder)",
                handled_by="the double adds it; AddReminder accepts other reminders beside the asked one",
                sources=(ETAR,)),
), read=(ETAR,))
ETAR_FIDELITY = FidelityReading(source=ETAR, date=DATE, verdict="mismatch-fixed", found=(
    "the double gave a new event no reminder; Etar adds its default 10-minute reminder (now modelled)",
    "the date buttons opened a text dialog; Etar opens MaterialDatePicker in calendar mode (now modelled, "
    "EditEventView.showDatePickerDialog)",
    "the time buttons opened a text dialog; Etar opens MaterialTimePicker in clock mode (now modelled, "
    "EditEventView.showTimerPickerDialog; the oracle taps the face)"),
    open_points=("Etar's start-up permission request is answered by setup's grants (READ/WRITE_CALENDAR); the "
                 "calendar-to-display filter at first start was not read",))

VAYUN_GUARDS = LaunchGuards(read=(_unread("vayun-mathur/Modern-Apps", "v2.6.7"),))
VAYUN_FIDELITY = FidelityReading(source=VAYUN_GUARDS.read[0], date=DATE, verdict="unverifiable",
                                 open_points=("not re-read in this reading", "the time picker (nearest revision "
                                              "read, calendar/src/main/java/com/vayunmathur/calendar/ui/dialog/"
                                              "TimePickerDialog.kt) is Compose Material 3 TimePicker in its "
                                              "TimePickerDialog, 'Select time', no keyboard toggle; the double opens it"))
FOSSIFY_GUARDS = LaunchGuards(read=(_unread("FossifyOrg/Calendar", "1.10.3"),))
FOSSIFY_FIDELITY = FidelityReading(source=FOSSIFY_GUARDS.read[0], date=DATE, verdict="unverifiable",
                                   open_points=("not re-read in this reading; Simple Calendar Pro's display_event_types "
                                                "wait (same lineage) is applied to it unverified at 1.10.3",
                                                "only the time picker was read (EventActivity.setupStartTime, "
                                                "1.10.3: MaterialTimePicker INPUT_MODE_CLOCK under isDynamicTheme()); "
                                                "the double opens it"))
SCP = SourceRef(repo="SimpleMobileTools/Simple-Calendar", tag="6.22.2", files=(
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/activities/EventActivity.kt (setupStartDate: platform "
    "DatePickerDialog with the commons theme; setupStartTime: MaterialTimePicker INPUT_MODE_CLOCK when "
    "isUsingSystemTheme, else the platform TimePickerDialog)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/databases/EventsDatabase.kt (onCreate callback: "
    "insertRegularEventType on an executor: event type 1 and Config.addDisplayEventType)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/helpers/EventsHelper.kt (getEvents: nothing when "
    "display_event_types is empty, else only those types)"))
SCP_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="Prefs.xml display_event_types holding event type 1, and the event_types row 1, "
                "both written by the database's onCreate executor after events.db exists",
                handled_by="the seed waits for both (first_start) before inserting events of type 1; the double "
                "writes them when it creates the database and lists only displayed types", sources=(SCP,)),
), read=(SCP,))
SCP_FIDELITY = FidelityReading(source=SCP, date=DATE, verdict="mismatch-fixed", found=(
    "start-up cut off: ensure_app_database could stop the app before the onCreate executor wrote "
    "display_event_types, and the app then lists no event; fixed (the seed waits, the double filters)",
    "the time opened a text dialog; the app opens MaterialTimePicker in clock mode (setupStartTime: "
    "isUsingSystemTheme, Simple-Commons default isSPlus()); now modelled, the oracle taps the face",
    "the date opened a text dialog; the app opens the platform DatePickerDialog in calendar mode (now modelled)",),
    open_points=("storage and start-up not re-read in this pass (issue 27's reader confirmed units and the default "
                 "reminder)", "Simple-Commons' dialog themes not read: calendar mode taken from its fork's "
                 "(FossifyOrg/commons 6.1.5 styles.xml)"))

KASHCAL = SourceRef(repo="KashCal/KashCal", tag="v22.5.15", files=(
    "app/src/main/kotlin/org/onekash/kashcal/domain/initializer/LocalCalendarInitializer.kt (ensureLocalCalendarExists "
    "at start-up: the 'local' account and the 'Local' calendar, caldav_url local://default, if missing)",
    "app/src/main/kotlin/org/onekash/kashcal/ui/components/pickers/DateTimePicker.kt (WheelTimePicker)"))
KASHCAL_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="the local calendar row (calendars.caldav_url = 'local://default'), which "
                "LocalCalendarInitializer writes at start-up after Room created kashcal.db",
                handled_by="the seed waits for that row (first_start) before inserting events into it; "
                "ensure_app_database alone stops the app once the file exists", sources=(KASHCAL,)),
    LaunchGuard(kind="writes", what="the local account and calendar when missing", handled_by="kept by every seed "
                "(only events, occurrences and reminders are cleared)", sources=(KASHCAL,)),
), read=(KASHCAL,))
KASHCAL_FIDELITY = FidelityReading(source=KASHCAL, date=DATE, verdict="mismatch-open", found=(
    "start-up cut off: the seed could run before the initializer created the local calendar, leaving events "
    "without a calendar; it now waits for the row (the double creates it with the schema, so the sim never raced)",
    "the date opened a text dialog; the app's sheet shows its own month grid (InlineDatePickerContent, "
    "ui/components/pickers/DateTimePicker.kt): now modelled",
    "open: the time is set on KashCal's own Compose wheel (ui/components/WheelTimePicker.kt, used by "
    "ui/components/pickers/DateTimePicker.kt); the double's time dialog is a text field"),
    open_points=("only the initializer and the date/time pickers were re-read in this pass",
                 "the time wheel is not modelled"))
