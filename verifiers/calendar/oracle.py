"""Gold UI solutions for the 10 Calendar templates in each app.

Each app is described once by a :class:`CalUi` (where "new event" is, whether an event opens in its
editor or on a details page, where Delete lives and how it is confirmed, the labels of the repeat
and reminder choices, how a row shows its day and time); the template scripts are written once
against that. Scripts find events by reading the list's rows (title and the line under it) off
the screen; retrieval scripts answer from what they read, never from the parameters.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Generator
from dataclasses import dataclass

from pytest_anyapp.agents.oracle import Answer, By, Count, Intent, LongPress, Read, ScrollTo, Tap, TypeInto, TypeText
from pytest_anyapp.constants import FROZEN_DEVICE_TIME_MS
from verifiers.bundle import Script, gold_from_body
from verifiers.date_pickers import pick_date
from verifiers.time_pickers import STEPS as TIME_STEPS
from verifiers.time_pickers import kashcal_time

Steps = Generator[Intent, str, None]
MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                      "Dec"), start=1)}


@dataclass(frozen=True)
class Shown:
    """One list row as read off the screen."""

    title: str
    date: str
    start: str
    #: The row's title as the screen shows it (KashCal puts an emoji before some titles).
    shown: str = ""


@dataclass(frozen=True)
class CalUi:
    app_id: str
    new_event: By
    save: By
    row_title_res: str
    row_detail_res: str
    repeats: tuple[str, str]  # daily, weekly
    reminders: dict[int, str]
    confirm: str
    delete: tuple[Intent, ...]
    #: Taps from an opened event to its editor (details page apps: the edit action).
    to_editor: tuple[Intent, ...] = ()
    #: The editor's date picker (a key of :data:`verifiers.date_pickers.PICKERS`).
    date_picker: str = "platform"
    #: The editor's time picker: "material" (MaterialTimePicker, clock mode), "compose" (Compose M3
    #: TimePicker) or "text"; 12-hour or not.
    time_picker: str = "text"
    twelve: bool = False
    #: Simple-Commons' "Disclaimer" (ReminderWarningDialog): met once per fresh install at the first
    #: reminder click or save of an event with a reminder; OK goes on.
    disclaimer: bool = False
    #: The Simple Calendar lineage's list: rows under month ("October") and day ("17 Tuesday") headers, a row's
    #: time without its day (EventListAdapter); the rows are read with the headers above them, in screen order.
    sections: bool = False
    #: KashCal's first screen: a month grid whose tapped day lists that day's events under it (HomeScreen.kt);
    #: rows are read day by day, a day reached with "Previous"/"Next" and a tap on its number.
    month_home: bool = False
    #: The editor's fields where the app has no resource ids (a Compose app without testTag): name → selector.
    fields: tuple[tuple[str, By], ...] = ()
    #: The editor is taller than the screen (KashCal's form sheet): a field below is scrolled to before it is used.
    form_scrolls: bool = False
    #: Taps between the reminder field and its choices (KashCal's Alerts card: its "First Alert" row).
    reminder_slot: tuple[Intent, ...] = ()

    def field(self, name: str) -> By:
        return dict(self.fields).get(name, By(res=name))
    #: Calendar (vayunmathur)'s Agenda (AgendaView, CalendarScreen.kt v2.6.7): a day per item from today, earlier
    #: days above, each a "Tue, Oct 17, 2023" header over its events (title, "09:00 - 10:00"); no resource ids.
    #: The rows are read page by page with the header above them, over the device's month.
    agenda: bool = False


def _menu(label: str) -> tuple[Intent, ...]:
    return (Tap(By(desc="More options")), Tap(By(text=label)))


FOSSIFY = CalUi(
    app_id="calendar_fossify_calendar", new_event=By(desc="New event"), save=By(desc="Save"),
    row_title_res="event_item_title", row_detail_res="event_item_time", repeats=("Daily", "Weekly"),
    reminders={15: "15 minutes before", 30: "30 minutes before", 60: "1 hour before"}, confirm="Yes",
    delete=(Tap(By(desc="Delete")),), time_picker="material", disclaimer=True, sections=True,
)
SCP = CalUi(
    app_id="calendar_simple_calendar_pro", new_event=By(desc="New Event"), save=By(desc="Save"),
    row_title_res="event_item_title", row_detail_res="event_item_time", repeats=("Daily", "Weekly"),
    reminders={15: "15 minutes before", 30: "30 minutes before", 60: "1 hour before"}, confirm="OK",
    delete=(Tap(By(desc="Delete")),), time_picker="material", disclaimer=True, sections=True,
)
ETAR = CalUi(
    app_id="calendar_etar", new_event=By(desc="New event"), save=By(text="Save"), row_title_res="title",
    row_detail_res="when", repeats=("Repeats daily", "Repeats weekly"),
    reminders={15: "15 minutes", 30: "30 minutes", 60: "1 hour"}, confirm="OK",
    delete=(Tap(By(desc="Delete event")),), to_editor=(Tap(By(desc="Edit event")),), date_picker="material",
    time_picker="material", twelve=True,
)
VAYUN = CalUi(
    app_id="calendar_calendar", new_event=By(desc="Add event"), save=By(text="Save event"), row_title_res="event_name",
    row_detail_res="event_time", repeats=("Every day", "Every week"),
    reminders={15: "15 min before", 30: "30 min before", 60: "60 min before"}, confirm="Confirm",
    delete=_menu("Remove"), to_editor=(Tap(By(desc="Edit")),), date_picker="m3", time_picker="compose", agenda=True,
)
KASHCAL = CalUi(
    app_id="calendar_kashcal", new_event=By(desc="Create event"), save=By(text="Save"),
    row_title_res="occurrence_title", row_detail_res="occurrence_time", repeats=("Daily", "Weekly"),
    reminders={15: "15 minutes before", 30: "30 minutes before", 60: "1 hour before"}, confirm="Confirm",
    delete=(Tap(By(text="Delete")),), to_editor=(Tap(By(text="Edit")),), date_picker="kashcal",
    time_picker="kashcal", month_home=True, form_scrolls=True, reminder_slot=(Tap(By(text="First Alert")),),
    # EventFormSheet.kt: the text fields in order are the title, the Starts and Ends cards (read-only), "Location" and
    # "Notes" (an empty field reads as its label); the Repeat and Alerts cards expand when their header is tapped
    fields=(("event_title", By(class_contains="EditText", nth=0)),
            ("event_description", By(text="Notes", class_contains="EditText")),
            ("event_repeat", By(text="Repeat")), ("event_reminder", By(text="Alerts"))),
)
APPS: tuple[CalUi, ...] = (FOSSIFY, SCP, ETAR, VAYUN, KASHCAL)


# -- reading the list -------------------------------------------------------------------------------------

def parse_date(text: str) -> str:
    """``2023-10-17``, ``17.10.2023``, ``Oct 17`` or ``Tue, Oct 17`` (year 2023: every seeded day is)."""
    text = text.strip()
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    try:
        return dt.datetime.strptime(text, "%d.%m.%Y").date().isoformat()
    except ValueError:
        pass
    words = text.replace(",", " ").split()
    for i, w in enumerate(words[:-1]):
        if w in MONTHS and words[i + 1].isdigit():
            return dt.date(2023, MONTHS[w], int(words[i + 1])).isoformat()
    raise ValueError(f"unreadable date {text!r}")


def parse_time(text: str) -> str:
    """``09:00`` or ``9:00 AM`` to ``HH:MM``."""
    text = text.strip()
    for fmt in ("%H:%M", "%I:%M %p"):
        try:
            return dt.datetime.strptime(text, fmt).strftime("%H:%M")
        except ValueError:
            pass
    raise ValueError(f"unreadable time {text!r}")


DAY_HEADER = re.compile(r"(\d{1,2}) (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)")
MONTH_HEADER = re.compile(r"(January|February|March|April|May|June|July|August|September|October|November|December)"
                          r"(?: (\d{4}))?")
ROW_TIME = re.compile(r"(\d{1,2}:\d{2}(?: [AP]M)?)(?: - .*)?")


def read_sectioned(count: int) -> Generator[Intent, str, list[Shown]]:
    """Every text on the screen in order: a month header sets the month (the device's year unless it names
    one), a day header the day, and a text followed by a row time is an event's title."""
    texts = []
    for i in range(int((yield Count(By(class_contains="TextView"))))):
        texts.append((yield Read(By(class_contains="TextView", nth=i))).strip())
    year = dt.datetime.fromtimestamp(FROZEN_DEVICE_TIME_MS / 1000, tz=dt.UTC).year
    month = day = 0
    out = []
    for i, text in enumerate(texts):
        if (m := MONTH_HEADER.fullmatch(text)) is not None:
            month, year = MONTHS[m.group(1)[:3]], int(m.group(2) or year)
        elif (m := DAY_HEADER.fullmatch(text)) is not None:
            day = int(m.group(1))
        elif i and month and day and (m := ROW_TIME.fullmatch(text)) is not None:
            out.append(Shown(texts[i - 1], dt.date(year, month, day).isoformat(), parse_time(m.group(1))))
    if len(out) != count:
        raise ValueError(f"read {len(out)} rows, expected {count}: {texts}")
    return out


