"""Launch guards and the second reading of each calendar app (issues 23 and 27): what the real app
does with seeded state when it starts, from its source at the pinned tag, and the verdict on its
storage profile and double. docs/calendar.md "Launch guards and fidelity" prints the same."""

from __future__ import annotations

from verifiers.base import FidelityReading, LaunchGuard, LaunchGuards, SourceRef

DATE = "2026-12-03"
#: The date open points were closed (issue 23 items 4-5, second pass).
CLOSED = "2026-12-04"
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

VAYUN = SourceRef(repo="vayun-mathur/Modern-Apps", tag="v2.6.7", files=(
    "calendar/src/main/AndroidManifest.xml (READ/WRITE_CALENDAR, POST_NOTIFICATIONS, USE_EXACT_ALARM)",
    "build-logic/src/main/kotlin/common-conventions-app.gradle.kts (minSdk 31, targetSdk 37)",
    "calendar/src/main/java/com/vayunmathur/calendar/MainActivity.kt (onCreate: exact-alarm settings only when "
    "canScheduleExactAlarms() is false; NoPermissionsScreen without READ/WRITE_CALENDAR; POST_NOTIFICATIONS "
    "requested at start until granted)",
    "calendar/src/main/java/com/vayunmathur/calendar/util/CalendarViewModel.kt (CalendarContract only: Events "
    "insert/update, Reminders rows METHOD_ALERT, HAS_ALARM, delete DELETED=1; calendar visibility = "
    "Calendars.VISIBLE; DataStore keys default_calendar_layout (FullWeek), theme_mode, last_selected_calendar_id)",
    "calendar/src/main/java/com/vayunmathur/calendar/data/Event.kt, Instance.kt, Calendar.kt (reads Events, "
    "Instances.query, Calendars; recurring: DTEND null, DURATION Kotlin Duration.toIsoString)",
    "calendar/src/main/java/com/vayunmathur/calendar/ui/EditEventScreen.kt (new event: start now, end = start, no "
    "reminders; title OutlinedTextField, singleLine false, no keyboardActions)",
    "library/ui/src/main/java/com/vayunmathur/library/ui/MaterialComponents.kt (OutlinedTextField defaults)",
    "library/src/main/java/com/vayunmathur/library/util/DataStoreUtils.kt (one Preferences DataStore, "
    "filesDir/datastore_default.preferences_pb; getString reads a snapshot mirrored eagerly on IO; setString "
    "assigns the key in dataStore.edit, so a choice persists)",
    "calendar/src/main/java/com/vayunmathur/calendar/ui/CalendarScreen.kt (the layout button: the layout's short "
    "name, a menu of the 9 layouts calling setLayout; AgendaView: a LazyColumn of days anchored at today, a "
    "dateWeekday header and ListItems per day)",
    "calendar/src/main/res/values/strings.xml (layout_* and layout_short_* names: Agenda 'A', Full Week 'W7')"))
