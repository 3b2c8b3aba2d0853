"""What the Calendar app doubles read and write: one class per storage profile (docs/calendar.md),
each writing what the real app writes at its pinned version.

* :class:`ProviderEvents` — Etar 1.0.57 and Calendar (vayunmathur) v2.6.7: Android's CalendarProvider
  through its URIs (the sim provider computes ``lastDate`` and ``Instances`` as CalendarProvider2
  does; deletes by the app set ``deleted=1``). Recurring events: ``dtend`` NULL, ``duration`` and
  ``rrule``. Reminders are ``Reminders`` rows (method 1, alert).
* :class:`EventsDb` — Fossify Calendar 1.10.3 (Room v11) and Simple Calendar Pro 6.22.2 (Room v8):
  ``events.db`` table ``events`` in **seconds**, repeat in seconds + weekday bit, three reminder
  columns (-1 off; a new event starts with a 10-minute reminder), hard deletes.
* :class:`KashCalDb` — KashCal 22.5.15 (Room v13): ``events`` in ms with an RRULE and reminders as a
  JSON list of ISO durations, ``occurrences`` with **YYYYMMDD** days; hard deletes.

The device runs in UTC, so local = UTC. Nothing is imported from the harness.
"""

from __future__ import annotations

import calendar
import datetime as dt
import json
import time
import uuid
import xml.etree.ElementTree as ET
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp

REPEATS = ("daily", "weekly")
DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


@dataclass(frozen=True)
class Ev:
    """An event as the screens show it; ``key`` is the store's id ("" for a new one)."""

    key: str
    title: str
    date: str  # YYYY-MM-DD
    start: str  # HH:MM
    end: str  # HH:MM, same day
    description: str = ""
    repeat: str | None = None
    reminders: tuple[int, ...] = field(default_factory=tuple)
    #: The end's day when it is not ``date`` (KashCal's "Ends" card picks its own day); None: the same day.
    end_date: str | None = None
    #: Where an app keeps it (KashCal's "Location"); "" for none.
    location: str = ""

    @property
    def minutes(self) -> int:
        days = (epoch_s(self.end_date, "00:00") - epoch_s(self.date, "00:00")) // 86_400 if self.end_date else 0
        return days * 1440 + to_min(self.end) - to_min(self.start)


class EventStore(Protocol):
    def events(self) -> list[Ev]: ...
    def save(self, ev: Ev) -> None: ...  # insert when ``key`` is "", else update
    def delete(self, key: str) -> None: ...


