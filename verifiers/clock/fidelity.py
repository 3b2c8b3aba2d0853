"""Launch guards and the second reading of each clock app (issues 23 and 27): what the real app does
with seeded state when it starts, from its source at the pinned tag (closed apps: what is assumed),
and the verdict on its storage profile and double. docs/clock.md "Launch guards and fidelity"
prints the same."""

from __future__ import annotations

from verifiers.base import FidelityReading, LaunchGuard, LaunchGuards, SourceRef

DATE = "2026-12-03"
FOSSIFY = SourceRef(repo="FossifyOrg/Clock", tag="1.6.0", files=(
    "app/src/main/kotlin/org/fossify/clock/helpers/Constants.kt (TODAY_BIT -1, TOMORROW_BIT -2, "
    "updateNonRecurringAlarmDay, getTomorrowBit)",
    "app/src/main/kotlin/org/fossify/clock/models/Alarm.kt (isRecurring = days > 0, isToday, isTomorrow)",
    "app/src/main/kotlin/org/fossify/clock/dialogs/EditAlarmDialog.kt (OK: alarm warning until "
    "wasAlarmWarningShown, updateNonRecurringAlarmDay, insert; editAlarmTime: MaterialTimePicker INPUT_MODE_CLOCK "
    "when isDynamicTheme(), else TimePickerDialog)",
    "app/src/main/kotlin/org/fossify/clock/fragments/AlarmFragment.kt (FAB: days = getTomorrowBit())",
    "app/src/main/kotlin/org/fossify/clock/adapters/AlarmsAdapter.kt (switch: the same warning)",
    "app/src/main/kotlin/org/fossify/clock/helpers/DBHelper.kt (DB_VERSION 2, days INTEGER)"))


def _unread(repo: str, tag: str) -> SourceRef:
    return SourceRef(repo=repo, tag=tag, note="read for the storage profile only; start-up not searched in this "
                     "reading")


FOSSIFY_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="a one-shot alarm's days is TODAY_BIT (-1) or TOMORROW_BIT (-2), never 0",
                handled_by="the seed writes -1 when the alarm's time is later today on the device's clock, else -2",
                sources=(FOSSIFY,)),
    LaunchGuard(kind="first_screen", what="'alarm warning' confirmation on the first alarm saved or switched on",
                handled_by="setup writes was_alarm_warning_shown = true in Prefs.xml (the commons key name is "
                "assumed, Fossify commons not read); the double does not show it", sources=(FOSSIFY,)),
), read=(FOSSIFY,))
FOSSIFY_FIDELITY = FidelityReading(source=FOSSIFY, date=DATE, verdict="mismatch-fixed", found=(
    "seeded alarms had days = 0, which the app never writes (shown as 'Tomorrow'); now TODAY/TOMORROW bits",
    "the first-alarm warning dialog was neither shown by the double nor passed by setup; setup now sets its flag",
    "the alarm time opened NumberPicker-like spinners; the app opens MaterialTimePicker in clock mode "
    "(EditAlarmDialog.kt: isDynamicTheme(), commons' isUsingSystemTheme defaults to isSPlus(); else the platform "
    "TimePickerDialog); now modelled (sim/apps/time_pickers.py), the oracle taps the face"),
    open_points=("the flag's key name comes from Fossify commons, not read",))

SIMPLE = SourceRef(repo="SimpleMobileTools/Simple-Clock", tag="5.11.2", files=(
    "app/src/main/kotlin/com/simplemobiletools/clock/helpers/Constants.kt (TODAY_BIT -1, TOMORROW_BIT -2)",
    "app/src/main/kotlin/com/simplemobiletools/clock/dialogs/EditAlarmDialog.kt (OK: the alarm warning until "
    "wasAlarmWarningShown; days <= 0 becomes TODAY_BIT or TOMORROW_BIT; MaterialTimePicker INPUT_MODE_CLOCK with "
    "the system theme, else TimePickerDialog)",
    "app/src/main/kotlin/com/simplemobiletools/clock/adapters/AlarmsAdapter.kt (switch: the same warning)"))
