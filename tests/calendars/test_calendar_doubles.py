"""Calendar doubles on a simulated device through the real adb server, as their real apps behave:
Etar 1.0.57 gives a new event its default reminder of 10 minutes (``CalendarEventModel(Context)``
adds ``preferences_default_reminder``, default ``10`` in ``res/values/strings.xml``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import running_device
from verifiers.calendar.adapters import EtarAdapter
from verifiers.calendar.state import CalendarState


@pytest.fixture(scope="module")
def client(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeviceClient]:
    with running_device(Path(tmp_path_factory.mktemp("calendar-doubles")) / "dev", adb_server_port=adb_server) as dev:
        yield DeviceClient(LaneAddress(serial=dev.serial, console_port=dev.console_port, grpc_port=None,
                                       adb_port=adb_server))


def _tap(client: DeviceClient, *, desc: str | None = None, res: str | None = None) -> None:
    for el in parse_ui_dump(client.ui_dump()):
        if (desc is None or el.content_desc == desc) and (res is None or el.resource_id.endswith(f":id/{res}")):
            x, y = el.center
            client.check(f"input tap {x} {y}")
            return
    raise AssertionError(f"nothing on screen with desc={desc} res={res}")


def test_etar_new_event_gets_the_default_ten_minute_reminder(client: DeviceClient) -> None:
    adapter = EtarAdapter()
    adapter.seed(client, CalendarState(events=[]))
    client.launch("ws.xsoh.etar")
    _tap(client, desc="New event")
    _tap(client, res="event_title")
    client.check("input text Dentist")
    _tap(client, res="action_done")
    events = adapter.parse(adapter.read_raw(client)).events
    assert [(e.title, e.reminders) for e in events] == [("Dentist", [10])]


def _ids(client: DeviceClient) -> set[str]:
    return {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}


def test_etar_date_button_opens_the_material_picker_in_calendar_mode(client: DeviceClient) -> None:
    """EditEventView.showDatePickerDialog (v1.0.57): MaterialDatePicker, calendar mode first (a month
    grid, no text field); its header toggle offers the text field; a tapped day + OK sets the date."""
    adapter = EtarAdapter()
    adapter.seed(client, CalendarState(events=[]))
    client.launch("ws.xsoh.etar")
    _tap(client, desc="New event")
    _tap(client, res="event_date")
    ids = _ids(client)
    assert "date_input" not in ids and "month_grid_day" in ids
    assert any(e.text == "Go to…" for e in parse_ui_dump(client.ui_dump()))
    _tap(client, desc="Switch to text input mode")
    assert "date_input" in _ids(client)
    _tap(client, desc="Switch to calendar input mode")
    day = next(e for e in parse_ui_dump(client.ui_dump()) if e.resource_id.endswith("month_grid_day") and e.text == "1")
    x, y = day.center
    client.check(f"input tap {x} {y}")
    button = next(e for e in parse_ui_dump(client.ui_dump()) if e.text == "OK")
    x, y = button.center
    client.check(f"input tap {x} {y}")
    date_button = next(e for e in parse_ui_dump(client.ui_dump()) if e.resource_id.endswith("event_date"))
    assert date_button.text.endswith(" 1")
    client.force_stop("ws.xsoh.etar")


def test_simple_calendar_lists_only_displayed_event_types_and_the_seed_waits_for_them(client: DeviceClient) -> None:
    """Simple Calendar Pro 6.22.2: the database's onCreate callback adds the regular event type to
    Prefs.xml ``display_event_types`` on a background executor (EventsDatabase.insertRegularEventType);
    with the set empty EventsHelper.getEvents returns nothing. The seed waits for it; the double
    lists nothing without it."""
    from verifiers.calendar.adapters import SimpleCalendarProAdapter
    from verifiers.calendar.state import CalEvent

    pkg = "com.simplemobiletools.calendar.pro"
    client.check(f"pm clear {pkg}")
    SimpleCalendarProAdapter().seed(client, CalendarState(events=[CalEvent(
        title="Dentist", date="2023-10-16", start="09:00", duration_min=60)]))
    prefs = client.check(f"cat /data/data/{pkg}/shared_prefs/Prefs.xml")
    assert 'name="display_event_types"' in prefs and "<string>1</string>" in prefs
    client.launch(pkg)
    assert any(e.text == "Dentist" for e in parse_ui_dump(client.ui_dump()))
    client.force_stop(pkg)
    client.check(f"rm /data/data/{pkg}/shared_prefs/Prefs.xml")
    client.launch(pkg)
    assert not any(e.text == "Dentist" for e in parse_ui_dump(client.ui_dump()))
    client.force_stop(pkg)


def test_kashcal_opens_on_the_month_view_and_a_tapped_day_lists_its_events(client: DeviceClient) -> None:
    """KashCal v22.5.15 opens ViewMode.MONTH (HomeUiState; DataStore default 'month') with today selected
    (HomeViewModel.goToToday): the grid, then today's EventCards (EmojiMatcher's emoji before the title,
    "HH:mm - HH:mm"); a day's number selects it. Compose sets no testTag, so the screen has no ids of the app."""
    from pytest_anyapp.constants import FROZEN_DEVICE_TIME_S
    from verifiers.calendar.adapters import KashCalAdapter
    from verifiers.calendar.state import CalEvent

    pkg = "org.onekash.kashcal"
    client.set_time(FROZEN_DEVICE_TIME_S)  # 2023-10-15 15:34 UTC
    KashCalAdapter().seed(client, CalendarState(events=[
        CalEvent(title="Dentist Appointment", date="2023-10-15", start="09:00", duration_min=60),
        CalEvent(title="Budget Review", date="2023-10-17", start="13:00", duration_min=30)]))
    client.launch(pkg)
    shown = parse_ui_dump(client.ui_dump())
    texts = [e.text for e in shown]
    assert "October 2023" in texts and "Dentist Appointment" not in texts
    assert "👨\u200d⚕️ Dentist Appointment" in texts and "09:00 - 10:00" in texts and "Budget Review" not in texts
    assert not [e.resource_id for e in shown if e.resource_id.startswith(f"{pkg}:id/")]
    day = next(e for e in shown if e.text == "17")
    client.check(f"input tap {day.center[0]} {day.center[1]}")
    texts = [e.text for e in parse_ui_dump(client.ui_dump())]
    assert "Budget Review" in texts and "13:00 - 13:30" in texts and "👨\u200d⚕️ Dentist Appointment" not in texts
    _tap(client, desc="Create event")
    editor = parse_ui_dump(client.ui_dump())
    assert any(e.text.startswith("Tue, Oct 17, 2023") for e in editor)  # MainActivity.onCreateEvent: the selected day
    assert not [e.resource_id for e in editor if e.resource_id.startswith(f"{pkg}:id/")]
    client.force_stop(pkg)


