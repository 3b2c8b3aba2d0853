"""The floor report: per probe, pair and template, how often a skill-free probe passes, with the
goals of docs/floor.md checked. Pure builders over episode records (markdown and JSON)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.agents.builtin.probe import INFORMATION_FREE, parse_probe
from pytest_anyapp.floor.bounds import upper_bound
from pytest_anyapp.floor.sweep import ConstantRate

#: Constant answers: the best single answer may pass at most this share of a template's instances.
CONSTANT_GOAL = 1 / 6
#: Random probes: 95 % upper bound of the pass rate per template over all instances and seeds.
RANDOM_GOAL = 0.02
#: Episodes without a pass needed before the bound can fall to the goal (1 - 0.05**(1/n) <= 0.02).
NEEDED = next(n for n in range(1, 10_000) if upper_bound(0, n) <= RANDOM_GOAL)


class Cell(BaseModel):
    passed: int = 0
    failed: int = 0
    invalid: int = 0

    @property
    def valid(self) -> int:
        return self.passed + self.failed

    @property
    def rate(self) -> float:
        """Pass rate over *all* episodes: an invalid one is never left out of the denominator here."""
        total = self.valid + self.invalid
        return self.passed / total if total else 0.0

    def add(self, status: str) -> None:
        if status == "valid_success":
            self.passed += 1
        elif status == "valid_failure":
            self.failed += 1
        else:
            self.invalid += 1


class TemplateFloor(BaseModel):
    probe: str
    family: str
    semantic_id: str
    episodes: Cell
    upper95: float
    goal: str
    meets_goal: bool
    pairs: dict[str, Cell] = Field(default_factory=dict)
    invalid_causes: dict[str, int] = Field(default_factory=dict)


class FloorReport(BaseModel):
    templates: list[TemplateFloor] = Field(default_factory=list)
    constants: list[ConstantRate] = Field(default_factory=list)

    @property
    def failures(self) -> list[str]:
        out = [f"{t.probe} {t.semantic_id}: {t.episodes.passed}/{t.episodes.valid + t.episodes.invalid} "
               f"({t.goal})" for t in self.templates if not t.meets_goal]
        out += [f"constant {c.semantic_id}: {c.best_answer!r} passes {c.best_rate:.1%} (goal <= 1/6)"
                for c in self.constants if c.best_rate > CONSTANT_GOAL]
        return out


def family(probe: str) -> str:
    """``random`` (any seed of a random probe), ``constant`` (answer probes), else the probe's kind."""
    spec = parse_probe(probe)
    if spec.kind.startswith("random"):
        return spec.kind  # random, random-claim, random-raise: seeds pool together
    if spec.kind == "answer":
        return "constant"
    return spec.name.removeprefix("probe-")  # vocab and vocab-<k> are different probes


def goal_of(fam: str, cell: Cell, upper95: float) -> tuple[str, bool]:
    if fam in INFORMATION_FREE or fam == "screen-dump" or fam.startswith("vocab-"):
        return "0 passes, 0 invalid", cell.passed == 0 and cell.invalid == 0
    if fam == "constant":
        return "rate <= 1/6", cell.rate <= CONSTANT_GOAL
    met = upper95 <= RANDOM_GOAL and cell.invalid == 0
    if not met and cell.passed == 0 and cell.invalid == 0:  # clean, but too few episodes to show it
        return f"95% upper bound <= 2% (needs >= {NEEDED} clean episodes: more seeds)", False
    return "95% upper bound <= 2%", met


def load_records(run_dirs: Iterable[Path]) -> list[dict[str, Any]]:
    out = []
    for run_dir in run_dirs:
        for path in sorted(run_dir.glob("*/episode.json")):
            record = json.loads(path.read_text())
            if record.get("final", True):
                out.append(record)
    return out


def build(records: Iterable[dict[str, Any]], constants: list[ConstantRate] | None = None) -> FloorReport:
    """Records of probe runs (any mix of probes and seeds) into the per-template floor."""
    groups: dict[tuple[str, str], TemplateFloor] = {}
    causes: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in records:
        probe = str(r["provenance"]["agent"]["name"])
        fam = family(probe)
        sid = str(r["provenance"]["task"]["semantic_id"])
        key = (fam, sid)
        if key not in groups:
            groups[key] = TemplateFloor(probe=probe if fam not in ("random", "random-claim", "random-raise")
                                        else f"probe-{fam}-*", family=fam, semantic_id=sid, episodes=Cell(),
                                        upper95=1.0, goal="", meets_goal=False)
        floor = groups[key]
        floor.episodes.add(r["status"])
        pair = f"{sid}-{r['provenance']['app']['app_id']}"
        floor.pairs.setdefault(pair, Cell()).add(r["status"])
        if r["status"] not in ("valid_success", "valid_failure"):
            causes[key][(r.get("exception") or {}).get("cause", "?")] += 1
    for key, floor in groups.items():
        cell = floor.episodes
        floor.upper95 = upper_bound(cell.passed, cell.valid + cell.invalid)
        floor.goal, floor.meets_goal = goal_of(floor.family, cell, floor.upper95)
        floor.invalid_causes = dict(causes[key])
    ordered = sorted(groups.values(), key=lambda t: (t.family, t.semantic_id))
    return FloorReport(templates=ordered, constants=constants or [])


def markdown(report: FloorReport) -> str:
    lines = ["| probe | template | passed / episodes | invalid | rate | 95 % upper | goal | met | pairs that pass |",
             "|---|---|---|---|---|---|---|---|---|"]
    for t in report.templates:
        c = t.episodes
        passing = ", ".join(f"{p} {x.passed}/{x.valid + x.invalid}" for p, x in t.pairs.items() if x.passed)
        lines.append(f"| {t.probe} | {t.semantic_id} | {c.passed}/{c.valid + c.invalid} | {c.invalid} | "
                     f"{c.rate:.1%} | {t.upper95:.1%} | {t.goal} | {'yes' if t.meets_goal else '**no**'} | "
                     f"{passing or '-'} |")
    if report.constants:
        lines += ["", "Constant answers scored against each answer template's sampler "
                  f"({report.constants[0].draws} draws, the seeded state, no device):", "",
                  "| template | best constant | its rate | goal <= 1/6 |", "|---|---|---|---|"]
        for k in report.constants:
            answer = k.best_answer if len(k.best_answer) <= 60 else k.best_answer[:57] + "..."
            lines.append(f"| {k.semantic_id} | {answer!r} | {k.best_rate:.1%} | "
                         f"{'yes' if k.best_rate <= CONSTANT_GOAL else '**no**'} |")
    fails = report.failures
    lines += ["", f"Goals not met: {len(fails)}" if fails else "Every goal is met."]
    lines += [f"- {f}" for f in fails]
    return "\n".join(lines) + "\n"
