"""The Calendar apps' adapters: each seeds and reads the store its app writes at its pinned version
(docs/calendar.md, "Storage profiles"). The device runs in UTC (the benchmark's clock setup), so a
device-local day is a UTC day and every store's timestamps convert with UTC.

* Etar and Calendar (vayunmathur) keep no events of their own: they write Android's CalendarProvider
  (``calendar.db``: ``Events``, ``Instances``, ``Reminders``; AOSP android-13
  ``packages/providers/CalendarProvider/src/com/android/providers/calendar/CalendarDatabaseHelper.java``).
* Fossify Calendar and Simple Calendar Pro: Room ``events.db`` (times in **seconds**, repeat as
  seconds + weekday bitmask, three reminder columns).
* KashCal: Room ``kashcal.db`` (``events`` in ms with an RRULE and a JSON reminder list, plus the
  ``occurrences`` the UI lists, whose days are **YYYYMMDD**).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import shlex
import uuid
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.constants import FROZEN_DEVICE_TIME_MS
from pytest_anyapp.device.content import content_query_rows, query_lines
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.app_files import hand_to_app
from verifiers.base import AppAdapter, FirstStartDone, RawSnapshot, SourceRef, StorageProfile, ensure_app_database
from verifiers.calendar import fidelity as fid
from verifiers.calendar.datastore import with_boolean, with_string
from verifiers.calendar.state import CalendarState, CalEvent

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SEP = "\x1f"
BUSY = "PRAGMA busy_timeout=5000;"
WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
SEEDED_AT_MS = FROZEN_DEVICE_TIME_MS - 3_600_000


def sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def from_hex(value: str) -> str:
    return bytes.fromhex(value).decode("utf-8") if value else ""


def start_ms(e: CalEvent) -> int:
    day = dt.date.fromisoformat(e.date)
    hh, mm = (int(x) for x in e.start.split(":"))
    return int(dt.datetime(day.year, day.month, day.day, hh, mm, tzinfo=dt.UTC).timestamp() * 1000)


def split_ms(ms: int) -> tuple[str, str]:
    t = dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)
    return t.strftime("%Y-%m-%d"), t.strftime("%H:%M")


def read_lines(device: DeviceClient, db: str, select: str) -> list[str]:
    """Rows of ``select``; a missing or unreadable database is a ``VerifierReadError``."""
    if not device.run(f"ls {db}").ok:
        raise VerifierReadError(f"{db} does not exist (the app never created its database)")
    try:
        lines = device.sqlite(db, f"{BUSY} {select}")
    except DeviceError as exc:
        raise VerifierReadError(f"could not read {db}: {exc}") from exc
    return lines[1:] if lines[:1] == ["5000"] else lines


def fields(raw: RawSnapshot, key: str, columns: int, app: str) -> list[list[str]]:
    if key not in raw:
        raise VerifierReadError(f"{app} snapshot has no {key!r} read")
    out = []
    for line in raw[key]:
        parts = line.split(SEP)
        if len(parts) != columns:
            raise VerifierReadError(f"{app}: expected {columns} columns in {line!r}")
        out.append(parts)
    return out


def kashcal_reminders(minutes: list[int]) -> str | None:
    """What KashCal 22.5.15 stores for a local event's reminders: Gson's list (no spaces) of
    HomeViewModel.minutesToIsoDuration offsets, "-PT15M", "-PT1H", "-P1D"; None for none. (alarm_count stays 0:
    only CalDAV sync sets it, ICalEventMapper.kt; a blank location or description is NULL, saveEvent.)"""
    def iso(m: int) -> str:
        if m == 0:
            return "-PT0M"
        if m >= 1440 and m % 1440 == 0:
            return f"-P{m // 1440}D"
        return f"-PT{m // 60}H" if m >= 60 and m % 60 == 0 else f"-PT{m}M"
    return json.dumps([iso(m) for m in minutes], separators=(",", ":")) if minutes else None


def rrule_freq(rule: str) -> str | None:
    """The frequency of an RRULE body (``FREQ=WEEKLY;BYDAY=TU`` -> ``weekly``), None when empty. A rule that is not
    "every <period>, forever" (an INTERVAL other than 1, a COUNT or an UNTIL) is "other": "every 2 weeks" or "weekly
    for 10 times" is not the template's "recurs weekly, forever" (the pickers of Etar, Calendar and KashCal offer
    both)."""
    rule = rule.strip().removeprefix("RRULE:")
    if not rule:
        return None
    parts = dict(p.split("=", 1) for p in rule.upper().split(";") if "=" in p)
    if "FREQ" not in parts or parts.get("INTERVAL", "1") != "1" or {"COUNT", "UNTIL"} & parts.keys():
        return "other"
    return parts["FREQ"].lower()


def rrule_for(e: CalEvent) -> str:
    if e.repeat == "weekly":
        return f"FREQ=WEEKLY;BYDAY={WEEKDAYS[dt.date.fromisoformat(e.date).weekday()]}"
    return f"FREQ={(e.repeat or '').upper()}"


def seed_duration(seconds: int) -> str:
    """A recurring event's DURATION both readers accept: ``PT<n>S``. The provider's calendarcommon2
    ``Duration.parse`` skips a 'T' after the 'P' and takes ``<n>S`` as seconds (so ``P<n>S`` works too), but
    Kotlin's ``Duration.parse`` (ISO-8601, Vayun's Event.kt) allows only days before the 'T' and reads
    ``P<n>S`` as invalid (the app then takes 0)."""
    return f"PT{seconds}S"


def rfc_duration_s(text: str) -> int | None:
    """RFC 5545 durations as the provider stores them (``P3600S``, ``PT1H30M``, ``P1D``)."""
    m = re.fullmatch(r"P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?|P(\d+)S", text.strip())
    if not m:
        return None
    if m.group(6):
        return int(m.group(6))
    w, d, h, mi, s = (int(g or 0) for g in m.groups()[:5])
    return (((w * 7 + d) * 24 + h) * 60 + mi) * 60 + s


class CalendarAdapter(AppAdapter[CalendarState]):
    """Shared: a Room database that exists only once the app has run (seeding launches it once)."""

    db_path: ClassVar[str]

    def first_start(self) -> FirstStartDone | None:
        """What ends the app's first start beyond its database file (ensure_app_database waits for it)."""
        return None

    def ensure_database(self, device: DeviceClient) -> None:
        ensure_app_database(device, self.app.package, self.db_path, done=self.first_start())


