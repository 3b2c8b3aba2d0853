"""What a task template fixes, independent of any app.

A template owns: a semantic id, an instruction with an ``{app}`` slot, a parameter sampler, an
app-neutral initial state, an app-neutral success criterion, and a complexity (step budget =
``int(10 * complexity)``). Apps only supply UI and storage (see ``verifiers.base.AppAdapter``):
verifier(template, app) = ``template.check(params, adapter.parse(raw_read))``.

A criterion is a list of :class:`Clause` objects combined by :func:`verdict`; each clause has a
stable ``key`` so conformance cases can assert *which* clause a near miss breaks.
"""

from __future__ import annotations

import random
import string
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from pytest_anyapp.catalog.models import Category

Params = dict[str, Any]

#: How a pair's outcome is decided (issue 8 item 7):
#: ``durable`` — only from device storage or Android's own record of the outcome;
#: ``ui`` — some clause needs the screen (the outcome is the screen itself, or no readable store exists);
#: ``answer`` — information retrieval: the agent's answer text.
ValidationMode = Literal["durable", "ui", "answer"]
VALIDATION_MODES: tuple[ValidationMode, ...] = ("durable", "ui", "answer")


class CategoryState(BaseModel):
    """Base of a category's app-neutral state (e.g. the SMS store as the verifier sees it)."""

    def read_back(self) -> Any:
        """What of this state an adapter reads back, in a comparable form (the round-trip test
        seeds a state, reads it through the app's store and compares this). Default: all of it."""
        return self.model_dump()


StateT = TypeVar("StateT", bound=CategoryState)


class Verdict(BaseModel):
    """The criterion's answer plus the evidence it used, so a human can audit it."""

    success: bool
    reasons: list[str] = Field(default_factory=list, description="Each unmet (or met) clause, in words.")
    evidence: dict[str, Any] = Field(default_factory=dict)
    checked: list[str] = Field(default_factory=list, description="Keys of every clause of the criterion.")
    failed: list[str] = Field(default_factory=list, description="Keys of the clauses that do not hold.")
    validation_mode: ValidationMode | None = Field(
        default=None, description="durable / ui / answer: how this pair's outcome is decided (set per pair).")

    def summary(self) -> str:
        head = "success" if self.success else "failure"
        return f"{head}: " + "; ".join(self.reasons) if self.reasons else head


@dataclass(frozen=True)
class Clause:
    """One condition of a criterion. ``key`` is stable (tests and records name it); ``text`` is
    worded for a researcher reading the verdict."""

    key: str
    text: str
    met: bool


def verdict(clauses: Sequence[Clause], **evidence: Any) -> Verdict:
    """All clauses must hold. Unmet clauses come first so ``Verdict.summary`` leads with the cause."""
    keys = [c.key for c in clauses]
    if len(set(keys)) != len(keys):
        raise ValueError(f"clause keys repeat in one criterion: {keys}")
    ordered = [c for c in clauses if not c.met] + [c for c in clauses if c.met]
    return Verdict(
        success=all(c.met for c in clauses),
        reasons=[("not met: " if not c.met else "met: ") + c.text for c in ordered],
        evidence=evidence,
        checked=keys,
        failed=[c.key for c in clauses if not c.met],
    )


class TaskTemplate(ABC, Generic[StateT]):
    """One semantic task. Subclasses set the class variables and implement three methods."""

    semantic_id: ClassVar[str]
    category: ClassVar[Category]
    instruction: ClassVar[str]
    complexity: ClassVar[float]
    origin: ClassVar[Literal["androidworld_adapted", "new"]] = "new"
    state_type: ClassVar[type[CategoryState]]
    #: The criterion needs a state seen earlier in the episode (delete, reset, unstar ...).
    uses_latch: ClassVar[bool] = False
    #: The outcome is the agent's answer text (information retrieval), not device state.
    answer_task: ClassVar[bool] = False
    #: Placeholder templates may not be scheduled (``anyapp verify-support`` refuses them).
    placeholder: ClassVar[bool] = False

    @abstractmethod
    def sample_params(self, rng: random.Random) -> Params:
        """Draw parameters from ``rng`` only, so the same seed gives byte-identical params."""

    @abstractmethod
    def initial_state(self, params: Params) -> StateT:
        """The app-neutral state every app is seeded with before the agent starts."""

    @abstractmethod
    def check(self, params: Params, state: StateT, history: Sequence[StateT], answer: str | None) -> Verdict:
        """Apply the success criterion to the final state.

        ``history`` holds earlier reads of this episode (first: right after seeding), which is the
        transition latch for templates whose success needs a state seen before.
        """

    def expected_answer(self, params: Params) -> Any:
        """An ``answer`` template's expected answer as ``verifiers.answers`` scores it (titles,
        count, amount or duration); ``None`` for templates decided by device state."""
        return None

    # -- derived ------------------------------------------------------------------------------
    @property
    def step_budget(self) -> int:
        return int(10 * self.complexity)

    def goal(self, params: Params, app_display_name: str) -> str:
        """The instruction with the app name and parameters filled in."""
        return self.instruction.format(app=app_display_name, **params)

    def neutral_goal(self, params: Params) -> str:
        """The goal with ``[TARGET_APP]`` for the app: what C2 plan generators see."""
        return self.goal(params, "[TARGET_APP]")

    @classmethod
    def instruction_fields(cls) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(cls.instruction) if f} - {"app"}
