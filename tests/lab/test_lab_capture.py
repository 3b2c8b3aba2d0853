"""``anyapp capture`` on a simulated lane (issue 25): the directory it writes is in the corpus's
format, the parser tests pass on it through ``--android-captures``, a capture edited into a form a
parser does not read fails that parser's test and names the file, and the device is left as it was.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.samples import load_samples
from pytest_anyapp.lab.capture import NOT_CAPTURED, PROBES, corpus_groups
from pytest_anyapp.lab.fingerprint import EPISODE_SETTINGS, DeviceFingerprint, differences
from pytest_anyapp.sim.testing import RunningDevice, running_device

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("capture")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def captured(sim: RunningDevice, adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("captures")
    assert main(["capture", "--lanes", str(sim.console_port), "--adb-server", f"127.0.0.1:{adb_server}",
                 "--out", str(out)]) == 0
    return out


def _parser_tests(captures: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "tests/android_outputs/test_captures.py", "-p", "no:randomly",
                           "-p", "no:cacheprovider", "-q", "--android-captures", str(captures)],
                          cwd=REPO, capture_output=True, text=True, env=dict(os.environ), timeout=300)


def test_every_read_only_corpus_command_is_captured() -> None:
    assert corpus_groups() - set(NOT_CAPTURED) == {p.group for p in PROBES}


def test_capture_writes_the_corpus_format_and_leaves_the_device_unchanged(captured: Path) -> None:
    samples = load_samples(captured)
    assert {s.group for s in samples} == {p.group for p in PROBES} and len(samples) == len(PROBES)
    alarm = next(s for s in samples if s.group == "dumpsys_alarm")
    assert alarm.source == "capture" and alarm.state["build"] and alarm.state["apps"]
    assert alarm.state["expect"]["alarm_packages"], "the seeded clock app's alarms are what the parser must find"
    report = (captured / "capture.json").read_text()
    assert '"left_changed": []' in report


def test_the_parser_tests_pass_on_the_capture_and_name_an_edited_file(captured: Path, tmp_path: Path) -> None:
    done = _parser_tests(captured)
    assert done.returncode == 0, done.stdout[-3000:]
    # alarm, session, front, calls (2 files), health; and the outranking test
    assert "7 passed" in done.stdout, done.stdout[-3000:]
    edited = tmp_path / "edited"
    subprocess.run(["cp", "-r", str(captured), str(edited)], check=True)
    alarm = next((edited / "dumpsys_alarm").glob("*.txt"))
    alarm.write_text(alarm.read_text().replace("Alarm{", "Alarm ["))  # a form pending_alarms does not read
    done = _parser_tests(edited)
    assert done.returncode == 1, done.stdout[-3000:]
    assert f"dumpsys_alarm/{alarm.name}: no pending alarm parsed for" in done.stdout
    assert "1 failed" in done.stdout


def test_a_left_over_is_a_difference_but_an_episode_setting_is_not() -> None:
    base = DeviceFingerprint(build="b", packages=["a"], versions={}, settings={"global": {"auto_time": "1"}},
                             roles={}, alarms={"com.x": 1}, rows={"content://call_log/calls": 3})
    (ns, key), = [k for k in EPISODE_SETTINGS if k == ("global", "auto_time")]
    after = base.model_copy(update={"settings": {"global": {key: "0"}}})
    assert differences(base, after) == []
    after = base.model_copy(update={"alarms": {"com.x": 2}, "rows": {"content://call_log/calls": 4}})
    assert differences(base, after) == ["pending alarms of com.x: 1 -> 2", "rows of content://call_log/calls: 3 -> 4"]


def test_the_fingerprint_reads_a_left_over_on_the_device(sim: RunningDevice, adb_server: int) -> None:
    from pytest_anyapp.lab.fingerprint import fingerprint

    client = DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                      adb_port=adb_server))
    before = fingerprint(client)
    client.check("settings put secure anyapp_capture_probe 1")
    try:
        assert differences(before, fingerprint(client)) == ["settings secure anyapp_capture_probe: None -> '1'"]
    finally:
        client.run("settings delete secure anyapp_capture_probe")
