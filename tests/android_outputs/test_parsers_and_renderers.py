"""Every registered parser against the samples of its command, and the simulated device's renderers
against the same samples (issue 22).

* ``test_every_parser_has_a_sample``: a parser registered with ``@parses`` (pytest_anyapp/device/
  parsers.py) whose command has no sample fails, unless :data:`AWAITING_SAMPLES` names it with the
  reason; a listed parser that has a sample fails too (the list cannot go stale).
* ``test_parser_reads_what_the_sample_state_says``: each parser runs on each sample of its command and
  must give what the sample's ``state`` says (:data:`EXPECTED` turns a state into the expected parse).
* ``test_renderer_prints_the_sample``: for each sample whose state the simulator can set up, the
  simulator's output equals the sample once the varying fields are placeholders. An excerpt sample
  lists only some of Android's lines: there the simulator's lines must be an ordered subset of the
  sample's (lines the sample's ``left-out`` regexes name are not compared), and the command's parsers
  must read the same data from both. :data:`NOT_RENDERED` lists, with the reason, every command whose
  samples the simulator cannot yet be set up for; a renderer raises :class:`NotRenderable` for one
  sample whose state the simulator cannot hold (several displays or users, a device that never idles).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from pytest_anyapp.device.batch import CommandResult
from pytest_anyapp.device.client import android_error, sqlite_lines
from pytest_anyapp.device.parsers import Parser, all_parsers
from pytest_anyapp.device.samples import AndroidSample, load_samples, normalise
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.sim.providers.clock import AlarmManagerRecord, dump_alarm

CORPUS = Path(__file__).resolve().parent
SAMPLES = load_samples(CORPUS)
PARSERS = all_parsers()


def _words(command: str) -> list[str]:
    """A command line's words after shell unquoting, each stripped of SQL/shell punctuation, so a
    word inside a quoted SQL argument (a table name, a mark) counts as a word."""
    try:
        tokens = shlex.split(command)
    except ValueError:
        tokens = command.split()
    return [w.strip("'\";,()") for token in tokens for w in token.split()]


def covers(parser: Parser, sample: AndroidSample) -> bool:
    """A sample is of a parser's command when the command's words appear in its command line, in order."""
    words = iter(_words(sample.command))
    return all(any(w == got for got in words) for w in _words(parser.command))


#: Registered parsers with no sample yet, and why (the corpus is written by another reader).
AWAITING_SAMPLES: dict[str, str] = {}


def test_every_parser_has_a_sample() -> None:
    assert PARSERS, "no parser is registered"
    missing = {p.name for p in PARSERS if not any(covers(p, s) for s in SAMPLES)}
    assert missing - set(AWAITING_SAMPLES) == set(), f"registered parsers without a sample: {sorted(missing)}"
    assert set(AWAITING_SAMPLES) - missing == set(), "AWAITING_SAMPLES lists parsers that now have samples"


# -- what each parser must give for a sample's state ---------------------------------------------

def _alarms(state: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted(state.get("alarms", []), key=lambda a: int(a["whenElapsed"]))


def _hour_minute(ms: int, tz: str) -> tuple[int, int]:
    when = dt.datetime.fromtimestamp(ms / 1000, ZoneInfo(tz))
    return when.hour, when.minute


def _pending(parser: Parser, sample: AndroidSample) -> None:
    got = [(a.type, a.orig_when, a.package, a.tag) for a in parser(sample.stdout)]
    assert got == [(a["type"], a["origWhen"], a["package"], a["tag"]) for a in _alarms(sample.state)]


def _now_elapsed(parser: Parser, sample: AndroidSample) -> None:
    assert parser(sample.stdout) == sample.state["nowELAPSED"]


def _alarm_clocks(parser: Parser, sample: AndroidSample) -> None:
    tz = sample.state.get("timezone", "UTC")
    for package in {a["package"] for a in sample.state.get("alarms", [])} | {"com.example.none"}:
        want = [_hour_minute(a["alarmClock"]["triggerTime"], tz) for a in _alarms(sample.state)
                if a["package"] == package and a.get("alarmClock")]
        assert parser(sample.stdout, package) == want, package


def _front(parser: Parser, sample: AndroidSample) -> None:
    got = parser(sample.stdout)
    resumed = sample.state.get("resumed")
    if resumed is None:
        assert got is None
        return
    record = next(a for d in sample.state["displays"] for t in d["tasks"] for a in t["activities"]
                  if a["component"] == resumed and a.get("state") == "RESUMED")
    intent = record.get("intent", {})
    assert got is not None
    assert (f"{got.package}/{got.activity}", got.action, got.data) == (
        resumed, intent.get("action", ""), intent.get("data", ""))


def _version(parser: Parser, sample: AndroidSample) -> None:
    state = sample.state
    want = (state["versionName"], state["versionCode"]) if state.get("installed") else None
    assert parser(sample.stdout) == want


def _calls(parser: Parser, sample: AndroidSample) -> None:
    if "error" in sample.state:
        with pytest.raises(VerifierReadError):
            parser(sample.stdout)
        return
    rows = [dict(row) for row in sample.state.get("rows", [])]
    got = parser(sample.stdout)
    assert [(c.number, c.kind) for c in got] == [(r.get("number") or "", int(r["type"])) for r in rows]


def _health(parser: Parser, sample: AndroidSample) -> None:
    state = sample.state
    report = parser(sample.stdout)
    focus = state.get("focus")
    assert (report.booted, report.root, bool(report.faults)) == (
        state.get("boot_completed") == "1", state.get("uid") == 0, bool(state.get("dialog")))
    assert (focus is None) or (focus["package"] in report.focus and focus["activity"].rsplit(".", 1)[-1] in report.focus)


def _granted(parser: Parser, sample: AndroidSample) -> None:
    state = sample.state
    user0 = next((u for u in state.get("users", []) if u["id"] == 0), {"runtime": []})
    want = set(state.get("install", [])) | {p for p, granted, _ in user0["runtime"] if granted}
    assert parser(sample.stdout) == (want if state.get("installed") else set())


def _am_start(parser: Parser, sample: AndroidSample) -> None:
    """A start Android refused (an intent nothing resolves, a class that does not exist) is an error
    whichever stream it went to; a start that happened is none."""
    refused = sample.state.get("resolved", "") is None or sample.state.get("exists") is False
    got = parser(sample.stdout + sample.stderr)
    assert (got is not None) == refused, got
    if "-W" in sample.command.split():  # -W: the refusal is on stdout (runStartActivity)
        assert (parser(sample.stdout) is not None) == refused


def _state_rows(sample: AndroidSample) -> list[dict[str, str | None]]:
    """The sample's rows as ``content query`` prints each value (a number as its digits)."""
    return [{col: None if v is None else str(v) for col, v in row} for row in sample.state.get("rows", [])]


