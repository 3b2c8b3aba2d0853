"""The Clock apps' adapters: each reads (and seeds) its app's store as docs/clock.md's storage
profiles say, and maps it onto :class:`~verifiers.clock.state.ClockState`.

Reads are one shell round trip: a script prints marked sections (``@@name``), each either the
store's rows or ``@@missing`` when the file does not exist yet (a cleared app that has not yet
created its database holds nothing: that is an empty store, not an unreadable one). Anything
else that fails raises :class:`VerifierReadError`.
"""

from __future__ import annotations

import copy
import re
import shlex
import time
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.android_alarm import AOSP_ALARM, alarm_clocks
from verifiers.app_files import hand_to_app
from verifiers.base import AppAdapter, PairMode, RawSnapshot, SourceRef, StorageProfile, UnheldCase
from verifiers.clock import fidelity as fid
from verifiers.clock.prefs import parse_prefs, pref_int, prefs_xml
from verifiers.clock.state import Alarm, ClockState, Stopwatch, Timer

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

MISSING = "@@missing"
STOPWATCH_TEMPLATES = frozenset({"ClockStopwatchRunning", "ClockPauseStopwatch", "ClockStopwatchReset"})
TIMER_TEMPLATES = frozenset({"ClockCreateTimer", "ClockStartTimer"})
#: Templates whose alarms an app may read off its Alarm tab (by navigating there after the agent's turn).
ALARM_LIST_TEMPLATES = frozenset({"ClockEditAlarm", "ClockDeleteAlarm"})


def section_script(sections: dict[str, str]) -> str:
    """One shell script printing ``@@<name>`` then the section's output (commands may print
    ``@@missing``). Each command must succeed; the script stops at the first failure."""
    parts = [f"echo @@{name} && {{ {cmd}; }}" for name, cmd in sections.items()]
    return " && ".join(parts)


def split_sections(out: str, names: list[str]) -> RawSnapshot:
    raw: RawSnapshot = {}
    current: str | None = None
    for line in out.split("\n"):
        if line.startswith("@@") and line[2:] in names:
            current = line[2:]
            raw[current] = []
        elif current is not None and line != "":
            raw[current].append(line)
    if sorted(raw) != sorted(names):
        raise VerifierReadError(f"clock read: expected sections {names}, got {sorted(raw)}")
    return raw


def if_file(path: str, cmd: str) -> str:
    return f"if [ -f {shlex.quote(path)} ]; then {cmd}; else echo {MISSING}; fi"


BUSY = "5000"
#: The apps' list-mode reads (run by :func:`sqlite_cmd`, parsed by the registered readers below).
SIMPLE_ALARMS_READ = "SELECT time_in_minutes, is_enabled FROM contacts;"
SIMPLE_TIMERS_READ = "SELECT seconds, state FROM timers;"
DESK_ALARMS_READ = "SELECT hour, minutes, enabled FROM alarm_templates;"
CLOCKYOU_ALARMS_READ = "SELECT time, enabled FROM alarms;"
CLOCKYOU_ZONES_READ = "SELECT zoneId, zoneName FROM timeZones;"


def sqlite_cmd(path: str, sql: str) -> str:
    """``sqlite3`` with a busy timeout (whose PRAGMA prints ``5000`` first, dropped by :func:`rows`)."""
    return f"sqlite3 {shlex.quote(path)} {shlex.quote(f'PRAGMA busy_timeout={BUSY}; ' + sql)}"


def rows(lines: list[str], width: int) -> list[list[str]]:
    """Rows of a ``sqlite3`` list-mode read (``|`` between columns). Every column but the last is a
    number, so a ``|`` in the last (a zone's display name, a Gson text) stays in it."""
    if lines == [MISSING]:
        return []
    if not lines or lines[0] != BUSY:
        raise VerifierReadError(f"clock read: the sqlite3 read did not start with the busy timeout: {lines[:1]}")
    out = []
    for line in lines[1:]:
        cells = line.split("|", width - 1)
        if len(cells) != width:
            raise VerifierReadError(f"clock read: expected {width} columns in {line!r}")
        out.append(cells)
    return out


#: Why the in-memory stopwatch pairs read the screen (Running, Pause and Reset).
MEMORY_STOPWATCH_UI = (
    "nothing readable records it: the stopwatch lives only in the app's process memory ({where}), so the "
    "Stopwatch tab's time and buttons are read off the screen (a Pause button = running; a non-zero time "
    "otherwise = paused; zero = reset); the seed starts/pauses it through the app's own UI after relaunching it")
MEMORY_PAUSE_UI = MEMORY_STOPWATCH_UI + (
    "; conformance case 'paused_at_zero' is not held here (this read takes a zero time as reset, so on it "
    "'nonzero' coincides with 'paused', which 'still_running' pins)")
#: Why a screen-read stopwatch cannot hold ClockPauseStopwatch's "paused at zero" near miss.
PAUSED_AT_ZERO_UNHELD = UnheldCase(
    reason=("the stopwatch is seeded through the app's UI, and Start then Pause leaves time on it unless both land "
            "in the same hundredth, which no seed can time; and the screen read takes a zero time as reset (the "
            "time shown is all a paused stopwatch's face says about 'nonzero'), so a stopwatch paused at zero "
            "reads as not paused: it fails 'paused' there, as it fails 'nonzero' elsewhere"),
    carried_by="paused")


def memory_stopwatch(where: str) -> tuple[dict[str, str], dict[str, dict[str, UnheldCase]]]:
    """(screen reasons, unheld conformance cases) for an app whose stopwatch is process memory only."""
    ui = {t: MEMORY_STOPWATCH_UI.format(where=where) for t in ("ClockStopwatchRunning", "ClockStopwatchReset")}
    ui["ClockPauseStopwatch"] = MEMORY_PAUSE_UI.format(where=where)
    return ui, {"ClockPauseStopwatch": {"paused_at_zero": PAUSED_AT_ZERO_UNHELD}}


class ClockAdapter(AppAdapter[ClockState]):
    """Shared parts: permissions, which templates the store verifies, and file helpers."""

    runtime_permissions: ClassVar[tuple[str, ...]] = ("android.permission.POST_NOTIFICATIONS",)
    #: Templates whose state this app keeps nowhere readable, with the reason (not scheduled).
    declined: ClassVar[dict[str, str]] = {}
    #: Per template, the conformance near misses this app cannot hold (``AppAdapter.unheld_cases``).
    unheld: ClassVar[dict[str, dict[str, UnheldCase]]] = {}
    #: Whether the app keeps a readable stopwatch.
    has_stopwatch: ClassVar[bool] = True

    #: Templates this app verifies off its screen, with the reason (docs/clock.md, "ui" pairs).
    screen_reasons: ClassVar[dict[str, str]] = {}
    #: The template this adapter is bound to when it reads the screen (``for_template``).
    screen_for: str = ""

    def supports(self, template: TaskTemplate[ClockState]) -> bool:
        return template.semantic_id not in self.declined

    def decline_reason(self, template: TaskTemplate[Any]) -> str:
        return self.declined.get(template.semantic_id, "")

    def unheld_cases(self, template: TaskTemplate[Any]) -> dict[str, UnheldCase]:
        return self.unheld.get(template.semantic_id, {})

    def for_template(self, template: TaskTemplate[Any]) -> ClockAdapter:
        if template.semantic_id not in self.screen_reasons:
            return self
        bound = copy.copy(self)
        bound.screen_for = template.semantic_id
        bound.seeds_live_app = template.semantic_id in STOPWATCH_TEMPLATES
        bound.reads_by_navigating = template.semantic_id in ALARM_LIST_TEMPLATES
        return bound

    def readable_part(self, state: ClockState) -> ClockState:
        if self.screen_for in STOPWATCH_TEMPLATES:
            return state
        return state if self.has_stopwatch else state.model_copy(update={"stopwatch": None})

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.semantic_id in self.screen_reasons:
            return PairMode(mode="ui", reason=self.screen_reasons[template.semantic_id])
        return PairMode(mode="durable")

    def seed_screen(self, device: DeviceClient, state: ClockState) -> None:
        """Put the in-memory stopwatch into the app through its UI, as a user would: relaunch the
        app (it reads the seeded stores), open the Stopwatch tab, Start (and Pause); then check
        the screen shows it. A paused stopwatch holds whatever ran between the two taps (> 0)."""
        if self.screen_for not in STOPWATCH_TEMPLATES:
            return
        from pytest_anyapp.episode import lifecycle

        sw = state.stopwatch or Stopwatch()
        lifecycle.relaunch(device, self.app.package)
        tap_on_screen(device, desc="Stopwatch")
        if sw.state != "reset":
            tap_on_screen(device, desc="Start")
        if sw.state == "paused":
            # pause only once the running stopwatch shows time (a pause in the same hundredth reads as reset)
            deadline = time.monotonic() + 3.0
            while time.monotonic() < deadline:
                shown = screen_stopwatch([device.ui_dump()])
                if shown is not None and shown.nonzero:
                    break
            tap_on_screen(device, desc="Pause")
        got = screen_stopwatch([device.ui_dump()])
        if got is None or got.state != sw.state or got.nonzero != sw.nonzero:
            raise DeviceError(f"seeding the stopwatch through the UI: wanted {sw}, the screen shows {got}")

    def screen_part(self, device: DeviceClient, raw: RawSnapshot) -> RawSnapshot:
        """Add the screen, and which template it is read for: ``parse`` must not depend on the
        bound adapter (``anyapp rescore`` parses with the app's plain adapter)."""
        if self.screen_for:
            raw["screen"] = [device.ui_dump()]
            raw["screen_for"] = [self.screen_for]
        return raw

    def with_screen(self, raw: RawSnapshot, state: ClockState) -> ClockState:
        """The parsed store with what the screen shows for the bound template."""
        if "screen" not in raw:
            return state
        screen_for = raw.get("screen_for", [""])[0]
        if screen_for == "ClockAddWorldClock":
            return state.model_copy(update={"cities": screen_cities(raw["screen"])})
        if screen_for == "ClockStartTimer":
            return state.model_copy(update={"timers": screen_timers(raw["screen"])})
        if screen_for in ALARM_LIST_TEMPLATES:
            return state.model_copy(update={"alarms": screen_alarms(raw["screen"])})
        return state.model_copy(update={"stopwatch": screen_stopwatch(raw["screen"])})

    def seed_timers(self, device: DeviceClient, timers: list[Timer]) -> None:
        """Timers through the app's UI (Timer tab, keypad digits, Start; then Pause or Reset on the
        row), one at a time; then check the Timer tab lists them."""
        if not timers:
            return
        if len(timers) > 1:
            raise ValueError("seeding through the UI handles one timer")
        t = timers[0]
        device.launch(self.app.package)
        tap_on_screen(device, desc="Timer")
        if on_screen(device, desc="Add timer"):
            tap_on_screen(device, desc="Add timer")
        for digit in f"{t.seconds // 3600:02d}{t.seconds // 60 % 60:02d}{t.seconds % 60:02d}".lstrip("0"):
            tap_on_screen(device, text=digit, cls="Button")
        tap_on_screen(device, desc="Start")
        if t.state in ("paused", "idle"):
            tap_on_screen(device, desc="Pause" if t.state == "paused" else "Reset")
        shown = screen_timers([device.ui_dump()])
        if [(x.seconds, x.state) for x in shown] != [(t.seconds, t.state)]:
            raise DeviceError(f"seeding a timer through the UI: wanted {t}, the Timer tab shows {shown}")

    def seed_cities(self, device: DeviceClient, cities: list[str]) -> None:
        """World clocks through the app's UI (Clock tab, Add city, search, pick), as a user adds
        them; then check the Clock tab lists them."""
        from pytest_anyapp.episode.actuate import escape_input_text

        device.launch(self.app.package)
        tap_on_screen(device, desc="Clock")
        for city in cities:
            tap_on_screen(device, desc="Add city")
            tap_on_screen(device, cls="EditText")
            device.check(f"input text {escape_input_text(city)}")
            tap_on_screen(device, text=city, cls="TextView")
        shown = screen_cities([device.ui_dump()])
        if sorted(shown) != sorted(cities):
            raise DeviceError(f"seeding world clocks through the UI: wanted {cities}, the Clock tab lists {shown}")

    def write_file(self, device: DeviceClient, path: str, text: str) -> None:
        parent = path.rsplit("/", 1)[0]
        device.check(f"mkdir -p {shlex.quote(parent)}")
        device.push_bytes(text.encode("utf-8"), path)

    def read(self, device: DeviceClient, sections: dict[str, str]) -> RawSnapshot:
        try:
            out = device.check(section_script(sections))
        except DeviceError as exc:
            raise VerifierReadError(f"could not read {self.app.app_id}'s clock stores: {exc}") from exc
        return split_sections(out, list(sections))


