"""Where the Clock doubles keep alarms, timers, the stopwatch and world clocks: one class per
storage profile of docs/clock.md, writing exactly what the real app writes at its pinned version.

* :class:`SimpleStore` — Simple Clock 5.11.2 / Fossify Clock 1.6.0: ``databases/alarms.db`` table
  ``contacts`` (the real, misnamed alarm table) with the two disabled alarms ``DBHelper.onCreate``
  inserts, Room ``databases/app.db`` table ``timers`` (state as Gson JSON), the string set
  ``selected_time_zones`` in the default preferences; the stopwatch lives in process memory.
* :class:`DeskClockStore` — Clock 2.29 (``com.best.deskclock``, AOSP DeskClock lineage):
  device-protected storage ``/data/user_de/0/<pkg>``: ``databases/alarms.db`` table
  ``alarm_templates``; stopwatch, timers and cities as keys of the default preferences.
* :class:`ChronoStore` — Chrono 0.6.0 (Flutter): JSON lists in ``app_flutter/Clock/<key>.txt``.
* :class:`ClockYouStore` — Clock You 9.1: Room ``databases/com.bnyro.clock`` tables ``alarms`` and
  ``timeZones``; timer and stopwatch in process memory.
* :class:`PrivateStore` — Google Clock (closed source): a private stand-in file nobody reads; its
  alarms reach Android's AlarmManager, which is what ``dumpsys alarm`` shows.

Nothing here imports the harness; times are the device clock (``SimApp.now_ms``).
"""

from __future__ import annotations

import json
import os
import shutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from xml.sax.saxutils import escape, quoteattr

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp

TimerRun = str  # "idle" | "running" | "paused" | "finished"


@dataclass
class AlarmRow:
    id: int
    hour: int
    minute: int
    enabled: bool


@dataclass
class TimerRow:
    id: int
    seconds: int
    state: TimerRun = "idle"
    #: Wall time (ms) of the last start, and what was left then (ms).
    started_ms: int = 0
    left_ms: int = 0

    def remaining_ms(self, now_ms: int) -> int:
        if self.state == "running":
            return max(0, self.left_ms - (now_ms - self.started_ms))
        if self.state == "paused":
            return self.left_ms
        return self.seconds * 1000


@dataclass
class StopwatchRow:
    state: str = "reset"  # reset | running | paused
    started_ms: int = 0  # wall time of the last start
    accumulated_ms: int = 0  # time before the last start

    def elapsed_ms(self, now_ms: int) -> int:
        return self.accumulated_ms + (now_ms - self.started_ms if self.state == "running" else 0)


@dataclass(frozen=True)
class City:
    """A city a world-clock list offers: the app's own key, the name shown and its IANA zone."""

    key: str
    name: str
    zone: str


class ClockStore(Protocol):
    def alarms(self) -> list[AlarmRow]: ...
    def add_alarm(self, hour: int, minute: int) -> int: ...
    def update_alarm(self, alarm_id: int, hour: int, minute: int) -> None: ...
    def set_enabled(self, alarm_id: int, enabled: bool) -> None: ...
    def delete_alarm(self, alarm_id: int) -> None: ...
    def timers(self) -> list[TimerRow]: ...
    def add_timer(self, seconds: int) -> int: ...
    def save_timer(self, timer: TimerRow) -> None: ...
    def delete_timer(self, timer_id: int) -> None: ...
    def stopwatch(self) -> StopwatchRow: ...
    def save_stopwatch(self, row: StopwatchRow) -> None: ...
    def cities(self) -> list[City]: ...
    def add_city(self, city: City) -> None: ...


# -- SharedPreferences XML (Android's format, with string sets) -----------------------------------

Pref = str | bool | int | float | list[str]
_HEADER = "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n"


