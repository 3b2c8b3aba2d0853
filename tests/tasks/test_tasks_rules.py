"""Pure rules of the To-Do category: answer scoring, the stores' encodings as the adapters decode
them, and which pairs the apps decline (docs/tasks.md)."""

from __future__ import annotations

import json

import pytest

from pytest_anyapp.templates.base import TaskTemplate
from verifiers.answers import Titles, passes
from verifiers.tasks import BUNDLE
from verifiers.tasks.adapters import (
    CfaitAdapter,
    TasksOrgAdapter,
    parse_todotxt_line,
    rrule_freq,
    utc_ms,
)
from verifiers.tasks.state import same_title
from verifiers.tasks.templates import IR_TITLES, TEMPLATES, TasksDueNextWeek


def test_title_answers_follow_the_one_answer_policy() -> None:
    expected = Titles(("Buy groceries", "Pay rent"), IR_TITLES, "task")
    assert passes(expected, "pay rent,  Buy grocries.")
    assert not passes(expected, "Buy groceries, Buy groceries")
    assert not passes(expected, "Buy groceries, Pay rent, Call dentist")
    assert not passes(expected, "")
    assert not passes(expected, None)


def test_titles_compare_up_to_case_and_spacing_only() -> None:
    assert same_title("  call  Dentist ", "Call dentist")
    assert not same_title("Call dentis", "Call dentist")


def test_count_answers_are_numbers() -> None:
    template = TasksDueNextWeek()
    params = {"tasks": [], "expected_count": 3}
    state = template.initial_state(params)
    assert template.check(params, state, [state], "3.0").success
    assert template.check(params, state, [state], "3 tasks").success
    assert not template.check(params, state, [state], "3 or 4 tasks").success
    assert not template.check(params, state, [state], "4").success


def test_todotxt_strips_both_dates_after_x_and_the_due_key() -> None:
    item = parse_todotxt_line("x 2023-10-15 (A) 2023-10-14 Pay rent due:2023-10-24")
    assert (item.title, item.completed, item.priority, item.due_date) == ("Pay rent", True, "high", "2023-10-24")
    item = parse_todotxt_line("(C) 2023-10-14 Call dentist")
    assert (item.title, item.completed, item.priority, item.due_date) == ("Call dentist", False, "low", None)
    assert parse_todotxt_line("2023-10-14 Email Sarah due:2023-13-99x").title == "Email Sarah due:2023-13-99x"


def test_tasks_org_due_time_is_the_seconds_flag() -> None:
    adapter = TasksOrgAdapter()
    noon = utc_ms("2023-10-24", "12:00")
    timed = utc_ms("2023-10-24", "09:00", 1)
    raw = {"tasks": [f"1\x1f{b'A'.hex()}\x1f0\x1f{noon}\x1f0\x1f0\x1fFREQ=WEEKLY;INTERVAL=1",
                     f"2\x1f{b'B'.hex()}\x1f3\x1f{timed}\x1f5\x1f0\x1f",
                     f"3\x1f{b'C'.hex()}\x1f2\x1f0\x1f0\x1f7\x1f"]}
    a, b = adapter.parse(raw).tasks  # C is soft-deleted
    assert (a.due_date, a.due_time, a.priority, a.recurrence) == ("2023-10-24", None, "high", "weekly")
    assert (b.due_time, b.priority, b.completed) == ("09:00", "none", True)


def test_rrule_needs_interval_one() -> None:
    assert rrule_freq("RRULE:FREQ=DAILY") == "daily"
    assert rrule_freq("FREQ=WEEKLY;INTERVAL=2") is None
    assert rrule_freq("FREQ=YEARLY") is None


def test_cfait_priorities_follow_icalendar() -> None:
    tasks = [{"uid": str(p), "summary": str(p), "priority": p, "status": "NeedsAction"} for p in (0, 1, 4, 5, 6, 9)]
    state = CfaitAdapter().parse({"local.json": [json.dumps({"version": 9, "tasks": tasks})]})
    assert [t.priority for t in state.tasks] == ["none", "high", "high", "medium", "low", "low"]


@pytest.mark.parametrize("template", [t() for t in TEMPLATES], ids=[t.semantic_id for t in TEMPLATES])
def test_declined_pairs_say_why(template: TaskTemplate[object]) -> None:  # type: ignore[type-var]
    for adapter in BUNDLE.adapters:
        reason = adapter.decline_reason(template)
        assert adapter.supports(template) == (reason == "")
        if reason:
            assert adapter.app.display_name in reason and "no " in reason


def test_declined_count() -> None:
    declined = sum(1 for a in BUNDLE.adapters for t in BUNDLE.template_instances() if not a.supports(t))
    assert declined == 19
