"""Command implementations, one module per family; importing this package registers them all."""

from __future__ import annotations

from pytest_anyapp.sim.shell.commands import (  # noqa: F401
    am,
    appops,
    archive,
    content,
    core,
    dumpsys,
    files,
    find,
    pm,
    sqlite_cli,
    system,
    text,
    ui_cmds,
)
