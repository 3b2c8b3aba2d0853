"""What the second reading of neutriNote 4.6.3 and NotallyX 7.5.3 found, on a simulated device through
the real adb server (issue 23 item 4/5, issue 27).

* neutriNote writes the note "Getting Started" at every start while no record is live
  (``MainActivity.verifyDatabase``, ``Const.java``): the double writes it, a seed without a live note
  holds it as the app writes it (so the episode's launch writes nothing), the reader drops it; the
  app asks for POST_NOTIFICATIONS in ``onCreate`` on Android 13 (granted at setup).
* NotallyX edits a text note in ``EditNoteActivity`` (``EditActivity`` is abstract), and Enter in the
  title moves the focus to the body (``UiExtensions.setOnNextAction``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.notes.adapters import NEUTRI_DB, NeutriNoteAdapter
from verifiers.notes.state import NotesState


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("notes_readers")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def find(client: DeviceClient, **by: str) -> UIElement:
    for el in parse_ui_dump(client.ui_dump()):
        if all(getattr(el, k) == v for k, v in by.items()):
            return el
    raise AssertionError(f"nothing on screen with {by}")


def tap(client: DeviceClient, **by: str) -> None:
    client.check("input tap {} {}".format(*find(client, **by).center))


def titles(client: DeviceClient) -> list[str]:
    return client.sqlite(NEUTRI_DB, "SELECT title FROM records WHERE deleted = 0 ORDER BY _id;")


def test_neutrinote_writes_its_intro_note_while_no_record_is_live(client: DeviceClient) -> None:
    client.check("pm clear com.appmindlab.nano")
    client.launch("com.appmindlab.nano")
    assert titles(client) == ["Getting Started"]


def test_neutrinote_seed_without_notes_holds_the_intro_and_reads_back_empty(client: DeviceClient) -> None:
    adapter = NeutriNoteAdapter()
    client.check("pm clear com.appmindlab.nano")
    adapter.seed(client, NotesState())
    seeded = client.sqlite(NEUTRI_DB, "SELECT title || '|' || created FROM records;")
    client.force_stop("com.appmindlab.nano")
    client.launch("com.appmindlab.nano")
    assert client.sqlite(NEUTRI_DB, "SELECT title || '|' || created FROM records;") == seeded  # the launch wrote nothing
    assert titles(client) == ["Getting Started"]
    assert adapter.parse(adapter.read_raw(client)) == NotesState()


def test_neutrinote_grants_the_notification_permission_it_asks_for_at_start() -> None:
    assert "android.permission.POST_NOTIFICATIONS" in NeutriNoteAdapter.runtime_permissions


def test_notallyx_text_note_editor_and_enter_in_its_title(client: DeviceClient) -> None:
    client.check("pm clear com.philkes.notallyx")
    client.launch("com.philkes.notallyx")
    tap(client, content_desc="Take note")
    resumed = client.run("dumpsys activity activities").stdout
    assert "com.philkes.notallyx/.presentation.activity.note.EditNoteActivity" in resumed
    tap(client, resource_id="com.philkes.notallyx:id/EnterTitle")
    client.check("input text Groceries")
    client.check("input keyevent KEYCODE_ENTER")
    client.check("input text milk")
    assert find(client, resource_id="com.philkes.notallyx:id/EnterTitle").text == "Groceries"
    assert find(client, resource_id="com.philkes.notallyx:id/EnterBody").text == "milk"


def test_notesnook_opens_on_its_intro_until_the_seeder_goes_through_it(client: DeviceClient) -> None:
    """``navigation-stack.tsx`` (3.4.9-android): the intro is the first route until introCompleted; the
    seeder passes it ("Get started" -> "Use offline" -> "I understand") before typing the state in."""
    from verifiers.notes.adapters import NotesnookAdapter
    from verifiers.notes.state import Note

    client.check("pm clear com.streetwriters.notesnook")
    client.launch("com.streetwriters.notesnook")
    texts = [el.text for el in parse_ui_dump(client.ui_dump())]
    assert "Get started" in texts and "I already have an account" in texts
    adapter = NotesnookAdapter()
    adapter.seed(client, NotesState(notes=[Note(title="Groceries", body="milk")]))
    client.force_stop("com.streetwriters.notesnook")
    client.launch("com.streetwriters.notesnook")
    texts = [el.text for el in parse_ui_dump(client.ui_dump())]
    assert "Get started" not in texts and "Groceries" in texts