# -- screen helpers (the one ui pair: a timer set up on Clock's keypad) --------------------------------

KEYPAD = re.compile(r"^(\d{2})h (\d{2})m (\d{2})s$")


def keypad_setup(screen: list[str]) -> int:
    """Seconds shown on the timer keypad display (``timer_setup_time``, ``HHh MMm SSs``); 0 when the
    setup is not on screen or empty."""
    from pytest_anyapp.device.uixml import parse_ui_dump

    for el in parse_ui_dump("".join(screen)):
        match = KEYPAD.match(el.text) if el.resource_id.endswith(":id/timer_setup_time") else None
        if match:
            h, m, s = (int(g) for g in match.groups())
            return h * 3600 + m * 60 + s
    return 0


STOPWATCH_TIME = re.compile(r"^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{2})$")


def screen_cities(screen: list[str]) -> list[str]:
    """The world clocks the Clock tab lists (``city_name`` rows inside the ``cities`` list); none
    when the Clock tab is not shown (a city search's results are not world clocks)."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring("".join(screen))
    except ET.ParseError as exc:
        raise VerifierReadError(f"the screen read is not a uiautomator dump: {exc}") from exc
    lists = [n for n in root.iter("node") if n.get("resource-id", "").endswith(":id/cities")]
    return [n.get("text", "") for lst in lists for n in lst.iter("node")
            if n.get("resource-id", "").endswith(":id/city_name")]


DURATION = re.compile(r"^(?:(\d+):)?(\d{2}):(\d{2})$")
TIMER_ACTIONS = {"Pause": "running", "Resume": "paused", "Start": "idle"}


def screen_timers(screen: list[str]) -> list[Timer]:
    """The timers the Timer tab lists: each row holds the time left and the length set
    (``[H:]MM:SS``, the length last), a Reset button and Pause (running), Resume (paused) or Start
    (idle). None when the tab shows no timer rows (the setup keypad)."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring("".join(screen))
    except ET.ParseError as exc:
        raise VerifierReadError(f"the screen read is not a uiautomator dump: {exc}") from exc

    def row_of(node: ET.Element) -> Timer | None:
        nodes = list(node.iter("node"))
        descs = [n.get("content-desc", "") for n in nodes]
        actions = [TIMER_ACTIONS[d] for d in descs if d in TIMER_ACTIONS]
        lengths = [m for m in (DURATION.match(n.get("text", "")) for n in nodes) if m]
        if "Reset" not in descs or len(actions) != 1 or not lengths:
            return None
        h, m, s = (int(g or 0) for g in lengths[-1].groups())
        return Timer(seconds=h * 3600 + m * 60 + s, state=actions[0])

    out: list[Timer] = []
    for node in root.iter("node"):
        timer = row_of(node)
        if timer is not None and not any(row_of(child) for child in node):
            out.append(timer)
    return out


ALARM_TIME = re.compile(r"^(\d{1,2}):(\d{2})(?:\s*([AP]M))?$")


def alarm_list_rows(dump: str) -> tuple[list[Alarm], bool]:
    """The alarms one dump of the Alarm tab lists (each row: the time in ``digital_clock``,
    ``h:mm AM``/``HH:mm``, and its ``onoff`` switch), and whether the last row reaches the list's
    bottom edge (more may be below). Raises when the Alarm tab is not shown."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(dump)
    except ET.ParseError as exc:
        raise VerifierReadError(f"the screen read is not a uiautomator dump: {exc}") from exc
    nodes = list(root.iter("node"))
    if not any(n.get("content-desc") == "Alarm" and n.get("selected") == "true" for n in nodes):
        raise VerifierReadError("the Alarm tab is not shown after navigating to it")
    lists = [n for n in nodes if n.get("resource-id", "").endswith(":id/alarm_recycler_view")]
    if not lists:
        return [], False  # no alarms: the tab shows no list
    alarms: list[Alarm] = []
    last_bottom = 0
    for row in lists[0]:
        times = [n for n in row.iter("node") if n.get("resource-id", "").endswith(":id/digital_clock")]
        switches = [n for n in row.iter("node") if n.get("resource-id", "").endswith(":id/onoff")]
        match = ALARM_TIME.match(times[0].get("text", "")) if len(times) == 1 and len(switches) == 1 else None
        if match is None:
            raise VerifierReadError(f"an alarm row without one time and one switch: {ET.tostring(row)[:200]!r}")
        hour, minute = int(match.group(1)), int(match.group(2))
        if match.group(3):
            hour = hour % 12 + (12 if match.group(3) == "PM" else 0)
        alarms.append(Alarm(hour=hour, minute=minute, enabled=switches[0].get("checked") == "true"))
        last_bottom = _bottom(row.get("bounds", ""))
    return alarms, last_bottom >= _bottom(lists[0].get("bounds", "")) - 2


def _bottom(bounds: str) -> int:
    match = re.match(r"^\[\d+,\d+\]\[\d+,(\d+)\]$", bounds)
    if match is None:
        raise VerifierReadError(f"bad bounds {bounds!r} in the screen read")
    return int(match.group(1))


def _list_bounds(dump: str) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the alarm list in a dump of the Alarm tab."""
    match = re.search(r'resource-id="[^"]*:id/alarm_recycler_view"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"', dump)
    if match is None:
        raise DeviceError("no alarm list on the Alarm tab to scroll")
    left, top, right, bottom = (int(g) for g in match.groups())
    return left, top, right, bottom


def screen_alarms(screens: list[str]) -> list[Alarm]:
    """The alarms over the Alarm tab's dumps (one per scroll position, see
    ``GoogleClockAdapter.read_alarm_list``); a row seen on two consecutive dumps counts once."""
    seen: set[tuple[int, int, bool]] = set()
    for dump in screens:
        seen |= {(a.hour, a.minute, a.enabled) for a in alarm_list_rows(dump)[0]}
    return [Alarm(hour=h, minute=m, enabled=e) for h, m, e in sorted(seen)]


def screen_stopwatch(screen: list[str]) -> Stopwatch | None:
    """The stopwatch as its tab shows it: the time (``[H:]MM:SS.hh``) and its buttons (a Pause
    button while it runs; a paused one shows a non-zero time). None when the tab is not shown."""
    from pytest_anyapp.device.uixml import parse_ui_dump

    elements = parse_ui_dump("".join(screen))
    shown = [STOPWATCH_TIME.match(el.text) for el in elements]
    times = [m for m in shown if m]
    labels = {el.content_desc or el.text for el in elements}
    if not times or not labels & {"Start", "Resume", "Pause"}:
        return None
    h, m, s, cs = (int(g or 0) for g in times[0].groups())
    ms = ((h * 60 + m) * 60 + s) * 1000 + cs * 10
    if "Pause" in labels:
        return Stopwatch(state="running", accumulated_ms=ms)
    return Stopwatch(state="paused" if ms else "reset", accumulated_ms=ms)


