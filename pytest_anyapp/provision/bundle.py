"""What an APK file or split bundle holds: package, version, splits, declared permissions.

``.apks`` (bundletool) and ``.xapk`` (APK mirrors) are zips of APKs; an ``.xapk`` also carries a
``manifest.json`` naming its splits. Only APK files are installed from a bundle (OBB expansion
files and icons are not part of an install session).
"""

from __future__ import annotations

import json
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from pytest_anyapp.errors import ConfigError


@dataclass(frozen=True)
class ApkFacts:
    path: Path
    package: str
    version_name: str
    version_code: int
    split: str | None
    permissions: tuple[str, ...]


@dataclass
class Bundle:
    """The APKs to install for one app, base first (a plain ``.apk`` is a bundle of one)."""

    source: Path
    apks: list[ApkFacts]
    _tmp: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    @property
    def base(self) -> ApkFacts:
        return self.apks[0]

    @property
    def is_split(self) -> bool:
        return len(self.apks) > 1

    def close(self) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> Bundle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def apk_facts(path: Path) -> ApkFacts:
    """Manifest facts from the binary AndroidManifest.xml (pyaxmlparser, as the simulator's pm)."""
    from pyaxmlparser import APK

    try:
        apk = APK(str(path))
        if not apk.is_valid_APK() or not apk.get_package():
            raise ValueError("no AndroidManifest.xml with a package")
        code = int(str(apk.get_androidversion_code()))
    except Exception as exc:  # noqa: BLE001 - pyaxmlparser raises assorted errors on junk
        raise ConfigError(f"{path.name} is not a readable APK: {exc}") from exc
    split = apk.get_attribute_value("manifest", "split")
    return ApkFacts(path=path, package=str(apk.get_package()), version_name=str(apk.get_androidversion_name() or ""),
                    version_code=code, split=str(split) if split else None,
                    permissions=tuple(dict.fromkeys(apk.get_permissions() or [])))


def open_bundle(path: Path) -> Bundle:
    """Read ``path`` (``.apk``, ``.apks`` or ``.xapk``); bundles are unpacked to a temporary dir."""
    if path.suffix == ".apk":
        return Bundle(path, [apk_facts(path)])
    if path.suffix not in (".apks", ".xapk"):
        raise ConfigError(f"{path.name}: want .apk, .apks or .xapk")
    tmp = tempfile.TemporaryDirectory(prefix="anyapp-bundle-")
    try:
        with zipfile.ZipFile(path) as zf:
            names = [n for n in zf.namelist() if n.endswith(".apk") and not n.startswith("__MACOSX")]
            if path.suffix == ".xapk" and "manifest.json" in zf.namelist():
                listed = json.loads(zf.read("manifest.json")).get("split_apks") or []
                wanted = [str(e["file"]) for e in listed if isinstance(e, dict) and "file" in e]
                missing = [n for n in wanted if n not in names]
                if missing:
                    raise ConfigError(f"{path.name}: manifest.json lists {missing} but the bundle lacks them")
                names = wanted or names
            extracted = []
            for i, name in enumerate(names):
                out = Path(tmp.name) / f"{i:02d}-{Path(name).name}"
                out.write_bytes(zf.read(name))
                extracted.append(out)
    except (zipfile.BadZipFile, OSError, ValueError, KeyError) as exc:
        tmp.cleanup()
        raise ConfigError(f"{path.name} is not a readable bundle: {exc}") from exc
    try:
        facts = [apk_facts(p) for p in extracted]
    except ConfigError:
        tmp.cleanup()
        raise
    bases = [f for f in facts if f.split is None]
    if len(bases) != 1:
        tmp.cleanup()
        raise ConfigError(f"{path.name}: a bundle needs exactly one base APK, found {len(bases)}")
    ordered = bases + sorted((f for f in facts if f.split is not None), key=lambda f: f.split or "")
    return Bundle(path, ordered, tmp)
