"""Fossify Calendar 1.10.3 as its source behaves (second reading, issue 23): a new event lasts
``Config.defaultDuration`` (0 minutes) and keeps the 10-minute reminder; saving it meets the
``ReminderWarningDialog`` ("Disclaimer") once per install, and nothing is stored before its OK
(``EventActivity.saveCurrentEvent``); POST_NOTIFICATIONS, which ``saveEvent`` asks for before storing
an event with a reminder, is granted at setup."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.apps.calendar.fossify_calendar import FossifyCalendar
from pytest_anyapp.sim.testing import running_device
from verifiers.calendar.adapters import EventsDbAdapter, FossifyCalendarAdapter, SimpleCalendarProAdapter
from verifiers.calendar.state import CalendarState

NOTIFY = "android.permission.POST_NOTIFICATIONS"


@pytest.fixture(scope="module")
def client(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeviceClient]:
    with running_device(Path(tmp_path_factory.mktemp("fossify-calendar")) / "dev", adb_server_port=adb_server) as dev:
        yield DeviceClient(LaneAddress(serial=dev.serial, console_port=dev.console_port, grpc_port=None,
                                       adb_port=adb_server))


def _tap(client: DeviceClient, *, desc: str | None = None, res: str | None = None, text: str | None = None) -> None:
    for el in parse_ui_dump(client.ui_dump()):
        if ((desc is None or el.content_desc == desc) and (res is None or el.resource_id.endswith(f":id/{res}"))
                and (text is None or el.text == text)):
            x, y = el.center
            client.check(f"input tap {x} {y}")
            return
    raise AssertionError(f"nothing on screen with desc={desc} res={res} text={text}")


def _texts(client: DeviceClient) -> set[str]:
    return {e.text for e in parse_ui_dump(client.ui_dump())}


def _new_event(client: DeviceClient, title: str, new: str = "New event") -> None:
    _tap(client, desc=new)
    _tap(client, res="event_title")
    client.check(f"input text {title}")
    _tap(client, desc="Save")


def test_post_notifications_is_granted_at_setup_and_declared_by_the_double() -> None:
    from pytest_anyapp.sim.apps.calendar.simple_calendar_pro import SimpleCalendarPro

    assert NOTIFY in FossifyCalendarAdapter.runtime_permissions and NOTIFY in FossifyCalendar.permissions
    assert NOTIFY in SimpleCalendarProAdapter.runtime_permissions and NOTIFY in SimpleCalendarPro.permissions


@pytest.mark.parametrize(("adapter", "new"), [(FossifyCalendarAdapter(), "New event"),
                                            (SimpleCalendarProAdapter(), "New Event")])
def test_first_save_with_a_reminder_meets_the_disclaimer_and_a_new_event_lasts_zero_minutes(
        client: DeviceClient, adapter: EventsDbAdapter, new: str) -> None:
    """Simple Calendar Pro 6.22.2's EventActivity does the same (Config.defaultDuration 0, saveCurrentEvent)."""
    package = adapter.app.package
    client.check(f"pm clear {package}")
    adapter.seed(client, CalendarState(events=[]))
    client.launch(package)
    _new_event(client, "Dentist", new)
    assert "Disclaimer" in _texts(client)
    assert adapter.parse(adapter.read_raw(client)).events == []  # nothing stored before OK
    _tap(client, text="OK")
    events = adapter.parse(adapter.read_raw(client)).events
    assert [(e.title, e.reminders, e.duration_min) for e in events] == [("Dentist", [10], 0)]
    _new_event(client, "Barber", new)  # shown once: was_alarm_warning_shown is stored
    assert "Disclaimer" not in _texts(client)
    assert sorted(e.title for e in adapter.parse(adapter.read_raw(client)).events) == ["Barber", "Dentist"]
    client.force_stop(package)


