"""Write a run's ``summary.json`` and ``summary.md`` atomically (readers never see half a file)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pytest_anyapp.report.gap import GapTable
from pytest_anyapp.report.render import render_markdown

SUMMARY_JSON = "summary.json"
SUMMARY_MD = "summary.md"


def _atomic_write_text(target: Path, text: str) -> None:
    """Write to a temporary file in the same directory, then rename over the target."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_summary(run_dir: Path, table: GapTable) -> tuple[Path, Path]:
    """Write both files into ``run_dir`` (created if missing); returns their paths."""
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    json_path, md_path = run_dir / SUMMARY_JSON, run_dir / SUMMARY_MD
    _atomic_write_text(json_path, table.model_dump_json(indent=2) + "\n")
    _atomic_write_text(md_path, render_markdown(table))
    return json_path, md_path
