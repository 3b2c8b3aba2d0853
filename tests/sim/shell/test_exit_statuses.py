"""Every row of the exit-status table in docs/simulated-device.md, through the real ``adb shell``.

The table is the single source: each row names the command, the exit status and the text an
Android 13 emulator gives (with its AOSP source), and this test runs it on a fresh device. The
real CLI uses shell protocol v2 with this device, so ``adb shell`` exits with the command's status.
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from apk import build_apk

from pytest_anyapp.sim.testing import RunningDevice

DOC = Path(__file__).resolve().parents[3] / "docs" / "simulated-device.md"
ADB = "/usr/bin/adb" if Path("/usr/bin/adb").exists() else "adb"


CORPUS = Path(__file__).resolve().parents[2] / "android_outputs"


def _cells() -> list[list[str]]:
    text = DOC.read_text()
    section = text.split("## Exit statuses and error texts (Android 13)", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in section.splitlines()]
    return [cells for cells in rows if len(cells) == 6 and cells[0].startswith("`")]


def _rows() -> list[tuple[str, int, str, str]]:
    return [(command.strip("`"), int(exit_status), stream, expected.strip("`"))
            for command, exit_status, stream, expected, _sample, _source in _cells()]


ROWS = _rows()


def test_the_table_is_there() -> None:
    assert len(ROWS) >= 20


def test_each_named_sample_exists_and_exits_as_the_row_says() -> None:
    """The "Sample" column ties a row to the corpus written from AOSP: same exit status."""
    from pytest_anyapp.device.samples import load_sample

    named = [(cells[4].strip("`"), int(cells[1])) for cells in _cells() if cells[4] not in ("", "—")]
    assert named
    for case, exit_status in named:
        assert load_sample(CORPUS / f"{case}.txt").exit == exit_status, case


@pytest.fixture
def device_with_unsigned_apk(sim_device: RunningDevice, adb_server: int, tmp_path: Path) -> RunningDevice:
    apk = build_apk(tmp_path / "unsigned.apk", "com.example.unsigned", signed=False)
    subprocess.run([ADB, "-P", str(adb_server), "-s", sim_device.serial, "push", str(apk),
                    "/data/local/tmp/unsigned.apk"], check=True, capture_output=True, timeout=60)
    return sim_device


@pytest.mark.parametrize(("command", "exit_status", "stream", "expected"), ROWS, ids=[r[0] for r in ROWS])
def test_row(device_with_unsigned_apk: RunningDevice, adb_server: int, command: str, exit_status: int,
             stream: str, expected: str) -> None:
    env = os.environ | {"ANDROID_ADB_SERVER_PORT": str(adb_server)}
    env.pop("TERM", None)
    done = subprocess.run([ADB, "-P", str(adb_server), "-s", device_with_unsigned_apk.serial, "shell", command],
                          capture_output=True, timeout=60, env=env, stdin=subprocess.DEVNULL)
    out, err = done.stdout.decode(), done.stderr.decode()
    assert done.returncode == exit_status, (out, err)
    if stream == "none":
        assert (out, err) == ("", "")
    elif stream == "stdout":
        assert expected in out, (out, err)
        assert not re.search(r"\S", err), err
    else:
        assert expected in err, (out, err)