VAYUN_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="READ_CALENDAR and WRITE_CALENDAR (else NoPermissionsScreen), and a visible, "
                "modifiable calendar in CalendarProvider (Calendars.VISIBLE filters events)",
                handled_by="granted at setup; the seed writes the LOCAL calendar row (visible = 1, access 700)",
                sources=(VAYUN,)),
    LaunchGuard(kind="first_screen", what="the POST_NOTIFICATIONS request at every start until granted "
                "(MainActivity LaunchedEffect)", handled_by="granted at setup (runtime_permissions)", sources=(VAYUN,)),
    LaunchGuard(kind="first_screen", what="the full-week grid: CalendarViewModel's layout is the DataStore string "
                "default_calendar_layout (CalendarLayout.valueOf; FullWeek when missing or unknown; the first frame "
                "is FullWeek until the collector has read the file)", handled_by="setup stores 'Agenda' in "
                "files/datastore_default.preferences_pb (a PreferenceMap protobuf, other entries kept), as a lab that "
                "chose Agenda once; the double shows a week grid without it", sources=(VAYUN,)),
    LaunchGuard(kind="writes", what="nothing in CalendarProvider at start-up; the DataStore only when the user "
                "changes layout/theme/calendar", handled_by="no seeded store touched", sources=(VAYUN,)),
), read=(VAYUN,))
VAYUN_FIDELITY = FidelityReading(source=VAYUN, date=CLOSED, verdict="mismatch-fixed", found=(
    "uses Android's CalendarProvider (CalendarContract) for events and reminders and keeps no event store of its "
    "own: the provider profile holds (Events/Reminders, DELETED=1 on delete, ISO DURATION + RRULE for recurring)",
    "POST_NOTIFICATIONS is requested at every start until granted and setup did not grant it, so the real app "
    "opened on the system permission dialog: fixed (granted at setup, declared by the double)",
    "a new event lasted 60 minutes in the double; the app's new event ends at its start: fixed "
    "(CalendarSkin.default_duration 0; the start is still the next full hour, the app's is now)",
    "Enter in the title (OutlinedTextField, singleLine false, no keyboardActions) adds a line break in the app; "
    "the double's Enter did nothing: fixed (CalendarSkin.title_multiline)",
    "the date and time opened text dialogs; the app opens Compose Material 3's DatePicker (DatePickerDialog.kt) and "
    "TimePicker (ui/dialog/TimePickerDialog.kt, nearest revision): both now modelled, the oracle taps them",
    "the first screen: the app opens the DataStore's default_calendar_layout, FullWeek (a week grid, no list) "
    "when it is missing, and the double opened its list: fixed (a first_screen guard: setup stores 'Agenda' in "
    "files/datastore_default.preferences_pb, the file, key and enum names read at v2.6.7; setString persists at "
    "the tag; the double shows a week grid, with the app's 'W7' layout menu, without it)",
    "the editor's title field was labelled 'Title (required)'; the app's is 'Title' (EditEventScreen.kt "
    "OutlinedTextField label = R.string.label_title, strings.xml v2.6.7): fixed",
    "a seeded recurring event's DURATION was 'P<n>S': the provider's calendarcommon2 Duration.parse accepts it "
    "(an optional 'T' after 'P', then <n>S), but the app reads DURATION with Kotlin's Duration.parse (Event.kt), "
    "ISO-8601 with only days before 'T', which rejects it (0): fixed (the seeder writes 'PT<n>S', which both "
    "parsers accept: calendarcommon2 Duration.java as copied in Etar-Group/Etar-Calendar v1.0.57, nearest to "
    "AOSP frameworks/opt/calendar; kotlin.time.Duration.parse, stdlib Duration.kt parseIsoStringFormat)",
    "the Agenda screen: the app's AgendaView (CalendarScreen.kt) is a LazyColumn of days anchored at today "
    "(earlier days above, reached by scrolling), each a dateWeekday header ('Tue, Oct 17, 2023') and one clickable "
    "ListItem per event (title; the time range without the date, '09:00 - 10:00'), no testTags; the double kept "
    "its own list of all events (schedule_list, one row 'date, start – end', ids event_name/event_time): fixed "
    "(the double shows those days, 100 days each side of today, opened at today, without resource ids; the oracle "
    "reads the rows page by page with the day header above them, and goes to a day's header to act on its rows)"),
    open_points=("the double's week grid (every layout but Agenda, which setup stores) is display only",
                 "the provider seed leaves CalendarMetaData to the provider (real calendar.db trusts seeded "
                 "Instances inside an already expanded range)"))