# -- CalendarProvider (Etar, Calendar by vayunmathur) -----------------------------------------------

CALENDAR_DB = "/data/data/com.android.providers.calendar/databases/calendar.db"
PROVIDER_PACKAGE = "com.android.providers.calendar"
AOSP_PROVIDER = SourceRef(
    repo="aosp-mirror/platform_packages_providers_calendarprovider", tag="android-13 (not confirmed, see note)",
    files=("src/com/android/providers/calendar/CalendarDatabaseHelper.java (Events, Instances, Reminders, "
           "Calendars tables of calendar.db)",
           "src/com/android/providers/calendar/CalendarProvider2.java (deleteEventInternal: an app's delete "
           "marks deleted=1, dirty=1, or removes the row of a never-synced event, depending on the version; "
           "instances are dropped either way)"),
    note="read in stored copies whose tags were not checked (one is pre-ICS); the android-13 delete branch is "
         "not confirmed. The reader filters deleted=0, so both behaviours read the same. Android's own store: "
         "the two apps only write it through CalendarContract")
#: The local calendar the seed provides (ACCOUNT_TYPE_LOCAL, owner access 700): a fresh emulator has none.
LOCAL_CALENDAR_SQL = (
    "INSERT OR REPLACE INTO Calendars (_id, account_name, account_type, name, calendar_displayName, calendar_color, "
    "calendar_access_level, visible, sync_events, calendar_timezone, ownerAccount, isPrimary) VALUES "
    "(1, 'Offline Calendar', 'LOCAL', 'Offline Calendar', 'Offline Calendar', -14574644, 700, 1, 1, 'UTC', "
    "'Offline Calendar', 1);"
)
JULIAN_EPOCH = 2440588


