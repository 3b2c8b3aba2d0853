"""``--app-attestation FILE``: a run names the installed-app attestation its lanes were checked with.
Every record carries the file's sha256 (and the report index a column of it); a missing file, a file
that is not an attestation, or one that records an app off its pin is a usage error before any episode."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pytest_anyapp.catalog import app_by_id
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.provision.attest import AppAttestation, Attestation, LaneAttestation, load_attestation, write_attestation
from pytest_anyapp.report.fields import row_from_record

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()
PAIR = "sms-SmsSend-quik_sms-i0"


def _attestation(path: Path, *, matches_pin: bool = True) -> str:
    app = app_by_id("sms_quik_sms")
    entry = AppAttestation(app_id=app.app_id, package=app.package, installed=True, version_name=app.version_name,
                           version_code=app.version_code, base_apk_sha256="ab" * 32,
                           pinned_version_code=app.version_code, matches_pin=matches_pin)
    att = Attestation(created_at="2026-12-01T00:00:00+00:00",
                      lanes=[LaneAttestation(lane="127.0.0.1:5554:8554", serial="emulator-5554", apps=[entry])])
    return write_attestation(att, path)


def test_load_returns_the_file_hash_and_refuses_bad_files(tmp_path: Path) -> None:
    good = tmp_path / "att.json"
    sha = _attestation(good)
    assert load_attestation(good)[1] == sha == hashlib.sha256(good.read_bytes()).hexdigest()
    with pytest.raises(ConfigError, match="No such file"):
        load_attestation(tmp_path / "missing.json")
    (tmp_path / "other.json").write_text(json.dumps({"kind": "something else"}))
    with pytest.raises(ConfigError, match="not an `anyapp apps attest` file"):
        load_attestation(tmp_path / "other.json")
    _attestation(tmp_path / "off.json", matches_pin=False)
    with pytest.raises(ConfigError, match="not at their pins: 127.0.0.1:5554:8554 sms_quik_sms"):
        load_attestation(tmp_path / "off.json")


def test_records_and_the_report_index_reference_the_attestation(pytester: pytest.Pytester, tmp_path: Path) -> None:
    sha = _attestation(tmp_path / "att.json")
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest(f"test_pairs.py::test_pair[{PAIR}]", "--agent=null", "--results-dir=res",
                                f"--app-attestation={tmp_path / 'att.json'}")
    result.assert_outcomes(failed=1)
    (path,) = (pytester.path / "res").rglob("episode.json")
    record = json.loads(path.read_text())
    assert record["provenance"]["run"]["app_attestation_sha256"] == sha
    assert row_from_record(record).app_attestation_sha256 == sha


def test_an_attestation_off_its_pins_stops_the_run_before_any_episode(pytester: pytest.Pytester,
                                                                      tmp_path: Path) -> None:
    _attestation(tmp_path / "off.json", matches_pin=False)
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest(f"test_pairs.py::test_pair[{PAIR}]", "--agent=null", "--results-dir=res",
                                f"--app-attestation={tmp_path / 'off.json'}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert not list((pytester.path / "res").rglob("episode.json"))
