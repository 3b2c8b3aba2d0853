"""Write a run's ``summary.json`` and ``summary.md`` atomically (readers never see half a file)."""

from __future__ import annotations

from pathlib import Path

from pytest_anyapp.atomic import atomic_write_text
from pytest_anyapp.report.gap import GapTable
from pytest_anyapp.report.render import render_markdown

SUMMARY_JSON = "summary.json"
SUMMARY_MD = "summary.md"


def write_summary(run_dir: Path, table: GapTable) -> tuple[Path, Path]:
    """Write both files into ``run_dir`` (created if missing); returns their paths."""
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    json_path, md_path = run_dir / SUMMARY_JSON, run_dir / SUMMARY_MD
    atomic_write_text(json_path, table.model_dump_json(indent=2) + "\n")
    atomic_write_text(md_path, render_markdown(table))
    return json_path, md_path
