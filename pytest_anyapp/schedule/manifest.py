"""The frozen schedule manifest: exactly which episodes a study runs, and the hashes that pin them.

A manifest names the cohort (categories, apps with their pins and catalog/source hashes, templates
with a hash of their definition, every instance with its seed and parameter hash) and carries no
timestamp, so freezing the same cohort twice gives the same bytes. ``verify`` recomputes every hash
from the code and data in front of it and names each difference: a changed template, catalog
entry, pin or APK source makes a frozen run refuse to start (notes §8: "rejects any drift").
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import sys
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pytest_anyapp.catalog import AppSpec, Category
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.provision.sources import DownloadLock, SourceCatalog, load_sources
from pytest_anyapp.registry import PairInstance, schedule, templates_by_category
from pytest_anyapp.seeding import canonical_json, sha256_text

Condition = Literal["c1", "c2_g", "c2_o"]


class FrozenApp(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    app_id: str
    package: str
    version_name: str | None
    version_code: int | None
    apk_sha256: str | None = Field(description="Expected APK hash: catalog pin, source entry, or first download.")
    hash_pinned: bool = Field(description="False when apk_sha256 was only computed at first download (or is unknown).")
    catalog_entry_sha256: str
    source_entry_sha256: str | None


class FrozenTemplate(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    semantic_id: str
    category: str
    definition_sha256: str = Field(description="sha256 of the template class's source.")


class FrozenInstance(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    test_id: str
    semantic_id: str
    app_id: str
    instance: int
    instance_seed: int
    semantic_parameter_sha256: str
    semantic_goal_sha256: str


class ScheduleManifest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Literal[1] = 1
    kind: Literal["anyapp_frozen_schedule"] = "anyapp_frozen_schedule"
    release_id: str
    analysis_eligible: bool
    eligibility_blockers: list[str]
    seed: int
    n_instances: int
    conditions: list[Condition]
    categories: list[str]
    apps: list[FrozenApp]
    templates: list[FrozenTemplate]
    instances: list[FrozenInstance]
    catalog_sha256: str
    templates_sha256: str
    cohort_sha256: str

    @property
    def test_ids(self) -> set[str]:
        return {i.test_id for i in self.instances}


def template_definition_sha256(template: object) -> str:
    """sha256 of the template class's source. ``inspect`` finds the file through ``sys.modules``,
    which an in-process pytest run (pytester) may have restored without the module: import it again."""
    cls = type(template)
    if cls.__module__ not in sys.modules:
        importlib.import_module(cls.__module__)
    return sha256_text(inspect.getsource(cls))


def catalog_entry_sha256(app: AppSpec) -> str:
    return sha256_text(canonical_json(app.model_dump(mode="json")))


def _frozen_app(app: AppSpec, sources: SourceCatalog, lock: DownloadLock | None) -> FrozenApp:
    src = next((s for s in sources.sources if s.app_id == app.app_id), None)
    locked = lock.entries.get(app.app_id) if lock is not None else None
    sha = app.apk_sha256 or (src.sha256 if src else None) or (locked.sha256 if locked else None)
    pinned = bool(app.apk_sha256 or (src and src.sha256) or (locked and locked.pinned))
    return FrozenApp(app_id=app.app_id, package=app.package, version_name=app.version_name,
                     version_code=app.version_code, apk_sha256=sha, hash_pinned=pinned,
                     catalog_entry_sha256=catalog_entry_sha256(app),
                     source_entry_sha256=src.identity_sha256() if src else None)


def _instance(inst: PairInstance) -> FrozenInstance:
    ident = inst.identity()
    return FrozenInstance(test_id=inst.test_id, semantic_id=ident["semantic_id"], app_id=ident["app_id"],
                          instance=inst.instance, instance_seed=ident["instance_seed"],
                          semantic_parameter_sha256=ident["semantic_parameter_sha256"],
                          semantic_goal_sha256=ident["semantic_goal_sha256"])


def build_manifest(*, categories: list[Category] | None, seed: int, n_instances: int, conditions: list[Condition],
                   release_id: str, want_eligible: bool, sources: SourceCatalog | None = None,
                   lock: DownloadLock | None = None) -> ScheduleManifest:
    sources = sources or load_sources()
    instances = schedule(seed=seed, n_instances=n_instances, categories=categories)
    if not instances:
        raise ConfigError("nothing to freeze: no runnable pair in the chosen categories")
    apps: dict[str, AppSpec] = {}
    templates: dict[str, object] = {}
    for inst in instances:
        apps.setdefault(inst.pair.app.app_id, inst.pair.app)
        templates.setdefault(inst.pair.template.semantic_id, inst.pair.template)
    frozen_apps = [_frozen_app(a, sources, lock) for a in apps.values()]
    frozen_templates = [FrozenTemplate(semantic_id=sid, category=t.category.value,  # type: ignore[attr-defined]
                                       definition_sha256=template_definition_sha256(t))
                        for sid, t in templates.items()]
    blockers = []
    for app in frozen_apps:
        if app.version_code is None:
            blockers.append(f"{app.app_id}: no pinned version")
        if not app.hash_pinned:
            blockers.append(f"{app.app_id}: unpinned APK hash")
    if not want_eligible:
        blockers.insert(0, "not requested (--analysis-eligible)")
    frozen_instances = [_instance(i) for i in instances]
    cats = sorted({t.category for t in frozen_templates}, key=lambda c: list(Category).index(Category(c)))
    return ScheduleManifest(
        release_id=release_id, analysis_eligible=not blockers, eligibility_blockers=blockers, seed=seed,
        n_instances=n_instances, conditions=conditions, categories=cats, apps=frozen_apps,
        templates=frozen_templates, instances=frozen_instances,
        catalog_sha256=sha256_text(canonical_json([a.model_dump(mode="json") for a in frozen_apps])),
        templates_sha256=sha256_text(canonical_json([t.model_dump(mode="json") for t in frozen_templates])),
        cohort_sha256=sha256_text(canonical_json([i.model_dump(mode="json") for i in frozen_instances])),
    )


def manifest_bytes(manifest: ScheduleManifest) -> bytes:
    return (json.dumps(manifest.model_dump(mode="json"), indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def write_manifest(manifest: ScheduleManifest, path: Path) -> str:
    """Write once (an existing file is never replaced: a frozen schedule is immutable); returns sha256."""
    data = manifest_bytes(manifest)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with path.open("xb") as fh:
            fh.write(data)
    except FileExistsError:
        raise ConfigError(f"{path} exists: a frozen schedule is never overwritten (write a new file)") from None
    path.chmod(0o444)
    return hashlib.sha256(data).hexdigest()


def load_manifest(path: Path) -> ScheduleManifest:
    try:
        return ScheduleManifest.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        raise ConfigError(f"schedule file {path} does not exist") from None
    except ValueError as exc:
        raise ConfigError(f"schedule file {path} is not a frozen schedule: {exc}") from exc


def drift(manifest: ScheduleManifest, *, seed: int, n_instances: int, condition: str,
          sources: SourceCatalog | None = None) -> list[str]:
    """Every difference between the frozen schedule and what this checkout would run, by name."""
    problems: list[str] = []
    if seed != manifest.seed:
        problems.append(f"seed {seed} is not the schedule's {manifest.seed}")
    if n_instances != manifest.n_instances:
        problems.append(f"instances {n_instances} is not the schedule's {manifest.n_instances}")
    if condition not in manifest.conditions:
        problems.append(f"condition {condition} is not among the schedule's {manifest.conditions}")
    if problems:
        return problems
    sources = sources or load_sources()
    from pytest_anyapp.catalog import app_by_id

    for frozen in manifest.apps:
        try:
            app = app_by_id(frozen.app_id)
        except KeyError:
            problems.append(f"catalog entry {frozen.app_id} no longer exists")
            continue
        now = _frozen_app(app, sources, None)
        pin_then = (frozen.version_name, frozen.version_code)
        if (app.version_name, app.version_code) != pin_then or (app.apk_sha256 and app.apk_sha256 != frozen.apk_sha256):
            problems.append(f"pin of {frozen.app_id} changed: frozen {pin_then[0]} ({pin_then[1]}), now "
                            f"{app.version_name} ({app.version_code})"
                            + (f", sha256 {app.apk_sha256}" if app.apk_sha256 else ""))
        elif now.catalog_entry_sha256 != frozen.catalog_entry_sha256:
            problems.append(f"catalog entry {frozen.app_id} changed")
        if now.source_entry_sha256 != frozen.source_entry_sha256:
            problems.append(f"APK source entry of {frozen.app_id} changed")
    templates = {t.semantic_id: t for ts in templates_by_category().values() for t in ts}
    for frozen_t in manifest.templates:
        current = templates.get(frozen_t.semantic_id)
        if current is None:
            problems.append(f"template {frozen_t.semantic_id} no longer exists")
        elif template_definition_sha256(current) != frozen_t.definition_sha256:
            problems.append(f"template {frozen_t.semantic_id} changed (its definition's sha256 differs)")
    if problems:
        return problems
    categories = [Category(c) for c in manifest.categories]
    current_instances = {i.test_id: _instance(i) for i in schedule(seed=manifest.seed, n_instances=manifest.n_instances,
                                                                    categories=categories)}
    for frozen_i in manifest.instances:
        now_i = current_instances.get(frozen_i.test_id)
        if now_i is None:
            problems.append(f"pair {frozen_i.test_id} is no longer scheduled")
        elif now_i != frozen_i:
            problems.append(f"parameters or goal of {frozen_i.test_id} changed")
    return problems
