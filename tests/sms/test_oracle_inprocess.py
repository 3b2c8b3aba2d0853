"""The SMS doubles and gold scripts on an in-process simulated device (no adb): each double writes
drafts where its app's storage profile says, the oracle reads shown values off the screen (and
fails when the screen shows another value), and the intents/screens other clients use work.

The device, its providers and the app doubles are real; only the transport is skipped. Every
pair's oracle run through adb is ``tests/categories/test_oracle_and_null.py``.
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
from pytest_anyapp.catalog.apps import apps_in
from pytest_anyapp.catalog.models import Category
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.registry import Pair, params_for, scheduled_pairs
from pytest_anyapp.sim.apps.base import Intent
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from verifiers.sms.oracle import APPS as UIS
from verifiers.sms.oracle import SmsUi, row
from verifiers.sms.state import SENT, SmsMessage, SmsState
from verifiers.sms.telephony import READ_SQL, RESET_SQL, insert_sql, parse_sms_lines

APPS = apps_in(Category.SMS)
_KEYS = {"back": 4, "home": 3, "enter": 66}
NUMBER = "202-555-0101"


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimDevice]:
    yield SimDevice(DeviceConfig(Path(tmp_path_factory.mktemp("sms-inprocess")) / "dev"))


def seed(device: SimDevice, state: SmsState) -> None:
    """Provider rows with the adapters' SQL (drafts excluded: each app keeps them elsewhere)."""
    with closing(device.providers.connect("telephony")) as db:
        db.executescript("BEGIN; " + RESET_SQL + " ".join(insert_sql(m) for m in state.messages) + " COMMIT;")


def read(device: SimDevice) -> SmsState:
    lines: list[str] = []
    with closing(device.providers.connect("telephony")) as db:
        for statement in READ_SQL.split(";"):
            if statement.strip():
                lines += [str(row[0]) for row in db.execute(statement).fetchall()]
    return SmsState(messages=parse_sms_lines(lines))


def start(device: SimDevice, package: str) -> None:
    device.providers.settings_put("secure", "sms_default_application", package)
    device.ui.force_stop(package)
    assert device.ui.start_app(package)


def find(device: SimDevice, by: By) -> UIElement:
    hit = by.find(parse_ui_dump(device.ui.dump_xml()))
    assert hit is not None, by
    return hit


def ui_of(package: str) -> SmsUi:
    app_id = next(a.app_id for a in APPS if a.package == package)
    return next(u for u in UIS if u.app_id == app_id)


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
    task = TaskInfo(semantic_id=template.semantic_id, app_id=app.app_id, app_display_name=app.display_name,
                    package=app.package, category=app.category.value, instance=0, params=params)
    if hasattr(agent, "reset_privileged"):  # the gold task through the privileged channel (trust branch)
        agent.reset_privileged(EpisodeContext(prompt_goal="", step_budget=template.step_budget), task)
    else:
        agent.reset(EpisodeContext(prompt_goal="", step_budget=template.step_budget, task=task))
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


RESEND = [p for p in scheduled_pairs([Category.SMS]) if p.template.semantic_id == "SmsResend"]


@pytest.mark.parametrize("pair", RESEND, ids=[p.app.slug for p in RESEND])
def test_oracle_reads_the_resent_body_off_the_screen(device: SimDevice, pair: Pair) -> None:
    """The script says it resends what the thread shows: with the store showing another body than
    the sampled one, it resends that body, and the verifier (sampled body) fails it."""
    params = params_for(pair.template, 30, 0)
    shown = "Something else entirely"
    seed(device, SmsState(messages=[SmsMessage(box=SENT, address=params["number"], body=shown, date_ms=1_000)]))
    start(device, pair.app.package)
    steps = run_oracle(device, pair, params)
    after = read(device)
    assert len(after.rows(boxes=[SENT], number=params["number"], body=shown)) == 2, steps
    assert not pair.check(params, after, [after], None).success
    device.ui.force_stop(pair.app.package)


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


def _provider_drafts(device: SimDevice) -> list[tuple[Any, ...]]:
    with closing(device.providers.connect("telephony")) as db:
        return db.execute("SELECT address, body, thread_id FROM sms WHERE type = 3").fetchall()


def _room_drafts(device: SimDevice) -> list[tuple[Any, ...]]:
    import sqlite3

    path = device.fs.host("/data/data/org.fossify.messages/databases/conversations.db")
    with closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT thread_id, body FROM drafts").fetchall()


