"""AndroidEnv's adb controller (what AndroidWorld's environment is built on) against a simulated device.

AndroidEnv runs the real ``adb`` CLI and treats any non-zero exit as a broken transport: it then
kills and restarts the (shared) adb server. So every call here must exit as on an Android 13
emulator, and the test fails if AndroidEnv ever tries to restart the server. Its adb protos do
not clash with ours (only ``android_env.proto.adb_pb2`` is imported), so it runs in-process.
"""
from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.sim.testing import RunningDevice

pytest.importorskip("android_env")

from android_env.components import (  # noqa: E402
    adb_call_parser,
    adb_controller,
    adb_log_stream,
    config_classes,
    logcat_thread,  # noqa: E402
)
from android_env.proto import adb_pb2  # noqa: E402

ADB = "/usr/bin/adb" if Path("/usr/bin/adb").exists() else "adb"
SMS_APP = "org.fossify.messages"
OK = adb_pb2.AdbResponse.Status.OK


class ServerRestart(AssertionError):
    """AndroidEnv decided the transport was broken (a command exited non-zero)."""


@pytest.fixture
def controller(sim_device: RunningDevice, adb_server: int,
               monkeypatch: pytest.MonkeyPatch) -> Iterator[adb_controller.AdbController]:
    # AdbController deletes ANDROID_ADB_SERVER_PORT from os.environ; monkeypatch puts it back after.
    monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(adb_server))
    ctl = adb_controller.AdbController(config_classes.AdbControllerConfig(
        adb_path=ADB, adb_server_port=adb_server, device_name=sim_device.serial, default_timeout=60))
    restarts: list[float | None] = []

    def refuse_restart(timeout: float | None = None) -> None:
        restarts.append(timeout)
        raise ServerRestart("AndroidEnv would restart the shared adb server")

    monkeypatch.setattr(ctl, "_restart_server", refuse_restart)
    yield ctl
    assert restarts == [], "no AndroidEnv call may restart the adb server"


@pytest.fixture
def parser(controller: adb_controller.AdbController) -> adb_call_parser.AdbCallParser:
    return adb_call_parser.AdbCallParser(controller)


def _generic(parser: adb_call_parser.AdbCallParser, *args: str) -> str:
    response = parser.parse(adb_pb2.AdbRequest(generic=adb_pb2.AdbRequest.GenericRequest(args=list(args))))
    assert response.status == OK, response.error_message
    return response.generic.output.decode()


def test_androidworld_style_setup(parser: adb_call_parser.AdbCallParser) -> None:
    # AndroidWorld's setup: settings, time format, airplane mode check, an app start, orientation.
    settings = adb_pb2.AdbRequest.SettingsRequest
    put = parser.parse(adb_pb2.AdbRequest(settings=settings(
        name_space=settings.Namespace.GLOBAL, put=settings.Put(key="auto_time", value="0"))))
    assert put.status == OK, put.error_message
    got = parser.parse(adb_pb2.AdbRequest(settings=settings(
        name_space=settings.Namespace.GLOBAL, get=settings.Get(key="auto_time"))))
    assert got.settings.output.decode().strip() == "0"
    # settings get prints "null" for an unset key (SettingsService); zen_duration is a default key.
    assert _generic(parser, "shell", "settings", "get", "secure", "zen_duration").strip() == "0"
    assert _generic(parser, "shell", "settings", "get", "global", "airplane_mode_on").strip() == "0"

    start = parser.parse(adb_pb2.AdbRequest(start_activity=adb_pb2.AdbRequest.StartActivity(
        full_activity=f"{SMS_APP}/.activities.MainActivity", force_stop=True)))
    assert start.status == OK, start.error_message
    current = parser.parse(adb_pb2.AdbRequest(get_current_activity=adb_pb2.AdbRequest.GetCurrentActivity()))
    assert current.status == OK and current.get_current_activity.full_activity.startswith(SMS_APP + "/")
    # dumpsys input: " SurfaceOrientation: 0" for a portrait display (InputReader dump).
    orientation = parser.parse(adb_pb2.AdbRequest(get_orientation=adb_pb2.AdbRequest.GetOrientationRequest()))
    assert orientation.status == OK and orientation.get_orientation.orientation == 0
    packages = parser.parse(adb_pb2.AdbRequest(package_manager=adb_pb2.AdbRequest.PackageManagerRequest(
        list=adb_pb2.AdbRequest.PackageManagerRequest.List(packages=adb_pb2.AdbRequest.PackageManagerRequest.List.Packages()))))
    assert packages.status == OK and SMS_APP in packages.package_manager.list.items
    stop = parser.parse(adb_pb2.AdbRequest(force_stop=adb_pb2.AdbRequest.ForceStop(package_name=SMS_APP)))
    assert stop.status == OK