class ProviderAdapter(CalendarAdapter):
    """Events in Android's CalendarProvider: seeded with ``sqlite3`` as root into ``calendar.db``
    while the provider is stopped (with their ``Instances`` rows), read back through the provider
    with ``content query`` (values print unescaped, so each query projects ``_id`` and one value,
    which is then the rest of its line). Deleted rows (``deleted=1``) are not events."""

    db_path = CALENDAR_DB
    runtime_permissions: ClassVar[tuple[str, ...]] = ("android.permission.READ_CALENDAR", "android.permission.WRITE_CALENDAR")

    def seed(self, device: DeviceClient, state: CalendarState) -> None:
        device.force_stop(PROVIDER_PACKAGE)
        stmts = [BUSY, "BEGIN IMMEDIATE;", "DELETE FROM Instances;", "DELETE FROM CalendarAlerts;",
                 "DELETE FROM Reminders;", "DELETE FROM Attendees;", "DELETE FROM Events;", LOCAL_CALENDAR_SQL]
        for i, e in enumerate(state.events, start=1):
            begin = start_ms(e)
            end = begin + e.duration_min * 60_000
            dtend, duration, rule = (("NULL", sql_text(seed_duration(e.duration_min * 60)), sql_text(rrule_for(e))) if e.repeat
                                     else (str(end), "NULL", "NULL"))
            stmts.append(
                "INSERT INTO Events (_id, calendar_id, title, description, eventLocation, dtstart, dtend, duration, "
                "eventTimezone, eventEndTimezone, allDay, rrule, hasAlarm, lastDate, dirty, deleted, eventStatus) "
                f"VALUES ({i}, 1, {sql_text(e.title)}, {sql_text(e.description)}, '', {begin}, {dtend}, {duration}, "
                f"'UTC', 'UTC', 0, {rule}, {1 if e.reminders else 0}, {'NULL' if e.repeat else end}, 1, 0, 1);")
            stmts.append(
                "INSERT INTO Instances (event_id, begin, end, startDay, endDay, startMinute, endMinute) VALUES "
                f"({i}, {begin}, {end}, {begin // 86_400_000 + JULIAN_EPOCH}, {end // 86_400_000 + JULIAN_EPOCH}, "
                f"{begin % 86_400_000 // 60_000}, {end % 86_400_000 // 60_000});")
            stmts += [f"INSERT INTO Reminders (event_id, minutes, method) VALUES ({i}, {m}, 1);" for m in e.reminders]
        stmts.append("COMMIT;")
        device.sqlite(CALENDAR_DB, " ".join(stmts))
        hand_to_app(device, CALENDAR_DB.rsplit("/", 2)[0])
        device.force_stop(PROVIDER_PACKAGE)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        """``content query`` output, one query per column (``_id`` then the value, so a value is the
        rest of its line), as Android 13's ``cmds/content`` prints it."""
        raw = {col: provider_query(device, "events", f"_id:{col}", LIVE_EVENTS) for col in EVENT_COLUMNS}
        raw["reminders"] = provider_query(device, "reminders", "event_id:minutes", None)
        return raw

    def parse(self, raw: RawSnapshot) -> CalendarState:
        name = self.app.display_name
        cols = {col: event_column(_read(raw, col, name), col, name) for col in EVENT_COLUMNS}
        ids = [k for k, _ in cols["title"]]
        if any([k for k, _ in rows] != ids for rows in cols.values()):
            raise VerifierReadError(f"{name}: the events changed between the column reads")
        value = {col: dict(rows) for col, rows in cols.items()}
        reminders = reminder_minutes(_read(raw, "reminders", name), name)
        events = []
        for _id in ids:
            start, end, duration = value["dtstart"][_id], value["dtend"][_id], value["duration"][_id]
            if start is None:
                raise VerifierReadError(f"{name}: event {_id} has no dtstart")
            begin = int(start)
            length_s = (int(end) - begin) // 1000 if end is not None else rfc_duration_s(duration or "")
            if length_s is None:
                raise VerifierReadError(f"{name}: event {_id} has neither dtend nor a duration")
            day, at = split_ms(begin)
            events.append(CalEvent(title=value["title"][_id] or "", date=day, start=at, duration_min=length_s // 60,
                                   description=value["description"][_id] or "",
                                   repeat=rrule_freq(value["rrule"][_id] or ""),
                                   reminders=sorted(reminders.get(_id, []))))
        return CalendarState(events=events)


EVENT_COLUMNS = ("title", "description", "dtstart", "dtend", "duration", "rrule")
#: Live master events (a deleted row is no event; exceptions to a series have ``original_id``).
LIVE_EVENTS = "deleted=0 AND original_id IS NULL"


def provider_query(device: DeviceClient, table: str, projection: str, where: str | None) -> list[str]:
    """Lines of ``content query`` on ``content://com.android.calendar/<table>``; a provider error
    (printed, exit status 0) is a ``VerifierReadError``."""
    cmd = f"content query --uri content://com.android.calendar/{table} --projection {projection} --sort _id"
    if where:
        cmd += f" --where {shlex.quote(where)}"
    try:
        out = device.check(cmd)
    except DeviceError as exc:
        raise VerifierReadError(f"content query {table} failed: {exc}") from exc
    return query_lines(out)


def _read(raw: RawSnapshot, key: str, app: str) -> list[str]:
    if key not in raw:
        raise VerifierReadError(f"{app} snapshot has no {key!r} read")
    return raw[key]


def _id_value_rows(output: str | list[str], id_col: str, col: str, what: str) -> list[tuple[str, str | None]]:
    """``(id, value)`` per ``Row: <n> <id_col>=<id>, <col>=<value>`` record (``NULL`` is None; the value
    is the rest of its record, so it keeps its ``", "``, ``=`` and line breaks)."""
    out: list[tuple[str, str | None]] = []
    for row in content_query_rows(output, (id_col, col), what):
        if not (row[id_col] or "").isdigit():
            raise VerifierReadError(f"{what}: row with {id_col}={row[id_col]!r}")
        out.append((row[id_col] or "", row[col]))
    return out


@parses("content query --uri content://com.android.calendar/events --sort _id", reads="text")
def event_column(output: str | list[str], col: str, app: str = "CalendarProvider") -> list[tuple[str, str | None]]:
    """``(_id, value)`` of one ``--projection _id:<col>`` read of the provider's events."""
    return _id_value_rows(output, "_id", col, f"{app}: content query {col}")