SIMPLE_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="a one-shot alarm's days is TODAY_BIT (-1) or TOMORROW_BIT (-2), never 0",
                handled_by="the seed writes -1 when the alarm's time is later today on the device's clock, else -2",
                sources=(SIMPLE,)),
    LaunchGuard(kind="first_screen", what="'alarm warning' confirmation on the first alarm saved or switched on",
                handled_by="setup writes was_alarm_warning_shown = true in Prefs.xml (Simple-Commons key name "
                "assumed, not read); the double does not show it", sources=(SIMPLE,)),
), read=(SIMPLE,))
SIMPLE_FIDELITY = FidelityReading(source=SIMPLE, date=DATE, verdict="mismatch-fixed", found=(
    "seeded alarms had days = 0, which the app never saves; now TODAY/TOMORROW bits",
    "the first-alarm warning was neither shown by the double nor passed by setup; setup now sets its flag",
    "the alarm time opened spinners; the app opens MaterialTimePicker in clock mode (isUsingSystemTheme, default "
    "isSPlus()); now modelled, the oracle taps the face"),
    open_points=("the flag's key name comes from Simple-Commons, not read",))

DESK = SourceRef(repo="BlackyHawky/Clock", tag="2.29", files=(
    "app/src/main/java/com/best/deskclock/DeskClock.java (isFirstLaunch: FirstLaunch while key_is_first_launch is "
    "not false)", "app/src/main/java/com/best/deskclock/FirstLaunch.java (Later/Now store false)",
    "app/src/main/java/com/best/deskclock/DeskClockApplication.java (default prefs in device-protected storage)",
    "app/src/main/java/com/best/deskclock/alarms/AlarmFragment.java (startCreatingAlarm: the FAB opens the time "
    "picker)", "app/src/main/java/com/best/deskclock/alarms/AlarmTimeClickHandler.java (onClockClicked, setAlarm)",
    "app/src/main/java/com/best/deskclock/dialogfragment/MaterialTimePickerDialogFragment.java (INPUT_MODE_CLOCK "
    "for the default style 'analog', PreferencesDefaultValues.DEFAULT_TIME_PICKER_STYLE)"))
DESK_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="FirstLaunch activity while key_is_first_launch (default prefs, user_de) is "
                "not false", handled_by="the seed writes key_is_first_launch = false with the other preferences (as a "
                "device whose user pressed 'Later' holds it); the double shows FirstLaunch without it",
                sources=(DESK,)),
), read=(DESK,))
DESK_FIDELITY = FidelityReading(source=DESK, date=DATE, verdict="mismatch-fixed", found=(
    "the FirstLaunch screen after pm clear was neither passed by the seed nor shown by the double",
    "the alarm time was typed into hour/minute fields on an editor page; the FAB opens MaterialTimePicker in clock "
    "mode and its OK adds the alarm; now modelled, the oracle taps the face",
    "IME (worldclock/CitySelectionActivity.java): the city search is an androidx SearchView whose editor listener "
    "takes every action, a hardware Enter's IME_NULL included (onSubmitQuery; onQueryTextSubmit returns false, no "
    "searchable: nothing to see), and it clears its focus after start (post clearFocus); the double's field was "
    "focused and let Enter through: now unfocused at start and consuming Enter"),
    open_points=("only the start-up path was re-read in this pass; 'Now' also opens PermissionsManagementActivity, "
                 "not modelled",))
CHRONO = SourceRef(repo="vicolo-dev/chrono", tag="v0.6.0", files=(
    "lib/app.dart (root route: OnBoardingScreen while GetStorage 'onboarded' is null)",
    "lib/onboarding/screens/onboarding_screen.dart (_onIntroEnd writes onboarded = true; Skip and Done)",
    "lib/settings/logic/initialize_settings.dart (initializeStorage: initList writes a list only when its init_ flag "
    "is unset and its file is missing)", "lib/common/utils/list_storage.dart (initTextFile)",
    "lib/alarm/screens/alarm_screen.dart (_selectTime: showTimePickerDialog, confirm text 'Save')",
    "lib/common/widgets/time_picker.dart (the fork of Flutter's picker: 'Mode' button, dial without semantics)",
    "lib/settings/data/general_settings_schema.dart ('Time Picker': Dial, Input, Spinner; default index 0)"),
    note="GetStorage's file app_flutter/GetStorage.gs (the get_storage package's default container) is assumed, "
         "the package not read")