def _content_rows(parser: Parser, sample: AndroidSample) -> None:
    if "error" in sample.state:  # refused: check() refuses it, or the rows parser does (never an empty table)
        refused = android_error(CommandResult(stdout=sample.stdout, stderr=sample.stderr, exit_code=0), sample.command)
        if refused is None:
            with pytest.raises(VerifierReadError):
                parser(sample.stdout, sample.state.get("projection", ["_id"]))
        return
    assert parser(sample.stdout, sample.state["projection"]) == _state_rows(sample)


def _event_column(parser: Parser, sample: AndroidSample) -> None:
    """The calendar provider's one-column event read: ``(_id, value)`` per row, NULL as None."""
    col = sample.state["projection"][1]
    assert parser(sample.stdout, col) == [(r["_id"] or "", r[col]) for r in _state_rows(sample)]


def _reminder_minutes(parser: Parser, sample: AndroidSample) -> None:
    want: dict[str, list[int]] = {}
    for r in _state_rows(sample):
        want.setdefault(r["event_id"] or "", []).append(int(r["minutes"] or ""))
    assert parser(sample.stdout) == want


def _contacts(parser: Parser, sample: AndroidSample) -> None:
    got = [(c.first, c.last, c.phones, c.starred) for c in parser(sample.stdout)]
    assert got == [(c["first"], c["last"], c["phones"], c["starred"]) for c in sample.state["contacts"]]


def _phones(parser: Parser, sample: AndroidSample) -> None:
    assert parser(sample.stdout) == [(r["display_name"] or "", r["data1"] or "") for r in _state_rows(sample)]


def _playlists(parser: Parser, sample: AndroidSample) -> None:
    assert parser(sample.stdout) == [(r["_id"], r["name"]) for r in _state_rows(sample)]


