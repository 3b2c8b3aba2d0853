"""Static HTML: the report page set (``--html``) and the per-episode trajectory viewer.

No server and no CDN: inline CSS/JS, screenshots hard-linked (or copied) next to each viewer page,
plots copied under ``html/plots``. All record text goes through Jinja2 autoescaping.

The site scales by splitting, not by loading data: the index carries the tables and one row per
app; each app has its own page and its episodes are listed ``EPISODES_PER_PAGE`` to a page, so no
file grows with the number of runs beyond the tables themselves. Plain pages with relative links
(no ``fetch``, which ``file://`` forbids) work from disk and from any static server.

Extra sections (the ``failures`` helper's failure-mode counts and plot) plug in through
``SECTION_PROVIDERS``: each provider gets the report's ``HtmlContext`` and returns an HTML fragment
(already escaped) or None. A provider ``pytest_anyapp.failures.html:report_section`` is picked up
automatically when that module exists.
"""

from __future__ import annotations

import functools
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
from pytest_anyapp.report.html_templates import APP_PAGE, EPISODE_PAGE, FILTER_JS, INDEX, LAYOUT, STYLE, VIEWER
from pytest_anyapp.report.index import EPISODE_FILE, Index
from pytest_anyapp.report.models import Report
from pytest_anyapp.report.tables import Table, pct

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


@functools.cache
def _env() -> Any:
    """One environment for the whole site: each template is compiled once (a viewer page per
    episode would otherwise recompile the viewer, ~0.2 s each)."""
    import jinja2

    templates = {"index": INDEX, "viewer": VIEWER, "layout": LAYOUT, "app": APP_PAGE, "episodes": EPISODE_PAGE}
    return jinja2.Environment(loader=jinja2.DictLoader(templates), autoescape=True,
                              undefined=jinja2.ChainableUndefined, trim_blocks=True, lstrip_blocks=True)


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
                  home: str | None = None, stamp: str | None = None) -> Path:
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
    page = _env().get_template("viewer").render(
        style=STYLE, r=data, head=viewer_head(data), run_id=row.run_id, model=row.model or row.agent,
        steps=steps, stamp=stamp, back=back, home=home,
        evidence=json.dumps(verifier.get("evidence", {}), indent=1, ensure_ascii=False, sort_keys=True),
        exception=json.dumps(data.get("exception"), indent=1, ensure_ascii=False),
        attempts=json.dumps(data.get("attempts"), indent=1, ensure_ascii=False),
        provenance=json.dumps(data.get("provenance"), indent=1, ensure_ascii=False, sort_keys=True),
    )
    if out_dir is None:  # next to the record, which a reader may be opening
        path = episode_dir / VIEWER_FILE
        atomic_write_text(path, page)
    else:
        path = target_dir / "index.html"
        _write_page(path, page)
    return path


# -- the report page set ------------------------------------------------------------------------------

#: Episodes listed per page: at the full shape (22 models x 3 conditions x 1,560 episodes) an app has
#: 1,980 episodes, i.e. 4 pages of about 300 KB; no page grows with the number of runs.
EPISODES_PER_PAGE = 500


def _write_page(path: Path, text: str) -> None:
    """A site page: world-readable (a web server may run as another user), no fsync (the site is
    rebuilt as a whole, unlike records)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _episodes(index: Index) -> list[dict[str, Any]]:
    """Every episode, grouped by app (the site's unit of pages), then model, condition, template."""
    got = index.con.execute(
        "SELECT run_id, test_id, model, condition, category, app_id, is_original, package, semantic_id, instance, "
        "status, steps, duration_s, failure_cause FROM episodes ORDER BY category, app_id, model, condition, "
        "semantic_id, instance, run_id, test_id").fetchall()
    keys = ("run_id", "test_id", "model", "condition", "category", "app_id", "is_original", "package", "semantic_id",
            "instance", "status", "steps", "duration_s", "failure_cause")
    rows = [dict(zip(keys, r, strict=True)) for r in got]
    for r in rows:
        found = index.episode_dir(r["run_id"], r["test_id"])
        r["episode_dir"] = str(found) if found is not None else ""
    return rows


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text) or "_"


