"""Make the shared test helpers (``tests/sim/helpers``) importable from every sim test folder.

Why a path entry: the sim test folders are not packages, so ``apk`` and ``shell_helpers`` are
imported by module name; one entry here serves shell, transport and UI tests alike.
"""
from __future__ import annotations

import sys
from pathlib import Path

_HELPERS = str(Path(__file__).resolve().parent / "helpers")
if _HELPERS not in sys.path:
    sys.path.insert(0, _HELPERS)
