"""Which steps a judge sees: the prior release's smart selection, or first/last by default."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

_ERROR_TOKENS = re.compile(r"traceback|error|exception|timeout|timed out|failed|cannot|impossible", re.IGNORECASE)
REPEAT_RUN = 4  # the 4th identical action in a row marks a loop


def _action_key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def default_steps(n: int, max_steps: int) -> list[int]:
    """First ``min(2, max_steps // 3)`` plus the last remainder; ``max_steps`` 0 means all."""
    if max_steps <= 0 or n <= max_steps:
        return list(range(n))
    head = min(2, max_steps // 3)
    tail = max_steps - head
    return sorted(set(range(head)) | set(range(n - tail, n)))


def smart_steps(actions: Sequence[dict[str, Any]], errors: Sequence[str], max_steps: int) -> list[int]:
    """First and last; then error-adjacent steps, loop starts, action-type changes; then stride infill.

    ``errors[i]`` is all text of step ``i`` that may carry an error (error fields, outputs).
    """
    n = len(actions)
    if n == 0:
        return []
    limit = n if max_steps <= 0 else min(n, max_steps)
    chosen: list[int] = []

    def add(i: int) -> None:
        if 0 <= i < n and i not in chosen and len(chosen) < limit:
            chosen.append(i)

    add(0)
    add(n - 1)
    for i, text in enumerate(errors):
        if text and _ERROR_TOKENS.search(text):
            add(i)
            add(i - 1)
    run = 1
    for i in range(1, n):
        run = run + 1 if _action_key(actions[i]) == _action_key(actions[i - 1]) else 1
        if run == REPEAT_RUN:
            start = i - REPEAT_RUN + 1
            add(start)
            for j in range(1, 4):
                add(start - j)
    for i in range(1, n):
        if actions[i].get("action") != actions[i - 1].get("action"):
            add(i)
    if len(chosen) < limit:
        remaining = [i for i in range(n) if i not in chosen]
        need = limit - len(chosen)
        stride = len(remaining) / need
        for k in range(need):
            add(remaining[int(k * stride)])
    return sorted(chosen)