@dataclass
class AppPages:
    """One app's page (``apps/<slug>.html``) and its episode pages (``apps/<slug>/episodes-NNN.html``)."""

    category: str
    app_id: str
    slug: str
    role: str
    package: str
    episodes: list[dict[str, Any]]
    page_size: int

    @property
    def n(self) -> int:
        return len(self.episodes)

    @property
    def href(self) -> str:
        return f"apps/{self.slug}.html"

    def page_href(self, number: int) -> str:
        """From the site root."""
        return f"apps/{self.slug}/episodes-{number:03d}.html"

    def chunks(self) -> list[list[dict[str, Any]]]:
        return [self.episodes[i:i + self.page_size] for i in range(0, len(self.episodes), self.page_size)] or [[]]


def _group_by_app(episodes: list[dict[str, Any]], page_size: int) -> list[AppPages]:
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for e in episodes:
        groups.setdefault((e["category"] or "", e["app_id"] or ""), []).append(e)
    taken: set[str] = set()
    apps = []
    for (category, app_id), rows in groups.items():
        slug = base = _slug(app_id or "unknown-app")
        n = 2
        while slug.lower() in taken:  # case-insensitive file systems
            slug, n = f"{base}-{n}", n + 1
        taken.add(slug.lower())
        original = next((r["is_original"] for r in rows if r["is_original"] is not None), None)
        role = "original (AW)" if original else ("new" if original is False else "unknown")
        apps.append(AppPages(category=category, app_id=app_id, slug=slug, role=role,
                             package=next((r["package"] for r in rows if r["package"]), ""), episodes=rows,
                             page_size=page_size))
    return apps


def _label(e: dict[str, Any]) -> str:
    return f"{e['model']} · {e['condition']} · {e['semantic_id']} #{e['instance']}"


def _write_app_pages(html_dir: Path, app: AppPages, report: Report, stamp: str | None) -> list[dict[str, Any]]:
    """The app's page and its episode pages; returns the page links for the index."""
    chunks = app.chunks()
    pages: list[dict[str, Any]] = [
        {"number": k, "href_root": app.page_href(k), "n": len(c), "first": _label(c[0]) if c else "–",
         "last": _label(c[-1]) if c else "–"} for k, c in enumerate(chunks, 1)]
    group_pages: dict[tuple[str, str], list[int]] = {}
    for k, chunk in enumerate(chunks, 1):
        for e in chunk:
            where = group_pages.setdefault((e["model"], e["condition"]), [])
            if not where or where[-1] != k:
                where.append(k)
    env = _env()
    common = {"style": STYLE, "stamp": stamp, "app": app}
    # episode pages: apps/<slug>/episodes-NNN.html (links relative to that directory)
    in_dir = [{"number": p["number"], "href": Path(p["href_root"]).name} for p in pages]
    models = sorted({e["model"] for e in app.episodes if e["model"]})
    conditions = sorted({e["condition"] for e in app.episodes if e["condition"]})
    statuses = sorted({e["status"] for e in app.episodes if e["status"]})
    offset = 0
    for k, chunk in enumerate(chunks, 1):
        rows = [{**e, "href": f"../../{e['href']}" if e["href"] else ""} for e in chunk]
        text = env.get_template("episodes").render(
            **common, home="../../index.html", app_href=f"../{app.slug}.html", number=k, n_pages=len(chunks),
            pages=in_dir, prev=in_dir[k - 2]["href"] if k > 1 else None,
            next=in_dir[k]["href"] if k < len(chunks) else None, episodes=rows, models=models, conditions=conditions,
            statuses=statuses, first=offset + 1 if chunk else 0, last=offset + len(chunk), filter_js=FILTER_JS)
        offset += len(chunk)
        _write_page(html_dir / app.page_href(k), text)
    # the app's page: apps/<slug>.html
    costs = {(r.model, r.condition): r for r in (report.costs.per_app if report.costs else [])
             if r.app_id == app.app_id and r.category == app.category}
    rows = []
    templates: set[str] = set()
    for h in report.headlines:
        rate = next((a for a in h.apps if a.app_id == app.app_id and a.category == app.category), None)
        if rate is None:
            continue
        templates |= set(rate.template_rates)
        cost = costs.get((h.model, h.condition))
        tokens = cost.per("tokens_in") if cost is not None else None
        out = cost.per("tokens_out") if cost is not None else None
        rows.append({
            "model": h.model, "condition": h.condition,
            "rate": f"{pct(rate.rate)} ({rate.counts.success}/{rate.counts.valid})",
            "invalid": rate.counts.invalid, "missing": rate.counts.missing,
            "templates": {t: pct(v) for t, v in rate.template_rates.items()},
            "tokens": "--" if tokens is None else f"{tokens + (out or 0):,.0f}",
            "pages": [{"number": k, "href": f"{app.slug}/episodes-{k:03d}.html"}
                      for k in group_pages.get((h.model, h.condition), [])],
        })
    text = env.get_template("app").render(
        **common, home="../index.html", rows=rows, templates=sorted(templates),
        pages=[{**p, "href": f"{app.slug}/{Path(p['href_root']).name}"} for p in pages])
    _write_page(html_dir / app.href, text)
    return [{"number": p["number"], "href": p["href_root"]} for p in pages]


