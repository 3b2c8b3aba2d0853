"""Pure tests of the SMS templates: identical parameters across apps, and every criterion on
hand-built states (gold passes, initial fails, near misses fail, tolerated variants pass)."""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest
from sms_cases import build, other_number, plus_one, suffix_number

from pytest_anyapp.catalog.apps import apps_in
from pytest_anyapp.catalog.models import Category
from pytest_anyapp.registry import schedule, templates_by_category
from pytest_anyapp.seeding import canonical_json, rng_for
from pytest_anyapp.templates.sms import (
    TEMPLATES,
    SmsState,
    SmsTemplate,
    paired_source_number,
    same_body,
    same_number,
)

SMS_TEMPLATES: list[SmsTemplate] = [cls() for cls in TEMPLATES]
IDS = [t.semantic_id for t in SMS_TEMPLATES]
INSTANCES = range(3)


def test_ten_templates_with_the_notes_complexities() -> None:
    budgets = {t.semantic_id: t.step_budget for t in SMS_TEMPLATES}
    assert budgets == {
        "SmsSend": 20, "SmsReply": 26, "SmsReplyMostRecent": 26, "SmsResend": 26, "SmsSendToContact": 28,
        "SmsSendReceivedAddress": 18, "SmsCreateDraftMessage": 22, "SmsEditDraftMessage": 26,
        "SmsDeleteConversation": 24, "SmsForwardMessage": 30,
    }
    assert {t.semantic_id for t in templates_by_category()[Category.SMS]} == set(budgets)
    assert [t.semantic_id for t in SMS_TEMPLATES if t.uses_latch] == ["SmsDeleteConversation"]


def test_params_identical_and_goals_differ_only_in_app_name() -> None:
    by_key: dict[tuple[str, int], list[tuple[str, str, str]]] = defaultdict(list)
    for inst in schedule(seed=30, n_instances=3, categories=[Category.SMS]):
        app = inst.pair.app
        assert app.display_name in inst.goal
        by_key[(inst.pair.template.semantic_id, inst.instance)].append(
            (canonical_json(inst.params), inst.goal.replace(app.display_name, "<APP>"), inst.semantic_goal))
    assert len(by_key) == len(SMS_TEMPLATES) * 3
    apps = len(apps_in(Category.SMS))
    for key, rows in by_key.items():
        assert len(rows) == apps, key
        assert len({r[0] for r in rows}) == 1, f"params differ across apps for {key}"
        assert len({r[1] for r in rows}) == 1, f"goals differ beyond the app name for {key}"
        assert len({r[2] for r in rows}) == 1, key


@pytest.mark.parametrize("template", SMS_TEMPLATES, ids=IDS)
def test_params_come_from_the_rng_only_and_are_json(template: SmsTemplate) -> None:
    draws = [template.sample_params(rng_for(30, template.semantic_id, i)) for i in range(6)]
    again = [template.sample_params(rng_for(30, template.semantic_id, i)) for i in range(6)]
    assert draws == again
    assert len({canonical_json(d) for d in draws}) > 1, "instances should not all be the same"
    for params in draws:
        assert json.loads(json.dumps(params)) == params
        assert template.instruction_fields() <= set(params)
        assert "{" not in template.goal(params, "X")


@pytest.mark.parametrize("template", SMS_TEMPLATES, ids=IDS)
@pytest.mark.parametrize("instance", INSTANCES)
def test_gold_passes_and_initial_fails(template: SmsTemplate, instance: int) -> None:
    params = template.sample_params(rng_for(30, template.semantic_id, instance))
    initial = template.initial_state(params)
    cases = build(template, params)
    gold = template.check(params, cases.gold, [initial], None)
    assert gold.success, gold.summary()
    assert all(r.startswith("met: ") for r in gold.reasons)
    start = template.check(params, initial, [initial], None)
    assert not start.success, "the seeded state must not already satisfy the goal"
    assert start.reasons[0].startswith("not met: ")


