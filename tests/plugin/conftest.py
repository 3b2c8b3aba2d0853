"""Helpers for pytester runs of the plugin: a pairs test file like the repo's."""

from __future__ import annotations

from pathlib import Path

import pytest

PAIRS_TEST = (Path(__file__).resolve().parents[2] / "pairs" / "test_pairs.py").read_text()


@pytest.fixture
def pairs_dir(pytester: pytest.Pytester) -> pytest.Pytester:
    """A pytester dir holding the real ``pairs/test_pairs.py``."""
    pytester.makepyfile(test_pairs=PAIRS_TEST)
    return pytester
