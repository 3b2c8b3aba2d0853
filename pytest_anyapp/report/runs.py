"""The controller's end-of-run step: rebuild the gap table from the run's records and write it.

The table is built from ``episode.json`` files, not from this session's reports, so a resumed or
partially re-run benchmark still reports every pair of the run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_anyapp.records.ledger import head
from pytest_anyapp.report.gap import GapTable, build_gap_table
from pytest_anyapp.report.load import load_run_dir
from pytest_anyapp.report.render import render_terminal
from pytest_anyapp.report.write import write_summary


@dataclass
class RunSummary:
    run_dir: Path
    table: GapTable
    terminal_text: str
    notes: list[str]
    summaries: list[dict[str, Any]]

    def model_dump_for_json(self) -> dict[str, Any]:
        return {"run_dir": str(self.run_dir), "gap_table": self.table.model_dump(mode="json"), "notes": self.notes}


def summarize_run(run_dir: Path) -> RunSummary | None:
    if not run_dir.exists():
        return None
    loaded = load_run_dir(run_dir)
    table = build_gap_table(loaded.summaries)
    ledger_head = head(run_dir)
    table.ledger_head = ledger_head.head_sha256 if ledger_head else None
    write_summary(run_dir, table)
    return RunSummary(run_dir=run_dir, table=table, terminal_text=render_terminal(table), notes=loaded.notes,
                      summaries=loaded.summaries)