@parses("content query --uri content://com.android.calendar/reminders --projection event_id:minutes --sort _id",
        reads="text")
def reminder_minutes(output: str | list[str], app: str = "CalendarProvider") -> dict[str, list[int]]:
    """The reminder minutes of each event id; a row whose minutes are not a number is unreadable."""
    reminders: dict[str, list[int]] = {}
    for event_id, minutes in _id_value_rows(output, "event_id", "minutes", f"{app}: content query reminders"):
        if minutes is None or not minutes.lstrip("-").isdigit():
            raise VerifierReadError(f"{app}: reminder of event {event_id} has minutes {minutes!r}")
        reminders.setdefault(event_id, []).append(int(minutes))
    return reminders


_PROVIDER_FORMAT = (
    "Events(_id, calendar_id, title, description, dtstart/dtend ms, duration RFC 5545 for recurring, "
    "eventTimezone, rrule, hasAlarm, deleted); Instances(event_id, begin, end, startDay/endDay Julian); "
    "Reminders(event_id, minutes, method 1 = alert)")

ETAR_SOURCE = SourceRef(repo="Etar-Group/Etar-Calendar", tag="v1.0.57", files=(
    "app/build.gradle.kts (applicationId ws.xsoh.etar, versionName 1.0.57, versionCode 57)",
    "app/src/main/java/com/android/calendar/event/EditEventHelper.java (saveEvent: Events values, DURATION "
    "for recurring events, Reminders rows)",
    "app/src/main/java/com/android/calendar/calendarcommon2/EventRecurrence.java (RRULE text FREQ=…;BYDAY=…)",
    "app/src/main/java/com/android/calendar/datasource/CalendarDataSource.kt (local calendars: ACCOUNT_TYPE_LOCAL)",
))


class EtarAdapter(ProviderAdapter):
    app: ClassVar[AppSpec] = app_by_id("calendar_etar")
    launch_guards, fidelity = fid.ETAR_GUARDS, fid.ETAR_FIDELITY
    storage = (StorageProfile(
        what="events", path=CALENDAR_DB, format=_PROVIDER_FORMAT,
        writes="save: an Events row through CalendarContract (dtstart, dtend or DURATION 'P<s>S' + RRULE "
               "'FREQ=WEEKLY;WKST=…;BYDAY=…' for recurring), Reminders rows; delete: deleted=1 (local calendar)",
        sources=(ETAR_SOURCE, AOSP_PROVIDER)),)


VAYUN_SOURCE = SourceRef(repo="vayun-mathur/Modern-Apps", tag="v2.6.7", files=(
    "calendar/build.gradle.kts (versionName v2.6.7, versionCode 20260816)",
    "calendar/src/main/java/com/vayunmathur/calendar/data/Event.kt (TITLE, DESCRIPTION, DTSTART/DTEND; "
    "recurring: DTEND null, DURATION, RRULE)",
    "calendar/src/main/java/com/vayunmathur/calendar/util/CalendarViewModel.kt (Reminders rows, delete sets "
    "DELETED=1)",
), note="facts from storage_todo_notes_calendar.md §11 (read at tag v2.6.7, commit 4b221a9)")


class VayunCalendarAdapter(ProviderAdapter):
    app: ClassVar[AppSpec] = app_by_id("calendar_calendar")
    launch_guards, fidelity = fid.VAYUN_GUARDS, fid.VAYUN_FIDELITY
    #: MainActivity asks for POST_NOTIFICATIONS at start until granted (v2.6.7): granted at setup.
    runtime_permissions = (*ProviderAdapter.runtime_permissions, "android.permission.POST_NOTIFICATIONS")
    storage = (StorageProfile(
        what="events", path=CALENDAR_DB, format=_PROVIDER_FORMAT,
        writes="save: an Events row (DURATION ISO + RRULE 'FREQ=…;INTERVAL=1' when recurring), Reminders rows "
               "(MINUTES, METHOD_ALERT), HAS_ALARM; delete: DELETED=1",
        sources=(VAYUN_SOURCE, AOSP_PROVIDER)),)

    def seed(self, device: DeviceClient, state: CalendarState) -> None:
        super().seed(device, state)
        self.store_agenda_layout(device)

    def store_agenda_layout(self, device: DeviceClient) -> None:
        """The app opens on the DataStore's ``default_calendar_layout`` (default FullWeek, a week grid with no
        list); a lab that chose "Agenda" once has that string in ``files/datastore_default.preferences_pb``
        (DataStoreUtils.setString persists it at v2.6.7): store it, other entries kept (launch guard
        ``first_screen``)."""
        path = f"{VAYUN_DATA}/files/{VAYUN_DATASTORE}"
        old = device.pull_bytes(path) if device.run(f"ls {path}").ok else b""
        device.check(f"mkdir -p {VAYUN_DATA}/files")
        device.push_bytes(with_string(old, VAYUN_LAYOUT_KEY, VAYUN_AGENDA), path)
        hand_to_app(device, VAYUN_DATA, ("files",))


