"""The corpus of Android 13 outputs: samples written from AOSP source live beside this file;
captures from real devices can be added with ``--android-captures DIR`` (or ``ANYAPP_CAPTURES``),
laid out the same way (``<command>/<case>.txt``, ``pytest_anyapp.device.samples``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_anyapp.device.samples import AndroidSample, load_samples

CORPUS = Path(__file__).resolve().parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--android-captures", default=None, metavar="DIR",
                     help="also check parsers and the simulated device against the captures in DIR "
                          "(<command>/<case>.txt, as tests/android_outputs); env ANYAPP_CAPTURES")


def corpus_samples(config: pytest.Config) -> list[AndroidSample]:
    """The samples written from source, then any captures the run was given."""
    captures = config.getoption("--android-captures", default=None) or os.environ.get("ANYAPP_CAPTURES")
    samples = load_samples(CORPUS)
    if captures:
        root = Path(captures)
        if not root.is_dir():
            raise pytest.UsageError(f"--android-captures / ANYAPP_CAPTURES: {root} is not a directory")
        samples += load_samples(root)
    return samples


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "sample" in metafunc.fixturenames:
        samples = corpus_samples(metafunc.config)
        metafunc.parametrize("sample", samples, ids=[f"{s.group}/{s.case}" for s in samples])
