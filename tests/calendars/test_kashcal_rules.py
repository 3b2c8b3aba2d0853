"""KashCal 22.5.15's rule and reminder texts, from domain/rrule/RruleBuilder.kt (formatForDisplay, the builders),
ui/shared/FormConstants.kt (formatReminderShort) and util/text/UrlUtils.kt (formatDuration of
HomeViewModel.minutesToIsoDuration's offsets)."""

from __future__ import annotations

import pytest

from pytest_anyapp.sim.apps.calendar.kashcal_rules import (
    chip_of,
    format_for_display,
    reminder_before,
    reminder_short,
    rrule,
    weekdays_of,
)


@pytest.mark.parametrize(("rule", "shown"), [
    (None, "Does not repeat"), ("FREQ=DAILY", "Daily"), ("FREQ=DAILY;INTERVAL=2", "Every 2 days"),
    ("FREQ=WEEKLY", "Weekly"), ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "Weekly on Mon, Wed, Fri"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "Biweekly on Tue"), ("FREQ=WEEKLY;INTERVAL=3", "Every 3 weeks"),
    ("FREQ=MONTHLY", "Monthly"), ("FREQ=MONTHLY;BYMONTHDAY=17", "Monthly on day 17"),
    ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1", "Quarterly on last day"), ("FREQ=MONTHLY;BYDAY=3TU", "Monthly on 3rd Tue"),
    ("FREQ=MONTHLY;BYDAY=-1FR", "Monthly on last Fri"), ("FREQ=YEARLY", "Yearly"),
    ("FREQ=DAILY;COUNT=10", "Daily, 10 times"), ("FREQ=WEEKLY;BYDAY=SU;UNTIL=20241015T000000Z",
                                                 "Weekly on Sun, until 10/15/2024"), ("FREQ=HOURLY", "Repeats")])
def test_format_for_display(rule: str | None, shown: str) -> None:
    assert format_for_display(rule) == shown


def test_chips_build_the_rules_of_rrulebuilder() -> None:
    assert rrule("Weekly", "2023-10-15") == "FREQ=WEEKLY;BYDAY=SU"
    assert rrule("Weekly", "2023-10-15", frozenset({6, 2})) == "FREQ=WEEKLY;BYDAY=WE,SU"  # DAY_ORDER, Monday first
    assert rrule("Quarterly", "2023-10-31") == "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=31"
    assert rrule("Never", "2023-10-15") is None
    assert [chip_of(r) for r in ("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", "FREQ=MONTHLY;INTERVAL=3", "FREQ=YEARLY", None)] \
        == ["Biweekly", "Quarterly", "Yearly", "Never"]
    assert weekdays_of("FREQ=WEEKLY;BYDAY=MO,FR", "2023-10-15") == {0, 4}
    assert weekdays_of("FREQ=DAILY", "2023-10-15") == {6}


@pytest.mark.parametrize(("minutes", "short", "before"), [
    (-1, "Off", None), (0, "At event", "At event time"), (15, "15m", "15 min before"), (60, "1h", "1 hour before"),
    (90, "90m", "90 min before"), (240, "4h", "4 hours before"), (540, "9AM", "9 hours before"),
    (1440, "1d", "1 day before"), (10080, "1w", "7 days before")])
def test_reminder_texts(minutes: int, short: str, before: str | None) -> None:
    assert reminder_short(minutes) == short
    if before is not None:
        assert reminder_before(minutes) == before
