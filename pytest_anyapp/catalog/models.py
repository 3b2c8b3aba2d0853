"""Typed catalog entries. Frozen pydantic models: the catalog is data, not behaviour."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Category(StrEnum):
    """The ten categories, in the order reports list them."""

    TASKS = "tasks"
    NOTES = "notes"
    FINANCE = "finance"
    MUSIC = "music"
    CALENDAR = "calendar"
    SMS = "sms"
    FILES = "files"
    MAPS = "maps"
    CONTACTS = "contacts"
    CLOCK = "clock"


class AppSpec(BaseModel):
    """One Android app of the benchmark. ``app_id`` is ``<category>_<slug>`` and never changes."""

    model_config = ConfigDict(frozen=True)

    app_id: str = Field(pattern=r"^[a-z]+_[a-z0-9_]+$")
    display_name: str
    package: str
    category: Category
    is_original: bool = Field(description="The AndroidWorld app of its category (the gap baseline).")
    apk_source: str = Field(description="Where researchers get the APK (F-Droid, Play, GitHub release).")
    version_name: str | None = None
    version_code: int | None = None
    apk_sha256: str | None = None

    @property
    def slug(self) -> str:
        return self.app_id.split("_", 1)[1]
