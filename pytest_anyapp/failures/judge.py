"""Judge runs: build inputs, ask the judge(s), validate, cache, write rows and summaries.

A judge error (endpoint down after retries, refusal, malformed or off-schema JSON) is recorded in
``judge_error`` with ``judgment: null``, never turned into a label. Successful judgments are
cached under ``cache/<episode_id>_<key>.json`` with ``key`` over the config hash and the input
fingerprint, so ``--resume`` never pays twice for the same evidence and the same judge.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal

from PIL import Image
from pydantic import BaseModel, Field

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.errors import ConfigError, ModelEndpointError
from pytest_anyapp.failures.clients import JudgeClient, JudgeReply
from pytest_anyapp.failures.episodes import judgeable, load_episodes
from pytest_anyapp.failures.inputs import InputSettings, JudgeInput, build_input, load_images
from pytest_anyapp.failures.prompt import PROMPTS, caption, prompt_sha1, schema_sha1, user_text
from pytest_anyapp.failures.taxonomy import (
    DeepJudgment,
    FinalJudgment,
    JudgeOutputError,
    Judgment,
    TriageJudgment,
    parse_output,
)

INPUTS_FILE = "failure_judge_inputs.jsonl"
JUDGMENTS_FILE = "failure_mode_judgments.jsonl"
CONFIG_FILE = "judge_config.json"
SUMMARY_JSON = "failure_mode_summary.json"
SUMMARY_MD = "failure_mode_summary.md"


class JudgeConfig(BaseModel):
    """Everything that decides a judgment. ``config_hash`` = sha1(stable JSON)[:16]."""

    provider: str
    model: str
    mode: Literal["single", "two_stage"] = "single"
    triage_provider: str | None = None
    triage_model: str | None = None
    inputs: InputSettings = Field(default_factory=InputSettings)
    triage_max_frames: int = 3
    triage_max_dim: int = 640
    triage_jpeg_quality: int = 70
    include_successes: bool = False
    prompt_sha1: str = Field(default_factory=prompt_sha1)
    schema_sha1: str = Field(default_factory=schema_sha1)
    rejudge_of: str | None = Field(None, description="Config hash of the judge run whose inputs were re-used.")

    def config_hash(self) -> str:
        blob = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
        return hashlib.sha1(blob.encode()).hexdigest()[:16]


class StageRecord(BaseModel):
    stage: int
    backend: str
    model: str
    judgment: dict[str, Any] | None = None
    error: str | None = None
    usage: dict[str, int] | None = None


class EvidenceParity(BaseModel):
    """Re-judge check: the stored input is byte-identical to what the first judge saw."""

    payload_fingerprint_match: bool
    image_hashes_match: bool
    num_images: int
    historical_num_images: int | None

    @property
    def ok(self) -> bool:
        return (self.payload_fingerprint_match and self.image_hashes_match
                and (self.historical_num_images is None or self.historical_num_images == self.num_images))


class JudgmentRow(BaseModel):
    """One row of ``failure_mode_judgments.jsonl``."""

    episode_id: str
    judge_backend: str
    judge_model: str
    judge_config_hash: str
    input_fingerprint: str
    model_name: str
    category: str
    app_id: str
    app_name: str
    task_template: str
    goal: str
    is_successful: bool
    finish_dtime: str
    record_path: str
    judgment: FinalJudgment | None = None
    judge_error: str | None = None
    raw_output: str | None = Field(None, description="The judge's text when it could not be validated.")
    usage: dict[str, int] | None = None
    stages: list[StageRecord] = Field(default_factory=list)
    evidence_parity: EvidenceParity | None = None
    cached: bool = False

    @property
    def label(self) -> str | None:
        return None if self.judgment is None else self.judgment.primary_failure_mode


def cache_key(config_hash: str, input_fingerprint: str) -> str:
    return hashlib.sha256(f"{config_hash}|{input_fingerprint}".encode()).hexdigest()[:16]


def _shrink(jpeg: bytes, max_dim: int, quality: int) -> bytes:
    with Image.open(io.BytesIO(jpeg)) as image:
        rgb = image.convert("RGB")
    scale = min(1.0, max_dim / max(rgb.size))
    if scale < 1.0:
        rgb = rgb.resize((max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale))))
    buf = io.BytesIO()
    rgb.save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


def _ask(client: JudgeClient, stage: str, judge_input: JudgeInput, images: list[tuple[str, bytes]],
         ) -> tuple[BaseModel | None, str | None, JudgeReply | None]:
    """(validated answer, error, reply). Errors are text, never a label."""
    system, schema = PROMPTS[stage]
    try:
        reply = client.ask(system, user_text(judge_input.case_payload), images, schema)
    except ModelEndpointError as exc:
        return None, f"endpoint: {exc}", None
    if reply.refusal:
        return None, f"refused: {reply.refusal}", reply
    if not reply.text.strip():
        return None, f"empty reply (finish reason {reply.finish_reason})", reply
    try:
        return parse_output(reply.text, schema), None, reply
    except JudgeOutputError as exc:
        return None, f"invalid output: {exc}", reply


def judge_one(judge_input: JudgeInput, jpegs: list[bytes], config: JudgeConfig,
              clients: Mapping[str, JudgeClient]) -> tuple[FinalJudgment | None, str | None, str | None,
                                                           dict[str, int] | None, list[StageRecord]]:
    """Judge one stored input. Returns (judgment, error, raw text on error, usage, stages)."""
    captioned = [(caption(ref.step, ref.field), data) for ref, data in zip(judge_input.images, jpegs, strict=True)]
    stages: list[StageRecord] = []
    if config.mode == "two_stage":
        triage_client = clients["triage"]
        n = config.triage_max_frames
        last = captioned[-n:] if n else []
        small = [(c, _shrink(d, config.triage_max_dim, config.triage_jpeg_quality)) for c, d in last]
        answer, error, reply = _ask(triage_client, "triage", judge_input, small)
        stages.append(StageRecord(stage=1, backend=triage_client.backend, model=triage_client.model,
                                  judgment=None if answer is None else answer.model_dump(), error=error,
                                  usage=reply.usage if reply else None))
        if isinstance(answer, TriageJudgment) and not answer.escalate:
            return FinalJudgment(
                primary_failure_mode=answer.primary_failure_mode, confidence=answer.confidence,
                rationale=answer.rationale, verdict=answer.verdict,
                agree_with_recorded_label=answer.agree_with_recorded_label, stage_resolved=1,
            ), None, None, stages[0].usage, stages
    client = clients["main"]
    stage = "deep" if config.mode == "two_stage" else "single"
    answer, error, reply = _ask(client, stage, judge_input, captioned)
    usage = reply.usage if reply else None
    if config.mode == "two_stage":
        stages.append(StageRecord(stage=2, backend=client.backend, model=client.model,
                                  judgment=None if answer is None else answer.model_dump(), error=error, usage=usage))
    if answer is None:
        return None, error, reply.text if reply else None, usage, stages
    assert isinstance(answer, Judgment)
    final = FinalJudgment(**answer.model_dump(include=set(Judgment.model_fields)))
    if isinstance(answer, DeepJudgment):
        final.verdict = answer.verdict
        final.agree_with_recorded_label = answer.agree_with_recorded_label
        final.recommended_next_debug = answer.recommended_next_debug
        final.stage_resolved = 2
    return final, None, None, usage, stages


class JudgeRun(BaseModel):
    """What a judge (or re-judge) run did, for the command's exit status and message."""

    out_dir: str
    config_hash: str
    judged: int = 0
    cached: int = 0
    errors: int = 0
    parity_failures: int = 0
    skipped: int = 0
    dry_run: bool = False


