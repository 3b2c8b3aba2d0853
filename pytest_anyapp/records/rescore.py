"""Re-score recorded episodes from their verifier-input snapshots, without a device or an agent.

Each record keeps the raw rows the verifier read (after seeding, at each early-stop check, and at
the end). Re-scoring parses them with the app's adapter and applies the template's criterion
again, so a changed criterion or parser can be evaluated on old runs, and a record can be audited
for consistency (the stored status must follow from the stored snapshot).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from pytest_anyapp.benchmark import rescore_may_change
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import EpisodeRecord
from pytest_anyapp.records.store import RunStore


class Rescored(BaseModel):
    test_id: str
    recorded: Status
    rescored: Status | None
    reasons: list[str]
    #: The record is of an older benchmark version and a later one changed its template's criterion
    #: (``pytest_anyapp.benchmark.CRITERIA_CHANGED``, CHANGELOG.md): a change is expected, not a bug.
    predicted: bool = False

    @property
    def changed(self) -> bool:
        return self.rescored is not None and self.rescored is not self.recorded

    @property
    def unpredicted(self) -> bool:
        """Changed although the changelog says this record's criterion did not."""
        return self.changed and not self.predicted


def rescore_record(record: EpisodeRecord) -> Rescored:
    """The status the record's own snapshot gives today; ``None`` when it cannot be re-scored
    (invalid episodes and agent-output failures have no final snapshot to judge)."""
    from pytest_anyapp.registry import adapters, template_by_id

    prov = record.provenance
    predicted = rescore_may_change(prov.task.semantic_id, prov.run.benchmark_version)
    if record.verifier is None or record.status is Status.INVALID:
        return Rescored(test_id=record.test_id, recorded=record.status, rescored=None, predicted=predicted,
                        reasons=["no final snapshot (invalid or ended by unusable agent output)"])
    known = adapters()
    try:
        template = template_by_id(prov.task.semantic_id)
    except KeyError:
        template = None
    if template is None or prov.app.app_id not in known:
        return Rescored(test_id=record.test_id, recorded=record.status, rescored=None, predicted=predicted,
                        reasons=[f"{prov.task.semantic_id} x {prov.app.app_id} is not a pair this code knows"])
    adapter = known[prov.app.app_id].for_template(template)  # bound as the episode used it
    try:
        state = adapter.parse(record.verifier.snapshot)
        history = [adapter.parse(s) for s in [record.verifier.initial_snapshot, *record.verifier.history_snapshots]]
    except VerifierReadError as exc:  # a read this code's parser no longer takes: a finding, not a crash
        return Rescored(test_id=record.test_id, recorded=record.status, rescored=None, predicted=predicted,
                        reasons=[f"snapshot not readable by this code: {exc}"])
    verdict = template.check(prov.task.params, state, history, record.answer)
    done = record.agent_done or record.stop_reason == "early_stop"
    status = Status.VALID_SUCCESS if verdict.success and done else Status.VALID_FAILURE
    return Rescored(test_id=record.test_id, recorded=record.status, rescored=status, reasons=verdict.reasons,
                    predicted=predicted)


def rescore_run(run_dir: Path) -> list[Rescored]:
    store = RunStore(run_dir.parent, run_dir.name)
    return [rescore_record(record) for record in store.records() if record.final]
