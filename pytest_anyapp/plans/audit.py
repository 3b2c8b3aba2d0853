"""Append-only, hash-chained audit log of every provider request and response (and every import).

Each JSONL line is one record; ``record_sha256`` is the sha256 of the canonical JSON of the record
without that field, and ``prev_sha256`` is the previous record's hash (64 zeros for the first). An
edited, deleted, inserted or reordered line breaks the chain, and ``verify_chain`` says where.
Truncating the tail keeps a valid chain, so the plan file records the tail it was written against
(``AuditBinding``) and ``verify_chain`` can check it.

Secrets never enter the log: known secret values are replaced by ``[REDACTED]`` wherever they occur,
and fields named like credentials are redacted whole.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, Field, ValidationError

from pytest_anyapp.plans.models import AuditBinding
from pytest_anyapp.seeding import canonical_json, sha256_text

GENESIS = "0" * 64
REDACTED = "[REDACTED]"
#: Plan audit kinds (header, session, request, response, import) and run-ledger kinds (header,
#: record, supersede, prune, sign): one chain format, one verifier.
RecordKind = Literal["header", "session", "request", "response", "import", "record", "supersede", "prune"]
_SECRET_FIELD = re.compile(
    r"^(?:api[_-]?key|x-goog-api-key|authorization|proxy-authorization|access[_-]?token|secret|password|bearer)$",
    re.IGNORECASE,
)


class AuditError(RuntimeError):
    """The log cannot be used: broken chain, symlink, or locked by another writer."""


class AuditRecord(BaseModel):
    seq: int
    kind: RecordKind
    recorded_at: str
    prev_sha256: str
    data: dict[str, Any]
    record_sha256: str

    def body(self) -> dict[str, Any]:
        return self.model_dump(exclude={"record_sha256"})


def record_hash(body: dict[str, Any]) -> str:
    return sha256_text(canonical_json(body))


def redact(value: Any, secrets: Iterable[str]) -> Any:
    """``value`` with every known secret string and every credential-named field replaced."""
    known = [s for s in secrets if s and len(s) >= 4]

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            for secret in known:
                item = item.replace(secret, REDACTED)
            return item
        if isinstance(item, dict):
            return {k: (REDACTED if _SECRET_FIELD.match(str(k)) else walk(v)) for k, v in item.items()}
        if isinstance(item, (list, tuple)):
            return [walk(v) for v in item]
        return item

    return walk(value)


class ChainReport(BaseModel):
    path: str
    ok: bool
    record_count: int = 0
    header_sha256: str | None = None
    tail_sha256: str | None = None
    problems: list[str] = Field(default_factory=list)


def read_records(path: Path) -> tuple[list[AuditRecord], list[str]]:
    """Parse every line; problems name the line numbers that do not parse."""
    records: list[AuditRecord] = []
    problems: list[str] = []
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError as exc:
        return [], [f"cannot read {path}: {exc}"]
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        try:
            records.append(AuditRecord.model_validate(json.loads(line)))
        except (json.JSONDecodeError, ValidationError) as exc:
            problems.append(f"line {number}: not an audit record ({type(exc).__name__})")
    return records, problems


def verify_chain(path: Path, *, binding: AuditBinding | None = None) -> ChainReport:
    """Check every link; with ``binding`` also check the plan file's recorded tail is in the chain."""
    records, problems = read_records(Path(path))
    prev = GENESIS
    for index, record in enumerate(records):
        where = f"record {index} (line {index + 1})"
        if record.seq != index:
            problems.append(f"{where}: seq is {record.seq}, expected {index} (deleted, inserted or reordered)")
        if record.prev_sha256 != prev:
            problems.append(f"{where}: prev_sha256 does not match the previous record (chain broken)")
        if record_hash(record.body()) != record.record_sha256:
            problems.append(f"{where}: content does not match record_sha256 (edited)")
        if index == 0 and record.kind != "header":
            problems.append(f"{where}: the first record must be the header")
        if index > 0 and record.kind == "header":
            problems.append(f"{where}: a second header")
        prev = record.record_sha256
    if not records and not problems:
        problems.append("the log is empty")
    report = ChainReport(
        path=str(path), ok=False, record_count=len(records),
        header_sha256=records[0].record_sha256 if records else None,
        tail_sha256=records[-1].record_sha256 if records else None, problems=problems,
    )
    if binding is not None and records:
        if binding.header_sha256 != report.header_sha256:
            report.problems.append("the plan file was written against a different audit log (header differs)")
        elif binding.record_count > len(records):
            report.problems.append(
                f"the plan file saw {binding.record_count} records but the log has {len(records)} (truncated)"
            )
        elif binding.record_count < 1 or records[binding.record_count - 1].record_sha256 != binding.tail_sha256:
            report.problems.append("the plan file's recorded tail is not in this chain")
    report.ok = not report.problems
    return report


