"""Gold solutions written against the UI, resolved step by step against what is on screen.

An oracle script (declared by each category bundle, ``verifiers/<category>/oracle.py``) is a
generator of UI intents (tap the element with this text, type into the
field with this hint, ...). The oracle agent turns each intent into one action of the common
schema using the current observation's UI elements, so the gold solution goes through exactly
the same actuation path as a model's actions. A selector that matches nothing is a broken script
or app double, raised as ``OracleScriptError`` (the episode becomes invalid, not a failure).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Literal

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Observation, TaskInfo, UIElement
from pytest_anyapp.errors import InfrastructureError


class OracleScriptError(InfrastructureError):
    cause = "oracle_script"


@dataclass(frozen=True)
class By:
    """Selects one on-screen element. All given fields must match; the first match wins.

    ``text``/``desc`` match exactly, ``text_contains`` case-insensitively, ``res`` is the
    resource-id suffix after ``:id/`` (or the full id).
    """

    text: str | None = None
    desc: str | None = None
    text_contains: str | None = None
    res: str | None = None
    class_contains: str | None = None
    checked: bool | None = None
    nth: int = 0

    def matches(self, el: UIElement) -> bool:
        if self.text is not None and el.text != self.text:
            return False
        if self.desc is not None and el.content_desc != self.desc:
            return False
        shown = (el.text + " " + el.content_desc).lower()
        if self.text_contains is not None and self.text_contains.lower() not in shown:
            return False
        if self.res is not None and not (el.resource_id == self.res or el.resource_id.endswith(f":id/{self.res}")):
            return False
        if self.class_contains is not None and self.class_contains not in el.class_name:
            return False
        if self.checked is not None and (not el.checkable or el.checked != self.checked):
            return False
        return True

    def find(self, elements: list[UIElement]) -> UIElement | None:
        """The ``nth`` match in screen order (negative: counted from the last, e.g. -1 = newest bubble)."""
        hits = [el for el in elements if self.matches(el)]
        return hits[self.nth] if -len(hits) <= self.nth < len(hits) else None


@dataclass(frozen=True)
class Tap:
    target: By


@dataclass(frozen=True)
class LongPress:
    target: By


@dataclass(frozen=True)
class Drag:
    """Swipe a finger across an element, from ``start`` to ``end``: (x, y) fractions of its bounds
    (e.g. a slider's thumb to another position; one ``swipe`` action with two coordinates)."""

    target: By
    start: tuple[float, float]
    end: tuple[float, float]


@dataclass(frozen=True)
class TypeInto:
    """Tap the field, then type ``text`` (the field is expected to be empty or select-all on focus)."""

    target: By
    text: str


@dataclass(frozen=True)
class TypeText:
    """Type into whatever has focus."""

    text: str


@dataclass(frozen=True)
class Press:
    button: Literal["back", "home", "enter"]


@dataclass(frozen=True)
class OpenApp:
    name: str


@dataclass(frozen=True)
class ScrollTo:
    """Swipe (content moves ``direction``) until ``target`` is on screen, at most ``max_swipes`` times.
    ``within``: swipe inside that element (e.g. one wheel of a time picker) instead of mid-screen."""

    target: By
    direction: Literal["up", "down"] = "down"
    max_swipes: int = 8
    within: By | None = None


@dataclass(frozen=True)
class SwipeAside:
    """Swipe ``target`` sideways (content moves ``direction``), e.g. a row of a list with
    ItemTouchHelper swipe actions; the finger travels 60 % of the screen width on its centre line."""

    target: By
    direction: Literal["left", "right"] = "right"


@dataclass(frozen=True)
class TapBeside:
    """Tap on ``target``'s centre line at ``x`` (a fraction of the screen width): for a control that
    is drawn, not a view (a swiped row's revealed button), so the dump has no element for it."""

    target: By
    x: float


@dataclass(frozen=True)
class Read:
    """Read an element's text off the current screen: ``text = yield Read(By(...))``. No action is
    taken; the driver sends the text back into the script (a value the script needs from the
    screen comes from the observation, never from the task's parameters)."""

    target: By


@dataclass(frozen=True)
class Count:
    """Count the elements matching ``target`` on the current screen: ``n = yield Count(By(...))``
    (the number comes back as text; e.g. the unchecked checkboxes of a list)."""

    target: By


@dataclass(frozen=True)
class Answer:
    text: str


@dataclass(frozen=True)
class Done:
    pass


Intent = (Tap | LongPress | Drag | TypeInto | TypeText | Press | OpenApp | ScrollTo | SwipeAside | TapBeside | Read
          | Count | Answer | Done)
Script = Callable[[TaskInfo], Iterator[Intent]]

def script_for(semantic_id: str, app_id: str) -> Script:
    """The gold script of a pair, from its category bundle (``verifiers/<category>/``)."""
    from pytest_anyapp.catalog.apps import app_by_id
    from verifiers import bundles

    try:
        bundle = bundles().get(app_by_id(app_id).category)
    except KeyError:
        bundle = None
    script = bundle.oracle(semantic_id, app_id) if bundle is not None else None
    if script is None:
        raise OracleScriptError(f"no oracle script for {semantic_id} in {app_id}")
    return script


def has_script(semantic_id: str, app_id: str) -> bool:
    try:
        script_for(semantic_id, app_id)
    except OracleScriptError:
        return False
    return True


def word(text: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(text)}\b", re.IGNORECASE)


ScriptGen = Generator[Intent, str, None]


class OracleDriver:
    """Turns a script's intents into actions of the common schema, one per observation, resolving
    every selector against that observation's UI elements (the gold path goes through the same
    actuation as a model's actions). ``Read`` intents are answered from the observation."""

    def __init__(self, script: Iterator[Intent]) -> None:
        self._script = script
        self._pending: deque[Action] = deque()
        self._scroll: tuple[ScrollTo, int] | None = None
        self._reply: str | None = None

    def _next(self) -> Intent:
        try:
            if self._reply is not None and isinstance(self._script, Generator):
                reply, self._reply = self._reply, None
                sent: Intent = self._script.send(reply)
                return sent
            return next(self._script)
        except StopIteration:
            return Done()

    def next_action(self, obs: Observation) -> Action:
        if self._pending:
            return self._pending.popleft()
        if self._scroll is not None:
            scroll, done = self._scroll
            if scroll.target.find(obs.ui_elements) is None:
                if done >= scroll.max_swipes:
                    raise OracleScriptError(f"{scroll.target} not found after {done} swipes")
                self._scroll = (scroll, done + 1)
                area = _on_screen(scroll.within, obs).bounds if scroll.within is not None else None
                return _swipe(scroll.direction, obs.screen_size, area)
            self._scroll = None
        intent = self._next()
        while isinstance(intent, (Read, Count)):
            if isinstance(intent, Count):
                self._reply = str(sum(1 for el in obs.ui_elements if intent.target.matches(el)))
            else:
                self._reply = _on_screen(intent.target, obs).text
            intent = self._next()
        return self._action(intent, obs)

    def _action(self, intent: Intent, obs: Observation) -> Action:
        if isinstance(intent, (Tap, LongPress, TypeInto)):
            el = _on_screen(intent.target, obs)
            if isinstance(intent, TypeInto):
                self._pending.append(Action(action="type", text=intent.text))
            return Action(action="long_press" if isinstance(intent, LongPress) else "click", coordinate=el.center)
        if isinstance(intent, SwipeAside):
            x, y = _on_screen(intent.target, obs).center
            reach = int(obs.screen_size[0] * 0.3)
            return Action(action="swipe", coordinate=(x - reach if intent.direction == "right" else x + reach, y),
                          coordinate2=(x + reach if intent.direction == "right" else x - reach, y))
        if isinstance(intent, TapBeside):
            y = _on_screen(intent.target, obs).center[1]
            return Action(action="click", coordinate=(int(obs.screen_size[0] * intent.x), y))
        if isinstance(intent, Drag):
            left, top, right, bottom = _on_screen(intent.target, obs).bounds

            def point(f: tuple[float, float]) -> tuple[int, int]:
                return round(left + f[0] * (right - left)), round(top + f[1] * (bottom - top))

            return Action(action="swipe", coordinate=point(intent.start), coordinate2=point(intent.end))
        if isinstance(intent, TypeText):
            return Action(action="type", text=intent.text)
        if isinstance(intent, Press):
            return Action(action="system_button", button=intent.button)
        if isinstance(intent, OpenApp):
            return Action(action="open_app", text=intent.name)
        if isinstance(intent, ScrollTo):
            self._scroll = (intent, 0)
            return self.next_action(obs)
        if isinstance(intent, Answer):
            return Action(action="answer", text=intent.text)
        return Action(action="terminate", status="success")


def _on_screen(target: By, obs: Observation) -> UIElement:
    el = target.find(obs.ui_elements)
    if el is None:
        visible = sorted({e.text or e.content_desc for e in obs.ui_elements if e.text or e.content_desc})
        raise OracleScriptError(f"{target} not on screen; visible: {visible[:40]}")
    return el


def _swipe(direction: str, size: tuple[int, int], area: tuple[int, int, int, int] | None = None) -> Action:
    """Content moves ``direction``: scrolling down drags the finger up (over the middle 40 % of the
    screen, or the middle 70 % of ``area`` = left, top, right, bottom)."""
    left, top0, right, bottom0 = area if area is not None else (0, 0, *size)
    x = (left + right) // 2
    h = bottom0 - top0
    margin = 0.15 if area is not None else 0.3
    top, bottom = top0 + int(h * margin), top0 + int(h * (1 - margin))
    start, end = ((x, bottom), (x, top)) if direction == "down" else ((x, top), (x, bottom))
    return Action(action="swipe", coordinate=start, coordinate2=end)