def on_screen(device: DeviceClient, *, desc: str | None = None, text: str | None = None,
              cls: str | None = None) -> tuple[int, int] | None:
    from pytest_anyapp.device.uixml import parse_ui_dump

    for el in parse_ui_dump(device.ui_dump()):
        if (desc is None or el.content_desc == desc) and (text is None or el.text == text) \
                and (cls is None or cls in el.class_name):
            return el.center
    return None


def tap_on_screen(device: DeviceClient, **where: str) -> None:
    point = on_screen(device, **where)
    if point is None:
        raise DeviceError(f"seeding: nothing on screen matches {where}")
    device.check(f"input tap {point[0]} {point[1]}")


# -- Simple Clock 5.11.2 / Fossify Clock 1.6.0 ------------------------------------------------------

#: ``helpers/Constants.kt`` time-zone ids of the cities the tasks use (identical in both apps).
SIMPLE_ZONE_IDS: dict[str, str] = {"84": "Sydney", "34": "Madrid", "31": "Amsterdam"}
SIMPLE_TIMER_TYPES = {"Idle": "idle", "Running": "running", "Paused": "paused", "Finished": "finished"}
SIMPLE_ALARMS_SCHEMA = ("CREATE TABLE IF NOT EXISTS contacts (id INTEGER PRIMARY KEY AUTOINCREMENT, time_in_minutes "
                        "INTEGER, days INTEGER, is_enabled INTEGER, vibrate INTEGER, sound_title TEXT, sound_uri TEXT, "
                        "label TEXT, one_shot INTEGER); PRAGMA user_version = 2;")
SIMPLE_TIMERS_SCHEMA = ("CREATE TABLE IF NOT EXISTS `timers` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `seconds` INTEGER "
                        "NOT NULL, `state` TEXT NOT NULL, `vibrate` INTEGER NOT NULL, `soundUri` TEXT NOT NULL, "
                        "`soundTitle` TEXT NOT NULL, `label` TEXT NOT NULL, `createdAt` INTEGER NOT NULL, `channelId` "
                        "TEXT, `oneShot` INTEGER NOT NULL); PRAGMA user_version = 2;")


def gson_state(json_text: str) -> str:
    """The ``type`` of a Gson ``StateWrapper`` (``{"state":{"type":"Idle"}}``)."""
    import json

    try:
        kind = json.loads(json_text)["state"]["type"]
    except (ValueError, KeyError, TypeError) as exc:
        raise VerifierReadError(f"timer state is not a Gson StateWrapper: {json_text!r}") from exc
    if kind not in SIMPLE_TIMER_TYPES:
        raise VerifierReadError(f"unknown timer state type {kind!r}")
    return SIMPLE_TIMER_TYPES[kind]


class SimpleClockFamilyAdapter(ClockAdapter):
    """Alarms in ``alarms.db`` (table ``contacts``), timers in Room ``app.db``, zones in
    ``shared_prefs/Prefs.xml`` (``selected_time_zones``); the stopwatch is process memory only."""

    has_stopwatch = False
    screen_reasons, unheld = memory_stopwatch("helpers/Stopwatch.kt: an object with state, totalTicks, "
                                              "uptimeAtStart")

    @property
    def base(self) -> str:
        return f"/data/data/{self.app.package}"

    def seed(self, device: DeviceClient, state: ClockState) -> None:
        """Write ``alarms.db`` with its schema and version (so the app's ``onCreate`` does not add its
        two default alarms: the task's alarms are all there is), the timers when there are any, and
        the zone set."""
        alarms_db, timers_db = f"{self.base}/databases/alarms.db", f"{self.base}/databases/app.db"
        device.check(f"mkdir -p {self.base}/databases {self.base}/shared_prefs && rm -f {alarms_db} {timers_db}")
        days = self.oneshot_days(device, state.alarms)
        values = ", ".join(f"({a.hour * 60 + a.minute}, {d}, {int(a.enabled)}, 0, 'Default (Cesium)', "
                           f"'content://settings/system/alarm_alert', '', 0)" for a, d in zip(state.alarms, days,
                                                                                              strict=True))
        insert = (f"INSERT INTO contacts (time_in_minutes, days, is_enabled, vibrate, sound_title, sound_uri, label, "
                  f"one_shot) VALUES {values};") if state.alarms else ""
        device.sqlite(alarms_db, SIMPLE_ALARMS_SCHEMA + insert)
        if state.timers:
            now = device.now_s() * 1000
            tvals = ", ".join(
                f"({t.seconds}, '{self.gson(t)}', 0, 'content://settings/system/alarm_alert', 'Default (Cesium)', '', "
                f"{now}, NULL, 0)" for t in state.timers)
            device.sqlite(timers_db, SIMPLE_TIMERS_SCHEMA + "INSERT INTO timers (seconds, state, vibrate, soundUri, "
                          f"soundTitle, label, createdAt, channelId, oneShot) VALUES {tvals};")
        ids = {v: k for k, v in SIMPLE_ZONE_IDS.items()}
        zones = [ids[c] for c in state.cities]
        self.write_file(device, f"{self.base}/shared_prefs/Prefs.xml",
                        prefs_xml({"selected_time_zones": zones, **self.first_run_prefs}))
        hand_to_app(device, self.base)
        self.seed_screen(device, state)

    #: What the app writes in ``days`` for an alarm that does not repeat (None: 0, as the app's own
    #: rows for a dayless alarm).
    today_tomorrow: ClassVar[tuple[int, int] | None] = None
    #: Prefs.xml flags a lab's device holds once its user got past the app's first screens.
    first_run_prefs: ClassVar[dict[str, bool]] = {}

    def oneshot_days(self, device: DeviceClient, alarms: list[Alarm]) -> list[int]:
        """``days`` of each seeded one-shot alarm: Fossify Clock 1.6.0 saves a non-repeating alarm
        with TODAY_BIT (-1) when its time is later today, else TOMORROW_BIT (-2)
        (``helpers/Constants.kt`` updateNonRecurringAlarmDay, called by ``EditAlarmDialog`` on OK)."""
        if self.today_tomorrow is None:
            return [0] * len(alarms)
        hh, mm = device.check("date +%H:%M").strip().split(":")
        now = int(hh) * 60 + int(mm)
        today, tomorrow = self.today_tomorrow
        return [today if a.hour * 60 + a.minute > now else tomorrow for a in alarms]

    @staticmethod
    def gson(timer: Timer) -> str:
        kind = {v: k for k, v in SIMPLE_TIMER_TYPES.items()}[timer.state]
        extra = f',"duration":{timer.seconds * 1000},"tick":{timer.seconds * 1000}' \
            if timer.state in ("running", "paused") else ""
        return f'{{"state":{{"type":"{kind}"{extra}}}}}'

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        alarms_db, timers_db = f"{self.base}/databases/alarms.db", f"{self.base}/databases/app.db"
        prefs = f"{self.base}/shared_prefs/Prefs.xml"
        return self.screen_part(device, self.read(device, {
            "alarms": if_file(alarms_db, sqlite_cmd(alarms_db, SIMPLE_ALARMS_READ)),
            "timers": if_file(timers_db, sqlite_cmd(timers_db, SIMPLE_TIMERS_READ)),
            "prefs": if_file(prefs, f"cat {prefs}"),
        }))

    def parse(self, raw: RawSnapshot) -> ClockState:
        alarms, timers = simple_alarms(raw["alarms"]), simple_timers(raw["timers"])
        prefs = {} if raw["prefs"] == [MISSING] else parse_prefs("\n".join(raw["prefs"]))
        zones = prefs.get("selected_time_zones", [])
        if not isinstance(zones, list):
            raise VerifierReadError("selected_time_zones is not a string set")
        return self.with_screen(raw, ClockState(alarms=alarms, timers=timers, stopwatch=None,
                                                cities=[SIMPLE_ZONE_IDS.get(z, f"zone#{z}") for z in zones]))