def to_min(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def epoch_s(date: str, hhmm: str) -> int:
    y, mo, d = (int(x) for x in date.split("-"))
    return calendar.timegm((y, mo, d, 0, 0, 0, 0, 0, 0)) + to_min(hhmm) * 60


def split_s(seconds: int) -> tuple[str, str]:
    t = time.gmtime(seconds)
    return time.strftime("%Y-%m-%d", t), time.strftime("%H:%M", t)


def weekday(date: str) -> int:
    """0 = Monday."""
    return time.gmtime(epoch_s(date, "00:00")).tm_wday


def rule_freq(rule: str | None) -> str | None:
    for part in (rule or "").split(";"):
        if part.upper().startswith("FREQ="):
            return part[5:].lower()
    return None


def iso_dur_s(text: str) -> int:
    """``P3600S`` / ``PT1H30M`` / ``P1D``: seconds (the simulator's own parser)."""
    text = text.strip().lstrip("-+")
    if text.endswith("S") and "T" not in text:
        return int(text[1:-1])
    total, num, in_time = 0, "", False
    for ch in text[1:]:
        if ch == "T":
            in_time = True
        elif ch.isdigit():
            num += ch
        else:
            unit = {"W": 604800, "D": 86400, "H": 3600, "S": 1}.get(ch, 60 if in_time else 0)
            total += int(num or 0) * unit
            num = ""
    return total


# -- CalendarProvider ---------------------------------------------------------------------------------

class ProviderEvents:
    """Events of the first writable calendar (access level >= 500), through the provider's URIs."""

    URI = "content://com.android.calendar/events"

    def __init__(self, app: SimApp, duration_style: str = "seconds", weekly_rule: str = "FREQ=WEEKLY;WKST=SU;BYDAY={day}",
                 daily_rule: str = "FREQ=DAILY;WKST=SU") -> None:
        self.app, self.providers = app, app.device.providers
        self.duration_style, self.weekly_rule, self.daily_rule = duration_style, weekly_rule, daily_rule

    def calendar_id(self) -> int | None:
        with closing(self.providers.connect("calendar")) as db:
            row = db.execute("SELECT _id FROM Calendars WHERE calendar_access_level >= 500 AND deleted = 0 "
                             "ORDER BY _id LIMIT 1").fetchone()
        return None if row is None else int(row[0])

    def events(self) -> list[Ev]:
        with closing(self.providers.connect("calendar")) as db:
            rows = db.execute("SELECT _id, title, description, dtstart, dtend, duration, rrule FROM Events "
                              "WHERE deleted = 0 ORDER BY dtstart, _id").fetchall()
            rems = db.execute("SELECT event_id, minutes FROM Reminders ORDER BY minutes").fetchall()
        out = []
        for _id, title, desc, start, end, duration, rule in rows:
            begin = int(start) // 1000
            stop = int(end) // 1000 if end is not None else begin + iso_dur_s(duration or "P0S")
            date, at = split_s(begin)
            out.append(Ev(str(_id), title or "", date, at, split_s(stop)[1], desc or "", rule_freq(rule),
                          tuple(int(m) for e, m in rems if e == _id)))
        return out

    def duration(self, seconds: int) -> str:
        if self.duration_style == "seconds":
            return f"P{seconds}S"
        return f"PT{seconds // 3600}H{seconds % 3600 // 60}M" if seconds % 3600 else f"PT{seconds // 3600}H"

    def save(self, ev: Ev) -> None:
        start = epoch_s(ev.date, ev.start) * 1000
        end = epoch_s(ev.date, ev.end) * 1000
        values: dict[str, object] = {"title": ev.title, "description": ev.description, "dtstart": start,
                                     "eventTimezone": "UTC", "hasAlarm": 1 if ev.reminders else 0}
        if ev.repeat:
            rule = self.weekly_rule.format(day=DAYS[weekday(ev.date)]) if ev.repeat == "weekly" else self.daily_rule
            values.update(dtend=None, duration=self.duration((end - start) // 1000), rrule=rule)
        else:
            values.update(dtend=end, duration=None, rrule=None)
        if ev.key:
            self.providers.update(f"{self.URI}/{ev.key}", values)
            key = ev.key
        else:
            cal = self.calendar_id()
            if cal is None:
                raise LookupError("no writable calendar")
            key = self.providers.insert(self.URI, {**values, "calendar_id": cal}).rsplit("/", 1)[1]
        self.providers.delete("content://com.android.calendar/reminders", f"event_id = {int(key)}")
        for m in ev.reminders:
            self.providers.insert("content://com.android.calendar/reminders",
                                  {"event_id": int(key), "minutes": m, "method": 1})

    def delete(self, key: str) -> None:
        self.providers.delete(f"{self.URI}/{int(key)}")


# -- Room events.db (Fossify Calendar, Simple Calendar Pro) ---------------------------------------------

class EventsDb:
    NAME = "events.db"
    DAY, WEEK = 86400, 604800

    def __init__(self, app: SimApp, room_version: int) -> None:
        self.app, self.version = app, room_version
        self.extra = room_version >= 11  # access_level, status (Fossify's v11)

    def create(self) -> None:
        new = not self.app.query(self.NAME, "PRAGMA user_version")[0][0]
        self.app.executescript(self.NAME, (
            "CREATE TABLE IF NOT EXISTS `events` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `start_ts` INTEGER NOT NULL, "
            "`end_ts` INTEGER NOT NULL, `title` TEXT NOT NULL, `location` TEXT NOT NULL, `description` TEXT NOT NULL, "
            "`reminder_1_minutes` INTEGER NOT NULL, `reminder_2_minutes` INTEGER NOT NULL, "
            "`reminder_3_minutes` INTEGER NOT NULL, `reminder_1_type` INTEGER NOT NULL, "
            "`reminder_2_type` INTEGER NOT NULL, `reminder_3_type` INTEGER NOT NULL, "
            "`repeat_interval` INTEGER NOT NULL, `repeat_rule` INTEGER NOT NULL, `repeat_limit` INTEGER NOT NULL, "
            "`repetition_exceptions` TEXT NOT NULL, `attendees` TEXT NOT NULL, `import_id` TEXT NOT NULL, "
            "`time_zone` TEXT NOT NULL, `flags` INTEGER NOT NULL, `event_type` INTEGER NOT NULL, "
            "`parent_id` INTEGER NOT NULL, `last_updated` INTEGER NOT NULL, `source` TEXT NOT NULL, "
            f"`availability` INTEGER NOT NULL{', `access_level` INTEGER NOT NULL' if self.extra else ''}, "
            f"`color` INTEGER NOT NULL, `type` INTEGER NOT NULL{', `status` INTEGER NOT NULL' if self.extra else ''});"
            "CREATE TABLE IF NOT EXISTS `event_types` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `title` TEXT NOT NULL, "
            "`color` INTEGER NOT NULL, `caldav_calendar_id` INTEGER NOT NULL, `caldav_display_name` TEXT NOT NULL, "
            "`caldav_email` TEXT NOT NULL, `type` INTEGER NOT NULL);"
            "INSERT OR IGNORE INTO event_types (id, title, color, caldav_calendar_id, caldav_display_name, caldav_email, "
            "type) VALUES (1, 'Regular event', -14574644, 0, '', '', 0);"
            f"PRAGMA user_version = {self.version};"))
        if new:  # the onCreate callback's executor (insertRegularEventType): Config.addDisplayEventType("1")
            self._write_display_types(self.displayed_types() | {1})

    # Simple-Commons ``Prefs.xml``, string set ``display_event_types`` (Config.displayEventTypes)
    def _prefs_path(self) -> Path:
        return self.app.host_path("shared_prefs/Prefs.xml")

    def displayed_types(self) -> set[int]:
        path = self._prefs_path()
        if not path.exists():
            return set()
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        node = next((el for el in root if el.tag == "set" and el.get("name") == "display_event_types"), None)
        return {int(x.text or "0") for x in node} if node is not None else set()

    def _write_display_types(self, types: set[int]) -> None:
        path = self._prefs_path()
        root = ET.fromstring(path.read_text(encoding="utf-8")) if path.exists() else ET.Element("map")
        for el in [el for el in root if el.get("name") == "display_event_types"]:
            root.remove(el)
        node = ET.SubElement(root, "set", name="display_event_types")
        for t in sorted(types):
            ET.SubElement(node, "string").text = str(t)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n" + ET.tostring(root, "unicode"),
                        encoding="utf-8")

    def flag(self, name: str) -> bool:
        """A boolean of Simple-Commons' ``Prefs.xml`` (e.g. ``was_alarm_warning_shown``, BaseConfig)."""
        path = self._prefs_path()
        if not path.exists():
            return False
        root = ET.fromstring(path.read_text(encoding="utf-8"))
        return any(el.tag == "boolean" and el.get("name") == name and el.get("value") == "true" for el in root)

    def set_flag(self, name: str) -> None:
        path = self._prefs_path()
        root = ET.fromstring(path.read_text(encoding="utf-8")) if path.exists() else ET.Element("map")
        for el in [el for el in root if el.get("name") == name]:
            root.remove(el)
        ET.SubElement(root, "boolean", name=name, value="true")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n" + ET.tostring(root, "unicode"),
                        encoding="utf-8")

    def events(self) -> list[Ev]:
        """EventsHelper.getEvents with the type filter: only event types in ``display_event_types``
        (none when the set is empty)."""
        shown = self.displayed_types()
        out = []
        for r in self.app.query(self.NAME, "SELECT * FROM events WHERE type = 0 ORDER BY start_ts, id"):
            if int(r["event_type"]) not in shown:
                continue
            date, at = split_s(int(r["start_ts"]))
            every = int(r["repeat_interval"])
            repeat = {self.DAY: "daily", self.WEEK: "weekly"}.get(every, "other") if every else None
            rem = tuple(int(r[f"reminder_{i}_minutes"]) for i in (1, 2, 3) if int(r[f"reminder_{i}_minutes"]) >= 0)
            out.append(Ev(str(r["id"]), r["title"], date, at, split_s(int(r["end_ts"]))[1], r["description"], repeat,
                          rem))
        return out

    def save(self, ev: Ev) -> None:
        start, end = epoch_s(ev.date, ev.start), epoch_s(ev.date, ev.end)
        interval = {"daily": self.DAY, "weekly": self.WEEK}.get(ev.repeat or "", 0)
        rule = 1 << weekday(ev.date) if ev.repeat == "weekly" else 0
        rem = [*ev.reminders, -1, -1, -1][:3]
        vals = (start, end, ev.title, ev.description, *rem, interval, rule, self.app.now_ms())
        if ev.key:
            self.app.execute(self.NAME, "UPDATE events SET start_ts=?, end_ts=?, title=?, description=?, "
                             "reminder_1_minutes=?, reminder_2_minutes=?, reminder_3_minutes=?, repeat_interval=?, "
                             "repeat_rule=?, last_updated=? WHERE id=?", (*vals, int(ev.key)))
            return
        cols = ", access_level, status" if self.extra else ""
        more = ", 0, 1" if self.extra else ""
        self.app.execute(self.NAME, (
            "INSERT INTO events (start_ts, end_ts, title, description, reminder_1_minutes, reminder_2_minutes, "
            "reminder_3_minutes, repeat_interval, repeat_rule, last_updated, import_id, location, reminder_1_type, "
            "reminder_2_type, reminder_3_type, repeat_limit, repetition_exceptions, attendees, time_zone, flags, "
            f"event_type, parent_id, source, availability, color, type{cols}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            f"'', 0, 0, 0, 0, '[]', '', 'UTC', 0, 1, 0, 'simple-calendar', 0, 0, 0{more})"),
            (*vals, new_import_id(self.app.now_ms())))

    def delete(self, key: str) -> None:
        self.app.execute(self.NAME, "DELETE FROM events WHERE id = ? OR parent_id = ?", (int(key), int(key)))


def new_import_id(now_ms: int) -> str:
    """A new event's ``import_id``: EventActivity.saveEvent calls generateImportId() for an event without an id,
    a random UUID's 32 hex digits followed by System.currentTimeMillis() (helpers/Constants.kt, FossifyOrg/Calendar
    1.10.3 and SimpleMobileTools/Simple-Calendar 6.22.2)."""
    return uuid.uuid4().hex + str(now_ms)


# -- KashCal --------------------------------------------------------------------------------------------

def kashcal_reminders(minutes: tuple[int, ...] | list[int]) -> str | None:
    """KashCal's ``reminders`` column: Gson's JSON list (no spaces) of HomeViewModel.minutesToIsoDuration offsets
    ("-PT15M", "-PT1H", "-P1D"; v22.5.15), NULL for none."""
    def iso(m: int) -> str:
        if m == 0:
            return "-PT0M"
        if m >= 1440 and m % 1440 == 0:
            return f"-P{m // 1440}D"
        return f"-PT{m // 60}H" if m >= 60 and m % 60 == 0 else f"-PT{m}M"
    return json.dumps([iso(m) for m in minutes], separators=(",", ":")) if minutes else None


def occurrence_shifts(rule: str | None, day: str, horizon_days: int) -> list[int]:
    """Days from ``day`` to each occurrence within the horizon, for the rules KashCal's picker writes (RruleBuilder:
    DAILY, WEEKLY with INTERVAL, MONTHLY on BYMONTHDAY with INTERVAL, YEARLY); a month without the day is skipped
    (RFC 5545). No rule: the event itself."""
    parts = dict(p.split("=", 1) for p in (rule or "").split(";") if "=" in p)
    freq, every = parts.get("FREQ", ""), int(parts.get("INTERVAL", "1"))
    first = dt.date.fromisoformat(day)
    if freq in ("DAILY", "WEEKLY"):
        step = every * (1 if freq == "DAILY" else 7)
        return list(range(0, horizon_days, step))
    if freq not in ("MONTHLY", "YEARLY"):
        return [0]
    months = every * (1 if freq == "MONTHLY" else 12)
    out = []
    for i in range(0, horizon_days // 28 + 1, months):
        y, m = divmod(first.month - 1 + i, 12)
        try:
            shift = (dt.date(first.year + y, m + 1, first.day) - first).days
        except ValueError:
            continue
        if shift < horizon_days:
            out.append(shift)
    return out


class KashCalDb:
    NAME = "kashcal.db"
    HORIZON_DAYS = 731  # occurrences are generated for two years

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.NAME, (
            "CREATE TABLE IF NOT EXISTS `accounts` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `provider` TEXT NOT NULL, "
            "`email` TEXT NOT NULL, `display_name` TEXT, `home_set_url` TEXT, `is_enabled` INTEGER NOT NULL DEFAULT 1, "
            "`created_at` INTEGER NOT NULL);"
            "CREATE TABLE IF NOT EXISTS `calendars` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `account_id` INTEGER "
            "NOT NULL, `caldav_url` TEXT NOT NULL, `display_name` TEXT NOT NULL, `color` INTEGER NOT NULL, "
            "`is_visible` INTEGER NOT NULL DEFAULT 1, `is_default` INTEGER NOT NULL DEFAULT 0);"
            "CREATE TABLE IF NOT EXISTS `events` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `uid` TEXT NOT NULL, "
            "`calendar_id` INTEGER NOT NULL, `title` TEXT NOT NULL, `location` TEXT, `description` TEXT, "
            "`start_ts` INTEGER NOT NULL, `end_ts` INTEGER NOT NULL, `timezone` TEXT, `is_all_day` INTEGER NOT NULL "
            "DEFAULT 0, `rrule` TEXT, `original_event_id` INTEGER, `reminders` TEXT, `alarm_count` INTEGER NOT NULL "
            "DEFAULT 0, `dtstamp` INTEGER NOT NULL, `sync_status` TEXT NOT NULL DEFAULT 'SYNCED', "
            "`created_at` INTEGER NOT NULL, `updated_at` INTEGER NOT NULL);"
            "CREATE TABLE IF NOT EXISTS `occurrences` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `event_id` INTEGER "
            "NOT NULL, `calendar_id` INTEGER NOT NULL, `start_ts` INTEGER NOT NULL, `end_ts` INTEGER NOT NULL, "
            "`start_day` INTEGER NOT NULL, `end_day` INTEGER NOT NULL, `is_cancelled` INTEGER NOT NULL DEFAULT 0, "
            "`exception_event_id` INTEGER);"
            "CREATE TABLE IF NOT EXISTS `scheduled_reminders` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
            "`event_id` INTEGER NOT NULL);"
            "CREATE TABLE IF NOT EXISTS `pending_operations` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
            "`event_id` INTEGER NOT NULL);"
            "INSERT INTO accounts (provider, email, display_name, created_at) SELECT 'local', 'local', 'Local', 0 "
            "WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE provider = 'local');"
            "INSERT INTO calendars (account_id, caldav_url, display_name, color, is_default) SELECT id, 'local://default', "
            "'Local', -14574644, 1 FROM accounts WHERE provider = 'local' AND NOT EXISTS (SELECT 1 FROM calendars WHERE "
            "caldav_url = 'local://default');"
            "PRAGMA user_version = 13;"))

    def events(self) -> list[Ev]:
        out = []
        for r in self.app.query(self.NAME, "SELECT * FROM events WHERE original_event_id IS NULL ORDER BY start_ts, id"):
            date, at = split_s(int(r["start_ts"]) // 1000)
            rem = tuple(iso_dur_s(x) // 60 for x in json.loads(r["reminders"] or "[]"))
            end_date, end_at = split_s(int(r["end_ts"]) // 1000)
            out.append(Ev(str(r["id"]), r["title"], date, at, end_at, r["description"] or "", r["rrule"] or None, rem,
                          end_date if end_date != date else None, r["location"] or ""))
        return out

    def save(self, ev: Ev) -> None:
        now = self.app.now_ms()
        start, end = epoch_s(ev.date, ev.start) * 1000, epoch_s(ev.end_date or ev.date, ev.end) * 1000
        rule = ({"daily": "FREQ=DAILY", "weekly": f"FREQ=WEEKLY;BYDAY={DAYS[weekday(ev.date)]}"}.get(ev.repeat, ev.repeat)
                if ev.repeat else None)
        rem = kashcal_reminders(ev.reminders)
        # HomeViewModel.saveEvent (v22.5.15): blank location and description are NULL; alarm_count is only set by sync
        desc, where = ev.description or None, ev.location.strip() and ev.location or None
        if ev.key:
            key = int(ev.key)
            self.app.execute(self.NAME, "UPDATE events SET title=?, location=?, description=?, start_ts=?, end_ts=?, "
                             "rrule=?, reminders=?, updated_at=? WHERE id=?",
                             (ev.title, where, desc, start, end, rule, rem, now, key))
        else:
            key = self.app.execute(self.NAME, (
                "INSERT INTO events (uid, calendar_id, title, location, description, start_ts, end_ts, timezone, rrule, "
                "reminders, alarm_count, dtstamp, sync_status, created_at, updated_at) VALUES (?, (SELECT id FROM "
                "calendars WHERE is_default = 1 ORDER BY id LIMIT 1), ?, ?, ?, ?, ?, 'UTC', ?, ?, 0, ?, 'SYNCED', ?, ?)"),
                (str(uuid.uuid4()), ev.title, where, desc, start, end, rule, rem, now, now, now))
        rows = []
        for shift in occurrence_shifts(rule, ev.date, self.HORIZON_DAYS):
            s, e = start + shift * 86_400_000, end + shift * 86_400_000
            rows.append((s, e, *(int(time.strftime("%Y%m%d", time.gmtime(x // 1000))) for x in (s, e)), key))
        with closing(self.app.db(self.NAME)) as db:
            db.execute("BEGIN")
            db.execute("DELETE FROM occurrences WHERE event_id = ?", (key,))
            db.executemany("INSERT INTO occurrences (event_id, calendar_id, start_ts, end_ts, start_day, end_day) "
                           "SELECT id, calendar_id, ?, ?, ?, ? FROM events WHERE id = ?", rows)
            db.execute("COMMIT")

    def delete(self, key: str) -> None:
        self.app.execute(self.NAME, "DELETE FROM occurrences WHERE event_id = ?", (int(key),))
        self.app.execute(self.NAME, "DELETE FROM events WHERE id = ?", (int(key),))
