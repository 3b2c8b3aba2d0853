"""Command implementations, one module per family; importing this package registers them all."""

from __future__ import annotations

from pytest_anyapp.sim.shell.commands import core, files, find, text  # noqa: F401
