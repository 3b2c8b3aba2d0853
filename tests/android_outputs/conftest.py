"""Captures from a lab's device next to the source-written samples (issue 25).

``--android-captures DIR`` (or ``ANYAPP_CAPTURES=DIR``) names a directory ``anyapp capture``
wrote. :func:`samples_with_captures` gives the corpus with the captures added; a capture filed
under the same ``<command>/<case>`` as a sample outranks it (a real API-33 device beats a reading
of the source), every other sample is kept, so a parser still has to read both forms.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_anyapp.device.samples import AndroidSample, load_samples

CORPUS = Path(__file__).resolve().parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--android-captures", default=None, metavar="DIR",
                     help="a directory written by 'anyapp capture' (default: $ANYAPP_CAPTURES)")


def captures_dir(config: pytest.Config) -> Path | None:
    value = config.getoption("--android-captures", default=None) or os.environ.get("ANYAPP_CAPTURES") or None
    return Path(value) if value else None


def samples_with_captures(captures: Path | None) -> list[AndroidSample]:
    """The corpus, a capture replacing the sample of its ``<command>/<case>``, other captures added."""
    merged = {(s.group, s.case): s for s in load_samples(CORPUS)}
    if captures is not None:
        merged |= {(s.group, s.case): s for s in load_samples(captures)}
    return [merged[k] for k in sorted(merged)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "capture" in metafunc.fixturenames:
        root = captures_dir(metafunc.config)
        found = [s for s in samples_with_captures(root) if s.source == "capture"] if root else []
        metafunc.parametrize("capture", found, ids=[f"{s.group}/{s.case}" for s in found])
