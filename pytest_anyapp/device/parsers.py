"""One registry of every function that turns a device's output into data, keyed by the command
whose output it reads (issue 22).

Why: a parser tested only on what our simulated device prints shares every assumption with the
simulator. Registering each parser with its command lets ``tests/android_outputs`` run it on the
samples written from AOSP android-13 (and on captures from real devices), and fail when a
registered parser has no sample at all.

Registering is one decorator on the parser::

    @parses("dumpsys alarm")
    def pending_alarms(lines: list[str]) -> list[PendingAlarm]: ...

``reads`` says what the parser takes: ``"lines"`` (the output split into lines) or ``"text"``
(the output as one string). Registration does not wrap the function.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

__all__ = ["PARSER_MODULES", "Parser", "all_parsers", "parses"]

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Parser:
    """A registered parser: the command whose output it reads and how it takes that output."""

    command: str  # the command as a device runs it, without the varying arguments: "dumpsys alarm"
    func: Callable[..., Any]
    reads: Literal["lines", "text"]

    @property
    def name(self) -> str:
        return f"{self.func.__module__}.{self.func.__qualname__}"

    def __call__(self, output: str, *args: Any, **kwargs: Any) -> Any:
        """Run the parser on one raw output (split into lines when it takes lines)."""
        return self.func(output.splitlines() if self.reads == "lines" else output, *args, **kwargs)


_REGISTRY: dict[str, Parser] = {}

#: Every module that registers a parser (importing them fills the registry).
PARSER_MODULES: tuple[str, ...] = (
    "pytest_anyapp.device.client",
    "pytest_anyapp.device.content",
    "pytest_anyapp.device.health",
    "pytest_anyapp.pool.preflight",
    "verifiers.android_alarm",
    "verifiers.calendar.adapters",
    "verifiers.clock.adapters",
    "verifiers.contacts.android",
    "verifiers.contacts.localdb",
    "verifiers.finance.adapters",
    "verifiers.maps.adapters",
    "verifiers.maps.files",
    "verifiers.music.device",
    "verifiers.music.profiles",
    "verifiers.notes.sqlite_store",
    "verifiers.sms.adapters",
    "verifiers.sms.contacts_provider",
    "verifiers.sms.telephony",
    "verifiers.tasks.adapters",
)


def parses(command: str, *, reads: Literal["lines", "text"] = "lines") -> Callable[[F], F]:
    """Register the decorated function as the parser of ``command``'s output."""
    def register(func: F) -> F:
        parser = Parser(command=command, func=func, reads=reads)
        _REGISTRY[parser.name] = parser
        return func
    return register


def all_parsers() -> list[Parser]:
    """Every registered parser, after importing each module in :data:`PARSER_MODULES`."""
    for module in PARSER_MODULES:
        importlib.import_module(module)
    return sorted(_REGISTRY.values(), key=lambda p: (p.command, p.name))
