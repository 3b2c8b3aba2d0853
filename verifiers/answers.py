"""One answer policy for every ``answer`` template (docs/answers.md has the table).

An answer template says what it expects as one of four kinds: :class:`Titles` (a set of names
from the template's whole vocabulary), :class:`Count`, :class:`Amount` (money, in cents) or
:class:`Duration` (seconds). :func:`judge` turns an agent's free text and that expectation into
the criterion's clauses. The rules are the same in every category, so a number means the same
thing everywhere: a human writes an answer in many forms and each form passes; guessing by
listing the whole vocabulary, or hedging with several numbers, never does.

Pure (no device, no template classes): every answer template imports it.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from pytest_anyapp.templates.base import Clause

#: A piece that matches no vocabulary item still names it when it is this close (a typo).
FUZZY_RATIO = 0.9

_NUMBER_WORDS: dict[str, int] = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_NUMBER_WORDS["none"] = 0
_MONTHS = ("january february march april may june july august september october november december "
           "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_WEEKDAYS = ("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat "
             "sun").split()


def fold(text: str) -> str:
    """NFKC, case-folded, whitespace runs to one space, trimmed."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip().casefold()


def words(text: str) -> str:
    """:func:`fold`, then every run of punctuation to one space, except a colon between digits
    (``Weekly 1:1``) — so quotes, a file extension's dot or a trailing period never hide a name."""
    folded = re.sub(r"(?<=\d):(?=\d)", "\x00", fold(text))
    return " ".join(re.sub(r"[^\w\x00]+", " ", folded).split()).replace("\x00", ":")


# -- the four kinds of expected answer ------------------------------------------------------------

@dataclass(frozen=True)
class Titles:
    """An exact set of names. ``vocabulary`` is every name the template can seed or ask for (the
    expected ones included): the answer's items are recognised against all of it."""

    expected: tuple[str, ...]
    vocabulary: tuple[str, ...]
    what: str = "item"

    def __post_init__(self) -> None:
        vocab = {words(v) for v in self.vocabulary}
        missing = [e for e in self.expected if words(e) not in vocab]
        if missing:
            raise ValueError(f"expected titles outside the vocabulary: {missing}")

    def key(self) -> object:
        return frozenset(words(e) for e in self.expected)


@dataclass(frozen=True)
class Count:
    value: int
    what: str = "items"

    def key(self) -> object:
        return self.value


@dataclass(frozen=True)
class Amount:
    cents: int
    what: str = "the amount"

    def key(self) -> object:
        return self.cents


@dataclass(frozen=True)
class Duration:
    seconds: int

    def key(self) -> object:
        return self.seconds


Expected = Titles | Count | Amount | Duration


# -- titles ---------------------------------------------------------------------------------------

_BULLET = re.compile(r"^[ \t]*(?:[-–—•*·]|\(?\d{1,2}[.)])[ \t]+", re.MULTILINE)
_SEPARATORS = re.compile(r"\n|;|,|&|\+|/|\band\b|\bor\b")
_LEAD_IN = re.compile(r"^.*?(?::|\b(?:is|are|was|were)\b)\s*")
#: Words of a piece that talks about the answer rather than naming an item ("there are two tasks").
_ABOUT = re.compile(r"\b(?:events?|tasks?|notes?|titles?|answer|there|found|following|these|those|called|named)\b")
_MARK = "\x01"


@dataclass(frozen=True)
class TitlesRead:
    """What an answer names: vocabulary items, and list pieces that name nothing known."""

    named: tuple[str, ...]
    unrecognised: tuple[str, ...]


def _item_pattern(item: str) -> re.Pattern[str]:
    """The item's words in order, any punctuation or spacing between them, whole words only."""
    parts = [re.escape(w) for w in words(item).split()]
    return re.compile(r"(?<!\w)" + r"[^\w\n]+".join(parts) + r"(?!\w)")


