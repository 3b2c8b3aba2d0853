"""Judge inputs built from episode records: the case payload (text) and the key screenshots.

A built input is stored verbatim (``failure_judge_inputs.jsonl`` + ``inputs/<episode_id>/*.jpg``)
with a fingerprint over both, so a re-judge can prove it sent exactly the same evidence.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel, Field

from pytest_anyapp.failures.episodes import EpisodeFacts
from pytest_anyapp.failures.steps import default_steps, smart_steps

#: Step text fields in the prior release's priority order; ours map onto the names in brackets
#: (``thought``, ``response`` = raw model output, ``action``, ``error``) and adapter extras keep theirs.
STEP_FIELDS: tuple[str, ...] = (
    "plan", "current_subgoal", "completed_plan", "progress_status", "last_summary", "last_action_thought",
    "last_action", "action_history", "action_pool", "action_outcomes", "error_descriptions", "raw_response_list",
    "thought", "thinking", "response", "action_desc", "action", "action_output", "agent_output", "error", "summary",
)


class InputSettings(BaseModel):
    """Everything about input building that changes what the judge sees (part of the config hash)."""

    smart_steps: bool = True
    max_steps: int = Field(6, ge=0, description="0 = all steps.")
    max_field_chars: int = Field(700, ge=50)
    with_screenshots: bool = True
    screenshot_max_frames: int = Field(6, ge=0)
    screenshot_max_dim: int = Field(896, ge=64)
    jpeg_quality: int = Field(80, ge=10, le=95)


class CaseStep(BaseModel):
    step: int
    fields: dict[str, str]


class CasePayload(BaseModel):
    """The text a judge reads about one episode."""

    episode_id: str
    model_name: str
    category: str
    app_id: str
    app_name: str
    task_template: str
    goal: str
    is_successful: bool
    exception_info: str | None
    verifier_reasons: list[str]
    stop_reason: str
    finish_dtime: str
    record_path: str
    n_steps: int
    key_step_indices: list[int]
    steps: list[CaseStep]


class ImageRef(BaseModel):
    step: int
    field: str = "screenshot"
    path: str = Field(description="Relative to the judge output directory.")
    sha256: str
    width: int
    height: int


class JudgeInput(BaseModel):
    """One row of ``failure_judge_inputs.jsonl``."""

    episode_id: str
    case_payload: CasePayload
    images: list[ImageRef] = Field(default_factory=list)
    input_fingerprint: str


def compact(text: str, limit: int) -> str:
    """Whitespace-collapsed text; long text keeps its head and tail (the end often has the error)."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    keep = limit - 5
    return flat[: keep // 2] + " ... " + flat[len(flat) - (keep - keep // 2):]


def _step_text(step: Any) -> dict[str, str]:
    values: dict[str, Any] = dict(step.extra)
    values["thought"] = step.thought
    values["response"] = step.raw_output
    values["action"] = json.dumps(step.action, sort_keys=True)
    values["error"] = step.error
    return {k: (v if isinstance(v, str) else json.dumps(v, sort_keys=True, default=str))
            for k in STEP_FIELDS if (v := values.get(k)) not in (None, "", [], {})}


def select_steps(facts: EpisodeFacts, settings: InputSettings) -> list[int]:
    if not settings.smart_steps:
        return default_steps(len(facts.steps), settings.max_steps)
    errors = [" ".join(filter(None, [s.error, str(s.extra.get("error_descriptions") or "")])) for s in facts.steps]
    return smart_steps([s.action for s in facts.steps], errors, settings.max_steps)


def build_payload(facts: EpisodeFacts, settings: InputSettings) -> CasePayload:
    indices = select_steps(facts, settings)
    by_index = facts.steps
    return CasePayload(
        episode_id=facts.episode_id, model_name=facts.model_name, category=facts.category, app_id=facts.app_id,
        app_name=facts.app_name, task_template=facts.task_template, goal=facts.goal,
        is_successful=facts.is_successful, exception_info=facts.exception_info,
        verifier_reasons=facts.verifier_reasons, stop_reason=facts.stop_reason, finish_dtime=facts.finish_dtime,
        record_path=facts.record_path, n_steps=len(facts.steps), key_step_indices=indices,
        steps=[CaseStep(step=by_index[i].index, fields={k: compact(v, settings.max_field_chars)
                                                       for k, v in _step_text(by_index[i]).items()})
               for i in indices],
    )


def jpeg_of(png_path: Path, max_dim: int, quality: int) -> tuple[bytes, int, int]:
    """The screenshot resized so its longer edge is at most ``max_dim``, as JPEG."""
    with Image.open(png_path) as image:
        rgb = image.convert("RGB")
    scale = min(1.0, max_dim / max(rgb.size))
    if scale < 1.0:
        size = (max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale)))
        rgb = rgb.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)
    buf = io.BytesIO()
    rgb.save(buf, format="JPEG", quality=quality)
    return buf.getvalue(), rgb.width, rgb.height


def frame_steps(facts: EpisodeFacts, key_steps: list[int], max_frames: int) -> list[int]:
    """Key steps (in order) that have a screenshot, at most ``max_frames``."""
    return [i for i in key_steps if facts.steps[i].screenshot][:max_frames]


def _stored_or_encode(src: Path, dest: Path, settings: InputSettings) -> tuple[bytes, int, int]:
    """Re-use the JPEG a previous build made from the same PNG with the same settings (``--resume``)."""
    stamp = dest.with_suffix(".source")
    key = f"{hashlib.sha256(src.read_bytes()).hexdigest()}|{settings.screenshot_max_dim}|{settings.jpeg_quality}"
    if dest.is_file() and stamp.is_file() and stamp.read_text() == key:
        data = dest.read_bytes()
        with Image.open(io.BytesIO(data)) as image:
            return data, image.width, image.height
    data, width, height = jpeg_of(src, settings.screenshot_max_dim, settings.jpeg_quality)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(data)
    stamp.write_text(key)
    return data, width, height


def fingerprint(payload: CasePayload, image_hashes: list[str]) -> str:
    blob = json.dumps({"case_payload": payload.model_dump(mode="json"), "images": image_hashes}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def build_input(facts: EpisodeFacts, settings: InputSettings, out_dir: Path) -> JudgeInput:
    """Build and store one episode's judge input under ``out_dir`` (``inputs/<episode_id>/``)."""
    payload = build_payload(facts, settings)
    images: list[ImageRef] = []
    if settings.with_screenshots:
        for i in frame_steps(facts, payload.key_step_indices, settings.screenshot_max_frames):
            step = facts.steps[i]
            assert step.screenshot is not None
            src = Path(facts.episode_dir) / step.screenshot
            if not src.is_file():
                continue
            rel = f"inputs/{facts.episode_id}/step-{step.index:03d}.jpg"
            dest = out_dir / rel
            data, width, height = _stored_or_encode(src, dest, settings)
            images.append(ImageRef(step=step.index, path=rel, sha256=hashlib.sha256(data).hexdigest(),
                                   width=width, height=height))
    return JudgeInput(episode_id=facts.episode_id, case_payload=payload, images=images,
                      input_fingerprint=fingerprint(payload, [im.sha256 for im in images]))


def load_images(judge_input: JudgeInput, base_dir: Path) -> list[bytes]:
    """The stored JPEGs of an input, each checked against its recorded sha256."""
    out = []
    for ref in judge_input.images:
        data = (base_dir / ref.path).read_bytes()
        if hashlib.sha256(data).hexdigest() != ref.sha256:
            raise ValueError(f"{ref.path}: sha256 differs from the stored input")
        out.append(data)
    return out
