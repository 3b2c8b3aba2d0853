"""The Clock state model: alarms, timers, the stopwatch and world clocks as a verifier sees them.

App-neutral: an alarm is an hour/minute and a switch, a timer is a length and a run state, the
stopwatch is a run state and whether it shows a non-zero time, a world clock is a city name.
Each adapter maps its app's own store (docs/clock.md, "Storage profiles") onto this. Written
independently of the simulator's own encoders: a bug on one side is caught by the other.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pytest_anyapp.templates.base import CategoryState

TimerRun = Literal["idle", "running", "paused", "finished"]
StopwatchRun = Literal["reset", "running", "paused"]


class Alarm(BaseModel):
    hour: int = Field(ge=0, le=23)
    minute: int = Field(ge=0, le=59)
    enabled: bool = True

    def at(self, hour: int, minute: int) -> bool:
        return self.hour == hour and self.minute == minute

    def describe(self) -> str:
        return f"{self.hour:02d}:{self.minute:02d} ({'on' if self.enabled else 'off'})"


class Timer(BaseModel):
    seconds: int = Field(ge=0, description="The length the timer was set to (not the time left).")
    state: TimerRun = "idle"

    def describe(self) -> str:
        return f"{hms(self.seconds)} {self.state}"


class Stopwatch(BaseModel):
    state: StopwatchRun = "reset"
    #: Time accumulated before the current run (ms); 0 for a reset stopwatch. A running stopwatch
    #: has run since its start whatever this says.
    accumulated_ms: int = 0

    @property
    def nonzero(self) -> bool:
        return self.state == "running" or self.accumulated_ms > 0


class ClockState(CategoryState):
    """What the criteria see. ``stopwatch`` is None where the app keeps no readable stopwatch."""

    alarms: list[Alarm] = Field(default_factory=list)
    timers: list[Timer] = Field(default_factory=list)
    stopwatch: Stopwatch | None = None
    cities: list[str] = Field(default_factory=list)

    def read_back(self) -> dict[str, object]:
        """Alarms, timers and cities as sorted tuples (order and ids are the app's business)."""
        return {
            "alarms": sorted((a.hour, a.minute, a.enabled) for a in self.alarms),
            "timers": sorted((t.seconds, t.state) for t in self.timers),
            "stopwatch": None if self.stopwatch is None else (self.stopwatch.state, self.stopwatch.nonzero),
            "cities": sorted(same_city_key(c) for c in self.cities),
        }

    def alarms_at(self, hour: int, minute: int) -> list[Alarm]:
        return [a for a in self.alarms if a.at(hour, minute)]

    def has_city(self, city: str) -> bool:
        return any(same_city_key(c) == same_city_key(city) for c in self.cities)


def hms(seconds: int) -> str:
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def same_city_key(name: str) -> str:
    """A city as compared: case-folded, ``_`` as space (Clock You shows ``New_York``), and only the
    locality of an IANA id (``Europe/Madrid`` is Madrid)."""
    return name.rsplit("/", 1)[-1].replace("_", " ").strip().casefold()