def test_vayun_calendar_gets_post_notifications_at_setup() -> None:
    """Calendar v2.6.7 (vayun-mathur/Modern-Apps, MainActivity.kt) asks for POST_NOTIFICATIONS at every
    start until it is granted: setup grants it (and the double declares it, so the grant is real)."""
    from pytest_anyapp.sim.apps.calendar.vayun_calendar import VayunCalendar
    from verifiers.calendar.adapters import VayunCalendarAdapter

    assert NOTIFY in VayunCalendarAdapter.runtime_permissions and NOTIFY in VayunCalendar.permissions
    assert VayunCalendar.skin.default_duration == 0  # EditEventScreen.kt: endTime = startTime


def test_vayun_calendar_title_takes_a_line_break_on_enter(client: DeviceClient) -> None:
    """EditEventScreen.kt (v2.6.7): the title is an OutlinedTextField with singleLine = false and no
    keyboardActions, so Enter adds a line break instead of moving on or saving."""
    from verifiers.calendar.adapters import VayunCalendarAdapter

    adapter = VayunCalendarAdapter()
    adapter.seed(client, CalendarState(events=[]))
    client.launch(adapter.app.package)
    _tap(client, desc="Add event")
    empty = next(e for e in parse_ui_dump(client.ui_dump()) if e.resource_id.endswith(":id/event_title"))
    assert empty.text == "Title"  # strings.xml label_title, the field's label (an empty field reports it)
    _tap(client, res="event_title")
    client.check("input text Dentist")
    client.check("input keyevent 66")
    title = next(e for e in parse_ui_dump(client.ui_dump()) if e.resource_id.endswith(":id/event_title"))
    assert title.text == "Dentist\n"
    client.force_stop(adapter.app.package)


def test_with_int_pref_keeps_longs_and_sets_the_view() -> None:
    """Prefs.xml as SharedPreferencesImpl writes it: a long stays a long (getLong on an int throws)."""
    from verifiers.calendar.adapters import with_int_pref
    from verifiers.clock.prefs import parse_prefs

    text = ("<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n    <long name=\"last_x\" value=\"5\" />\n"
            "    <int name=\"view\" value=\"1\" />\n    <set name=\"display_event_types\">\n        <string>1</string>\n"
            "    </set>\n</map>\n")
    out = with_int_pref(text, "view", 3)
    assert '<long name="last_x" value="5" />' in out and out.count('name="view"') == 1
    assert parse_prefs(out) == {"last_x": 5, "view": 3, "display_event_types": ["1"]}


@pytest.mark.parametrize("adapter", [FossifyCalendarAdapter(), SimpleCalendarProAdapter()],
                         ids=["fossify", "simple_calendar_pro"])
def test_the_app_opens_on_the_month_grid_unless_setup_stored_the_event_list(
        client: DeviceClient, adapter: EventsDbAdapter) -> None:
    """Config.storedView defaults to MONTHLY_VIEW; the seed stores EVENTS_LIST_VIEW (3) in Prefs.xml, so the
    agent meets the list the real app would show; a seed without it meets the month grid."""
    package = adapter.app.package
    list_id = "calendar_events_list"  # res/layout/fragment_event_list.xml at both tags
    client.check(f"pm clear {package}")
    adapter.ensure_database(client)  # the app's first start, no seed: Prefs.xml without ``view``
    client.launch(package)
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}
    assert "top_value" in ids and list_id not in ids
    client.force_stop(package)
    adapter.seed(client, CalendarState(events=[]))
    assert '<int name="view" value="3" />' in client.check(
        f"cat /data/data/{package}/shared_prefs/Prefs.xml")
    client.launch(package)
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}
    assert list_id in ids and "top_value" not in ids
    client.force_stop(package)


@pytest.mark.parametrize("adapter", [FossifyCalendarAdapter(), SimpleCalendarProAdapter()],
                         ids=["fossify", "simple_calendar_pro"])