def date_weekday(day: dt.date) -> str:
    """DateString.dateWeekday (Modern-Apps library/ui, v2.6.7), en-US: "Tue, Oct 17, 2023"."""
    return f"{WEEKDAY_ABBR[day.weekday()]}, {list(MONTHS)[day.month - 1]} {day.day}, {day.year}"


WEEKDAY_ABBR = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
AGENDA_HEADER = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([A-Z][a-z]{2}) (\d{1,2}), (\d{4})")
AGENDA_TIME = re.compile(r"(\d{1,2}:\d{2}(?: [AP]M)?) - \d{1,2}:\d{2}(?: [AP]M)?")


def screen_texts() -> Generator[Intent, str, list[str]]:
    texts = []
    for i in range(int((yield Count(By(class_contains="TextView"))))):
        texts.append((yield Read(By(class_contains="TextView", nth=i))).strip())
    return texts


MONTH_TITLE = re.compile(r"(January|February|March|April|May|June|July|August|September|October|November|December)"
                         r" (\d{4})")
CARD_TIME = re.compile(r"(\d{1,2}:\d{2}(?: [AP]M)?) - \d{1,2}:\d{2}(?: [AP]M)?")


def read_day(iso: str) -> Generator[Intent, str, list[Shown]]:
    """KashCal's month view: "Previous"/"Next" to ``iso``'s month (MonthNavHeader's "MMMM yyyy"), a tap on the
    day's number (CalendarGrid), then the day's EventCards: a title (perhaps after an emoji) over "HH:mm - HH:mm"."""
    day = dt.date.fromisoformat(iso)
    while True:
        texts = yield from screen_texts()
        m = next(m for t in texts if (m := MONTH_TITLE.fullmatch(t)) is not None)
        shown = int(m.group(2)) * 12 + MONTHS[m.group(1)[:3]] - 1
        if shown == day.year * 12 + day.month - 1:
            break
        yield Tap(By(desc="Next" if shown < day.year * 12 + day.month - 1 else "Previous"))
    yield Tap(By(text=str(day.day)))
    texts = yield from screen_texts()
    return [Shown(re.sub(r"^[^\w]+ ", "", texts[i - 1]), iso, parse_time(m.group(1)), shown=texts[i - 1])
            for i, t in enumerate(texts) if i and (m := CARD_TIME.fullmatch(t)) is not None]


