"""Real APK files and split bundles for provisioning tests, built with the sim tests' AXML writer."""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

_HELPERS = str(Path(__file__).resolve().parent.parent / "sim" / "helpers")
if _HELPERS not in sys.path:
    sys.path.insert(0, _HELPERS)

import apk as _apk  # noqa: E402  (tests/sim/helpers/apk.py)

build_apk = _apk.build_apk


def build_split_apk(path: Path, package: str, split: str, *, version_code: int, version_name: str) -> Path:
    """A configuration split (``<manifest split="config.x86_64">``), as bundletool emits."""
    root = _apk._manifest_tree(package, version_code, version_name, 21, 33, [], "split", None)
    root.children = [c for c in root.children if c.tag != "application"] + [_apk.Element("application")]
    root.attrs.append(("split", split, False))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("AndroidManifest.xml", _apk.axml(root))
    path.write_bytes(buf.getvalue())
    sign = getattr(_apk, "sign_apk", None)
    if sign is not None:
        sign(path)
    return path


def build_xapk(path: Path, package: str, *, version_code: int, version_name: str, splits: list[str],
               permissions: list[str] | None = None) -> Path:
    """An ``.xapk``: base + config splits and a ``manifest.json`` naming them."""
    work = path.parent / (path.stem + "-parts")
    work.mkdir(parents=True, exist_ok=True)
    files = {f"{package}.apk": build_apk(work / "base.apk", package, version_code=version_code,
                                         version_name=version_name, permissions=permissions)}
    for split in splits:
        files[f"{split}.apk"] = build_split_apk(work / f"{split}.apk", package, split, version_code=version_code,
                                                version_name=version_name)
    manifest = {"xapk_version": 2, "package_name": package, "version_code": str(version_code),
                "version_name": version_name,
                "split_apks": [{"file": name, "id": "base" if i == 0 else name[:-4]} for i, name in enumerate(files)]}
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", json.dumps(manifest))
        for name, file in files.items():
            zf.write(file, name)
    return path
