"""Tasks.org 15.9 on a simulated device through the real adb server: what the seeder writes is what
the app needs to show the tasks (a local account, else the welcome screen; each task linked to the
default list, as ``TaskCreator`` links the tasks the app creates), and the double enforces it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.tasks.adapters import TASKS_ORG_DB, TasksOrgAdapter
from verifiers.tasks.state import TodoItem, TodoState

PACKAGE = "org.tasks"


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("tasks")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def texts(client: DeviceClient) -> list[str]:
    return [el.text for el in parse_ui_dump(client.ui_dump()) if el.text]


def tap(client: DeviceClient, **by: str) -> None:
    for el in parse_ui_dump(client.ui_dump()):
        if all(getattr(el, k) == v for k, v in by.items()):
            client.check("input tap {} {}".format(*el.center))
            return
    raise AssertionError(f"nothing on screen with {by}")


def test_a_cleared_app_opens_on_its_welcome_screen(client: DeviceClient) -> None:
    client.check(f"pm clear {PACKAGE}")
    client.launch(PACKAGE)
    assert "Continue without sync" in texts(client)
    tap(client, text="Continue without sync")
    shown = texts(client)
    assert "Continue without sync" not in shown and "My Tasks" in shown
    lists = client.sqlite(TASKS_ORG_DB, "SELECT cdl_name || '|' || cda_account_type FROM caldav_lists "
                                        "JOIN caldav_accounts ON cdl_account = cda_uuid;")
    assert lists == ["Default list|2"]


def test_seeded_tasks_are_shown_and_linked_to_the_default_list(client: DeviceClient) -> None:
    adapter = TasksOrgAdapter()
    client.check(f"pm clear {PACKAGE}")
    adapter.setup(client)
    adapter.seed(client, TodoState(tasks=[TodoItem(title="Buy milk"), TodoItem(title="Call mom")]))
    client.force_stop(PACKAGE)
    client.launch(PACKAGE)
    shown = texts(client)
    assert "Buy milk" in shown and "Call mom" in shown and "Continue without sync" not in shown
    unlinked = client.sqlite(TASKS_ORG_DB, "SELECT title FROM tasks WHERE _id NOT IN (SELECT cd_task FROM caldav_tasks "
                                           "JOIN caldav_lists ON cd_calendar = cdl_uuid);")
    assert unlinked == []


def test_a_task_the_app_creates_is_linked_like_a_seeded_one(client: DeviceClient) -> None:
    adapter = TasksOrgAdapter()
    client.check(f"pm clear {PACKAGE}")
    adapter.seed(client, TodoState(tasks=[TodoItem(title="Buy milk")]))
    client.force_stop(PACKAGE)
    client.launch(PACKAGE)
    tap(client, content_desc="Create new task")
    for el in parse_ui_dump(client.ui_dump()):
        if el.resource_id.endswith("title") and el.class_name.endswith("EditText"):
            client.check("input tap {} {}".format(*el.center))
            break
    client.check("input text Water")
    tap(client, content_desc="Save")
    lists = client.sqlite(TASKS_ORG_DB, "SELECT title || '|' || cdl_name FROM tasks JOIN caldav_tasks ON cd_task = _id "
                                        "JOIN caldav_lists ON cd_calendar = cdl_uuid ORDER BY _id;")
    assert lists == ["Buy milk|Default list", "Water|Default list"]


def test_enter_in_the_title_adds_a_line_and_saves_nothing(client: DeviceClient) -> None:
    """EditTextView.kt (15.9): the title is an EditText with isSingleLine = false whose editor-action
    listener acts on IME_ACTION_DONE only; a hardware Enter (IME_NULL) reaches the key listener,
    which inserts a line break. Nothing is saved and the editor stays open."""
    adapter = TasksOrgAdapter()
    client.check(f"pm clear {PACKAGE}")
    adapter.seed(client, TodoState(tasks=[TodoItem(title="Buy milk")]))
    client.force_stop(PACKAGE)
    client.launch(PACKAGE)
    tap(client, content_desc="Create new task")
    client.check("input text Water")
    client.check("input keyevent KEYCODE_ENTER")
    titles = [el.text for el in parse_ui_dump(client.ui_dump())
              if el.resource_id.endswith("title") and el.class_name.endswith("EditText")]
    assert titles == ["Water\n"]
    assert client.sqlite(TASKS_ORG_DB, "SELECT title FROM tasks ORDER BY _id;") == ["Buy milk"]