def test_failures_android_reports_in_the_output_do_not_break_the_transport(
        parser: adb_call_parser.AdbCallParser) -> None:
    # am start of a missing activity prints "Error type 3" and exits 0 (ActivityManagerShellCommand
    # runStartActivity): AndroidEnv sees the error in the output, the server stays up.
    missing = parser.parse(adb_pb2.AdbRequest(start_activity=adb_pb2.AdbRequest.StartActivity(
        full_activity="com.example.missing/.MainActivity")))
    assert missing.status == adb_pb2.AdbResponse.Status.INTERNAL_ERROR
    assert "Error type 3" in missing.error_message
    # close_recents: am stack remove of every id in the recents, known or not (runRootTaskRemove).
    recents = _generic(parser, "shell", "dumpsys", "activity", "recents")
    for task_id in [*re.findall(r"id=(\d+)", recents), "987654"]:
        _generic(parser, "shell", "am", "stack", "remove", task_id)
    # content query of a missing provider: stderr text, exit 0 (cmds/content Content.java).
    assert "Error while accessing provider:no.such.provider" in _generic(
        parser, "shell", "content", "query", "--uri", "content://no.such.provider/x")


def test_sms_validation_flow(parser: adb_call_parser.AdbCallParser) -> None:
    # AndroidWorld: text_emulator -> `adb emu sms send`, then read the inbox with `content query`
    # and parse "Row: n k=v, ..." lines, taking body= up to the end (it is not escaped).
    _generic(parser, "emu", "sms", "send", "5551234", "Meet at 5, ok?")
    rows = _generic(parser, "shell", "content", "query", "--uri", "content://sms/inbox",
                    "--projection", "address:body")
    parsed = []
    for line in rows.splitlines():
        hit = re.match(r"Row: \d+ address=(.*?), body=(.*)$", line)
        if hit:
            parsed.append(hit.groups())
    assert ("5551234", "Meet at 5, ok?") in parsed


def test_logcat_thread_sees_the_devices_own_activity_starts(controller: adb_controller.AdbController,
                                                             parser: adb_call_parser.AdbCallParser) -> None:
    # AdbLogStream clears all buffers (`logcat -b all -c`), then follows `logcat -v epoch`, which
    # LogcatThread parses with its epoch-line regex.
    stream = adb_log_stream.AdbLogStream(adb_command_prefix=controller.command_prefix())
    stream.set_log_filters(["ActivityTaskManager:I"])
    thread = logcat_thread.LogcatThread(log_stream=stream)
    seen = threading.Event()
    thread.add_event_listener(logcat_thread.EventListener(
        regexp=re.compile(rf"START u0 .*{re.escape(SMS_APP)}"), handler_fn=lambda _r, _m: seen.set()))
    thread.resume()  # the stream yields lines only once resumed (what the coordinator does)
    try:
        for _ in range(60):
            _generic(parser, "shell", "monkey", "-p", SMS_APP, "1")
            if seen.wait(1.0):
                break
            _generic(parser, "shell", "am", "force-stop", SMS_APP)
        assert seen.is_set()
    finally:
        thread.kill()