VAYUN_DATA = "/data/data/com.vayunmathur.calendar"
#: library/src/main/java/com/vayunmathur/library/util/DataStoreUtils.kt (v2.6.7): PreferenceDataStoreFactory.create
#: { filesDir.resolve("datastore_default.preferences_pb") }; CalendarViewModel.kt: the key and the enum's names.
VAYUN_DATASTORE = "datastore_default.preferences_pb"
VAYUN_LAYOUT_KEY, VAYUN_AGENDA = "default_calendar_layout", "Agenda"


# -- Room events.db (Fossify Calendar, Simple Calendar Pro) ----------------------------------------------

DAY_S, WEEK_S = 86_400, 604_800


class EventsDbAdapter(CalendarAdapter):
    """``events.db`` table ``events``: seconds, ``repeat_interval`` (86400 daily, 604800 weekly; weekly
    ``repeat_rule`` = the start's ISO weekday bit), ``reminder_1..3_minutes`` (-1 off)."""

    #: Columns the app's entity has beyond Simple Calendar Pro's (Fossify: access_level, status).
    extra_columns: ClassVar[str] = ""
    extra_values: ClassVar[str] = ""

    def first_start(self) -> FirstStartDone:
        """The database's onCreate callback inserts the regular event type and adds it to Prefs.xml
        ``display_event_types`` on a background executor (EventsDatabase.insertRegularEventType); with
        that set empty the app lists no event at all (EventsHelper.getEvents): wait for both."""
        prefs = self.db_path.rsplit("/", 2)[0] + "/shared_prefs/Prefs.xml"
        return FirstStartDone(kind="all", parts=(
            FirstStartDone(kind="pref", path=prefs, key="display_event_types"),
            FirstStartDone(kind="sql", query="SELECT id FROM event_types WHERE id = 1")))

    def seed(self, device: DeviceClient, state: CalendarState) -> None:
        self.ensure_database(device)
        rows = []
        for i, e in enumerate(state.events):
            start = start_ms(e) // 1000
            interval = {"daily": DAY_S, "weekly": WEEK_S}.get(e.repeat or "", 0)
            rule = 1 << dt.date.fromisoformat(e.date).weekday() if e.repeat == "weekly" else 0
            rem = [*sorted(e.reminders), -1, -1, -1][:3]
            rows.append(
                f"({start}, {start + e.duration_min * 60}, {sql_text(e.title)}, '', {sql_text(e.description)}, "
                f"{rem[0]}, {rem[1]}, {rem[2]}, 0, 0, 0, {interval}, {rule}, 0, '[]', '', {sql_text(seed_import_id(i, e))}, "
                f"'UTC', 0, 1, 0, "
                f"{SEEDED_AT_MS}, 'simple-calendar', 0, 0, 0{self.extra_values})")
        insert = ("INSERT INTO events (start_ts, end_ts, title, location, description, reminder_1_minutes, "
                  "reminder_2_minutes, reminder_3_minutes, reminder_1_type, reminder_2_type, reminder_3_type, "
                  "repeat_interval, repeat_rule, repeat_limit, repetition_exceptions, attendees, import_id, time_zone, "
                  f"flags, event_type, parent_id, last_updated, source, availability, color, type{self.extra_columns}) "
                  "VALUES " + ", ".join(rows) + ";") if rows else ""
        device.sqlite(self.db_path, f"{BUSY} BEGIN IMMEDIATE; DELETE FROM events; {insert} COMMIT;")
        self.store_list_view(device)
        hand_to_app(device, self.db_path.rsplit("/", 2)[0])

    def store_list_view(self, device: DeviceClient) -> None:
        """The app opens on Config.storedView (``view``, default MONTHLY_VIEW); a lab that chose the event
        list once has ``view`` = EVENTS_LIST_VIEW (3) in Prefs.xml: store that (launch guard ``first_screen``)."""
        prefs = self.db_path.rsplit("/", 2)[0] + "/shared_prefs/Prefs.xml"
        out = device.run(f"cat {shlex.quote(prefs)}")
        if not out.ok:
            raise VerifierReadError(f"could not read {prefs}: {out.stderr.strip()[:200]}")
        device.push_bytes(with_int_pref(out.stdout, "view", EVENTS_LIST_VIEW).encode(), prefs)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"events": read_lines(device, self.db_path, EVENTS_DB_READ)}

    def parse(self, raw: RawSnapshot) -> CalendarState:
        return events_db_state(fields(raw, "events", 9, self.app.display_name))


def seed_import_id(index: int, e: CalEvent) -> str:
    """The ``import_id`` the app gives an event it creates (EventActivity: generateImportId(), a random UUID's 32
    hex digits then currentTimeMillis; helpers/Constants.kt at both pinned tags), made reproducible: a version-4
    UUID from the event's digest, then the seeding time."""
    digest = hashlib.md5(f"{index}{SEP}{e.title}{SEP}{e.date}{SEP}{e.start}".encode()).digest()
    return uuid.UUID(bytes=digest, version=4).hex + str(SEEDED_AT_MS)


