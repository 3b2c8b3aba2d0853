"""Frozen schedules: byte-stable and immutable; ``pytest pairs --schedule`` runs exactly one and
refuses a changed template, catalog entry, pin or APK source, naming it."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from pytest_anyapp.catalog import Category
from pytest_anyapp.catalog import apps as catalog_apps
from pytest_anyapp.cli import main as anyapp
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.provision.sources import load_sources
from pytest_anyapp.schedule import manifest as manifest_mod
from pytest_anyapp.schedule.manifest import build_manifest, manifest_bytes, write_manifest

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()


def _freeze(path: Path, *extra: str) -> None:
    assert anyapp(["schedule", "freeze", "--output", str(path), "--categories", "sms", "--instances", "1",
                   "--conditions", "c1", *extra]) == 0


@pytest.fixture
def frozen(tmp_path: Path) -> Path:
    path = tmp_path / "schedule.json"
    _freeze(path)
    return path


def test_freeze_is_byte_stable_immutable_and_not_eligible_when_unpinned(frozen: Path, tmp_path: Path) -> None:
    again = build_manifest(categories=[Category.SMS], seed=30, n_instances=1, conditions=["c1"],
                           release_id="development", want_eligible=True)
    data = json.loads(frozen.read_bytes())
    assert len(data["instances"]) == 40 and {a["app_id"] for a in data["apps"]} == {
        "sms_simple_sms_messenger", "sms_fossify_messages", "sms_google_messages", "sms_quik_sms"}
    assert manifest_bytes(again.model_copy(update={"analysis_eligible": False,
                                                   "eligibility_blockers": data["eligibility_blockers"]})) \
        == frozen.read_bytes()
    # eligibility was asked for, but no SMS app has a pinned APK hash
    assert not again.analysis_eligible and "sms_quik_sms: unpinned APK hash" in again.eligibility_blockers
    with pytest.raises(ConfigError, match="never overwritten"):
        write_manifest(again, frozen)
    assert not os.access(frozen, os.W_OK) or os.getuid() == 0  # mode 0444 (root ignores it)
    assert oct(frozen.stat().st_mode & 0o777) == "0o444"


def test_schedule_collects_exactly_the_frozen_pairs(pytester: pytest.Pytester, frozen: Path) -> None:
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest("--collect-only", "-q", f"--schedule={frozen}", "--instances=1")
    ids = [line for line in result.stdout.lines if "::test_pair[" in line]
    frozen_ids = {i["test_id"] for i in json.loads(frozen.read_bytes())["instances"]}
    assert len(ids) == 40 and {i.split("[", 1)[1][:-1] for i in ids} == frozen_ids
    # the default (3 instances) is not the frozen schedule: refused before collection finishes
    result = pytester.runpytest("--collect-only", "-q", f"--schedule={frozen}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stdout.fnmatch_lines(["*instances 3 is not the schedule's 1*"])


def test_a_frozen_pair_runs(pytester: pytest.Pytester, frozen: Path) -> None:
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest("test_pairs.py::test_pair[sms-SmsSend-quik_sms-i0]", f"--schedule={frozen}",
                                "--instances=1", "--agent=null", "--results-dir=res")
    result.assert_outcomes(failed=1)
    (record,) = [json.loads(p.read_text()) for p in (pytester.path / "res").rglob("episode.json")]
    assert record["provenance"]["run"]["schedule_sha256"] == hashlib.sha256(frozen.read_bytes()).hexdigest()


def _drifted(pytester: pytest.Pytester, frozen: Path, *extra: str) -> pytest.RunResult:
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    result = pytester.runpytest("--agent=null", f"--schedule={frozen}", "--instances=1", "--results-dir=res", *extra)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert not (pytester.path / "res").exists() or not any((pytester.path / "res").rglob("episode.json"))
    return result


def test_changed_pin_is_refused(pytester: pytest.Pytester, frozen: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    apps = tuple(a.model_copy(update={"version_code": 2239, "version_name": "4.3.7"}) if a.app_id == "sms_quik_sms"
                 else a for a in catalog_apps.APPS)
    monkeypatch.setattr(catalog_apps, "APPS", apps)
    _drifted(pytester, frozen).stdout.fnmatch_lines(
        ["*pin of sms_quik_sms changed: frozen 4.3.6 (2238), now 4.3.7 (2239)*"])


def _drift_now(frozen: Path) -> list[str]:
    m = manifest_mod.load_manifest(frozen)
    return manifest_mod.drift(m, seed=30, n_instances=1, condition="c1")


def test_changed_catalog_entry_is_named(frozen: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _drift_now(frozen) == []
    apps = tuple(a.model_copy(update={"display_name": "QUIK"}) if a.app_id == "sms_quik_sms" else a
                 for a in catalog_apps.APPS)
    monkeypatch.setattr(catalog_apps, "APPS", apps)
    assert _drift_now(frozen) == ["catalog entry sms_quik_sms changed"]


def test_changed_apk_source_is_named(frozen: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = load_sources()
    edited = catalog.model_copy(update={"sources": [
        s.model_copy(update={"url": "https://example.invalid/other.apk"}) if s.app_id == "sms_fossify_messages" else s
        for s in catalog.sources]})
    path = tmp_path / "sources.json"
    path.write_text(edited.model_dump_json())
    monkeypatch.setenv("CATBENCH_APK_SOURCES", str(path))
    assert _drift_now(frozen) == ["APK source entry of sms_fossify_messages changed"]


def test_changed_template_is_named(frozen: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = manifest_mod.templates_by_category()
    (reply,) = [t for t in real[Category.SMS] if t.semantic_id == "SmsReply"]

    class SmsReply(type(reply)):  # type: ignore[misc]
        instruction = "Reply, but differently."

    changed = {c: tuple(SmsReply() if t is reply else t for t in ts) for c, ts in real.items()}
    monkeypatch.setattr(manifest_mod, "templates_by_category", lambda: changed)
    assert _drift_now(frozen) == ["template SmsReply changed (its definition's sha256 differs)"]


def test_check_cli_names_drift(frozen: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    assert anyapp(["schedule", "check", str(frozen)]) == 0
    apps = tuple(a.model_copy(update={"version_code": 1}) if a.app_id == "sms_google_messages" else a
                 for a in catalog_apps.APPS)
    monkeypatch.setattr(catalog_apps, "APPS", apps)
    assert anyapp(["schedule", "check", str(frozen)]) == 2
    assert "DRIFT pin of sms_google_messages changed" in capsys.readouterr().out
