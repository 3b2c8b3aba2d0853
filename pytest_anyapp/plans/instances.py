"""Semantic instances: the unit a plan is made for (template x instance), derived from the schedule.

The generator, the importer and preflight all enumerate the same list from the same arguments, so
"scheduled" means the same thing everywhere. Several apps share one semantic instance; their
parameters and app-neutral goal must be identical, otherwise one plan could not serve them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from pytest_anyapp.catalog import Category
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.plans.keys import plan_key
from pytest_anyapp.seeding import goal_sha256, params_sha256

if TYPE_CHECKING:
    from pytest_anyapp.registry import PairInstance


class SemanticInstance(BaseModel):
    """One plan's worth of work: what the generator sees and what the key is made of."""

    model_config = ConfigDict(frozen=True)

    semantic_id: str
    category: str
    instance: int
    semantic_goal: str
    semantic_goal_sha256: str
    semantic_parameter_sha256: str
    plan_key: str
    app_ids: tuple[str, ...]


def semantic_instances(pair_instances: Iterable[PairInstance]) -> list[SemanticInstance]:
    """Group pair instances by (template, instance), keeping schedule order of first appearance."""
    grouped: dict[tuple[str, int], SemanticInstance] = {}
    for inst in pair_instances:
        template = inst.pair.template
        goal = inst.semantic_goal
        ident = (template.semantic_id, inst.instance)
        p_sha = params_sha256(inst.params)
        existing = grouped.get(ident)
        if existing is None:
            grouped[ident] = SemanticInstance(
                semantic_id=template.semantic_id, category=str(template.category.value),
                instance=inst.instance, semantic_goal=goal, semantic_goal_sha256=goal_sha256(goal),
                semantic_parameter_sha256=p_sha, plan_key=plan_key(template.semantic_id, inst.instance, goal),
                app_ids=(inst.pair.app.app_id,),
            )
            continue
        if existing.semantic_parameter_sha256 != p_sha or existing.semantic_goal != goal:
            raise ValueError(
                f"{template.semantic_id} instance {inst.instance}: apps disagree on parameters or neutral goal; "
                "one plan cannot serve them all"
            )
        grouped[ident] = existing.model_copy(update={"app_ids": (*existing.app_ids, inst.pair.app.app_id)})
    return list(grouped.values())


def parse_categories(text: str | None) -> list[Category] | None:
    """``sms,files`` -> categories; empty or None means every category."""
    if text is None or not text.strip():
        return None
    out: list[Category] = []
    for part in text.split(","):
        name = part.strip().lower()
        if not name:
            continue
        try:
            out.append(Category(name))
        except ValueError:
            raise ConfigError(f"unknown category {name!r}; known: {', '.join(c.value for c in Category)}") from None
    return out


def scheduled_semantic_instances(
    *, seed: int, n_instances: int, categories: list[Category] | None, fixed_seed: bool = False,
) -> list[SemanticInstance]:
    """The semantic instances the runner would schedule with these arguments.

    ``fixed_seed`` reuses instance 0's parameters for every instance index (the keys still differ by
    index), matching the prior release's identical-parameters mode.
    """
    from pytest_anyapp.registry import PairInstance, params_for, schedule

    pairs = schedule(seed=seed, n_instances=n_instances, categories=categories)
    if fixed_seed:
        pairs = [
            PairInstance(pair=p.pair, instance=p.instance, seed=p.seed, params=params_for(p.pair.template, seed, 0))
            for p in pairs
        ]
    return semantic_instances(pairs)
