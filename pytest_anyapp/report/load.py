"""Read episode summaries back from a run's artifacts, so a gap table can be rebuilt offline.

Two sources: (a) a pytest-json-report file, whose test entries carry our summary under
``metadata["anyapp"]``; (b) a results directory ``<results>/<run-id>/<test-id>/episode.json``.
An entry that lost its summary (a crashed worker, an unreadable record) still names its pair in
its node id or directory name; it is counted as invalid rather than silently dropped, because
dropping it would hide infrastructure losses from the table.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pytest_anyapp.catalog import Category
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import EpisodeRecord

#: Key under which the plugin attaches ``EpisodeRecord.summary()`` to a json-report test entry.
METADATA_KEY = "anyapp"
EPISODE_FILE = "episode.json"

# A pair-instance test id: ``<category>-<SemanticId>-<app slug>-i<instance>`` (see registry.PairInstance).
_TEST_ID = re.compile(
    r"(?<![A-Za-z0-9_])(?P<test_id>(?P<category>[a-z]+)-(?P<semantic_id>[A-Za-z][A-Za-z0-9]*)-(?P<slug>[a-z0-9_]+)-i(?P<instance>\d+))"
)
_CATEGORIES = {c.value for c in Category}


@dataclass
class Loaded:
    """Summaries plus human-readable notes about what was substituted or ignored while reading."""

    summaries: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    source: Path | None = None


def summary_from_test_id(text: str, *, reason: str) -> dict[str, Any] | None:
    """An invalid-episode summary for a pair named in ``text`` (node id or directory name), if any.

    The id is searched at the end of ``text`` (optionally inside ``[...]``) so that unrelated tests
    in the same report are not mistaken for pairs.
    """
    tail = text.rstrip("]")
    match = None
    for candidate in _TEST_ID.finditer(tail):
        match = candidate
    if match is None or match.end() != len(tail) or match["category"] not in _CATEGORIES:
        return None
    return {
        "test_id": match["test_id"],
        "status": Status.INVALID.value,
        "category": match["category"],
        "app_id": f"{match['category']}_{match['slug']}",
        "is_original": None,
        "semantic_id": match["semantic_id"],
        "instance": int(match["instance"]),
        "condition": None,
        "condition_valid": True,
        "exception": {"phase": "report", "type": "MissingSummary", "message": reason, "cause": "missing_summary"},
    }


def _fill_condition(loaded: Loaded) -> None:
    """Substituted summaries take the run's condition when the real ones agree on a single one."""
    conditions = {s.get("condition") for s in loaded.summaries} - {None, ""}
    if len(conditions) == 1:
        (condition,) = conditions
        for s in loaded.summaries:
            if not s.get("condition"):
                s["condition"] = condition


def load_json_report(path: Path) -> Loaded:
    """Summaries from a pytest-json-report file.

    Entries without our metadata that parse as a pair are counted invalid unless pytest skipped them
    (a ``--resume`` skip is not an episode); entries that do not parse are other tests and ignored.
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("tests"), list):
        raise ValueError(f"{path} is not a pytest-json-report file (no 'tests' list)")
    loaded = Loaded(source=Path(path))
    for entry in data["tests"]:
        nodeid = str(entry.get("nodeid", ""))
        metadata = entry.get("metadata") or {}
        summary = metadata.get(METADATA_KEY) if isinstance(metadata, dict) else None
        if isinstance(summary, dict):
            loaded.summaries.append(dict(summary))
            continue
        outcome = entry.get("outcome")
        substitute = summary_from_test_id(nodeid, reason=f"json-report entry without summary (outcome {outcome})")
        if substitute is None:
            continue
        if outcome == "skipped":
            loaded.notes.append(f"{nodeid}: skipped without a summary; not counted")
            continue
        loaded.notes.append(f"{nodeid}: no summary (outcome {outcome}); counted as invalid")
        loaded.summaries.append(substitute)
    _fill_condition(loaded)
    return loaded


def find_run_dir(path: Path) -> Path:
    """``path`` itself if it holds episodes, else its only run directory; an error otherwise."""
    path = Path(path)
    if not path.is_dir():
        raise ValueError(f"{path} is not a directory")
    if any(path.glob(f"*/{EPISODE_FILE}")):
        return path
    runs = sorted(d for d in path.iterdir() if d.is_dir() and any(d.glob(f"*/{EPISODE_FILE}")))
    if not runs:
        raise ValueError(f"no {EPISODE_FILE} under {path} or its run directories")
    if len(runs) > 1:
        names = ", ".join(d.name for d in runs)
        raise ValueError(f"{path} holds several runs ({names}); pass one run directory")
    return runs[0]


def load_run_dir(path: Path) -> Loaded:
    """Summaries from ``<run-dir>/<test-id>/episode.json``; unreadable or unfinished ones count invalid."""
    run_dir = find_run_dir(path)
    loaded = Loaded(source=run_dir)
    for episode_file in sorted(run_dir.glob(f"*/{EPISODE_FILE}")):
        test_dir = episode_file.parent.name
        try:
            record = EpisodeRecord.model_validate_json(episode_file.read_bytes())
        except (OSError, ValidationError) as exc:
            substitute = summary_from_test_id(test_dir, reason=f"unreadable {EPISODE_FILE}: {type(exc).__name__}")
            if substitute is None:
                loaded.notes.append(f"{episode_file}: unreadable and not a pair directory; ignored")
            else:
                loaded.notes.append(f"{episode_file}: unreadable; counted as invalid")
                loaded.summaries.append(substitute)
            continue
        summary = record.summary()
        if not record.final:
            loaded.notes.append(f"{episode_file}: not final (episode interrupted); counted as invalid")
            summary["status"] = Status.INVALID.value
        loaded.summaries.append(summary)
    _fill_condition(loaded)
    return loaded


def load_summaries(path: Path) -> Loaded:
    """A JSON report file or a results/run directory, whichever ``path`` is."""
    path = Path(path)
    if path.is_file():
        return load_json_report(path)
    if path.is_dir():
        return load_run_dir(path)
    raise ValueError(f"{path} does not exist")
