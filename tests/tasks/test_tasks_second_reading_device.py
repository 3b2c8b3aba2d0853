"""What the second reading of Cfait 1.1.5, Grit 6.0.3 and TaskMate 4.10.7 found, on a simulated device
through the real adb server: each double shows what its real app shows (issue 23 item 4/5, issue 27).

* Cfait has no date, time or priority control: a task is typed in smart syntax into the input bar
  (``ui/HomeScreen.kt``, ``src/model/parser.rs`` ``apply_smart_input``) and edited in one smart field
  (``ui/TaskDetailScreen.kt``); its first composition asks for POST_NOTIFICATIONS (``MainActivity.kt``).
* Grit opens its "What's Changed" sheet until ``last_changelog_shown`` holds the newest version
  (``MainViewModel.checkChangelog``); its task title takes Enter as a new line (``TaskUpsertSheet.kt``).
* TaskMate's entry, sheet and checkbox carry the app's own ids and labels (``res/layout`` at 4.10.7).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.tasks.adapters import CfaitAdapter, GritAdapter, TaskMateAdapter
from verifiers.tasks.state import TodoItem, TodoState


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("readers")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def screen(client: DeviceClient) -> list[UIElement]:
    return parse_ui_dump(client.ui_dump())


def find(client: DeviceClient, **by: str) -> UIElement:
    for el in screen(client):
        if all(getattr(el, k) == v for k, v in by.items()):
            return el
    raise AssertionError(f"nothing on screen with {by}")


def tap(client: DeviceClient, **by: str) -> None:
    client.check("input tap {} {}".format(*find(client, **by).center))


def start(client: DeviceClient, adapter: CfaitAdapter | GritAdapter | TaskMateAdapter, state: TodoState) -> None:
    """As an episode starts: clear, grant, seed, launch."""
    client.check(f"pm clear {adapter.app.package}")
    for permission in adapter.runtime_permissions:
        client.check(f"pm grant {adapter.app.package} {permission}")
    adapter.setup(client)
    adapter.seed(client, state)
    client.force_stop(adapter.app.package)
    client.launch(adapter.app.package)


def test_cfait_parses_the_smart_syntax_of_its_parser() -> None:
    """Samples written from ``apply_smart_input`` (v1.1.5): ``!N`` the priority, ``@`` + ISO date and a
    following ``HH:MM`` the due date and time, ``@weekly`` the recurrence, the rest the summary."""
    from pytest_anyapp.sim.apps.tasks.cfait_syntax import parse_smart  # the double's parser (new in this reading)

    t = parse_smart("Pay rent !1 @2023-10-24 14:00", "2023-10-15")
    assert (t.title, t.due_date, t.due_time, t.priority, t.recurrence) == ("Pay rent", "2023-10-24", "14:00", "high",
                                                                           None)
    t = parse_smart("Water plants @2023-10-25 @weekly", "2023-10-15")
    assert (t.title, t.due_date, t.due_time, t.recurrence) == ("Water plants", "2023-10-25", None, "weekly")
    assert parse_smart("Call mom @tomorrow !9", "2023-10-15").due_date == "2023-10-16"
    assert parse_smart("Gym @daily", "2023-10-15").due_date == "2023-10-15"  # first occurrence: today


def test_cfait_grants_the_notification_permission_it_asks_for_at_start() -> None:
    assert "android.permission.POST_NOTIFICATIONS" in CfaitAdapter.runtime_permissions


def test_cfait_creates_a_task_from_one_smart_line(client: DeviceClient) -> None:
    adapter = CfaitAdapter()
    start(client, adapter, TodoState(tasks=[TodoItem(title="Review inbox")]))
    tap(client, resource_id="com.trougnouf.cfait:id/smart_input")
    client.check("input text 'Pay%srent%s@2023-10-24%s09:00'")
    client.check("input keyevent KEYCODE_ENTER")
    made = [t for t in adapter.parse(adapter.read_raw(client)).tasks if t.title == "Pay rent"]
    assert [(t.due_date, t.due_time) for t in made] == [("2023-10-24", "09:00")]


def test_cfait_edits_a_task_in_its_smart_field_without_pickers(client: DeviceClient) -> None:
    adapter = CfaitAdapter()
    start(client, adapter, TodoState(tasks=[TodoItem(title="Buy milk", priority="medium")]))
    tap(client, text="Buy milk")
    field = find(client, resource_id="com.trougnouf.cfait:id/summary_input")
    assert field.text == "Buy milk !5"
    ids = {el.resource_id.rsplit("/", 1)[-1] for el in screen(client)}
    assert not ids & {"due_date", "due_time", "priority", "repeat"}, ids


def test_grit_opens_its_changelog_sheet_until_it_is_dismissed(client: DeviceClient) -> None:
    adapter = GritAdapter()
    start(client, adapter, TodoState(tasks=[TodoItem(title="Buy milk")]))
    texts = [el.text for el in screen(client)]
    assert "What's Changed" in texts and "6.0.3" in texts
    tap(client, text="Done")
    assert "What's Changed" not in [el.text for el in screen(client)]
    client.force_stop(adapter.app.package)
    client.launch(adapter.app.package)
    texts = [el.text for el in screen(client)]
    assert "What's Changed" not in texts and "Buy milk" in texts


def test_grit_title_takes_enter_as_a_new_line(client: DeviceClient) -> None:
    adapter = GritAdapter()
    start(client, adapter, TodoState())
    tap(client, text="Done")
    tap(client, content_desc="Add Task")
    tap(client, resource_id="com.shub39.grit:id/task_title_field")
    client.check("input text Buy")
    client.check("input keyevent KEYCODE_ENTER")
    assert find(client, resource_id="com.shub39.grit:id/task_title_field").text == "Buy\n"


def test_taskmate_shows_its_own_entry_sheet_and_checkbox(client: DeviceClient) -> None:
    adapter = TaskMateAdapter()
    start(client, adapter, TodoState(tasks=[TodoItem(title="Buy milk")]))
    find(client, resource_id="com.amirsteinbeck.taskmate:id/taskDone")
    tap(client, resource_id="com.amirsteinbeck.taskmate:id/userInput")
    assert find(client, resource_id="com.amirsteinbeck.taskmate:id/editTitle").text == "Enter title…"
    find(client, text="Save", resource_id="com.amirsteinbeck.taskmate:id/saveButton")
