"""The Contacts doubles and readers on a simulated device through the real adb server: the intents
other clients send (``ACTION_INSERT`` with ``ContactsContract.Intents.Insert`` extras,
``ACTION_EDIT`` of a contact URI), Android's records the criteria read (the call log written when a
call ends, the resumed activity's intent in ``dumpsys activity activities``), and a store that
cannot be read being a read error, never an empty store.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.contacts import ADAPTERS, GoogleContactsAdapter
from verifiers.contacts.adapters import ContactsAdapter
from verifiers.contacts.android import parse_calls, parse_front, read_calls, read_front
from verifiers.contacts.localdb import parse_local
from verifiers.contacts.oracle import APPS as UIS
from verifiers.contacts.screen import form_on_screen
from verifiers.contacts.state import OUTGOING, Contact, same_number
from verifiers.contacts.templates import ContactsNewContactDraft

NUMBER = "202-555-0101"


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("contacts")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def tap(client: DeviceClient, **by: str) -> None:
    """Tap the first element whose attributes equal ``by`` (text, content_desc)."""
    for el in parse_ui_dump(client.ui_dump()):
        if all(getattr(el, k) == v for k, v in by.items()):
            client.check("input tap {} {}".format(*el.center))
            return
    raise AssertionError(f"nothing on screen with {by}")


@pytest.mark.parametrize("adapter", ADAPTERS, ids=[a.app.app_id for a in ADAPTERS])
def test_insert_intent_opens_the_editor_filled_in_and_save_stores_it(client: DeviceClient,
                                                                     adapter: ContactsAdapter) -> None:
    bound = adapter.for_template(ContactsNewContactDraft())
    bound.seed(client, bound.readable_part(ContactsNewContactDraft().initial_state({})))
    client.check("am start -a android.intent.action.INSERT -t vnd.android.cursor.dir/contact "
                 f"--es name {shlex.quote('Alice Smith')} --es phone {NUMBER} --ei phone_type 3 -p {adapter.app.package}")
    form = form_on_screen(client.ui_dump(), bound.screen)
    assert form is not None and (form.first, form.last, form.phone, form.label) == ("Alice", "Smith", NUMBER, "Work")
    save = next(u for u in UIS if u.app_id == adapter.app.app_id).save
    tap(client, **({"text": save.text} if save.text else {"content_desc": save.desc or ""}))
    state = adapter.parse(adapter.read_raw(client))
    assert state.exact("Alice Smith", NUMBER), state.contacts


def test_edit_intent_opens_the_editor_on_that_contact(client: DeviceClient) -> None:
    adapter = GoogleContactsAdapter()
    adapter.seed(client, adapter.readable_part(
        ContactsNewContactDraft().initial_state({}).model_copy(update={"contacts": [
            Contact(first="Bob", last="Lee", phones=[NUMBER])]})))
    out = client.check("content query --uri content://com.android.contacts/contacts --projection _id")
    contact_id = re.search(r"_id=(\d+)", out)
    assert contact_id is not None
    client.check(f"am start -a android.intent.action.EDIT -d content://com.android.contacts/contacts/{contact_id[1]} "
                 f"-p {adapter.app.package}")
    form = form_on_screen(client.ui_dump(), adapter.screen)
    assert form is not None and (form.first, form.last) == ("Bob", "Lee") and same_number(form.phone, NUMBER)


def test_a_call_is_in_the_call_log_once_it_ends(client: DeviceClient) -> None:
    adapter = GoogleContactsAdapter()
    adapter.seed(client, adapter.readable_part(ContactsNewContactDraft().initial_state({}).model_copy(
        update={"contacts": [Contact(first="Eva", last="Clark", phones=[NUMBER])]})))
    client.check("content delete --uri content://call_log/calls")
    client.force_stop(adapter.app.package)
    client.launch(adapter.app.package)
    tap(client, text="Eva Clark")
    tap(client, content_desc="Call")
    assert "mCallState=2" in client.check("dumpsys telephony.registry")
    assert parse_calls(read_calls(client)) == []  # Telecom writes the row when the call ends
    tap(client, content_desc="End call")
    calls = parse_calls(read_calls(client))
    assert [(c.kind, same_number(c.number, NUMBER)) for c in calls] == [(OUTGOING, True)]


def test_dumpsys_names_the_resumed_activity_and_its_intent(client: DeviceClient) -> None:
    client.check(f"am start -W -a android.intent.action.SENDTO -d smsto:{NUMBER}")
    front = parse_front(read_front(client))
    assert front is not None and (front.action, front.data) == ("android.intent.action.SENDTO", f"smsto:{NUMBER}")
    client.check("input keyevent 3")
    home = parse_front(read_front(client))
    assert home is not None and home.data == "" and home.package != front.package


def test_an_unreadable_store_is_a_read_error_not_an_empty_store() -> None:
    with pytest.raises(VerifierReadError):
        parse_local(["not a row"])
    with pytest.raises(VerifierReadError):
        parse_calls(["Row: 0 number=1, type=x"])
    from verifiers.contacts.android import parse_provider

    with pytest.raises(VerifierReadError):
        parse_provider(["Row: 0 something=else"])