def read_titles(answer: str | None, vocabulary: Sequence[str]) -> TitlesRead:
    """Every vocabulary item the answer names, by whole words (longest item first, each stretch
    of text counted once). The rest is split into list pieces (line, ``,`` ``;`` ``&`` ``and``
    ``or``, bullets, numbering): a piece is a typo of an item when it is that close to one
    (:data:`FUZZY_RATIO`); a heading (ends in ``:``) or a sentence about the answer is no item; any
    other piece is an unrecognised item."""
    text = re.sub(r"(?<=\d):(?=\d)", "\x00", fold_keep_lines(answer or "")).replace("\x00", ":")
    named: list[str] = []
    for item in sorted(vocabulary, key=lambda v: -len(words(v))):
        pattern = _item_pattern(item)
        if pattern.search(text):
            named.append(item)
            text = pattern.sub(_MARK, text)
    unrecognised: list[str] = []
    for raw in _SEPARATORS.split(_BULLET.sub("", text)):
        piece = raw.strip(" \t.!?\"'“”‘’()[]")
        if not words(piece) or _MARK in piece or piece.endswith(":"):
            continue
        bare = words(_LEAD_IN.sub("", piece)) or words(piece)
        close = max(vocabulary, key=lambda v: difflib.SequenceMatcher(None, bare, words(v)).ratio())
        if difflib.SequenceMatcher(None, bare, words(close)).ratio() >= FUZZY_RATIO:
            if close not in named:
                named.append(close)
        elif not _ABOUT.search(words(piece)):
            unrecognised.append(piece)
    return TitlesRead(named=tuple(named), unrecognised=tuple(unrecognised))


def fold_keep_lines(text: str) -> str:
    """:func:`fold` line by line (line breaks separate items)."""
    return "\n".join(" ".join(fold(line).split()) for line in unicodedata.normalize("NFKC", text).splitlines())


def _titles_clauses(expected: Titles, answer: str | None) -> list[Clause]:
    read = read_titles(answer, expected.vocabulary)
    want = {words(e): e for e in expected.expected}
    got = {words(n) for n in read.named}
    missing = [e for k, e in want.items() if k not in got]
    extra = [n for n in read.named if words(n) not in want] + list(read.unrecognised)
    plural = f"{expected.what}s" if len(want) > 1 else expected.what
    return [
        Clause("all_listed", f"the answer names the {plural} {list(expected.expected)}"
               + (f" (missing {missing})" if missing else ""), not missing),
        Clause("nothing_extra", f"the answer names no other {expected.what}" + (f" (named {extra})" if extra else ""),
               not extra),
    ]


# -- numbers ---------------------------------------------------------------------------------------

_NUMBER_TOKEN = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)(?![\w])|\b(" + "|".join(_NUMBER_WORDS) + r")\b",
                           re.IGNORECASE)
_DATE_WORD = re.compile(r"^(?:" + "|".join(_MONTHS + _WEEKDAYS) + r")\.?$")


def _date_part(text: str, start: int, end: int) -> bool:
    """A number right after or before a month or weekday name (``October 2023``, ``16 October``,
    ``Monday 16``, ``Oct. 3, 2023``) is part of a date, not a number the answer states."""
    before = re.search(r"([A-Za-z]+)\.?[\s,]*(?:\d{1,2}(?:st|nd|rd|th)?,?\s*)?$", text[:start])
    after = re.match(r"(?:st|nd|rd|th)?[\s,]*(?:of\s+)?([A-Za-z]+)", text[end:])
    return any(m is not None and _DATE_WORD.match(m.group(1).lower()) is not None for m in (before, after))


_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def _number_spans(answer: str) -> list[tuple[str, int, int]]:
    answer = _ISO_DATE.sub(" ", answer)
    return [(m.group(0), m.start(), m.end()) for m in _NUMBER_TOKEN.finditer(answer)
            if not _date_part(answer, m.start(), m.end())]


