"""Pure rules of the Calendar adapters and criteria: store encodings parse to the app-neutral state."""

from __future__ import annotations

import pytest

from pytest_anyapp.errors import VerifierReadError
from verifiers.calendar.adapters import (
    SEP,
    EtarAdapter,
    FossifyCalendarAdapter,
    KashCalAdapter,
    rfc_duration_s,
    rrule_freq,
)
from verifiers.calendar.state import mentions


def _hex(text: str) -> str:
    return text.encode().hex().upper()


@pytest.mark.parametrize(("rule", "freq"), [("FREQ=WEEKLY;WKST=SU;BYDAY=TU", "weekly"), ("RRULE:FREQ=DAILY", "daily"),
                                            ("INTERVAL=1;FREQ=MONTHLY", "monthly"), ("", None), ("BYDAY=MO", "other")])
def test_rrule_frequency(rule: str, freq: str | None) -> None:
    assert rrule_freq(rule) == freq


@pytest.mark.parametrize(("text", "seconds"), [("P3600S", 3600), ("PT1H30M", 5400), ("P1D", 86400), ("PT45M", 2700),
                                               ("1 hour", None)])
def test_rfc_durations(text: str, seconds: int | None) -> None:
    assert rfc_duration_s(text) == seconds


def test_answer_mentions_whole_titles_only() -> None:
    assert mentions("The events are team sync and weekly 1:1.", "Weekly 1:1")
    assert not mentions("Team Syncs", "Team Sync")


def test_provider_rows_recurring_use_duration_and_reminders() -> None:
    line = SEP.join(["4", _hex("Team Sync"), _hex("Notes"), "1697626800000", "", "P2700S",
                     "FREQ=WEEKLY;BYDAY=WE", "10,30"])
    (ev,) = EtarAdapter().parse({"events": [line]}).events
    assert (ev.title, ev.date, ev.start, ev.duration_min, ev.repeat, ev.reminders) == (
        "Team Sync", "2023-10-18", "11:00", 45, "weekly", [10, 30])


def test_provider_row_without_end_or_duration_is_unreadable() -> None:
    line = SEP.join(["4", _hex("x"), "", "1697626800000", "", "", "", ""])
    with pytest.raises(VerifierReadError):
        EtarAdapter().parse({"events": [line]})


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
