"""Reports: pure builders of gap tables and summaries, plus their renderers, loaders and writer."""

from pytest_anyapp.report.gap import AppRow, CategoryRow, GapTable, OverallRow, build_gap_table
from pytest_anyapp.report.load import METADATA_KEY, load_summaries
from pytest_anyapp.report.render import render_markdown, render_terminal
from pytest_anyapp.report.write import write_summary

__all__ = [
    "METADATA_KEY", "AppRow", "CategoryRow", "GapTable", "OverallRow", "build_gap_table",
    "load_summaries", "render_markdown", "render_terminal", "write_summary",
]