def read_days(first: str, last: str) -> Generator[Intent, str, list[Shown]]:
    out: list[Shown] = []
    day, end = dt.date.fromisoformat(first), dt.date.fromisoformat(last)
    while day <= end:
        out += yield from read_day(day.isoformat())
        day += dt.timedelta(days=1)
    return out


def agenda_days(texts: list[str]) -> dict[str, list[Shown]]:
    """The days whose next header is on the screen too (so the whole day is), each with its rows: a text followed
    by a time range is an event's title, its day the header above it."""
    heads = [(i, dt.date(int(m.group(3)), MONTHS[m.group(1)], int(m.group(2))).isoformat())
             for i, t in enumerate(texts) if (m := AGENDA_HEADER.fullmatch(t)) is not None]
    days: dict[str, list[Shown]] = {}
    for (i, day), (j, _) in zip(heads, heads[1:], strict=False):
        days[day] = [Shown(texts[k - 1], day, parse_time(m.group(1))) for k in range(i + 2, j)
                     if (m := AGENDA_TIME.fullmatch(texts[k])) is not None]
    return days


def device_month() -> tuple[dt.date, dt.date]:
    today = dt.datetime.fromtimestamp(FROZEN_DEVICE_TIME_MS / 1000, tz=dt.UTC).date()
    first = today.replace(day=1)
    return first, (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)


