"""SMS-specific rules (phone numbers, bodies, forwards, seeded states, the latch). The generic
conformance of every template runs in ``tests/categories``."""

from __future__ import annotations

import random

import pytest

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.registry import templates_by_category
from verifiers.sms.cases import cases as build
from verifiers.sms.cases import other_number, plus_one, suffix_number
from verifiers.sms.state import SmsState, is_forward_of, same_body, same_number
from verifiers.sms.templates import TEMPLATES, SmsTemplate, paired_source_number

SMS_TEMPLATES: list[SmsTemplate] = [cls() for cls in TEMPLATES]


def test_ten_templates_with_the_notes_complexities() -> None:
    budgets = {t.semantic_id: t.step_budget for t in SMS_TEMPLATES}
    assert budgets == {
        "SmsSend": 20, "SmsReply": 26, "SmsReplyMostRecent": 26, "SmsResend": 26, "SmsSendToContact": 28,
        "SmsSendReceivedAddress": 18, "SmsCreateDraftMessage": 22, "SmsEditDraftMessage": 26,
        "SmsDeleteConversation": 24, "SmsForwardMessage": 30,
    }
    assert {t.semantic_id for t in templates_by_category()[Category.SMS]} == set(budgets)
    assert [t.semantic_id for t in SMS_TEMPLATES if t.uses_latch] == ["SmsDeleteConversation"]


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
    state = build(template, params).near_misses["wrong_number"].state
    result = template.check(params, state, [SmsState()], None)
    assert result.evidence["messages"] == ["sent to 202-555-0106: 'On my way.'"]
    assert "202-555-0101" in result.summary()


@pytest.mark.parametrize(("actual", "original", "forward"), [
    ("On my way.", "On my way.", True),
    ("Fwd: On my way.", "On my way.", True),
    ("FW:on my way.", "On my way.", True),
    ("---- Forwarded message from 202-555-0101 ----\nOn my way.", "On my way.", True),
    ("Not on my way.", "On my way.", False),
    ("On my way. Not.", "On my way.", False),
    ("Fwd: On my way", "On my way.", False),
    ("Re: On my way.", "On my way.", False),
    ("", "", False),
])
def test_forward_compares_the_whole_body(actual: str, original: str, forward: bool) -> None:
    assert is_forward_of(actual, original) is forward
