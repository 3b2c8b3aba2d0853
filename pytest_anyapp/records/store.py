"""Where records live: ``<results>/<run-id>/<test-id>/episode.json``, always written atomically.

Nothing recorded is ever lost: re-running an episode (``--rerun-invalid``) first moves its old
directory to ``<run>/_superseded/<test-id>.<n>/``. Every final record and every move is appended to
the run's ledger (:mod:`pytest_anyapp.records.ledger`), so ``anyapp verify`` can check them.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.records import ledger
from pytest_anyapp.records.models import EpisodeRecord

SUPERSEDED = "_superseded"


class RunStore:
    """One run directory."""

    def __init__(self, results_dir: Path, run_id: str) -> None:
        self.run_dir = results_dir / run_id
        self.run_id = run_id

    def episode_dir(self, test_id: str) -> Path:
        return self.run_dir / test_id

    def record_path(self, test_id: str) -> Path:
        return self.episode_dir(test_id) / "episode.json"

    def write(self, record: EpisodeRecord) -> Path:
        path = self.record_path(record.test_id)
        atomic_write_text(path, record.model_dump_json(indent=1))
        if record.final:
            ledger.append_record(self.run_dir, record.test_id, len(record.attempts), record.status.value)
        return path

    def read(self, test_id: str) -> EpisodeRecord | None:
        path = self.record_path(test_id)
        if not path.exists():
            return None
        return EpisodeRecord.model_validate_json(path.read_text())

    def supersede(self, test_id: str) -> Path | None:
        """Move an existing episode directory aside (kept, never deleted)."""
        src = self.episode_dir(test_id)
        if not src.exists():
            return None
        dest_root = self.run_dir / SUPERSEDED
        dest_root.mkdir(parents=True, exist_ok=True)
        n = 1
        while (dest_root / f"{test_id}.{n}").exists():
            n += 1
        dest = dest_root / f"{test_id}.{n}"
        shutil.move(str(src), dest)
        ledger.append_supersede(self.run_dir, test_id, dest)
        return dest

    def records(self) -> Iterator[EpisodeRecord]:
        if not self.run_dir.exists():
            return
        for path in sorted(self.run_dir.glob("*/episode.json")):
            if path.parent.name.startswith((".", "_")):
                continue
            yield EpisodeRecord.model_validate_json(path.read_text())


def latest_run_id(results_dir: Path) -> str | None:
    """The most recently modified run directory, if any."""
    if not results_dir.exists():
        return None
    runs = [p for p in results_dir.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))]
    if not runs:
        return None
    return max(runs, key=lambda p: p.stat().st_mtime).name