@pytest.mark.parametrize("template", SMS_TEMPLATES, ids=IDS)
@pytest.mark.parametrize("instance", INSTANCES)
def test_near_misses_fail(template: SmsTemplate, instance: int) -> None:
    params = template.sample_params(rng_for(30, template.semantic_id, instance))
    initial = template.initial_state(params)
    cases = build(template, params)
    assert len(cases.near_misses) >= 2
    for name, state in cases.near_misses.items():
        history = [cases.history_override.get(name, initial)]
        result = template.check(params, state, history, None)
        assert not result.success, f"near miss {name!r} passed: {result.summary()}"
        assert result.reasons[0].startswith("not met: "), name


@pytest.mark.parametrize("template", SMS_TEMPLATES, ids=IDS)
def test_tolerated_variants_pass(template: SmsTemplate) -> None:
    params = template.sample_params(rng_for(30, template.semantic_id, 0))
    initial = template.initial_state(params)
    for name, state in build(template, params).tolerated.items():
        result = template.check(params, state, [initial], None)
        assert result.success, f"tolerated variant {name!r} failed: {result.summary()}"


def test_delete_needs_the_latch() -> None:
    template = next(t for t in SMS_TEMPLATES if t.semantic_id == "SmsDeleteConversation")
    params = template.sample_params(random.Random(1))
    gold = build(template, params).gold
    assert template.check(params, gold, [template.initial_state(params)], None).success
    no_history = template.check(params, gold, [], None)
    assert not no_history.success
    assert "no earlier read" in no_history.reasons[0]


def test_seeded_states() -> None:
    reply = next(t for t in SMS_TEMPLATES if t.semantic_id == "SmsReply")
    params = reply.sample_params(random.Random(3))
    rows = reply.initial_state(params).messages
    older = next(m for m in rows if m.address == params["number"])
    newer = next(m for m in rows if m.address == params["decoy_number"])
    assert older.date_ms is not None and newer.date_ms is not None and older.date_ms < newer.date_ms
    address = next(t for t in SMS_TEMPLATES if t.semantic_id == "SmsSendReceivedAddress")
    params = address.sample_params(random.Random(4))
    state = address.initial_state(params)
    source = paired_source_number(params["number"])
    assert {(c.name, c.phones[0]) for c in state.contacts} == {
        (params["name1"], params["number"]), (params["name2"], source)}
    assert [(m.box, m.address, m.body) for m in state.messages] == [(1, source, params["message"])]


@pytest.mark.parametrize(("a", "b", "same"), [
    ("202-555-0101", "2025550101", True),
    ("202-555-0101", "+1 (202) 555-0101", True),
    ("12025550101", "202-555-0101", True),
    ("991-202-555-0101", "202-555-0101", False),
    ("202-555-0101", "202-555-0102", False),
    ("555-0101", "202-555-0101", False),
    ("44-202-555-0101", "202-555-0101", False),
    ("", "", False),
])
def test_phone_equivalence(a: str, b: str, same: bool) -> None:
    assert same_number(a, b) is same
    assert same_number(b, a) is same


def test_helpers_used_by_the_cases() -> None:
    n = "202-555-0101"
    assert not same_number(other_number(n), n) and not same_number(other_number(n), paired_source_number(n))
    assert not same_number(suffix_number(n), n) and same_number(plus_one(n), n)
    assert paired_source_number("202-555-0109") == "202-555-0100"


@pytest.mark.parametrize(("actual", "expected", "same"), [
    ("On my way.", "On my way.", True),
    (" on  MY way.\r\n", "On my way.", True),
    ("On my way", "On my way.", False),
    ("On my way!", "On my way.", False),
    ("Lunch at 12?", "Lunch at 1?", False),
])
def test_body_rule(actual: str, expected: str, same: bool) -> None:
    assert same_body(actual, expected) is same


def test_verdict_evidence_lists_what_was_read() -> None:
    template = next(t for t in SMS_TEMPLATES if t.semantic_id == "SmsSend")
    params = {"number": "202-555-0101", "message": "On my way."}
    state = build(template, params).near_misses["wrong_number"]
    result = template.check(params, state, [SmsState()], None)
    assert result.evidence["messages"] == ["sent to 202-555-0106: 'On my way.'"]
    assert "202-555-0101" in result.summary()