def read_agenda(count: int) -> Generator[Intent, str, list[Shown]]:
    """Up to the month's first day, then down a page at a time until the day after its last is on the screen."""
    first, last = device_month()
    yield ScrollTo(By(text=date_weekday(first)), "up", max_swipes=40)
    days: dict[str, list[Shown]] = {}
    while True:
        seen = agenda_days((yield from screen_texts()))
        days.update({d: rows for d, rows in seen.items() if d not in days})
        latest = max(dt.date.fromisoformat(d) for d in seen)
        if latest >= last:
            break
        yield ScrollTo(By(text=date_weekday(latest + dt.timedelta(days=2))), "down", max_swipes=4)
    out = [r for d in sorted(days) if first.isoformat() <= d <= last.isoformat() for r in days[d]]
    if len(out) != count:
        raise ValueError(f"read {len(out)} agenda rows, expected {count}: {out}")
    return out


def tap_agenda_row(row: Shown) -> Steps:
    """Scroll up to the row's day header, then tap the first text after it that is the row's title."""
    yield ScrollTo(By(text=date_weekday(dt.date.fromisoformat(row.date))), "up", max_swipes=40)
    texts = yield from screen_texts()
    head = texts.index(date_weekday(dt.date.fromisoformat(row.date)))
    at = next(k for k in range(head + 1, len(texts) - 1) if texts[k] == row.title
              and (m := AGENDA_TIME.fullmatch(texts[k + 1])) is not None and parse_time(m.group(1)) == row.start)
    yield Tap(By(text=row.title, class_contains="TextView", nth=texts[:at].count(row.title)))


def read_rows(ui: CalUi, count: int, days: tuple[str, str] | None = None) -> Generator[Intent, str, list[Shown]]:
    """Every row (a list), or the rows of ``days`` (first, last) read day by day (a month view)."""
    if ui.agenda:
        return (yield from read_agenda(count))
    if ui.month_home:
        assert days is not None, "a month view is read day by day"
        return (yield from read_days(*days))
    if ui.sections:
        return (yield from read_sectioned(count))
    out = []
    for i in range(count):
        title = yield Read(By(res=ui.row_title_res, nth=i))
        detail = yield Read(By(res=ui.row_detail_res, nth=i))
        day, _, times = detail.rpartition(", ")
        out.append(Shown(title, parse_date(day), parse_time(times.split("–")[0])))
    return out


# -- editing ----------------------------------------------------------------------------------------------

def set_date(iso: str, picker: str) -> Steps:
    """The date button opens the app's picker: its month is stepped to ``iso``'s and the day tapped."""
    yield Tap(By(res="event_date"))
    yield from pick_date(picker, iso)


#: KashCal's editor cards (DateTimePickerCard): their labels and their read-only fields' places among the
#: editor's text fields (the title is the first; EventFormSheet.kt, v22.5.15).
CARDS = {"start": ("Starts", 1), "end": ("Ends", 2)}


def read_card(which: str) -> Generator[Intent, str, dt.datetime]:
    """A card's value, "Tue, Oct 17, 2023   09:00" (formatEventDate "EEE, MMM d, yyyy", then HH:mm)."""
    text = yield Read(By(class_contains="EditText", nth=CARDS[which][1]))
    day, _, at = text.strip().partition("   ")
    return dt.datetime.strptime(f"{day} {at.strip()}", "%a, %b %d, %Y %H:%M")


def set_card(which: str, iso: str, hhmm: str) -> Steps:
    """KashCal: the card's DateTimeSheet, its day on the grid, the wheels to ``hhmm``, "Done"."""
    shown = yield from read_card(which)
    yield Tap(By(desc=f"Select {CARDS[which][0]}"))
    yield from pick_date("kashcal", iso, confirm=False)
    yield from kashcal_time(f"{shown:%H:%M}", int(hhmm[:2]), int(hhmm[3:]))


def set_time(ui: CalUi, which: str, hhmm: str) -> Steps:
    yield Tap(By(res=f"event_{which}_time"))
    if ui.time_picker != "text":
        yield from TIME_STEPS[ui.time_picker](int(hhmm[:2]), int(hhmm[3:]), twelve=ui.twelve)
        return
    yield TypeInto(By(res="time_input"), hhmm)
    yield Tap(By(text="OK"))