FOSSIFY = SourceRef(repo="FossifyOrg/Calendar", tag="1.10.3", files=(
    "app/src/main/kotlin/org/fossify/calendar/databases/EventsDatabase.kt (Room v11 events.db; onCreate callback: "
    "insertLocalCalendar on an executor: event_types row 1 and Config.addDisplayCalendar('1'))",
    "app/src/main/kotlin/org/fossify/calendar/helpers/EventsHelper.kt (getEventsSync: nothing when "
    "display_event_types is empty, else only those calendars)",
    "app/src/main/kotlin/org/fossify/calendar/helpers/Config.kt, Constants.kt (DISPLAY_CALENDARS = "
    "display_event_types, LOCAL_CALENDAR_ID 1, storedView = int 'view' default MONTHLY_VIEW 1, EVENTS_LIST_VIEW "
    "3, defaultDuration 0, "
    "lastEventReminderMinutes1 10, usePreviousEventReminders true)",
    "app/src/main/kotlin/org/fossify/calendar/activities/EventActivity.kt (new event: reminder 10, end = start + "
    "defaultDuration; saveCurrentEvent: ReminderWarningDialog until wasAlarmWarningShown; saveEvent: "
    "handleNotificationPermission before storing an event with reminders)",
    "app/src/main/kotlin/org/fossify/calendar/dialogs/ReminderWarningDialog.kt (title Disclaimer, OK / Settings)",
    "app/src/main/kotlin/org/fossify/calendar/activities/MainActivity.kt, SplashActivity.kt, SimpleActivity.kt, "
    "App.kt, jobs/AppStartupWorker.kt (start-up: no intro; what's-new list empty; exact-alarm dialog only on "
    "API 31-32; birthdays/anniversaries only when enabled; the worker schedules reminders, writes no event)",
    "app/src/main/res/layout/activity_event.xml (event_title single-line textCapSentences, no imeOptions, then "
    "event_location 'Location'; event_description textMultiLine)",
    "app/src/main/kotlin/org/fossify/calendar/helpers/Constants.kt (generateImportId)",
    "app/src/main/res/layout/fragment_event_list.xml, event_list_item.xml, event_list_section_day.xml, "
    "event_list_section_month.xml (calendar_events_list, event_item_title, event_item_time, event_item_description, "
    "event_section_title; placeholder no_upcoming_events)",
    "app/src/main/kotlin/org/fossify/calendar/adapters/EventListAdapter.kt, extensions/Context.kt "
    "(getEventListItems), helpers/Formatter.kt (DATE_DAY_PATTERN, getLongMonthYear), fragments/EventListFragment.kt "
    "(from now - displayPastEvents, default one day)"))
