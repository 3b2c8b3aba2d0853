"""Gold solutions written against the UI, resolved step by step against what is on screen.

An oracle script is a generator of UI intents (tap the element with this text, type into the
field with this hint, ...). The oracle agent turns each intent into one action of the common
schema using the current observation's UI elements, so the gold solution goes through exactly
the same actuation path as a model's actions. A selector that matches nothing is a broken script
or app double, raised as ``OracleScriptError`` (the episode becomes invalid, not a failure).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Literal

from pytest_anyapp.agents.base import TaskInfo, UIElement
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
    nth: int = 0

    def matches(self, el: UIElement) -> bool:
        if self.text is not None and el.text != self.text:
            return False
        if self.desc is not None and el.content_desc != self.desc:
            return False
        if self.text_contains is not None and self.text_contains.lower() not in (el.text + " " + el.content_desc).lower():
            return False
        if self.res is not None and not (el.resource_id == self.res or el.resource_id.endswith(f":id/{self.res}")):
            return False
        if self.class_contains is not None and self.class_contains not in el.class_name:
            return False
        return True

    def find(self, elements: list[UIElement]) -> UIElement | None:
        hits = [el for el in elements if self.matches(el)]
        return hits[self.nth] if len(hits) > self.nth else None


@dataclass(frozen=True)
class Tap:
    target: By


@dataclass(frozen=True)
class LongPress:
    target: By


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
    """Swipe (content moves ``direction``) until ``target`` is on screen, at most ``max_swipes`` times."""

    target: By
    direction: Literal["up", "down"] = "down"
    max_swipes: int = 8


@dataclass(frozen=True)
class Answer:
    text: str


@dataclass(frozen=True)
class Done:
    pass


Intent = Tap | LongPress | TypeInto | TypeText | Press | OpenApp | ScrollTo | Answer | Done
Script = Callable[[TaskInfo], Iterator[Intent]]

# (semantic_id, app_id) -> script; filled by the modules in ``oracle_scripts``.
_SCRIPTS: dict[tuple[str, str], Script] = {}


def solves(semantic_id: str, *app_ids: str) -> Callable[[Script], Script]:
    """Register a gold solution for a template in one or more apps."""

    def register(fn: Script) -> Script:
        for app_id in app_ids:
            key = (semantic_id, app_id)
            known = _SCRIPTS.get(key)
            # The same function registering again is a re-import (pytester restores sys.modules).
            if known is not None and (known.__module__, known.__qualname__) != (fn.__module__, fn.__qualname__):
                raise ValueError(f"two oracle scripts for {key}")
            _SCRIPTS[key] = fn
        return fn

    return register


def script_for(semantic_id: str, app_id: str) -> Script:
    import importlib
    import pkgutil

    import pytest_anyapp.agents.oracle_scripts as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"{pkg.__name__}.{info.name}")
    try:
        return _SCRIPTS[(semantic_id, app_id)]
    except KeyError:
        raise OracleScriptError(f"no oracle script for {semantic_id} in {app_id}") from None


def has_script(semantic_id: str, app_id: str) -> bool:
    try:
        script_for(semantic_id, app_id)
    except OracleScriptError:
        return False
    return True


def word(text: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(text)}\b", re.IGNORECASE)


ScriptGen = Generator[Intent, None, None]
