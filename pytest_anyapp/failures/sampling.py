"""The proportional human-validation sample (category-stratified, blind to every judge).

Per category a simple random sample without replacement of ``rate`` of its failures, quotas by
largest-remainder rounding so they sum to round(rate * N); per-stratum RNG seeded with
``uint64(sha256("catbench|{seed}|{stage}|{stratum}")[:8])`` (first 8 digest bytes, big-endian) over
candidates sorted by ``episode_id``. A share of the primary cases is duplicated for a second
annotator, and disjoint calibration pilots (excluded from evaluation) are drawn from the rest.
The public manifest carries no model, episode id or judge output; the crosswalk that maps sample
ids back to episodes (and the sealed judge labels) are written 0600 next to it.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.failures.episodes import EpisodeFacts

MAIN_SEED = 20260712
DOUBLE_SEED = 20260713
PILOT_SEED = 20260711
MANIFEST_FILE = "sample_manifest.json"
CROSSWALK_FILE = "sample_crosswalk.json"
JUDGE_SEALED_FILE = "sample_judge_sealed.json"

Pool = Literal["primary", "double_annotation", "calibration"]


def stratum_seed(seed: int, stage: str, stratum: str) -> int:
    digest = hashlib.sha256(f"catbench|{seed}|{stage}|{stratum}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def largest_remainder_quotas(counts: Mapping[str, int], rate: float) -> dict[str, int]:
    """Quotas proportional to ``counts`` summing to round-half-up(rate * total); ties by name."""
    total = sum(counts.values())
    target = math.floor(rate * total + 0.5)
    exact = {k: rate * n for k, n in counts.items()}
    quotas = {k: min(counts[k], math.floor(v)) for k, v in exact.items()}
    order = sorted(counts, key=lambda k: (-(exact[k] - math.floor(exact[k])), k))
    for k in order:
        if sum(quotas.values()) >= target:
            break
        if quotas[k] < counts[k]:
            quotas[k] += 1
    return quotas


def draw(candidates: Sequence[str], k: int, seed: int, stage: str, stratum: str) -> list[str]:
    """``k`` of ``candidates`` (sorted first) without replacement, in draw order."""
    ordered = sorted(candidates)
    if k > len(ordered):
        raise ConfigError(f"stratum {stratum}: cannot draw {k} of {len(ordered)}")
    rng = np.random.default_rng(stratum_seed(seed, stage, stratum))
    return [ordered[i] for i in rng.choice(len(ordered), size=k, replace=False)]


class StratumInfo(BaseModel):
    source_n: int
    quota: int
    inclusion_probability: float
    weight: float = Field(description="Inverse-probability weight, source_n / quota.")


class SampleItem(BaseModel):
    """What an annotator may see about a case (nothing about the model, episode or judges)."""

    sample_id: str
    pool: Pool
    display_index: int
    category: str
    app_id: str
    app_name: str
    task_template: str
    goal: str
    is_successful: bool
    evaluate: bool = Field(description="False for calibration pilots.")
    inclusion_probability: float | None
    weight: float | None


class SampleManifest(BaseModel):
    sample_fingerprint: str
    created_at: str
    source_runs: list[str]
    rate: float
    seeds: dict[str, int]
    double_annotation_share: float
    pilots_per_category: int
    strata: dict[str, StratumInfo]
    items: list[SampleItem]


class CrosswalkEntry(BaseModel):
    episode_id: str
    model_name: str
    condition: str
    record_path: str
    record_sha256: str


class Crosswalk(BaseModel):
    """Private: sample id -> episode. Bound to its manifest by ``sample_fingerprint``."""

    sample_fingerprint: str
    results_dir: str
    entries: dict[str, CrosswalkEntry]


class SealedJudge(BaseModel):
    primary_failure_mode: str | None
    confidence: str | None
    verdict: str | None = None
    rationale: str | None = None


def items_fingerprint(items: Sequence[SampleItem], entries: Mapping[str, CrosswalkEntry]) -> str:
    blob = json.dumps({"items": [i.model_dump(mode="json") for i in items],
                       "entries": {k: v.model_dump(mode="json") for k, v in sorted(entries.items())}}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def build_sample(
    episodes: Sequence[EpisodeFacts], *, rate: float = 0.10, seed: int = MAIN_SEED, double_seed: int = DOUBLE_SEED,
    pilot_seed: int = PILOT_SEED, double_share: float = 0.10, pilots_per_category: int = 4,
    results_dir: Path, created_at: str | None = None,
) -> tuple[SampleManifest, Crosswalk]:
    """The sample over ``episodes`` (already filtered to failures), as manifest and crosswalk."""
    by_id = {e.episode_id: e for e in episodes}
    strata: dict[str, list[str]] = {}
    for e in episodes:
        strata.setdefault(e.category, []).append(e.episode_id)
    quotas = largest_remainder_quotas({c: len(v) for c, v in strata.items()}, rate)
    primary: list[tuple[str, str]] = []  # (pool, episode_id)
    pilots: list[str] = []
    info: dict[str, StratumInfo] = {}
    for category in sorted(strata):
        ids = strata[category]
        q = quotas[category]
        chosen = draw(ids, q, seed, "main", category)
        primary += [("primary", i) for i in chosen]
        rest = [i for i in ids if i not in set(chosen)]
        pilots += draw(rest, min(pilots_per_category, len(rest)), pilot_seed, "pilot", category)
        info[category] = StratumInfo(source_n=len(ids), quota=q, inclusion_probability=q / len(ids) if ids else 0.0,
                                     weight=len(ids) / q if q else 0.0)
    n_double = math.floor(double_share * len(primary) + 0.5)
    doubles = draw([i for _, i in primary], n_double, double_seed, "double", "all") if primary else []
    cases = primary + [("double_annotation", i) for i in doubles] + [("calibration", i) for i in pilots]
    rng = np.random.default_rng(stratum_seed(seed, "order", "all"))
    order = [int(k) for k in rng.permutation(len(cases))]
    items: list[SampleItem] = []
    entries: dict[str, CrosswalkEntry] = {}
    counters = {"primary": 0, "double_annotation": 0, "calibration": 0}
    prefix = {"primary": "primary", "double_annotation": "double", "calibration": "calibration"}
    ids_by_case: list[str] = []
    for pool, _ in cases:
        counters[pool] += 1
        ids_by_case.append(f"{prefix[pool]}-{counters[pool]:03d}")
    for display, k in enumerate(order):
        pool, eid = cases[k]
        e = by_id[eid]
        sid = ids_by_case[k]
        stratum = info[e.category]
        evaluate = pool != "calibration"
        items.append(SampleItem(
            sample_id=sid, pool=pool, display_index=display, category=e.category, app_id=e.app_id, app_name=e.app_name,
            task_template=e.task_template, goal=e.goal, is_successful=e.is_successful, evaluate=evaluate,
            inclusion_probability=stratum.inclusion_probability if evaluate else None,
            weight=stratum.weight if evaluate else None,
        ))
        record = Path(e.episode_dir) / "episode.json"
        entries[sid] = CrosswalkEntry(episode_id=eid, model_name=e.model_name, condition=e.condition,
                                      record_path=e.record_path,
                                      record_sha256=hashlib.sha256(record.read_bytes()).hexdigest())
    fp = items_fingerprint(items, entries)
    manifest = SampleManifest(
        sample_fingerprint=fp, created_at=created_at or datetime.now(UTC).isoformat(timespec="seconds"),
        source_runs=sorted({e.run_id for e in episodes}), rate=rate,
        seeds={"main": seed, "double_annotation": double_seed, "calibration": pilot_seed},
        double_annotation_share=double_share, pilots_per_category=pilots_per_category, strata=info, items=items,
    )
    return manifest, Crosswalk(sample_fingerprint=fp, results_dir=str(results_dir.resolve()), entries=entries)


def _write_private(path: Path, text: str) -> None:
    atomic_write_text(path, text)
    os.chmod(path, 0o600)


def write_sample(out_dir: Path, manifest: SampleManifest, crosswalk: Crosswalk,
                 sealed: Mapping[str, SealedJudge] | None = None) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out_dir / MANIFEST_FILE, manifest.model_dump_json(indent=1))
    os.chmod(out_dir / MANIFEST_FILE, 0o644)  # public
    _write_private(out_dir / CROSSWALK_FILE, crosswalk.model_dump_json(indent=1))
    if sealed is not None:
        body = {"sample_fingerprint": manifest.sample_fingerprint,
                "judge": {k: v.model_dump(mode="json") for k, v in sealed.items()}}
        _write_private(out_dir / JUDGE_SEALED_FILE, json.dumps(body, indent=1, sort_keys=True))


class LoadedSample(BaseModel):
    manifest: SampleManifest
    crosswalk: Crosswalk
    sealed: dict[str, SealedJudge] = Field(default_factory=dict)


def load_sample(sample_dir: Path, *, verify_records: bool = True) -> LoadedSample:
    """Manifest + crosswalk (+ sealed judge), refusing any that do not belong together or whose
    episode records changed since sampling (a sample can only serve the run it was drawn from)."""
    try:
        manifest = SampleManifest.model_validate_json((sample_dir / MANIFEST_FILE).read_text())
        crosswalk = Crosswalk.model_validate_json((sample_dir / CROSSWALK_FILE).read_text())
    except OSError as exc:
        raise ConfigError(f"{sample_dir} is not a sample directory: {exc}") from None
    if crosswalk.sample_fingerprint != manifest.sample_fingerprint or \
            items_fingerprint(manifest.items, crosswalk.entries) != manifest.sample_fingerprint:
        raise ConfigError(f"{sample_dir}: manifest and crosswalk do not belong to the same sample")
    if {i.sample_id for i in manifest.items} != set(crosswalk.entries):
        raise ConfigError(f"{sample_dir}: crosswalk and manifest list different cases")
    results = Path(crosswalk.results_dir)
    if verify_records:
        for sid, entry in crosswalk.entries.items():
            path = (results / entry.record_path).resolve()
            if not path.is_relative_to(results.resolve()) or not path.is_file():
                raise ConfigError(f"{sid}: record {entry.record_path} is missing under {results}")
            if hashlib.sha256(path.read_bytes()).hexdigest() != entry.record_sha256:
                raise ConfigError(f"{sid}: record {entry.record_path} changed since the sample was drawn")
    sealed: dict[str, SealedJudge] = {}
    sealed_path = sample_dir / JUDGE_SEALED_FILE
    if sealed_path.is_file():
        body = json.loads(sealed_path.read_text())
        if body.get("sample_fingerprint") != manifest.sample_fingerprint:
            raise ConfigError(f"{sealed_path}: sealed judge labels belong to another sample")
        sealed = {k: SealedJudge.model_validate(v) for k, v in body["judge"].items()}
    return LoadedSample(manifest=manifest, crosswalk=crosswalk, sealed=sealed)