@dataclass
class PrefsFile:
    """A SharedPreferences file; ``longs`` names keys written as ``<long>`` whatever their size."""

    path: Path
    longs: frozenset[str] = frozenset()
    long_prefixes: tuple[str, ...] = ()

    def load(self) -> dict[str, Pref]:
        if not self.path.exists():
            return {}
        out: dict[str, Pref] = {}
        for el in ET.parse(self.path).getroot():
            name = el.get("name", "")
            if el.tag == "string":
                out[name] = el.text or ""
            elif el.tag == "set":
                out[name] = [s.text or "" for s in el]
            elif el.tag == "boolean":
                out[name] = el.get("value") == "true"
            elif el.tag in ("int", "long"):
                out[name] = int(el.get("value", "0"))
            elif el.tag == "float":
                out[name] = float(el.get("value", "0"))
        return out

    def put(self, values: dict[str, Pref | None]) -> None:
        current = self.load()
        for key, value in values.items():
            if value is None:
                current.pop(key, None)
            else:
                current[key] = value
        lines = [_HEADER, "<map>\n"]
        for key in sorted(current):
            value, name = current[key], quoteattr(key)
            if isinstance(value, bool):
                lines.append(f"    <boolean name={name} value=\"{'true' if value else 'false'}\" />\n")
            elif isinstance(value, int):
                tag = "long" if key in self.longs or key.startswith(self.long_prefixes) else "int"
                lines.append(f'    <{tag} name={name} value="{value}" />\n')
            elif isinstance(value, float):
                lines.append(f'    <float name={name} value="{value}" />\n')
            elif isinstance(value, list):
                inner = "".join(f"        <string>{escape(v)}</string>\n" for v in value)
                lines.append(f"    <set name={name}>\n{inner}    </set>\n" if value else f"    <set name={name} />\n")
            else:
                lines.append(f"    <string name={name}>{escape(value)}</string>\n")
        lines.append("</map>\n")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text("".join(lines), encoding="utf-8")
        os.replace(tmp, self.path)


# -- process memory (stopwatch / timers the real app never writes down) ---------------------------

@dataclass
class Memory:
    """State a real app keeps only in its process (lost on force-stop, as there)."""

    stopwatch: StopwatchRow = field(default_factory=StopwatchRow)
    timers: list[TimerRow] = field(default_factory=list)


# -- Simple Clock / Fossify Clock -------------------------------------------------------------------

WEEKDAYS, WEEKEND = 31, 96  # commons MONDAY_BIT..FRIDAY_BIT, SATURDAY_BIT | SUNDAY_BIT
SIMPLE_ZONES: tuple[City, ...] = (
    City("31", "GMT+01:00 Amsterdam", "Europe/Amsterdam"), City("34", "GMT+01:00 Madrid", "Europe/Madrid"),
    City("68", "GMT+08:00 Shanghai", "Asia/Shanghai"), City("69", "GMT+08:00 Hong Kong", "Asia/Hong_Kong"),
    City("71", "GMT+08:00 Kuala Lumpur", "Asia/Kuala_Lumpur"), City("84", "GMT+11:00 Sydney", "Australia/Sydney"),
)
_GSON_TYPES = {"idle": "Idle", "running": "Running", "paused": "Paused", "finished": "Finished"}