def write_html(out_dir: Path, index: Index, report: Report, tables: list[Table], plot_paths: list[Path], *,
               page_size: int = EPISODES_PER_PAGE) -> Path:
    """The static site under ``<out>/html``: ``index.html`` (leaderboard, provenance, every table and
    plot, the apps), ``apps/<app>.html`` per app, ``apps/<app>/episodes-NNN.html`` with ``page_size``
    episodes each, and ``episodes/<run>/<test-id>/index.html`` per episode (the trajectory viewer).
    Every file is a plain static page with relative links: it works from ``file://`` and any server."""
    if page_size < 1:
        raise ValueError("episodes per page must be at least 1")
    html_dir = Path(out_dir) / "html"
    (html_dir / "plots").mkdir(parents=True, exist_ok=True)
    stamp = report.eligibility.stamp
    plots = []
    for p in plot_paths:
        shutil.copyfile(p, html_dir / "plots" / p.name)
        if p.suffix == ".png":
            plots.append({"src": f"plots/{p.name}", "svg": f"plots/{p.stem}.svg", "alt": p.stem})
    episodes = _episodes(index)
    apps = _group_by_app(episodes, page_size)
    ctx = HtmlContext(index=index, report=report, html_dir=html_dir)
    for app in apps:
        for k, chunk in enumerate(app.chunks(), 1):
            for e in chunk:
                href = ""
                if e["episode_dir"] and (Path(e["episode_dir"]) / EPISODE_FILE).exists():
                    rel = Path("episodes") / _slug(e["run_id"]) / _slug(e["test_id"])
                    render_viewer(Path(e["episode_dir"]), out_dir=html_dir / rel, stamp=stamp,
                                  back=f"../../../{app.page_href(k)}", home="../../../index.html")
                    href = (rel / "index.html").as_posix()
                    ctx.episode_dirs.append(Path(e["episode_dir"]))
                e["href"] = href
    apps_pages = []
    for app in apps:
        counts = {s: sum(1 for e in app.episodes if e["status"] == s)
                  for s in ("valid_success", "valid_failure", "invalid_infrastructure")}
        apps_pages.append({"category": app.category, "app_id": app.app_id, "href": app.href, "role": app.role,
                           "n": app.n, "success": counts["valid_success"], "failure": counts["valid_failure"],
                           "invalid": counts["invalid_infrastructure"],
                           "pages": _write_app_pages(html_dir, app, report, stamp)})
    extra = [s for s in (provider(ctx) for provider in _providers()) if s]
    from markupsafe import Markup

    from pytest_anyapp.report.publish import site_sections

    page = _env().get_template("index").render(
        style=STYLE, filter_js=FILTER_JS, stamp=stamp, tables=tables, plots=plots, apps_pages=apps_pages,
        app_links={a.app_id: a.href for a in apps if a.app_id}, n_episodes=len(episodes), page_size=page_size,
        extra_sections=[Markup(s) for s in extra], site_sections=[Markup(s) for s in site_sections(ctx)],
        categories=sorted({e["category"] for e in episodes if e["category"]}),
        apps=sorted({e["app_id"] for e in episodes if e["app_id"]}),
        models=sorted({e["model"] for e in episodes if e["model"]}),
        summary=f"{report.n_records} episode records from {len(report.inputs)} run(s); bootstrap {report.replicates} "
                f"replicates (base seed {report.base_seed}); rates in %, differences in pp.",
    )
    path = html_dir / "index.html"
    _write_page(path, page)
    return path
