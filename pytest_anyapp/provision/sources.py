"""The APK source catalog (``apk_sources.json``) and the download lock that records computed hashes.

A source names one app's installable file: a plain ``.apk`` or a split bundle (``.apks`` from
bundletool, ``.xapk`` from APK mirrors). Its ``sha256`` is the expected hash when one is known. A
download of a source without a known hash records the hash it computed in the lock file
(``apk_sources.lock.json`` in the download directory) and flags the app as *unpinned*: it is
usable, but a frozen schedule that includes it is not analysis-eligible.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pytest_anyapp.catalog import APPS, AppSpec, app_by_id
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.seeding import canonical_json, sha256_text

DEFAULT_SOURCES = Path(__file__).with_name("apk_sources.json")
LOCK_NAME = "apk_sources.lock.json"
_SHA256 = r"^[0-9a-f]{64}$"

BundleKind = Literal["apk", "apks", "xapk"]


class ApkSource(BaseModel):
    """Where one app's APK (or split bundle) comes from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    app_id: str
    package: str
    file_name: str = Field(pattern=r"^[A-Za-z0-9._\-]+\.(apk|apks|xapk)$")
    url: str | None = Field(None, description="None: not downloadable; place the file in the APK directory by hand.")
    optional: bool = False
    sha256: str | None = Field(None, pattern=_SHA256)
    note: str = ""

    @property
    def kind(self) -> BundleKind:
        suffix = self.file_name.rsplit(".", 1)[1]
        return suffix  # type: ignore[return-value]

    def identity_sha256(self) -> str:
        """Hash of the entry, so a frozen schedule notices an edited source."""
        return sha256_text(canonical_json(self.model_dump(mode="json")))


class SourceCatalog(BaseModel):
    """The whole sources file: one entry per catalogued app, checked against the catalog."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = 1
    sources: list[ApkSource]

    @model_validator(mode="after")
    def _check(self) -> SourceCatalog:
        seen: set[str] = set()
        for src in self.sources:
            if src.app_id in seen:
                raise ValueError(f"duplicate source for {src.app_id}")
            seen.add(src.app_id)
            try:
                app = app_by_id(src.app_id)
            except KeyError:
                raise ValueError(f"source for unknown app {src.app_id!r}") from None
            if app.package != src.package:
                raise ValueError(f"{src.app_id}: source package {src.package} is not the catalog's {app.package}")
        return self

    def get(self, app_id: str) -> ApkSource:
        for src in self.sources:
            if src.app_id == app_id:
                return src
        raise ConfigError(f"no APK source for {app_id} in the sources file")

    def select(self, app_ids: list[str] | None) -> list[ApkSource]:
        if not app_ids:
            return list(self.sources)
        return [self.get(a) for a in app_ids]


def load_sources(path: Path | None = None) -> SourceCatalog:
    """``path``, else ``$CATBENCH_APK_SOURCES``, else the shipped file."""
    import os

    path = path or Path(os.environ.get("CATBENCH_APK_SOURCES") or DEFAULT_SOURCES)
    try:
        return SourceCatalog.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        raise ConfigError(f"APK sources file {path} does not exist") from None
    except ValueError as exc:
        raise ConfigError(f"APK sources file {path} is invalid: {exc}") from exc


def expected_sha256(app: AppSpec, source: ApkSource) -> str | None:
    """The catalog pin wins; else the source's hash; else unknown."""
    return app.apk_sha256 or source.sha256


class LockEntry(BaseModel):
    """A downloaded file as verified (or, without an expected hash, as first seen)."""

    model_config = ConfigDict(extra="forbid")

    app_id: str
    file_name: str
    sha256: str = Field(pattern=_SHA256)
    size: int
    url: str | None
    pinned: bool = Field(description="False: no expected sha256 was known; this hash was computed, not checked.")


class DownloadLock(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = 1
    entries: dict[str, LockEntry] = Field(default_factory=dict)

    @classmethod
    def load(cls, directory: Path) -> DownloadLock:
        path = directory / LOCK_NAME
        return cls.model_validate_json(path.read_bytes()) if path.exists() else cls()

    def save(self, directory: Path) -> Path:
        path = directory / LOCK_NAME
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.model_dump(mode="json"), indent=1, sort_keys=True) + "\n")
        tmp.replace(path)
        return path


def generate_default_sources() -> SourceCatalog:
    """How ``apk_sources.json`` was first written from the catalog (kept for re-generation).

    F-Droid names repository files ``<package>_<versionCode>.apk``; apps distributed elsewhere (Play
    builds, GitHub releases) get no URL: their file must be placed in the APK directory by hand.
    """
    import re

    out: list[ApkSource] = []
    for app in APPS:
        hinted = re.search(r"([A-Za-z0-9._]+_\d+\.apk)", app.apk_source)
        suffix = "xapk" if ".xapk" in app.apk_source else "apk"
        if app.version_code is not None:
            file_name = f"{app.package}_{app.version_code}.{suffix}"
        elif hinted:
            file_name = hinted.group(1)
        else:
            file_name = f"{app.package}.{suffix}"
        fdroid = app.apk_source.startswith("F-Droid") and suffix == "apk" and (
            app.version_code is not None or hinted is not None)
        note = "URL inferred from F-Droid's file naming" if fdroid and "inferred" in app.apk_source else ""
        if not fdroid:
            note = f"not downloadable here ({app.apk_source}); place {file_name} in the APK directory"
        out.append(ApkSource(app_id=app.app_id, package=app.package, file_name=file_name,
                             url=f"https://f-droid.org/repo/{file_name}" if fdroid else None, note=note))
    return SourceCatalog(sources=out)
