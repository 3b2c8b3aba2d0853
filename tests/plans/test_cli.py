"""``anyapp plans generate|import|verify-audit`` end to end against loopback fakes."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest

from pytest_anyapp.cli import main
from pytest_anyapp.plans.audit import read_records
from pytest_anyapp.plans.instances import SemanticInstance
from pytest_anyapp.plans.models import load_plan_file
from pytest_anyapp.plans.preflight import run_preflight
from pytest_anyapp.plans.prompt import PROMPT_SHA256

from .conftest import FAKE_KEY
from .fakes import FakeGemini, FakeOpenAI

SMS1 = ["--categories", "sms", "--n-instances", "1", "--seed", "30"]


@pytest.mark.parametrize("provider", ["gemini", "openai"])
def test_dry_run_prints_the_schedule_and_sends_nothing(
    provider: str, fake_gemini: FakeGemini, fake_openai: FakeOpenAI, sms_instances: list[SemanticInstance],
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "plans.json"
    code = main(["plans", "generate", "--provider", provider, "--model", "m", "--output", str(out),
                 "--audit-log", str(tmp_path / "a.jsonl"), "--dry-run", *SMS1])
    assert code == 0
    printed = capsys.readouterr().out
    for inst in sms_instances:
        assert inst.plan_key in printed
    assert f"would make {len(sms_instances)} plans" in printed
    assert fake_gemini.requests == [] and fake_openai.requests == []
    assert not out.exists() and not (tmp_path / "a.jsonl").exists()


def test_dry_run_needs_no_key(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    assert main(["plans", "generate", "--provider", "gemini", "--output", str(tmp_path / "p.json"), "--dry-run", *SMS1]) == 0


def test_generate_then_preflight_then_verify(
    fake_openai: FakeOpenAI, sms_instances: list[SemanticInstance], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    out, audit = tmp_path / "plans.json", tmp_path / "audit.jsonl"
    fake_openai.queue(fake_openai.rate_limited(), fake_openai.refusal())
    code = main(["plans", "generate", "--provider", "openai", "--model", "gpt-fake", "--output", str(out),
                 "--audit-log", str(audit), "--retry-backoff", "0", "--frozen", *SMS1])
    assert code == 0, capsys.readouterr().err
    assert len(fake_openai.requests) == len(sms_instances) + 2
    plan_file = load_plan_file(out)
    meta = plan_file.metadata
    assert (meta.generator_provider, meta.generator_model, meta.prompt_sha256, meta.frozen) == ("openai", "gpt-fake", PROMPT_SHA256, True)
    assert (meta.seed, meta.n_instances, meta.categories, meta.validation_mode) == (30, 1, ["sms"], "strict")
    assert meta.audit is not None and meta.audit.path == "audit.jsonl"
    assert run_preflight(out, sms_instances, seed=30, n_instances=1, condition="c2_o").ok  # OpenAI plans are c2_o
    assert not run_preflight(out, sms_instances, seed=30, n_instances=1, condition="c2_g").ok
    assert main(["plans", "verify-audit", str(audit), "--plan-file", str(out)]) == 0
    for path in (out, audit):
        assert FAKE_KEY not in path.read_text()
    assert FAKE_KEY not in "".join(capsys.readouterr())
    # Tamper with one response: the chain breaks and the CLI says so.
    lines = audit.read_text().splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if '"outcome":"accepted"' in line)
    edited = lines[index].replace("[TARGET_APP]", "[OTHER_APP]", 1)
    assert edited != lines[index]
    lines[index] = edited
    audit.write_text("".join(lines))
    assert main(["plans", "verify-audit", str(audit)]) == 1
    assert "edited" in capsys.readouterr().out


def test_verify_audit_catches_a_plan_not_in_the_log(fake_gemini: FakeGemini, tmp_path: Path) -> None:
    out, audit = tmp_path / "plans.json", tmp_path / "audit.jsonl"
    assert main(["plans", "generate", "--provider", "gemini", "--model", "g", "--output", str(out),
                 "--audit-log", str(audit), *SMS1]) == 0
    payload = json.loads(out.read_text())
    payload["plans"][0]["steps"][0] = "Open [TARGET_APP] and look around"
    payload["plans"][0]["plan_text"] = "\n".join(f"{i}. {s}" for i, s in enumerate(payload["plans"][0]["steps"], 1))
    import hashlib

    payload["plans"][0]["plan_sha256"] = hashlib.sha256(payload["plans"][0]["plan_text"].encode()).hexdigest()
    out.write_text(json.dumps(payload))
    assert main(["plans", "verify-audit", str(audit), "--plan-file", str(out)]) == 1


def test_frozen_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["plans", "generate", "--provider", "gemini", "--model", "g", "--output", str(tmp_path / "p.json"), "--frozen", *SMS1]
    assert main(base) == 2
    assert "needs --audit-log" in capsys.readouterr().err
    assert main([*base, "--audit-log", str(tmp_path / "a.jsonl"), "--overwrite"]) == 2
    assert "--overwrite" in capsys.readouterr().err
    assert main([*base, "--audit-log", str(tmp_path / "a.jsonl"), "--validation", "lenient"]) == 2
    assert "non-strict" in capsys.readouterr().err
    (tmp_path / "old.jsonl").write_text("")
    assert main([*base, "--audit-log", str(tmp_path / "old.jsonl")]) == 2
    assert "new audit log" in capsys.readouterr().err


def test_existing_output_needs_overwrite(fake_gemini: FakeGemini, tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    out.write_text("{}")
    assert main(["plans", "generate", "--provider", "gemini", "--model", "g", "--output", str(out), *SMS1]) == 2
    assert fake_gemini.requests == []


def test_missing_key_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert main(["plans", "generate", "--provider", "openai", "--model", "m", "--output", str(tmp_path / "p.json"), *SMS1]) == 2
    assert "OPENAI_API_KEY" in capsys.readouterr().err


def test_provider_down_exits_3(fake_gemini: FakeGemini, tmp_path: Path) -> None:
    fake_gemini.queue(*[fake_gemini.server_error()] * 2)
    code = main(["plans", "generate", "--provider", "gemini", "--model", "g", "--output", str(tmp_path / "p.json"),
                 "--max-transport-retries", "1", "--retry-backoff", "0", *SMS1])
    assert code == 3 and len(fake_gemini.requests) == 2


def test_env_file_key(fake_gemini: FakeGemini, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    env = tmp_path / "keys.env"
    env.write_text(f"# private\nexport GEMINI_API_KEY='{FAKE_KEY}'\n")
    os.chmod(env, 0o644)
    args = ["plans", "generate", "--provider", "gemini", "--model", "g", "--output", str(tmp_path / "p.json"),
            "--env-file", str(env), *SMS1]
    assert main(args) == 2, "a group/world-readable key file is refused"
    os.chmod(env, 0o600)
    assert main(args) == 0
    assert fake_gemini.requests[0].headers["x-goog-api-key"] == FAKE_KEY


# --- import -----------------------------------------------------------------------------------

def _good_steps(inst: SemanticInstance) -> list[str]:
    return ["Open [TARGET_APP]", f"Work toward this goal: {inst.semantic_goal}", "Check the result"]


def test_import_csv_and_json(sms_instances: list[SemanticInstance], tmp_path: Path) -> None:
    source = tmp_path / "plans.csv"
    with source.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["semantic_id", "instance", "steps"])
        for inst in sms_instances:
            writer.writerow([inst.semantic_id, inst.instance, "\n".join(_good_steps(inst))])
    out, audit = tmp_path / "human.json", tmp_path / "audit.jsonl"
    assert main(["plans", "import", "--input", str(source), "--output", str(out), "--audit-log", str(audit),
                 "--author", "ann", "--author", "bob", *SMS1]) == 0
    plan_file = load_plan_file(out)
    assert plan_file.metadata.generator_provider == "human" and plan_file.metadata.authors == ["ann", "bob"]
    assert plan_file.plans[0].steps == _good_steps(sms_instances[0])
    assert run_preflight(out, sms_instances, seed=30, n_instances=1, condition="c2_h").ok
    assert main(["plans", "verify-audit", str(audit), "--plan-file", str(out)]) == 0
    records, _ = read_records(audit)
    assert [r.kind for r in records] == ["header"] + ["import"] * len(sms_instances)

    source_json = tmp_path / "plans.json"
    source_json.write_text(json.dumps({i.plan_key: _good_steps(i) for i in sms_instances}))
    out2 = tmp_path / "human2.json"
    assert main(["plans", "import", "--input", str(source_json), "--output", str(out2), *SMS1]) == 0
    assert [p.plan_text for p in load_plan_file(out2).plans] == [p.plan_text for p in plan_file.plans]


def test_import_rejects_invalid_and_unscheduled(sms_instances: list[SemanticInstance], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "plans.json"
    entries = [{"semantic_id": i.semantic_id, "instance": i.instance, "steps": _good_steps(i)} for i in sms_instances]
    entries[0]["steps"] = ["Tap the compose icon"]
    entries.append({"semantic_id": "SmsSend", "instance": 7, "steps": ["Send it"]})
    source.write_text(json.dumps(entries))
    out, audit = tmp_path / "human.json", tmp_path / "audit.jsonl"
    assert main(["plans", "import", "--input", str(source), "--output", str(out), "--audit-log", str(audit), *SMS1]) == 1
    err = capsys.readouterr().err
    assert "fails validation" in err and "not a scheduled semantic instance" in err
    assert not out.exists()
    rejected = [r for r in read_records(audit)[0] if r.kind == "import" and not r.data["verdict"]["accepted"]]
    assert len(rejected) == 1
