"""The example GitHub Actions workflow: parsed, its shape checked, and every ``anyapp`` command in
it parsed by the real command-line parser (so a renamed option breaks this test, not the nightly)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest
import yaml

from pytest_anyapp.cli import build_parser
from pytest_anyapp.matrix.config import load_config

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = REPO / ".github" / "workflows" / "nightly-matrix.yml"
# sub-commands whose options this branch defines; others (e.g. report) only need to exist
OWN = {"apps", "pool", "preflight", "schedule", "matrix", "cells"}


def _workflow() -> dict[str, object]:
    data = yaml.safe_load(WORKFLOW.read_text())
    assert isinstance(data, dict)
    return data


def _commands(run: str, env: dict[str, str]) -> list[list[str]]:
    joined = run.replace("\\\n", " ")
    out = []
    for line in joined.splitlines():
        line = line.strip()
        if line.startswith("anyapp "):
            expanded = line
            for key, value in env.items():
                expanded = expanded.replace(f"${key}", value).replace(f"${{{key}}}", value)
            out.append(shlex.split(expanded.split("|")[0]))
    return out


def test_workflow_runs_nightly_on_a_kvm_runner_and_uploads_the_artifacts() -> None:
    wf = _workflow()
    triggers = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` as true
    assert isinstance(triggers, dict) and triggers["schedule"][0]["cron"] and "workflow_dispatch" in triggers
    job = wf["jobs"]["matrix"]  # type: ignore[index]
    assert {"self-hosted", "kvm"} <= set(job["runs-on"])
    steps = job["steps"]
    runs = "\n".join(s.get("run", "") for s in steps)
    order = [runs.index(x) for x in ("anyapp pool up", "anyapp apps install", "anyapp preflight", "anyapp matrix",
                                     "anyapp report", "anyapp pool down")]
    assert order == sorted(order)
    uploads = [s for s in steps if str(s.get("uses", "")).startswith("actions/upload-artifact@")]
    paths = "\n".join(s["with"]["path"] for s in uploads)
    assert all(s.get("if") == "always()" for s in uploads)
    assert "/reports/" in paths and "episode.json" in paths and "/html/" in paths and "matrix.json" in paths
    assert "CATBENCH_EMULATORS" in runs and "GITHUB_ENV" in runs


def test_every_anyapp_command_in_the_workflow_parses() -> None:
    wf = _workflow()
    job = wf["jobs"]["matrix"]  # type: ignore[index]
    env = {k: "x" for k in job["env"]}
    env.update(MODELS="GUI-Owl-7B,UI-Venus-7B", CONDITIONS="c1,c2_g,c2_o", LANES="4")
    parser = build_parser()
    commands = [cmd for s in job["steps"] for cmd in _commands(s.get("run", ""), env)]
    assert len(commands) >= 8
    for cmd in commands:
        sub = cmd[1]
        if sub in OWN:
            parser.parse_args(cmd[1:])
        else:
            with pytest.raises(SystemExit) as exc:  # the sub-command exists: its --help exits 0
                parser.parse_args([sub, "--help"])
            assert exc.value.code == 0


def test_the_workflow_matrix_config_is_valid() -> None:
    config, _ = load_config(REPO / ".github" / "anyapp" / "nightly-matrix.json")
    assert set(config.models) == {"GUI-Owl-7B", "UI-Venus-7B"} and config.conditions["c2_g"].plan_file
    assert os.path.basename(str(config.conditions["c2_o"].plan_file)) == "c2_o.json"
