"""Static HTML: the report page set (``--html``) and the per-episode trajectory viewer.

No server and no CDN: inline CSS/JS, screenshots hard-linked (or copied) next to each viewer page,
plots copied under ``html/plots``. All record text goes through Jinja2 autoescaping.

Extra sections (the ``failures`` helper's failure-mode counts and plot) plug in through
``SECTION_PROVIDERS``: each provider gets the report's ``HtmlContext`` and returns an HTML fragment
(already escaped) or None. A provider ``pytest_anyapp.failures.html:report_section`` is picked up
automatically when that module exists.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.report.fields import row_from_record
from pytest_anyapp.report.html_templates import FILTER_JS, INDEX, STYLE, VIEWER
from pytest_anyapp.report.index import EPISODE_FILE, Index
from pytest_anyapp.report.models import Report
from pytest_anyapp.report.tables import Table

VIEWER_FILE = "viewer.html"


@dataclass
class HtmlContext:
    """What a section provider may use: the open index (DuckDB ``episodes``), the report, the output dir."""

    index: Index
    report: Report
    html_dir: Path
    episode_dirs: list[Path] = field(default_factory=list)


SectionProvider = Callable[[HtmlContext], "str | None"]
SECTION_PROVIDERS: list[SectionProvider] = []
_AUTO_PROVIDERS = ("pytest_anyapp.failures.html:report_section",)


def _env() -> Any:
    import jinja2

    return jinja2.Environment(autoescape=True, undefined=jinja2.ChainableUndefined, trim_blocks=True,
                              lstrip_blocks=True)


def _providers() -> list[SectionProvider]:
    found = list(SECTION_PROVIDERS)
    for spec in _AUTO_PROVIDERS:
        module, _, attr = spec.partition(":")
        try:
            provider = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            continue
        if provider not in found:
            found.append(provider)
    return found


# -- trajectory viewer --------------------------------------------------------------------------------

def _image_size(path: Path) -> tuple[int, int]:
    try:
        from PIL import Image

        with Image.open(path) as img:
            return int(img.size[0]), int(img.size[1])
    except (OSError, ValueError):
        return 1080, 2400


def _point(value: Any) -> tuple[float, float] | None:
    if isinstance(value, (list, tuple)) and len(value) >= 2:
        try:
            return float(value[0]), float(value[1])
        except (TypeError, ValueError):
            return None
    return None


def action_marks(action: dict[str, Any], w: int, h: int) -> list[dict[str, Any]]:
    """What to draw over the step's screenshot: tap point, swipe arrow, typed text."""
    kind = str(action.get("action", ""))
    sw = max(2.0, w / 180)
    marks: list[dict[str, Any]] = []
    at = _point(action.get("coordinate"))
    if kind in ("click", "long_press", "tap") and at:
        marks.append({"kind": "tap", "x": at[0], "y": at[1], "r": w * (0.045 if kind == "long_press" else 0.03),
                      "sw": sw})
    elif kind in ("swipe", "scroll"):
        end = _point(action.get("coordinate2"))
        if at and end:
            marks.append({"kind": "swipe", "x": at[0], "y": at[1], "x2": end[0], "y2": end[1], "sw": sw})
        else:
            dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}.get(
                str(action.get("direction")), (0, 0))
            cx, cy = (at or (w / 2, h / 2))
            marks.append({"kind": "swipe", "x": cx, "y": cy, "x2": cx + dx * w * 0.3, "y2": cy + dy * h * 0.2, "sw": sw})
    if kind in ("type", "input_text") and action.get("text") is not None:
        text = str(action["text"])
        fs = w / 24
        x, y = (at[0], at[1]) if at else (w * 0.05, h * 0.1)
        marks.append({"kind": "text", "x": x, "y": y, "fs": fs, "text": text,
                      "w": min(w - x, fs * 0.62 * len(text) + 8)})
    return marks


def _safe_relative(episode_dir: Path, rel: str) -> Path | None:
    """``rel`` inside ``episode_dir`` (record paths are data: never follow them outside)."""
    if not rel or os.path.isabs(rel):
        return None
    target = (episode_dir / rel).resolve()
    base = episode_dir.resolve()
    if base not in target.parents:
        return None
    return target if target.is_file() else None


def _link_or_copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.exists():
        return
    try:
        os.link(src, dest)
    except OSError:
        shutil.copyfile(src, dest)


def _fmt(x: Any) -> str:
    try:
        return f"{float(x):.2f}"
    except (TypeError, ValueError):
        return "--"


def viewer_head(data: dict[str, Any]) -> dict[str, str]:
    """The viewer's header fields, read through ``EpisodeRecord`` (so current and v1 provenance
    both read right): app with its package, template / instance, and the condition in words."""
    from pydantic import ValidationError

    from pytest_anyapp.records.models import EpisodeRecord

    try:
        record = EpisodeRecord.model_validate(data)
    except ValidationError:
        return {"app": "?", "template": "?", "condition": "?"}
    p = record.provenance
    condition = p.condition.name
    if not p.condition.valid:
        condition += " (not met: " + "; ".join(p.condition.problems or ["see provenance"]) + ")"
    app = f"{p.app.app_id} ({p.app.package})" if p.app.package else p.app.app_id
    return {"app": app or "?", "template": f"{p.task.semantic_id or '?'} / {p.task.instance}", "condition": condition}


