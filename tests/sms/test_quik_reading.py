"""QUIK 4.3.4 (octoshrimpy/quik, nearest tag to the pinned 4.3.6) as its source behaves: a new message
picks its recipient in ContactsActivity's field ``search`` (``contacts_activity.xml``, hint
``title_compose`` "Type a name or number"); there is no ``chipsInput`` view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.sms.adapters import QuikSmsAdapter
from verifiers.sms.contacts_provider import seed_contacts
from verifiers.sms.state import SmsContact


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("quik")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def test_new_message_recipient_field_is_contacts_search(client: DeviceClient) -> None:
    adapter = QuikSmsAdapter()
    adapter.setup(client)
    client.launch(adapter.app.package)
    compose = next(e for e in parse_ui_dump(client.ui_dump()) if e.content_desc == "Compose")
    client.check(f"input tap {compose.center[0]} {compose.center[1]}")
    fields = {e.resource_id.rsplit("/", 1)[-1]: e for e in parse_ui_dump(client.ui_dump())
              if e.class_name == "android.widget.EditText"}
    assert "search" in fields and "chipsInput" not in fields
    assert fields["search"].text == "Type a name or number"
    assert adapter.list_ui.recipient_res == "search"
    client.force_stop(adapter.app.package)


def test_the_recipient_is_picked_in_contacts_activity_without_a_message_box(client: DeviceClient) -> None:
    """ContactsActivity (feature/contacts, 4.3.4) holds only the search field and the contacts; the compose
    screen, with the message box, opens once a recipient is chosen."""
    adapter = QuikSmsAdapter()
    adapter.setup(client)
    client.launch(adapter.app.package)
    compose = next(e for e in parse_ui_dump(client.ui_dump()) if e.content_desc == "Compose")
    client.check(f"input tap {compose.center[0]} {compose.center[1]}")
    assert "com.moez.QKSMS.feature.contacts.ContactsActivity" in client.check("dumpsys activity activities")
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}
    assert "search" in ids and "message" not in ids
    client.check("input text 5550101")
    row = next(e for e in parse_ui_dump(client.ui_dump()) if e.text == "5550101" and e.resource_id.endswith("/title"))
    client.check(f"input tap {row.center[0]} {row.center[1]}")
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}
    assert "message" in ids and "search" not in ids
    assert "com.moez.QKSMS.feature.compose.ComposeActivity" in client.check("dumpsys activity activities")
    client.force_stop(adapter.app.package)


def test_search_field_soft_done_picks_the_first_item_and_a_hardware_enter_nothing(
        client: DeviceClient, sim: RunningDevice) -> None:
    """ContactsActivity's ``search`` (4.3.4): rxbinding ``editorActions()`` consumes every action,
    ContactsViewModel keeps only ``IME_ACTION_DONE`` and picks ``composeItems.firstOrNull()``. A
    hardware Enter (``IME_NULL``) is consumed and filtered out: the field keeps the focus and no
    compose screen opens; the soft keyboard's Done opens the first item's conversation."""
    adapter = QuikSmsAdapter()
    adapter.setup(client)
    seed_contacts(client, [SmsContact(name="Ada Lovelace", phones=["5550199"])])
    client.launch(adapter.app.package)
    compose = next(e for e in parse_ui_dump(client.ui_dump()) if e.content_desc == "Compose")
    client.check(f"input tap {compose.center[0]} {compose.center[1]}")
    titles = [e.text for e in parse_ui_dump(client.ui_dump()) if e.resource_id.endswith("/title")]
    assert titles == ["Ada Lovelace"]  # a blank query lists the contacts (ContactsViewModel, not sharing)
    field = next(e for e in parse_ui_dump(client.ui_dump()) if e.resource_id.endswith("/search"))
    client.check(f"input tap {field.center[0]} {field.center[1]}")
    client.check("input text 5550101")
    client.check("input keyevent KEYCODE_ENTER")
    nodes = parse_ui_dump(client.ui_dump())
    assert [e.resource_id.rsplit("/", 1)[-1] for e in nodes if e.focused] == ["search"]
    assert "message" not in {e.resource_id.rsplit("/", 1)[-1] for e in nodes}
    sim.device.ui.editor_action()
    ids = {e.resource_id.rsplit("/", 1)[-1] for e in parse_ui_dump(client.ui_dump())}
    assert "message" in ids and "search" not in ids
    assert "com.moez.QKSMS.feature.compose.ComposeActivity" in client.check("dumpsys activity activities")
    client.force_stop(adapter.app.package)
