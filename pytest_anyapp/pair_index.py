"""Which (template, app) pairs the schedule holds, kept in pytest's cache for ``--collect-only``.

Listing the benchmark's tests needs only their ids and markers, but working out which pairs exist
needs every category bundle (templates, and adapters' ``supports``), and importing the bundles
costs more than collecting 1,452 tests. So ``--collect-only`` reads the pair list an earlier
collection left in pytest's cache (``.pytest_cache``; ``--cache-clear`` empties it), keyed by the
size and modification time of every source file of the harness and the bundles (the key Python
gives its own byte-code cache), the file names under both and the Python version: any edit
recomputes it. Runs never read it; they build the schedule from the bundles.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import verifiers
from pytest_anyapp.catalog import APPS, AppSpec

CACHE_KEY = "anyapp/scheduled_pairs"
FORMAT = 1
SOURCE_ROOTS = (Path(__file__).resolve().parent, Path(verifiers.__file__).resolve().parent)


def sources_key(roots: Sequence[Path] = SOURCE_ROOTS) -> str:
    """Every ``.py``/``.json`` file under ``roots``: path, size and mtime (a stat each, no read)."""
    digest = hashlib.sha256(f"{FORMAT}:{sys.version}\n".encode())
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith((".py", ".json")):
                    st = os.stat(os.path.join(dirpath, name))
                    digest.update(f"{dirpath}/{name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def computed_pairs() -> list[tuple[str, AppSpec]]:
    """From the bundles: the schedule's pairs in its order (``registry.scheduled_pairs``)."""
    from pytest_anyapp.registry import scheduled_pairs

    return [(pair.template.semantic_id, pair.app) for pair in scheduled_pairs()]


def cached_pairs(cache: Any) -> list[tuple[str, AppSpec]]:
    """The schedule's pairs from ``cache`` (a ``pytest.Cache``, or None without the cacheprovider)
    when its key matches the sources, else computed and stored."""
    if cache is None:
        return computed_pairs()
    key = sources_key()
    entry = cache.get(CACHE_KEY, None)
    apps = {app.app_id: app for app in APPS}
    if isinstance(entry, dict) and entry.get("key") == key:
        try:
            return [(str(semantic_id), apps[app_id]) for semantic_id, app_id in entry["pairs"]]
        except (KeyError, TypeError, ValueError):
            pass  # not what this code writes: recompute
    pairs = computed_pairs()
    cache.set(CACHE_KEY, {"key": key, "pairs": [[semantic_id, app.app_id] for semantic_id, app in pairs]})
    return pairs