def tap_row(ui: CalUi, rows: list[Shown], i: int) -> Steps:
    """A list's i-th row; in a month view the row's title on its day (the day read last is the one shown); in the
    Agenda the row's title under its day's header."""
    if ui.agenda:
        yield from tap_agenda_row(rows[i])
        return
    if not ui.month_home:
        yield Tap(By(res=ui.row_title_res, nth=i))
        return
    if rows[-1].date != rows[i].date:
        yield from read_day(rows[i].date)
    yield Tap(By(text=rows[i].shown, nth=sum(r.shown == rows[i].shown for r in rows[:i] if r.date == rows[i].date)))


def open_row(ui: CalUi, rows: list[Shown], i: int) -> Steps:
    yield from tap_row(ui, rows, i)
    yield from ui.to_editor


def delete_row(ui: CalUi, rows: list[Shown], i: int) -> Steps:
    yield from tap_row(ui, rows, i)
    yield from ui.delete
    yield Tap(By(text=ui.confirm))


def past_disclaimer(ui: CalUi) -> Steps:
    """OK on the reminder disclaimer when it is on the screen (only after the first reminder click or save)."""
    if ui.disclaimer and int((yield Count(By(text="Disclaimer")))) > 0:
        yield Tap(By(text="OK"))


def save(ui: CalUi) -> Steps:
    yield Tap(ui.save)
    yield from past_disclaimer(ui)


def _hour(p: dict[str, object]) -> int:
    return int(str(p["hour"]))


def _create(ui: CalUi, p: dict[str, object]) -> Steps:
    start = _hour(p) * 60
    end = start + int(str(p["duration_mins"]))
    yield Tap(ui.new_event)
    yield TypeInto(ui.field("event_title"), str(p["event_title"]))
    if ui.time_picker == "kashcal":  # Starts, then Ends (Starts keeps no length)
        yield from set_card("start", str(p["date"]), f"{start // 60:02d}:00")
        yield from set_card("end", str(p["date"]), f"{end // 60:02d}:{end % 60:02d}")
    else:
        yield from set_date(str(p["date"]), ui.date_picker)
        yield from set_time(ui, "start", f"{start // 60:02d}:00")
        yield from set_time(ui, "end", f"{end // 60:02d}:{end % 60:02d}")
    if "repeat_rule" in p:
        yield from reach(ui, ui.field("event_repeat"))
        yield Tap(ui.field("event_repeat"))
        yield from reach(ui, By(text=ui.repeats[("daily", "weekly").index(str(p["repeat_rule"]))]))
        yield Tap(By(text=ui.repeats[("daily", "weekly").index(str(p["repeat_rule"]))]))
    if "reminder_mins" in p:
        yield from reach(ui, ui.field("event_reminder"))
        yield Tap(ui.field("event_reminder"))
        yield from past_disclaimer(ui)
        yield from ui.reminder_slot
        yield from reach(ui, By(text=ui.reminders[int(str(p["reminder_mins"]))]))
        yield Tap(By(text=ui.reminders[int(str(p["reminder_mins"]))]))
    if "event_description" in p and p.get("with_description", True):
        yield from reach(ui, ui.field("event_description"))
        yield TypeInto(ui.field("event_description"), str(p["event_description"]))
    yield from save(ui)


def reach(ui: CalUi, target: By) -> Steps:
    """Scroll a tall editor until ``target`` is on the screen (nothing where the editor fits)."""
    if ui.form_scrolls:
        yield ScrollTo(target, "down", max_swipes=6)


def _create_plain(ui: CalUi, p: dict[str, object]) -> Steps:
    yield from _create(ui, {k: v for k, v in p.items() if k != "event_description"})


def agenda_day(iso: str) -> Generator[Intent, str, list[Shown]]:
    """The Agenda scrolled to one day (up or down from the first header on the screen) and that day's rows."""
    day = dt.date.fromisoformat(iso)
    texts = yield from screen_texts()
    shown = [d for t in texts if (d := _agenda_date(t)) is not None]
    yield ScrollTo(By(text=date_weekday(day + dt.timedelta(days=1))), "up" if shown and day < shown[0] else "down",
                   max_swipes=40)
    yield ScrollTo(By(text=date_weekday(day)), "up", max_swipes=4)
    return agenda_days((yield from screen_texts())).get(iso, [])


def _agenda_date(text: str) -> dt.date | None:
    m = AGENDA_HEADER.fullmatch(text)
    return None if m is None else dt.date(int(m.group(3)), MONTHS[m.group(1)], int(m.group(2)))


