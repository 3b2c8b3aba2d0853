"""``anyapp apps download``: parallel, resumable, sha256-verified downloads with a progress bar.

A file is written as ``<name>.part`` and renamed only once its hash is checked, so the APK
directory never holds a half-written or unverified file under its real name. An interrupted
download resumes from the ``.part`` size with an HTTP ``Range`` request (a server that ignores the
range answers 200 and the file starts over). A hash mismatch keeps the bad bytes as
``<name>.corrupt`` for inspection and fails that app, never the others.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx
from rich.progress import TaskID

from pytest_anyapp.catalog import app_by_id
from pytest_anyapp.provision.sources import ApkSource, DownloadLock, LockEntry, expected_sha256

_CHUNK = 1 << 16

Progress = Callable[[str, int, int | None], None]
"""(file name, bytes advanced, total bytes or None)."""


@dataclass(frozen=True)
class DownloadResult:
    app_id: str
    path: Path | None
    sha256: str | None
    pinned: bool
    status: str  # downloaded | present | skipped | failed
    message: str = ""


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _fetch(client: httpx.Client, url: str, part: Path, on_progress: Progress, name: str) -> None:
    have = part.stat().st_size if part.exists() else 0
    headers = {"Range": f"bytes={have}-"} if have else {}
    with client.stream("GET", url, headers=headers) as resp:
        if resp.status_code == 416:  # the part file already holds everything
            return
        resp.raise_for_status()
        resumed = resp.status_code == 206
        mode = "ab" if resumed else "wb"
        length = resp.headers.get("content-length")
        total = (int(length) + (have if resumed else 0)) if length is not None else None
        on_progress(name, have if resumed else 0, total)
        with part.open(mode) as fh:
            for chunk in resp.iter_bytes(_CHUNK):
                fh.write(chunk)
                on_progress(name, len(chunk), None)


def download_one(client: httpx.Client, source: ApkSource, dest: Path, on_progress: Progress) -> DownloadResult:
    expected = expected_sha256(app_by_id(source.app_id), source)
    target = dest / source.file_name
    if target.exists():
        digest = file_sha256(target)
        if expected is None or digest == expected:
            return DownloadResult(source.app_id, target, digest, expected is not None, "present")
        target.rename(target.with_name(target.name + ".corrupt"))
    if source.url is None:
        return DownloadResult(source.app_id, None, None, False, "skipped",
                              f"no URL: place {source.file_name} in {dest} by hand")
    part = target.with_name(target.name + ".part")
    try:
        _fetch(client, source.url, part, on_progress, source.file_name)
    except httpx.HTTPError as exc:
        return DownloadResult(source.app_id, None, None, False, "failed",
                              f"{source.url}: {exc} (partial file kept for resume: {part.name})")
    digest = file_sha256(part)
    if expected is not None and digest != expected:
        bad = target.with_name(target.name + ".corrupt")
        part.replace(bad)
        return DownloadResult(source.app_id, None, digest, True, "failed",
                              f"sha256 mismatch for {source.file_name}: got {digest}, expected {expected} "
                              f"(kept as {bad.name})")
    part.replace(target)
    return DownloadResult(source.app_id, target, digest, expected is not None, "downloaded")


def download_all(sources: list[ApkSource], dest: Path, *, parallel: int = 4, timeout_s: float = 60.0,
                 on_progress: Progress | None = None) -> list[DownloadResult]:
    """Download every source into ``dest`` and update the lock file with what was verified or seen."""
    dest.mkdir(parents=True, exist_ok=True)
    report: Progress = on_progress or (lambda _n, _a, _t: None)
    with httpx.Client(timeout=timeout_s, follow_redirects=True) as client, \
            ThreadPoolExecutor(max_workers=max(1, parallel)) as pool:
        results = list(pool.map(lambda s: download_one(client, s, dest, report), sources))
    lock = DownloadLock.load(dest)
    for src, res in zip(sources, results, strict=True):
        if res.path is not None and res.sha256 is not None:
            lock.entries[src.app_id] = LockEntry(app_id=src.app_id, file_name=src.file_name, sha256=res.sha256,
                                                 size=res.path.stat().st_size, url=src.url, pinned=res.pinned)
    lock.save(dest)
    return results


class RichProgress:
    """A rich progress bar per file, fed by ``download_all``'s callback (thread-safe in rich)."""

    def __init__(self) -> None:
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
            TransferSpeedColumn,
        )

        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(),
                                 TransferSpeedColumn(), TimeRemainingColumn())
        self._tasks: dict[str, TaskID] = {}

    def __call__(self, name: str, advance: int, total: int | None) -> None:
        if name not in self._tasks:
            self._tasks[name] = self.progress.add_task(name, total=total)
        task = self._tasks[name]
        if total is not None:
            self.progress.update(task, total=total, completed=advance)
        else:
            self.progress.advance(task, advance)

    def __enter__(self) -> RichProgress:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()