#: Config.storedView's value for the "Simple event list" (helpers/Constants.kt at both pinned tags).
EVENTS_LIST_VIEW = 3


def with_int_pref(xml_text: str, key: str, value: int) -> str:
    """A SharedPreferences file with ``key`` set to an ``<int>``, every other entry kept as written (a
    ``<long>`` read back as ``<int>`` would make the app's getLong throw)."""
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as exc:
        raise VerifierReadError(f"preferences file is not XML: {exc}") from exc
    for el in [el for el in root if el.get("name") == key]:
        root.remove(el)
    ET.SubElement(root, "int", name=key, value=str(value))
    return "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n" + ET.tostring(root, "unicode")


#: One line per event of an ``events.db`` (Simple/Fossify Calendar): texts hex-encoded.
EVENTS_DB_READ = ("SELECT id || char(31) || hex(title) || char(31) || hex(description) || char(31) || start_ts || "
                  "char(31) || end_ts || char(31) || repeat_interval || char(31) || reminder_1_minutes || char(31) || "
                  "reminder_2_minutes || char(31) || reminder_3_minutes FROM events WHERE type = 0 ORDER BY id;")


def events_db_state(rows: list[list[str]]) -> CalendarState:
    events = []
    for _id, title, desc, start, end, interval, *rem in rows:
        day, at = split_ms(int(start) * 1000)
        every = int(interval)
        repeat = None if every == 0 else {DAY_S: "daily", WEEK_S: "weekly"}.get(every, "other")
        events.append(CalEvent(title=from_hex(title), date=day, start=at,
                               duration_min=(int(end) - int(start)) // 60, description=from_hex(desc),
                               repeat=repeat, reminders=sorted(int(m) for m in rem if int(m) >= 0)))
    return CalendarState(events=events)


@parses("sqlite3 /data/data/org.fossify.calendar/databases/events.db FROM events WHERE type = 0 ORDER BY id")
def parse_events_db(lines: list[str]) -> CalendarState:
    """Events from :data:`EVENTS_DB_READ` lines (the busy-timeout echo first, if kept)."""
    body = lines[1:] if lines[:1] == ["5000"] else lines
    return events_db_state(fields({"events": body}, "events", 9, "events.db"))


FOSSIFY_DB = "/data/data/org.fossify.calendar/databases/events.db"
FOSSIFY_SOURCE = SourceRef(repo="FossifyOrg/Calendar", tag="1.10.3", files=(
    "gradle.properties / app/build.gradle.kts (versionName 1.10.3, versionCode 20)",
    "app/schemas/org.fossify.calendar.databases.EventsDatabase/11.json (table events)",
    "app/src/main/kotlin/org/fossify/calendar/models/Event.kt",
    "app/src/main/kotlin/org/fossify/calendar/helpers/Constants.kt (DAY 86400, WEEK 604800, REMINDER_OFF -1)",
    "app/src/main/kotlin/org/fossify/calendar/activities/EventActivity.kt (weekly rule = start weekday bit; "
    "start/end in the event zone, seconds)",
    "app/src/main/kotlin/org/fossify/calendar/helpers/EventsHelper.kt (delete: rows removed)",
))
_EVENTS_WRITES = ("save: an events row (start_ts/end_ts s, title, description, reminder_1 default 10 min, "
                  "repeat_interval 86400/604800, weekly repeat_rule = 1 << (ISO weekday - 1), time_zone, "
                  "last_updated ms); rename/move: the row updated; delete: the row removed")


class FossifyCalendarAdapter(EventsDbAdapter):
    app: ClassVar[AppSpec] = app_by_id("calendar_fossify_calendar")
    launch_guards, fidelity = fid.FOSSIFY_GUARDS, fid.FOSSIFY_FIDELITY
    db_path = FOSSIFY_DB
    #: Saving an event with a reminder (a new one has 10 minutes) asks for POST_NOTIFICATIONS first on
    #: Android 13 and stores nothing if it is denied (EventActivity.saveEvent, 1.10.3): granted at setup.
    runtime_permissions = ("android.permission.POST_NOTIFICATIONS",)
    extra_columns = ", access_level, status"
    extra_values = ", 0, 1"
    storage = (StorageProfile(
        what="events", path=FOSSIFY_DB,
        format="Room v11 events(id, start_ts, end_ts s, title, location, description, reminder_1..3_minutes, "
               "reminder_1..3_type, repeat_interval s, repeat_rule, repeat_limit, repetition_exceptions, attendees, "
               "import_id, time_zone, flags, event_type, parent_id, last_updated, source, availability, "
               "access_level, color, type, status)",
        writes=_EVENTS_WRITES, sources=(FOSSIFY_SOURCE,)),)


