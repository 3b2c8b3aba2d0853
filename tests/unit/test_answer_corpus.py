"""The answer corpus: for every ``answer`` template at every instance, answers a person would write
must pass and answers that game the score must fail (issue 21 item 4; docs/answers.md).

The corpus is data: renderers per kind of expected answer (:mod:`verifiers.answers`), applied to
each template's own expected answer, and judged by the template's whole criterion (``check`` on
the seeded state), so a template that stops using the policy fails here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from pytest_anyapp.registry import templates_by_category
from pytest_anyapp.seeding import rng_for
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.answers import Amount, Count, Duration, Expected, Titles

ANSWER_TEMPLATES = [t for ts in templates_by_category().values() for t in ts if t.answer_task]
IDS = [t.semantic_id for t in ANSWER_TEMPLATES]
INSTANCES = range(3)
NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()

Render = Callable[[Any], str]


def _listing(join: Callable[[list[str]], str]) -> Render:
    return lambda e: join(list(e.expected))


def _oxford(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + (", and " if len(items) > 2 else " and ") + items[-1]


def _money(cents: int, dot: str = ".") -> str:
    return f"{cents // 100}{dot}{cents % 100:02d}"


def _others(e: Titles) -> list[str]:
    want = {x.casefold() for x in e.expected}
    return [v for v in e.vocabulary if v.casefold() not in want]


HUMAN: dict[type[Any], dict[str, Render]] = {
    Titles: {
        "comma": _listing(", ".join),
        "and": _listing(lambda xs: " and ".join(xs)),
        "oxford_comma": _listing(_oxford),
        "newline": _listing("\n".join),
        "semicolon": _listing("; ".join),
        "numbered": _listing(lambda xs: "\n".join(f"{i}. {x}" for i, x in enumerate(xs, 1))),
        "bulleted": _listing(lambda xs: "Here they are:\n" + "\n".join(f"- {x}" for x in xs)),
        "reversed_lower_case": _listing(lambda xs: ", ".join(x.lower() for x in reversed(xs)) + "."),
        "sentence": lambda e: f"The {e.what}{'s are' if len(e.expected) > 1 else ' is'} {_oxford(list(e.expected))}.",
        "title_label": lambda e: "Title: " + "; ".join(e.expected),
        "quoted": _listing(lambda xs: ", ".join(f'"{x}"' for x in xs)),
    },
    Count: {
        "digits": lambda e: str(e.value),
        "word": lambda e: NUMBER_WORDS[e.value],
        "with_unit": lambda e: f"{e.value} {e.what}",
        "sentence": lambda e: f"There are {NUMBER_WORDS[e.value]} {e.what}.",
        "with_dates": lambda e: f"{e.value} (Monday 16 to Sunday 22 October 2023)",
    },
    Amount: {
        "plain": lambda e: _money(e.cents),
        "dollar": lambda e: "$" + _money(e.cents),
        "euro_decimal_comma": lambda e: _money(e.cents, ",") + " €",
        "code": lambda e: "USD " + _money(e.cents),
        "sentence_with_month": lambda e: f"You spent ${_money(e.cents)} in October 2023.",
        "thousands": lambda e: f"{e.cents / 100:,.2f} EUR",
    },
    Duration: {
        "m_ss": lambda e: f"{e.seconds // 60}:{e.seconds % 60:02d}",
        "h_mm_ss": lambda e: f"{e.seconds // 3600}:{e.seconds // 60 % 60:02d}:{e.seconds % 60:02d}",
        "words": lambda e: f"{e.seconds // 60} minutes and {e.seconds % 60} seconds",
        "short_units": lambda e: f"{e.seconds // 60} min {e.seconds % 60} s",
        "seconds": lambda e: f"{e.seconds} seconds",
        "sentence": lambda e: f"The total duration is {e.seconds // 60}:{e.seconds % 60:02d}.",
    },
}

GAMING: dict[type[Any], dict[str, Render]] = {
    Titles: {
        "whole_vocabulary": lambda e: ", ".join(e.vocabulary),
        "vocabulary_as_lines": lambda e: "\n".join(e.vocabulary),
        "expected_plus_one": lambda e: ", ".join([*e.expected, _others(e)[0]]),
        "expected_plus_unknown": lambda e: ", ".join([*e.expected, "Something else"]),
        "one_wrong": lambda e: _others(e)[0],
        "empty": lambda e: "",
        "refusal": lambda e: "I could not find it.",
    },
    Count: {
        "hedge": lambda e: f"{e.value} or {e.value + 1}",
        "range": lambda e: f"between {max(e.value - 1, 0)} and {e.value + 1}",
        "all_numbers": lambda e: " ".join(str(i) for i in range(0, 13)),
        "off_by_one": lambda e: str(e.value + 1),
        "vague": lambda e: "several",
        "empty": lambda e: "",
    },
    Amount: {
        "hedge": lambda e: f"{_money(e.cents)} or {_money(e.cents + 100)}",
        "two_amounts": lambda e: f"{_money(e.cents)} (plus {_money(450)})",
        "off_by_a_cent": lambda e: _money(e.cents + 1),
        "zero": lambda e: "0",
        "empty": lambda e: "",
    },
    Duration: {
        "hedge": lambda e: f"{e.seconds // 60}:{e.seconds % 60:02d} or {e.seconds // 60 + 1}:{e.seconds % 60:02d}",
        "minutes_only": lambda e: f"about {e.seconds // 60} minutes" if e.seconds % 60 else f"{e.seconds + 1} s",
        "off_by_a_second": lambda e: f"{e.seconds + 1} seconds",
        "empty": lambda e: "",
    },
}


def _judge(template: TaskTemplate[Any], params: dict[str, Any], answer: str) -> bool:
    state = template.initial_state(params)
    return template.check(params, state, [state], answer).success


def _expected(template: TaskTemplate[Any], instance: int) -> tuple[dict[str, Any], Expected]:
    params = template.sample_params(rng_for(30, template.semantic_id, instance))
    expected = template.expected_answer(params)
    assert isinstance(expected, Titles | Count | Amount | Duration), template.semantic_id
    return params, expected


def test_every_answer_template_is_covered() -> None:
    assert len(ANSWER_TEMPLATES) >= 14
    kinds = {type(_expected(t, 0)[1]) for t in ANSWER_TEMPLATES}
    assert kinds == {Titles, Count, Amount, Duration}
    assert all(t.expected_answer({}) is None for ts in templates_by_category().values() for t in ts
               if not t.answer_task)


@pytest.mark.parametrize("instance", INSTANCES)
@pytest.mark.parametrize("template", ANSWER_TEMPLATES, ids=IDS)
def test_human_answers_pass(template: TaskTemplate[Any], instance: int) -> None:
    params, expected = _expected(template, instance)
    failed = {name: answer for name, render in HUMAN[type(expected)].items()
              if not _judge(template, params, answer := render(expected))}
    assert not failed, failed


@pytest.mark.parametrize("instance", INSTANCES)
@pytest.mark.parametrize("template", ANSWER_TEMPLATES, ids=IDS)
def test_gaming_answers_fail(template: TaskTemplate[Any], instance: int) -> None:
    params, expected = _expected(template, instance)
    passed = {name: answer for name, render in GAMING[type(expected)].items()
              if _judge(template, params, answer := render(expected))}
    assert not passed, passed


#: Draws of each sampler for the guessing floor; deterministic (instance seeds 0..N-1).
DRAWS = 4000


@pytest.mark.parametrize("template", ANSWER_TEMPLATES, ids=IDS)
def test_no_constant_answer_passes_more_than_one_in_six(template: TaskTemplate[Any]) -> None:
    """The most likely expected answer of the template's own sampler, over DRAWS seeded draws,
    has probability <= 1/6: a constant guess cannot beat that (issue 21 item 1's floor)."""
    keys = Counter(template.expected_answer(template.sample_params(rng_for(30, template.semantic_id, i))).key()
                   for i in range(DRAWS))
    top, hits = keys.most_common(1)[0]
    assert hits / DRAWS <= 1 / 6, f"{template.semantic_id}: {top!r} is the answer in {hits}/{DRAWS} draws"


@pytest.mark.parametrize(("answer", "cents"), [
    ("$48.90", [4890]), ("48,90 €", [4890]), ("EUR 1.234,50", [123450]), ("1,234.50 USD", [123450]),
    ("48.90 in October 2023", [4890]), ("You spent $48.90 in Oct. 2023", [4890]), ("2023-10-03: 48.90", [4890]),
    ("48.9", [4890]), ("48", [4800]), ("48.90 or 50.00", [4890, 5000]), ("1.2345", [None]),
])
def test_amounts_read_from_text(answer: str, cents: list[int | None]) -> None:
    from verifiers.answers import stated_amounts

    assert stated_amounts(answer) == cents


@pytest.mark.parametrize(("answer", "seconds"), [
    ("9:10", [550]), ("0:09:10", [550]), ("9 minutes and 10 seconds", [550]), ("nine minutes and ten seconds", [550]),
    ("9m10s", [550]), ("550", [550]), ("1 h 2 min", [3720]), ("9:10 or 9:11", [550, 551]), ("9:70", [None]),
])
def test_durations_read_from_text(answer: str, seconds: list[int | None]) -> None:
    from verifiers.answers import stated_durations

    assert stated_durations(answer) == seconds


@pytest.mark.parametrize(("answer", "counts"), [
    ("3", [3]), ("three tasks", [3]), ("3.0", [3]), ("3.5", [None]), ("3 or 4", [3, 4]),
    ("3 tasks between October 16 and October 22, 2023", [3]), ("Monday 16 to Sunday 22 October: 4", [4]),
])
def test_counts_read_from_text(answer: str, counts: list[int | None]) -> None:
    from verifiers.answers import stated_counts

    assert stated_counts(answer) == counts
