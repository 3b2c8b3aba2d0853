"""`anyapp pool …` / `anyapp preflight`: expected failures are one line and exit 2, others propagate."""

from __future__ import annotations

import argparse

import pytest

from pytest_anyapp.errors import ConfigError
from pytest_anyapp.pool.cli import usage_errors


def _raising(exc: BaseException) -> argparse.Namespace:
    return argparse.Namespace(exc=exc)


@usage_errors("pool demo", KeyError)
def _command(args: argparse.Namespace) -> int:
    raise args.exc


def test_our_errors_print_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert _command(_raising(ConfigError("no lanes"))) == 2
    assert capsys.readouterr().err == "anyapp pool demo: no lanes\n"


def test_a_named_foreign_error_carries_its_type(capsys: pytest.CaptureFixture[str]) -> None:
    assert _command(_raising(KeyError("sms_x"))) == 2
    assert capsys.readouterr().err == "anyapp pool demo: KeyError: 'sms_x'\n"


def test_an_unexpected_error_is_a_bug_and_propagates() -> None:
    with pytest.raises(ZeroDivisionError):
        _command(_raising(ZeroDivisionError("boom")))
