"""The To-Do state model: the task store as a verifier sees it, app-neutral, and the matching rules.

Every to-do app keeps a list of tasks; the criteria look at five attributes of a task, whatever the
app calls them: the title, the due date (device-local calendar day; the device runs in UTC), an
optional due time of day, a priority on a four-step scale (none < low < medium < high), a
recurrence (daily / weekly / monthly) and whether it is completed. Each adapter maps its app's
encoding onto these (docs/tasks.md, "Storage profiles"); what an app cannot hold is not seeded into
it (``AppAdapter.readable_part``).

Written independently of the simulator's own encoders on purpose (see docs/adding-a-category.md).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from pydantic import BaseModel, Field

from pytest_anyapp.templates.base import CategoryState

Priority = Literal["none", "low", "medium", "high"]
Recurrence = Literal["daily", "weekly", "monthly"]
PRIORITIES: tuple[Priority, ...] = ("none", "low", "medium", "high")
RECURRENCES: tuple[Recurrence, ...] = ("daily", "weekly", "monthly")


class TodoItem(BaseModel):
    """One task, reduced to what a criterion may use."""

    title: str
    due_date: str | None = Field(default=None, description="YYYY-MM-DD (device-local day), or None.")
    due_time: str | None = Field(default=None, description="HH:MM (device-local, 24 h), or None (date only).")
    priority: Priority = "none"
    recurrence: Recurrence | None = None
    completed: bool = False

    def describe(self) -> str:
        due = f" due {self.due_date}" + (f" {self.due_time}" if self.due_time else "") if self.due_date else ""
        rec = f" repeats {self.recurrence}" if self.recurrence else ""
        done = " [done]" if self.completed else ""
        return f"{self.title!r}{due} priority {self.priority}{rec}{done}"

    def key(self) -> tuple[str, str, str, str, str, bool]:
        return (normalize_title(self.title), self.due_date or "", self.due_time or "", self.priority,
                self.recurrence or "", self.completed)


class TodoState(CategoryState):
    """The task store of one app, app-neutral."""

    tasks: list[TodoItem] = Field(default_factory=list)

    def read_back(self) -> list[tuple[str, str, str, str, str, bool]]:
        """Tasks as sorted tuples (title normalised as :func:`same_title` sees it); store order,
        ids and timestamps other than the due date/time are not compared."""
        return sorted(t.key() for t in self.tasks)

    def titled(self, title: str) -> list[TodoItem]:
        return [t for t in self.tasks if same_title(t.title, title)]


# -- matching rules --------------------------------------------------------------------------------

_WS = re.compile(r"\s+")


def normalize_title(title: str) -> str:
    """NFKC, whitespace runs to one space, trimmed, case-folded: what a keyboard or an app's
    auto-capitalisation may change (TaskMate upper-cases the first letter) without changing the task."""
    return _WS.sub(" ", unicodedata.normalize("NFKC", title)).strip().casefold()


def same_title(a: str, b: str) -> bool:
    return normalize_title(a) == normalize_title(b)
