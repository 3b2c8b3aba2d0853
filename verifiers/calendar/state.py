"""The Calendar state model: events as a verifier sees them, app-neutral, in UTC.

The benchmark's clock setup runs the device in UTC (notes §D: ``service call alarm 3 s16 UTC``),
so an event's day and hour are its start's UTC day and hour in every store (seconds, ms, Julian
or YYYYMMDD days are each adapter's business). Written independently of the simulator's encoders.
"""

from __future__ import annotations

import re
import unicodedata

from pydantic import BaseModel, Field

from pytest_anyapp.constants import FROZEN_DEVICE_TIME_MS
from pytest_anyapp.templates.base import CategoryState

#: "daily", "weekly", or another frequency word a store may hold ("monthly", "yearly", "other").
Repeat = str

#: Device time during an episode (2023-10-15 15:34:00 UTC), in ms.
DEVICE_EPOCH_MS = FROZEN_DEVICE_TIME_MS


class CalEvent(BaseModel):
    """One event: title, start day and time (UTC), length, description, recurrence, reminders."""

    title: str
    date: str = Field(description="YYYY-MM-DD, the UTC day the event starts.")
    start: str = Field(description="HH:MM, UTC.")
    duration_min: int
    description: str = ""
    repeat: Repeat | None = None
    reminders: list[int] = Field(default_factory=list, description="Minutes before the start, one per reminder.")

    def key(self) -> tuple[str, str, str, int, str, str, tuple[int, ...]]:
        return (normalize_title(self.title), self.date, self.start, self.duration_min,
                normalize_title(self.description), self.repeat or "", tuple(sorted(self.reminders)))

    def describe(self) -> str:
        extra = f", repeats {self.repeat}" if self.repeat else ""
        extra += f", reminders {sorted(self.reminders)}" if self.reminders else ""
        return f"{self.title!r} {self.date} {self.start} ({self.duration_min} min{extra})"


class CalendarState(CategoryState):
    """The calendar's events (deleted events are not events)."""

    events: list[CalEvent] = Field(default_factory=list)

    def read_back(self) -> list[tuple[str, str, str, int, str, str, tuple[int, ...]]]:
        return sorted(e.key() for e in self.events)

    def titled(self, title: str) -> list[CalEvent]:
        return [e for e in self.events if same_title(e.title, title)]

    def on(self, date: str) -> list[CalEvent]:
        return [e for e in self.events if e.date == date]


_WS = re.compile(r"\s+")


def normalize_title(text: str) -> str:
    """NFKC, whitespace runs to one space, trimmed, case-folded (an IME may capitalise)."""
    return _WS.sub(" ", unicodedata.normalize("NFKC", text)).strip().casefold()


def same_title(a: str, b: str) -> bool:
    return normalize_title(a) == normalize_title(b)


def mentions(answer: str, title: str) -> bool:
    """``title`` occurs in ``answer`` as words (case, spacing and punctuation around it ignored)."""
    hay = " " + re.sub(r"[^\w:]+", " ", normalize_title(answer)) + " "
    needle = re.sub(r"[^\w:]+", " ", normalize_title(title)).strip()
    return bool(needle) and f" {needle} " in hay
