"""Why episodes were invalid, and whether a run measured enough to count (pure).

An invalid episode is one the harness could not measure (a dead lane, an endpoint that died, a
missing app). The terminal shows them grouped by cause with an example and the command that runs
them again; a run where nothing, or too large a share, could be measured exits with
``RUN_NOT_MEASURED`` instead of pytest's 0/1, so a launcher does not mistake it for a finished run.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: Exit status of a run that measured nothing, or whose invalid share is above --max-invalid-share.
#: (pytest's own: 0 all passed, 1 some failed, 2 interrupted, 3 internal error, 4 usage, 5 none ran.)
RUN_NOT_MEASURED = 6

INVALID = "invalid_infrastructure"


@dataclass(frozen=True)
class CauseGroup:
    cause: str
    count: int
    example_test_id: str
    example_message: str


def invalid_by_cause(summaries: Iterable[Mapping[str, Any]]) -> list[CauseGroup]:
    """Invalid episodes per cause, most frequent first, each with its first example."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for s in summaries:
        if s.get("status") == INVALID:
            exc = s.get("exception") if isinstance(s.get("exception"), Mapping) else {}
            groups.setdefault(str((exc or {}).get("cause") or "unknown"), []).append(s)
    result = []
    for cause, items in groups.items():
        first = sorted(items, key=lambda s: str(s.get("test_id")))[0]
        exc = first.get("exception") or {}
        message = str(exc.get("message") or "no exception recorded").strip().splitlines()
        result.append(CauseGroup(cause, len(items), str(first.get("test_id")), message[0] if message else ""))
    return sorted(result, key=lambda g: (-g.count, g.cause))


def rerun_command(args: Sequence[str], run_id: str) -> str:
    """The invocation's own command line, attached to its run with ``--rerun-invalid``."""
    kept: list[str] = []
    skip_next = False
    for arg in args:
        if skip_next:
            skip_next = False
            continue
        if arg in ("--resume", "--rerun-invalid") or arg.startswith(("--run-id=", "--resume=", "--rerun-invalid=")):
            continue
        if arg == "--run-id":
            skip_next = True
            continue
        kept.append(arg)
    return shlex.join(["pytest", *kept, f"--run-id={run_id}", "--rerun-invalid"])


def invalid_block(summaries: Sequence[Mapping[str, Any]], command: str) -> list[str]:
    """The terminal's "invalid by cause" lines (always present, so "none" is said too)."""
    groups = invalid_by_cause(summaries)
    if not groups:
        return [f"invalid by cause: none of {len(summaries)} episode(s)"]
    total = sum(g.count for g in groups)
    lines = [f"invalid by cause: {total} of {len(summaries)} episode(s) could not be measured"]
    width = max(len(str(g.count)) for g in groups)
    for g in groups:
        lines.append(f"  {g.count:>{width}}  {g.cause}  e.g. {g.example_test_id}: {g.example_message}")
    lines.append(f"  re-run them: {command}")
    return lines


def not_measured(summaries: Sequence[Mapping[str, Any]], max_invalid_share: float) -> str | None:
    """Why the run did not measure enough (exit ``RUN_NOT_MEASURED``), or None."""
    if not summaries:
        return None
    invalid = sum(1 for s in summaries if s.get("status") == INVALID)
    if invalid == len(summaries):
        return f"no episode could be measured ({invalid} of {invalid} invalid)"
    share = invalid / len(summaries)
    if share > max_invalid_share:
        return (f"{invalid} of {len(summaries)} episodes invalid ({share:.0%}), above --max-invalid-share "
                f"{max_invalid_share:.0%}")
    return None