def _row(facts: Mapping[str, Any], judge_input: JudgeInput, config: JudgeConfig, client: JudgeClient) -> JudgmentRow:
    p = judge_input.case_payload
    return JudgmentRow(
        episode_id=p.episode_id, judge_backend=client.backend, judge_model=client.model,
        judge_config_hash=config.config_hash(), input_fingerprint=judge_input.input_fingerprint,
        model_name=p.model_name, category=p.category, app_id=p.app_id, app_name=p.app_name,
        task_template=p.task_template, goal=p.goal, is_successful=p.is_successful, finish_dtime=p.finish_dtime,
        record_path=p.record_path, **facts,
    )


def judge_inputs(inputs: Sequence[JudgeInput], inputs_dir: Path, out_dir: Path, config: JudgeConfig,
                 clients: Mapping[str, JudgeClient], *, resume: bool, workers: int = 1,
                 parity: Mapping[str, EvidenceParity] | None = None) -> JudgeRun:
    """Judge stored inputs (images under ``inputs_dir``), write rows, cache and summaries to ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    config_hash = config.config_hash()
    cache_dir = out_dir / "cache"
    cache_dir.mkdir(exist_ok=True)
    run = JudgeRun(out_dir=str(out_dir), config_hash=config_hash)

    def one(judge_input: JudgeInput) -> JudgmentRow:
        check = (parity or {}).get(judge_input.episode_id)
        main = clients["main"]
        if check is not None and not check.ok:
            return _row({"judge_error": "input parity failed: the stored input differs from what the first judge "
                                        "saw", "evidence_parity": check}, judge_input, config, main)
        path = cache_dir / f"{judge_input.episode_id}_{cache_key(config_hash, judge_input.input_fingerprint)}.json"
        if resume and path.is_file():
            cached = JudgmentRow.model_validate_json(path.read_text())
            return cached.model_copy(update={"cached": True})
        jpegs = load_images(judge_input, inputs_dir)
        judgment, error, raw, usage, stages = judge_one(judge_input, jpegs, config, clients)
        row = _row({"judgment": judgment, "judge_error": error, "raw_output": raw, "usage": usage,
                    "stages": stages, "evidence_parity": check}, judge_input, config, main)
        if judgment is not None:
            atomic_write_text(path, row.model_dump_json())
        return row

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        rows = list(pool.map(one, inputs))
    for row in rows:
        run.cached += row.cached
        run.judged += row.judgment is not None and not row.cached
        run.errors += row.judge_error is not None
        run.parity_failures += row.evidence_parity is not None and not row.evidence_parity.ok
    atomic_write_text(out_dir / JUDGMENTS_FILE, "".join(r.model_dump_json() + "\n" for r in rows))
    write_summary(rows, out_dir)
    return run


def write_config(out_dir: Path, config: JudgeConfig, endpoints: Mapping[str, str]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    body = {"config_hash": config.config_hash(), "config": config.model_dump(mode="json"), "endpoints": dict(endpoints)}
    atomic_write_text(out_dir / CONFIG_FILE, json.dumps(body, indent=1, sort_keys=True))


def read_config(judge_dir: Path) -> JudgeConfig:
    return JudgeConfig.model_validate(json.loads((judge_dir / CONFIG_FILE).read_text())["config"])


def build_inputs(run_dirs: Sequence[Path], out_dir: Path, config: JudgeConfig) -> tuple[list[JudgeInput], int]:
    """Inputs for every judgeable episode, written to ``failure_judge_inputs.jsonl``; and the skip count."""
    out_dir.mkdir(parents=True, exist_ok=True)
    inputs: list[JudgeInput] = []
    skipped = 0
    seen: set[str] = set()
    for facts in load_episodes(run_dirs):
        if not judgeable(facts, config.include_successes) or facts.episode_id in seen:
            skipped += 1
            continue
        seen.add(facts.episode_id)
        inputs.append(build_input(facts, config.inputs, out_dir))
    atomic_write_text(out_dir / INPUTS_FILE, "".join(i.model_dump_json() + "\n" for i in inputs))
    return inputs, skipped


def read_inputs(judge_dir: Path) -> list[JudgeInput]:
    path = judge_dir / INPUTS_FILE
    return [JudgeInput.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]


def read_judgments(path: Path) -> list[JudgmentRow]:
    """Rows of a judgments file (or of ``failure_mode_judgments.jsonl`` in a judge directory)."""
    if path.is_dir():
        if not (path / JUDGMENTS_FILE).is_file():
            dry = " (a --dry-run judge directory: inputs only, no judgments)" if (path / "failure_judge_inputs.jsonl").is_file() else ""
            raise ConfigError(f"{path} holds no {JUDGMENTS_FILE}{dry}; run `anyapp failures judge` without --dry-run")
        path = path / JUDGMENTS_FILE
    if not path.is_file():
        raise ConfigError(f"judgments file {path} does not exist")
    return [JudgmentRow.model_validate_json(line) for line in path.read_text().splitlines() if line.strip()]


def run_judge(run_dirs: Sequence[Path], out_dir: Path, config: JudgeConfig, clients: Mapping[str, JudgeClient] | None,
              *, resume: bool = False, dry_run: bool = False, workers: int = 1) -> JudgeRun:
    """``anyapp failures judge``: inputs from records, then (unless ``dry_run``) judgments."""
    inputs, skipped = build_inputs(run_dirs, out_dir, config)
    endpoints = {k: c.endpoint() for k, c in (clients or {}).items()}
    write_config(out_dir, config, endpoints)
    if dry_run or clients is None:
        return JudgeRun(out_dir=str(out_dir), config_hash=config.config_hash(), skipped=skipped, dry_run=True)
    run = judge_inputs(inputs, out_dir, out_dir, config, clients, resume=resume, workers=workers)
    run.skipped = skipped
    return run


def check_parity(judge_input: JudgeInput, inputs_dir: Path, historical: JudgmentRow | None) -> EvidenceParity:
    """Recompute the stored input's fingerprint and image hashes; compare with the first judge's usage."""
    from pytest_anyapp.failures.inputs import fingerprint

    try:
        jpegs = load_images(judge_input, inputs_dir)
        images_ok = True
    except (OSError, ValueError):
        jpegs, images_ok = [], False
    hashes = [hashlib.sha256(d).hexdigest() for d in jpegs] if images_ok else [r.sha256 for r in judge_input.images]
    payload_ok = fingerprint(judge_input.case_payload, hashes) == judge_input.input_fingerprint
    hist_n = None
    if historical is not None:
        if historical.input_fingerprint != judge_input.input_fingerprint:
            payload_ok = False
        usage = historical.usage or (historical.stages[-1].usage if historical.stages else None)
        hist_n = None if usage is None else usage.get("num_images")
    return EvidenceParity(payload_fingerprint_match=payload_ok, image_hashes_match=images_ok,
                          num_images=len(judge_input.images), historical_num_images=hist_n)


def run_rejudge(judge_dir: Path, out_dir: Path, provider: str, model: str, clients: Mapping[str, JudgeClient],
                *, resume: bool = False, workers: int = 1) -> JudgeRun:
    """``anyapp failures rejudge``: the stored inputs of ``judge_dir``, verbatim, on another judge."""
    old = read_config(judge_dir)
    config = old.model_copy(update={"provider": provider, "model": model, "mode": "single", "triage_provider": None,
                                    "triage_model": None, "rejudge_of": old.config_hash()})
    inputs = read_inputs(judge_dir)
    history = {r.episode_id: r for r in read_judgments(judge_dir)} if (judge_dir / JUDGMENTS_FILE).exists() else {}
    parity = {i.episode_id: check_parity(i, judge_dir, history.get(i.episode_id)) for i in inputs}
    write_config(out_dir, config, {k: c.endpoint() for k, c in clients.items()})
    return judge_inputs(inputs, judge_dir, out_dir, config, clients, resume=resume, workers=workers, parity=parity)


# -- summaries ---------------------------------------------------------------------------------

def summarize(rows: Iterable[JudgmentRow]) -> dict[str, Any]:
    rows = list(rows)
    labelled = [r for r in rows if r.judgment is not None]
    by_mode = Counter(r.label for r in labelled)
    by_model: dict[str, Counter[str]] = {}
    by_category: dict[str, Counter[str]] = {}
    for r in labelled:
        by_model.setdefault(r.model_name, Counter())[r.label or ""] += 1
        by_category.setdefault(r.category, Counter())[r.label or ""] += 1
    examples = [
        {"episode_id": r.episode_id, "model_name": r.model_name, "category": r.category, "app_id": r.app_id,
         "primary_failure_mode": r.label, "rationale": r.judgment.rationale}
        for r in labelled if r.judgment is not None and r.judgment.confidence == "high"
    ][:20]
    return {
        "n_rows": len(rows), "n_labelled": len(labelled),
        "n_judge_errors": sum(r.judge_error is not None for r in rows),
        "by_mode": dict(sorted(by_mode.items())),
        "by_model": {m: dict(sorted(c.items())) for m, c in sorted(by_model.items())},
        "by_category": {m: dict(sorted(c.items())) for m, c in sorted(by_category.items())},
        "high_confidence_examples": examples,
    }


def write_summary(rows: Sequence[JudgmentRow], out_dir: Path) -> dict[str, Any]:
    summary = summarize(rows)
    atomic_write_text(out_dir / SUMMARY_JSON, json.dumps(summary, indent=1, sort_keys=True))
    lines = ["# Failure modes", "", f"{summary['n_labelled']} judged of {summary['n_rows']} episodes; "
             f"{summary['n_judge_errors']} judge errors (not labels).", "", "| mode | episodes |", "|---|---|"]
    lines += [f"| {m} | {n} |" for m, n in summary["by_mode"].items()]
    lines += ["", "| model | mode | episodes |", "|---|---|---|"]
    lines += [f"| {model} | {m} | {n} |" for model, c in summary["by_model"].items() for m, n in c.items()]
    atomic_write_text(out_dir / SUMMARY_MD, "\n".join(lines) + "\n")
    return summary
