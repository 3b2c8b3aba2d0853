"""The calendar provider's events read back through ``content query`` on a simulated device, with
texts that span lines or hold ``, `` and ``=`` (``Content.java`` prints values as is: a row then
spans physical lines, read by ``content_query_rows``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.calendar.adapters import EtarAdapter
from verifiers.calendar.state import CalendarState, CalEvent


@pytest.fixture(scope="module")
def client(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeviceClient]:
    device: RunningDevice
    with running_device(Path(tmp_path_factory.mktemp("cal-provider")) / "dev", adb_server_port=adb_server) as device:
        yield DeviceClient(LaneAddress(serial=device.serial, console_port=device.console_port, grpc_port=None,
                                       adb_port=adb_server))


def test_provider_events_with_newlines_and_separators_read_back(client: DeviceClient) -> None:
    adapter = EtarAdapter()
    state = CalendarState(events=[
        CalEvent(title="Lunch, with Bob", date="2026-01-02", start="12:00", duration_min=60,
                 description="line one\nline two, a=b"),
        CalEvent(title="Two\nlines", date="2026-01-03", start="09:30", duration_min=30, reminders=[10])])
    adapter.seed(client, state)
    got = adapter.parse(adapter.read_raw(client))
    assert [(e.title, e.description, e.date, e.start, e.duration_min, e.reminders) for e in got.events] == [
        ("Lunch, with Bob", "line one\nline two, a=b", "2026-01-02", "12:00", 60, []),
        ("Two\nlines", "", "2026-01-03", "09:30", 30, [10])]
