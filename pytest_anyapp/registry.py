"""The schedule: which (template, app) pairs exist and their instances, in one stable order.

Collection on every xdist worker must produce the same items in the same order, so everything
here is sorted and seeded; nothing depends on set or dict iteration over unordered input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pytest_anyapp.catalog import APPS, AppSpec, Category, apps_in
from pytest_anyapp.seeding import canonical_json, goal_sha256, instance_seed, params_sha256, rng_for
from pytest_anyapp.templates.base import CategoryState, Params, TaskTemplate, Verdict
from verifiers import AppAdapter, all_adapters, bundles
from verifiers.base import PairMode


@cache
def templates_by_category() -> dict[Category, tuple[TaskTemplate[Any], ...]]:
    """Template instances per category (from the category bundles), in category order then
    semantic-id order; a category without a bundle has none."""
    found = bundles()
    return {c: (found[c].template_instances() if c in found else ()) for c in Category}


def template_by_id(semantic_id: str) -> TaskTemplate[Any]:
    for templates in templates_by_category().values():
        for template in templates:
            if template.semantic_id == semantic_id:
                return template
    from pytest_anyapp.errors import did_you_mean

    known = [t.semantic_id for ts in templates_by_category().values() for t in ts]
    raise KeyError(f"unknown template {semantic_id!r}{did_you_mean(semantic_id, known)}")


@cache
def adapters() -> dict[str, AppAdapter[Any]]:
    return all_adapters()


@dataclass(frozen=True)
class Pair:
    """One task-app pair: a template run in one app."""

    template: TaskTemplate[Any]
    app: AppSpec

    @property
    def adapter(self) -> AppAdapter[Any]:
        """The app's adapter as used for this template (``AppAdapter.for_template``)."""
        return adapters()[self.app.app_id].for_template(self.template)

    @property
    def pair_id(self) -> str:
        return f"{self.template.semantic_id}-{self.app.slug}"

    @property
    def mode(self) -> PairMode:
        """durable / ui / answer, with the reason (from the app's adapter)."""
        return self.adapter.validation_mode(self.template)

    def check(self, params: Params, state: CategoryState, history: Sequence[CategoryState],
              answer: str | None) -> Verdict:
        """The template's criterion, with this pair's validation mode recorded in the verdict."""
        result = self.template.check(params, state, history, answer)
        return result.model_copy(update={"validation_mode": self.mode.mode})


@dataclass(frozen=True)
class PairInstance:
    """A pair at one instance index, with its parameters drawn from the instance seed."""

    pair: Pair
    instance: int
    seed: int
    params: Params = field(compare=False)

    @property
    def instance_seed(self) -> int:
        return instance_seed(self.seed, self.pair.template.semantic_id, self.instance)

    @property
    def test_id(self) -> str:
        """Readable, shell-safe id: ``sms-SmsReply-google_messages-i0`` (no ``@``, no spaces)."""
        return make_test_id(self.pair.app, self.pair.template.semantic_id, self.instance)

    @property
    def goal(self) -> str:
        return self.pair.template.goal(self.params, self.pair.app.display_name)

    @property
    def semantic_goal(self) -> str:
        return self.pair.template.neutral_goal(self.params)

    def identity(self) -> dict[str, Any]:
        return {
            "semantic_id": self.pair.template.semantic_id,
            "app_id": self.pair.app.app_id,
            "instance": self.instance,
            "seed": self.seed,
            "instance_seed": self.instance_seed,
            "semantic_parameter_sha256": params_sha256(self.params),
            "semantic_goal_sha256": goal_sha256(self.semantic_goal),
        }


def make_test_id(app: AppSpec, semantic_id: str, instance: int) -> str:
    """The one spelling of a pair instance's test id (``PairInstance`` and ``ScheduledPair``)."""
    return f"{app.category.value}-{semantic_id}-{app.slug}-i{instance}"


@dataclass(frozen=True)
class ScheduledPair:
    """A pair instance as collection sees it: test id and markers, without template or parameters.
    The ``anyapp_pair`` fixture resolves it to its ``PairInstance`` when the test runs, so listing
    the tests needs no category bundle."""

    semantic_id: str
    app: AppSpec
    instance: int

    @property
    def test_id(self) -> str:
        return make_test_id(self.app, self.semantic_id, self.instance)


