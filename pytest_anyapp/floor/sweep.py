"""Constant answers scored against a template's sampler, without a device: an answer probe sends
no input, so its episode ends on the seeded state and the template's own criterion decides.
The measured rate of the best constant is what a guesser gets on that template."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from pytest_anyapp.floor.vocabulary import template_vocabulary, templates_by_id
from pytest_anyapp.templates.base import TaskTemplate

#: Parameter draws per template (the rate's resolution is 1/DRAWS).
DRAWS = 600
#: Counts tried as constant answers.
COUNTS = tuple(str(n) for n in range(0, 13))


class ConstantRate(BaseModel):
    semantic_id: str
    draws: int
    best_answer: str
    best_rate: float
    #: Every candidate that passed at least once, with its rate.
    rates: dict[str, float]


def candidates(semantic_id: str) -> list[str]:
    """Each vocabulary word, each word list joined, the whole vocabulary joined, and small counts."""
    lists = template_vocabulary(semantic_id)
    words = list(dict.fromkeys(w for words in lists for w in words))
    return [*words, *(", ".join(words) for words in lists), ", ".join(words), *COUNTS]


def constant_rates(template: TaskTemplate[Any], draws: int = DRAWS) -> ConstantRate:
    cands = candidates(template.semantic_id)
    passes = dict.fromkeys(cands, 0)
    for seed in range(draws):
        params = template.sample_params(random.Random(f"floor:{seed}"))
        state = template.initial_state(params)
        for answer in cands:
            if template.check(params, state, [state], answer).success:
                passes[answer] += 1
    rates = {a: n / draws for a, n in passes.items() if n}
    best = max(rates, key=lambda a: rates[a], default="")
    return ConstantRate(semantic_id=template.semantic_id, draws=draws, best_answer=best,
                        best_rate=rates.get(best, 0.0), rates=rates)


def answer_template_rates(draws: int = DRAWS) -> list[ConstantRate]:
    return [constant_rates(t, draws) for t in templates_by_id().values() if t.answer_task]
