"""Type aliases shared by the shell tests (kept out of conftest so test modules can import them)."""
from __future__ import annotations

from collections.abc import Callable

from pytest_anyapp.sim.shell import ShellResult

Sh = Callable[..., ShellResult]
Out = Callable[[str], str]