def expand(pairs: Sequence[tuple[str, AppSpec]], *, n_instances: int = 3,
           only_instance: int | None = None) -> list[ScheduledPair]:
    """(semantic id, app) pairs in schedule order, as ``schedule`` expands them into instances."""
    check_instances(n_instances, only_instance)
    indices = range(n_instances) if only_instance is None else [only_instance]
    return [ScheduledPair(semantic_id, app, i) for semantic_id, app in pairs for i in indices]


#: Redraws an instance gets to differ from the earlier instances of its template; a template with
#: fewer distinct goals than instances keeps its first draw (tests require distinct goals at the default run).
DISTINCT_REDRAWS = 64


def params_for(template: TaskTemplate[Any], seed: int, instance: int) -> Params:
    """Instance ``instance``'s parameters: drawn from its instance seed, and drawn again from the
    same generator while the instance would repeat an earlier one of its template (the same goal
    text, or for a goal without parameters the same parameters): two identical instances would
    count one task twice."""
    params: Params = json.loads(_distinct_draw(type(template), seed, instance))
    return params


@cache
def _distinct_draw(template_type: type[TaskTemplate[Any]], seed: int, instance: int) -> str:
    template = template_type()
    earlier = [json.loads(_distinct_draw(template_type, seed, i)) for i in range(instance)]

    def identity(params: Params) -> str:
        return template.neutral_goal(params) if template.instruction_fields() else canonical_json(params)

    seen = {identity(p) for p in earlier}
    rng = rng_for(seed, template.semantic_id, instance)
    first = params = template.sample_params(rng)
    for _ in range(DISTINCT_REDRAWS):
        if identity(params) not in seen:
            return canonical_json(params)
        params = template.sample_params(rng)
    return canonical_json(first)


def scheduled_pairs(categories: list[Category] | None = None) -> list[Pair]:
    """Every pair whose app has an adapter that supports the template, in a stable order."""
    wanted = list(Category) if categories is None else [c for c in Category if c in categories]
    all_adapters_ = adapters()
    pairs: list[Pair] = []
    for category in wanted:
        for template in templates_by_category()[category]:
            for app in apps_in(category):
                adapter = all_adapters_.get(app.app_id)
                if adapter is not None and adapter.supports(template):
                    pairs.append(Pair(template, app))
    return pairs


def schedule(
    *, seed: int = 30, n_instances: int = 3, only_instance: int | None = None,
    categories: list[Category] | None = None,
) -> list[PairInstance]:
    """All pair instances. Each pair draws its own parameters from the instance seed, which does not
    depend on the app, so the apps of a template get byte-identical parameters (tests check it)."""
    check_instances(n_instances, only_instance)
    indices = range(n_instances) if only_instance is None else [only_instance]
    return [
        PairInstance(pair=pair, instance=i, seed=seed, params=params_for(pair.template, seed, i))
        for pair in scheduled_pairs(categories)
        for i in indices
    ]


def check_instances(n_instances: int, only_instance: int | None) -> None:
    if n_instances < 1:
        raise ValueError("n_instances must be at least 1")
    if only_instance is not None and not 0 <= only_instance < n_instances:
        raise ValueError(f"instance {only_instance} is outside 0..{n_instances - 1}")


def unsupported_apps() -> list[AppSpec]:
    """Catalogued apps without an adapter yet (not runnable)."""
    have = adapters()
    return [a for a in APPS if a.app_id not in have]


_SAFE = re.compile(r"^[A-Za-z0-9_.\-]+$")


def check_id_hygiene(instances: Sequence[PairInstance | ScheduledPair]) -> None:
    seen: set[str] = set()
    for inst in instances:
        test_id = inst.test_id
        if not _SAFE.match(test_id):
            raise ValueError(f"unsafe test id {test_id!r}")
        if test_id in seen:
            raise ValueError(f"duplicate test id {test_id!r}")
        seen.add(test_id)


def pair_test_id(text: str) -> str:
    """The test id in what the user typed: a test id, or the node id pytest prints
    (``pairs/test_pairs.py::test_pair[sms-SmsSend-fossify_messages-i0]``)."""
    text = text.strip()
    if "::" in text and text.endswith("]") and "[" in text:
        return text[text.index("[") + 1:-1]
    return text
