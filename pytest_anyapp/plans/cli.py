"""`anyapp plans` sub-commands (stub until implemented)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this module's sub-commands."""