def _members(parser: Parser, sample: AndroidSample) -> None:
    assert parser(sample.stdout) == [r["audio_id"] for r in _state_rows(sample)]


def _library(parser: Parser, sample: AndroidSample) -> None:
    from verifiers.music.state import SONG_SECONDS
    assert parser(sample.stdout) == {r["title"]: int(r["_id"] or "") for r in _state_rows(sample)
                                     if r["title"] in SONG_SECONDS}


def _now_playing(parser: Parser, sample: AndroidSample) -> None:
    from verifiers.music.state import NowPlaying
    sessions = sample.state.get("sessions", [])
    for package in {s["package"] for s in sessions} | {"com.example.none"}:
        s = next((s for s in sessions if s["package"] == package), {})
        meta = s.get("metadata")
        want = None if s.get("state") is None or not meta else NowPlaying(state=s["state"], title=meta["title"])
        assert parser(sample.stdout, package) == want, package


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=lambda v: v.model_dump(mode="json", exclude_defaults=False)))


def _sqlite_read(parser: Parser, sample: AndroidSample) -> None:
    """An app-database reader on a generated sample: the lines ``DeviceClient.sqlite`` returns
    (``sqlite_lines``) parse to what the sample's state says (``expect``, written by hand)."""
    got = _jsonable(parser.func(sqlite_lines(sample.stdout)))
    assert got == sample.state["expect"]


def _hex_rows(parser: Parser, sample: AndroidSample) -> None:
    """The notes stores' generic hex-row reader, at the width of the sample's expected rows."""
    want = sample.state["expect"]
    assert parser.func(sqlite_lines(sample.stdout), len(want[0]), sample.case) == want


def _queue_sizes(parser: Parser, sample: AndroidSample) -> None:
    want: dict[str, int] = {}
    for session in sample.state["sessions"]:
        want[session["package"]] = max(want.get(session["package"], 0), int(session.get("queueSize", 0)))
    assert parser(sample.stdout) == want


def _geo_file(parser: Parser, sample: AndroidSample) -> None:
    """A map app's file read with ``base64 -w 0 <path>``: the pins and tracks the sample's state
    says (``expect``, written by hand from the app's writer)."""
    pins, tracks = parser(sample.stdout, shlex.split(sample.command)[-1])
    got = {"pins": [[p.name, p.lat, p.lon] for p in pins],
           "tracks": [{"name": t.name, "points": [list(pt) for pt in t.points]} for t in tracks]}
    assert got == sample.state["expect"]


def _apollo_queue(parser: Parser, sample: AndroidSample) -> None:
    assert parser(sample.stdout) == sample.state["queue"]


