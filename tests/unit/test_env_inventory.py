"""The CATBENCH_* inventory: code, README and docs/environment.md agree; unknown ones are found."""

from __future__ import annotations

import re
from pathlib import Path

from pytest_anyapp.env_inventory import IGNORED_ENV
from pytest_anyapp.options import env_read, unknown_env_vars

ROOT = Path(__file__).resolve().parents[2]


def test_read_and_ignored_are_disjoint_and_documented():
    read = env_read()
    assert not read & set(IGNORED_ENV)
    readme = (ROOT / "README.md").read_text()
    assert {name for name in read if name not in readme} == set()
    doc = (ROOT / "docs" / "environment.md").read_text()
    assert {name for name in IGNORED_ENV if f"`{name}`" not in doc} == set()
    assert set(re.findall(r"`(CATBENCH_[A-Z0-9_]+)`", doc)) <= set(IGNORED_ENV) | read


def test_every_variable_the_code_names_is_read_or_ignored():
    named = set()
    for path in (ROOT / "pytest_anyapp").rglob("*.py"):
        named |= set(re.findall(r"\bCATBENCH_[A-Z0-9_]*[A-Z0-9]\b", path.read_text()))
    assert named - env_read() - set(IGNORED_ENV) == set()


def test_unknown_variables_are_found():
    env = {"CATBENCH_EARLY_STOP_ON_SUCESS": "0", "CATBENCH_RELEASE_ID": "x", "CATBENCH_SEED": "1",
           "CATBENCH_AGENT": "null", "HOME": "/root"}
    assert unknown_env_vars(env) == ["CATBENCH_EARLY_STOP_ON_SUCESS", "CATBENCH_SEED"]
