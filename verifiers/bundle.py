"""A category bundle: everything one category contributes, declared in one object.

Each package ``verifiers/<category>/`` defines ``BUNDLE = CategoryBundle(...)`` in its
``__init__``; :func:`verifiers.bundles` discovers the packages (nobody lists them). A bundle holds
the state model, the templates, one adapter per app, the oracle (gold UI scripts, resolved per
pair) and the conformance cases. Its app doubles live in the simulator
(``pytest_anyapp/sim/apps/<category>/``) and register with the simulator's own app registry.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Params, TaskTemplate
from verifiers.base import AppAdapter

if TYPE_CHECKING:
    from pytest_anyapp.agents.base import TaskInfo
    from pytest_anyapp.agents.oracle import Intent

#: A gold solution: a generator of UI intents (it may receive observed text back, see agents.oracle).
Script = Callable[["TaskInfo"], Iterator["Intent"]]
#: The steps of one template's gold solution: intents out, observed text back in.
Steps = Generator["Intent", str, None]
UI = TypeVar("UI")


def gold_from_body(body: Callable[[UI, dict[str, Any]], Steps] | None, ui: UI | None, *,
                   prelude: Iterable[Intent] = (), done: bool = True) -> Script | None:
    """A pair's gold script where a category writes one body per template over an app's UI
    description: ``prelude`` (e.g. opening the right screen), the body, then ``Done`` unless the
    body ends the episode itself (an ``Answer``). ``None`` when the template or app has none."""
    from pytest_anyapp.agents.oracle import Done

    if body is None or ui is None:
        return None
    solve, on = body, ui

    def script(task: TaskInfo) -> Steps:
        yield from prelude
        yield from solve(on, task.params)
        if done:
            yield Done()

    return script


@dataclass(frozen=True)
class NearMiss:
    """An end state that must fail exactly one clause: ``fails`` (a clause key)."""

    state: CategoryState
    fails: str
    #: The first read of the episode when the latch needs a different one (e.g. never seeded).
    first_read: CategoryState | None = None
    #: The agent's answer (retrieval templates); None: the gold answer (``Cases.answer``).
    answer: str | None = None


@dataclass(frozen=True)
class Cases:
    """Hand-built end states for one template at given parameters."""

    gold: CategoryState
    tolerated: dict[str, CategoryState] = field(default_factory=dict)
    near_misses: dict[str, NearMiss] = field(default_factory=dict)
    #: Retrieval templates: the gold answer, and answers a fair verifier must also accept.
    answer: str | None = None
    tolerated_answers: dict[str, str] = field(default_factory=dict)

    def answer_of(self, miss: NearMiss) -> str | None:
        """The answer a near miss is checked with (its own, else the gold one)."""
        return miss.answer if miss.answer is not None else self.answer


@dataclass(frozen=True)
class CategoryBundle:
    """One category, registered once (see module docstring)."""

    category: Category
    state_type: type[CategoryState]
    templates: tuple[type[TaskTemplate[Any]], ...]
    adapters: tuple[AppAdapter[Any], ...]
    #: ``oracle(semantic_id, app_id)``: the gold script of a pair, or None when there is none.
    oracle: Callable[[str, str], Script | None]
    #: ``cases(template, params)``: the conformance cases of a template.
    cases: Callable[[TaskTemplate[Any], Params], Cases]
    #: The category's document (templates, storage profiles, modes, overrides).
    doc: str = ""

    def template_instances(self) -> tuple[TaskTemplate[Any], ...]:
        return tuple(sorted((cls() for cls in self.templates), key=lambda t: t.semantic_id))