FOSSIFY_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="Prefs.xml display_event_types holding calendar 1, and the event_types row 1, "
                "both written by the database's onCreate executor after events.db exists (insertLocalCalendar)",
                handled_by="the seed waits for both (first_start) before inserting events of calendar 1; the double "
                "writes them when it creates the database and lists only displayed calendars", sources=(FOSSIFY,)),
    LaunchGuard(kind="writes", what="Prefs.xml (app run count, display_event_types) and WorkManager's database "
                "(AppStartupWorker) at start-up; no event rows", handled_by="app-private, no seeded store: launch "
                "invariance compares events.db only", sources=(FOSSIFY,)),
    LaunchGuard(kind="first_screen", what="the month grid: MainActivity opens Config.storedView (Prefs.xml int "
                "'view', default MONTHLY_VIEW 1)", handled_by="setup stores view = EVENTS_LIST_VIEW (3), as a lab that "
                "chose 'Simple event list' once; the double opens the month grid without it", sources=(FOSSIFY,)),
    LaunchGuard(kind="first_screen", what="POST_NOTIFICATIONS is asked when an event with a reminder is saved (a new "
                "event has one); denied, nothing is stored", handled_by="granted at setup (runtime_permissions)",
                sources=(FOSSIFY,)),
    LaunchGuard(kind="first_screen", what="the reminder 'Disclaimer' dialog (ReminderWarningDialog) at the first "
                "reminder click or save of an event with a reminder", handled_by="the double shows it; the oracle "
                "taps OK", sources=(FOSSIFY,)),
), read=(FOSSIFY,))
FOSSIFY_FIDELITY = FidelityReading(source=FOSSIFY, date=CLOSED, verdict="mismatch-fixed", found=(
    "storage matches: Room v11 events.db, seconds, event_type 1 = the local calendar, source 'simple-calendar', "
    "reminders -1 off, weekly repeat_rule = 1 << (ISO weekday - 1); the display_event_types wait holds at 1.10.3",
    "a new event lasted 60 minutes in the double; the app's default duration is 0 (end = start): fixed "
    "(CalendarSkin.default_duration)",
    "the double saved without the reminder Disclaimer the app shows once per install: fixed (the double shows it, "
    "the oracle taps OK)",
    "POST_NOTIFICATIONS was not granted at setup, so on Android 13 saving an event with a reminder asks for it "
    "(and stores nothing if denied): fixed (granted at setup, declared by the double)",
    "the date opened a text dialog; the app opens the platform DatePickerDialog in calendar mode "
    "(EventActivity.setupStartDate): now modelled",
    "the time opened a text dialog; the app opens MaterialTimePicker in clock mode under isDynamicTheme() "
    "(EventActivity.setupStartTime): now modelled, the oracle taps the face",
    "the first screen is the month grid (Config.storedView default MONTHLY_VIEW) and the double opened the event "
    "list: fixed (setup stores view = EVENTS_LIST_VIEW 3 in Prefs.xml, a recorded first_screen guard; without it "
    "the double opens a month grid; the list's ids calendar_events_list, event_item_title, event_item_time are the "
    "app's, res/layout/fragment_event_list.xml, event_list_item.xml)",
    "Enter in the title (activity_event.xml: single-line, no imeOptions, no editor-action listener) moves the "
    "focus to Location, a field the double lacked, and the double's Enter did nothing: fixed (the double has "
    "event_location 'Location' and Enter moves there)",
    "a new event's import_id is generateImportId() (EventActivity.saveEvent; helpers/Constants.kt: a random UUID's "
    "32 hex digits + currentTimeMillis); the double and the seed left it empty: fixed (both write that shape; no "
    "verifier reads it)",
    "the list's rows read 'day, start – end' in the double; the app groups them under month ('October', the year "
    "only for another year) and day ('17 Tuesday', Formatter DATE_DAY_PATTERN 'd EEEE') headers "
    "(event_section_title; Context.getEventListItems) and a row's event_item_time is '09:00 - 10:00' without the "
    "day, the description under it (EventListAdapter.setupListEvent, displayDescription true): fixed (the double "
    "shows the headers and rows so; the oracle reads the screen's texts in order and takes each row's day from the "
    "headers above it)",
    "the list's empty text is 'No upcoming events.' (strings.xml no_upcoming_events): fixed (the double lacked "
    "the full stop)"),
    open_points=("not a mismatch an episode meets: the double's month grid (shown only when setup's view = 3 is "
                 "missing) is display only (day taps to the day view, arrows and 'Change view' not modelled)",))
