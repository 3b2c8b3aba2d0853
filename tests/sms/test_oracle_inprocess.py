"""Every SMS pair's gold UI script solves it in the simulated app (in-process device, no adb).

The device, its providers and the app doubles are real; only the transport is skipped: the
state is seeded with the same SQL the adapter sends through ``sqlite3`` and ``content insert``,
UI dumps come straight from the window manager, and actions go straight to it. The full
``pytest pairs --agent=oracle`` run covers the adb path; this catches a broken flow in seconds.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import EpisodeContext, Observation, TaskInfo, UIElement
from pytest_anyapp.agents.builtin.oracle import OracleAgent
from pytest_anyapp.agents.oracle import By
from pytest_anyapp.agents.oracle_scripts import sms as sms_scripts
from pytest_anyapp.catalog.models import Category
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.registry import Pair, params_for, scheduled_pairs
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.templates.sms import SmsMessage, SmsState
from verifiers.sms.telephony import READ_SQL, RESET_SQL, insert_sql, parse_sms_lines

PAIRS = scheduled_pairs([Category.SMS])
_KEYS = {"back": 4, "home": 3, "enter": 66}


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimDevice]:
    yield SimDevice(DeviceConfig(Path(tmp_path_factory.mktemp("sms-oracle")) / "dev"))


def seed(device: SimDevice, state: SmsState) -> None:
    with closing(device.providers.connect("telephony")) as db:
        db.executescript("BEGIN; " + RESET_SQL + " ".join(insert_sql(m) for m in state.messages) + " COMMIT;")
    device.providers.wipe("com.android.providers.contacts")
    for contact in state.contacts:
        uri = device.providers.insert("content://com.android.contacts/raw_contacts",
                                      {"account_name": "seed", "account_type": "local"})
        raw_id = int(uri.rsplit("/", 1)[1])
        device.providers.insert("content://com.android.contacts/data", {
            "raw_contact_id": raw_id, "mimetype": "vnd.android.cursor.item/name", "data1": contact.name})
        for phone in contact.phones:
            device.providers.insert("content://com.android.contacts/data", {
                "raw_contact_id": raw_id, "mimetype": "vnd.android.cursor.item/phone_v2", "data1": phone})


def read(device: SimDevice) -> SmsState:
    lines: list[str] = []
    with closing(device.providers.connect("telephony")) as db:
        for statement in READ_SQL.split(";"):
            if statement.strip():
                lines += [str(row[0]) for row in db.execute(statement).fetchall()]
    return SmsState(messages=parse_sms_lines(lines))


def act(device: SimDevice, action: Action) -> None:
    wm = device.ui
    if action.action == "click":
        wm.tap(*action.coordinate)  # type: ignore[misc]
    elif action.action == "long_press":
        wm.long_press(*action.coordinate, 1000)  # type: ignore[misc]
    elif action.action == "type":
        wm.type_text(action.text or "")
    elif action.action == "system_button":
        wm.key(_KEYS[action.button or "back"])
    else:
        raise AssertionError(f"the SMS oracle does not use {action.describe()}")


def run_oracle(device: SimDevice, pair: Pair, params: dict[str, Any]) -> list[str]:
    template, app = pair.template, pair.app
    agent = OracleAgent()
    agent.reset_privileged(EpisodeContext(prompt_goal="", step_budget=template.step_budget), TaskInfo(
        semantic_id=template.semantic_id, app_id=app.app_id, app_display_name=app.display_name,
        package=app.package, category=app.category.value, instance=0, params=params))
    done: list[str] = []
    for index in range(template.step_budget):
        elements = parse_ui_dump(device.ui.dump_xml())
        action = agent.step(Observation(goal="", screenshot_png=b"", ui_elements=elements,
                                        step_index=index, step_budget=template.step_budget)).action
        done.append(action.describe())
        if action.action == "terminate":
            return done
        act(device, action)
    raise AssertionError(f"the oracle did not finish within {template.step_budget} steps: {done}")


@pytest.mark.parametrize("pair", PAIRS, ids=[p.pair_id for p in PAIRS])
def test_oracle_solves_pair(device: SimDevice, pair: Pair) -> None:
    template, package = pair.template, pair.app.package
    params = params_for(template, 30, 0)
    # the adapter's setup: ``cmd role add-role-holder`` writes this setting
    device.providers.settings_put("secure", "sms_default_application", package)
    seed(device, template.initial_state(params))
    first = read(device)
    assert not template.check(params, first, [first], None).success
    device.ui.force_stop(package)
    assert device.ui.start_app(package)
    steps = run_oracle(device, pair, params)
    verdict = template.check(params, read(device), [first], None)
    assert verdict.success, f"{verdict.summary()}\nsteps: {steps}"
    assert device.ui.focused()[0] == package, "the gold path should stay inside the app"
    device.ui.force_stop(package)


def test_app_asks_to_become_the_default_sms_app(device: SimDevice) -> None:
    """Without the SMS role the apps show only the "Set as default" prompt, as the real ones do."""
    package = "org.fossify.messages"
    device.providers.settings_put("secure", "sms_default_application", "com.google.android.apps.messaging")
    device.ui.force_stop(package)
    assert device.ui.start_app(package)
    elements = parse_ui_dump(device.ui.dump_xml())
    button = next(e for e in elements if e.text == "Set as default")
    assert not any(e.content_desc == "Start conversation" for e in elements)
    device.ui.tap(*button.center)
    assert device.providers.settings_get("secure", "sms_default_application") == package
    assert any(e.content_desc == "Start conversation" for e in parse_ui_dump(device.ui.dump_xml()))
    device.ui.force_stop(package)


@pytest.mark.parametrize("ui", sms_scripts.APPS, ids=[u.app_id for u in sms_scripts.APPS])
def test_draft_saved_when_the_thread_leaves_the_screen(device: SimDevice, ui: sms_scripts.SmsUi) -> None:
    """Typed text becomes the thread's draft on HOME (onPause), and comes back on reopening."""
    package = next(p.app.package for p in PAIRS if p.app.app_id == ui.app_id)
    number = "202-555-0101"
    device.providers.settings_put("secure", "sms_default_application", package)
    seed(device, SmsState(messages=[SmsMessage(box=1, address=number, body="ping", date_ms=1_000)]))
    device.ui.force_stop(package)
    assert device.ui.start_app(package)

    def find(by: By) -> UIElement:
        hit = by.find(parse_ui_dump(device.ui.dump_xml()))
        assert hit is not None, by
        return hit

    device.ui.tap(*find(sms_scripts.row(ui, number)).center)
    device.ui.tap(*find(ui.message_field).center)
    device.ui.type_text("See you soon")
    assert read(device).rows(boxes=[3]) == [], "nothing is saved while the thread is in front"
    device.ui.key(3)  # HOME
    drafts = read(device).rows(boxes=[3], number=number)
    assert [d.body for d in drafts] == ["See you soon"]
    device.ui.force_stop(package)
    assert device.ui.start_app(package)
    device.ui.tap(*find(sms_scripts.row(ui, number)).center)
    assert find(ui.message_field).text == "See you soon"
    device.ui.force_stop(package)
