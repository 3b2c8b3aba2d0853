"""Preflight's permission read on Android 13's ``dumpsys package`` samples (tests/android_outputs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_anyapp.device.samples import load_samples
from pytest_anyapp.pool.preflight import granted_permissions

SAMPLES = [s for s in load_samples(Path(__file__).resolve().parents[1] / "android_outputs")
           if s.command.startswith("dumpsys package") and json.loads(json.dumps(s.state)).get("installed")]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.case)
def test_granted_for_user_0_only(sample) -> None:  # type: ignore[no-untyped-def]
    state = sample.state
    user0 = next(u for u in state["users"] if u["id"] == 0)
    want = set(state.get("install", [])) | {p for p, granted, _ in user0["runtime"] if granted}
    assert granted_permissions(sample.stdout) == want
    for other in (u for u in state["users"] if u["id"] != 0):
        assert granted_permissions(sample.stdout, other["id"]) == (
            set(state.get("install", [])) | {p for p, granted, _ in other["runtime"] if granted})


def test_a_permission_granted_only_to_another_user_is_not_granted() -> None:
    (two_users,) = [s for s in SAMPLES if s.case == "two_users"]
    assert "android.permission.READ_CONTACTS" in granted_permissions(two_users.stdout, 0)
    assert "android.permission.READ_CONTACTS" not in granted_permissions(two_users.stdout, 10)
