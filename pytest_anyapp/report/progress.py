"""The run's progress line: done/total, passed/failed/invalid, success so far, pace and ETA (pure).

With real models an episode takes minutes; a run of 1,452 needs to say when it will end. The
controller counts every episode report (also those xdist workers send) and shows the line live
on a terminal, or once every ``every`` episodes in a plain log.
"""

from __future__ import annotations

from dataclasses import dataclass


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"


@dataclass
class Progress:
    total: int
    started_at: float
    passed: int = 0
    failed: int = 0
    invalid: int = 0

    @property
    def done(self) -> int:
        return self.passed + self.failed + self.invalid

    def add(self, outcome: str) -> None:
        """``passed``, ``failed`` or ``invalid``."""
        setattr(self, outcome, getattr(self, outcome) + 1)

    def line(self, now: float) -> str:
        measured = self.passed + self.failed
        rate = f"{self.passed / measured:.0%}" if measured else "-"
        minutes = max(now - self.started_at, 1e-9) / 60
        pace = self.done / minutes
        left = max(self.total - self.done, 0)
        eta = _duration(left / pace * 60) if self.done and pace > 0 else "-"
        return (f"anyapp: {self.done}/{self.total} done · {self.passed} passed, {self.failed} failed, "
                f"{self.invalid} invalid · success {rate} · {pace:.1f} episodes/min · ETA {eta}")

    def due(self, every: int) -> bool:
        """A plain log gets a line every ``every`` episodes, and at the end."""
        return self.done % every == 0 or self.done == self.total


def log_every(total: int) -> int:
    """A plain log's interval: a line every ten episodes, more often in a run shorter than 200."""
    return max(1, min(10, total // 20))