def stated_counts(answer: str | None) -> list[int | None]:
    """Every number the answer states (digits or a word up to twenty; dates excluded); ``3.0`` is
    3, a number with a fraction is ``None`` (not a count)."""
    out: list[int | None] = []
    for token, _, _ in _number_spans(answer or ""):
        low = token.lower()
        if low in _NUMBER_WORDS:
            out.append(_NUMBER_WORDS[low])
            continue
        cents = money_cents(token)
        out.append(cents // 100 if cents is not None and cents % 100 == 0 else None)
    return out


def _count_clauses(expected: Count, answer: str | None) -> list[Clause]:
    stated = stated_counts(answer)
    return [Clause("count", f"the answer states {expected.value} ({expected.what}) and no other number "
                   f"(stated: {stated})", bool(stated) and set(stated) == {expected.value})]


_MONEY_TOKEN = re.compile(r"(?<![\w.,])-?\d(?:[\d.,']|(?<=\d) (?=\d{3}(?!\d)))*")


def money_cents(token: str) -> int | None:
    """One written amount in cents: ``1,234.50`` / ``1.234,50`` / ``48,90`` / ``48.9`` / ``48``.
    A separator followed by three digits groups thousands; by one or two digits it is the decimal
    mark; more than two decimals is not money (None)."""
    t = token.lstrip("-").rstrip(".,").replace(" ", "").replace("'", "")
    marks = [(i, c) for i, c in enumerate(t) if c in ".,"]
    if marks:
        last_i, last_c = marks[-1]
        decimals = len(t) - last_i - 1
        if decimals == 3 and all(c == last_c for _, c in marks) and len({c for _, c in marks}) == 1:
            t = t.replace(last_c, "")
        elif decimals <= 2:
            t = t[:last_i].replace(".", "").replace(",", "") + "." + t[last_i + 1:]
        else:
            return None
    try:
        value = Decimal(t) * 100
    except InvalidOperation:
        return None
    return int(value) if value == value.to_integral_value() else None


def stated_amounts(answer: str | None) -> list[int | None]:
    """Every amount in the answer, in cents (currency symbols and codes ignored; a month's day or
    year is not an amount)."""
    text = _ISO_DATE.sub(" ", answer or "")
    out: list[int | None] = []
    for m in _MONEY_TOKEN.finditer(text):
        if _date_part(text, m.start(), m.end()):
            continue
        out.append(money_cents(m.group(0)))
    return out


def _amount_clauses(expected: Amount, answer: str | None) -> list[Clause]:
    stated = stated_amounts(answer)
    shown = [f"{c // 100}.{c % 100:02d}" if c is not None else "?" for c in stated]
    return [Clause("answer_total", f"the answer is {expected.cents // 100}.{expected.cents % 100:02d} "
                   f"({expected.what}) and no other amount (stated: {shown or 'none'})",
                   bool(stated) and set(stated) == {expected.cents})]


_HMS = re.compile(r"(?<![\d:])(?:(\d+):)?(\d{1,3}):(\d{2})(?![\d:])")
_UNIT = re.compile(r"(\d+|" + "|".join(_NUMBER_WORDS) + r")\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])",
                   re.IGNORECASE)
_UNIT_SECONDS = {"h": 3600, "m": 60, "s": 1}


def stated_durations(answer: str | None) -> list[int | None]:
    """Every duration in the answer, in seconds: ``m:ss``, ``h:mm:ss``, runs of number+unit
    (``9 minutes and 10 seconds``, ``1 h 2 min``) as one duration, or one bare number of seconds."""
    text = fold(answer or "")
    out: list[int | None] = []
    for m in _HMS.finditer(text):
        h, mi, s = int(m.group(1) or 0), int(m.group(2)), int(m.group(3))
        out.append(None if s >= 60 or (m.group(1) is not None and mi >= 60) else h * 3600 + mi * 60 + s)
    rest = _HMS.sub(" ", text)
    run: dict[str, int] | None = None
    last_end = 0
    for m in _UNIT.finditer(rest):
        unit = m.group(2)[0]
        amount = int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1)]
        joined = run is not None and re.fullmatch(r"[\s,]*(?:and)?[\s,]*", rest[last_end:m.start()]) is not None
        if run is not None and joined and unit not in run:
            run[unit] = amount
        else:
            if run is not None:
                out.append(sum(_UNIT_SECONDS[u] * v for u, v in run.items()))
            run = {unit: amount}
        last_end = m.end()
    if run is not None:
        out.append(sum(_UNIT_SECONDS[u] * v for u, v in run.items()))
    bare = [int(t) for t in re.findall(r"(?<![\w.:])\d+(?![\w.:])", _UNIT.sub(" ", rest))]
    if not out and len(bare) == 1:
        return [bare[0]]
    return out + [None for _ in bare]


def _duration_clauses(expected: Duration, answer: str | None) -> list[Clause]:
    stated = stated_durations(answer)
    want = expected.seconds
    return [Clause("duration", f"the answer is {want // 60}:{want % 60:02d} ({want} s) and no other duration "
                   f"(stated, in seconds: {stated})", bool(stated) and set(stated) == {want})]


def judge(expected: Expected, answer: str | None) -> list[Clause]:
    """The answer clauses of a criterion: the same rules for every template of a kind."""
    if isinstance(expected, Titles):
        return _titles_clauses(expected, answer)
    if isinstance(expected, Count):
        return _count_clauses(expected, answer)
    if isinstance(expected, Amount):
        return _amount_clauses(expected, answer)
    return _duration_clauses(expected, answer)


def passes(expected: Expected, answer: str | None) -> bool:
    return all(c.met for c in judge(expected, answer))