class SimpleStore:
    ALARMS_DB, TIMERS_DB = "alarms.db", "app.db"
    ALARMS_SCHEMA = ("CREATE TABLE IF NOT EXISTS contacts (id INTEGER PRIMARY KEY AUTOINCREMENT, time_in_minutes "
                     "INTEGER, days INTEGER, is_enabled INTEGER, vibrate INTEGER, sound_title TEXT, sound_uri TEXT, "
                     "label TEXT, one_shot INTEGER)")
    TIMERS_SCHEMA = ("CREATE TABLE IF NOT EXISTS `timers` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `seconds` INTEGER "
                     "NOT NULL, `state` TEXT NOT NULL, `vibrate` INTEGER NOT NULL, `soundUri` TEXT NOT NULL, "
                     "`soundTitle` TEXT NOT NULL, `label` TEXT NOT NULL, `createdAt` INTEGER NOT NULL, `channelId` "
                     "TEXT, `oneShot` INTEGER NOT NULL)")
    SOUND = ("Default (Cesium)", "content://settings/system/alarm_alert")

    def __init__(self, app: SimApp, memory: Memory) -> None:
        self.app, self.memory = app, memory
        self.prefs = PrefsFile(app.host_path("shared_prefs/Prefs.xml"))  # Simple-Commons PREFS_KEY

    def _alarms_db(self) -> None:
        """``SQLiteOpenHelper`` semantics: a new file gets the table and the two initial alarms."""
        if not self.app.query(self.ALARMS_DB, "PRAGMA user_version")[0][0]:
            self.app.executescript(self.ALARMS_DB, f"{self.ALARMS_SCHEMA}; PRAGMA user_version = 2;")
            for minutes, days in ((420, WEEKDAYS), (540, WEEKEND)):
                self._insert(minutes, days, enabled=False)

    def _insert(self, minutes: int, days: int, *, enabled: bool) -> int:
        return self.app.execute(self.ALARMS_DB, "INSERT INTO contacts (time_in_minutes, days, is_enabled, vibrate, "
                                "sound_title, sound_uri, label, one_shot) VALUES (?, ?, ?, 0, ?, ?, '', 0)",
                                (minutes, days, int(enabled), *self.SOUND))

    def alarms(self) -> list[AlarmRow]:
        self._alarms_db()
        rows = self.app.query(self.ALARMS_DB, "SELECT id, time_in_minutes, is_enabled FROM contacts ORDER BY "
                              "time_in_minutes, id")
        return [AlarmRow(int(r[0]), int(r[1]) // 60, int(r[1]) % 60, bool(r[2])) for r in rows]

    def add_alarm(self, hour: int, minute: int) -> int:
        self._alarms_db()
        return self._insert(hour * 60 + minute, tomorrow_bit(self.app.now_ms()), enabled=True)

    def update_alarm(self, alarm_id: int, hour: int, minute: int) -> None:
        self.app.execute(self.ALARMS_DB, "UPDATE contacts SET time_in_minutes = ?, is_enabled = 1 WHERE id = ?",
                         (hour * 60 + minute, alarm_id))

    def set_enabled(self, alarm_id: int, enabled: bool) -> None:
        self.app.execute(self.ALARMS_DB, "UPDATE contacts SET is_enabled = ? WHERE id = ?", (int(enabled), alarm_id))

    def delete_alarm(self, alarm_id: int) -> None:
        self.app.execute(self.ALARMS_DB, "DELETE FROM contacts WHERE id = ?", (alarm_id,))

    def _timers_db(self) -> None:
        self.app.executescript(self.TIMERS_DB, f"{self.TIMERS_SCHEMA}; PRAGMA user_version = 2;")

    def timers(self) -> list[TimerRow]:
        self._timers_db()
        out = []
        for r in self.app.query(self.TIMERS_DB, "SELECT id, seconds, state FROM timers ORDER BY id"):
            state = json.loads(r[2]).get("state", {})
            kind = {v: k for k, v in _GSON_TYPES.items()}.get(str(state.get("type")), "idle")
            tick = int(state.get("tick", 0))
            out.append(TimerRow(int(r[0]), int(r[1]), kind, started_ms=int(state.get("startedAt", 0)), left_ms=tick))
        return out

    @staticmethod
    def state_json(timer: TimerRow) -> str:
        """Gson of ``StateWrapper(state)`` with the RuntimeTypeAdapterFactory ``type`` field."""
        body: dict[str, Any] = {"type": _GSON_TYPES[timer.state]}
        if timer.state in ("running", "paused"):
            body |= {"duration": timer.seconds * 1000, "tick": timer.left_ms, "startedAt": timer.started_ms}
        return json.dumps({"state": body}, separators=(",", ":"))

    def add_timer(self, seconds: int) -> int:
        self._timers_db()
        return self.app.execute(self.TIMERS_DB, "INSERT INTO timers (seconds, state, vibrate, soundUri, soundTitle, "
                                "label, createdAt, channelId, oneShot) VALUES (?, ?, 0, ?, ?, '', ?, NULL, 0)",
                                (seconds, self.state_json(TimerRow(0, seconds)), self.SOUND[1], self.SOUND[0],
                                 self.app.now_ms()))

    def save_timer(self, timer: TimerRow) -> None:
        self.app.execute(self.TIMERS_DB, "UPDATE timers SET state = ? WHERE id = ?", (self.state_json(timer), timer.id))

    def delete_timer(self, timer_id: int) -> None:
        self.app.execute(self.TIMERS_DB, "DELETE FROM timers WHERE id = ?", (timer_id,))

    def stopwatch(self) -> StopwatchRow:
        return self.memory.stopwatch

    def save_stopwatch(self, row: StopwatchRow) -> None:
        self.memory.stopwatch = row

    def offered(self) -> tuple[City, ...]:
        return SIMPLE_ZONES

    def cities(self) -> list[City]:
        ids = self.prefs.load().get("selected_time_zones", [])
        return [c for c in SIMPLE_ZONES if isinstance(ids, list) and c.key in ids]

    def add_city(self, city: City) -> None:
        ids = self.prefs.load().get("selected_time_zones", [])
        self.prefs.put({"selected_time_zones": sorted({*(ids if isinstance(ids, list) else []), city.key})})


def tomorrow_bit(now_ms: int) -> int:
    """``getTomorrowBit()``: the weekday bit (Monday 1 … Sunday 64) of tomorrow (device runs in UTC)."""
    import datetime as dt

    tomorrow = dt.datetime.fromtimestamp(now_ms / 1000, dt.UTC) + dt.timedelta(days=1)
    return 1 << tomorrow.weekday()


def wipe_user_de(app: SimApp) -> None:
    """``pm clear`` empties device-protected storage too (``/data/user_de/0/<pkg>``)."""
    shutil.rmtree(app.device.fs.host(f"/data/user_de/0/{app.package}"), ignore_errors=True)


# -- Clock 2.29 (com.best.deskclock, AOSP DeskClock lineage) ----------------------------------------

DESK_CITIES: tuple[City, ...] = (
    City("C154", "Sydney", "Australia/Sydney"), City("C180", "Madrid", "Europe/Madrid"),
    City("C262", "Barcelona", "Europe/Madrid"),
)
DESK_TIMER_STATES = {"running": 1, "paused": 2, "finished": 3, "idle": 4}  # Timer.State values (RESET = 4)
DESK_SW_STATES = ("reset", "running", "paused")  # Stopwatch.State ordinals


class DeskClockStore:
    ALARMS_SCHEMA = (
        "CREATE TABLE IF NOT EXISTS alarm_templates (_id INTEGER PRIMARY KEY, year INTEGER NOT NULL, month INTEGER "
        "NOT NULL, day INTEGER NOT NULL, hour INTEGER NOT NULL, minutes INTEGER NOT NULL, daysofweek INTEGER NOT NULL, "
        "enabled INTEGER NOT NULL, vibrate INTEGER NOT NULL, vibrationPattern TEXT NOT NULL DEFAULT 'default', "
        "flash INTEGER NOT NULL, label TEXT NOT NULL, syncByLabel INTEGER NOT NULL, ringtone TEXT, "
        "delete_after_use INTEGER NOT NULL DEFAULT 0, autoSilenceDuration INTEGER NOT NULL DEFAULT 600, "
        "snoozeDuration INTEGER NOT NULL DEFAULT 10, missedAlarmRepeatLimit INTEGER NOT NULL DEFAULT -1, "
        "crescendoDuration INTEGER NOT NULL DEFAULT 0, alarmVolume INTEGER NOT NULL DEFAULT 5, "
        "manualSortOrder INTEGER NOT NULL DEFAULT 0); PRAGMA user_version = 25;")

    def __init__(self, app: SimApp, memory: Memory) -> None:
        self.app = app
        base = app.device.fs.host(f"/data/user_de/0/{app.package}")
        self.db_path = base / "databases" / "alarms.db"
        self.prefs = PrefsFile(base / "shared_prefs" / f"{app.package}_preferences.xml",
                               longs=frozenset({"sw_start_time", "sw_wall_clock_time", "sw_accum_time"}),
                               long_prefixes=("timer_setup_timet_", "timer_original_timet_", "timer_start_time_",
                                              "timer_wall_clock_time_", "timer_time_left_"))

    def _sql(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        import sqlite3
        from contextlib import closing

        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(self.db_path, isolation_level=None, timeout=5.0)) as conn:
            conn.executescript(self.ALARMS_SCHEMA)
            cur = conn.execute(sql, args)
            return cur.fetchall() if sql.lstrip().upper().startswith("SELECT") else [cur.lastrowid]

    def alarms(self) -> list[AlarmRow]:
        rows = self._sql("SELECT _id, hour, minutes, enabled FROM alarm_templates ORDER BY hour, minutes, _id")
        return [AlarmRow(int(r[0]), int(r[1]), int(r[2]), bool(r[3])) for r in rows]

    def add_alarm(self, hour: int, minute: int) -> int:
        return int(self._sql(
            "INSERT INTO alarm_templates (year, month, day, hour, minutes, daysofweek, enabled, vibrate, flash, label, "
            "syncByLabel, ringtone) VALUES (0, 0, 0, ?, ?, 0, 1, 1, 0, '', 0, ?)",
            (hour, minute, "content://settings/system/alarm_alert"))[0])

    def update_alarm(self, alarm_id: int, hour: int, minute: int) -> None:
        self._sql("UPDATE alarm_templates SET hour = ?, minutes = ?, enabled = 1 WHERE _id = ?", (hour, minute, alarm_id))

    def set_enabled(self, alarm_id: int, enabled: bool) -> None:
        self._sql("UPDATE alarm_templates SET enabled = ? WHERE _id = ?", (int(enabled), alarm_id))

    def delete_alarm(self, alarm_id: int) -> None:
        self._sql("DELETE FROM alarm_templates WHERE _id = ?", (alarm_id,))

    # timers: TimerDAO keys
    def timers(self) -> list[TimerRow]:
        p = self.prefs.load()
        ids = p.get("timers_list", [])
        out = []
        for tid in sorted(ids if isinstance(ids, list) else [], key=int):
            state = {v: k for k, v in DESK_TIMER_STATES.items()}.get(int(p.get(f"timer_state_{tid}", 4)), "idle")  # type: ignore[arg-type]
            out.append(TimerRow(int(tid), int(p.get(f"timer_setup_timet_{tid}", 0)) // 1000, state,  # type: ignore[arg-type]
                                started_ms=int(p.get(f"timer_wall_clock_time_{tid}", 0)),  # type: ignore[arg-type]
                                left_ms=int(p.get(f"timer_time_left_{tid}", 0))))  # type: ignore[arg-type]
        return out

    def add_timer(self, seconds: int) -> int:
        p = self.prefs.load()
        tid = int(p.get("next_timer_id", 0))  # type: ignore[arg-type]
        ids = p.get("timers_list", [])
        self.prefs.put({"next_timer_id": tid + 1, "timers_list": [*(ids if isinstance(ids, list) else []), str(tid)],
                        f"timer_setup_timet_{tid}": seconds * 1000, f"timer_original_timet_{tid}": seconds * 1000,
                        f"timer_label_{tid}": "", f"delete_after_use_{tid}": False})
        self.save_timer(TimerRow(tid, seconds, "idle", left_ms=seconds * 1000))
        return tid

    def save_timer(self, timer: TimerRow) -> None:
        t = timer.id
        self.prefs.put({f"timer_state_{t}": DESK_TIMER_STATES[timer.state], f"timer_time_left_{t}": timer.left_ms,
                        f"timer_wall_clock_time_{t}": timer.started_ms, f"timer_start_time_{t}": timer.started_ms})

    def delete_timer(self, timer_id: int) -> None:
        p = self.prefs.load()
        ids = [i for i in (p.get("timers_list") or []) if isinstance(i, str) and i != str(timer_id)]  # type: ignore[union-attr]
        self.prefs.put({"timers_list": ids} | {f"{k}{timer_id}": None for k in (
            "timer_state_", "timer_setup_timet_", "timer_original_timet_", "timer_start_time_",
            "timer_wall_clock_time_", "timer_time_left_", "timer_label_", "delete_after_use_")})

    def stopwatch(self) -> StopwatchRow:
        p = self.prefs.load()
        state = DESK_SW_STATES[int(p.get("sw_state", 0))]  # type: ignore[arg-type]
        return StopwatchRow(state, int(p.get("sw_wall_clock_time", 0)), int(p.get("sw_accum_time", 0)))  # type: ignore[arg-type]

    def save_stopwatch(self, row: StopwatchRow) -> None:
        unused = -(2**63)  # Long.MIN_VALUE: Stopwatch.UNUSED
        started = row.started_ms if row.state == "running" else unused
        self.prefs.put({"sw_state": DESK_SW_STATES.index(row.state), "sw_start_time": started,
                        "sw_wall_clock_time": started, "sw_accum_time": row.accumulated_ms})

    def offered(self) -> tuple[City, ...]:
        return DESK_CITIES

    def cities(self) -> list[City]:
        p = self.prefs.load()
        ids = [p.get(f"city_id_{i}") for i in range(int(p.get("number_of_cities", 0)))]  # type: ignore[arg-type]
        return [c for i in ids for c in DESK_CITIES if c.key == i]

    def add_city(self, city: City) -> None:
        keys = [c.key for c in self.cities()]
        if city.key in keys:
            return
        keys.append(city.key)
        self.prefs.put({"number_of_cities": len(keys)} | {f"city_id_{i}": k for i, k in enumerate(keys)})


# -- Chrono 0.6.0 (Flutter; JSON lists in app_flutter/Clock/<key>.txt) ------------------------------

CHRONO_CITIES: tuple[City, ...] = (
    City("Sydney", "Sydney", "Australia/Sydney"), City("Madrid", "Madrid", "Europe/Madrid"),
    City("Berlin", "Berlin", "Europe/Berlin"), City("Singapore", "Singapore", "Asia/Singapore"),
    City("Tokyo", "Tokyo", "Asia/Tokyo"),
)
CHRONO_COUNTRIES = {"Sydney": "Australia", "Madrid": "Spain", "Berlin": "Germany", "Singapore": "Singapore",
                    "Tokyo": "Japan", "New York City": "United States", "London": "United Kingdom", "Paris": "France"}
CHRONO_PRELOAD = (("New York City", "America/New_York"), ("London", "Europe/London"), ("Paris", "Europe/Paris"),
                  ("Tokyo", "Asia/Tokyo"))


def _iso(ms: int) -> str:
    import datetime as dt

    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).replace(tzinfo=None).isoformat(timespec="microseconds")


def _from_iso(text: str) -> int:
    import datetime as dt

    return int(dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC).timestamp() * 1000)


