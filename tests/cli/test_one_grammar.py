"""One command-line grammar for lists (issue 24): every list option of every ``anyapp`` command
takes ``a,b``, ``a b`` and repeated flags alike."""

from __future__ import annotations

import argparse

import pytest

from pytest_anyapp.cli import CommaList, build_parser

LIST_FLAGS = {"--categories", "--apps", "--models", "--conditions"}


def _subparsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*path, name), sub
                yield from _subparsers(sub, (*path, name))


def test_every_list_option_uses_the_one_grammar() -> None:
    found = [(path, flag, type(a).__name__) for path, sub in _subparsers(build_parser())
             for a in sub._actions for flag in a.option_strings if flag in LIST_FLAGS]
    assert len(found) >= 8
    assert [f for f in found if f[2] != CommaList.__name__] == []


@pytest.mark.parametrize("argv", [
    ["--categories", "sms,files"], ["--categories", "sms", "files"], ["--categories", "sms", "--categories", "files"],
])
def test_plans_preflight_and_verify_support_read_lists_alike(argv: list[str]) -> None:
    parser = build_parser()
    assert parser.parse_args(["verify-support", *argv]).categories == "sms,files"
    commands = [p for p, _ in _subparsers(parser) if p[-1] == "preflight" and p[0] == "plans"]
    assert commands, "plans preflight exists"
    args = parser.parse_args(["plans", "preflight", "--plan-file", "plans.json", *argv])
    assert args.categories == "sms,files"