def test_kashcal_onboarding_sheet_until_dismissed_and_setup_stores_the_dismissal(client: DeviceClient) -> None:
    """Without an account KashCal v22.5.15 opens its onboarding sheet (OnboardingBanner.kt) at every start until
    ``onboarding_dismissed`` is true in files/datastore/kashcal_preferences.preferences_pb (HomeViewModel init,
    dismissOnboardingSheet): the seed stores it; without it the sheet is there, and "Not now" stores it."""
    from verifiers.calendar.adapters import KASHCAL_DATA, KASHCAL_DATASTORE, KashCalAdapter
    from verifiers.calendar.datastore import PreferenceMap

    pkg, path = "org.onekash.kashcal", f"{KASHCAL_DATA}/files/{KASHCAL_DATASTORE}"
    KashCalAdapter().seed(client, CalendarState(events=[]))
    prefs = PreferenceMap.FromString(client.pull_bytes(path)).preferences
    assert prefs["onboarding_dismissed"].boolean is True
    client.launch(pkg)
    assert not any(e.text == "Apple Calendar?" for e in parse_ui_dump(client.ui_dump()))
    client.force_stop(pkg)
    client.check(f"rm {path}")
    client.launch(pkg)
    sheet = parse_ui_dump(client.ui_dump())
    assert any(e.text == "Apple Calendar?" for e in sheet)
    x, y = next(e for e in sheet if e.text == "Not now").center
    client.check(f"input tap {x} {y}")
    assert PreferenceMap.FromString(client.pull_bytes(path)).preferences["onboarding_dismissed"].boolean is True
    client.force_stop(pkg)