def test_the_event_list_has_the_apps_ids_and_empty_text(client: DeviceClient, adapter: EventsDbAdapter) -> None:
    """res/layout/fragment_event_list.xml and event_list_item.xml (1.10.3, 6.22.2): the RecyclerView is
    ``calendar_events_list``, a row's title ``event_item_title`` and its time ``event_item_time`` (EventListAdapter
    .setupListEvent), the empty placeholder "No upcoming events." (strings.xml no_upcoming_events)."""
    from pytest_anyapp.sim.apps import app_class
    from pytest_anyapp.sim.apps.calendar.kit import CalendarApp
    from verifiers.calendar.state import CalEvent

    package = adapter.app.package
    double = app_class(package)
    assert double is not None and issubclass(double, CalendarApp)
    assert double.skin.empty_text == "No upcoming events."
    client.check(f"pm clear {package}")
    adapter.seed(client, CalendarState(events=[CalEvent(title="Dentist", date="2023-10-16", start="09:00",
                                                        duration_min=60)]))
    client.launch(package)
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}
    assert {"calendar_events_list", "event_item_title", "event_item_time"} <= ids
    client.force_stop(package)


@pytest.mark.parametrize("adapter", [FossifyCalendarAdapter(), SimpleCalendarProAdapter()],
                         ids=["fossify", "simple_calendar_pro"])
def test_the_event_list_groups_rows_under_month_and_day_headers(client: DeviceClient, adapter: EventsDbAdapter) -> None:
    """Context.getEventListItems and EventListAdapter (1.10.3, 6.22.2): a month header ("October", the year only
    for another year) and a day header per day ("16 Monday", Formatter DATE_DAY_PATTERN "d EEEE"), both
    ``event_section_title``; a row's ``event_item_time`` is "09:00 - 10:00" without the day, its description under
    it (``event_item_description``, displayDescription true by default)."""
    from verifiers.calendar.state import CalEvent

    package = adapter.app.package
    client.check(f"pm clear {package}")
    adapter.seed(client, CalendarState(events=[
        CalEvent(title="Dentist", date="2023-10-16", start="09:00", duration_min=60, description="Bring card"),
        CalEvent(title="Gym", date="2023-10-17", start="18:00", duration_min=30),
        CalEvent(title="Dinner", date="2023-10-17", start="20:00", duration_min=0)]))
    client.launch(package)
    shown = [(e.resource_id.rsplit("/", 1)[-1], e.text) for e in parse_ui_dump(client.ui_dump())
             if e.resource_id.rsplit("/", 1)[-1].startswith(("event_section", "event_item_"))
             and not e.resource_id.endswith("_holder")]
    october = "October" if client.check("date +%Y").strip() == "2023" else "October 2023"
    assert shown == [("event_section_title", october), ("event_section_title", "16 Monday"),
                     ("event_item_title", "Dentist"), ("event_item_time", "09:00 - 10:00"),
                     ("event_item_description", "Bring card"), ("event_section_title", "17 Tuesday"),
                     ("event_item_title", "Gym"), ("event_item_time", "18:00 - 18:30"),
                     ("event_item_title", "Dinner"), ("event_item_time", "20:00")]
    client.force_stop(package)


@pytest.mark.parametrize("adapter", [FossifyCalendarAdapter(), SimpleCalendarProAdapter()],
                         ids=["fossify", "simple_calendar_pro"])
