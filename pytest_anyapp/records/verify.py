"""``anyapp verify RUN…``: is this run what its ledger says it is?

It recomputes the ledger's hash chain, the sha256 of every record and artifact the ledger names,
checks that the run's records agree on their provenance (code revision, schedule and attestation
sha256, cohort, condition validity, device kind) and re-scores every record from its own snapshots
with the ``anyapp rescore`` code. Findings are named per record, artifact or field:

* ``problem`` (the run fails): a broken chain, a changed or missing record or artifact, a record
  not in the ledger or from another run, mixed provenance, a verdict that re-scores differently
  under the same benchmark version, a signed head that does not verify or was truncated;
* ``drift``: a verdict that changes only because the criterion changed in a later benchmark version;
* ``note``: artifacts pruned on purpose (ledgered), a tail that cannot be checked (unsigned run).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from pytest_anyapp.outcomes import Status
from pytest_anyapp.plans.audit import read_records
from pytest_anyapp.records import ledger
from pytest_anyapp.records.models import EpisodeRecord
from pytest_anyapp.records.store import SUPERSEDED

FindingKind = Literal["problem", "drift", "note"]
NO_LEDGER = "unverified (no ledger)"


class Finding(BaseModel):
    kind: FindingKind
    where: str = Field(description="The record, artifact, ledger line or field concerned.")
    message: str


class VerifyReport(BaseModel):
    run_dir: str
    ok: bool = False
    entries: int = 0
    records_checked: int = 0
    artifacts_checked: int = 0
    findings: list[Finding] = Field(default_factory=list)

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.kind == "problem"]


class _Entry(BaseModel):
    seq: int
    test_id: str
    directory: str
    sha256: str
    artifacts: dict[str, str]


def _replay(run_dir: Path, report: VerifyReport) -> tuple[dict[str, _Entry], set[str]]:
    """The latest ledger entry of every episode directory (after moves), and the pruned paths."""
    records, _ = read_records(ledger.ledger_path(run_dir))
    latest: dict[str, _Entry] = {}
    pruned: set[str] = set()
    for rec in records:
        data = rec.data
        if rec.kind == "record":
            directory = str(data["path"]).rsplit("/", 1)[0]
            latest[directory] = _Entry(seq=rec.seq, test_id=str(data["test_id"]), directory=directory,
                                       sha256=str(data["sha256"]), artifacts=dict(data.get("artifacts") or {}))
        elif rec.kind == "supersede":
            old, new = str(data["test_id"]), str(data["moved_to"])
            if old in latest:
                latest[new] = latest.pop(old).model_copy(update={"directory": new})
            pruned = {new + p[len(old):] if p.startswith(old + "/") else p for p in pruned}
        elif rec.kind == "prune":
            pruned |= {str(p) for p in data.get("paths") or []}
    report.entries = len(records)
    return latest, pruned


def _check_files(run_dir: Path, latest: dict[str, _Entry], pruned: set[str], report: VerifyReport) -> None:
    add = report.findings.append
    for directory, entry in sorted(latest.items()):
        record_file = run_dir / directory / ledger.RECORD_FILE
        where = f"{directory}/{ledger.RECORD_FILE}"
        if not record_file.exists():
            add(Finding(kind="problem", where=where, message=f"record deleted (ledger line {entry.seq})"))
            continue
        report.records_checked += 1
        if ledger.file_sha256(record_file) != entry.sha256:
            add(Finding(kind="problem", where=where, message=f"record changed since ledger line {entry.seq}"))
        for rel, digest in sorted(entry.artifacts.items()):
            path = run_dir / directory / rel
            name = f"{directory}/{rel}"
            if not path.exists():
                add(Finding(kind="note", where=name, message="pruned (ledgered)") if name in pruned else
                    Finding(kind="problem", where=name, message=f"artifact deleted (ledger line {entry.seq})"))
                continue
            report.artifacts_checked += 1
            if ledger.file_sha256(path) != digest:
                add(Finding(kind="problem", where=name, message=f"artifact changed since ledger line {entry.seq}"))
        for rel in sorted(set(ledger.artifact_hashes(run_dir / directory)) - set(entry.artifacts)):
            add(Finding(kind="problem", where=f"{directory}/{rel}", message="artifact not in the ledger"))


def _on_disk(run_dir: Path) -> list[Path]:
    current = [p for p in run_dir.glob(f"*/{ledger.RECORD_FILE}") if not p.parent.name.startswith((".", "_"))]
    return sorted(current + list(run_dir.glob(f"{SUPERSEDED}/*/{ledger.RECORD_FILE}")))


def _load(path: Path, report: VerifyReport) -> EpisodeRecord | None:
    try:
        return EpisodeRecord.model_validate_json(path.read_text())
    except ValueError as exc:
        report.findings.append(Finding(kind="problem", where=str(path), message=f"not a record: {exc}"))
        return None


def _consistent_fields(record: EpisodeRecord) -> dict[str, object]:
    """Provenance every record of one run must share."""
    p = record.provenance
    return {"code revision": p.run.code_revision, "schedule sha256": p.run.schedule_sha256,
            "attestation sha256": p.run.app_attestation_sha256, "cohort sha256": p.run.cohort_sha256,
            "condition": p.condition.name, "condition validity": p.condition.valid, "device kind": p.device.kind}


def _check_records(run_dir: Path, latest: dict[str, _Entry], report: VerifyReport, *, rescore: bool) -> None:
    from pytest_anyapp.records.rescore import rescore_record

    add = report.findings.append
    current: list[EpisodeRecord] = []
    for path in _on_disk(run_dir):
        directory = path.parent.relative_to(run_dir).as_posix()
        record = _load(path, report)
        if record is None:
            continue
        if not record.final:
            add(Finding(kind="note", where=directory, message="episode still being written (never finished)"))
            continue
        if directory not in latest:
            add(Finding(kind="problem", where=f"{directory}/{ledger.RECORD_FILE}", message="record not in the ledger"))
        if record.provenance.run.run_id and record.provenance.run.run_id != run_dir.name:
            add(Finding(kind="problem", where=f"{directory}/{ledger.RECORD_FILE}",
                        message=f"record of another run ({record.provenance.run.run_id})"))
        if not directory.startswith(SUPERSEDED):
            current.append(record)
    values: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for record in current:
        for field, value in _consistent_fields(record).items():
            values[field][str(value)].append(record.test_id)
    allow_revisions = any(r.provenance.run.options.get("allow_revision_change") for r in current)
    for field, seen in values.items():
        if len(seen) > 1 and not (field == "code revision" and allow_revisions):
            detail = "; ".join(f"{value or '(empty)'}: {len(ids)} records, e.g. {ids[0]}" for value, ids in seen.items())
            add(Finding(kind="problem", where=f"provenance.{field}", message=f"differs across the run ({detail})"))
    for record in current if rescore else []:
        rescored = rescore_record(record)
        if rescored.rescored is None and record.verifier is not None and record.status is not Status.INVALID:
            add(Finding(kind="problem", where=f"{record.test_id}/{ledger.RECORD_FILE}",
                        message=f"cannot be re-scored: {'; '.join(rescored.reasons)}"))
            continue
        if not rescored.changed:
            continue
        from pytest_anyapp.benchmark import BENCHMARK_VERSION as now_version

        recorded_version = record.provenance.run.benchmark_version
        drift = rescored.predicted  # a later version changed this template's criterion (CHANGELOG.md)
        assert rescored.rescored is not None
        add(Finding(kind="drift" if drift else "problem", where=f"{record.test_id}/{ledger.RECORD_FILE}",
                    message=(f"verdict {record.status.value} re-scores as {rescored.rescored.value}"
                             + (f" (criterion of benchmark {now_version}, recorded under {recorded_version})"
                                if drift else ""))))


def verify_run(run_dir: Path, public_key: Path | None = None, *, rescore: bool = True) -> VerifyReport:
    """Every check above; ``rescore=False`` keeps the integrity checks only (the report's
    eligibility gate, which also reads synthetic and foreign records no template here can judge)."""
    run_dir = Path(run_dir)
    report = VerifyReport(run_dir=str(run_dir))
    path = ledger.ledger_path(run_dir)
    if not path.exists():
        report.findings.append(Finding(kind="problem", where=ledger.LEDGER, message=NO_LEDGER))
        return report
    chain = ledger.verify_chain(path)
    report.findings += [Finding(kind="problem", where=ledger.LEDGER, message=p) for p in chain.problems]
    latest, pruned = _replay(run_dir, report)
    _check_files(run_dir, latest, pruned, report)
    _check_records(run_dir, latest, report, rescore=rescore)
    if public_key is not None:
        report.findings += [Finding(kind="problem", where=ledger.SIGNATURE, message=m)
                            for m in ledger.check_signature(run_dir, public_key)]
    elif (run_dir / ledger.SIGNATURE).exists():
        report.findings.append(Finding(kind="note", where=ledger.SIGNATURE,
                                       message="signed; pass --public-key to check the signature and the tail"))
    else:
        report.findings.append(Finding(kind="note", where=ledger.LEDGER,
                                       message="unsigned: tail not checkable (a truncated tail keeps a valid chain)"))
    report.ok = not report.problems
    return report


def render(report: VerifyReport) -> str:
    lines = [f"{report.run_dir}: {'OK' if report.ok else 'FAILED'} — {report.entries} ledger entries, "
             f"{report.records_checked} records and {report.artifacts_checked} artifacts checked"]
    lines += [f"  {f.kind.upper():8} {f.where}: {f.message}" for f in report.findings]
    return "\n".join(lines)
