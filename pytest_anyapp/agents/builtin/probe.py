"""Probe agents: adversaries with no skill, run as ``--agent=probe-<name>``. The guessing floor
(``anyapp floor``, docs/floor.md) is the rate at which each passes; a pair they pass measures luck.

They receive the gold task through the privileged channel but keep only its template and pair
(the instruction names the template anyway): no probe ever sees the instance's parameters. Names:

* ``probe-claim``: ``terminate(success)`` at once;
* ``probe-back-home``: BACK, HOME, then ``terminate(success)``;
* ``probe-raise``: raises on its first step (an agent bug: the agent's failure, never left out);
* ``probe-screen-dump``: answers every text of the first screen;
* ``probe-vocab``: answers the template's whole vocabulary (over-listing);
* ``probe-vocab-<k>``: answers the template's k-th word list alone (e.g. the calendar's titles);
* ``probe-answer-<text>``: answers ``<text>`` (a constant: ``probe-answer-3``);
* ``probe-random-<seed>``: random taps, swipes and BACKs for the whole budget, never ending
  (only early stop can credit it);
* ``probe-random-claim-<seed>``: the same, then ``terminate(success)`` on its last step;
* ``probe-random-raise-<seed>``: the same, then raises on its last step;
* ``probe-coin-<percent>-<seed>``: not an adversary but a calibration agent for run-to-run
  variance: per episode a coin (seeded by seed, run id, pair and instance) that lands with
  probability ``percent``/100 makes it solve the pair as the oracle does, otherwise it gives up at
  once (``terminate(failure)``). Its pass probability is known, so K repeats of it must flip a
  pair's verdict at the rate 1 - p^K - (1-p)^K (docs/reports.md, run-to-run variance).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import ClassVar, Literal

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, EpisodeContext, Observation, ObservationPart, PrivilegedAgent, TaskInfo
from pytest_anyapp.errors import ConfigError

PREFIX = "probe-"
ProbeKind = Literal["claim", "back-home", "raise", "screen-dump", "vocab", "answer", "random", "random-claim",
                    "random-raise", "coin"]
#: Probes that use no information from the device (the floor's goal for them, and for screen dumps, is 0).
INFORMATION_FREE: tuple[str, ...] = ("claim", "back-home", "raise", "vocab")
_RANDOM = ("random", "random-claim", "random-raise")


class ProbeRaised(RuntimeError):
    """What ``probe-raise`` raises: a stand-in for any bug in a user's agent."""


@dataclass(frozen=True)
class ProbeSpec:
    kind: ProbeKind
    #: ``probe-vocab-<k>``: the list index; ``probe-random*-<seed>``, ``probe-coin-<p>-<seed>``: the seed.
    number: int | None = None
    text: str = ""
    #: ``probe-coin``: the percent chance of solving an episode.
    percent: int = 0

    @property
    def name(self) -> str:
        if self.kind == "answer":
            return f"{PREFIX}answer-{self.text}"
        if self.kind == "coin":
            return f"{PREFIX}coin-{self.percent}-{self.number}"
        return f"{PREFIX}{self.kind}" + (f"-{self.number}" if self.number is not None else "")


def is_probe(name: str) -> bool:
    return name.startswith(PREFIX)


def parse_probe(name: str) -> ProbeSpec:
    """``probe-<kind>[-<n>]`` or ``probe-answer-<text>``; ``ConfigError`` for anything else."""
    body = name.removeprefix(PREFIX)
    if body.startswith("answer-") and len(body) > len("answer-"):
        return ProbeSpec("answer", text=body.removeprefix("answer-"))
    coin = re.fullmatch(r"coin-(\d+)(?:-(\d+))?", body)
    if coin and int(coin.group(1)) <= 100:
        return ProbeSpec("coin", number=int(coin.group(2) or 0), percent=int(coin.group(1)))
    match = re.fullmatch(r"(random-claim|random-raise|random|vocab)(?:-(\d+))?", body)
    if match:
        kind, number = match.group(1), match.group(2)
        if kind in _RANDOM and number is None:
            number = "0"
        return ProbeSpec(kind, int(number) if number is not None else None)  # type: ignore[arg-type]
    if body in ("claim", "back-home", "raise", "screen-dump"):
        return ProbeSpec(body)  # type: ignore[arg-type]
    raise ConfigError(f"unknown probe {name!r}; known: probe-claim, probe-back-home, probe-raise, probe-screen-dump, "
                      "probe-vocab[-k], probe-answer-<text>, probe-random[-seed], probe-random-claim[-seed], "
                      "probe-random-raise[-seed], probe-coin-<percent 0-100>[-seed]")