SCP = SourceRef(repo="SimpleMobileTools/Simple-Calendar", tag="6.22.2", files=(
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/activities/EventActivity.kt (setupStartDate: platform "
    "DatePickerDialog with the commons theme; setupStartTime: MaterialTimePicker INPUT_MODE_CLOCK when "
    "isUsingSystemTheme, else the platform TimePickerDialog)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/databases/EventsDatabase.kt (onCreate callback: "
    "insertRegularEventType on an executor: event type 1 and Config.addDisplayEventType)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/helpers/EventsHelper.kt (getEvents: nothing when "
    "display_event_types is empty, else only those types)"))
SCP_START = SourceRef(repo="SimpleMobileTools/Simple-Calendar", tag="6.22.2", files=(
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/models/Event.kt, EventType.kt (Room v8 columns)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/helpers/Config.kt, Constants.kt (storedView = int "
    "'view', default MONTHLY_VIEW 1, EVENTS_LIST_VIEW 3; "
    "defaultDuration 0, lastEventReminderMinutes1 10, usePreviousEventReminders true)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/activities/EventActivity.kt (new event: end = start + "
    "defaultDuration; saveCurrentEvent: ReminderWarningDialog until wasAlarmWarningShown; saveEvent: "
    "handleNotificationPermission before storing an event with reminders)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/activities/MainActivity.kt (onCreate: appLaunched, "
    "checkWhatsNewDialog, the 'upgraded from free' dialog only when com.simplemobiletools.calendar is installed, "
    "birthdays only when enabled)",
    "app/src/main/AndroidManifest.xml (POST_NOTIFICATIONS)",
    "app/src/main/res/layout/fragment_event_list.xml, event_list_item.xml, event_list_section_day.xml; "
    "adapters/EventListAdapter.kt, extensions/Context.kt (getEventListItems), helpers/Formatter.kt",
    "app/src/main/res/layout/activity_event.xml (event_title single-line, then event_location)"))
SCP_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="Prefs.xml display_event_types holding event type 1, and the event_types row 1, "
                "both written by the database's onCreate executor after events.db exists",
                handled_by="the seed waits for both (first_start) before inserting events of type 1; the double "
                "writes them when it creates the database and lists only displayed types", sources=(SCP,)),
    LaunchGuard(kind="first_screen", what="the month grid: MainActivity opens Config.storedView (Prefs.xml int "
                "'view', default MONTHLY_VIEW 1)", handled_by="setup stores view = EVENTS_LIST_VIEW (3), as a lab that "
                "chose 'Simple event list' once; the double opens the month grid without it", sources=(SCP_START,)),
    LaunchGuard(kind="first_screen", what="POST_NOTIFICATIONS is asked when an event with a reminder is saved (a new "
                "event has one); denied, nothing is stored", handled_by="granted at setup (runtime_permissions)",
                sources=(SCP_START,)),
    LaunchGuard(kind="first_screen", what="the reminder 'Disclaimer' dialog (ReminderWarningDialog) at the first "
                "reminder click or save of an event with a reminder", handled_by="the double shows it; the oracle "
                "taps OK", sources=(SCP_START,)),
), read=(SCP, SCP_START))
SCP_FIDELITY = FidelityReading(source=SCP_START, date=CLOSED, verdict="mismatch-fixed", found=(
    "start-up cut off: ensure_app_database could stop the app before the onCreate executor wrote "
    "display_event_types, and the app then lists no event; fixed (the seed waits, the double filters)",
    "storage re-read: Room v8 events columns as seeded (Fossify's without access_level and status), seconds, "
    "event_type 1, source 'simple-calendar'",
    "as Fossify Calendar: a new event lasted 60 minutes in the double (the app: defaultDuration 0), the reminder "
    "Disclaimer was missing, and POST_NOTIFICATIONS was not granted at setup: all fixed",
    "the time opened a text dialog; the app opens MaterialTimePicker in clock mode (setupStartTime: "
    "isUsingSystemTheme, Simple-Commons default isSPlus()); now modelled, the oracle taps the face",
    "the date opened a text dialog; the app opens the platform DatePickerDialog in calendar mode (now modelled)",
    "the first screen is the month grid (storedView MONTHLY_VIEW) and the double opened the event list: fixed as "
    "Fossify Calendar (setup stores view = EVENTS_LIST_VIEW 3, the double opens a month grid without it)",
    "the list's ids re-read (res/layout/fragment_event_list.xml, event_list_item.xml, adapters/EventListAdapter.kt): "
    "the RecyclerView is calendar_events_list (the double had the holder, calendar_events_list_holder), a row's "
    "time is event_item_time (the double had event_item_start, an id the layout lacks), the empty text 'No "
    "upcoming events.' (the double had 'No events found'): all fixed, the oracle reads event_item_time",
    "as Fossify Calendar (both tags' code is the same): the list's rows read 'day, start – end' in the double; "
    "the app groups them under month ('October', the year "
    "only for another year) and day ('17 Tuesday', Formatter DATE_DAY_PATTERN 'd EEEE') headers "
    "(event_section_title; Context.getEventListItems) and a row's event_item_time is '09:00 - 10:00' without the "
    "day, the description under it (EventListAdapter.setupListEvent, displayDescription true): fixed (the double "
    "shows the headers and rows so; the oracle reads the screen's texts in order and takes each row's day from the "
    "headers above it)",
    "as Fossify Calendar: Enter in the single-line title moves to 'Location' (event_location, activity_event.xml) "
    "and a new event's import_id is generateImportId() (EventActivity.kt, helpers/Constants.kt): both fixed in the "
    "double, and the seed writes the same import_id shape"),
    open_points=("assumed, not read: Simple-Commons' dialog themes (calendar mode taken from its fork's, "
                 "FossifyOrg/commons 6.1.5 styles.xml)",
                 "not a mismatch an episode meets: the double's month grid (shown only when setup's view = 3 is "
                 "missing) is display only, as Fossify Calendar's"))

