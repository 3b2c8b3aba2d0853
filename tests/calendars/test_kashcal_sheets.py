"""KashCal v22.5.15's event sheets on a simulated device through the real adb server, as the app's source draws
them: the form (ui/components/EventFormSheet.kt with pickers/ReminderPicker.kt and pickers/RecurrencePicker.kt)
and the quick view (ui/components/EventQuickViewSheet.kt). The labels below were written from those files, and
what a sheet stores is read back with the verifier's own reader."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.constants import FROZEN_DEVICE_TIME_S
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import running_device
from verifiers.calendar.adapters import KASHCAL_DB, KashCalAdapter, rrule_freq
from verifiers.calendar.state import CalendarState, CalEvent

PKG = "org.onekash.kashcal"
#: ui/shared/FormConstants.kt TIMED_REMINDER_OPTIONS.
TIMED_REMINDERS = ["No reminder", "15 minutes before", "30 minutes before", "1 hour before", "4 hours before",
                   "1 day before", "1 week before"]


@pytest.fixture(scope="module")
def client(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeviceClient]:
    with running_device(Path(tmp_path_factory.mktemp("kashcal-sheets")) / "dev", adb_server_port=adb_server) as dev:
        c = DeviceClient(LaneAddress(serial=dev.serial, console_port=dev.console_port, grpc_port=None,
                                     adb_port=adb_server))
        c.set_time(FROZEN_DEVICE_TIME_S)  # 2023-10-15 15:34 UTC
        yield c


def texts(client: DeviceClient) -> list[str]:
    return [e.text for e in parse_ui_dump(client.ui_dump())]


def tap(client: DeviceClient, text: str | None = None, *, desc: str | None = None, scroll: bool = False) -> None:
    """Tap the first element with ``text`` (or ``desc``); ``scroll``: swipe the form up until it is on screen."""
    for _ in range(6):
        for el in parse_ui_dump(client.ui_dump()):
            if (text is None or el.text == text) and (desc is None or el.content_desc == desc):
                client.check(f"input tap {el.center[0]} {el.center[1]}")
                return
        if not scroll:
            break
        client.check("input swipe 540 1700 540 900 300")
    raise AssertionError(f"nothing on screen with text={text} desc={desc}: {texts(client)}")


def type_into(client: DeviceClient, label: str, value: str) -> None:
    tap(client, label, scroll=True)
    client.check(f"input text {value}")


def fresh(client: DeviceClient, events: list[CalEvent]) -> None:
    client.force_stop(PKG)
    KashCalAdapter().seed(client, CalendarState(events=events))
    client.launch(PKG)


def stored_rules(client: DeviceClient) -> list[str]:
    return client.check(f"sqlite3 {KASHCAL_DB} 'SELECT ifnull(rrule, \"-\") FROM events ORDER BY id'").split()


def test_form_is_the_sheet_of_the_source_and_its_alerts_card_sets_the_first_reminder(client: DeviceClient) -> None:
    """The header "Cancel" / "New Event" / "Save" (a text button, disabled without a title) and the sticky "Save
    Event"; the Alerts card summarises "15m" (formatReminderShort) and expands to "First Alert" and "Second Alert",
    whose rows list the timed options; no toolbar icon "Save changes", no "Alerts: …" row, no "10 minutes"."""
    fresh(client, [])
    tap(client, desc="Create event")
    shown = parse_ui_dump(client.ui_dump())
    assert {"Cancel", "New Event", "Save", "Save Event", "Event title", "Starts", "Ends", "Alerts", "15m",
            "Repeat", "Does not repeat", "Calendar", "Local"} <= {e.text for e in shown}
    assert not any(e.content_desc == "Save changes" or e.text.startswith("Alerts:") for e in shown)
    assert not next(e for e in shown if e.text == "Save").enabled  # state.title.isNotBlank()
    type_into(client, "Event title", "Standup")
    tap(client, "Alerts", scroll=True)
    assert {"First Alert", "Second Alert"} <= set(texts(client))
    tap(client, "First Alert", scroll=True)
    shown_now = texts(client)
    assert set(TIMED_REMINDERS[:4]) <= set(shown_now) and not any(t.startswith("10 minutes") for t in shown_now)
    tap(client, "30 minutes before", scroll=True)
    assert "30m" in texts(client)
    tap(client, "Save")
    (event,) = KashCalAdapter().parse(KashCalAdapter().read_raw(client)).events
    assert event.title == "Standup" and event.reminders == [30] and event.date == "2023-10-15"


@pytest.mark.parametrize(("chip", "rule", "freq"), [("Weekly", "FREQ=WEEKLY;BYDAY=SU", "weekly"),
                                                    ("Biweekly", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", "other"),
                                                    ("Monthly", "FREQ=MONTHLY;BYMONTHDAY=15", "monthly"),
                                                    ("Daily", "FREQ=DAILY", "daily")])
def test_repeat_card_writes_the_rule_of_its_chip(client: DeviceClient, chip: str, rule: str, freq: str) -> None:
    """RecurrencePickerCard: "Repeat" expands to the FrequencyOption chips; each writes RruleBuilder's rule (weekly on
    the start's weekday, 2023-10-15 a Sunday); the verifier reads "every 2 weeks" as neither daily nor weekly."""
    fresh(client, [])
    tap(client, desc="Create event")
    type_into(client, "Event title", "Gym")
    tap(client, "Repeat", scroll=True)
    assert {"Never", "Daily", "Weekly", "Biweekly", "Monthly", "Quarterly", "Yearly"} <= set(texts(client))
    tap(client, chip, scroll=True)
    tap(client, "Save")
    assert stored_rules(client) == [rule]
    assert rrule_freq(rule) == freq
    (event,) = KashCalAdapter().parse(KashCalAdapter().read_raw(client)).events
    assert event.repeat == freq


