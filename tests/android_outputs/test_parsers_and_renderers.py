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
  sample's, and the command's parsers must read the same data from both. :data:`NOT_RENDERED` lists,
  with the reason, every command whose samples the simulator cannot yet be set up for.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from pytest_anyapp.device.parsers import Parser, all_parsers
from pytest_anyapp.device.samples import AndroidSample, load_samples, normalise
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.sim.providers.clock import AlarmManagerRecord, dump_alarm

CORPUS = Path(__file__).resolve().parent
SAMPLES = load_samples(CORPUS)
PARSERS = all_parsers()


def covers(parser: Parser, sample: AndroidSample) -> bool:
    """A sample is of a parser's command when the command's words appear in its command line, in order."""
    words = iter(sample.command.split())
    return all(any(w == got for got in words) for w in parser.command.split())


#: Registered parsers with no sample yet, and why (the corpus is written by another reader).
AWAITING_SAMPLES: dict[str, str] = {
    "verifiers.contacts.android.parse_provider":
        "needs a content query of content://com.android.contacts/data with the verifier's projection "
        "(_id:contact_id:raw_contact_id:mimetype:data1:data2:data3:starred or as DATA_KEYS says); "
        "rows_with_null uses another projection",
}


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


def _queue_sizes(parser: Parser, sample: AndroidSample) -> None:
    want: dict[str, int] = {}
    for session in sample.state["sessions"]:
        want[session["package"]] = max(want.get(session["package"], 0), int(session.get("queueSize", 0)))
    assert parser(sample.stdout) == want


EXPECTED: dict[str, Callable[[Parser, AndroidSample], None]] = {
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


SECOND_SPACE = re.compile(r"(origWhen -?\d+)  whenElapsed")
RENDERERS: dict[str, Callable[[AndroidSample, Path], str]] = {"dumpsys_alarm": _render_alarm}

#: Commands whose samples the simulator cannot be set up for here yet, and why.
NOT_RENDERED: dict[str, str] = {
    "dumpsys_activity": "the sample's tasks (several displays, user 10, a sleeping device) are not states the "
                        "simulator's task model can be given; its layout is asserted in tests/sim/shell/"
                        "test_shell_activity.py",
    "dumpsys_package": "the simulator prints packages it installed itself (no state for appId, users, "
                       "permissions flags); versionName with a space is asserted in tests/clock/test_clock_records.py",
    "dumpsys_media_session": "the media-session renderer takes a running player double, not a state; "
                             "issue 22's metadata=null item is not done",
    "uiautomator_dump": "the dump is the simulated app's screen, not a state; issue 22's status/nav-bar roots "
                        "item is not done",
}
_REST = "not yet compared: the renderer for this command takes a live device, not a state"


def _lines_subset(mine: list[str], theirs: list[str]) -> bool:
    rest = iter(theirs)
    return all(any(line == t for t in rest) for line in mine)


def test_renderer_prints_the_sample(sample: AndroidSample, tmp_path: Path) -> None:
    render = RENDERERS.get(sample.group)
    if render is None:
        pytest.skip(NOT_RENDERED.get(sample.group, _REST))
    out = render(sample, tmp_path)
    mine, theirs = normalise(out, sample.varies), sample.normalised("stdout")
    # Revisions differ by one space before whenElapsed (Alarm.toString): the simulator prints the
    # one-space form; the two-space samples are compared with that space taken out.
    theirs = SECOND_SPACE.sub(r"\1 whenElapsed", theirs) if sample.group == "dumpsys_alarm" else theirs
    if not sample.excerpt:
        assert mine == theirs
        return
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
