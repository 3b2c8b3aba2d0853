"""Shell commands with real output through the transport: CLI shell, exec-out, adbutils v1/v2."""
from __future__ import annotations

import os

import adbutils

from pytest_anyapp.sim.testing import RunningDevice


def test_cli_shell_echo_and_exit_status(adb) -> None:
    result = adb("shell", "echo", "hello", "world")
    assert result.returncode == 0
    assert result.stdout == b"hello world\n"
    failing = adb("shell", "ls /sdcard/missing-dir")
    assert failing.returncode != 0
    assert failing.stdout == b""
    assert b"missing-dir" in failing.stderr


def test_cli_shell_joins_args_unescaped_for_device_shell(adb) -> None:
    # The CLI joins with spaces and the device shell re-splits: quotes reach the device shell.
    result = adb("shell", "echo 'a  b' && echo c")
    assert result.stdout == b"a  b\nc\n"


def test_exec_out_cat_is_binary_safe(adb, sim_device: RunningDevice) -> None:
    blob = bytes(range(256)) * 64 + b"\r\n\n\r" + os.urandom(200_000)
    sim_device.device.fs.host("/data/local/tmp/blob.bin").write_bytes(blob)
    result = adb("exec-out", "cat", "/data/local/tmp/blob.bin")
    assert result.returncode == 0
    assert result.stdout == blob


def test_adbutils_shell_v1_and_v2(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    sim_device.device.fs.host("/sdcard/Download/a.txt").write_text("alpha\n")
    assert adb_device.shell("cat /sdcard/Download/a.txt") == "alpha"
    assert adb_device.shell(["echo", "it's quoted"]) == "it's quoted"
    v1 = adb_device.shell2("ls /sdcard/Download")
    assert v1.returncode == 0 and "a.txt" in v1.output
    v2 = adb_device.shell2("cat /sdcard/Download/a.txt; cat /nope", v2=True)
    assert v2.returncode != 0
    assert v2.stdout == "alpha\n"
    assert "/nope" in v2.stderr


def test_large_shell_output_spans_many_packets(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    text = "".join(f"line {i:07d}\n" for i in range(200_000))  # 2.6 MB
    sim_device.device.fs.host("/sdcard/Documents/big.txt").write_text(text)
    result = adb_device.shell2("cat /sdcard/Documents/big.txt", v2=True)
    assert result.returncode == 0
    assert result.stdout == text
    assert adb_device.shell("cat /sdcard/Documents/big.txt", rstrip=False) == text


def test_cli_shell_without_command_runs_stdin_script(adb) -> None:
    script = b"echo from-stdin\nif true; then\n  echo multi-line\nfi\nls /sdcard/nope\n"
    result = adb("shell", input=script)
    assert result.stdout == b"from-stdin\nmulti-line\n"
    assert b"/sdcard/nope" in result.stderr
    assert result.returncode == 1


def test_cli_shell_pty_session_echoes_prompts_and_exit_code(adb) -> None:
    result = adb("shell", "-tt", input=b"echo hello-pty\nexit 3\n")
    assert result.returncode == 3
    text = result.stdout.decode()
    assert text.startswith("emu64xa:/ # ")
    assert "echo hello-pty\r\nhello-pty\r\nemu64xa:/ # " in text
