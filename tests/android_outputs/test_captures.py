"""The parsers on a device's own outputs (``anyapp capture``; ``--android-captures DIR``).

Each capture's ``state.expect`` says what capture seeded for the parser of its command to find;
the parser must find it in the raw output. Without ``--android-captures``/``ANYAPP_CAPTURES``
these tests are not collected with any parameter (skipped).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp.device.health import parse_health
from pytest_anyapp.device.samples import AndroidSample, dump_sample, load_samples
from verifiers.android_alarm import pending_alarms
from verifiers.base import resumed_packages
from verifiers.contacts.android import parse_calls, parse_front
from verifiers.music.device import parse_session, session_lines_in


def _alarms(s: AndroidSample, expect: dict[str, Any]) -> str:
    alarms = pending_alarms(s.stdout.splitlines())
    found = {a.package for a in alarms}
    missing = set(expect["alarm_packages"]) - found
    if missing:
        return f"no pending alarm parsed for {sorted(missing)} (parsed {sorted(found)})"
    mine = [a for a in alarms if a.package in expect["alarm_packages"]]
    if len(mine) < expect.get("alarms_at_least", 1):
        return f"{len(mine)} alarms parsed for {expect['alarm_packages']}, seeded {expect['alarms_at_least']}"
    return ""


def _session(s: AndroidSample, expect: dict[str, Any]) -> str:
    got = parse_session(session_lines_in(s.stdout), expect["session_package"])
    return "" if got is not None else f"no session of {expect['session_package']} parsed"


def _front(s: AndroidSample, expect: dict[str, Any]) -> str:
    front = parse_front(s.stdout.splitlines())
    if not resumed_packages(s.stdout):
        return "no resumed activity parsed"
    want = expect["front"]
    if front is None or (front.action, front.data) != (want["action"], want["data"]):
        return f"front intent parsed as {front}, seeded {want}"
    return ""


def _calls(s: AndroidSample, expect: dict[str, Any]) -> str:
    if "--projection number:type" not in s.command:
        return ""
    got = {(c.number, c.kind) for c in parse_calls(s.stdout.splitlines())}
    missing = [row for row in expect["calls"] if (row[0] or "", row[1]) not in got]
    return f"seeded call rows not parsed: {missing}" if missing else ""


def _health(s: AndroidSample, expect: dict[str, Any]) -> str:
    report = parse_health(s.stdout)
    return "" if report.booted and report.root else f"health parsed as {report}"


#: The parser of each captured command, with what it must find (``state.expect``).
PARSER_CHECKS: dict[str, Callable[[AndroidSample, dict[str, Any]], str]] = {
    "dumpsys_alarm": _alarms, "dumpsys_media_session": _session, "dumpsys_activity": _front,
    "content_query": _calls, "health_probe": _health,
}


def test_the_parser_reads_the_capture(capture: AndroidSample) -> None:
    check = PARSER_CHECKS.get(capture.group)
    if check is None:
        pytest.skip(f"no parser check for {capture.group} here")
    where = f"{capture.group}/{capture.case}.txt"
    try:
        problem = check(capture, capture.state.get("expect", {}))
    except Exception as exc:  # a parser that raises on the device's output fails on that file
        problem = f"{type(exc).__name__}: {exc}"
    assert not problem, f"{where}: {problem}"


def test_a_capture_outranks_the_sample_of_its_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("android_outputs_conftest", Path(__file__).with_name("conftest.py"))
    assert spec is not None and spec.loader is not None
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    sample = next(s for s in load_samples(Path(__file__).parent) if s.group == "wm_size")
    captured = sample.model_copy(update={"source": "capture", "streams": {"stdout": "Physical size: 1080x2400\n"}})
    (tmp_path / "wm_size").mkdir()
    (tmp_path / "wm_size" / f"{sample.case}.txt").write_text(dump_sample(captured))
    monkeypatch.setenv("ANYAPP_CAPTURES", str(tmp_path))

    class Config:
        def getoption(self, name: str, default: object = None) -> object:
            return None

    merged = [s for s in conftest.corpus_samples(Config()) if (s.group, s.case) == (sample.group, sample.case)]
    assert [(s.source, s.stdout) for s in merged] == [("capture", "Physical size: 1080x2400\n")]