EXPECTED: dict[str, Callable[[Parser, AndroidSample], None]] = {
    "verifiers.maps.files.geo_file": _geo_file,
    "verifiers.music.profiles.apollo_queue": _apollo_queue,
    "verifiers.notes.sqlite_store.parse_hex_rows": _hex_rows,
    "verifiers.tasks.adapters.parse_tasks_org": _sqlite_read,
    "verifiers.tasks.adapters.parse_pfa": _sqlite_read,
    "verifiers.tasks.adapters.parse_grit": _sqlite_read,
    "verifiers.music.profiles.playlists_of": _sqlite_read,
    "verifiers.music.profiles.playing_queue_of": _sqlite_read,
    "verifiers.music.profiles.queue_items_of": _sqlite_read,
    "verifiers.music.profiles.monster_queue_of": _sqlite_read,
    "verifiers.contacts.localdb.parse_local": _sqlite_read,
    "verifiers.finance.adapters.parse_my_expenses": _sqlite_read,
    "verifiers.finance.adapters.parse_pro_expense": _sqlite_read,
    "verifiers.finance.adapters.parse_oinkoin": _sqlite_read,
    "verifiers.finance.adapters.parse_sushi": _sqlite_read,
    "verifiers.maps.adapters.osmand_markers": _sqlite_read,
    "verifiers.calendar.adapters.parse_events_db": _sqlite_read,
    "verifiers.calendar.adapters.parse_kashcal": _sqlite_read,
    "verifiers.clock.adapters.simple_alarms": _sqlite_read,
    "verifiers.clock.adapters.simple_timers": _sqlite_read,
    "verifiers.clock.adapters.desk_alarms": _sqlite_read,
    "verifiers.clock.adapters.clockyou_alarms": _sqlite_read,
    "verifiers.clock.adapters.clockyou_zones": _sqlite_read,
    "verifiers.sms.telephony.parse_sms_lines": _sqlite_read,
    "verifiers.sms.telephony.parse_threads": _sqlite_read,
    "verifiers.sms.adapters.parse_drafts": _sqlite_read,
    "verifiers.music.device.now_playing_in": _now_playing,
    "pytest_anyapp.device.content.content_query_rows": _content_rows,
    "verifiers.calendar.adapters.event_column": _event_column,
    "verifiers.calendar.adapters.reminder_minutes": _reminder_minutes,
    "verifiers.contacts.android.parse_provider": _contacts,
    "verifiers.sms.contacts_provider.parse_phones": _phones,
    "verifiers.music.profiles.mediastore_playlists": _playlists,
    "verifiers.music.profiles.mediastore_members": _members,
    "verifiers.music.device.parse_library": _library,
    "pytest_anyapp.device.client.am_start_error": _am_start,
    "verifiers.music.device.session_queue_sizes": _queue_sizes,
    "pytest_anyapp.pool.preflight.granted_permissions": _granted,
    "pytest_anyapp.device.health.parse_health": _health,
    "verifiers.android_alarm.pending_alarms": _pending,
    "verifiers.android_alarm.now_elapsed": _now_elapsed,
    "verifiers.android_alarm.alarm_clocks": _alarm_clocks,
    "verifiers.contacts.android.parse_front": _front,
    "pytest_anyapp.device.client.parse_package_version": _version,
    "verifiers.contacts.android.parse_calls": _calls,
}


def test_every_parser_has_an_expectation() -> None:
    assert {p.name for p in PARSERS} - set(AWAITING_SAMPLES) <= set(EXPECTED)


@pytest.mark.parametrize("parser", PARSERS, ids=[p.name for p in PARSERS])
def test_parser_reads_what_the_sample_state_says(parser: Parser, sample: AndroidSample) -> None:
    if not covers(parser, sample):
        pytest.skip(f"{sample.command!r} is not {parser.command!r}")
    if sample.exit != 0:
        pytest.skip("the reader refuses a failed command before parsing (DeviceClient.check)")
    if sample.source == "capture":
        pytest.skip("a capture's state is what anyapp capture seeded, checked by test_captures.py")
    EXPECTED[parser.name](parser, sample)


# -- the simulated device prints the sample ------------------------------------------------------

def _render_alarm(sample: AndroidSample, tmp_path: Path) -> str:
    """Set the sample's alarms in the simulator's AlarmManager record and dump it. The samples'
    ``Alarm.dump`` revision prints no ``exactAllowReason``, and their state names none: exact=False."""
    state = sample.state
    record = AlarmManagerRecord(tmp_path)
    types = {"RTC_WAKEUP": 0, "RTC": 1, "ELAPSED_WAKEUP": 2, "ELAPSED": 3}
    by_package: dict[str, list[dict[str, Any]]] = {}
    for a in state["alarms"]:
        by_package.setdefault(a["package"], []).append({
            "tag": a["tag"].split(":", 1)[1], "when_ms": a["origWhen"], "type": types[a["type"]],
            "alarm_clock": bool(a.get("alarmClock")), "window_ms": a["window"], "flags": int(a["flags"], 16),
            "exact": False, "operation": a["operation"]})
    for package, alarms in by_package.items():
        record.replace_package(package, alarms)
    zone = ZoneInfo(state.get("timezone", "UTC"))

    def fmt(ms: int) -> str:
        return dt.datetime.fromtimestamp(ms / 1000, zone).strftime("%Y-%m-%d %H:%M:%S.") + f"{ms % 1000:03d}"

    return dump_alarm(record, state["nowRTC"], fmt, state["nowELAPSED"])


class NotRenderable(Exception):
    """This sample's state is one the simulator cannot be given (the reason is the message)."""


