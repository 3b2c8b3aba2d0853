"""Instance seeding: the same (seed, template, instance) gives the same parameters for every app."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any


def instance_seed(seed: int, semantic_id: str, instance: int) -> int:
    """``int(sha256(f"{seed}_{semantic_id}_{i}")) mod 2**32`` — keyed by the template, not the app."""
    digest = hashlib.sha256(f"{seed}_{semantic_id}_{instance}".encode()).hexdigest()
    return int(digest, 16) % 2**32


def rng_for(seed: int, semantic_id: str, instance: int) -> random.Random:
    return random.Random(instance_seed(seed, semantic_id, instance))


def canonical_json(value: Any) -> str:
    """Stable JSON used for every hash we record (sorted keys, no spaces, UTF-8 kept)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def normalize_goal(goal: str) -> str:
    return " ".join(goal.strip().split())


def goal_sha256(goal: str) -> str:
    """Whitespace-normalised goal hash (so reflowed text keeps its identity)."""
    return sha256_text(normalize_goal(goal))


def params_sha256(params: dict[str, Any]) -> str:
    return sha256_text(canonical_json(params))
