"""The corpus of Android 13 outputs: samples written from AOSP source live beside this file;
captures from real devices (``anyapp capture``) can be added with ``--android-captures DIR`` (or
``ANYAPP_CAPTURES``), laid out the same way (``<command>/<case>.txt``, ``pytest_anyapp.device.samples``).
A capture filed under the same ``<command>/<case>`` as a source-written sample outranks it (a real
API-33 device beats a reading of the source); every other sample is kept, so a parser still has to
read both forms."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_anyapp.device.samples import AndroidSample, load_samples

CORPUS = Path(__file__).resolve().parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--android-captures", default=None, metavar="DIR",
                     help="also check parsers against the captures in DIR (<command>/<case>.txt, as "
                          "tests/android_outputs; written by 'anyapp capture'); env ANYAPP_CAPTURES")


def captures_dir(config: pytest.Config) -> Path | None:
    captures = config.getoption("--android-captures", default=None) or os.environ.get("ANYAPP_CAPTURES")
    if not captures:
        return None
    root = Path(captures)
    if not root.is_dir():
        raise pytest.UsageError(f"--android-captures / ANYAPP_CAPTURES: {root} is not a directory")
    return root


def corpus_samples(config: pytest.Config) -> list[AndroidSample]:
    """The samples written from source, a capture replacing the sample of its ``<command>/<case>``,
    other captures added."""
    merged = {(s.group, s.case): s for s in load_samples(CORPUS)}
    if (root := captures_dir(config)) is not None:
        merged |= {(s.group, s.case): s for s in load_samples(root)}
    return [merged[k] for k in sorted(merged)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "sample" in metafunc.fixturenames:
        samples = corpus_samples(metafunc.config)
        metafunc.parametrize("sample", samples, ids=[f"{s.group}/{s.case}" for s in samples])
    if "capture" in metafunc.fixturenames:
        found = [s for s in corpus_samples(metafunc.config) if s.source == "capture"]
        metafunc.parametrize("capture", found, ids=[f"{s.group}/{s.case}" for s in found])