def test_enter_in_the_title_moves_to_location_and_a_new_event_gets_an_import_id(
        client: DeviceClient, adapter: EventsDbAdapter) -> None:
    """activity_event.xml: ``event_title`` is single-line (maxLines 1, no imeOptions, no editor-action listener),
    so Enter moves the focus down to ``event_location`` ("Location"); nothing is saved. EventActivity.saveEvent
    gives a new event generateImportId() (32 hex digits + ms), and the seed writes the same shape."""
    import re

    from verifiers.calendar.state import CalEvent

    package, db = adapter.app.package, adapter.db_path
    client.check(f"pm clear {package}")
    adapter.seed(client, CalendarState(events=[CalEvent(title="Seeded", date="2023-10-16", start="09:00",
                                                        duration_min=60)]))
    client.launch(package)
    _tap(client, desc="New event" if "fossify" in package else "New Event")
    _tap(client, res="event_title")
    client.check("input text Dentist")
    client.check("input keyevent 66")
    nodes = {e.resource_id.rsplit("/", 1)[-1]: e for e in parse_ui_dump(client.ui_dump())}
    assert nodes["event_title"].text == "Dentist" and nodes["event_location"].focused
    _tap(client, desc="Save")
    if "Disclaimer" in _texts(client):
        _tap(client, text="OK")
    ids = client.sqlite(db, "SELECT title || '|' || import_id FROM events ORDER BY id")
    assert [line.split("|")[0] for line in ids] == ["Seeded", "Dentist"]
    assert all(re.fullmatch(r"[0-9a-f]{32}\d{13}", line.split("|")[1]) for line in ids), ids
    client.force_stop(package)


def test_datastore_file_is_the_preference_map_protobuf() -> None:
    """preferences.proto (androidx datastore-preferences-proto): PreferenceMap{map<string, Value> preferences = 1},
    Value.string = 5, Value.long = 4. Bytes written by hand from the wire format: entry (field 1, length-delimited)
    = key (1) + value message (2) holding the string (5)."""
    from verifiers.calendar.datastore import read_strings, with_string

    key, agenda = b"default_calendar_layout", b"Agenda"
    entry = b"\x0a" + bytes([len(key)]) + key + b"\x12" + bytes([len(agenda) + 2]) + b"\x2a" + bytes([len(agenda)]) + agenda
    assert with_string(b"", "default_calendar_layout", "Agenda") == b"\x0a" + bytes([len(entry)]) + entry
    other = b"last_selected_calendar_id"
    long_entry = b"\x0a" + bytes([len(other)]) + other + b"\x12\x02\x20\x03"  # Value.long = 3
    old = b"\x0a" + bytes([len(long_entry)]) + long_entry
    out = with_string(old, "default_calendar_layout", "Agenda")
    assert long_entry in out and read_strings(out) == {"default_calendar_layout": "Agenda"}


def test_vayun_calendar_opens_on_the_week_grid_unless_setup_stored_the_agenda(client: DeviceClient) -> None:
    """CalendarViewModel.kt (v2.6.7): the layout is the DataStore's default_calendar_layout, FullWeek when missing
    (a week grid, no list); the seed stores "Agenda" in files/datastore_default.preferences_pb, as a lab that chose
    it once, and the double shows its list only then."""
    from verifiers.calendar.adapters import ProviderAdapter, VayunCalendarAdapter
    from verifiers.calendar.datastore import read_strings

    adapter = VayunCalendarAdapter()
    package, store = adapter.app.package, "/data/data/com.vayunmathur.calendar/files/datastore_default.preferences_pb"
    client.check(f"pm clear {package}")
    ProviderAdapter.seed(adapter, client, CalendarState(events=[]))  # the events only, no layout
    client.launch(package)
    nodes = parse_ui_dump(client.ui_dump())
    assert any(e.text == "W7" for e in nodes) and not any(
        e.text[:5] in ("Mon, ", "Tue, ", "Wed, ", "Thu, ", "Fri, ", "Sat, ", "Sun, ") for e in nodes)
    client.force_stop(package)
    adapter.seed(client, CalendarState(events=[]))
    assert read_strings(client.pull_bytes(store)) == {"default_calendar_layout": "Agenda"}
    client.launch(package)
    assert any(e.text.endswith(client.check("date +%Y").strip()) and e.text[:3] in ("Mon", "Tue", "Wed", "Thu", "Fri",
               "Sat", "Sun") for e in parse_ui_dump(client.ui_dump()))  # AgendaView's day headers
    client.force_stop(package)