class ChronoStore:
    def __init__(self, app: SimApp, memory: Memory) -> None:
        self.app = app

    def _path(self, key: str) -> Path:
        return self.app.host_path(f"app_flutter/Clock/{key}.txt")

    def _load(self, key: str) -> list[dict[str, Any]]:
        self.init()
        data: list[dict[str, Any]] = json.loads(self._path(key).read_text(encoding="utf-8"))
        return data

    def _save(self, key: str, items: list[dict[str, Any]]) -> None:
        """``listToString``: a JSON list of the items' ``toJson`` objects."""
        self._path(key).write_text(json.dumps(items), encoding="utf-8")

    def init(self) -> None:
        """``initializeSettings``/``initList``: first start writes the defaults (four favourite cities,
        one stopwatch, no alarms or timers) unless the file exists."""
        defaults: dict[str, list[dict[str, Any]]] = {
            "alarms": [], "timers": [],
            "favorite_cities": [{"name": n, "country": CHRONO_COUNTRIES[n], "timezone": z, "id": i}
                                for i, (n, z) in enumerate(CHRONO_PRELOAD)],
            "stopwatches": [self._stopwatch_json(0, StopwatchRow())],
        }
        for key, items in defaults.items():
            if not self._path(key).exists():
                self._save(key, items)

    def alarms(self) -> list[AlarmRow]:
        return [AlarmRow(i, int(a["timeOfDay"]["hour"]), int(a["timeOfDay"]["minute"]), bool(a["enabled"]))
                for i, a in enumerate(self._load("alarms")) if not a.get("markedForDeletion")]

    def _alarm_json(self, hour: int, minute: int) -> dict[str, Any]:
        return {"timeOfDay": {"hour": hour, "minute": minute}, "enabled": True, "markedForDeletion": False,
                "snoozeTime": None, "snoozeCount": 0, "schedules": [], "settings": {}, "skippedTime": None}

    def add_alarm(self, hour: int, minute: int) -> int:
        items = self._load("alarms")
        items.append(self._alarm_json(hour, minute))
        self._save("alarms", items)
        return len(items) - 1

    def _edit_alarm(self, alarm_id: int, **changes: Any) -> None:
        items = self._load("alarms")
        items[alarm_id] |= changes
        self._save("alarms", items)

    def update_alarm(self, alarm_id: int, hour: int, minute: int) -> None:
        self._edit_alarm(alarm_id, timeOfDay={"hour": hour, "minute": minute}, enabled=True)

    def set_enabled(self, alarm_id: int, enabled: bool) -> None:
        self._edit_alarm(alarm_id, enabled=enabled)

    def delete_alarm(self, alarm_id: int) -> None:
        items = self._load("alarms")
        del items[alarm_id]
        self._save("alarms", items)

    def timers(self) -> list[TimerRow]:
        states = {"TimerState.stopped": "idle", "TimerState.running": "running", "TimerState.paused": "paused"}
        return [TimerRow(int(t["id"]), int(t["duration"]), states.get(t["state"], "idle"),
                         started_ms=_from_iso(t["startTime"]), left_ms=int(t["durationRemainingOnPause"]) * 1000)
                for t in self._load("timers")]

    def _timer_json(self, t: TimerRow) -> dict[str, Any]:
        names = {"idle": "TimerState.stopped", "running": "TimerState.running", "paused": "TimerState.paused",
                 "finished": "TimerState.stopped"}
        return {"duration": t.seconds, "currentDuration": t.seconds, "id": t.id,
                "durationRemainingOnPause": round(t.left_ms / 1000), "startTime": _iso(t.started_ms or self.app.now_ms()),
                "state": names[t.state], "settings": {}}

    def add_timer(self, seconds: int) -> int:
        items = self._load("timers")
        tid = max([int(t["id"]) for t in items] + [0]) + 1
        items.append(self._timer_json(TimerRow(tid, seconds, left_ms=seconds * 1000)))
        self._save("timers", items)
        return tid

    def save_timer(self, timer: TimerRow) -> None:
        self._save("timers", [self._timer_json(timer) if int(t["id"]) == timer.id else t for t in self._load("timers")])

    def delete_timer(self, timer_id: int) -> None:
        self._save("timers", [t for t in self._load("timers") if int(t["id"]) != timer_id])

    def _stopwatch_json(self, sid: int, row: StopwatchRow) -> dict[str, Any]:
        names = {"reset": "TimerState.stopped", "running": "TimerState.running", "paused": "TimerState.paused"}
        return {"id": sid, "elapsedMillisecondsOnPause": row.accumulated_ms,
                "startTime": _iso(row.started_ms or self.app.now_ms()), "state": names[row.state], "laps": "[]"}

    def stopwatch(self) -> StopwatchRow:
        sw = self._load("stopwatches")[0]
        state = {"TimerState.running": "running", "TimerState.paused": "paused"}.get(sw["state"], "reset")
        return StopwatchRow(state, _from_iso(sw["startTime"]), int(sw["elapsedMillisecondsOnPause"]))

    def save_stopwatch(self, row: StopwatchRow) -> None:
        sw = self._load("stopwatches")
        self._save("stopwatches", [self._stopwatch_json(int(sw[0]["id"]) if sw else 0, row), *sw[1:]])

    def offered(self) -> tuple[City, ...]:
        return CHRONO_CITIES

    def cities(self) -> list[City]:
        return [City(c["name"], c["name"], c["timezone"]) for c in self._load("favorite_cities")]

    def add_city(self, city: City) -> None:
        items = self._load("favorite_cities")
        if not any(c["name"] == city.name for c in items):
            items.append({"name": city.name, "country": CHRONO_COUNTRIES.get(city.name, ""), "timezone": city.zone,
                          "id": max([int(c["id"]) for c in items] + [0]) + 1})
            self._save("favorite_cities", items)