def _render_media_session(sample: AndroidSample, tmp_path: Path) -> str:
    """The sample's sessions as the simulator's session records, rendered as the live command does."""
    from pytest_anyapp.sim.providers.media import SessionRecord, render_media_sessions

    if any(s.get("userId", 0) != 0 for s in sample.state["sessions"]):
        raise NotRenderable("a session of another user: the simulated device has user 0 only")
    records, uids = [], {}
    for s in sample.state["sessions"]:
        r = SessionRecord(s["package"], s["tag"], active=s.get("active", True))
        r.state, r.position_ms = s.get("state"), s.get("position", 0)
        meta = s.get("metadata")
        r.metadata_set_null = bool(s.get("metadataSetNull"))
        if meta is not None:
            texts = [meta[k] for k in ("title", "artist", "album") if meta.get(k)] + [None, None, None]
            r.title, r.subtitle, r.description = texts[:3]
            r.metadata_size = meta.get("fields", 0)
        r.queue_title, r.queue_size = s.get("queueTitle"), s.get("queueSize", 0)
        records.append(r)
        uids[s["package"]] = s.get("uid", 10000)
    return render_media_sessions(records, uids.__getitem__)


def _render_package(sample: AndroidSample, tmp_path: Path) -> str:
    """The sample's package as the simulator's package record and per-user state, rendered as the
    live command does."""
    from pytest_anyapp.sim.packages import PackageInfo
    from pytest_anyapp.sim.shell.commands.dumpsys import PackageUser, render_package

    state = sample.state
    if not state.get("installed"):
        return render_package(state["package"], None, [], [], str)
    info = PackageInfo(name=state["package"], version_name=state["versionName"], version_code=state["versionCode"],
                       min_sdk=state["minSdk"], target_sdk=state["targetSdk"], uid=state["appId"],
                       declared_permissions=state["requested"], apk_path=f"/data/app/{state['package']}/base.apk")
    users = [PackageUser(id=u["id"], inode=u["inode"], enabled=0, first_install_ms=0, gids=tuple(u["gids"]),
                         runtime=tuple((p, granted, tuple(flags)) for p, granted, flags in u["runtime"]))
             for u in state["users"]]
    return render_package(state["package"], info, state["install"], users, str)


def _render_activity(sample: AndroidSample, tmp_path: Path) -> str:
    """The sample's tasks as the simulator's task views (display 0, user 0), rendered as the live
    command does; intent lines made by the simulator's own ``intent_line``."""
    from pytest_anyapp.sim.shell.commands.dumpsys import RecordView, TaskView, intent_line, render_activities

    state = sample.state
    if len(state["displays"]) != 1 or state["displays"][0]["id"] != 0:
        raise NotRenderable("several displays: the simulated device has display 0 only")
    tasks = state["displays"][0]["tasks"]
    if any(t.get("userId", 0) != 0 for t in tasks):
        raise NotRenderable("a task of another user: the simulated device has user 0 only")
    views = []
    for t in tasks:
        records = []
        for a in reversed(t["activities"]):  # the sample lists a task's activities top first
            package, _, cls = a["component"].partition("/")
            activity = package + cls if cls.startswith(".") else cls
            intent = a.get("intent")
            line = "" if intent is None else intent_line(
                a["component"], action=intent.get("action", ""), categories=tuple(intent.get("categories", ())),
                data=intent.get("data", ""), flags=intent.get("flags", ""))
            records.append(RecordView(package, activity, line))
        uid, _, package = t.get("affinity", f"0:{records[-1].package}").partition(":")
        views.append(TaskView(id=t["id"], kind=t.get("type", "standard"), uid=int(uid), package=package,
                              visible=t.get("visible", False), records=tuple(records),
                              resumed=t["activities"][0].get("state") == "RESUMED"))
    return render_activities(views, sleeping=bool(state.get("sleeping")))


def _render_uiautomator(sample: AndroidSample, tmp_path: Path) -> str:
    """The sample's active-window tree as the simulator's dump nodes, serialised and reported as the
    live command does."""
    from pytest_anyapp.sim.ui.uiautomator import DUMPED_TO, DumpNode, dump_command_output, render_hierarchy

    state = sample.state
    path = sample.command.split()[-1]
    if state.get("idle") is False:
        raise NotRenderable("the simulated device is always idle (waitForIdle never times out)")
    if DUMPED_TO not in sample.stdout and state.get("window") is not None:
        raise NotRenderable("a later tree's spelling of the success line; the simulator prints android-13's")

    def node(n: dict[str, Any], index: int) -> DumpNode:
        return DumpNode(index=index, class_name=n["class"], package=n["package"], bounds=n["bounds"],
                        text=n.get("text", ""), resource_id=n.get("id", ""), desc=n.get("desc", ""),
                        clickable=n.get("clickable", False), focusable=n.get("focusable", False),
                        children=tuple(node(c, i) for i, c in enumerate(n.get("children", []))))

    xml = None if state.get("window") is None else render_hierarchy([node(state["nodes"], 0)], state.get("rotation", 0))
    if "file_content" in state:
        assert xml == state["file_content"]  # the file holds what the simulator writes
    stdout, _ = dump_command_output(xml, path, to_terminal=path == "/dev/tty")
    return stdout


