"""Gold steps for a date picker, using only what the real picker offers: read the month it shows,
step to the target month with its previous/next buttons, tap the day, confirm.

One :class:`PickerUi` per picker widget the apps open, written from the widgets' public sources
(material-components ``MaterialDatePicker``; AOSP android-13 ``DatePickerCalendarDelegate``,
``DayPickerView``, ``SimpleMonthView``; androidx.compose.material3 ``DatePicker``; Tasks.org 15.9's
sheet around it; Flutter ``showDatePicker`` in en_GB; KashCal 22.5.15's
``InlineDatePickerContent``); the category docs name which app opens which ("Pickers and IME
actions").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Generator
from dataclasses import dataclass

from pytest_anyapp.agents.oracle import By, Intent, Read, Tap

Steps = Generator[Intent, str, None]
ABBR = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                    "Dec"), start=1)}


@dataclass(frozen=True)
class PickerUi:
    #: The node naming the shown month ("October 2023"); None: the month is drawn, not a node
    #: (the platform picker: its header's year and "Sun, Oct 15" name the month it opened on).
    month: By | None
    prev: By
    next: By
    day: Callable[[dt.date], By]
    ok: By


def _m3_day(d: dt.date) -> By:  # "Tuesday, October 24, 2023" (today: "Today, …")
    return By(text_contains=f", {d:%B} {d.day}, {d.year}")


PLATFORM = PickerUi(month=None, prev=By(desc="Previous month"), next=By(desc="Next month"),
                    day=lambda d: By(desc=f"{d:%d %B %Y}"), ok=By(res="android:id/button1"))
PICKERS: dict[str, PickerUi] = {
    "material": PickerUi(month=By(res="month_navigation_fragment_toggle"), prev=By(desc="Change to previous month"),
                         next=By(desc="Change to next month"),
                         day=lambda d: By(res="month_grid_day", text=str(d.day)), ok=By(res="confirm_button")),
    "platform": PLATFORM,
    "pfa_deadline": PickerUi(month=None, prev=PLATFORM.prev, next=PLATFORM.next, day=PLATFORM.day,
                             ok=By(res="bt_deadline_ok")),
    "m3": PickerUi(month=By(desc="Switch to selecting a year"), prev=By(desc="Change to previous month"),
                   next=By(desc="Change to next month"), day=_m3_day, ok=By(text="OK")),
    "tasks_org": PickerUi(month=By(desc="Switch to selecting a year"), prev=By(desc="Change to previous month"),
                          next=By(desc="Change to next month"), day=_m3_day, ok=By(text="OK")),
    "flutter": PickerUi(month=By(desc="Select year"), prev=By(desc="Previous month"), next=By(desc="Next month"),
                        day=lambda d: By(desc=f"{d.day}, {d:%A} {d.day} {d:%B %Y}"), ok=By(text="OK")),
    "kashcal": PickerUi(month=By(desc="Pick month and year"), prev=By(desc="Previous month"),
                        next=By(desc="Next month"), day=lambda d: By(text=str(d.day)), ok=By(text="Done")),
}


def pick_date(kind: str, iso: str, *, confirm: bool = True) -> Steps:
    """With the picker open: to ``iso``'s month, its day, confirm (``confirm=False``: leave the sheet open, as
    KashCal's DateTimeSheet, whose wheels come before "Done")."""
    ui, target = PICKERS[kind], dt.date.fromisoformat(iso)
    if ui.month is None:
        year = yield Read(By(res="android:id/date_picker_header_year"))
        line = yield Read(By(res="android:id/date_picker_header_date"))
        month = next(n for a, n in ABBR.items() if a in line.replace(",", " ").split())
        shown = (int(year), month)
    else:
        label = yield Read(ui.month)
        parsed = dt.datetime.strptime(label.strip(), "%B %Y")
        shown = (parsed.year, parsed.month)
    steps = (target.year - shown[0]) * 12 + target.month - shown[1]
    for _ in range(abs(steps)):
        yield Tap(ui.next if steps > 0 else ui.prev)
    yield Tap(ui.day(target))
    if confirm:
        yield Tap(ui.ok)
