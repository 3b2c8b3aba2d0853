"""The run ledger on real episodes (simulated devices): a run verifies, and each kind of tampering
is caught and named by ``anyapp verify``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.records import ledger
from pytest_anyapp.records.store import RunStore
from pytest_anyapp.records.verify import NO_LEDGER, verify_run

PAIRS = ["-k", "SmsSend-simple_sms_messenger-i0 or SmsSend-fossify_messages-i0"]
GOLD_ID = "sms-SmsSend-simple_sms_messenger-i0"


def _keypair(tmp: Path) -> tuple[Path, Path]:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.generate()
    private, public = tmp / "run.key", tmp / "run.pub"
    private.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    public.write_bytes(key.public_key().public_bytes(serialization.Encoding.PEM,
                                                     serialization.PublicFormat.SubjectPublicKeyInfo))
    return private, public


def _edit_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle] = (data[middle] + 1) % 256
    path.write_bytes(bytes(data))


def _reorder_two_lines(run: Path) -> None:
    lines = ledger.ledger_path(run).read_text().splitlines(keepends=True)
    lines[1], lines[2] = lines[2], lines[1]
    ledger.ledger_path(run).write_text("".join(lines))


def _one_screenshot(run: Path) -> Path:
    return sorted((run / GOLD_ID).rglob("*.png"))[0]


def test_a_run_verifies_and_each_tampering_is_named(pairs_dir: pytest.Pytester, tmp_path: Path) -> None:
    private, public = _keypair(tmp_path)
    pairs_dir.runpytest_subprocess("--agent=oracle", *PAIRS, "--results-dir=res", "--run-id=gold",
                                   f"--sign-key={private}").assert_outcomes(passed=2)
    pairs_dir.runpytest_subprocess("--agent=null", *PAIRS, "--results-dir=res",
                                   "--run-id=other").assert_outcomes(failed=2)
    gold = pairs_dir.path / "res" / "gold"
    summary = json.loads((gold / "summary.json").read_text())
    assert summary["ledger_head"] == ledger.head(gold).head_sha256  # type: ignore[union-attr]

    clean = verify_run(gold, public)
    assert clean.ok, clean.findings
    assert clean.records_checked == 2 and clean.artifacts_checked > 0
    assert main(["verify", str(gold), "--public-key", str(public)]) == 0

    cases: dict[str, tuple[Callable[[Path], None], str, str]] = {
        "edit a record": (lambda run: _edit_byte(run / GOLD_ID / "episode.json"), f"{GOLD_ID}/episode.json",
                          "record changed"),
        "edit a snapshot": (lambda run: _edit_snapshot(run / GOLD_ID / "episode.json"), f"{GOLD_ID}/episode.json",
                            "record changed"),
        "edit a screenshot": (lambda run: _edit_byte(_one_screenshot(run)), "attempt-1/step-", "artifact changed"),
        "delete a record": (lambda run: shutil.rmtree(run / GOLD_ID), f"{GOLD_ID}/episode.json", "record deleted"),
        "reorder two entries": (_reorder_two_lines, ledger.LEDGER, "chain broken"),
        "swap in another run's record": (
            lambda run: shutil.copy(run.parent / "other" / GOLD_ID / "episode.json", run / GOLD_ID / "episode.json"),
            f"{GOLD_ID}/episode.json", "record of another run"),
        "truncate the tail": (_truncate_tail, ledger.SIGNATURE, "tail truncated"),
    }
    for name, (tamper, where, message) in cases.items():
        copy = tmp_path / name.replace(" ", "-") / "gold"
        shutil.copytree(gold, copy)
        shutil.copytree(gold.parent / "other", copy.parent / "other")
        tamper(copy)
        report = verify_run(copy, public)
        assert not report.ok, name
        assert any(where in f.where and message in f.message for f in report.problems), (name, report.findings)
        assert main(["verify", str(copy), "--public-key", str(public)]) == 1, name

    unsigned_truncated = tmp_path / "unsigned" / "gold"
    shutil.copytree(gold, unsigned_truncated)
    (unsigned_truncated / ledger.SIGNATURE).unlink()
    _truncate_tail(unsigned_truncated)
    report = verify_run(unsigned_truncated)
    assert any("tail not checkable" in f.message for f in report.findings if f.kind == "note")


def _edit_snapshot(record_path: Path) -> None:
    record = json.loads(record_path.read_text())
    snapshot = record["verifier"]["snapshot"]
    key = sorted(snapshot)[0]
    snapshot[key] = [*snapshot[key], "a row nobody read"]
    record_path.write_text(json.dumps(record, indent=1))


def _truncate_tail(run: Path) -> None:
    lines = ledger.ledger_path(run).read_text().splitlines(keepends=True)
    ledger.ledger_path(run).write_text("".join(lines[:-1]))


def test_moves_and_prunes_stay_verifiable_and_a_run_without_ledger_is_unverified(
        pairs_dir: pytest.Pytester, tmp_path: Path) -> None:
    pairs_dir.runpytest_subprocess("--agent=oracle", *PAIRS, "--results-dir=res",
                                   "--run-id=gold").assert_outcomes(passed=2)
    gold = pairs_dir.path / "res" / "gold"
    moved = RunStore(gold.parent, "gold").supersede(GOLD_ID)
    assert moved is not None
    removed = ledger.prune(gold, "_superseded/**/*.png", "screenshots pruned for space")
    assert removed
    report = verify_run(gold)
    assert report.ok, report.findings
    assert any(f.message == "pruned (ledgered)" for f in report.findings)

    # an unledgered deletion of the same kind is tampering, not pruning
    other = tmp_path / "deleted" / "gold"
    shutil.copytree(gold, other)
    victim = sorted((other / "sms-SmsSend-fossify_messages-i0").rglob("*.png"))[0]
    victim.unlink()
    assert any("artifact deleted" in f.message for f in verify_run(other).problems)

    no_ledger = tmp_path / "old" / "gold"
    shutil.copytree(gold, no_ledger)
    ledger.ledger_path(no_ledger).unlink()
    assert [f.message for f in verify_run(no_ledger).problems] == [NO_LEDGER]


def test_concurrent_appends_keep_one_chain(tmp_path: Path) -> None:
    """Writers in several processes (xdist workers) append under a lock; the chain stays whole."""
    import multiprocessing

    run = tmp_path / "run"
    run.mkdir()
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        pool.starmap(_append_many, [(run, worker) for worker in range(4)])
    chain = ledger.verify_chain(ledger.ledger_path(run))
    assert chain.ok, chain.problems
    assert chain.record_count == 1 + 4 * 25


def _append_many(run: Path, worker: int) -> None:
    for n in range(25):
        episode = run / f"w{worker}-{n}"
        episode.mkdir()
        (episode / "episode.json").write_text("{}")
        ledger.append_record(run, episode.name, 1, "valid_failure")