KASHCAL = SourceRef(repo="KashCal/KashCal", tag="v22.5.15", files=(
    "app/src/main/kotlin/org/onekash/kashcal/ui/components/EventFormSheet.kt (EventFormState; the form: 'Event "
    "title', the 'Starts'/'Ends' DateTimePickerCards, each opening DateTimeSheet (ActiveDateTimeSheet.START/END); "
    "START confirm keeps no length, END before the start swaps; hasTimeConflict disables saving; a new event: "
    "end = start + defaultEventDuration, reminder1 = defaultReminderTimed)",
    "app/src/main/kotlin/org/onekash/kashcal/MainActivity.kt (onCreateEvent: the selected day at the next full hour)",
    "app/src/main/kotlin/org/onekash/kashcal/data/preferences/KashCalDataStore.kt (kashcal_preferences; "
    "DEFAULT_EVENT_DURATION_MINUTES 30, DEFAULT_REMINDER_MINUTES 15, default_calendar_view default month)",
    "app/src/main/kotlin/org/onekash/kashcal/ui/viewmodels/HomeUiState.kt, HomeViewModel.kt (ViewMode MONTH by "
    "default; AGENDA lists occurrences from now to now + 30 days)",
    "app/src/main/kotlin/org/onekash/kashcal/domain/initializer/LocalCalendarInitializer.kt (ensureLocalCalendarExists "
    "at start-up: the 'local' account and the 'Local' calendar, caldav_url local://default, if missing)",
    "app/src/main/kotlin/org/onekash/kashcal/ui/components/pickers/DateTimePicker.kt (DateTimeSheet: the grid, "
    "WheelTimePicker with visibleItems 3 and itemHeight 32.dp, Done; DateTimePickerCard 'Starts'/'Ends')",
    "app/src/main/kotlin/org/onekash/kashcal/ui/components/WheelTimePicker.kt (VerticalWheelPicker: circular "
    "LazyColumn, 'Wheel picker with N options', the centred item selected when the scroll settles)",
    "app/src/main/kotlin/org/onekash/kashcal/ui/screens/HomeScreen.kt (the month view: MonthNavHeader 'Previous', "
    "'MMMM yyyy', 'Next'; CalendarGrid's day numbers, a tap selects the day; DayEventsPager's EventCards, the "
    "title then 'start - end'; 'Nothing to see here; go touch grass?', 'Pick a day. Seize it.'; no testTag)",
    "app/src/main/kotlin/org/onekash/kashcal/domain/EmojiMatcher.kt (formatWithEmoji: an emoji before a title "
    "holding a keyword; showEventEmojis default true)",
    "app/src/main/kotlin/org/onekash/kashcal/ui/components/OnboardingBanner.kt, data/preferences/PreferencesKeys.kt "
    "(the onboarding ModalBottomSheet 'Apple Calendar?', 'Connect' / 'Not now'; key onboarding_dismissed)",
    "app/src/main/AndroidManifest.xml (runtime permissions POST_NOTIFICATIONS, READ_CONTACTS)"))
