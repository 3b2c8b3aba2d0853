"""adbd's fast path: short commands run on the event loop, others on a worker thread handed back
without a task. Either way a slow or hung command must not stall other streams, and faults apply.

Most tests speak the adb transport protocol to the device's adbd port directly (no adb server in
between), so they can hold several streams of one connection open and watch their order.
"""
from __future__ import annotations

import socket
import struct
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from pytest_anyapp.sim.adbd.protocol import (
    A_CLSE,
    A_CNXN,
    A_OKAY,
    A_OPEN,
    A_VERSION,
    A_WRTE,
    HEADER,
    MAX_PAYLOAD,
    pack_header,
)
from pytest_anyapp.sim.adbd.quick_commands import is_quick
from pytest_anyapp.sim.testing import RunningDevice, running_device


class RawHost:
    """The host side of one adb transport, just enough to drive adbd and record what it sends."""

    def __init__(self, port: int, max_payload: int = MAX_PAYLOAD) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self._next_id = 100
        self.remote: dict[int, int] = {}  # our id -> device id, from the device's OKAY
        self.data: dict[int, bytearray] = {}
        self.closed: set[int] = set()
        self.log: list[tuple[str, int]] = []  # ("WRTE" | "CLSE", our id), in arrival order
        self._send(A_CNXN, A_VERSION, max_payload, b"host::\0")
        assert self._recv()[0] == A_CNXN

    def _send(self, command: int, arg0: int, arg1: int, payload: bytes = b"") -> None:
        self.sock.sendall(pack_header(command, arg0, arg1, payload, False) + payload)

    def _read(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            assert chunk, "adbd closed the connection"
            data += chunk
        return data

    def _recv(self) -> tuple[int, int, int, bytes]:
        command, arg0, arg1, length, _, _ = HEADER.unpack(self._read(HEADER.size))
        return command, arg0, arg1, self._read(length) if length else b""

    def open(self, service: str) -> int:
        local = self._next_id
        self._next_id += 1
        self.data[local] = bytearray()
        self._send(A_OPEN, local, 0, service.encode() + b"\0")
        return local

    def close(self, local: int) -> None:
        self._send(A_CLSE, local, self.remote[local])
        self.closed.add(local)

    def pump(self) -> None:
        """Handle one message from adbd: acknowledge data, note opens and closes."""
        command, arg0, arg1, payload = self._recv()
        if command == A_OKAY:
            self.remote[arg1] = arg0
        elif command == A_WRTE:
            self.remote[arg1] = arg0
            self.data[arg1] += payload
            self.log.append(("WRTE", arg1))
            self._send(A_OKAY, arg1, arg0)
        elif command == A_CLSE:
            self.closed.add(arg1)
            self.log.append(("CLSE", arg1))

    def read_to_close(self, local: int) -> bytes:
        while local not in self.closed:
            self.pump()
        return bytes(self.data[local])


@pytest.fixture
def direct_device(tmp_path: Path) -> Iterator[RunningDevice]:
    """A device that is not registered with an adb server: the test is its only adb host."""
    with running_device(tmp_path / "sim-direct", register=False) as device:
        yield device


# -- which command lines count as short ---------------------------------------------------------

@pytest.mark.parametrize("command", [
    "true", ":", "echo hello", "getprop ro.product.model", "id -u", "[ -n x ] && echo yes || echo no",
    "if true; then echo a; else echo b; fi", "{ echo a; echo b; } 2>/dev/null", "echo $(getprop x) ${HOME:-/}",
    "echo '*' \"?\"", "(uname -a) | echo done", "exit 3",
])
def test_short_commands_are_quick(command: str) -> None:
    assert is_quick(command)


@pytest.mark.parametrize("command", [
    "sleep 5", "while true; do :; done", "echo $(sleep 1)", "echo *", "echo hi > /sdcard/out.txt",
    "f() { :; }; f", "true &", '"true"', "echo $((1 + 1))", "true; sleep 1", "printf %999999999d 1",
    "dumpsys window", "sh -c true", "eval true", "echo 'unterminated",
])
def test_other_commands_are_not_quick(command: str) -> None:
    assert not is_quick(command)


# -- streams do not wait for each other ---------------------------------------------------------

def test_sleeping_command_stalls_no_other_stream(direct_device: RunningDevice) -> None:
    host = RawHost(direct_device.adb_port)
    slow = host.open("shell:sleep 2")
    quick = host.open("shell:echo quick")
    worker = host.open('shell:"echo" worker')
    assert host.read_to_close(quick) == b"quick\n"
    assert host.read_to_close(worker) == b"worker\n"
    assert slow not in host.closed  # still sleeping on its worker thread
    host.close(slow)
    # The connection stays usable after the host gave up on the sleeping stream.
    assert host.read_to_close(host.open("shell,v2,raw:exit 3")) == b"\x03\x01\x00\x00\x00\x03"


def test_hang_fault_holds_short_commands_too(direct_device: RunningDevice) -> None:
    direct_device.device.set_faults(hang_commands=True)
    host = RawHost(direct_device.adb_port)
    hung = host.open("shell:true")
    sync = host.open("sync:")
    while sync not in host.remote:
        host.pump()
    host._send(A_WRTE, sync, host.remote[sync], b"STAT" + struct.pack("<I", 1) + b"/")
    while not host.data[sync]:
        host.pump()
    assert host.data[sync][:4] == b"STAT"
    assert ("CLSE", hung) not in host.log
    host.close(hung)
    direct_device.device.set_faults(hang_commands=False)
    assert host.read_to_close(host.open("shell:echo back")) == b"back\n"


def test_short_output_larger_than_one_message_keeps_flow_control(direct_device: RunningDevice) -> None:
    host = RawHost(direct_device.adb_port, max_payload=4096)  # adbd then sends at most 4 KiB per WRTE
    command = "echo " + " ".join(["$PATH"] * 200)
    assert is_quick(command)
    inline = host.read_to_close(host.open(f"shell:{command}"))
    writes = [entry for entry in host.log if entry[0] == "WRTE"]
    assert len(inline) > 4096 and len(writes) >= 2
    via_worker = host.read_to_close(host.open(f'shell:"echo" {command[5:]}'))
    assert inline == via_worker


# -- faults through the real adb server ---------------------------------------------------------

def test_drop_budget_counts_short_commands(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    sim_device.device.set_faults(drop_adb_after=1)
    assert adb_device.shell2("echo one", v2=True).output == "one\n"
    with pytest.raises((adbutils.AdbError, EOFError, OSError)):
        adb_device.shell2("echo two", v2=True)
    assert sim_device.device.faults.drop_adb_after is None


def test_delay_fault_applies_to_short_commands(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    import time

    sim_device.device.set_faults(command_delay_s=0.2)
    started = time.monotonic()
    assert adb_device.shell2("echo late", v2=True).output == "late\n"
    assert time.monotonic() - started >= 0.2  # a lower bound only: never flaky