def test_quick_view_edits_and_deletes_inline(client: DeviceClient) -> None:
    """An event card opens the quick view: the title, "Sun, Oct 15 · 09:00 - 10:00", "Local", then "Edit", "Delete"
    and "More options"; "Delete" turns into "Cancel"/"Confirm" and "Confirm" deletes. "Edit" opens the form as "Edit
    Event" with "Delete Event", which turns into "Cancel"/"Confirm Delete"."""
    fresh(client, [CalEvent(title="Budget Review", date="2023-10-15", start="09:00", duration_min=60),
                   CalEvent(title="Team Sync", date="2023-10-15", start="11:00", duration_min=30)])
    tap(client, "Budget Review")
    assert {"Budget Review", "Sun, Oct 15 · 09:00 - 10:00", "Local", "Edit", "Delete"} <= set(texts(client))
    assert any(e.content_desc == "More options" for e in parse_ui_dump(client.ui_dump()))
    tap(client, "Delete")
    assert {"Cancel", "Confirm"} <= set(texts(client)) and "Edit" not in texts(client)
    tap(client, "Confirm")
    assert [e.title for e in KashCalAdapter().parse(KashCalAdapter().read_raw(client)).events] == ["Team Sync"]
    tap(client, "Team Sync")
    tap(client, "Edit")
    assert {"Edit Event", "Save"} <= set(texts(client))
    tap(client, "Delete Event", scroll=True)
    tap(client, "Confirm Delete", scroll=True)
    assert KashCalAdapter().parse(KashCalAdapter().read_raw(client)).events == []


def test_back_with_changes_asks_discard_first_and_stores_nothing(client: DeviceClient) -> None:
    """onDismissRequest / the Cancel button: with changes the first press turns "Cancel" into "Discard Changes?" (and
    hides Save), the second closes the sheet; nothing is stored."""
    fresh(client, [])
    tap(client, desc="Create event")
    type_into(client, "Event title", "Draft")
    client.check("input keyevent KEYCODE_BACK")
    assert "Discard Changes?" in texts(client) and "Cancel" not in texts(client)
    tap(client, "Discard Changes?")
    assert "New Event" not in texts(client) and "October 2023" in texts(client)
    assert KashCalAdapter().parse(KashCalAdapter().read_raw(client)).events == []


