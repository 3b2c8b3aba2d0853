"""``anyapp apps attest``: what is installed on each lane, as a JSON attestation.

Per lane and app: installed or not, versionName/versionCode as ``dumpsys package`` reports them,
the sha256 of the installed base APK (and splits) read on the device, and whether that matches the
pin. The file's own sha256 is what a matrix manifest and a frozen schedule reference.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from pytest_anyapp.catalog import AppSpec
from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.provision.sources import DownloadLock


class AppAttestation(BaseModel):
    app_id: str
    package: str
    installed: bool
    version_name: str | None = None
    version_code: int | None = None
    base_apk_sha256: str | None = None
    split_sha256: dict[str, str] = Field(default_factory=dict)
    pinned_version_code: int | None = None
    expected_sha256: str | None = None
    hash_pinned: bool = Field(False, description="The expected hash came from a pin, not from a first download.")
    matches_pin: bool


class LaneAttestation(BaseModel):
    lane: str
    serial: str
    apps: list[AppAttestation]


class Attestation(BaseModel):
    schema_version: Literal[1] = 1
    kind: Literal["installed_app_attestation"] = "installed_app_attestation"
    created_at: str
    lanes: list[LaneAttestation]

    @property
    def ok(self) -> bool:
        return all(a.matches_pin for lane in self.lanes for a in lane.apps)


def _apk_paths(device: DeviceClient, package: str) -> list[str]:
    out = device.run(f"pm path {shlex.quote(package)}").stdout
    return [line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("package:")]


def _sha256_on_device(device: DeviceClient, paths: list[str]) -> dict[str, str]:
    if not paths:
        return {}
    out = device.run("sha256sum " + " ".join(shlex.quote(p) for p in paths)).stdout
    found: dict[str, str] = {}
    for line in out.splitlines():
        m = re.match(r"([0-9a-f]{64})\s+(\S+)", line.strip())
        if m:
            found[m.group(2)] = m.group(1)
    return found


def attest_app(device: DeviceClient, app: AppSpec, lock: DownloadLock | None = None, *,
               plain_apk: bool = True) -> AppAttestation:
    locked = lock.entries.get(app.app_id) if lock is not None else None
    expected = app.apk_sha256 or (locked.sha256 if locked is not None else None)
    base = AppAttestation(app_id=app.app_id, package=app.package, installed=False,
                          pinned_version_code=app.version_code, expected_sha256=expected,
                          hash_pinned=app.apk_sha256 is not None or bool(locked and locked.pinned), matches_pin=False)
    if app.package not in device.installed_packages():
        return base
    version = device.package_version(app.package)
    paths = _apk_paths(device, app.package)
    hashes = _sha256_on_device(device, paths)
    base_path = next((p for p in paths if p.endswith("/base.apk")), paths[0] if paths else None)
    base_sha = hashes.get(base_path) if base_path else None
    splits = {Path(p).name: hashes[p] for p in paths if p != base_path and p in hashes}
    version_ok = ((app.version_code is None or (version is not None and version[1] == app.version_code))
                  and (app.version_name is None or (version is not None and version[0] == app.version_name)))
    # A bundle's expected hash is of the bundle file, not of the base APK inside it: only plain
    # APKs can be compared byte for byte.
    sha_ok = expected is None or not plain_apk or base_sha == expected
    return base.model_copy(update={
        "installed": True, "version_name": version[0] if version else None,
        "version_code": version[1] if version else None, "base_apk_sha256": base_sha, "split_sha256": splits,
        "matches_pin": bool(version_ok and sha_ok and base_sha),
    })


def attest_lanes(lanes: list[tuple[str, DeviceClient]], apps: list[AppSpec],
                 lock: DownloadLock | None = None, bundles: frozenset[str] = frozenset()) -> Attestation:
    """``bundles``: app ids installed from a split bundle (their base APK hash is not the file's)."""
    return Attestation(
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        lanes=[LaneAttestation(lane=name, serial=dev.serial,
                               apps=[attest_app(dev, a, lock, plain_apk=a.app_id not in bundles) for a in apps])
               for name, dev in lanes],
    )


def load_attestation(path: Path) -> tuple[Attestation, str]:
    """The attestation a run references and its sha256; ConfigError when it is missing, not an
    attestation, or records an app that is not at its pin (such a run would not measure the pinned apps)."""
    try:
        data = path.read_bytes()
        att = Attestation.model_validate_json(data)
    except OSError as exc:
        raise ConfigError(f"app attestation {path}: {exc.strerror or exc}") from None
    except ValidationError as exc:
        raise ConfigError(f"app attestation {path} is not an `anyapp apps attest` file: {exc.errors()[0]['msg']}") from None
    if not att.ok:
        bad = [f"{lane.lane} {a.app_id}" for lane in att.lanes for a in lane.apps if not a.matches_pin]
        raise ConfigError(f"app attestation {path} records apps not at their pins: {', '.join(bad)}")
    return att, hashlib.sha256(data).hexdigest()


def write_attestation(att: Attestation, path: Path) -> str:
    """Write the file; returns its sha256 (what records and schedules reference)."""
    data = (json.dumps(att.model_dump(mode="json"), indent=1, sort_keys=True) + "\n").encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()
