"""Pure rules of the Calendar adapters and criteria: store encodings parse to the app-neutral state."""

from __future__ import annotations

import re

import pytest

from pytest_anyapp.errors import VerifierReadError
from verifiers.calendar.adapters import (
    SEP,
    EtarAdapter,
    FossifyCalendarAdapter,
    KashCalAdapter,
    rfc_duration_s,
    rrule_freq,
    seed_duration,
)
from verifiers.calendar.state import mentions


def _hex(text: str) -> str:
    return text.encode().hex().upper()


@pytest.mark.parametrize(("rule", "freq"), [("FREQ=WEEKLY;WKST=SU;BYDAY=TU", "weekly"), ("RRULE:FREQ=DAILY", "daily"),
                                            ("INTERVAL=1;FREQ=MONTHLY", "monthly"), ("", None), ("BYDAY=MO", "other"),
                                            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "other"),
                                            ("FREQ=DAILY;COUNT=10", "other"),
                                            ("FREQ=WEEKLY;UNTIL=20231231T235959Z", "other")])
def test_rrule_frequency(rule: str, freq: str | None) -> None:
    assert rrule_freq(rule) == freq


@pytest.mark.parametrize(("text", "seconds"), [("P3600S", 3600), ("PT1H30M", 5400), ("P1D", 86400), ("PT45M", 2700),
                                               ("1 hour", None)])
def test_rfc_durations(text: str, seconds: int | None) -> None:
    assert rfc_duration_s(text) == seconds


#: Kotlin's ISO-8601 duration grammar (kotlin.time.Duration.parse, parseIsoStringFormat in the stdlib's
#: Duration.kt): an optional sign, 'P', days only before 'T', then hours, minutes, seconds; one component at least.
KOTLIN_ISO = re.compile(r"[+-]?P(?=\d|T\d)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?")


def calendarcommon2_seconds(text: str) -> int:
    """calendarcommon2 Duration.parse (AOSP, as copied in Etar-Group/Etar-Calendar v1.0.57): sign, 'P', an
    optional 'T', then digits closed by W, D, H, M or S in any order."""
    text = text.lstrip("+-")
    assert text[0] == "P"
    units, n, total = {"W": 604800, "D": 86400, "H": 3600, "M": 60, "S": 1}, 0, 0
    for c in text[2:] if text[1:2] == "T" else text[1:]:
        if c.isdigit():
            n = n * 10 + int(c)
        else:
            total, n = total + n * units[c], 0
    return total


def test_seeded_duration_is_read_by_the_provider_and_by_kotlin() -> None:
    """Vayun's Event.kt reads DURATION with Kotlin's Duration.parse; 'P3600S' is not ISO for it (0), 'PT3600S' is."""
    text = seed_duration(3600)
    assert KOTLIN_ISO.fullmatch(text) and calendarcommon2_seconds(text) == 3600 and rfc_duration_s(text) == 3600
    assert KOTLIN_ISO.fullmatch("P3600S") is None and calendarcommon2_seconds("P3600S") == 3600


def test_answer_mentions_whole_titles_only() -> None:
    assert mentions("The events are team sync and weekly 1:1.", "Weekly 1:1")
    assert not mentions("Team Syncs", "Team Sync")


def _content(col: str, values: list[str]) -> list[str]:
    return [f"Row: {n} _id={4 + n}, {col}={v}" for n, v in enumerate(values)]


PROVIDER_RAW = {
    "title": _content("title", ["Team Sync", "Notes, title=Trap"]),
    "description": ["Row: 0 _id=4, description=line one", "line two", "Row: 1 _id=5, description=NULL"],
    "dtstart": _content("dtstart", ["1697626800000", "1697630400000"]),
    "dtend": _content("dtend", ["NULL", "1697632200000"]),
    "duration": _content("duration", ["P2700S", "NULL"]),
    "rrule": _content("rrule", ["FREQ=WEEKLY;BYDAY=WE", "NULL"]),
    "reminders": ["Row: 0 event_id=4, minutes=30", "Row: 1 event_id=4, minutes=10"],
}


def test_provider_content_query_rows() -> None:
    """Recurring rows use DURATION; values run to the line's end (a ", x=" inside stays), a line that
    is no row continues the previous value, NULL is none."""
    first, second = EtarAdapter().parse(PROVIDER_RAW).events
    assert (first.title, first.date, first.start, first.duration_min, first.repeat, first.reminders) == (
        "Team Sync", "2023-10-18", "11:00", 45, "weekly", [10, 30])
    assert first.description == "line one\nline two"
    assert (second.title, second.description, second.duration_min, second.repeat) == (
        "Notes, title=Trap", "", 30, None)


def test_provider_reads_must_agree_and_be_complete() -> None:
    changed = {**PROVIDER_RAW, "dtstart": _content("dtstart", ["1697626800000"])}
    with pytest.raises(VerifierReadError, match="changed"):
        EtarAdapter().parse(changed)
    no_end = {**PROVIDER_RAW, "duration": _content("duration", ["NULL", "NULL"]),
              "dtend": _content("dtend", ["NULL", "NULL"])}
    with pytest.raises(VerifierReadError, match="neither"):
        EtarAdapter().parse(no_end)
    empty = {k: ["No result found."] for k in PROVIDER_RAW}
    assert EtarAdapter().parse(empty).events == []


def test_fossify_rows_are_seconds_with_interval_and_reminder_slots() -> None:
    line = SEP.join(["1", _hex("Budget Review"), "", "1697626800", "1697632200", "86400", "10", "-1", "60"])
    (ev,) = FossifyCalendarAdapter().parse({"events": [line]}).events
    assert (ev.start, ev.duration_min, ev.repeat, ev.reminders) == ("11:00", 90, "daily", [10, 60])


def test_kashcal_reminders_are_iso_offsets() -> None:
    line = SEP.join(["1", _hex("Client Call"), "", "1697626800000", "1697628600000", "",
                     _hex('["-PT15M","-PT1H"]')])
    (ev,) = KashCalAdapter().parse({"events": [line]}).events
    assert (ev.duration_min, ev.repeat, ev.reminders) == (30, None, [15, 60])
    with pytest.raises(VerifierReadError):
        KashCalAdapter().parse({"events": [line.replace(_hex('["-PT15M","-PT1H"]'), _hex("soon"))]})


@pytest.mark.parametrize(("title", "shown"), [
    ("Lunch Meeting", "🍽️ Lunch Meeting"), ("Client Call", "📞 Client Call"), ("Weekly 1:1", "🤝 Weekly 1:1"),
    ("Birthday lunch", "🎂 Birthday lunch"),  # priority 10 before 5
    ("Gym call", "🏋️ Gym call"),  # priority 5 before 3
    ("Budget Review", "Budget Review"), ("scoffee", "scoffee")])  # whole words only
def test_kashcal_titles_get_emoji_matcher_emoji(title: str, shown: str) -> None:
    """EmojiMatcher.formatWithEmoji (KashCal v22.5.15, domain/EmojiMatcher.kt), as the month view's cards show it."""
    from pytest_anyapp.sim.apps.calendar.kashcal_rules import with_emoji

    assert with_emoji(title) == shown