class ProbeAgent(PrivilegedAgent):
    """One probe. Keeps only ``semantic_id`` and the pair from the gold task (never ``params``)."""

    observes: ClassVar[frozenset[ObservationPart]] = frozenset()

    def __init__(self, spec: ProbeSpec) -> None:
        self.spec = spec
        self.name = spec.name
        self.semantic_id = ""
        self._rng = random.Random(0)

    def reset_privileged(self, context: EpisodeContext, task: TaskInfo) -> None:
        self.context = context
        self.semantic_id = task.semantic_id
        # a stream per (seed, pair, instance): the same seed replays the same taps
        self._rng = random.Random(f"{self.spec.number}:{task.semantic_id}:{task.app_id}:{task.instance}")

    def describe(self) -> dict[str, object]:
        return {"agent": self.name, "probe": self.spec.kind}

    def step(self, observation: Observation) -> AgentStep:
        kind = self.spec.kind
        last = observation.step_index >= observation.step_budget - 1
        if kind == "claim":
            return _act(Action(action="terminate", status="success"))
        if kind == "raise" or (kind == "random-raise" and last):
            raise ProbeRaised(f"{self.name} raised on step {observation.step_index}")
        if kind == "back-home":
            plan = [Action(action="system_button", button="back"), Action(action="system_button", button="home")]
            return _act(plan[observation.step_index] if observation.step_index < len(plan)
                        else Action(action="terminate", status="success"))
        if kind == "screen-dump":
            texts = [t for e in observation.ui_elements for t in (e.text, e.content_desc) if t.strip()]
            return _act(Action(action="answer", text=", ".join(dict.fromkeys(texts))))
        if kind in ("vocab", "answer"):
            return _act(Action(action="answer", text=self._answer()))
        if kind == "random-claim" and last:
            return _act(Action(action="terminate", status="success"))
        return _act(self._random_action(observation.screen_size))

    def _answer(self) -> str:
        if self.spec.kind == "answer":
            return self.spec.text
        from pytest_anyapp.floor.vocabulary import template_vocabulary

        lists = template_vocabulary(self.semantic_id)
        if self.spec.number is None:
            return ", ".join(dict.fromkeys(w for words in lists for w in words))
        if not 0 <= self.spec.number < len(lists):
            return ""
        return ", ".join(lists[self.spec.number])

    def _random_action(self, size: tuple[int, int]) -> Action:
        width, height = size
        roll = self._rng.random()
        if roll < 0.8:
            return Action(action="click", coordinate=(self._rng.randrange(width), self._rng.randrange(height)))
        if roll < 0.9:
            return Action(action="swipe", direction=self._rng.choice(("up", "down", "left", "right")))
        return Action(action="system_button", button="back")


def _act(action: Action) -> AgentStep:
    return AgentStep(action=action, raw_output=None, thought="probe")


class ScreenDumpProbe(ProbeAgent):
    """The one probe that reads the screen (its UI tree)."""

    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"ui_tree"})


class CoinProbe(ProbeAgent):
    """``probe-coin-<p>-<seed>``: the oracle with probability p per episode, else an agent that gives
    up. Keeping the run id in the coin's seed makes each repeat of a run an independent draw."""

    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"ui_tree"})  # the oracle finds targets in it

    def reset_privileged(self, context: EpisodeContext, task: TaskInfo) -> None:
        from pytest_anyapp.agents.builtin.oracle import OracleAgent

        super().reset_privileged(context, task)
        coin = random.Random(f"coin:{self.spec.number}:{task.run_id}:{task.semantic_id}:{task.app_id}:{task.instance}")
        self._oracle: OracleAgent | None = None
        if coin.random() * 100 < self.spec.percent:
            self._oracle = OracleAgent()
            self._oracle.reset_privileged(context, task)

    def describe(self) -> dict[str, object]:
        return {**super().describe(), "percent": self.spec.percent}

    def step(self, observation: Observation) -> AgentStep:
        if self._oracle is None:
            return _act(Action(action="terminate", status="failure"))
        return self._oracle.step(observation)


def create_probe(name: str) -> Agent:
    spec = parse_probe(name)
    if spec.kind == "coin":
        return CoinProbe(spec)
    return ScreenDumpProbe(spec) if spec.kind == "screen-dump" else ProbeAgent(spec)
