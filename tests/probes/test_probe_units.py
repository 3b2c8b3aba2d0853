"""Pure parts of the floor: probe names, the exact binomial bound, the report's goals, the
template vocabularies and the constant-answer sweep."""

from __future__ import annotations

import math

import pytest

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import EpisodeContext, Observation, TaskInfo
from pytest_anyapp.agents.builtin.probe import ProbeAgent, ProbeRaised, parse_probe
from pytest_anyapp.agents.registry import AgentOptions, resolve_agent
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.floor.bounds import binom_cdf, upper_bound
from pytest_anyapp.floor.report import build
from pytest_anyapp.floor.vocabulary import template_vocabulary


@pytest.mark.parametrize("name,kind,number,text", [
    ("probe-claim", "claim", None, ""), ("probe-random", "random", 0, ""), ("probe-random-4", "random", 4, ""),
    ("probe-random-claim-2", "random-claim", 2, ""), ("probe-vocab-1", "vocab", 1, ""),
    ("probe-answer-3", "answer", None, "3"), ("probe-answer-Team Sync", "answer", None, "Team Sync"),
])
def test_probe_names(name, kind, number, text):
    spec = parse_probe(name)
    assert (spec.kind, spec.number, spec.text) == (kind, number, text)
    assert spec.name == (name if name != "probe-random" else "probe-random-0")


def test_unknown_probe_is_a_config_error_and_probes_are_builtin_agents():
    with pytest.raises(ConfigError, match="unknown probe"):
        parse_probe("probe-cheat")
    resolved = resolve_agent("probe-claim", AgentOptions())
    assert resolved.source == "builtin" and resolved.privileged and resolved.user_agent


def _task(semantic_id: str = "SimpleCalendarEventsOnDate") -> TaskInfo:
    return TaskInfo(semantic_id=semantic_id, app_id="a", app_display_name="A", package="p", category="calendar",
                    instance=0, params={"secret": "never used"})


def _run(name: str, steps: int = 5) -> list[Action]:
    agent = resolve_agent(name, AgentOptions()).agent
    assert isinstance(agent, ProbeAgent)
    agent.reset_privileged(EpisodeContext(prompt_goal="g", step_budget=steps), _task())
    return [agent.step(Observation(goal="g", step_index=i, step_budget=steps)).action for i in range(steps)]


def test_probes_never_keep_the_instance_parameters():
    agent = resolve_agent("probe-vocab", AgentOptions()).agent
    agent.reset_privileged(EpisodeContext(prompt_goal="g", step_budget=3), _task())  # type: ignore[attr-defined]
    assert "never used" not in repr(vars(agent))


def test_random_probes_are_seeded_and_end_as_named():
    assert _run("probe-random-1") == _run("probe-random-1") != _run("probe-random-2")
    assert not any(a.ends_episode for a in _run("probe-random-1"))
    assert _run("probe-random-claim-1")[-1] == Action(action="terminate", status="success")
    with pytest.raises(ProbeRaised):
        _run("probe-random-raise-1")
    assert [a.action for a in _run("probe-back-home", 3)] == ["system_button", "system_button", "terminate"]


def test_vocabulary_probe_overlists_the_templates_own_words():
    (answer,) = {a.text for a in _run("probe-vocab", 1)}
    titles = template_vocabulary("SimpleCalendarEventsOnDate")[0]
    assert answer is not None and all(t in answer for t in titles)


@pytest.mark.parametrize("k,n", [(0, 1), (0, 150), (3, 100), (17, 150), (1, 5)])
def test_upper_bound_is_the_exact_clopper_pearson_one(k, n):
    ub = upper_bound(k, n)
    assert math.isclose(binom_cdf(k, n, ub), 0.05, abs_tol=1e-9)
    assert ub > k / n


def test_zero_in_n_has_the_closed_form_bound():
    assert math.isclose(upper_bound(0, 150), 1 - 0.05 ** (1 / 150), rel_tol=1e-9)
    assert upper_bound(0, 148) > 0.02 > upper_bound(0, 149)  # 149 clean episodes are needed for the 2 % goal


def _record(agent: str, sid: str, app: str, status: str, cause: str | None = None) -> dict[str, object]:
    return {"status": status, "exception": {"cause": cause} if cause else None,
            "provenance": {"agent": {"name": agent}, "task": {"semantic_id": sid}, "app": {"app_id": app}}}


def test_report_goals():
    records = [_record("probe-claim", "T", "a", "valid_failure"), _record("probe-claim", "T", "b", "valid_success"),
               _record("probe-raise", "T", "a", "invalid_infrastructure", "adapter_error"),
               *[_record(f"probe-random-{s}", "T", "a", "valid_failure") for s in range(5) for _ in range(30)],
               *[_record(f"probe-random-{s}", "U", "a", "valid_failure") for s in range(5) for _ in range(10)]]
    report = build(records)
    by = {(t.family, t.semantic_id): t for t in report.templates}
    assert not by["claim", "T"].meets_goal and by["claim", "T"].pairs["T-b"].passed == 1
    assert not by["raise", "T"].meets_goal and by["raise", "T"].invalid_causes == {"adapter_error": 1}
    assert by["random", "T"].meets_goal and by["random", "T"].episodes.failed == 150
    assert not by["random", "U"].meets_goal  # 50 clean episodes cannot bound the rate below 2 %
    assert len(report.failures) == 3
    split = build([_record("probe-vocab", "T", "a", "valid_failure"), _record("probe-vocab-0", "T", "a", "valid_success")])
    assert {(t.family, t.episodes.passed) for t in split.templates} == {("vocab", 0), ("vocab-0", 1)}