CHRONO_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="OnBoardingScreen while GetStorage has no 'onboarded'",
                handled_by="the seed writes app_flutter/GetStorage.gs = {\"onboarded\": true} (what the screen's end "
                "writes); the double shows the screen without it", sources=(CHRONO,)),
    LaunchGuard(kind="writes", what="init_<list> flags, default tags, themes, presets, the settings schema at first "
                "start; a list file already present is kept", handled_by="the seeded lists are kept; launch "
                "invariance excepts the other files", sources=(CHRONO,)),
), read=(CHRONO,))
CHRONO_FIDELITY = FidelityReading(source=CHRONO, date=DATE, verdict="mismatch-fixed", found=(
    "the OnBoardingScreen at first start was neither passed by the seed nor shown by the double",
    "'Add' opened an editor with typed hour and minute fields; the app opens its Flutter time picker at once, on "
    "the dial (the default), with 'Mode' offering the input fields, and Save adds the alarm: now modelled",
    "IME (lib/clock/screens/search_city_screen.dart): the city search is a Flutter TextField, single line, autofocus, "
    "no textInputAction or onSubmitted: Enter is its default done action, which unfocuses; the double's field was "
    "a platform field (Enter did nothing): now a Flutter field"),
    open_points=("only the start-up path and the alarm time picker were re-read in this pass", "GetStorage's file name is assumed"))
CLOCKYOU = SourceRef(repo="you-apps/ClockYou", tag="v9.1", files=(
    "app/src/main/java/com/bnyro/clock/ui/MainActivity.kt (onCreate: start at the Permissions route while any of "
    "PermissionModel.allPermissions is missing)",
    "app/src/main/java/com/bnyro/clock/presentation/screens/permission/PermissionModel.kt (AlarmPermission, "
    "NotificationPermission)",
    "app/src/main/java/com/bnyro/clock/domain/model/Permission.kt (POST_NOTIFICATIONS on API 33+, "
    "canScheduleExactAlarms on API 31+)", "app/src/main/AndroidManifest.xml (SCHEDULE_EXACT_ALARM)"))
CLOCKYOU_GUARDS = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="the Permissions screen while POST_NOTIFICATIONS is not granted or exact "
                "alarms cannot be scheduled", handled_by="setup grants POST_NOTIFICATIONS (runtime_permissions); "
                "SCHEDULE_EXACT_ALARM is allowed by default on Android 13 (assumed, AlarmManagerService not read); "
                "the double does not show the screen", sources=(CLOCKYOU,)),
), read=(CLOCKYOU,))
CLOCKYOU_FIDELITY = FidelityReading(source=CLOCKYOU, date=DATE, verdict="mismatch-fixed", found=(
    "IME (presentation/screens/clock/components/TimeZoneSelectDialog.kt): the time-zone search is a Material 3 "
    "TextField left multi-line (no singleLine, no KeyboardActions): a hardware Enter adds a line to the query; the "
    "double's single-line field ignored it: now a multi-line Compose field",),
                                    open_points=("only the start-up path was re-read in this pass",
                                                 "the double has no Permissions screen for a device without the grants"))
GOOGLE = SourceRef(repo="closed source", tag="7.4 (504317960)",
                   note="no source: alarms are read from Android's record (dumpsys alarm), seeded through the "
                        "AlarmClock API; assumed: no first screen blocks the SET_ALARM intent with SKIP_UI")
GOOGLE_GUARDS = LaunchGuards(read=(GOOGLE,))
GOOGLE_FIDELITY = FidelityReading(source=GOOGLE, date=DATE, verdict="unverifiable",
                                  open_points=("closed source: start-up behaviour (sign-in, onboarding cards) "
                                               "assumed, not read", "the alarm time picker is assumed to be "
                                               "Material's clock face opened by the FAB (the AOSP DeskClock "
                                               "lineage's), not observed", "the city search is assumed to be a "
                                               "SearchView as in the AOSP DeskClock lineage (Enter submits, "
                                               "nothing to see), not observed"))