@parses("sqlite3 SELECT time_in_minutes, is_enabled FROM contacts")
def simple_alarms(lines: list[str]) -> list[Alarm]:
    """Fossify Clock / Simple Clock ``alarms.db`` rows: minutes after midnight, enabled."""
    return [Alarm(hour=int(m) // 60, minute=int(m) % 60, enabled=e == "1") for m, e in rows(lines, 2)]


@parses("sqlite3 SELECT seconds, state FROM timers")
def simple_timers(lines: list[str]) -> list[Timer]:
    """Fossify Clock / Simple Clock Room ``timers`` rows: length, Gson ``StateWrapper``."""
    return [Timer(seconds=int(s), state=gson_state(j)) for s, j in rows(lines, 2)]


def _simple_sources(repo: str, tag: str, root: str) -> tuple[SourceRef, ...]:
    return (SourceRef(repo=repo, tag=tag, files=(
        f"{root}/helpers/DBHelper.kt (DB_NAME alarms.db, DB_VERSION 2, table 'contacts', onCreate inserts "
        "07:00 weekdays and 09:00 weekend alarms, disabled)",
        f"{root}/fragments/AlarmFragment.kt (a new alarm is enabled)",
        f"{root}/databases/AppDatabase.kt (Room 'app.db'), app/schemas/.../AppDatabase/2.json (timers)",
        f"{root}/helpers/Converters.kt, extensions/gson/TypeAdapter.kt, models/TimerState.kt (state as Gson "
        "StateWrapper with a 'type' field)",
        f"{root}/helpers/Config.kt, helpers/Constants.kt (selected_time_zones: ids of the zone list; "
        "84 Sydney, 34 Madrid; no Singapore, no Berlin)",
        f"{root}/helpers/Stopwatch.kt (stopwatch state in memory only)",
    ), note="preferences file 'Prefs' = Simple-Commons PREFS_KEY"),)


def _simple_storage(pkg: str, sources: tuple[SourceRef, ...]) -> tuple[StorageProfile, ...]:
    base = f"/data/data/{pkg}"
    return (
        StorageProfile(what="alarms", path=f"{base}/databases/alarms.db",
                       format="table contacts(id, time_in_minutes, days, is_enabled, vibrate, sound_title, "
                              "sound_uri, label, one_shot)",
                       writes="saving a new alarm inserts a row (is_enabled=1); the switch updates is_enabled; "
                              "delete removes the row", sources=sources),
        StorageProfile(what="timers", path=f"{base}/databases/app.db",
                       format="Room v2 table timers(id, seconds, state JSON {\"state\":{\"type\":...}}, vibrate, "
                              "soundUri, soundTitle, label, createdAt, channelId, oneShot)",
                       writes="New timer + Save inserts an Idle row; play sets Running, pause Paused, reset Idle",
                       sources=sources),
        StorageProfile(what="world clocks", path=f"{base}/shared_prefs/Prefs.xml",
                       format="string set selected_time_zones (zone ids of Constants.kt)",
                       writes="the time-zone checklist's OK writes the checked ids", sources=sources),
        StorageProfile(what="stopwatch", path="(process memory)", format="object Stopwatch", readable=False,
                       writes="nothing durable", sources=sources),
    )


FOSSIFY_SOURCES = _simple_sources("FossifyOrg/Clock", "1.6.0", "app/src/main/kotlin/org/fossify/clock")
SIMPLE_SOURCES = _simple_sources("SimpleMobileTools/Simple-Clock", "5.11.2",
                                 "app/src/main/kotlin/com/simplemobiletools/clock")


class FossifyClockAdapter(SimpleClockFamilyAdapter):
    app: ClassVar[AppSpec] = app_by_id("clock_fossify_clock")
    launch_guards, fidelity = fid.FOSSIFY_GUARDS, fid.FOSSIFY_FIDELITY
    storage = _simple_storage("org.fossify.clock", FOSSIFY_SOURCES)
    today_tomorrow = (-1, -2)  # helpers/Constants.kt TODAY_BIT, TOMORROW_BIT
    #: EditAlarmDialog/AlarmsAdapter show the "alarm warning" confirmation on the first alarm saved or
    #: switched on until the commons flag is set (the double does not show it).
    first_run_prefs = {"was_alarm_warning_shown": True}


class SimpleClockAdapter(SimpleClockFamilyAdapter):
    app: ClassVar[AppSpec] = app_by_id("clock_simple_clock")
    launch_guards, fidelity = fid.SIMPLE_GUARDS, fid.SIMPLE_FIDELITY
    storage = _simple_storage("com.simplemobiletools.clock", SIMPLE_SOURCES)
    today_tomorrow = (-1, -2)  # helpers/Constants.kt at 5.11.2, as in Fossify Clock
    first_run_prefs = {"was_alarm_warning_shown": True}


# -- Clock 2.29 (com.best.deskclock) -----------------------------------------------------------------

DESK_BASE = "/data/user_de/0/com.best.deskclock"
DESK_DB = f"{DESK_BASE}/databases/alarms.db"
DESK_PREFS = f"{DESK_BASE}/shared_prefs/com.best.deskclock_preferences.xml"
#: ``res/values/cities.xml`` ids of the cities the tasks use.
DESK_CITY_IDS: dict[str, str] = {"C154": "Sydney", "C180": "Madrid", "C262": "Barcelona"}
DESK_TIMER_STATES = {1: "running", 2: "paused", 3: "finished", 4: "idle", 5: "finished"}  # Timer.State values
DESK_SW_STATES = ("reset", "running", "paused")  # Stopwatch.State ordinals
DESK_LONGS = frozenset({"sw_start_time", "sw_wall_clock_time", "sw_accum_time"})
DESK_ALARMS_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS alarm_templates (_id INTEGER PRIMARY KEY, year INTEGER NOT NULL, month INTEGER "
    "NOT NULL, day INTEGER NOT NULL, hour INTEGER NOT NULL, minutes INTEGER NOT NULL, daysofweek INTEGER NOT NULL, "
    "enabled INTEGER NOT NULL, vibrate INTEGER NOT NULL, vibrationPattern TEXT NOT NULL DEFAULT 'default', "
    "flash INTEGER NOT NULL, label TEXT NOT NULL, syncByLabel INTEGER NOT NULL, ringtone TEXT, "
    "delete_after_use INTEGER NOT NULL DEFAULT 0, autoSilenceDuration INTEGER NOT NULL DEFAULT 600, "
    "snoozeDuration INTEGER NOT NULL DEFAULT 10, missedAlarmRepeatLimit INTEGER NOT NULL DEFAULT -1, "
    "crescendoDuration INTEGER NOT NULL DEFAULT 0, alarmVolume INTEGER NOT NULL DEFAULT 5, "
    "manualSortOrder INTEGER NOT NULL DEFAULT 0); PRAGMA user_version = 25;")
DESK_SOURCES = (SourceRef(repo="BlackyHawky/Clock", tag="2.29", files=(
    "app/build.gradle (applicationId com.best.deskclock, versionCode 2032, versionName 2.29)",
    "app/src/main/java/com/best/deskclock/provider/ClockDatabaseHelper.java (alarms.db v25, alarm_templates)",
    "app/src/main/java/com/best/deskclock/provider/ClockProvider.java (device-protected storage context)",
    "app/src/main/java/com/best/deskclock/DeskClockApplication.java (getDefaultSharedPreferences: "
    "device-protected <pkg>_preferences)",
    "app/src/main/java/com/best/deskclock/data/StopwatchDAO.java, data/Stopwatch.java (sw_state ordinal RESET/RUNNING/"
    "PAUSED, sw_start_time, sw_wall_clock_time, sw_accum_time)",
    "app/src/main/java/com/best/deskclock/data/TimerDAO.java, data/Timer.java (timers_list, timer_state_<id> "
    "RUNNING 1 PAUSED 2 EXPIRED 3 RESET 4 MISSED 5, timer_setup_timet_<id> ms)",
    "app/src/main/java/com/best/deskclock/timer/TimerFragment.java (onFabClick: addTimer then startTimer)",
    "app/src/main/java/com/best/deskclock/data/CityDAO.java, res/values/cities.xml (number_of_cities, city_id_<i>; "
    "C154 Sydney, C180 Madrid)",
)),)


class DeskClockAdapter(ClockAdapter):
    """Alarms in device-protected ``alarms.db``; stopwatch, timers and cities in the default
    preferences (AOSP DeskClock's DAOs)."""

    app: ClassVar[AppSpec] = app_by_id("clock_clock")
    launch_guards, fidelity = fid.DESK_GUARDS, fid.DESK_FIDELITY
    #: Read the timer setup keypad off the screen (ClockCreateTimer only, see ``validation_mode``).
    read_screen: bool = False
    storage = (
        StorageProfile(what="timer being set up (not started)", path="screen: the Timer tab's keypad display "
                       "(timer_setup_time)", format="'HHh MMm SSs'", readable=False,
                       writes="typing digits fills the display right to left; nothing is stored until Start",
                       sources=DESK_SOURCES),
        StorageProfile(what="alarms", path=DESK_DB, format="table alarm_templates(_id, hour, minutes, enabled, "
                       "daysofweek, ...), version 25", writes="a saved new alarm inserts a row with enabled=1; the "
                       "switch updates enabled; Delete removes the row (and its alarm_instances)", sources=DESK_SOURCES),
        StorageProfile(what="stopwatch, timers, world clocks", path=DESK_PREFS,
                       format="sw_state/sw_start_time/sw_wall_clock_time/sw_accum_time; timers_list + timer_state_<id>, "
                              "timer_setup_timet_<id>, ...; number_of_cities + city_id_<i>",
                       writes="Start/Pause/Reset rewrite the sw_* keys; the timer Start adds a timer and sets it "
                              "RUNNING; picking a city rewrites the city_id list", sources=DESK_SOURCES),
    )

    def seed(self, device: DeviceClient, state: ClockState) -> None:
        device.check(f"mkdir -p {DESK_BASE}/databases {DESK_BASE}/shared_prefs && rm -f {DESK_DB}")
        values = ", ".join(f"(0, 0, 0, {a.hour}, {a.minute}, 0, {int(a.enabled)}, 1, 0, '', 0, "
                           "'content://settings/system/alarm_alert')" for a in state.alarms)
        insert = ("INSERT INTO alarm_templates (year, month, day, hour, minutes, daysofweek, enabled, vibrate, flash, "
                  f"label, syncByLabel, ringtone) VALUES {values};") if state.alarms else ""
        device.sqlite(DESK_DB, DESK_ALARMS_SCHEMA + insert)
        prefs: dict[str, Any] = {}
        sw = state.stopwatch or Stopwatch()
        now = device.now_s() * 1000
        started = self.uptime_ms(device) if sw.state == "running" else -(2**63)
        prefs |= {"sw_state": DESK_SW_STATES.index(sw.state), "sw_start_time": started,
                  "sw_wall_clock_time": now if sw.state == "running" else -(2**63), "sw_accum_time": sw.accumulated_ms}
        codes = {v: k for k, v in DESK_TIMER_STATES.items() if k != 5}
        longs = set(DESK_LONGS)
        durable = [t for t in state.timers if not (self.read_screen and t.state == "idle")]
        for i, t in enumerate(durable):
            prefs |= {f"timer_state_{i}": codes[t.state], f"timer_setup_timet_{i}": t.seconds * 1000,
                      f"timer_original_timet_{i}": t.seconds * 1000, f"timer_time_left_{i}": t.seconds * 1000,
                      f"timer_start_time_{i}": 0, f"timer_wall_clock_time_{i}": now, f"timer_label_{i}": "",
                      f"delete_after_use_{i}": False}
            longs |= {f"timer_{k}_{i}" for k in ("setup_timet", "original_timet", "time_left", "start_time",
                                                 "wall_clock_time")}
        prefs |= {"timers_list": [str(i) for i in range(len(durable))], "next_timer_id": len(durable)}
        ids = {v: k for k, v in DESK_CITY_IDS.items()}
        prefs |= {"number_of_cities": len(state.cities)} | {f"city_id_{i}": ids[c] for i, c in enumerate(state.cities)}
        prefs["key_is_first_launch"] = False  # DeskClock.isFirstLaunch: else FirstLaunch opens instead
        self.write_file(device, DESK_PREFS, prefs_xml(prefs, frozenset(longs)))
        hand_to_app(device, DESK_BASE)
        if self.read_screen:
            device.force_stop(self.app.package)  # the app reads its preferences when it starts
            self.seed_setup(device, state.timers)

    @staticmethod
    def uptime_ms(device: DeviceClient) -> int:
        """``SystemClock.elapsedRealtime()`` as ``/proc/uptime`` gives it (0 where it is absent)."""
        out = device.run("cat /proc/uptime").stdout.split()
        try:
            return int(float(out[0]) * 1000)
        except (IndexError, ValueError):
            return 0

    def for_template(self, template: TaskTemplate[Any]) -> DeskClockAdapter:
        bound = copy.copy(self)
        bound.read_screen = template.semantic_id == "ClockCreateTimer"
        return bound

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.semantic_id == "ClockCreateTimer":
            return PairMode(mode="ui", reason=(
                "a timer that was set up but not started exists only on screen: the keypad holds the length in "
                "the view and Start creates and starts the timer in one step (TimerFragment.onFabClick: addTimer, "
                "then startTimer); the setup display is read (as AndroidWorld's ClockTimerEntry does), the "
                "running/paused timers still from the preferences"))
        return super().validation_mode(template)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        raw = self.read(device, {
            "alarms": if_file(DESK_DB, sqlite_cmd(DESK_DB, DESK_ALARMS_READ)),
            "prefs": if_file(DESK_PREFS, f"cat {DESK_PREFS}"),
        })
        if self.read_screen:
            raw["screen"] = [device.ui_dump()]
        return raw

    def seed_setup(self, device: DeviceClient, timers: list[Timer]) -> None:
        """An idle timer (set up, not started) can only be typed into the keypad: open the Timer tab
        (its "Add timer" when timers exist) and tap the digits, as a user would."""
        idle = [t for t in timers if t.state == "idle"]
        if not idle:
            return
        if len(idle) > 1:
            raise ValueError("the keypad holds one timer length at a time")
        device.launch(self.app.package)
        tap_on_screen(device, desc="Timer")
        if on_screen(device, desc="Add timer"):
            tap_on_screen(device, desc="Add timer")
        seconds = idle[0].seconds
        for digit in f"{seconds // 3600:02d}{seconds // 60 % 60:02d}{seconds % 60:02d}".lstrip("0"):
            tap_on_screen(device, text=digit, cls="Button")

    def parse(self, raw: RawSnapshot) -> ClockState:
        alarms = desk_alarms(raw["alarms"])
        prefs = {} if raw["prefs"] == [MISSING] else parse_prefs("\n".join(raw["prefs"]))
        sw_state = pref_int(prefs, "sw_state")
        if not 0 <= sw_state < len(DESK_SW_STATES):
            raise VerifierReadError(f"sw_state {sw_state} is not a Stopwatch.State ordinal")
        stopwatch = Stopwatch(state=DESK_SW_STATES[sw_state], accumulated_ms=pref_int(prefs, "sw_accum_time"))
        ids = prefs.get("timers_list", [])
        if not isinstance(ids, list):
            raise VerifierReadError("timers_list is not a string set")
        timers = []
        for tid in ids:
            code = pref_int(prefs, f"timer_state_{tid}", 4)
            if code not in DESK_TIMER_STATES:
                raise VerifierReadError(f"timer {tid}: unknown state {code}")
            timers.append(Timer(seconds=pref_int(prefs, f"timer_setup_timet_{tid}") // 1000,
                                state=DESK_TIMER_STATES[code]))
        cities = []
        for i in range(pref_int(prefs, "number_of_cities")):
            cid = prefs.get(f"city_id_{i}")
            cities.append(DESK_CITY_IDS.get(str(cid), f"city#{cid}"))
        if "screen" in raw:
            shown = keypad_setup(raw["screen"])
            if shown:
                timers.append(Timer(seconds=shown, state="idle"))
        return ClockState(alarms=alarms, timers=timers, stopwatch=stopwatch, cities=cities)


@parses("sqlite3 /data/user_de/0/com.best.deskclock/databases/alarms.db SELECT hour, minutes, enabled FROM alarm_templates")
def desk_alarms(lines: list[str]) -> list[Alarm]:
    """Clock (com.best.deskclock) ``alarm_templates`` rows: hour, minutes, enabled."""
    return [Alarm(hour=int(h), minute=int(m), enabled=e == "1") for h, m, e in rows(lines, 3)]


# -- Chrono 0.6.0 (JSON lists in app_flutter/Clock) ----------------------------------------------------

CHRONO_DIR = "/data/data/com.vicolo.chrono/app_flutter/Clock"
CHRONO_KEYS = ("alarms", "timers", "stopwatches", "favorite_cities")
#: The cities the tasks use, as Chrono's city database names them (country, IANA zone).
CHRONO_CITIES = {"Sydney": ("Australia", "Australia/Sydney"), "Madrid": ("Spain", "Europe/Madrid")}
CHRONO_STATES = {"TimerState.stopped": "stopped", "TimerState.running": "running", "TimerState.paused": "paused"}
CHRONO_SOURCES = (SourceRef(repo="vicolo-dev/chrono", tag="v0.6.0", files=(
    "pubspec.yaml (version 0.6.0+28; the x86_64 split build's versionCode is 283)",
    "android/app/build.gradle (applicationId com.vicolo.chrono)",
    "lib/common/utils/list_storage.dart (saveList/loadList: <key>.txt; listToString = JSON list of toJson objects)",
    "lib/common/data/paths.dart (getApplicationDocumentsDirectory()/Clock = app_flutter/Clock)",
    "lib/settings/logic/initialize_settings.dart (initList: alarms [], timers [], favorite_cities = 4 preloaded, "
    "stopwatches [one stopwatch]; written only when the file is missing)",
    "lib/alarm/types/alarm.dart (toJson: timeOfDay{hour,minute}, enabled, markedForDeletion, ...)",
    "lib/timer/types/timer.dart (toJson: duration s, state TimerState.*), lib/common/types/timer_state.dart "
    "(stopped, running, paused)",
    "lib/stopwatch/types/stopwatch.dart (toJson: elapsedMillisecondsOnPause, startTime, state)",
    "lib/clock/types/city.dart (toJson: name, country, timezone, id), lib/clock/data/default_favorite_cities.dart",
    "lib/timer/screens/timer_screen.dart (adding a timer starts it: timer.start(), then addItem)",
)),)


def _chrono_iso(ms: int) -> str:
    import datetime as dt

    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).replace(tzinfo=None).isoformat(timespec="microseconds")


class ChronoAdapter(ClockAdapter):
    """Every list is a JSON file the app rewrites on each change."""

    app: ClassVar[AppSpec] = app_by_id("clock_chrono")
    launch_guards, fidelity = fid.CHRONO_GUARDS, fid.CHRONO_FIDELITY
    declined: ClassVar[dict[str, str]] = {"ClockCreateTimer": (
        "the app cannot express it: adding a timer starts it at once (lib/timer/screens/timer_screen.dart: "
        "timer.start(), then addItem), so 'set up but not started' is no state Chrono has, stored or on screen "
        "(the length dialog's OK adds and starts in one step; pausing after is a started timer)")}
    storage = tuple(StorageProfile(
        what=what, path=f"{CHRONO_DIR}/{key}.txt", format=fmt, writes=writes, sources=CHRONO_SOURCES)
        for what, key, fmt, writes in (
            ("alarms", "alarms", "JSON list of {timeOfDay:{hour,minute}, enabled, markedForDeletion, schedules, ...}",
             "saving a new alarm appends an enabled item; the switch rewrites enabled; delete removes the item"),
            ("timers", "timers", "JSON list of {duration (s), currentDuration, id, durationRemainingOnPause, "
             "startTime, state: TimerState.stopped|running|paused}", "adding a timer appends it running"),
            ("stopwatch", "stopwatches", "JSON list (one stopwatch) of {id, elapsedMillisecondsOnPause, startTime, "
             "state, laps}", "start/pause/reset rewrite state and elapsedMillisecondsOnPause"),
            ("world clocks", "favorite_cities", "JSON list of {name, country, timezone, id}",
             "picking a search result appends the city"),
        ))

    def seed(self, device: DeviceClient, state: ClockState) -> None:
        import json

        now = device.now_s() * 1000
        sw = state.stopwatch or Stopwatch()
        names = {"reset": "TimerState.stopped", "running": "TimerState.running", "paused": "TimerState.paused"}
        timer_names = {"idle": "TimerState.stopped", "running": "TimerState.running", "paused": "TimerState.paused",
                       "finished": "TimerState.stopped"}
        files = {
            "alarms": [{"timeOfDay": {"hour": a.hour, "minute": a.minute}, "enabled": a.enabled,
                        "markedForDeletion": False, "snoozeTime": None, "snoozeCount": 0, "schedules": [],
                        "settings": {}, "skippedTime": None} for a in state.alarms],
            "timers": [{"duration": t.seconds, "currentDuration": t.seconds, "id": i + 1,
                        "durationRemainingOnPause": t.seconds, "startTime": _chrono_iso(now),
                        "state": timer_names[t.state], "settings": {}} for i, t in enumerate(state.timers)],
            "stopwatches": [{"id": 1, "elapsedMillisecondsOnPause": sw.accumulated_ms, "startTime": _chrono_iso(now),
                             "state": names[sw.state], "laps": "[]"}],
            "favorite_cities": [{"name": c, "country": CHRONO_CITIES[c][0], "timezone": CHRONO_CITIES[c][1],
                                 "id": i + 1} for i, c in enumerate(state.cities)],
        }
        for key, items in files.items():
            self.write_file(device, f"{CHRONO_DIR}/{key}.txt", json.dumps(items))
        # lib/app.dart: the OnBoardingScreen opens while GetStorage has no 'onboarded' (what its end writes)
        self.write_file(device, f"{CHRONO_DIR.rsplit('/', 1)[0]}/GetStorage.gs", json.dumps({"onboarded": True}))
        hand_to_app(device, CHRONO_DIR.rsplit("/", 2)[0], ("app_flutter",))

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return self.read(device, {k: if_file(f"{CHRONO_DIR}/{k}.txt", f"cat {CHRONO_DIR}/{k}.txt; echo")
                                  for k in CHRONO_KEYS})

    def parse(self, raw: RawSnapshot) -> ClockState:
        import json

        def items(key: str) -> list[dict[str, Any]]:
            if raw[key] == [MISSING]:
                return []
            try:
                data = json.loads("\n".join(raw[key]))
            except ValueError as exc:
                raise VerifierReadError(f"{key}.txt is not JSON: {exc}") from exc
            if not isinstance(data, list) or not all(isinstance(i, dict) for i in data):
                raise VerifierReadError(f"{key}.txt is not a list of objects")
            return data

        try:
            alarms = [Alarm(hour=int(a["timeOfDay"]["hour"]), minute=int(a["timeOfDay"]["minute"]),
                            enabled=bool(a["enabled"])) for a in items("alarms") if not a.get("markedForDeletion")]
            timers = [Timer(seconds=int(t["duration"]), state=self.state_of(str(t["state"]), timer=True))
                      for t in items("timers")]
            sws = items("stopwatches")
            stopwatch = Stopwatch()
            if sws:
                sw = sws[0]
                stopwatch = Stopwatch(state=self.state_of(str(sw["state"]), timer=False),
                                      accumulated_ms=int(sw["elapsedMillisecondsOnPause"]))
            cities = [str(c["name"]) for c in items("favorite_cities")]
        except (KeyError, TypeError, ValueError) as exc:
            raise VerifierReadError(f"Chrono list item lacks a field: {exc}") from exc
        return ClockState(alarms=alarms, timers=timers, stopwatch=stopwatch, cities=cities)

    @staticmethod
    def state_of(name: str, *, timer: bool) -> Any:
        if name not in CHRONO_STATES:
            raise VerifierReadError(f"unknown Chrono state {name!r}")
        kind = CHRONO_STATES[name]
        if kind == "stopped":
            return "idle" if timer else "reset"
        return kind


# -- Clock You 9.1 (Room database "com.bnyro.clock") ---------------------------------------------------

CLOCKYOU_DB = "/data/data/com.bnyro.clock/databases/com.bnyro.clock"
CLOCKYOU_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS `timeZones` (`key` TEXT NOT NULL, `zoneId` TEXT NOT NULL, `zoneName` TEXT NOT NULL, "
    "`countryName` TEXT NOT NULL, PRIMARY KEY(`key`)); "
    "CREATE TABLE IF NOT EXISTS `alarms` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `time` INTEGER NOT NULL, "
    "`label` TEXT, `enabled` INTEGER NOT NULL, `days` TEXT NOT NULL, `vibrate` INTEGER NOT NULL, `soundName` TEXT, "
    "`soundUri` TEXT, `repeat` INTEGER NOT NULL DEFAULT 1, `snoozeEnabled` INTEGER NOT NULL DEFAULT 1, "
    "`snoozeMinutes` INTEGER NOT NULL DEFAULT 10, `soundEnabled` INTEGER NOT NULL DEFAULT 1, `vibrationPattern` "
    "TEXT NOT NULL DEFAULT '1000,1000,1000,1000,1000', `vibrationPatternName` TEXT NOT NULL DEFAULT 'Default'); "
    "PRAGMA user_version = 10;")
#: ``assets/tz_data.json`` rows of the cities the tasks use: (zoneId, zoneName, countryName).
CLOCKYOU_ZONES = {"Sydney": ("Australia/Sydney", "Sydney", "Australia"),
                  "Madrid": ("Europe/Madrid", "Madrid", "Spain (España)")}
CLOCKYOU_SOURCES = (SourceRef(repo="you-apps/ClockYou", tag="v9.1", files=(
    "app/build.gradle.kts (applicationId com.bnyro.clock, versionCode 19, versionName 9.1)",
    "app/src/main/java/com/bnyro/clock/data/database/AppDatabase.kt (dbName 'com.bnyro.clock', version 10)",
    "app/schemas/com.bnyro.clock.data.database.AppDatabase/10.json (alarms, timeZones)",
    "app/src/main/java/com/bnyro/clock/domain/model/Alarm.kt (time = ms after midnight, enabled)",
    "app/src/main/java/com/bnyro/clock/presentation/screens/alarmpicker/AlarmPickerScreen.kt (saved alarms are "
    "enabled)",
    "app/src/main/java/com/bnyro/clock/domain/repository/TimezoneRepository.kt, assets/tz_data.json (key = "
    "zoneId,zoneName,countryName)",
    "app/src/main/java/com/bnyro/clock/presentation/screens/alarm/components/AlarmItem.kt (delete = a start-to-end "
    "swipe on the row (SwipeToDismissBox), then OK in the 'Delete alarm' dialog)",
    "app/src/main/java/com/bnyro/clock/data/database/dao/AlarmsDao.kt (@Delete removes the row)",
    "app/src/main/java/com/bnyro/clock/util/services/TimerService.kt, StopwatchService.kt (state in the service)",
    "app/src/main/java/com/bnyro/clock/presentation/screens/timer/TimerScreen.kt (the setup is the tab while no timer "
    "is scheduled; over scheduled timers it is a bottom sheet with a 'Start' text button)",
    "app/src/main/java/com/bnyro/clock/presentation/components/TimePickerDial.kt, presentation/screens/timer/"
    "components/ScrollTimePicker.kt (three circular VerticalPagers, ':' between them; the centred page is the value)",
    "app/src/main/java/com/bnyro/clock/presentation/screens/timer/components/TimerItem.kt (a row shows the time left, "
    "not the length)",
)),)


#: What Clock You's screen shows of a started timer: that one exists (its length and whether it
#: is paused are not shown where the setup is).
CLOCKYOU_STARTED = Timer(seconds=0, state="running")
WHEEL_LIMITS = (24, 60, 60)


def clockyou_timer_part(timers: list[Timer]) -> list[Timer]:
    """The part of ``timers`` Clock You's setup screen shows: the idle length, and a started one."""
    idle = [t for t in timers if t.state == "idle" and t.seconds]
    return idle + ([CLOCKYOU_STARTED] if any(t.state != "idle" for t in timers) else [])


def clockyou_wheels(screen: list[str]) -> list[list[tuple[int, int, int]]] | None:
    """Clock You's timer wheels (``TimePickerDial.kt``): the two-digit numbers left of, between and
    right of the two ":" separators, each as (value, x, y) of its centre; None when not shown."""
    from pytest_anyapp.device.uixml import parse_ui_dump

    elements = parse_ui_dump("".join(screen))
    colons = sorted(el.center[0] for el in elements if el.text == ":")
    if len(colons) != 2:
        return None
    wheels: list[list[tuple[int, int, int]]] = [[], [], []]
    for el in elements:
        if re.fullmatch(r"\d{2}", el.text):
            x, y = el.center
            wheels[0 if x < colons[0] else 1 if x < colons[1] else 2].append((int(el.text), x, y))
    return wheels if all(wheels) else None


def clockyou_centred(screen: list[str]) -> list[int] | None:
    """The values the wheels show centred (level with the ":" separators, where the pager puts its
    current page), or None when the wheels are not on screen."""
    from pytest_anyapp.device.uixml import parse_ui_dump

    wheels = clockyou_wheels(screen)
    if wheels is None:
        return None
    ys = [el.center[1] for el in parse_ui_dump("".join(screen)) if el.text == ":"]
    middle = sum(ys) / len(ys)
    return [min(w, key=lambda item: abs(item[2] - middle))[0] for w in wheels]


def clockyou_timers(screen: list[str]) -> list[Timer]:
    """Clock You's Timer tab as the CreateTimer criterion needs it: the length on the wheels is an
    idle timer (zero: none); the wheels in the new-timer sheet (its Start is a text button, the
    tab's a labelled icon) mean a started timer exists too (TimerScreen.kt opens the sheet only
    over scheduled timers). Any other screen shows no timer set up."""
    from pytest_anyapp.device.uixml import parse_ui_dump

    centred = clockyou_centred(screen)
    if centred is None:
        return []
    h, m, s = centred
    sheet = any(el.text == "Start" for el in parse_ui_dump("".join(screen)))
    total = h * 3600 + m * 60 + s
    return ([Timer(seconds=total)] if total else []) + ([CLOCKYOU_STARTED] if sheet else [])


def turn_wheels(device: DeviceClient, seconds: int) -> None:
    """Turn Clock You's three timer wheels to ``seconds``, as a user drags them: from the centred
    value the shorter way round, at most three pages a drag, until the wheels show it."""
    target = [seconds // 3600, seconds // 60 % 60, seconds % 60]
    for _ in range(40):
        screen = [device.ui_dump()]
        wheels, centred = clockyou_wheels(screen), clockyou_centred(screen)
        if wheels is None or centred is None:
            raise DeviceError("seeding: Clock You's timer wheels are not on screen")
        if centred == target:
            return
        i = next(i for i in range(3) if centred[i] != target[i])
        pages = (target[i] - centred[i]) % WHEEL_LIMITS[i]
        if pages > WHEEL_LIMITS[i] // 2:
            pages -= WHEEL_LIMITS[i]
        ys = sorted(y for _, _, y in wheels[i])
        pitch, x = ys[1] - ys[0], wheels[i][0][1]
        step = max(-3, min(3, pages))
        y1 = ys[-1] if step > 0 else ys[0]
        device.check(f"input swipe {x} {y1} {x} {y1 - step * pitch} 600")
    raise DeviceError(f"seeding: Clock You's timer wheels did not reach {target}")


class ClockYouAdapter(ClockAdapter):
    """Alarms and time zones in the Room database; timer and stopwatch are service memory."""

    app: ClassVar[AppSpec] = app_by_id("clock_clockyou")
    launch_guards, fidelity = fid.CLOCKYOU_GUARDS, fid.CLOCKYOU_FIDELITY
    has_stopwatch = False
    _stopwatch_ui, unheld = memory_stopwatch("util/services/StopwatchService.kt")
    screen_reasons = _stopwatch_ui | {"ClockCreateTimer": (
        "nothing readable records it: the length being set up is TimerModel.timePickerSeconds (memory) and a timer "
        "lives only in TimerService's memory; the Timer tab is the setup exactly while no timer is scheduled "
        "(TimerScreen.kt), so its three pager wheels (TimePickerDial.kt, ScrollTimePicker.kt: the centred value "
        "next to the ':' separators) show an idle timer's length; the new-timer sheet (a 'Start' text button) "
        "opens only over scheduled timers, so it reads as a started timer too; the seed turns the wheels "
        "(and taps Start) through the app's own UI")}
    declined: ClassVar[dict[str, str]] = {
        "ClockStartTimer": (
            "a started timer lives only in TimerService's memory (util/services/TimerService.kt; PersistentTimer "
            "prefs are presets, not timers) and its length is shown nowhere: the Timer tab's row (TimerItem.kt) shows "
            "the time left (currentPosition, H:MM:SS) and, while running, the end time; the length set "
            "(initialPosition) only as the progress bar's fraction, which a uiautomator dump does not carry; so 'a "
            "running timer of that length' cannot be read"),
    }
    storage = (
        StorageProfile(what="alarms", path=CLOCKYOU_DB, format="Room v10 table alarms(id, time ms after midnight, "
                       "label, enabled, days, ...)", writes="Save in the alarm picker inserts/updates a row with "
                       "enabled=1; the switch updates enabled; swiping the row start-to-end and OK deletes it",
                       sources=CLOCKYOU_SOURCES),
        StorageProfile(what="world clocks", path=CLOCKYOU_DB, format="table timeZones(key, zoneId, zoneName, "
                       "countryName)", writes="picking a zone inserts its row", sources=CLOCKYOU_SOURCES),
        StorageProfile(what="timer, stopwatch", path="(service memory)", format="TimerService/StopwatchService",
                       writes="nothing durable", readable=False, sources=CLOCKYOU_SOURCES),
        StorageProfile(what="timer being set up (not started)", path="screen: the Timer tab's three wheels",
                       format="the values level with the ':' separators (hours, minutes, seconds)", readable=False,
                       writes="turning a wheel sets TimerModel.timePickerSeconds (memory); Start creates and runs "
                              "the timer", sources=CLOCKYOU_SOURCES),
    )

    def for_template(self, template: TaskTemplate[Any]) -> ClockAdapter:
        bound = super().for_template(template)
        bound.seeds_live_app = bound.seeds_live_app or bound.screen_for == "ClockCreateTimer"
        return bound

    def readable_part(self, state: ClockState) -> ClockState:
        timers = clockyou_timer_part(state.timers) if self.screen_for == "ClockCreateTimer" else []
        keep_stopwatch = self.screen_for in STOPWATCH_TEMPLATES
        return state.model_copy(update={"timers": timers} | ({} if keep_stopwatch else {"stopwatch": None}))

    def with_screen(self, raw: RawSnapshot, state: ClockState) -> ClockState:
        if raw.get("screen_for", [""])[0] == "ClockCreateTimer":
            return state.model_copy(update={"timers": clockyou_timers(raw["screen"])})
        return super().with_screen(raw, state)

    def seed_timer_setup(self, device: DeviceClient, state: ClockState) -> None:
        """Through the app's UI, as a user: relaunch, Timer tab; a started timer is set on the wheels
        and started; the idle one is set on the wheels (in the new-timer sheet over a started one)."""
        from pytest_anyapp.episode import lifecycle

        started = [t for t in state.timers if t.state != "idle"]
        idle = [t for t in state.timers if t.state == "idle"]
        if len(idle) > 1 or len(started) > 1 or any(t.state != "running" for t in started):
            raise ValueError("seeding Clock You's timer setup handles one idle and one running timer")
        lifecycle.relaunch(device, self.app.package)
        tap_on_screen(device, desc="Timer")
        for t in started:
            turn_wheels(device, t.seconds)
            tap_on_screen(device, desc="Start")
            tap_on_screen(device, desc="Add preset timer")
        if idle:
            turn_wheels(device, idle[0].seconds)
        shown = clockyou_timers([device.ui_dump()])
        if shown != self.readable_part(state).timers:
            raise DeviceError(f"seeding the timer setup through the UI: wanted {state.timers}, the screen shows {shown}")

    def seed(self, device: DeviceClient, state: ClockState) -> None:
        device.check(f"mkdir -p {CLOCKYOU_DB.rsplit('/', 1)[0]} && rm -f {CLOCKYOU_DB}")
        sql = CLOCKYOU_SCHEMA
        if state.alarms:
            sql += "INSERT INTO alarms (time, label, enabled, days, vibrate, repeat) VALUES " + ", ".join(
                f"({(a.hour * 3600 + a.minute * 60) * 1000}, NULL, {int(a.enabled)}, '0,1,2,3,4,5,6', 0, 0)"
                for a in state.alarms) + ";"
        if state.cities:
            sql += "INSERT INTO timeZones (key, zoneId, zoneName, countryName) VALUES " + ", ".join(
                "('{0},{1},{2}', '{0}', '{1}', '{2}')".format(*CLOCKYOU_ZONES[c]) for c in state.cities) + ";"
        device.sqlite(CLOCKYOU_DB, sql)
        hand_to_app(device, CLOCKYOU_DB.rsplit("/", 2)[0])
        self.seed_screen(device, state)
        if self.screen_for == "ClockCreateTimer":
            self.seed_timer_setup(device, state)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return self.screen_part(device, self.read(device, {
            "alarms": if_file(CLOCKYOU_DB, sqlite_cmd(CLOCKYOU_DB, CLOCKYOU_ALARMS_READ)),
            "zones": if_file(CLOCKYOU_DB, sqlite_cmd(CLOCKYOU_DB, CLOCKYOU_ZONES_READ)),
        }))

    def parse(self, raw: RawSnapshot) -> ClockState:
        return self.with_screen(raw, ClockState(alarms=clockyou_alarms(raw["alarms"]), stopwatch=None,
                                                cities=clockyou_zones(raw["zones"])))


@parses("sqlite3 /data/data/com.bnyro.clock/databases/com.bnyro.clock SELECT time, enabled FROM alarms")
def clockyou_alarms(lines: list[str]) -> list[Alarm]:
    """Clock You ``alarms`` rows: ms after midnight, enabled."""
    return [Alarm(hour=int(t) // 3_600_000, minute=int(t) // 60_000 % 60, enabled=e == "1") for t, e in rows(lines, 2)]


@parses("sqlite3 /data/data/com.bnyro.clock/databases/com.bnyro.clock SELECT zoneId, zoneName FROM timeZones")
def clockyou_zones(lines: list[str]) -> list[str]:
    """Clock You ``timeZones`` rows: the display name of each world clock (the last column)."""
    return [name for _, name in rows(lines, 2)]


# -- Google Clock 7.4 (closed source): Android's alarm record (parsed by verifiers.android_alarm) ------

GOOGLE_PKG = "com.google.android.deskclock"


GOOGLE_ALARM_LIST = (
    "Android's record cannot tell a deleted alarm from one switched off (neither is an alarm clock in "
    "dumpsys alarm), and the criterion needs that difference; closed source, its own alarm store is not "
    "published. The Alarm tab lists every alarm with its time and its on/off switch (an alarm switched off keeps "
    "its row), so after the agent's turn the verifier relaunches the app (an unsaved edit is discarded, as "
    "leaving the app discards it), opens the Alarm tab and reads the rows (digital_clock time, onoff switch), "
    "scrolling while the last row reaches the list's bottom; reads happen only after seeding and after the "
    "agent's turn (the latch uses the read after seeding). Cases with an alarm that is off are seeded through "
    "ACTION_SET_ALARM and then the row's switch")


class GoogleClockAdapter(ClockAdapter):
    """Closed source: alarms are read from Android's own record, the alarm clocks the app has
    set (``dumpsys alarm``); an alarm that is off is not there, so pairs that must see an off
    alarm (Edit, Delete) read the Alarm tab's list, and the stopwatch, world clocks and a running
    timer are read off their tabs."""

    app: ClassVar[AppSpec] = app_by_id("clock_google_clock")
    launch_guards, fidelity = fid.GOOGLE_GUARDS, fid.GOOGLE_FIDELITY
    has_stopwatch = False
    screen_reasons, unheld = memory_stopwatch("closed source: recorded nowhere Android shows")
    screen_reasons = screen_reasons | {
        "ClockAddWorldClock": (
            "nothing readable records it: closed source, its world clocks are kept nowhere Android shows; the "
            "Clock tab's city list (city_name rows in the cities list) is read off the screen"),
        "ClockStartTimer": (
            "nothing readable records it: closed source, where a timer is kept is not published (a running "
            "timer's AlarmManager entry is unverified on a rooted emulator); the Timer tab's rows are read off "
            "the screen (the length set, and a Pause button = running)"),
        "ClockEditAlarm": GOOGLE_ALARM_LIST, "ClockDeleteAlarm": GOOGLE_ALARM_LIST}
    declined: ClassVar[dict[str, str]] = {
        "ClockCreateTimer": (
            "closed source: where a timer is kept is not published, so both clauses need the screen; the length "
            "set up but not started exists only as the keypad's digits, and the keypad page (also opened by "
            "'Add timer' over running timers) does not show the running ones, so 'not started' cannot be seen "
            "on it; reading it would need a read that leaves the keypad to list the timers, and how the closed "
            "7.4 app's keypad page over running timers is left, and whether its digits survive that, is not "
            "verified on a rooted emulator"),
    }
    storage = (StorageProfile(
        what="alarms (those on)", path="dumpsys alarm (AlarmManagerService)",
        format="pending alarms of com.google.android.deskclock with an 'Alarm clock:' block and its triggerTime",
        writes="an alarm switched on is set through AlarmManager.setAlarmClock (the app's own store is not "
               "published; unverified on a rooted emulator which of its alarms carry the block: the double sets "
               "it for the soonest, as AOSP DeskClock's AlarmStateManager.updateNextAlarm does)",
        sources=(AOSP_ALARM, SourceRef(repo="closed source", tag="7.4 (504317960)",
                                       note="facts from Android's own record; the app's store is not read")),
    ), StorageProfile(
        what="alarms, on and off (Edit, Delete)", path="screen: the Alarm tab's list (alarm_recycler_view)",
        format="a row per alarm: digital_clock 'h:mm AM' and the onoff switch", readable=False,
        writes="an alarm switched off keeps its row with the switch off; Delete removes the row; the view ids are "
               "the double's, after AOSP DeskClock (unverified on a rooted emulator for 7.4)",
        sources=(SourceRef(repo="closed source", tag="7.4 (504317960)", note="read off the screen"),)))

    def readable_part(self, state: ClockState) -> ClockState:
        return ClockState(alarms=[a for a in state.alarms if a.enabled or self.screen_for in ALARM_LIST_TEMPLATES],
                          stopwatch=state.stopwatch if self.screen_for in STOPWATCH_TEMPLATES else None,
                          cities=state.cities if self.screen_for == "ClockAddWorldClock" else [],
                          timers=state.timers if self.screen_for == "ClockStartTimer" else [])

    def seed(self, device: DeviceClient, state: ClockState) -> None:
        """Clear the app, then create each alarm that is on through the public AlarmClock API
        (``ACTION_SET_ALARM`` with ``EXTRA_SKIP_UI``), which the app handles itself."""
        device.check(f"pm clear {GOOGLE_PKG}")
        for permission in self.runtime_permissions:  # pm clear drops runtime grants; the runner gave them
            device.run(f"pm grant --user 0 {GOOGLE_PKG} {permission}")
        on_list = self.screen_for in ALARM_LIST_TEMPLATES
        for a in state.alarms:
            if a.enabled or on_list:
                device.check(f"am start -W -a android.intent.action.SET_ALARM -p {GOOGLE_PKG} --ei android.intent.extra.alarm.HOUR "
                             f"{a.hour} --ei android.intent.extra.alarm.MINUTES {a.minute} "
                             "--ez android.intent.extra.alarm.SKIP_UI true")
        if on_list and not all(a.enabled for a in state.alarms):
            self.switch_off(device, [a for a in state.alarms if not a.enabled])
        self.seed_screen(device, state)
        if self.screen_for == "ClockAddWorldClock" and state.cities:
            self.seed_cities(device, state.cities)
        if self.screen_for == "ClockStartTimer":
            self.seed_timers(device, state.timers)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        try:
            out = device.check("dumpsys alarm")
        except DeviceError as exc:
            raise VerifierReadError(f"dumpsys alarm failed: {exc}") from exc
        if "Next alarm clock information" not in out:
            raise VerifierReadError("dumpsys alarm printed no alarm manager state")
        raw = {"dumpsys_alarm": [line for line in out.split("\n") if line]}
        if self.screen_for in ALARM_LIST_TEMPLATES:
            try:
                return raw | {"screen": self.read_alarm_list(device), "screen_for": [self.screen_for]}
            except DeviceError as exc:
                raise VerifierReadError(f"reading Google Clock's Alarm tab: {exc}") from exc
        return self.screen_part(device, raw)

    def open_alarm_tab(self, device: DeviceClient) -> None:
        from pytest_anyapp.episode import lifecycle

        lifecycle.relaunch(device, GOOGLE_PKG)
        tap_on_screen(device, desc="Alarm")

    def read_alarm_list(self, device: DeviceClient, max_scrolls: int = 8) -> list[str]:
        """Relaunch, open the Alarm tab and dump it; while its last row reaches the list's bottom,
        swipe the list up by most of its height and dump again."""
        self.open_alarm_tab(device)
        dumps = [device.ui_dump()]
        for _ in range(max_scrolls):
            alarms, more = alarm_list_rows(dumps[-1])
            if not more:
                return dumps
            self.scroll_alarm_list(device, dumps[-1])
            dumps.append(device.ui_dump())
            if alarm_list_rows(dumps[-1])[0] == alarms:
                return dumps
        raise DeviceError(f"the alarm list did not end after {max_scrolls} scrolls")

    def parse(self, raw: RawSnapshot) -> ClockState:
        if "dumpsys_alarm" not in raw:
            raise VerifierReadError("snapshot has no dumpsys alarm read")
        return self.with_screen(raw, ClockState(
            alarms=[Alarm(hour=h, minute=m) for h, m in alarm_clocks(raw["dumpsys_alarm"], GOOGLE_PKG)],
            stopwatch=None))

    def switch_off(self, device: DeviceClient, alarms: list[Alarm], max_scrolls: int = 8) -> None:
        """Tap the switch of each alarm's row on the Alarm tab (scrolling to it), as a user
        switches one off; then check the tab shows it off."""
        for a in alarms:
            label = f"{(a.hour % 12) or 12}:{a.minute:02d} {'AM' if a.hour < 12 else 'PM'}"
            self.open_alarm_tab(device)
            for _ in range(max_scrolls + 1):
                dump = device.ui_dump()
                switch = _row_switch(dump, label)
                if switch is not None:
                    break
                self.scroll_alarm_list(device, dump)
            if switch is None or switch[2] != "true":
                raise DeviceError(f"seeding: no switched-on row for the {label} alarm on the Alarm tab")
            device.check(f"input tap {switch[0]} {switch[1]}")
            if _row_switch(device.ui_dump(), label) != (*switch[:2], "false"):
                raise DeviceError(f"seeding: the {label} alarm's switch did not turn off")

    @staticmethod
    def scroll_alarm_list(device: DeviceClient, dump: str) -> None:
        """Swipe the alarm list up by three quarters of its height."""
        left, top, right, bottom = _list_bounds(dump)
        x, span = (left + right) // 2, (bottom - top) * 3 // 4
        device.check(f"input swipe {x} {bottom - 20} {x} {bottom - 20 - span} 400")


def _row_switch(dump: str, label: str) -> tuple[int, int, str] | None:
    """Centre and ``checked`` of the on/off switch in the alarm row showing ``label``."""
    import xml.etree.ElementTree as ET

    for row in ET.fromstring(dump).iter("node"):
        kids = list(row)
        if any(n.get("text") == label and n.get("resource-id", "").endswith(":id/digital_clock") for n in kids):
            for n in kids:
                if n.get("resource-id", "").endswith(":id/onoff"):
                    left, top, right, bottom = (int(v) for v in re.findall(r"\d+", n.get("bounds", "")))
                    return (left + right) // 2, (top + bottom) // 2, n.get("checked", "")
    return None


ADAPTERS: tuple[ClockAdapter, ...] = (
    DeskClockAdapter(), SimpleClockAdapter(), FossifyClockAdapter(), ChronoAdapter(), ClockYouAdapter(),
    GoogleClockAdapter(),
)

__all__ = ["ADAPTERS", "ClockAdapter", "FossifyClockAdapter", "SimpleClockAdapter", "Stopwatch", "alarm_clocks"]
