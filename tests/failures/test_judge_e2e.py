"""``anyapp failures judge | rejudge | agree | counts`` on a real simulated-device run, against
loopback Gemini REST and OpenAI-compatible judges spoken to by the real SDKs."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
from pathlib import Path

from tests.agents.fake_endpoints import Fail

from .conftest import BLOCKED, FAKE_KEY, jsonl, judgment, run_cli

JUDGE_FLAGS = ("--retry-backoff", "0", "--max-retries", "2")


def _judge(run: Path, out: Path, *extra: str) -> int:
    return run_cli("failures", "judge", run, "--provider", "gemini", "--model", "gemini-test", "--out", out,
                   *JUDGE_FLAGS, *extra)


def test_dry_run_writes_inputs_and_calls_nobody(sim_run: Path, judge_dir, gemini) -> None:
    out = judge_dir("dry")
    assert _judge(sim_run, out, "--dry-run") == 0
    assert gemini.requests == []
    rows = jsonl(out / "failure_judge_inputs.jsonl")
    assert len(rows) == 3
    for row in rows:
        payload = row["case_payload"]
        assert payload["n_steps"] == 8
        # smart selection, max 6: first, last, error-adjacent (6, 5), loop start (1) and the step before (0)
        assert payload["key_step_indices"] == [0, 1, 2, 5, 6, 7]
        assert payload["goal"].startswith("Text ")
        assert any("not met" in r for r in payload["verifier_reasons"])
        assert len(row["images"]) == 6
        for image in row["images"]:
            data = (out / image["path"]).read_bytes()
            assert hashlib.sha256(data).hexdigest() == image["sha256"]
            assert data[:2] == b"\xff\xd8" and max(image["width"], image["height"]) <= 896
    config = json.loads((out / "judge_config.json").read_text())
    assert len(config["config_hash"]) == 16 and config["config"]["inputs"]["screenshot_max_dim"] == 896


def test_gemini_labels_errors_and_resume(sim_run: Path, judge_dir, gemini) -> None:
    tmp_path = judge_dir("gemini")
    # episode order is path order: fossify, quik, simple; then a 429 retried, a block, malformed JSON
    gemini.script(judgment("grounding"), Fail(429, "slow down"), judgment("planning", "low"), BLOCKED)
    assert _judge(sim_run, tmp_path) == 1  # a judge error makes the exit status 1
    rows = jsonl(tmp_path / "failure_mode_judgments.jsonl")
    assert [r["judgment"] and r["judgment"]["primary_failure_mode"] for r in rows] == ["grounding", "planning", None]
    assert rows[2]["judge_error"] == "refused: SAFETY" and rows[2]["judgment"] is None
    assert rows[0]["usage"]["num_images"] == 6
    request = gemini.requests[0]
    parts = request["contents"][0]["parts"]
    assert sum("inlineData" in p for p in parts) == 6
    assert request["generationConfig"]["responseMimeType"] == "application/json"
    assert request["generationConfig"]["temperature"] == 0.0
    assert FAKE_KEY not in (tmp_path / "failure_mode_judgments.jsonl").read_text()
    summary = json.loads((tmp_path / "failure_mode_summary.json").read_text())
    assert summary["by_mode"] == {"grounding": 1, "planning": 1} and summary["n_judge_errors"] == 1

    # resume: the two cached judgments cost nothing, the error is asked again (malformed this time)
    before = len(gemini.requests)
    gemini.script("{not json")
    assert _judge(sim_run, tmp_path, "--resume") == 1
    assert len(gemini.requests) == before + 1
    rows = jsonl(tmp_path / "failure_mode_judgments.jsonl")
    assert [r["cached"] for r in rows] == [True, True, False]
    assert rows[2]["judge_error"].startswith("invalid output: not JSON") and rows[2]["raw_output"] == "{not json"

    gemini.script(judgment("unknown", extra_field="x"))
    assert _judge(sim_run, tmp_path, "--resume") == 1
    assert "extra_field" in jsonl(tmp_path / "failure_mode_judgments.jsonl")[2]["judge_error"]
    gemini.script(Fail(503), Fail(503), Fail(503))
    assert _judge(sim_run, tmp_path, "--resume") == 1
    assert "after 3 attempts" in jsonl(tmp_path / "failure_mode_judgments.jsonl")[2]["judge_error"]
    gemini.script(judgment("mixed"))
    assert _judge(sim_run, tmp_path, "--resume") == 0
    final = jsonl(tmp_path / "failure_mode_judgments.jsonl")
    assert final[2]["judgment"]["primary_failure_mode"] == "mixed_planning_grounding"
    assert gemini.remaining == 0


def test_two_stage_escalates_only_uncertain_cases(sim_run: Path, judge_dir, gemini) -> None:
    tmp_path = judge_dir("two-stage")
    triage_sure = json.dumps({"verdict": "failure", "agree_with_recorded_label": True,
                              "primary_failure_mode": "grounding", "confidence": "high",
                              "needs_escalation": False, "rationale": "wrong element"})
    triage_unsure = json.dumps({"verdict": "uncertain", "agree_with_recorded_label": True,
                                "primary_failure_mode": "unknown", "confidence": "low",
                                "needs_escalation": True, "rationale": "thin"})
    deep = judgment("planning", verdict="failure", agree_with_recorded_label=True, recommended_next_debug="x")
    gemini.script(triage_sure, triage_unsure, deep, triage_sure)
    assert _judge(sim_run, tmp_path, "--mode", "two-stage", "--triage-model", "gemini-flash") == 0
    rows = jsonl(tmp_path / "failure_mode_judgments.jsonl")
    assert [r["judgment"]["stage_resolved"] for r in rows] == [1, 2, 1]
    assert rows[1]["judgment"]["primary_failure_mode"] == "planning"
    assert [s["model"] for s in rows[1]["stages"]] == ["gemini-flash", "gemini-test"]
    triage_images = [p for p in gemini.requests[0]["contents"][0]["parts"] if "inlineData" in p]
    assert len(triage_images) == 3
    assert "gemini-flash:generateContent" in gemini.paths[0]


def test_rejudge_sends_stored_inputs_verbatim_and_checks_parity(
        sim_run: Path, tmp_path: Path, judge_dir, gemini, openai_judge) -> None:
    first = judge_dir("gemini")
    gemini.script(judgment("grounding"), judgment("planning"), judgment("grounding"))
    assert _judge(sim_run, first) == 0
    gemini_text = gemini.requests[0]["contents"][0]["parts"][0]["text"]

    second = tmp_path / "qwen"
    openai_judge.script(judgment("grounding"), judgment("grounding"),
                        "I'm sorry, but I can't help with that.")
    assert run_cli("failures", "rejudge", first, "--provider", "openai", "--model", "Qwen/Qwen3-VL-8B-Instruct",
                   "--out", second, *JUDGE_FLAGS) == 1
    rows = jsonl(second / "failure_mode_judgments.jsonl")
    assert [r["evidence_parity"]["payload_fingerprint_match"] for r in rows] == [True] * 3
    assert rows[2]["judge_error"].startswith("invalid output") and rows[2]["judgment"] is None
    request = openai_judge.requests[0]
    content = request["messages"][1]["content"]
    assert content[0]["text"] == gemini_text  # the same case payload, byte for byte
    images = [c for c in content if c["type"] == "image_url"]
    stored = json.loads((first / "failure_judge_inputs.jsonl").read_text().splitlines()[0])["images"]
    assert [hashlib.sha256(base64.b64decode(i["image_url"]["url"].split(",", 1)[1])).hexdigest() for i in images] \
        == [s["sha256"] for s in stored]
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["schema"]["additionalProperties"] is False
    config = json.loads((second / "judge_config.json").read_text())
    assert config["config"]["rejudge_of"] == json.loads((first / "judge_config.json").read_text())["config_hash"]

    # agreement between the two judges: 2 paired labels, both agree on the first only
    assert run_cli("failures", "agree", first, second, "--out", tmp_path / "agree", "--n-boot", "200") == 0
    agree = json.loads((tmp_path / "agree" / "agreement.json").read_text())
    assert agree["coverage"]["paired"] == 2 and agree["overall"]["raw_agreement"] == 0.5

    # a tampered stored screenshot: parity fails, nothing is sent
    image = next((first / "inputs").rglob("*.jpg"))
    image.write_bytes(image.read_bytes() + b"\0")
    before = len(openai_judge.requests)
    assert run_cli("failures", "rejudge", first, "--provider", "openai", "--model", "Qwen/Qwen3-VL-8B-Instruct",
                   "--out", tmp_path / "tampered", *JUDGE_FLAGS) == 1
    rows = jsonl(tmp_path / "tampered" / "failure_mode_judgments.jsonl")
    failed = [r for r in rows if r["judge_error"] and r["judge_error"].startswith("input parity failed")]
    assert len(failed) == 1 and failed[0]["judgment"] is None
    assert len(openai_judge.requests) == before + 2


def test_counts_table_and_plot(sim_run: Path, tmp_path: Path, judge_dir, gemini) -> None:
    from pytest_anyapp.failures.counts import counts_table, failure_mode_counts
    from pytest_anyapp.failures.judge import read_judgments

    gemini.script(judgment("grounding"), judgment("planning"), judgment("grounding"))
    assert _judge(sim_run, judge_dir("j")) == 0
    counts = failure_mode_counts(read_judgments(tmp_path / "j"))
    assert sum(c.n for c in counts) == 3
    header, rows = counts_table(counts)
    assert header[-1] == "total" and [r[-1] for r in rows] == [1, 1, 1]
    assert run_cli("failures", "counts", tmp_path / "j", "--out", tmp_path / "c") == 0
    png = (tmp_path / "c" / "failure_mode_counts.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "grounding" in (tmp_path / "c" / "failure_mode_counts.csv").read_text()


def test_report_section_from_the_default_judge_directory(sim_run: Path, tmp_path: Path, gemini,
                                                         monkeypatch) -> None:
    """``anyapp report --html`` picks judgments up from ``<run>/_failures/`` (default ``--out``)."""
    from types import SimpleNamespace

    from pytest_anyapp.failures.html import report_section

    run = tmp_path / "results" / sim_run.name
    shutil.copytree(sim_run, run)
    monkeypatch.delenv("ANYAPP_FAILURE_JUDGMENTS", raising=False)
    gemini.script(judgment("grounding"), judgment("planning"), "{bad")
    assert run_cli("failures", "judge", run, "--provider", "gemini", "--model", "g/1", "--no-screenshots",
                   *JUDGE_FLAGS) == 1
    assert (run / "_failures" / "gemini-g_1" / "failure_mode_judgments.jsonl").is_file()
    episode_dirs = sorted(p.parent for p in run.glob("*/episode.json"))
    ctx = SimpleNamespace(episode_dirs=episode_dirs, html_dir=tmp_path / "html")
    fragment = report_section(ctx)
    assert fragment is not None and "2 judged verifier-failed episodes, 1 judge errors" in fragment
    assert "<td>grounding</td>" not in fragment and "<th>grounding</th>" in fragment
    assert len(list((tmp_path / "html" / "plots").glob("failure_modes_*.png"))) == 1
    assert report_section(SimpleNamespace(episode_dirs=episode_dirs[:0], html_dir=tmp_path)) is None


def test_dry_run_needs_no_model_and_sample_refuses_a_dry_run_dir_plainly(sim_run: Path, tmp_path: Path,
                                                                         monkeypatch, capsys) -> None:
    """The README's `failures judge --dry-run` works without --model; `failures sample --judgments`
    on its directory says what is wrong instead of a raw FileNotFoundError (issue 24)."""
    monkeypatch.delenv("GEMINI_MODEL", raising=False)
    out = tmp_path / "dry"
    assert run_cli("failures", "judge", sim_run, "--provider", "gemini", "--out", out, "--dry-run") == 0
    assert (out / "failure_judge_inputs.jsonl").is_file()
    capsys.readouterr()
    assert run_cli("failures", "sample", sim_run, "--judgments", out, "--out", tmp_path / "sample") == 2
    said = capsys.readouterr().out
    assert "holds no failure_mode_judgments.jsonl (a --dry-run judge directory: inputs only" in said
