"""The annotation app: Starlette routes over one sample, served by uvicorn on loopback.

It serves only the cases of the sample it was started with, addressed by queue position (so no
URL carries an episode id); every other path is 404. Blind mode (the default) sends nothing about
the model, the episode id or any judge: the page shows category, app, template, goal, outcome, the
screenshots and the step trace (common action schema, reasoning without model markup).
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from pytest_anyapp.annotate.store import AnnotationRow, AnnotationStore, HumanLabel, JudgePrior
from pytest_anyapp.annotate.views import frame_steps, trace
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.failures.episodes import EpisodeFacts, episode_facts
from pytest_anyapp.failures.inputs import jpeg_of
from pytest_anyapp.failures.sampling import LoadedSample, SampleItem, load_sample
from pytest_anyapp.failures.taxonomy import FAILURE_MODES, MODE_DEFINITIONS
from pytest_anyapp.records.store import RunStore

POOLS = ("all", "primary", "double_annotation", "calibration")


@dataclass
class AppSettings:
    sample_dir: Path
    annotator: str
    blind: bool = True
    out_dir: Path | None = None
    pool: str = "all"
    max_frames: int = 0
    max_dim: int = 896
    allow_successes: bool = False
    basic_auth: tuple[str, str] | None = field(default=None, repr=False)


class Submission(BaseModel):
    primary_failure_mode: str
    planning_score: int
    grounding_score: int
    confidence: str
    rationale: str
    suspect_validator: bool = False


class _Case:
    def __init__(self, item: SampleItem, facts: EpisodeFacts, frames: list[int]) -> None:
        self.item = item
        self.facts = facts
        self.frames = frames


def _load_cases(sample: LoadedSample, settings: AppSettings) -> list[_Case]:
    results = Path(sample.crosswalk.results_dir)
    items = sorted(sample.manifest.items, key=lambda i: i.display_index)
    if settings.pool != "all":
        items = [i for i in items if i.pool == settings.pool]
    cases = []
    for item in items:
        entry = sample.crosswalk.entries[item.sample_id]
        run_id, test_id, _ = entry.record_path.split("/", 2)
        store = RunStore(results, run_id)
        record = store.read(test_id)
        if record is None:
            raise ConfigError(f"{item.sample_id}: record {entry.record_path} is missing")
        facts = episode_facts(record, store.episode_dir(test_id))
        if facts.is_successful and not settings.allow_successes:
            raise ConfigError(f"{item.sample_id}: the verifier passed this episode; "
                              "pass --allow-successes to annotate it")
        cases.append(_Case(item, facts, frame_steps(facts, settings.max_frames)))
    return cases


class _NoTraversal(BaseHTTPMiddleware):
    """Refuse any path with a dot segment, raw or percent-encoded, before routing."""

    async def dispatch(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        raw = request.scope.get("raw_path", b"").decode("latin-1").lower()
        if ".." in request.url.path or "%2e" in raw or "%2f" in raw or "%5c" in raw or "\\" in raw:
            return Response("not found", status_code=404, media_type="text/plain")
        return await call_next(request)


class _BasicAuth(BaseHTTPMiddleware):
    def __init__(self, app: Any, username: str, password: str) -> None:
        super().__init__(app)
        self._expected = f"{username}:{password}".encode()

    async def dispatch(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        header = request.headers.get("authorization", "")
        supplied = b""
        if header.lower().startswith("basic "):
            try:
                supplied = base64.b64decode(header[6:].strip(), validate=True)
            except ValueError:
                supplied = b""
        if not hmac.compare_digest(supplied, self._expected):
            return Response("authentication required", status_code=401,
                            headers={"WWW-Authenticate": 'Basic realm="anyapp annotate"'}, media_type="text/plain")
        return await call_next(request)


def create_app(settings: AppSettings) -> Starlette:
    if settings.pool not in POOLS:
        raise ConfigError(f"--pool must be one of {', '.join(POOLS)}")
    sample = load_sample(settings.sample_dir)
    cases = _load_cases(sample, settings)
    out_dir = settings.out_dir or settings.sample_dir
    store = AnnotationStore(out_dir)
    frames_dir = out_dir / "frames"
    lock = asyncio.Lock()
    env = Environment(loader=PackageLoader("pytest_anyapp.annotate", "."), autoescape=select_autoescape(default=True))
    template = env.get_template("page.html")
    started = datetime.now(UTC).isoformat(timespec="seconds")

    def case_or_404(request: Request) -> tuple[int, _Case] | None:
        n = int(request.path_params["n"])
        return (n, cases[n - 1]) if 1 <= n <= len(cases) else None

    def done() -> dict[str, AnnotationRow]:
        return store.latest(settings.annotator)

    def next_unlabeled(after: int = 0) -> int | None:
        labelled = done()
        order = list(range(after + 1, len(cases) + 1)) + list(range(1, after + 1))
        return next((n for n in order if cases[n - 1].item.sample_id not in labelled), None)

    async def index(request: Request) -> Response:
        n = next_unlabeled()
        return RedirectResponse(f"/case/{n or 1}", status_code=303)

    async def page(request: Request) -> Response:
        found = case_or_404(request)
        if found is None:
            return Response("not found", status_code=404, media_type="text/plain")
        n, case = found
        labelled = done()
        item, facts = case.item, case.facts
        previous = labelled.get(item.sample_id)
        chips = {"category": item.category, "app": item.app_name, "app_id": item.app_id,
                 "template": item.task_template, "outcome": "success" if item.is_successful else "failed"}
        unblinded: dict[str, Any] = {}
        if not settings.blind:
            entry = sample.crosswalk.entries[item.sample_id]
            judge = sample.sealed.get(item.sample_id)
            unblinded = {"episode_id": entry.episode_id, "model_name": entry.model_name,
                         "condition": entry.condition, "pool": item.pool, "record_path": entry.record_path,
                         "judge_label": judge.primary_failure_mode if judge else None,
                         "judge_confidence": judge.confidence if judge else None,
                         "judge_rationale": judge.rationale if judge else None,
                         "judge_verdict": judge.verdict if judge else None}
        queue = [{"n": k + 1, "title": f"{c.item.category} / {c.item.app_name} / {c.item.task_template}",
                  "done": c.item.sample_id in labelled} for k, c in enumerate(cases)]
        nonce = secrets.token_urlsafe(16)
        html = template.render(
            n=n, total=len(cases), n_done=sum(q["done"] for q in queue), queue=queue, chips=chips, goal=item.goal,
            frames=[{"k": k, "step": facts.steps[i].index} for k, i in enumerate(case.frames)],
            trace=trace(facts, blind=settings.blind), unblinded=unblinded, modes=FAILURE_MODES,
            definitions=MODE_DEFINITIONS, previous=previous.human_label if previous else None,
            previous_suspect=previous.suspect_validator if previous else False, annotator=settings.annotator,
            nonce=nonce,
        )
        return HTMLResponse(html, headers={
            "Content-Security-Policy": f"default-src 'none'; img-src 'self'; style-src 'nonce-{nonce}'; "
                                       f"script-src 'nonce-{nonce}'; connect-src 'self'; form-action 'self'; "
                                       "base-uri 'none'; frame-ancestors 'none'",
            "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
        })

    async def frame(request: Request) -> Response:
        found = case_or_404(request)
        k = int(request.path_params["k"])
        if found is None or not 0 <= k < len(found[1].frames):
            return Response("not found", status_code=404, media_type="text/plain")
        _, case = found
        step = case.facts.steps[case.frames[k]]
        assert step.screenshot is not None
        cached = frames_dir / case.facts.episode_id / f"step_{step.index:03d}.jpg"
        if not cached.is_file():
            src = Path(case.facts.episode_dir) / step.screenshot
            data, _, _ = await asyncio.to_thread(jpeg_of, src, settings.max_dim, 85)
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(data)
        return Response(cached.read_bytes(), media_type="image/jpeg",
                        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})

    async def submit(request: Request) -> Response:
        found = case_or_404(request)
        if found is None:
            return JSONResponse({"error": "not found"}, status_code=404)
        n, case = found
        try:
            body = Submission.model_validate_json(await request.body())
            label = HumanLabel.model_validate(body.model_dump(exclude={"suspect_validator"}))
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            return JSONResponse({"error": problems}, status_code=422)
        if not label.rationale.strip():
            return JSONResponse({"error": "rationale is required"}, status_code=422)
        item = case.item
        entry = sample.crosswalk.entries[item.sample_id]
        judge = sample.sealed.get(item.sample_id)
        row = AnnotationRow(
            annotator=settings.annotator, sample_id=item.sample_id, pool=item.pool, episode_id=entry.episode_id,
            model_name=entry.model_name, category=item.category, app_id=item.app_id,
            task_template=item.task_template, goal=item.goal, is_successful=item.is_successful,
            record_path=entry.record_path, sample_fingerprint=sample.manifest.sample_fingerprint,
            blind=settings.blind, annotated_at=datetime.now(UTC).isoformat(timespec="milliseconds"),
            created_at=started, human_label=label, suspect_validator=body.suspect_validator,
            judge_prior=None if settings.blind or judge is None else JudgePrior(**judge.model_dump()),
        )
        async with lock:
            await asyncio.to_thread(store.append, row)
        following = next_unlabeled(n)
        return JSONResponse({"ok": True, "next": f"/case/{following}" if following else None})

    async def next_case(request: Request) -> Response:
        n = next_unlabeled()
        return RedirectResponse(f"/case/{n}" if n else "/case/1", status_code=303)

    middleware = [Middleware(_NoTraversal)]
    if settings.basic_auth is not None:
        middleware.append(Middleware(_BasicAuth, username=settings.basic_auth[0], password=settings.basic_auth[1]))
    return Starlette(routes=[
        Route("/", index),
        Route("/next", next_case),
        Route("/case/{n:int}", page),
        Route("/case/{n:int}/frame/{k:int}.jpg", frame),
        Route("/case/{n:int}/label", submit, methods=["POST"]),
    ], middleware=middleware)