SCP_DB = "/data/data/com.simplemobiletools.calendar.pro/databases/events.db"
SCP_SOURCE = SourceRef(repo="SimpleMobileTools/Simple-Calendar", tag="6.22.2", files=(
    "app/build.gradle (versionCode 238, versionName 6.22.2: AndroidWorld's APK)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/databases/EventsDatabase.kt (Room version 8, events.db)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/models/Event.kt (columns)",
    "app/src/main/kotlin/com/simplemobiletools/calendar/pro/helpers/Constants.kt (DAY/WEEK seconds, REMINDER_OFF)",
))


class SimpleCalendarProAdapter(EventsDbAdapter):
    app: ClassVar[AppSpec] = app_by_id("calendar_simple_calendar_pro")
    launch_guards, fidelity = fid.SCP_GUARDS, fid.SCP_FIDELITY
    db_path = SCP_DB
    #: As Fossify Calendar: an event with a reminder asks for POST_NOTIFICATIONS before it is stored (6.22.2).
    runtime_permissions = ("android.permission.POST_NOTIFICATIONS",)
    storage = (StorageProfile(
        what="events", path=SCP_DB,
        format="Room v8 events: Fossify's columns without access_level and status",
        writes=_EVENTS_WRITES, sources=(SCP_SOURCE,)),)


# -- KashCal -----------------------------------------------------------------------------------------------

KASHCAL_DB = "/data/data/org.onekash.kashcal/databases/kashcal.db"
KASHCAL_SOURCE = SourceRef(repo="KashCal/KashCal", tag="v22.5.15", files=(
    "version.properties (versionName 22.5.15, versionCode 399)",
    "app/schemas/org.onekash.kashcal.data.db.KashCalDatabase/13.json (events, occurrences, calendars)",
    "app/src/main/java/org/onekash/kashcal/data/db/entity/Occurrence.kt (start_day/end_day YYYYMMDD)",
    "app/src/main/java/org/onekash/kashcal/data/db/converter/Converters.kt (reminders JSON ['-PT15M'])",
    "app/src/main/java/org/onekash/kashcal/domain/initializer/LocalCalendarInitializer.kt (local://default)",
    "app/src/main/java/org/onekash/kashcal/domain/writer/EventWriter.kt (local create SYNCED; delete: hard)",
), note="paths under app/src/main/java per storage_todo_notes_calendar.md §10; schema 13 read at the tag")
LOCAL_CAL = "(SELECT id FROM calendars WHERE caldav_url = 'local://default')"
KASHCAL_DATA = "/data/data/org.onekash.kashcal"
#: KashCalDataStore.kt (v22.5.15): ``preferencesDataStore(name = "kashcal_preferences")``, which lives at
#: files/datastore/<name>.preferences_pb (androidx PreferenceDataStoreFile); PreferencesKeys.ONBOARDING_DISMISSED.
KASHCAL_DATASTORE = "datastore/kashcal_preferences.preferences_pb"
KASHCAL_ONBOARDING_KEY = "onboarding_dismissed"


def iso_minutes(text: str) -> int | None:
    """``-PT15M`` / ``-PT1H`` / ``-P1D`` (a reminder before the start) to minutes."""
    s = rfc_duration_s(text.strip().lstrip("-"))
    return None if s is None else s // 60


