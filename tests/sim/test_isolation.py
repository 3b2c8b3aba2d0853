"""The simulated device must not reach into the harness: it is only ever reached over the wire."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest_anyapp.sim

#: The sim may import itself, the generated emulator protos and the shared-constants module only.
ALLOWED = ("pytest_anyapp.sim", "pytest_anyapp.emulator_proto", "pytest_anyapp.constants")


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_sim_imports_neither_harness_nor_verifiers():
    root = Path(pytest_anyapp.sim.__file__).parent
    offenders = [
        f"{path.relative_to(root)}: {name}"
        for path in sorted(root.rglob("*.py"))
        for name in _imports(path)
        if (name == "verifiers" or name.startswith("verifiers."))
        or (name.startswith("pytest_anyapp") and not name.startswith(ALLOWED))
        or name == "pytest_anyapp"
    ]
    assert len(list(root.rglob("*.py"))) > 30
    assert offenders == []