# -- Clock You 9.1 (Room database "com.bnyro.clock") -----------------------------------------------

CLOCKYOU_ZONES: tuple[City, ...] = (
    City("Australia/Sydney,Sydney,Australia", "Sydney", "Australia/Sydney"),
    City("Europe/Madrid,Madrid,Spain (España)", "Madrid", "Europe/Madrid"),
    City("Europe/Berlin,Berlin,Germany (Deutschland)", "Berlin", "Europe/Berlin"),
    City("Asia/Singapore,Singapore,Singapore", "Singapore", "Asia/Singapore"),
)


class ClockYouStore:
    DB = "com.bnyro.clock"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS `timeZones` (`key` TEXT NOT NULL, `zoneId` TEXT NOT NULL, `zoneName` TEXT NOT NULL, "
        "`countryName` TEXT NOT NULL, PRIMARY KEY(`key`)); "
        "CREATE TABLE IF NOT EXISTS `alarms` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `time` INTEGER NOT NULL, "
        "`label` TEXT, `enabled` INTEGER NOT NULL, `days` TEXT NOT NULL, `vibrate` INTEGER NOT NULL, `soundName` TEXT, "
        "`soundUri` TEXT, `repeat` INTEGER NOT NULL DEFAULT 1, `snoozeEnabled` INTEGER NOT NULL DEFAULT 1, "
        "`snoozeMinutes` INTEGER NOT NULL DEFAULT 10, `soundEnabled` INTEGER NOT NULL DEFAULT 1, `vibrationPattern` "
        "TEXT NOT NULL DEFAULT '1000,1000,1000,1000,1000', `vibrationPatternName` TEXT NOT NULL DEFAULT 'Default'); "
        "PRAGMA user_version = 10;")

    def __init__(self, app: SimApp, memory: Memory) -> None:
        self.app, self.memory = app, memory

    def _q(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        self.app.executescript(self.DB, self.SCHEMA)
        return self.app.query(self.DB, sql, args)

    def alarms(self) -> list[AlarmRow]:
        return [AlarmRow(int(r[0]), int(r[1]) // 3_600_000, int(r[1]) // 60_000 % 60, bool(r[2]))
                for r in self._q("SELECT id, time, enabled FROM alarms ORDER BY time, id")]

    def add_alarm(self, hour: int, minute: int) -> int:
        self._q("SELECT 1")
        return self.app.execute(self.DB, "INSERT INTO alarms (time, label, enabled, days, vibrate, soundName, soundUri, "
                                "repeat) VALUES (?, NULL, 1, '0,1,2,3,4,5,6', 0, NULL, NULL, 0)",
                                ((hour * 3600 + minute * 60) * 1000,))

    def update_alarm(self, alarm_id: int, hour: int, minute: int) -> None:
        self.app.execute(self.DB, "UPDATE alarms SET time = ?, enabled = 1 WHERE id = ?",
                         ((hour * 3600 + minute * 60) * 1000, alarm_id))

    def set_enabled(self, alarm_id: int, enabled: bool) -> None:
        self.app.execute(self.DB, "UPDATE alarms SET enabled = ? WHERE id = ?", (int(enabled), alarm_id))

    def delete_alarm(self, alarm_id: int) -> None:
        self.app.execute(self.DB, "DELETE FROM alarms WHERE id = ?", (alarm_id,))

    def timers(self) -> list[TimerRow]:
        return list(self.memory.timers)

    def add_timer(self, seconds: int) -> int:
        tid = max([t.id for t in self.memory.timers] + [0]) + 1
        self.memory.timers.append(TimerRow(tid, seconds, left_ms=seconds * 1000))
        return tid

    def save_timer(self, timer: TimerRow) -> None:
        self.memory.timers = [timer if t.id == timer.id else t for t in self.memory.timers]

    def delete_timer(self, timer_id: int) -> None:
        self.memory.timers = [t for t in self.memory.timers if t.id != timer_id]

    def stopwatch(self) -> StopwatchRow:
        return self.memory.stopwatch

    def save_stopwatch(self, row: StopwatchRow) -> None:
        self.memory.stopwatch = row

    def offered(self) -> tuple[City, ...]:
        return CLOCKYOU_ZONES

    def cities(self) -> list[City]:
        return [City(str(r[0]), str(r[1]), str(r[2])) for r in self._q("SELECT key, zoneName, zoneId FROM timeZones")]

    def add_city(self, city: City) -> None:
        self._q("SELECT 1")
        zone_id, name, country = city.key.split(",", 2)
        self.app.execute(self.DB, "INSERT OR REPLACE INTO timeZones (key, zoneId, zoneName, countryName) VALUES "
                         "(?, ?, ?, ?)", (city.key, zone_id, name, country))


# -- Google Clock (closed source): a private stand-in nobody reads ----------------------------------

class PrivateStore:
    """JSON at an app-private path; the harness never reads it (it reads ``dumpsys alarm``)."""

    def __init__(self, app: SimApp, memory: Memory) -> None:
        self.app, self.memory = app, memory
        self.path = app.host_path("files/sim_clock_state.json")

    def _load(self) -> dict[str, Any]:
        try:
            data: dict[str, Any] = json.loads(self.path.read_text(encoding="utf-8"))
            return data
        except (OSError, ValueError):
            return {"alarms": [], "cities": [], "next": 1}

    def _save(self, data: dict[str, Any]) -> None:
        self.path.write_text(json.dumps(data), encoding="utf-8")

    def alarms(self) -> list[AlarmRow]:
        return sorted((AlarmRow(**a) for a in self._load()["alarms"]), key=lambda a: (a.hour, a.minute, a.id))

    def add_alarm(self, hour: int, minute: int) -> int:
        data = self._load()
        aid = int(data["next"])
        data["next"] = aid + 1
        data["alarms"].append({"id": aid, "hour": hour, "minute": minute, "enabled": True})
        self._save(data)
        return aid

    def _edit(self, alarm_id: int, **changes: Any) -> None:
        data = self._load()
        data["alarms"] = [a | changes if a["id"] == alarm_id else a for a in data["alarms"]]
        self._save(data)

    def update_alarm(self, alarm_id: int, hour: int, minute: int) -> None:
        self._edit(alarm_id, hour=hour, minute=minute, enabled=True)

    def set_enabled(self, alarm_id: int, enabled: bool) -> None:
        self._edit(alarm_id, enabled=enabled)

    def delete_alarm(self, alarm_id: int) -> None:
        data = self._load()
        data["alarms"] = [a for a in data["alarms"] if a["id"] != alarm_id]
        self._save(data)

    timers = ClockYouStore.timers
    add_timer = ClockYouStore.add_timer
    save_timer = ClockYouStore.save_timer
    delete_timer = ClockYouStore.delete_timer
    stopwatch = ClockYouStore.stopwatch
    save_stopwatch = ClockYouStore.save_stopwatch

    def offered(self) -> tuple[City, ...]:
        return tuple(City(c.name, c.name, c.zone) for c in CHRONO_CITIES)

    def cities(self) -> list[City]:
        return [City(**c) for c in self._load()["cities"]]

    def add_city(self, city: City) -> None:
        data = self._load()
        if city.name not in [c["name"] for c in data["cities"]]:
            data["cities"].append({"key": city.key, "name": city.name, "zone": city.zone})
            self._save(data)
