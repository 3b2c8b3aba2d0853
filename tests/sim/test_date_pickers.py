"""Each double's date field opens the picker its real app opens (issue 23 item 5; sources in
docs/calendar.md, docs/tasks.md, docs/finance.md "Pickers and IME actions"): the dump after the tap
shows that widget's nodes, and no typed date field where the real picker has none."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import running_device
from verifiers.calendar.adapters import (
    FossifyCalendarAdapter,
    KashCalAdapter,
    SimpleCalendarProAdapter,
    VayunCalendarAdapter,
)
from verifiers.calendar.state import CalendarState
from verifiers.finance.adapters import OpenMoneyBoxAdapter
from verifiers.finance.state import FinanceState
from verifiers.tasks.adapters import NtodotxtAdapter, TasksOrgAdapter, TodoListPfaAdapter
from verifiers.tasks.state import TodoState


def marks(kind: str, today: time.struct_time) -> set[tuple[str, str, str]]:
    """Nodes the dump of ``kind`` must hold on the device's ``today``, as (text, content-desc,
    resource-id suffix); "" = any."""
    d, month, full = str(today.tm_mday), time.strftime("%B %Y", today), time.strftime("%A, %B ", today)
    platform = {("", "Previous month", "prev"), ("", "Next month", "next"),
                (str(today.tm_year), "", "date_picker_header_year"),
                (time.strftime(f"%a, %b {d}", today), "", "date_picker_header_date"),
                (d, time.strftime(f"{today.tm_mday:02d} %B %Y", today), "")}
    m3_day = f"Today, {full}{d}, {today.tm_year}"
    return {
        "platform": platform | {("OK", "", "button1"), ("Cancel", "", "button2")},
        "pfa_deadline": platform | {("Okay", "", "bt_deadline_ok"), ("No Deadline", "", "bt_deadline_nodeadline")},
        "m3": {("Select date", "", ""), ("", "Switch to text input mode", ""), ("", "Change to next month", ""),
               (month, "Switch to selecting a year", ""), (m3_day, "", "")},
        "tasks_org": {("Today", "", ""), ("Tomorrow", "", ""), ("No date", "", ""), ("Cancel", "", ""),
                      ("OK", "", ""), ("", "Change to next month", ""), (m3_day, "", "")},
        "flutter": {("Select date", "", ""), ("", "Switch to input", ""), ("", "Next month", ""),
                    ("", time.strftime(f"{d}, %A {d} %B %Y", today), "")},
        "kashcal": {("", "Previous month", ""), (month, "Pick month and year", ""), (d, "", ""), ("Done", "", "")},
    }[kind]


#: Kinds whose real widget has no typed date field at all.
NO_TYPING = {"platform", "pfa_deadline", "kashcal"}


@pytest.fixture(scope="module")
def client(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeviceClient]:
    with running_device(Path(tmp_path_factory.mktemp("date-pickers")) / "dev", adb_server_port=adb_server) as dev:
        yield DeviceClient(LaneAddress(serial=dev.serial, console_port=dev.console_port, grpc_port=None,
                                       adb_port=adb_server))


def _tap(client: DeviceClient, *, desc: str = "", res: str = "", text: str = "") -> None:
    for el in parse_ui_dump(client.ui_dump()):
        if ((not desc or el.content_desc == desc) and (not res or el.resource_id.endswith(f":id/{res}"))
                and (not text or el.text == text)):
            x, y = el.center
            client.check(f"input tap {x} {y}")
            return
    raise AssertionError(f"nothing on screen with desc={desc!r} res={res!r} text={text!r}")


def _has(nodes: list[Any], mark: tuple[str, str, str]) -> bool:
    text, desc, res = mark
    return any((not text or e.text == text) and (not desc or e.content_desc == desc)
               and (not res or e.resource_id.endswith(f"/{res}")) for e in nodes)


CASES = [
    ("platform", SimpleCalendarProAdapter, CalendarState(events=[]), (("desc", "New Event"),), "event_date"),
    ("platform", FossifyCalendarAdapter, CalendarState(events=[]), (("desc", "New event"),), "event_date"),
    ("m3", VayunCalendarAdapter, CalendarState(events=[]), (("desc", "Add event"),), "event_date"),
    ("kashcal", KashCalAdapter, CalendarState(events=[]), (("desc", "Create event"),), ("desc", "Select Starts")),
    ("tasks_org", TasksOrgAdapter, TodoState(), (("desc", "Create new task"),), "due_date"),
    ("pfa_deadline", TodoListPfaAdapter, TodoState(), (("desc", "ADD NEW TASK >"),), "due_date"),
    ("flutter", NtodotxtAdapter, TodoState(),
     (("desc", "Next page"), ("text", "Use local mode"), ("text", "Apply"), ("desc", "Add todo")), "due_date"),
    ("platform", OpenMoneyBoxAdapter, FinanceState(), (("desc", "More options"),), ("text", "Set date")),
]


@pytest.mark.parametrize(("kind", "adapter_class", "state", "taps", "field"), CASES,
                         ids=[f"{c[1].__name__}-{c[0]}" for c in CASES])
def test_the_date_field_opens_the_real_apps_picker(client: DeviceClient, kind: str, adapter_class: Any, state: Any,
                                                  taps: tuple[tuple[str, str], ...], field: Any) -> None:
    adapter = adapter_class()
    adapter.seed(client, state)
    package = adapter.app.package
    client.launch(package)
    for how, value in taps:
        _tap(client, **{how: value})
    if isinstance(field, tuple):
        _tap(client, **{field[0]: field[1]})
    else:
        _tap(client, res=field)
    nodes = parse_ui_dump(client.ui_dump())
    today = time.gmtime(int(client.check("date +%s").strip()))
    missing = [m for m in marks(kind, today) if not _has(nodes, m)]
    assert not missing, f"{adapter.app.display_name}: not the {kind} picker, missing {missing}"
    assert not any(e.resource_id.endswith("/date_input") for e in nodes), "the picker opens in calendar mode"
    if kind in NO_TYPING:  # no toggle to a text field either
        assert not any("input" in e.content_desc.lower() or e.text == "mm/dd/yyyy" for e in nodes)
    client.force_stop(package)
