"""``anyapp validate`` on two simulated lanes (issue 25): a subset of the scheduled pairs here,
every pair in ``make nightly`` (``ANYAPP_NIGHTLY=1``); a broken seeder is named with its failing
check and the command's own exit status; the report's pure parts."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.lab.validate import (
    EXIT_INVALID,
    PairCheck,
    PairValidity,
    ValidityReport,
    pair_key,
    render_markdown,
    validity_problems,
)
from pytest_anyapp.registry import schedule, scheduled_pairs
from pytest_anyapp.sim.testing import RunningDevice, running_device

NIGHTLY = os.environ.get("ANYAPP_NIGHTLY") == "1"
HERE = Path(__file__).resolve().parent
#: The regular suite's subset: one template over every notes app (Orgzly Revived and Joplin do start-up work
#: on seeded state, which launch invariance must see settle).
SUBSET = "notes-NotesCreateNote-"


@pytest.fixture(scope="module")
def lanes(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[RunningDevice]]:
    root = Path(tmp_path_factory.mktemp("validate"))
    with ExitStack() as stack:
        yield [stack.enter_context(running_device(root / f"dev{i}", adb_server_port=adb_server)) for i in range(2)]


def _validate(lanes: list[RunningDevice], adb_server: int, out: Path, keyword: str) -> int:
    spec = ",".join(str(d.console_port) for d in lanes)
    argv = ["validate", "--lanes", spec, "--adb-server", f"127.0.0.1:{adb_server}", "--out", str(out)]
    return main([*argv, *(["-k", keyword] if keyword else [])])


def _report(out: Path) -> ValidityReport:
    return ValidityReport.model_validate_json((out / "validity.json").read_text())


@pytest.mark.timeout(7200 if NIGHTLY else 900)
def test_scheduled_pairs_are_valid_on_two_simulated_lanes(lanes: list[RunningDevice], adb_server: int,
                                                          tmp_path: Path) -> None:
    keyword = "" if NIGHTLY else SUBSET
    assert _validate(lanes, adb_server, tmp_path, keyword) == 0
    report = _report(tmp_path)
    wanted = [pair_key(p) for p in scheduled_pairs()]
    if keyword:
        assert 0 < len(report.pairs) < len(wanted)
    else:
        assert sorted(p.pair for p in report.pairs) == sorted(wanted)
    assert {p.serial for p in report.pairs} == {d.serial for d in lanes}, "both lanes worked"
    for p in report.pairs:
        checks = [c.check for c in p.checks]
        assert checks[:3] == ["pin", "round_trip:initial", "null"] and checks[-1] == "launch_invariance"
        assert any(c.startswith("near_miss:") for c in checks) and p.build_fingerprint and p.app_version
    assert "pairs valid" in (tmp_path / "validity.md").read_text()


@pytest.mark.timeout(900)
def test_a_seeder_the_app_undoes_at_launch_is_named_with_its_check(lanes: list[RunningDevice], adb_server: int,
                                                                  tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("PYTEST_ADDOPTS", "-p broken_orgzly")
    orgzly = next(p for p in scheduled_pairs() if p.app.app_id == "notes_orgzly_revived")
    other = next(p for p in scheduled_pairs() if p.template == orgzly.template and p.app != orgzly.app)
    assert _validate(lanes, adb_server, tmp_path, f"{pair_key(orgzly)} or {pair_key(other)}") == EXIT_INVALID
    report = _report(tmp_path)
    assert list(report.invalid_pairs()) == [pair_key(orgzly)]
    bad = next(p for p in report.pairs if p.pair == pair_key(orgzly))
    assert [c.check for c in bad.failed] == ["launch_invariance"]
    assert bad.failed[0].device_output, "the device's read after the launch is in the report"
    assert f"INVALID {pair_key(orgzly)}: launch_invariance:" in capsys.readouterr().out
    assert f"## {pair_key(orgzly)} (invalid on" in (tmp_path / "validity.md").read_text()


def test_a_k_matching_no_pair_is_a_usage_error(lanes: list[RunningDevice], adb_server: int, tmp_path: Path) -> None:
    assert _validate(lanes, adb_server, tmp_path, "no_such_pair_anywhere") == 2


def _pair(name: str, ok: bool, build: str = "b1") -> PairValidity:
    return PairValidity(pair=name, template="T", app_id="a", instance=0, serial="emulator-5554",
                        build_fingerprint=build, app_version="1 (1)",
                        checks=[PairCheck(check="pin", ok=True),
                                PairCheck(check="launch_invariance", ok=ok, detail="" if ok else "notes changed",
                                          device_output={} if ok else {"notes (after launch)": ["x|y"]})])


def test_the_report_names_invalid_pairs_and_the_run_checks_build_attestation_and_cohort() -> None:
    cohort = schedule(only_instance=0)[:2]
    keys = [pair_key(i.pair) for i in cohort]
    report = ValidityReport(created_at="t", build_fingerprints=["b1"], app_attestation_sha256="att", instance=0,
                            pairs=[_pair(keys[0], True), _pair(keys[1], False)])
    assert report.invalid_pairs() == {keys[1]: "launch_invariance: notes changed"}
    md = render_markdown(report)
    assert f"| {keys[1]} | launch_invariance | FAIL |" in md and "x|y" in md
    assert validity_problems(report, "b1", "att", cohort) == []
    problems = validity_problems(report, "b2", "", schedule(only_instance=0)[:3])
    assert [p.split(" ")[3] for p in problems] == ["for", "attestation", "not"], problems
    assert json.loads(report.model_dump_json())["kind"] == "anyapp_validity_report"
