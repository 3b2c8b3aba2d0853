"""Analysis eligibility (notes §8.4): may these runs back a published number?

A run is eligible only if every episode's device was real (not simulated; the kind must be
recorded), preflight was not skipped, every app matched its pins (and pins were recorded),
every condition was valid, at most ``--max-invalid-share`` of its episodes were invalid (any
cause), none was an ``adapter_error`` or ``hook_error`` (our bug or the user's setup), and the run
named a validity report (``anyapp validate``, ``--validity-report``) whose build fingerprint and
attestation equal the lanes' and which covers the run's cohort (checked at run time: a mismatch is
the run's own ineligibility reason). The
input as a whole must also cover its schedule (every app x template x instance of each category
for every (model, condition)) unless it is declared partial.
Reasons are plain sentences; they are stamped on every table and plot of an ineligible report.
"""

from __future__ import annotations

from pytest_anyapp.report.analysis import Data
from pytest_anyapp.report.index import Index
from pytest_anyapp.report.models import Eligibility, RunEligibility

_PER_RUN_SQL = """
SELECT run_id,
       count(*) AS n,
       string_agg(DISTINCT CASE WHEN device_kind = '' THEN '(unrecorded)' ELSE device_kind END, ',') AS kinds,
       count(*) FILTER (WHERE device_kind = '' OR lower(device_kind) IN ('sim', 'simulated', 'simulator')) AS not_real,
       count(*) FILTER (WHERE preflight_skipped) AS skipped,
       count(*) FILTER (WHERE pin_ok = false) AS pin_bad,
       count(*) FILTER (WHERE pin_ok IS NULL) AS pin_unknown,
       any_value(pin_problem) FILTER (WHERE pin_ok = false) AS pin_example,
       count(*) FILTER (WHERE NOT condition_valid) AS cond_bad,
       any_value(run_ineligible) FILTER (WHERE run_ineligible <> '') AS declared,
       count(*) FILTER (WHERE status = 'invalid_infrastructure') AS invalid,
       count(*) FILTER (WHERE status = 'invalid_infrastructure' AND failure_cause IN ('adapter_error', 'hook_error'))
           AS blocking,
       min(max_invalid_share) AS max_share,
       count(*) FILTER (WHERE validity_report_sha256 = '') AS no_validity
FROM episodes GROUP BY run_id ORDER BY run_id
"""


def _unverified(index: Index, run_id: str) -> list[str]:
    """Why the run's records cannot be trusted to be what was recorded (its ledger's integrity:
    chain, record and artifact hashes, provenance); ``anyapp verify`` also re-scores them."""
    from pytest_anyapp.records.verify import verify_run

    run_dir = index.run_dirs.get(run_id)
    if run_dir is None:
        return []
    return [f"{run_id}: unverified: {f.where}: {f.message}" if f.message != "unverified (no ledger)"
            else f"{run_id}: unverified (no ledger)" for f in verify_run(run_dir, rescore=False).problems][:5]


def run_eligibility(index: Index) -> list[RunEligibility]:
    rows = index.con.execute(_PER_RUN_SQL).fetchall()
    out = []
    for (run_id, n, kinds, not_real, skipped, pin_bad, pin_unknown, pin_example, cond_bad, declared, invalid, blocking,
         max_share, no_validity) in rows:
        reasons = []
        if max_share is not None and n and invalid / n > max_share:  # records before the option: not checked
            reasons.append(f"{run_id}: {invalid}/{n} episodes invalid ({invalid / n:.1%}), over --max-invalid-share="
                           f"{max_share:.0%}")
        if blocking:
            reasons.append(f"{run_id}: {blocking} episodes invalid with adapter_error/hook_error (fix, then rerun)")
        if declared:
            reasons.append(f"{run_id}: the run declared itself not analysis-eligible ({declared})")
        if not_real:
            reasons.append(f"{run_id}: {not_real}/{n} episodes not on a real device (device kind: {kinds})")
        if skipped:
            reasons.append(f"{run_id}: preflight skipped for {skipped} episodes")
        if pin_bad:
            reasons.append(f"{run_id}: {pin_bad} episodes on apps not matching their pins (e.g. {pin_example})")
        if pin_unknown:
            reasons.append(f"{run_id}: {pin_unknown} episodes without recorded app pins")
        if cond_bad:
            reasons.append(f"{run_id}: {cond_bad} episodes with an invalid condition configuration")
        if no_validity:  # the report's build, attestation and cohort checks are the run's own reasons
            reasons.append(f"{run_id}: {no_validity}/{n} episodes without a validity report of their lanes "
                           "(anyapp validate; --validity-report)")
        reasons += _unverified(index, run_id)
        out.append(RunEligibility(run_id=run_id, eligible=not reasons, reasons=reasons))
    return out


def schedule_gaps(data: Data) -> list[str]:
    """(model, condition) groups that lack cells of the input's schedule."""
    from pytest_anyapp.report.analysis import MISSING

    total = int(data.sched.sum())
    missing = ((data.state == MISSING) & data.sched).sum(axis=(1, 2, 3, 4))
    return [f"{model}/{condition}: {int(missing[g])} of {total} scheduled cells have no record"
            for g, (model, condition) in enumerate(data.groups) if missing[g]]


def assess(index: Index, data: Data, *, partial: bool = False) -> Eligibility:
    runs = run_eligibility(index)
    reasons = [r for run in runs for r in run.reasons]
    if not runs:
        reasons.append("no episode records")
    gaps = schedule_gaps(data)
    if gaps and not partial:
        reasons += [f"incomplete schedule: {g} (declare --partial if intended)" for g in gaps]
    return Eligibility(eligible=not reasons, partial_declared=partial and bool(gaps), reasons=reasons, runs=runs)