def test_vayun_agenda_is_days_from_today_with_headers_over_rows_without_ids(client: DeviceClient) -> None:
    """AgendaView (CalendarScreen.kt, v2.6.7): a LazyColumn of days opened at today (earlier days above), each a
    DateString.dateWeekday header ("Mon, Oct 16, 2023") over one ListItem per event: its title and the time range
    without the date ("09:00 - 10:00", dateRangeString includeDate = false); no testTags, so no resource ids."""
    import datetime as dt

    from verifiers.calendar.adapters import VayunCalendarAdapter
    from verifiers.calendar.oracle import date_weekday
    from verifiers.calendar.state import CalEvent

    today = dt.date.fromisoformat(client.check("date +%Y-%m-%d").strip())
    tomorrow, before = today + dt.timedelta(days=1), today - dt.timedelta(days=10)
    adapter = VayunCalendarAdapter()
    adapter.seed(client, CalendarState(events=[
        CalEvent(title="Dentist", date=tomorrow.isoformat(), start="09:00", duration_min=60),
        CalEvent(title="Gym", date=tomorrow.isoformat(), start="18:00", duration_min=30),
        CalEvent(title="Haircut", date=before.isoformat(), start="11:00", duration_min=30)]))
    client.launch(adapter.app.package)
    nodes = parse_ui_dump(client.ui_dump())
    texts = [e.text for e in nodes if e.text]
    at = texts.index(date_weekday(tomorrow))
    assert texts[at - 1] == date_weekday(today) and date_weekday(today - dt.timedelta(days=1)) not in texts
    assert texts[at + 1:at + 6] == ["Dentist", "09:00 - 10:00", "Gym", "18:00 - 18:30",
                                    date_weekday(tomorrow + dt.timedelta(days=1))]
    assert "Haircut" not in texts  # above today: reached by scrolling up
    assert not any(e.resource_id for e in nodes if e.text in ("Dentist", "09:00 - 10:00", date_weekday(tomorrow)))
    client.check("input swipe 540 600 540 2000 300")
    client.check("input swipe 540 600 540 2000 300")
    assert "Haircut" in {e.text for e in parse_ui_dump(client.ui_dump())}
    client.force_stop(adapter.app.package)


def test_the_oracle_pairs_agenda_rows_with_the_day_header_above_them() -> None:
    """Only days whose next header is on the screen are taken (the last may go on below)."""
    from verifiers.calendar.oracle import Shown, agenda_days, date_weekday

    texts = ["Oct 2023", "A", "Sun, Oct 15, 2023", "Mon, Oct 16, 2023", "Dentist", "09:00 - 10:00", "Gym",
             "18:00 - 18:30", "Tue, Oct 17, 2023", "Dinner"]
    assert agenda_days(texts) == {"2023-10-15": [], "2023-10-16": [Shown("Dentist", "2023-10-16", "09:00"),
                                                                   Shown("Gym", "2023-10-16", "18:00")]}
    import datetime as dt
    assert date_weekday(dt.date(2023, 10, 17)) == "Tue, Oct 17, 2023"


def test_the_oracle_pairs_each_row_with_the_day_header_above_it() -> None:
    """The lineage's list as EventListAdapter shows it (texts in screen order): a row's day comes from the
    headers above it, never from the row."""
    from pytest_anyapp.agents.oracle import Count, Read
    from verifiers.calendar.oracle import Shown, read_sectioned

    texts = ["Fossify Calendar", "October", "16 Monday", "Dentist", "09:00 - 10:00", "Bring card", "17 Tuesday",
             "Dinner", "20:00", "November", "2 Thursday", "Gym", "7:30 AM - 8:00 AM"]
    steps = read_sectioned(3)
    intent = next(steps)
    assert isinstance(intent, Count)
    try:
        intent = steps.send(str(len(texts)))
        for text in texts:
            assert isinstance(intent, Read)
            intent = steps.send(text)
        raise AssertionError("more reads than texts")
    except StopIteration as done:
        rows = done.value
    assert rows == [Shown("Dentist", "2023-10-16", "09:00"), Shown("Dinner", "2023-10-17", "20:00"),
                    Shown("Gym", "2023-11-02", "07:30")]
