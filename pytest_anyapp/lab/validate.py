"""``anyapp validate``: which scheduled pairs hold on a lab's own device image, before any model time.

For every scheduled pair (at ``--instance``, 0 by default) and with no agent, on the given lanes:

* ``pin`` — the app is installed at its pinned version (``InstalledApps.require``, as preflight);
* ``round_trip:<case>``, ``null``, ``gold``, ``tolerated:*``, ``near_miss:*``, ``carried:*`` —
  :func:`pytest_anyapp.episode.conformance.conformance`: every case seeded, read and judged as it
  says (``null``: what doing nothing leaves is judged a failure);
* ``launch_invariance`` — :func:`pytest_anyapp.episode.invariance.check_launch_invariance`.

It runs pytest underneath (``validate_tests.py`` in this package) with one xdist worker per lane,
each worker on its own lane, so progress is pytest's and every lane is busy. Each pair's result is
one JSON file; :func:`build_report` joins them into ``validity.json`` (:class:`ValidityReport`)
and ``validity.md``.

Exit status: 0 every pair valid; :data:`EXIT_INVALID` (10) some pair invalid on the device image;
2 bad input (no lanes, a ``-k`` matching no pair); anything else is pytest's own failure, passed on.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.registry import Pair, PairInstance

#: ``anyapp validate``'s status when a pair is invalid on the device image (not pytest's 1-5).
EXIT_INVALID = 10
#: Environment handed to the pytest underneath.
ENV_LANES, ENV_OUT, ENV_INSTANCE, ENV_ADB = "ANYAPP_VALIDATE_LANES", "ANYAPP_VALIDATE_OUT", \
    "ANYAPP_VALIDATE_INSTANCE", "ANYAPP_VALIDATE_ADB_SERVER"
TESTS = Path(__file__).with_name("validate_tests.py")


class PairCheck(BaseModel):
    check: str
    ok: bool
    detail: str = ""
    device_output: dict[str, list[str]] = Field(default_factory=dict, description="the device's read, on failure")


class PairValidity(BaseModel):
    """One pair on one device: every check, the device's build and the app's version."""

    pair: str = Field(description="'<category>-<template>-<app slug>' (the schedule's id without the instance)")
    template: str
    app_id: str
    instance: int
    serial: str
    build_fingerprint: str
    app_version: str = ""
    checks: list[PairCheck]
    wall_s: float = 0.0

    @property
    def valid(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def failed(self) -> list[PairCheck]:
        return [c for c in self.checks if not c.ok]


class ValidityReport(BaseModel):
    schema_version: Literal[1] = 1
    kind: Literal["anyapp_validity_report"] = "anyapp_validity_report"
    created_at: str
    build_fingerprints: list[str]
    app_attestation_sha256: str = Field("", description="sha256 of --app-attestation, '' without one")
    instance: int
    pairs: list[PairValidity]

    def invalid_pairs(self) -> dict[str, str]:
        """pair id -> the first failing check and its detail."""
        return {p.pair: f"{p.failed[0].check}: {p.failed[0].detail}"[:300] for p in self.pairs if not p.valid}


def pair_key(pair: Pair) -> str:
    return f"{pair.app.category.value}-{pair.template.semantic_id}-{pair.app.slug}"


def validate_pair(device: DeviceClient, pair: Pair, instance: int, *, build: str, installed: object = None) -> PairValidity:
    """Every check of ``pair`` on ``device``; a check that raises fails with its error."""
    import time

    from pytest_anyapp.episode import lifecycle
    from pytest_anyapp.episode.conformance import conformance
    from pytest_anyapp.episode.invariance import check_launch_invariance
    from pytest_anyapp.errors import AnyAppError

    t0 = time.monotonic()
    inst = installed if isinstance(installed, lifecycle.InstalledApps) else lifecycle.InstalledApps(device)
    checks: list[PairCheck] = []
    version = ""
    try:
        got = inst.require(pair.app)
        version = f"{got[0]} ({got[1]})" if got else ""
        checks.append(PairCheck(check="pin", ok=True, detail=version or "version unreadable"))
    except AnyAppError as exc:
        checks.append(PairCheck(check="pin", ok=False, detail=str(exc)))
    if checks[-1].ok:
        try:
            checks += [PairCheck(**c.model_dump()) for c in conformance(device, pair, instance)]
        except Exception as exc:  # a device or adapter error is this pair's failure, not the run's
            checks.append(PairCheck(check="conformance", ok=False, detail=f"{type(exc).__name__}: {exc}"))
        try:
            inv = check_launch_invariance(device, pair.adapter, pair.template, instance, installed=inst)
            output = {f"{c.key} (after launch)": c.after_launch for c in inv.changed}
            output |= {f"{c.key} (seeded)": c.seeded for c in inv.changed}
            checks.append(PairCheck(check="launch_invariance", ok=inv.ok, detail="" if inv.ok else inv.summary(),
                                    device_output={} if inv.ok else output))
        except Exception as exc:
            checks.append(PairCheck(check="launch_invariance", ok=False, detail=f"{type(exc).__name__}: {exc}"))
    return PairValidity(pair=pair_key(pair), template=pair.template.semantic_id, app_id=pair.app.app_id,
                        instance=instance, serial=device.serial, build_fingerprint=build, app_version=version,
                        checks=checks, wall_s=round(time.monotonic() - t0, 2))


def build_report(out: Path, instance: int, attestation_sha256: str = "") -> ValidityReport:
    pairs = sorted((PairValidity.model_validate_json(p.read_text()) for p in (out / "pairs").glob("*.json")),
                   key=lambda p: p.pair)
    return ValidityReport(created_at=datetime.now(UTC).isoformat(timespec="seconds"),
                          build_fingerprints=sorted({p.build_fingerprint for p in pairs}),
                          app_attestation_sha256=attestation_sha256, instance=instance, pairs=pairs)


def render_markdown(report: ValidityReport) -> str:
    invalid = [p for p in report.pairs if not p.valid]
    lines = ["# Validity report", "",
             f"Build fingerprint(s): {', '.join(f'`{b}`' for b in report.build_fingerprints) or '-'}  ",
             f"Instance {report.instance}; {len(report.pairs) - len(invalid)}/{len(report.pairs)} pairs valid.", "",
             "| pair | check | result | app version | device |", "|---|---|---|---|---|"]
    for p in report.pairs:
        for c in p.checks:
            if c.ok and not p.valid:
                continue
            if p.valid and c.check != "pin":
                continue
            lines.append(f"| {p.pair} | {c.check if not p.valid else 'all'} | {'pass' if c.ok else 'FAIL'} | "
                         f"{p.app_version or '-'} | {p.serial} |")
    for p in invalid:
        lines += ["", f"## {p.pair} (invalid on {p.serial})", ""]
        for c in p.failed:
            lines.append(f"- **{c.check}**: {c.detail}")
            for key, read in c.device_output.items():
                lines += [f"  - device output `{key}`:", "", "    ```", *[f"    {r}" for r in read[:20]], "    ```"]
    return "\n".join(lines) + "\n"


def write_report(report: ValidityReport, out: Path) -> str:
    """Write ``validity.json`` and ``validity.md``; the JSON's sha256 (what a run's records carry)."""
    text = json.dumps(report.model_dump(mode="json"), indent=1) + "\n"
    (out / "validity.json").write_text(text)
    (out / "validity.md").write_text(render_markdown(report))
    return hashlib.sha256(text.encode()).hexdigest()


def load_validity_report(path: Path) -> tuple[ValidityReport, str]:
    data = path.read_bytes()
    return ValidityReport.model_validate_json(data), hashlib.sha256(data).hexdigest()


@functools.cache
def _invalid_on_image(path: Path) -> dict[str, str]:
    return load_validity_report(path)[0].invalid_pairs()


def require_valid_on_image(path: Path, pair: Pair) -> None:
    """Raise ``InvalidOnImageError`` when the validity report at ``path`` marks ``pair`` invalid."""
    from pytest_anyapp.errors import InvalidOnImageError

    why = _invalid_on_image(path).get(pair_key(pair))
    if why is not None:
        raise InvalidOnImageError(f"{pair_key(pair)} is invalid on this image (validity report {path.name}): {why}")


def validity_problems(report: ValidityReport, build: str, attestation_sha256: str,
                      cohort: Sequence[PairInstance]) -> list[str]:
    """Why a run on a lane of ``build`` is not analysis-eligible with ``report`` (none: it is)."""
    problems = []
    if build not in report.build_fingerprints:
        problems.append(f"validity report is for build {report.build_fingerprints}, the lane is {build!r}")
    if report.app_attestation_sha256 != attestation_sha256:
        problems.append(f"validity report's app attestation sha256 {report.app_attestation_sha256 or '(none)'} "
                        f"is not the run's {attestation_sha256 or '(none)'}")
    covered = {p.pair for p in report.pairs}
    missing = sorted({pair_key(i.pair) for i in cohort} - covered)
    if missing:
        problems.append(f"validity report does not cover {len(missing)} pairs of the run's cohort (e.g. {missing[0]})")
    return problems


def run(lanes: str, out: Path, *, keyword: str = "", instance: int = 0, adb_server: str | None = None,
        attestation_sha256: str = "", extra: list[str] | None = None) -> tuple[int, ValidityReport]:
    """Run the checks under pytest (one xdist worker per lane) and write the report."""
    from pytest_anyapp.options import parse_lanes

    n = len(parse_lanes(lanes))
    (out / "pairs").mkdir(parents=True, exist_ok=True)
    for old in (out / "pairs").glob("*.json"):
        old.unlink()
    env = dict(os.environ, **{ENV_LANES: lanes, ENV_OUT: str(out), ENV_INSTANCE: str(instance)})
    if adb_server:
        env[ENV_ADB] = adb_server
    cmd = [sys.executable, "-m", "pytest", str(TESTS), "-p", "no:randomly", "-p", "no:cacheprovider",
           "--rootdir", str(TESTS.parent), "-c", os.devnull, "-n", str(n), "--dist", "load", "-q",
           *(["-k", keyword] if keyword else []), *(extra or [])]
    status = subprocess.call(cmd, env=env)
    report = build_report(out, instance, attestation_sha256)
    if status == 5:  # pytest: nothing collected (a -k that matches no pair)
        return 2, report
    if status not in (0, 1):
        return status, report
    if not report.pairs:
        return 2, report
    return (0 if all(p.valid for p in report.pairs) else EXIT_INVALID), report
