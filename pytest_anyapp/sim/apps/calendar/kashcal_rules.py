"""KashCal 22.5.15's texts and rules behind its event sheets, pure: the RRULE a repeat chip builds
(``domain/rrule/RruleBuilder.kt``), how a rule reads (``formatForDisplay``), and how reminders read
(``ui/shared/FormConstants.kt`` ``formatReminderShort``, ``util/text/UrlUtils.kt`` ``formatDuration``), and the
emoji a title is shown with (``domain/EmojiMatcher.kt``)."""

from __future__ import annotations

import datetime as dt
import re

#: ui/shared/FormConstants.kt TIMED_REMINDER_OPTIONS: the Alerts card's choices for a timed event.
REMINDER_OPTIONS: tuple[tuple[int, str], ...] = (
    (-1, "No reminder"), (15, "15 minutes before"), (30, "30 minutes before"), (60, "1 hour before"),
    (240, "4 hours before"), (1440, "1 day before"), (10080, "1 week before"))
#: domain/rrule/RruleModels.kt FrequencyOption, in the picker's two chip rows (RecurrencePicker.kt).
FREQUENCIES: tuple[tuple[str, ...], ...] = (("Never", "Daily", "Weekly", "Biweekly"), ("Monthly", "Quarterly", "Yearly"))
#: RruleBuilder's DAY_ORDER (BYDAY is written Monday first) and DAY_DISPLAY.
RRULE_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
DAY_DISPLAY = dict(zip(RRULE_DAYS, ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"), strict=True))


def rrule(chip: str, day: str, weekdays: frozenset[int] | None = None) -> str | None:
    """The rule RecurrencePickerCard.buildRrule writes for a chip: weekly on the selected weekdays (0 = Monday; by
    default the start's), monthly on the start's day of the month (MonthlyPattern.SameDay), no end."""
    d = dt.date.fromisoformat(day)
    days = sorted(weekdays or {d.weekday()})
    byday, bymonthday = "BYDAY=" + ",".join(RRULE_DAYS[i] for i in days), f"BYMONTHDAY={d.day}"
    return {"Never": None, "Daily": "FREQ=DAILY", "Weekly": f"FREQ=WEEKLY;{byday}",
            "Biweekly": f"FREQ=WEEKLY;INTERVAL=2;{byday}", "Monthly": f"FREQ=MONTHLY;{bymonthday}",
            "Quarterly": f"FREQ=MONTHLY;INTERVAL=3;{bymonthday}", "Yearly": "FREQ=YEARLY"}[chip]


def chip_of(rule: str | None) -> str:
    """The chip a stored rule selects (RecurrencePickerCard's parse of the rule)."""
    rule = rule or ""
    interval = int(m.group(1)) if (m := re.search(r"INTERVAL=(\d+)", rule)) else 1
    for freq, chip in (("DAILY", "Daily"), ("WEEKLY", "Biweekly" if interval == 2 else "Weekly"),
                       ("MONTHLY", "Quarterly" if interval == 3 else "Monthly"), ("YEARLY", "Yearly")):
        if f"FREQ={freq}" in rule:
            return chip
    return "Never"


def weekdays_of(rule: str | None, day: str) -> frozenset[int]:
    """The weekday circles a rule selects (its BYDAY, else the start's weekday)."""
    m = re.search(r"BYDAY=([A-Z,]+)", rule or "")
    days = {RRULE_DAYS.index(x) for x in m.group(1).split(",") if x in RRULE_DAYS} if m else set()
    return frozenset(days or {dt.date.fromisoformat(day).weekday()})


def format_for_display(rule: str | None) -> str:
    """RruleBuilder.formatForDisplay: "Does not repeat", "Daily", "Weekly on Tue, Thu", "Every 2 days",
    "Monthly on day 17", "Quarterly on last day", "Yearly", then ", 10 times" or ", until MM/dd/yyyy"."""
    if not rule or not rule.strip():
        return "Does not repeat"
    interval = int(m.group(1)) if (m := re.search(r"INTERVAL=(\d+)", rule)) else 1
    if "FREQ=DAILY" in rule:
        text = f"Every {interval} days" if interval > 1 else "Daily"
    elif "FREQ=WEEKLY" in rule:
        text = "Biweekly" if interval == 2 else f"Every {interval} weeks" if interval > 1 else "Weekly"
        if m := re.search(r"BYDAY=([A-Z,]+)", rule):
            text += " on " + ", ".join(DAY_DISPLAY[x] for x in m.group(1).split(",") if x in DAY_DISPLAY)
    elif "FREQ=MONTHLY" in rule:
        text = "Quarterly" if interval == 3 else f"Every {interval} months" if interval > 1 else "Monthly"
        if m := re.search(r"BYDAY=(-?\d*)([A-Z]{2})", rule):
            ordinal = {"1": "1st", "2": "2nd", "3": "3rd", "4": "4th", "-1": "last"}.get(m.group(1), f"{m.group(1)}th")
            text += f" on {ordinal} {DAY_DISPLAY.get(m.group(2), m.group(2))}"
        elif m := re.search(r"BYMONTHDAY=(-?\d+)", rule):
            text += " on last day" if m.group(1) == "-1" else f" on day {m.group(1)}"
    elif "FREQ=YEARLY" in rule:
        text = f"Every {interval} years" if interval > 1 else "Yearly"
    else:
        text = "Repeats"
    if m := re.search(r"COUNT=(\d+)", rule):
        text += f", {m.group(1)} times"
    elif m := re.search(r"UNTIL=(\d{4})(\d{2})(\d{2})", rule):
        text += f", until {m.group(2)}/{m.group(3)}/{m.group(1)}"
    return text


def reminder_short(minutes: int) -> str:
    """formatReminderShort: "Off", "At event", "9AM", then "15m", "1h", "1d", "1w"."""
    if minutes < 0:
        return "Off"
    if minutes in (0, 540):
        return "At event" if minutes == 0 else "9AM"
    for unit, size in (("w", 10080), ("d", 1440), ("h", 60)):
        if minutes >= size and minutes % size == 0:
            return f"{minutes // size}{unit}"
    return f"{minutes}m"


def reminder_before(minutes: int) -> str:
    """formatDuration of the stored offset (minutesToIsoDuration: days, else hours, else minutes): "15 min before",
    "1 hour before", "4 hours before", "1 day before", "7 days before", "At event time"."""
    if minutes == 0:
        return "At event time"
    if minutes % 1440 == 0:
        n, unit = minutes // 1440, "day"
    elif minutes % 60 == 0:
        n, unit = minutes // 60, "hour"
    else:
        return f"{minutes} min before"
    return f"{n} {unit}{'s' if n > 1 else ''} before"


#: domain/EmojiMatcher.kt (v22.5.15): the rules, highest priority first, whose keywords a title may hold as a
#: whole word; the first hit's emoji is put before the title (showEventEmojis, default true).
EMOJI_RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("🎂", ("birthday", "bday", "b-day")), ("🎉", ("party", "celebration", "celebrate")), ("💑", ("anniversary",)),
    ("💒", ("wedding",)), ("🎓", ("graduation", "commencement")), ("🎄", ("christmas", "xmas")),
    ("🎃", ("halloween",)), ("🦃", ("thanksgiving",)), ("🐰", ("easter",)), ("💝", ("valentine", "valentines")),
    ("🎆", ("new year", "new years", "nye")), ("🕎", ("hanukkah", "chanukah")), ("🪔", ("diwali",)),
    ("☕", ("coffee", "cafe", "starbucks")), ("🍵", ("tea time",)), ("🍳", ("breakfast", "brunch")),
    ("🍽️", ("lunch", "dinner", "restaurant", "reservation")),
    ("🍺", ("drinks", "happy hour", "bar", "pub", "brewery")), ("🍷", ("wine", "winery", "wine tasting")),
    ("🍕", ("pizza",)), ("🍖", ("bbq", "barbecue", "cookout", "grill")), ("✈️", ("flight", "airport", "flying")),
    ("🚂", ("train", "amtrak")), ("🏨", ("hotel", "check-in", "checkout", "airbnb")), ("🏖️", ("beach", "vacation")),
    ("🚢", ("cruise", "ferry")), ("⛺", ("camping", "campsite")), ("🏋️", ("gym", "workout", "exercise", "crossfit")),
    ("🏃", ("run", "running", "jog", "marathon", "5k", "10k")), ("🧘", ("yoga", "meditation", "pilates")),
    ("🏊", ("swim", "swimming", "pool")), ("🎾", ("tennis",)), ("⛳", ("golf", "tee time")), ("⚽", ("soccer",)),
    ("🏀", ("basketball",)), ("🥾", ("hike", "hiking", "trail")), ("⛷️", ("ski", "skiing", "snowboard")),
    ("🚴", ("cycling", "bike ride")), ("🎳", ("bowling",)), ("👨‍⚕️", ("doctor", "dentist", "checkup", "physical")),
    ("👁️", ("eye doctor", "optometrist", "eye exam")), ("💆", ("spa", "massage")),
    ("🧠", ("therapy", "therapist", "counseling")), ("💊", ("pharmacy", "prescription")), ("🐕", ("vet", "veterinarian")),
    ("💻", ("zoom", "teams", "webinar", "video call", "google meet")), ("📊", ("presentation", "demo", "pitch")),
    ("🤝", ("interview", "1:1", "one on one")), ("🏦", ("bank", "mortgage")), ("💰", ("tax", "accountant", "taxes")),
    ("💇", ("haircut", "salon", "barber")), ("📦", ("delivery", "moving", "pickup")),
    ("🔧", ("plumber", "repair", "handyman")), ("🏠", ("open house", "house hunting", "realtor")),
    ("🎬", ("movie", "cinema", "film")), ("🎵", ("concert", "live music")),
    ("🎭", ("theater", "theatre", "broadway", "recital")), ("🏛️", ("museum", "exhibit", "gallery")),
    ("🦁", ("zoo", "aquarium")), ("🎢", ("amusement park", "theme park", "disneyland", "disney")),
    ("📖", ("book club",)), ("📚", ("study", "class", "lecture", "exam", "test")), ("🏫", ("school", "pta")),
    ("👶", ("daycare", "babysitter", "nanny")), ("💕", ("date night",)), ("👥", ("reunion", "get together")),
    # priority 3 (sortedByDescending keeps the list's order within a priority)
    ("🚗", ("road trip",)), ("📞", ("call", "phone call")), ("🛒", ("shopping", "groceries")),
    ("👨‍👩‍👧", ("parent teacher", "family dinner")), ("⛪", ("church", "mass")),
    ("🙏", ("prayer", "temple", "mosque", "synagogue")),
)


def with_emoji(title: str) -> str:
    """EmojiMatcher.formatWithEmoji: "<emoji> <title>" for the first rule with a keyword as a whole word."""
    for emoji, words in EMOJI_RULES:
        if any(re.search(rf"\b{re.escape(w)}\b", title, re.IGNORECASE) for w in words):
            return f"{emoji} {title}"
    return title