KASHCAL_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="the local calendar row (calendars.caldav_url = 'local://default'), which "
                "LocalCalendarInitializer writes at start-up after Room created kashcal.db",
                handled_by="the seed waits for that row (first_start) before inserting events into it; "
                "ensure_app_database alone stops the app once the file exists", sources=(KASHCAL,)),
    LaunchGuard(kind="writes", what="the local account and calendar when missing", handled_by="kept by every seed "
                "(only events, occurrences and reminders are cleared)", sources=(KASHCAL,)),
    LaunchGuard(kind="first_screen", what="the month view (HomeUiState.viewMode MONTH; DataStore kashcal_preferences "
                "'default_calendar_view', default 'month') with today selected (HomeViewModel.goToToday); the agenda "
                "lists now to now + 30 days only and the 3-day grid three days, so no other view shows every seeded "
                "event (October 2023, some on the frozen day before 15:34)",
                handled_by="nothing stored: the double opens the month view and the oracle reaches an event as a "
                "user does, the day's number tapped and the event read or tapped under the grid", sources=(KASHCAL,)),
    LaunchGuard(kind="first_screen", what="the onboarding sheet ('Apple Calendar?', 'Connect' / 'Not now') over the "
                "month view at every start without an account until onboarding_dismissed is true in the DataStore "
                "(HomeViewModel init, dismissOnboardingSheet)",
                handled_by="setup stores onboarding_dismissed = true in files/datastore/kashcal_preferences"
                ".preferences_pb (a PreferenceMap protobuf, other entries kept), as a lab that tapped 'Not now' once; "
                "the double shows the sheet without it", sources=(KASHCAL,)),
    LaunchGuard(kind="first_screen", what="saving an event with a reminder (a new one has 15 minutes) asks for "
                "POST_NOTIFICATIONS while it was never requested (EventFormSheet.kt, MainActivity.kt)",
                handled_by="granted at setup (KashCalAdapter.runtime_permissions), declared by the double",
                sources=(KASHCAL,)),
), read=(KASHCAL,))
KASHCAL_FIDELITY = FidelityReading(source=KASHCAL, date=CLOSED, verdict="mismatch-fixed", found=(
    "start-up cut off: the seed could run before the initializer created the local calendar, leaving events "
    "without a calendar; it now waits for the row (the double creates it with the schema, so the sim never raced)",
    "the date opened a text dialog; the app's sheet shows its own month grid (InlineDatePickerContent, "
    "ui/components/pickers/DateTimePicker.kt): now modelled",
    "the time opened a typed text dialog; the app sets it on its own Compose wheels (ui/components/WheelTimePicker.kt) "
    "under the grid of the same DateTimeSheet: now modelled, the oracle drags the wheels",
    "the editor's day and times are two cards, 'Starts' and 'Ends' (DateTimePickerCard: a read-only field 'EEE, MMM "
    "d, yyyy   HH:mm', icon 'Select Starts'/'Select Ends'), each opening the sheet on its own day and time; the "
    "double had date, start and end rows: fixed (the cards, their texts and descriptions; Starts keeps no length "
    "and moves the end only when passed, an end day before the start swaps, an end before the start disables "
    "saving; the oracle sets Starts then Ends and reads a moved event's length off the cards)",
    "a new event lasted 60 minutes without a reminder in the double; the app's lasts defaultEventDuration (30) "
    "with defaultReminderTimed (15 minutes): fixed",
    "the first screen: the app opens ViewMode.MONTH (the DataStore 'kashcal_preferences' key "
    "'default_calendar_view', default 'month') with today selected; its agenda lists now to now + 30 days only "
    "(HomeViewModel.loadAgendaEvents) and THREE_DAYS three days, so no stored view would show every seeded event; "
    "the double opened its own list of every event: fixed (the month view as HomeScreen.kt draws it: 'Previous', "
    "'October 2023', 'Next', the weekday names, the day numbers, then the selected day's cards, the title after "
    "EmojiMatcher's emoji over 'HH:mm - HH:mm'; a new event starts on the selected day; the oracle taps a day's "
    "number and reads or taps its cards)",
    "the double's screens had ids (agenda_list, occurrence_title, fab_create, save_button, event_title, "
    "event_repeat, ...), which a Compose app without testTag has not: fixed (no resource id on the home, the editor "
    "or the event page, CalendarSkin.resource_ids; the oracle selects the editor's fields by class and text)",
    "without an account the app opens its onboarding sheet (OnboardingBanner.kt) at every start until "
    "onboarding_dismissed is stored; the double had none and setup stored nothing: fixed (a first_screen guard: "
    "setup stores it in files/datastore/kashcal_preferences.preferences_pb; the double shows the sheet without it)",
    "saving an event with a reminder asks for POST_NOTIFICATIONS (never granted at setup), so a real device showed "
    "the system dialog at the first save: fixed (granted at setup, declared by the double)",
    "the editor's frame was the double's own (a toolbar icon 'Save changes', 'Add notes', an 'Alerts: …' row with "
    "'10/15/30 minutes early', repeat rows 'Repeats every day/week'); the app's EventFormSheet (EventFormSheet.kt) is "
    "a ModalBottomSheet headed 'Cancel' ('Discard Changes?' once changed), 'New Event'/'Edit Event' and a 'Save' text "
    "button, with 'Event title', 'All-day', the cards, expandable Calendar, Alerts (ReminderPicker.kt: 'First "
    "Alert'/'Second Alert' over TIMED_REMINDER_OPTIONS, summary '15m') and Repeat (RecurrencePicker.kt: the "
    "FrequencyOption chips, RruleBuilder's rules) cards, 'Location', 'Notes', 'Delete Event' → 'Confirm Delete' and "
    "the sticky 'Save Event': fixed (kashcal_sheets.KashCalForm; the oracle expands the cards and scrolls the sheet)",
    "an event opened a details page with an edit pencil and a 'Delete event' icon confirmed in a dialog; the app opens "
    "EventQuickViewSheet ('EEE, MMM d · HH:mm - HH:mm', the calendar 'Local', 'Edit', 'Delete' confirmed inline "
    "with 'Confirm', 'More options'): fixed (kashcal_sheets.QuickView)",
    "the month home listed a recurring event on its first day only; the app lists each day's occurrences rows: "
    "fixed (the double's day page follows the stored RRULE)",
    "a second reader of the sheets (given the source, not these notes) found: the location was dropped (saveEvent "
    "keeps it, the quick view shows it); reminders were stored as '-PT60M' with spaces, the app stores "
    "minutesToIsoDuration ('-PT1H', '-P1D') in Gson's list; a blank description or location is NULL and alarm_count "
    "stays 0 (only sync sets it), in the seeder too; the double rebuilt the RRULE at every save, the app only when a "
    "chip or weekday is tapped; the repeat text was the double's own, not formatForDisplay; the weekday circles were "
    "inert; the monthly pattern and end-condition texts were missing; the form focused the title (the app requests no "
    "focus); a new event at 23:xx started at 23:00 (the app: (hour + 1) % 24); the quick view dated a later "
    "occurrence by the series' first day; reminder texts ('60 min before', '0m'): all fixed, each with a test "
    "(tests/calendars/test_kashcal_sheets.py, test_kashcal_rules.py)"),
    open_points=("drawn, not modelled: the All-day switch (no template has all-day events), the monthly repeat's other "
                 "patterns and every end condition but 'Never', the location's address suggestions, the quick view's "
                 "'More options' menu, and the recurring-event choices ('Just this occurrence'/'All occurrences', "
                 "'Just this one'/'This and all future'): the double's Edit and Delete act on the whole series; no "
                 "seeded KashCal event repeats, so only an event the agent itself made recurring reaches them",))
