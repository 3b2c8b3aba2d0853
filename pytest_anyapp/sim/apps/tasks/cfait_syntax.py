"""Cfait 1.1.5's smart syntax, the subset the double knows (``src/model/parser.rs``
``apply_smart_input`` and ``src/model/display.rs`` ``to_smart_string`` at v1.1.5): the app has no
other way to set a due date, a time, a priority or a recurrence."""

from __future__ import annotations

import datetime as dt
import re

from pytest_anyapp.sim.apps.tasks.store import CfaitJson, Task

#: The lexicon's recurrence units (``ParserLexicon::build``: "d,day,days,daily", "w,week,weeks,weekly",
#: "mo,month,months,monthly") after the due prefix ``@`` or ``rec:``.
UNITS = {**dict.fromkeys(("d", "day", "days", "daily"), "daily"),
         **dict.fromkeys(("w", "week", "weeks", "weekly"), "weekly"),
         **dict.fromkeys(("mo", "month", "months", "monthly"), "monthly")}
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def parse_smart(text: str, today: str) -> Task:
    """The subset of ``apply_smart_input`` the double knows: ``!N``, ``@``/``due:`` + ISO date (+ a
    ``HH:MM`` token), ``@today``/``@tomorrow``, ``@``/``rec:`` + unit; every other word is summary.
    A recurrence without a date is due on its first occurrence (today for these frequencies)."""
    words, summary = text.split(), []
    due_date = due_time = recurrence = None
    level, i = "none", 0
    while i < len(words):
        word, low = words[i], words[i].lower()
        value = low[1:] if low.startswith("@") and not low.startswith("@@") else low[4:] if low.startswith("due:") \
            else None
        if word.startswith("!") and word[1:].isdigit():
            p = min(int(word[1:]), 9)
            level = "none" if p == 0 else "high" if p < 5 else "medium" if p == 5 else "low"
        elif (value is not None or low.startswith("rec:")) and UNITS.get(value or low[4:]):
            recurrence = UNITS[value or low[4:]]
        elif value is not None and (_DATE.match(value) or value in ("today", "tomorrow")):
            days = 0 if _DATE.match(value) else ("today", "tomorrow").index(value)
            due_date = value if _DATE.match(value) else (dt.date.fromisoformat(today) + dt.timedelta(days)).isoformat()
            if i + 1 < len(words) and (m := _TIME.match(words[i + 1])):
                due_time, i = f"{int(m.group(1)):02d}:{m.group(2)}", i + 1
        else:
            summary.append(word)
        i += 1
    if recurrence and not due_date:
        due_date = today
    return Task("", " ".join(summary), due_date, due_time, level, recurrence)


def smart_string(t: Task) -> str:
    """``to_smart_string``: the summary, then ``!N``, the recurrence and the due date (and time)."""
    parts = [t.title]
    if t.priority != "none":
        parts.append(f"!{CfaitJson.PRIORITY[t.priority]}")
    if t.recurrence:
        parts.append(f"@{t.recurrence}")
    if t.due_date:
        parts.append(f"@{t.due_date}" + (f" {t.due_time}" if t.due_time else ""))
    return " ".join(parts)