def render_viewer(episode_dir: Path, *, out_dir: Path | None = None, back: str | None = None,
                  stamp: str | None = None) -> Path:
    """Write the trajectory page of one episode and return its path.

    Without ``out_dir`` it goes next to the record (``<episode>/viewer.html``, screenshots referenced
    in place); with ``out_dir`` the page and its screenshots are placed there (report page set).
    """
    episode_dir = Path(episode_dir)
    data = json.loads((episode_dir / EPISODE_FILE).read_text(encoding="utf-8"))
    row = row_from_record(data, run_id=episode_dir.parent.name)
    target_dir = Path(out_dir) if out_dir is not None else episode_dir
    target_dir.mkdir(parents=True, exist_ok=True)
    steps = []
    for s in data.get("steps") or []:
        action = s.get("action") or {}
        shot = _safe_relative(episode_dir, str(s.get("screenshot") or ""))
        src = None
        w, h = 1080, 2400
        if shot is not None:
            rel = shot.relative_to(episode_dir.resolve())
            if out_dir is not None:
                _link_or_copy(shot, target_dir / rel)
            src = rel.as_posix()
            w, h = _image_size(shot)
        action_text = json.dumps(action, ensure_ascii=False)
        steps.append({
            "index": s.get("index"), "src": src, "w": w, "h": h, "marks": action_marks(action, w, h),
            "action_text": action_text, "raw_output": s.get("raw_output") or "", "thought": s.get("thought"),
            "usage": json.dumps(s["usage"]) if s.get("usage") else "", "early": s.get("early_stop_success"),
            "t": {"observe": _fmt(s.get("observe_s")), "agent": _fmt(s.get("agent_s")),
                  "model": _fmt(s.get("model_latency_s")), "calls": s.get("model_calls", 0),
                  "actuate": _fmt(s.get("actuate_s")), "verify": _fmt(s.get("verify_s"))},
        })
    verifier = data.get("verifier") or {}
    page = _env().from_string(VIEWER).render(
        style=STYLE, r=data, head=viewer_head(data), run_id=row.run_id, model=row.model or row.agent,
        steps=steps, stamp=stamp, back=back,
        evidence=json.dumps(verifier.get("evidence", {}), indent=1, ensure_ascii=False, sort_keys=True),
        exception=json.dumps(data.get("exception"), indent=1, ensure_ascii=False),
        attempts=json.dumps(data.get("attempts"), indent=1, ensure_ascii=False),
        provenance=json.dumps(data.get("provenance"), indent=1, ensure_ascii=False, sort_keys=True),
    )
    path = target_dir / ("index.html" if out_dir is not None else VIEWER_FILE)
    atomic_write_text(path, page)
    return path


# -- the report page set ------------------------------------------------------------------------------

def _episodes(index: Index) -> list[dict[str, Any]]:
    got = index.con.execute(
        "SELECT run_id, test_id, model, condition, category, app_id, semantic_id, instance, status, steps, "
        "duration_s, failure_cause FROM episodes ORDER BY model, condition, category, app_id, semantic_id, instance, "
        "run_id").fetchall()
    keys = ("run_id", "test_id", "model", "condition", "category", "app_id", "semantic_id", "instance",
            "status", "steps", "duration_s", "failure_cause")
    rows = [dict(zip(keys, r, strict=True)) for r in got]
    for r in rows:
        found = index.episode_dir(r["run_id"], r["test_id"])
        r["episode_dir"] = str(found) if found is not None else ""
    return rows


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text) or "_"


def write_html(out_dir: Path, index: Index, report: Report, tables: list[Table], plot_paths: list[Path]) -> Path:
    """``<out>/html/index.html`` plus ``episodes/<run>/<test-id>/index.html`` per episode."""
    html_dir = Path(out_dir) / "html"
    (html_dir / "plots").mkdir(parents=True, exist_ok=True)
    stamp = report.eligibility.stamp
    plots = []
    for p in plot_paths:
        shutil.copyfile(p, html_dir / "plots" / p.name)
        if p.suffix == ".png":
            plots.append({"src": f"plots/{p.name}", "svg": f"plots/{p.stem}.svg", "alt": p.stem})
    episodes = _episodes(index)
    ctx = HtmlContext(index=index, report=report, html_dir=html_dir)
    for e in episodes:
        href = ""
        if e["episode_dir"] and (Path(e["episode_dir"]) / EPISODE_FILE).exists():
            rel = Path("episodes") / _slug(e["run_id"]) / _slug(e["test_id"])
            render_viewer(Path(e["episode_dir"]), out_dir=html_dir / rel, back="../../../index.html", stamp=stamp)
            href = (rel / "index.html").as_posix()
            ctx.episode_dirs.append(Path(e["episode_dir"]))
        e["href"] = href or "#episodes"
    extra = [s for s in (provider(ctx) for provider in _providers()) if s]
    from markupsafe import Markup

    from pytest_anyapp.report.publish import site_sections

    page = _env().from_string(INDEX).render(
        style=STYLE, filter_js=FILTER_JS, stamp=stamp, tables=tables, plots=plots, episodes=episodes,
        extra_sections=[Markup(s) for s in extra], site_sections=[Markup(s) for s in site_sections(ctx)],
        categories=sorted({e["category"] for e in episodes if e["category"]}),
        apps=sorted({e["app_id"] for e in episodes if e["app_id"]}),
        models=sorted({e["model"] for e in episodes if e["model"]}),
        summary=f"{report.n_records} episode records from {len(report.inputs)} run(s); bootstrap {report.replicates} "
                f"replicates (base seed {report.base_seed}); rates in %, differences in pp.",
    )
    path = html_dir / "index.html"
    atomic_write_text(path, page)
    return path