def _delete(ui: CalUi, p: dict[str, object]) -> Steps:
    if ui.agenda:  # to the day, then its rows one by one (the whole month would cost a page per read)
        while rows := (yield from agenda_day(str(p["date"]))):
            yield from delete_row(ui, rows, 0)
        return
    count = len(p["targets"]) + len(p["noise"])  # type: ignore[arg-type]
    while True:
        rows = yield from read_rows(ui, count, (str(p["date"]),) * 2)
        hit = next((i for i, r in enumerate(rows) if r.date == p["date"]), None)
        if hit is None:
            return
        yield from delete_row(ui, rows, hit)
        count -= 1


def _edit(ui: CalUi, p: dict[str, object]) -> Steps:
    rows = yield from read_rows(ui, 1 + len(p["noise"]), (str(p["date"]),) * 2)  # type: ignore[arg-type]
    i = next(i for i, r in enumerate(rows) if r.title == p["old_event_title"] and r.date == p["date"])
    yield from open_row(ui, rows, i)
    # Android's way to overwrite a field: long-press (selects a word, shows the toolbar), "Select all", type.
    yield LongPress(ui.field("event_title"))
    yield Tap(By(text="Select all"))
    yield TypeText(str(p["new_event_title"]))
    yield from save(ui)


def _move(ui: CalUi, p: dict[str, object]) -> Steps:
    rows = yield from read_rows(ui, 1 + len(p["noise"]), (str(p["old_date"]),) * 2)  # type: ignore[arg-type]
    i = next(i for i, r in enumerate(rows) if r.title == p["event_title"])
    yield from open_row(ui, rows, i)
    if ui.time_picker == "kashcal":  # Starts keeps no length: the length read off the cards, then Ends
        began = yield from read_card("start")
        ended = yield from read_card("end")
        end = _hour(p) * 60 + int((ended - began).total_seconds()) // 60
        yield from set_card("start", str(p["date"]), f"{_hour(p):02d}:00")
        yield from set_card("end", str(p["date"]), f"{end // 60:02d}:{end % 60:02d}")
    else:
        yield from set_date(str(p["date"]), ui.date_picker)
        yield from set_time(ui, "start", f"{_hour(p):02d}:00")
    yield from save(ui)


def _on_date(ui: CalUi, p: dict[str, object]) -> Steps:
    rows = yield from read_rows(ui, len(p["events"]), (str(p["date"]),) * 2)  # type: ignore[arg-type]
    yield Answer(", ".join(r.title for r in rows if r.date == p["date"]))


def _in_range(ui: CalUi, p: dict[str, object]) -> Steps:
    lo, hi = str(p["start_date"]), str(p["end_date"])
    rows = yield from read_rows(ui, len(p["events"]), (lo, hi))  # type: ignore[arg-type]
    yield Answer(", ".join(r.title for r in rows if lo <= r.date <= hi))


def _next(ui: CalUi, p: dict[str, object]) -> Steps:
    now = dt.datetime.fromtimestamp(FROZEN_DEVICE_TIME_MS / 1000, tz=dt.UTC).strftime("%Y-%m-%d %H:%M")
    if ui.month_home:  # today, then day after day until an event starts after now
        day, rows = dt.date.fromisoformat(now[:10]), []
        for _ in range(31):
            rows = yield from read_day(day.isoformat())
            if any(f"{r.date} {r.start}" > now for r in rows):
                break
            day += dt.timedelta(days=1)
    else:
        rows = yield from read_rows(ui, len(p["events"]))  # type: ignore[arg-type]
    upcoming = sorted((f"{r.date} {r.start}", r.title) for r in rows if f"{r.date} {r.start}" > now)
    yield Answer(upcoming[0][1])


BODIES: dict[str, Callable[[CalUi, dict[str, object]], Steps]] = {
    "SimpleCalendarAddOneEvent": _create,
    "SimpleCalendarAddTimedEvent": _create_plain,
    "SimpleCalendarAddRepeatingEvent": _create,
    "SimpleCalendarAddReminder": _create_plain,
    "SimpleCalendarDeleteEvents": _delete,
    "SimpleCalendarEditEvent": _edit,
    "SimpleCalendarMoveEvent": _move,
    "SimpleCalendarEventsOnDate": _on_date,
    "SimpleCalendarEventsInRange": _in_range,
    "SimpleCalendarNextEvent": _next,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description."""
    return gold_from_body(BODIES.get(semantic_id), next((u for u in APPS if u.app_id == app_id), None))
