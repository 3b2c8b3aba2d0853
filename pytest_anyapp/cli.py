"""``anyapp``: the command-line entry point. Each sub-command lives with the code it drives."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

# (module, purpose). Each module exposes ``register(subparsers)`` that adds its sub-command(s)
# and sets ``func`` (taking the parsed args, returning an exit code) on its parser.
_COMMAND_MODULES: tuple[str, ...] = (
    "pytest_anyapp.sim.cli",        # anyapp sim up|down|status|reset
    "pytest_anyapp.report.cli",     # anyapp report, anyapp show, anyapp verify-support
    "pytest_anyapp.plans.cli",      # anyapp plans generate|import|preflight|verify-audit|audit-run
    "pytest_anyapp.records.cli",    # anyapp rescore
    "pytest_anyapp.failures.cli",   # anyapp failures judge|rejudge|agree|sample|vs-human|counts
    "pytest_anyapp.annotate.cli",   # anyapp annotate
    "pytest_anyapp.provision.cli",  # anyapp apps download|install|grant|attest
    "pytest_anyapp.schedule.cli",   # anyapp schedule freeze|check
    "pytest_anyapp.pool.cli",       # anyapp pool up|status|down|seal|reset|lanes, anyapp preflight
    "pytest_anyapp.matrix.cli",     # anyapp matrix, anyapp cells
    "pytest_anyapp.floor.cli",      # anyapp floor
    "pytest_anyapp.lab.cli",        # anyapp capture, anyapp validate
)


class CommaList(argparse.Action):
    """The one grammar for list options of every command: ``--categories a,b``, ``--categories a b``
    and ``--categories a --categories b`` mean the same. Stored as one comma-separated string."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs["nargs"] = "+"
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        prior = getattr(namespace, self.dest, None)
        items = [] if prior in (None, "", self.default) else str(prior).split(",")
        items += [piece.strip() for value in values for piece in str(value).split(",") if piece.strip()]
        setattr(namespace, self.dest, ",".join(items))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="anyapp", description="AnyAppBench command line.")
    subparsers = parser.add_subparsers(dest="command", required=True)
    for module_name in _COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