class KashCalAdapter(CalendarAdapter):
    app: ClassVar[AppSpec] = app_by_id("calendar_kashcal")
    launch_guards, fidelity = fid.KASHCAL_GUARDS, fid.KASHCAL_FIDELITY
    db_path = KASHCAL_DB
    #: Saving an event with a reminder (a new one has 15 minutes) asks for POST_NOTIFICATIONS while it was never
    #: requested (EventFormSheet.kt onRequestNotificationPermission, MainActivity.kt; v22.5.15): granted at setup.
    runtime_permissions = ("android.permission.POST_NOTIFICATIONS",)
    storage = (StorageProfile(
        what="events", path=KASHCAL_DB,
        format="Room v13 events(id, uid, calendar_id, title, description, start_ts/end_ts ms, timezone, rrule, "
               "reminders JSON of ISO durations, dtstamp, sync_status, created_at, updated_at); "
               "occurrences(event_id, calendar_id, start_ts, end_ts, start_day/end_day YYYYMMDD device-local)",
        writes="create on the local calendar: an events row (sync_status SYNCED) + its occurrences; edit: row "
               "updated, occurrences regenerated; delete: the row removed (occurrences cascade)",
        sources=(KASHCAL_SOURCE,)),)

    def first_start(self) -> FirstStartDone:
        """The local calendar comes from LocalCalendarInitializer.ensureLocalCalendarExists at start-up,
        after the database file exists: seeding waits for its row, or the events would lack a calendar."""
        return FirstStartDone(kind="sql", query="SELECT id FROM calendars WHERE caldav_url = 'local://default'")

    def seed(self, device: DeviceClient, state: CalendarState) -> None:
        self.ensure_database(device)
        stmts = [BUSY, "BEGIN IMMEDIATE;", "DELETE FROM scheduled_reminders;", "DELETE FROM pending_operations;",
                 "DELETE FROM occurrences;", "DELETE FROM events;"]
        for i, e in enumerate(state.events, start=1):
            begin = start_ms(e)
            end = begin + e.duration_min * 60_000
            reminders = kashcal_reminders(sorted(e.reminders))
            stmts.append(
                "INSERT INTO events (uid, calendar_id, title, location, description, start_ts, end_ts, timezone, "
                "is_all_day, rrule, reminders, alarm_count, dtstamp, sync_status, created_at, updated_at) VALUES "
                f"({sql_text(f'seed-{i}@kashcal')}, {LOCAL_CAL}, {sql_text(e.title)}, NULL, "
                f"{sql_text(e.description) if e.description else 'NULL'}, "
                f"{begin}, {end}, 'UTC', 0, {sql_text(rrule_for(e)) if e.repeat else 'NULL'}, "
                f"{sql_text(reminders) if reminders else 'NULL'}, 0, {SEEDED_AT_MS}, 'SYNCED', "
                f"{SEEDED_AT_MS}, {SEEDED_AT_MS});")
        stmts.append(
            "INSERT INTO occurrences (event_id, calendar_id, start_ts, end_ts, start_day, end_day) SELECT id, "
            "calendar_id, start_ts, end_ts, CAST(strftime('%Y%m%d', start_ts / 1000, 'unixepoch') AS INTEGER), "
            "CAST(strftime('%Y%m%d', end_ts / 1000, 'unixepoch') AS INTEGER) FROM events;")
        stmts.append("COMMIT;")
        device.sqlite(KASHCAL_DB, " ".join(stmts))
        hand_to_app(device, KASHCAL_DB.rsplit("/", 2)[0])
        self.store_onboarding_dismissed(device)

    def store_onboarding_dismissed(self, device: DeviceClient) -> None:
        """Without a CalDAV account the app opens its onboarding sheet ("Apple Calendar?", "Connect" / "Not now")
        over the month view until ``onboarding_dismissed`` is true in the ``kashcal_preferences`` DataStore
        (HomeViewModel init, dismissOnboardingSheet; KashCalDataStore.kt, PreferencesKeys.kt): store it, as a lab
        that tapped "Not now" once, other entries kept (launch guard ``first_screen``)."""
        path = f"{KASHCAL_DATA}/files/{KASHCAL_DATASTORE}"
        old = device.pull_bytes(path) if device.run(f"ls {path}").ok else b""
        device.check(f"mkdir -p {KASHCAL_DATA}/files/datastore")
        device.push_bytes(with_boolean(old, KASHCAL_ONBOARDING_KEY, True), path)
        hand_to_app(device, KASHCAL_DATA, ("files",))


    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"events": read_lines(device, KASHCAL_DB, KASHCAL_READ)}

    def parse(self, raw: RawSnapshot) -> CalendarState:
        return parse_kashcal(_read(raw, "events", self.app.display_name))


KASHCAL_READ = (
    "SELECT id || char(31) || hex(title) || char(31) || hex(COALESCE(description,'')) || char(31) || "
    "start_ts || char(31) || end_ts || char(31) || COALESCE(rrule,'') || char(31) || "
    "hex(COALESCE(reminders,'')) FROM events WHERE original_event_id IS NULL "
    "AND sync_status != 'PENDING_DELETE' ORDER BY id;")


@parses("sqlite3 /data/data/org.onekash.kashcal/databases/kashcal.db FROM events WHERE original_event_id IS NULL")
def parse_kashcal(lines: list[str]) -> CalendarState:
    """Events from :data:`KASHCAL_READ` lines (the busy-timeout echo first, if kept): texts are hex,
    reminders a JSON list of ISO durations before the start."""
    body = lines[1:] if lines[:1] == ["5000"] else lines
    events = []
    for _id, title, desc, start, end, rule, rem in fields({"events": body}, "events", 7, "KashCal"):
        day, at = split_ms(int(start))
        text = from_hex(rem)
        try:
            offsets = json.loads(text) if text else []
        except json.JSONDecodeError as exc:
            raise VerifierReadError(f"KashCal: event {_id} reminders are not JSON: {text!r}") from exc
        minutes = [iso_minutes(str(o)) for o in offsets]
        if any(m is None for m in minutes):
            raise VerifierReadError(f"KashCal: event {_id} has an unreadable reminder in {text!r}")
        events.append(CalEvent(title=from_hex(title), date=day, start=at,
                               duration_min=(int(end) - int(start)) // 60_000, description=from_hex(desc),
                               repeat=rrule_freq(rule), reminders=sorted(m for m in minutes if m is not None)))
    return CalendarState(events=events)