def _last_line(fd: int) -> bytes | None:
    """The file's last complete line (without its newline), read backwards from the end."""
    size = os.lseek(fd, 0, os.SEEK_END)
    if size == 0:
        return None
    chunk, data = 4096, b""
    pos = size
    while pos > 0:
        step = min(chunk, pos)
        pos -= step
        data = os.pread(fd, step, pos) + data
        stripped = data.rstrip(b"\n")
        if b"\n" in stripped:
            return stripped.rsplit(b"\n", 1)[1]
    return data.rstrip(b"\n")


def append_shared(path: Path, kind: RecordKind, data: dict[str, Any], *, header: dict[str, Any]) -> AuditRecord:
    """Append one record to the chain at ``path`` under a blocking lock, starting the chain with
    ``header`` when the file is new: for writers in several processes (xdist workers) that each
    append a few records, where :class:`AuditLog`'s lifetime lock would serialise them."""
    path = Path(path)
    if path.is_symlink():
        raise AuditError(f"{path} is a symlink; refusing to append through it")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        last = _last_line(fd)
        if last is None:
            prev, seq = _write_record(fd, 0, "header", header, GENESIS).record_sha256, 1
        else:
            tail = AuditRecord.model_validate_json(last)
            prev, seq = tail.record_sha256, tail.seq + 1
        return _write_record(fd, seq, kind, data, prev)
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _write_record(fd: int, seq: int, kind: RecordKind, data: dict[str, Any], prev: str) -> AuditRecord:
    body = {"seq": seq, "kind": kind, "recorded_at": _now(), "prev_sha256": prev, "data": data}
    body = json.loads(canonical_json(body))  # the hash covers exactly what a reader parses back
    record = AuditRecord(**body, record_sha256=record_hash(body))
    os.write(fd, (canonical_json(record.model_dump()) + "\n").encode("utf-8"))
    os.fsync(fd)
    return record


def display_path(audit_path: Path, plan_file: Path) -> str:
    """The audit path as a plan file records it: relative to the plan file's folder when possible."""
    try:
        return str(Path(audit_path).resolve().relative_to(Path(plan_file).resolve().parent))
    except ValueError:
        return str(audit_path)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class AuditLog:
    """Writer. Creates the log 0600 with O_EXCL, or re-verifies an existing chain before appending.

    Holds an exclusive lock for its lifetime so two generators cannot interleave one chain.
    """

    def __init__(self, path: Path, *, secrets: Iterable[str] = (), require_new: bool = False) -> None:
        self.path = Path(path)
        self._secrets = tuple(secrets)
        self._require_new = require_new
        self._fd: int | None = None
        self._prev = GENESIS
        self._count = 0
        self._header: str | None = None

    # -- lifecycle ----------------------------------------------------------------------------
    def open(self, header: dict[str, Any]) -> Self:
        if self.path.is_symlink():
            raise AuditError(f"{self.path} is a symlink; refusing to write an audit log through it")
        if self.path.exists():
            if self._require_new:
                raise AuditError(f"{self.path} exists; this run needs a new audit log")
            report = verify_chain(self.path)
            if not report.ok:
                raise AuditError(f"{self.path} has a broken chain: {'; '.join(report.problems)}")
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW)
            self._lock(fd)
            self._prev, self._count, self._header = report.tail_sha256 or GENESIS, report.record_count, report.header_sha256
            self._fd = fd
            self.append("session", header)  # a later run on the same chain says who it is, too
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_NOFOLLOW, 0o600)
        self._lock(fd)
        self._fd = fd
        self.append("header", header)
        return self

    def _lock(self, fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise AuditError(f"{self.path} is locked by another writer") from None

    def close(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ------------------------------------------------------------------------------
    def append(self, kind: RecordKind, data: dict[str, Any]) -> AuditRecord:
        if self._fd is None:
            raise AuditError("audit log is not open")
        record = _write_record(self._fd, self._count, kind, redact(data, self._secrets), self._prev)
        self._prev = record.record_sha256
        self._count += 1
        if self._header is None:
            self._header = record.record_sha256
        return record

    def binding(self, display_path: str | None = None) -> AuditBinding:
        if self._header is None:
            raise AuditError("audit log has no header yet")
        return AuditBinding(
            path=display_path or self.path.name, header_sha256=self._header, tail_sha256=self._prev,
            record_count=self._count,
        )