@pytest.mark.parametrize("app", APPS, ids=[a.slug for a in APPS])
def test_draft_is_written_where_the_app_keeps_it(device: SimDevice, app: Any) -> None:
    """Typed text becomes the thread's draft on HOME (onPause) in the app's own store (docs/sms.md,
    storage profiles), and comes back on reopening."""
    ui = ui_of(app.package)
    seed(device, SmsState(messages=[SmsMessage(box=1, address=NUMBER, body="ping", date_ms=1_000)]))
    if app.package == "org.fossify.messages":
        device.ui.force_stop(app.package)
        device.ui.start_app(app.package)  # Room creates its database on first start
        with closing(__import__("sqlite3").connect(device.fs.host(
                "/data/data/org.fossify.messages/databases/conversations.db"))) as db:
            db.execute("DELETE FROM drafts")
            db.commit()
    start(device, app.package)
    device.ui.tap(*find(device, row(ui, NUMBER)).center)
    device.ui.tap(*find(device, ui.message_field).center)
    device.ui.type_text("See you soon")
    assert _provider_drafts(device) == [], "nothing is saved while the thread is in front"
    device.ui.key(3)  # HOME
    thread = read(device).messages[0].thread_id
    if app.package == "com.simplemobiletools.smsmessenger":
        assert _provider_drafts(device) == [(None, "See you soon", thread)]  # no address: through the thread
        assert [(m.address, m.body) for m in read(device).rows(boxes=[3])] == [(NUMBER, "See you soon")]
    elif app.package == "org.fossify.messages":
        assert _provider_drafts(device) == []
        assert _room_drafts(device) == [(thread, "See you soon")]
    else:
        assert _provider_drafts(device) == []  # QUIK (Realm) / Google (closed): never the provider
    start(device, app.package)
    device.ui.tap(*find(device, row(ui, NUMBER)).center)
    assert find(device, ui.message_field).text == "See you soon"
    device.ui.key(4)
    device.ui.force_stop(app.package)


@pytest.mark.parametrize("app", APPS, ids=[a.slug for a in APPS])
def test_sendto_sms_intent_opens_the_thread_with_the_body(device: SimDevice, app: Any) -> None:
    """``am start -a android.intent.action.SENDTO -d sms:<number> --es sms_body <text>``."""
    ui = ui_of(app.package)
    seed(device, SmsState())
    device.providers.settings_put("secure", "sms_default_application", app.package)
    device.ui.force_stop(app.package)
    for other in APPS:
        if other.package != app.package:
            device.ui.force_stop(other.package)
    intent = Intent(action="android.intent.action.SENDTO", data=f"sms:{NUMBER}", package=app.package,
                    extras={"sms_body": "Hello there"})
    assert device.ui.start_intent(intent)
    assert device.ui.focused()[0] == app.package
    assert find(device, ui.message_field).text == "Hello there"
    device.ui.tap(*find(device, ui.send).center)
    assert [(m.address, m.body) for m in read(device).rows(boxes=[SENT])] == [(NUMBER, "Hello there")]
    device.ui.force_stop(app.package)


def test_simple_sms_search_finds_a_conversation(device: SimDevice) -> None:
    package = "com.simplemobiletools.smsmessenger"
    seed(device, SmsState(messages=[SmsMessage(box=1, address=NUMBER, body="Lunch at noon?", date_ms=1_000),
                                    SmsMessage(box=1, address="303-555-0199", body="Other", date_ms=2_000)]))
    start(device, package)
    device.ui.tap(*find(device, By(desc="Search")).center)
    device.ui.type_text("lunch")
    hits = [e for e in parse_ui_dump(device.ui.dump_xml()) if e.resource_id.endswith(":id/search_result_title")]
    assert [e.text for e in hits] == [NUMBER]
    device.ui.tap(*hits[0].center)
    assert find(device, By(res="thread_message_body")).text == "Lunch at noon?"
    device.ui.force_stop(package)


def test_long_press_in_a_field_shows_select_all_and_does_not_select_by_itself(device: SimDevice) -> None:
    package = "org.fossify.messages"
    seed(device, SmsState(messages=[SmsMessage(box=1, address=NUMBER, body="ping", date_ms=1_000)]))
    start(device, package)
    ui = ui_of(package)
    device.ui.tap(*find(device, row(ui, NUMBER)).center)
    device.ui.tap(*find(device, ui.message_field).center)
    device.ui.type_text("old text")
    device.ui.long_press(*find(device, ui.message_field).center, 1000)
    device.ui.key(4)  # close the toolbar
    device.ui.type_text(" more")
    assert find(device, ui.message_field).text == "old text more", "a long-press alone selects nothing"
    device.ui.long_press(*find(device, ui.message_field).center, 1000)
    device.ui.tap(*find(device, By(text="Select all")).center)
    device.ui.type_text("new")
    assert find(device, ui.message_field).text == "new"
    device.ui.force_stop(package)


@pytest.mark.parametrize("package", ["com.simplemobiletools.smsmessenger", "org.fossify.messages"])
def test_enter_in_the_new_conversation_address_does_not_open_the_thread(device: SimDevice, package: str) -> None:
    """``NewConversationActivity.kt`` (5.19.3; Fossify Messages the same) sets no editor action on
    ``new_conversation_address``: only the confirm button opens the thread, and it shows once the
    field holds more than two characters."""
    seed(device, SmsState())
    start(device, package)
    device.ui.tap(*find(device, ui_of(package).new_chat).center)
    device.ui.type_text("20")
    assert By(desc="Confirm").find(parse_ui_dump(device.ui.dump_xml())) is None
    device.ui.type_text("2-555-0101")
    device.ui.key(_KEYS["enter"])
    assert By(res="thread_type_message").find(parse_ui_dump(device.ui.dump_xml())) is None
    device.ui.tap(*find(device, By(desc="Confirm")).center)
    assert find(device, By(res="thread_type_message")) is not None
    device.ui.force_stop(package)
