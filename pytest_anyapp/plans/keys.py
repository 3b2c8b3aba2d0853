"""Plan keys and plan text: the identity a C2 plan is stored and looked up under.

A plan belongs to a *semantic instance* (template x instance index), never to an app: the key is
``semantic_id|instance=i|sha256(app-neutral goal)`` so every app of the template finds the same plan,
and a changed goal wording (or a different seed drawing different parameters) cannot silently reuse
an old plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pytest_anyapp.seeding import goal_sha256, sha256_text

KEY_PATTERN = re.compile(r"^(?P<semantic_id>[A-Za-z0-9_]+)\|instance=(?P<instance>0|[1-9][0-9]*)\|(?P<sha>[0-9a-f]{64})$")


def plan_key(semantic_id: str, instance: int, semantic_goal: str) -> str:
    """The exact, instance-aware key of one semantic instance's plan."""
    if not re.fullmatch(r"[A-Za-z0-9_]+", semantic_id):
        raise ValueError(f"semantic id {semantic_id!r} cannot be part of a plan key")
    if instance < 0:
        raise ValueError("instance must be >= 0")
    return f"{semantic_id}|instance={int(instance)}|{goal_sha256(semantic_goal)}"


@dataclass(frozen=True)
class ParsedKey:
    semantic_id: str
    instance: int
    semantic_goal_sha256: str


def parse_plan_key(key: str) -> ParsedKey | None:
    """The parts of an exact key, or None for anything else (legacy keys included)."""
    match = KEY_PATTERN.fullmatch(key)
    if match is None:
        return None
    return ParsedKey(match["semantic_id"], int(match["instance"]), match["sha"])


def plan_text_from_steps(steps: list[str]) -> str:
    """The canonical numbered text (``1. step`` lines) that agents see and that is hashed."""
    return "\n".join(f"{i}. {step.strip()}" for i, step in enumerate(steps, start=1))


def plan_sha256(plan_text: str) -> str:
    return sha256_text(plan_text)