SECOND_SPACE = re.compile(r"(origWhen -?\d+)  whenElapsed")
RENDERERS: dict[str, Callable[[AndroidSample, Path], str]] = {
    "dumpsys_alarm": _render_alarm, "dumpsys_media_session": _render_media_session,
    "dumpsys_package": _render_package, "dumpsys_activity": _render_activity,
    "uiautomator_dump": _render_uiautomator}

#: Commands whose output the simulator prints from live device state, not from a state object: each
#: sample is compared on a running simulated device through adb (test_live_renderers.py).
COMPARED_LIVE = (
    "am_broadcast", "am_force_stop", "am_start", "appops_get", "appops_set", "base64", "cat", "cmd_role",
    "content_delete",
    "content_insert", "content_query", "content_update", "date", "find", "getprop", "health_probe", "id", "ls",
    "monkey", "pm_clear", "pm_disable_user", "pm_enable", "pm_grant", "pm_install_create", "pm_list_packages",
    "pm_path", "settings_get", "settings_list", "settings_put", "sha256sum", "sqlite3", "stat", "wm_density",
    "wm_size")
LIVE = "compared live on a simulated device through adb: test_live_renderers.py"
#: Commands whose samples are not compared from a state here, and why.
NOT_RENDERED: dict[str, str] = {group: LIVE for group in COMPARED_LIVE}


def test_every_command_is_rendered_or_listed() -> None:
    groups = {s.group for s in SAMPLES}
    assert groups - set(RENDERERS) - set(NOT_RENDERED) == set(), "a command directory nobody compares"
    assert set(RENDERERS) & set(NOT_RENDERED) == set()
    assert set(NOT_RENDERED) - groups == set(), "NOT_RENDERED names a command with no sample"


def _lines_subset(mine: list[str], theirs: list[str]) -> bool:
    rest = iter(theirs)
    return all(any(line == t for t in rest) for line in mine)


def test_renderer_prints_the_sample(sample: AndroidSample, tmp_path: Path) -> None:
    render = RENDERERS.get(sample.group)
    if render is None:
        pytest.skip(NOT_RENDERED[sample.group])
    try:
        out = render(sample, tmp_path)
    except NotRenderable as exc:
        pytest.skip(str(exc))
    mine, theirs = normalise(out, sample.varies), sample.normalised("stdout")
    # Revisions differ by one space before whenElapsed (Alarm.toString): the simulator prints the
    # one-space form; the two-space samples are compared with that space taken out.
    theirs = SECOND_SPACE.sub(r"\1 whenElapsed", theirs) if sample.group == "dumpsys_alarm" else theirs
    if not sample.excerpt:
        assert mine == theirs
        return
    mine = "\n".join(line for line in mine.splitlines() if not sample.is_left_out(line))
    assert _lines_subset(mine.splitlines(), theirs.splitlines()), (
        "the simulator prints a line the sample does not, or out of order:\n" + "\n".join(
            line for line in mine.splitlines() if line not in theirs.splitlines()))
    for parser in (p for p in PARSERS if covers(p, sample)):
        want_sample = sample.model_copy(update={"streams": {"stdout": out}})
        EXPECTED[parser.name](parser, want_sample)  # the parse of our output is the sample's state


def test_two_spaces_before_when_elapsed_are_read_alike() -> None:
    """Revisions differ by one space before ``whenElapsed``: both samples parse to their state."""
    double = [s for s in SAMPLES if s.group == "dumpsys_alarm" and re.search(r"origWhen \d+  whenElapsed", s.stdout)]
    single = [s for s in SAMPLES if s.group == "dumpsys_alarm" and re.search(r"origWhen \d+ whenElapsed", s.stdout)]
    assert double and single