@pytest.mark.parametrize(("rule", "days_shown", "days_not"), [("FREQ=DAILY", ["16", "17"], ["14"]),
                                                              ("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", ["29"], ["22", "16"])])
def test_month_home_lists_a_recurring_events_occurrences(client: DeviceClient, rule: str, days_shown: list[str],
                                                          days_not: list[str]) -> None:
    """HomeScreen lists the selected day's occurrences (the occurrences rows of the event's RRULE), not only the
    first day's event."""
    fresh(client, [])
    tap(client, desc="Create event")
    type_into(client, "Event title", "Gym")
    tap(client, "Repeat", scroll=True)
    tap(client, "Daily" if rule == "FREQ=DAILY" else "Biweekly", scroll=True)
    tap(client, "Save")
    assert stored_rules(client) == [rule]
    for day in days_shown + days_not:
        tap(client, day)
        assert ("🏋️ Gym" in texts(client)) == (day in days_shown), day


def test_location_notes_and_reminders_are_stored_as_the_app_stores_them(client: DeviceClient) -> None:
    """HomeViewModel.saveEvent: the location is kept (shown in the quick view, back in the form), reminders are
    minutesToIsoDuration offsets in Gson's list ("-PT1H", no spaces), a blank description is NULL, alarm_count 0."""
    fresh(client, [])
    tap(client, desc="Create event")
    shown = parse_ui_dump(client.ui_dump())
    assert not any(e.focused for e in shown)  # titleFocusRequester is never asked
    type_into(client, "Event title", "Budget")
    tap(client, "Alerts", scroll=True)
    tap(client, "First Alert", scroll=True)
    tap(client, "1 hour before", scroll=True)
    type_into(client, "Location", "Room%s4")
    tap(client, "Save")
    row = client.check(f"sqlite3 {KASHCAL_DB} 'SELECT location, reminders, ifnull(description, \"NULL\"), "
                       "alarm_count FROM events'").strip()
    assert row == 'Room 4|["-PT1H"]|NULL|0', row
    tap(client, "Budget")
    assert "Room 4" in texts(client)
    tap(client, "Edit")
    assert "Room 4" in texts(client)  # the form is filled from the event


def test_a_title_edit_keeps_the_rule_and_weekdays_add_to_it(client: DeviceClient) -> None:
    """The rule changes only when a chip or a weekday is tapped (RecurrencePickerCard.notifyChange): Weekly on the
    start's Sunday plus a tapped Wednesday is BYDAY=WE,SU (DAY_ORDER), shown "Weekly on Wed, Sun"; editing the title
    afterwards leaves it as it is."""
    fresh(client, [])
    tap(client, desc="Create event")
    type_into(client, "Event title", "Chores")
    tap(client, "Repeat", scroll=True)
    tap(client, "Weekly", scroll=True)
    tap(client, "W", scroll=True)  # the Wednesday circle
    assert "Weekly on Wed, Sun" in texts(client)
    tap(client, "Save")
    assert stored_rules(client) == ["FREQ=WEEKLY;BYDAY=WE,SU"]
    tap(client, "Chores")
    assert "🔁 Weekly on Wed, Sun" in texts(client)
    tap(client, "Edit")
    type_into(client, "Chores", "%s2")
    tap(client, "Save")
    assert stored_rules(client) == ["FREQ=WEEKLY;BYDAY=WE,SU"]


def test_quick_view_of_a_later_occurrence_shows_its_day(client: DeviceClient) -> None:
    fresh(client, [])
    tap(client, desc="Create event")
    type_into(client, "Event title", "Standup")
    tap(client, "Repeat", scroll=True)
    tap(client, "Daily", scroll=True)
    tap(client, "Save")
    tap(client, "17")
    tap(client, "Standup")
    assert any(t.startswith("Tue, Oct 17 · ") for t in texts(client)), texts(client)
