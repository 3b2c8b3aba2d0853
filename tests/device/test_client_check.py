"""``DeviceClient.check`` decides from the output too: Android tools that print an error and exit 0
(AOSP ``Content.java``: "Error while accessing provider:"; ``ActivityManagerShellCommand``:
"Error: Activity class … does not exist.") fail the check, so a setup or seeding step that the
device refused is never taken for done."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.batch import CommandResult
from pytest_anyapp.device.client import DeviceClient, LaneAddress, android_error
from pytest_anyapp.errors import DeviceError
from pytest_anyapp.sim.testing import RunningDevice, running_device


@pytest.mark.parametrize(("stderr", "expected"), [
    ("Error while accessing provider:nosuch\njava.lang.IllegalArgumentException: …\n",
     "Error while accessing provider:nosuch"),
    ("Error type 3\nError: Activity class {a/.B} does not exist.\n", "Error type 3"),
    ("Error: Activity not started, unable to resolve Intent { act=x }\n",
     "Error: Activity not started, unable to resolve Intent { act=x }"),
    ("", None),
    ("Warning: Activity not started, its current task has been brought to the front\n", None),
    ("note: Error: inside a line is not Android's error line\n", None),
])
def test_android_error_lines(stderr: str, expected: str | None) -> None:
    assert android_error(CommandResult(stdout="", stderr=stderr, exit_code=0)) == expected


@pytest.fixture(scope="module")
def client(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DeviceClient]:
    device: RunningDevice
    with running_device(Path(tmp_path_factory.mktemp("check")) / "dev", adb_server_port=adb_server) as device:
        yield DeviceClient(LaneAddress(serial=device.serial, console_port=device.console_port, grpc_port=None,
                                       adb_port=adb_server))


def test_check_refuses_a_provider_error_that_exits_0(client: DeviceClient) -> None:
    result = client.run("content query --uri content://no.such.provider/items")
    assert result.exit_code == 0 and android_error(result) is not None  # as Android 13 does
    with pytest.raises(DeviceError, match="Error while accessing provider"):
        client.check("content query --uri content://no.such.provider/items")


def test_check_refuses_a_missing_activity_that_exits_0(client: DeviceClient) -> None:
    with pytest.raises(DeviceError, match="does not exist"):
        client.check("am start -n com.android.settings/.NoSuchActivity")


def test_check_passes_a_good_command(client: DeviceClient) -> None:
    assert client.check("echo ok").strip() == "ok"


def test_content_refusal_on_stdout_is_an_error_only_for_content() -> None:
    """``content`` refuses bad arguments with the usage and ``[ERROR] …`` on stdout, exit 0
    (Content.Parser.parseCommand); the same text in another command's output is data."""
    refused = CommandResult(stdout="usage: adb shell content [subcommand] [options]\n\n[ERROR] Invalid escaping\n",
                            stderr="", exit_code=0)
    assert android_error(refused, "content insert --uri content://x --bind 'a:s:b\\'") == "[ERROR] Invalid escaping"
    assert android_error(refused, "echo x && content delete --uri content://x") == "[ERROR] Invalid escaping"
    assert android_error(refused, "cat /sdcard/log.txt") is None


def test_check_refuses_a_content_argument_error_that_exits_0(client: DeviceClient) -> None:
    with pytest.raises(DeviceError, match="Binding not well formed"):
        client.check("content insert --uri content://call_log/calls --bind 'number:s:a:b'")


AM_START_W_REFUSED = CommandResult(
    stdout="Starting: Intent { act=android.intent.action.VIEW dat=foo:bar }\n"
           "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=foo:bar "
           "flg=0x10000000 }\n", stderr="", exit_code=0)


def test_am_start_wait_refusal_on_stdout_is_an_error() -> None:
    """``am start -W`` prints its refusal on *stdout* and exits 0 (ActivityManagerShellCommand
    .runStartActivity: ``out = mWaitOption ? pw : getErrPrintWriter()``); the same text printed by
    another command is data, and a warning is no refusal."""
    assert android_error(AM_START_W_REFUSED, "am start -W -a android.intent.action.VIEW -d foo:bar") == (
        "Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=foo:bar "
        "flg=0x10000000 }")
    assert android_error(AM_START_W_REFUSED, "cat /sdcard/log.txt") is None
    front = CommandResult(stdout="Starting: Intent { cmp=a/.B }\nWarning: Activity not started, its current task "
                                 "has been brought to the front\n", stderr="", exit_code=0)
    assert android_error(front, "am start -W -n a/.B") is None
    missing = CommandResult(stdout="Starting: Intent { cmp=a/.B }\nError type 3\nError: Activity class {a/a.B} "
                                   "does not exist.\n", stderr="", exit_code=0)
    assert android_error(missing, "pm clear a && am start -W -n a/.B") == "Error type 3"


def test_check_refuses_an_unresolved_intent_with_wait(client: DeviceClient) -> None:
    """The clock seeder's ``am start -W -a SET_ALARM`` (and every other ``am start -W``) must not
    take an unresolved intent for a start."""
    assert client.run("am start -W -a android.intent.action.VIEW -d foo:bar").exit_code == 0
    with pytest.raises(DeviceError, match="unable to resolve Intent"):
        client.check("am start -W -a android.intent.action.VIEW -d foo:bar")
