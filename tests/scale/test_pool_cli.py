"""`anyapp pool …`, `anyapp preflight`, `anyapp apps …`: error policy and the adb server they use."""

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


def test_the_adb_server_is_the_flag_else_adbs_own_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    from pytest_anyapp.pool.connect import adb_server_address

    monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", "5199")
    assert adb_server_address(None) == ("127.0.0.1", 5199)
    assert adb_server_address(":6001") == ("127.0.0.1", 6001)
    assert adb_server_address("10.0.0.2:5037") == ("10.0.0.2", 5037)
    monkeypatch.delenv("ANDROID_ADB_SERVER_PORT")
    assert adb_server_address(None) == ("127.0.0.1", 5037)
