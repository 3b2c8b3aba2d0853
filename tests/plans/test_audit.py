"""The hash-chained audit log: integrity, tamper detection, file hygiene, secret redaction."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from pytest_anyapp.plans.audit import REDACTED, AuditError, AuditLog, read_records, verify_chain

SECRET = "sk-live-VERYSECRET-42"


def _write_log(path: Path, n: int = 4) -> None:
    with AuditLog(path, secrets=[SECRET]).open({"tool": "test"}) as log:
        for i in range(n):
            log.append("request", {"plan_key": f"K|instance={i}", "prompt": f"p{i}"})
            log.append("response", {"plan_key": f"K|instance={i}", "raw_text": f"r{i}", "verdict": {"accepted": True}})


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def test_fresh_log_verifies_and_is_private(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _write_log(path)
    report = verify_chain(path)
    assert report.ok, report.problems
    assert report.record_count == 9
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    records, problems = read_records(path)
    assert problems == []
    assert [r.seq for r in records] == list(range(9))
    assert records[0].kind == "header" and records[0].prev_sha256 == "0" * 64
    assert all(b.prev_sha256 == a.record_sha256 for a, b in zip(records, records[1:], strict=False))


@pytest.mark.parametrize("tamper", ["edit", "delete", "reorder", "insert", "rehash_edit"])
def test_any_tampering_is_detected(tmp_path: Path, tamper: str) -> None:
    path = tmp_path / "audit.jsonl"
    _write_log(path)
    lines = _lines(path)
    original = list(lines)
    if tamper == "edit":
        lines[4] = lines[4].replace('"r1"', '"r9"')
    elif tamper == "delete":
        del lines[4]
    elif tamper == "reorder":
        lines[3], lines[5] = lines[5], lines[3]
    elif tamper == "insert":
        lines.insert(2, lines[2])
    elif tamper == "rehash_edit":
        # A careful forger recomputes the edited record's own hash; the next link still breaks.
        from pytest_anyapp.plans.audit import record_hash

        record = json.loads(lines[4])
        record["data"]["raw_text"] = "forged"
        body = {k: v for k, v in record.items() if k != "record_sha256"}
        record["record_sha256"] = record_hash(body)
        lines[4] = json.dumps(record) + "\n"
    assert lines != original
    path.write_text("".join(lines))
    report = verify_chain(path)
    assert not report.ok
    assert report.problems


def test_truncation_is_caught_by_the_plan_file_binding(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path).open({"tool": "test"})
    log.append("request", {"n": 1})
    log.append("response", {"n": 1})
    binding = log.binding()
    log.close()
    assert verify_chain(path, binding=binding).ok
    path.write_text("".join(_lines(path)[:-1]))
    assert verify_chain(path).ok, "a truncated chain is still a chain"
    report = verify_chain(path, binding=binding)
    assert not report.ok and "truncated" in report.problems[0]


def test_secrets_never_reach_the_log(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    with AuditLog(path, secrets=[SECRET]).open({"tool": "test", "api_key": "whatever-key-value"}) as log:
        log.append("request", {"prompt": f"key is {SECRET}", "headers": {"Authorization": "Bearer abc123", "x-goog-api-key": SECRET}})
    text = path.read_text()
    assert SECRET not in text and "abc123" not in text and "whatever-key-value" not in text
    assert text.count(REDACTED) == 4
    assert verify_chain(path).ok


def test_appending_reverifies_and_continues_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _write_log(path, n=1)
    with AuditLog(path).open({"ignored": True}) as log:
        log.append("import", {"plan_key": "X"})
    report = verify_chain(path)
    assert report.ok and report.record_count == 5
    assert [r.kind for r in read_records(path)[0]][-2:] == ["session", "import"]
    lines = _lines(path)
    lines[1] = lines[1].replace('"p0"', '"pX"')
    path.write_text("".join(lines))
    with pytest.raises(AuditError, match="broken chain"):
        AuditLog(path).open({})


def test_require_new_symlink_and_lock(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    _write_log(path, n=1)
    with pytest.raises(AuditError, match="exists"):
        AuditLog(path, require_new=True).open({})
    link = tmp_path / "link.jsonl"
    os.symlink(path, link)
    with pytest.raises(AuditError, match="symlink"):
        AuditLog(link).open({})
    first = AuditLog(path).open({})
    try:
        with pytest.raises(AuditError, match="locked"):
            AuditLog(path).open({})
    finally:
        first.close()
