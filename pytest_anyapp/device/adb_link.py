"""adbutils with one connection per device call and no close sleeps, metered.

adbutils' convenience path costs three things per shell or sync call: a separate connection for
``host:version`` before every transport switch, and a 10 ms ``time.sleep`` in each of the two
``AdbConnection.close`` calls. On a simulated device that is almost all of a call's time; on an
emulator it is still ~20 ms per call. Here adbutils is used as it is, through its lower-level
connection API: ``LeanAdbDevice`` overrides ``open_transport`` (the one method every shell, sync
and screenshot call goes through) to ask the server version once per device object and to hand
out ``MeteredConnection``s, whose ``close`` closes the socket without the sleep (every caller
reads its reply to the end first, so there is nothing left for a shutdown to flush).

``WireMeter`` counts what crosses the wire: connections to the adb server, requests the server
answers alone (``host:*``), device round trips (a service request after the transport switch,
each further sync request, each gRPC call) and bytes. The counts are deterministic, so tests
assert them and records keep them per step.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from typing import Any

import adbutils


@dataclass
class WireMeter:
    """Cumulative counters; subtract two ``snapshot()``s to get a phase's share."""

    device_round_trips: int = 0
    server_round_trips: int = 0
    connections: int = 0
    bytes_sent: int = 0
    bytes_received: int = 0

    def snapshot(self) -> WireMeter:
        return WireMeter(self.device_round_trips, self.server_round_trips, self.connections,
                         self.bytes_sent, self.bytes_received)

    def __sub__(self, other: WireMeter) -> WireMeter:
        return WireMeter(self.device_round_trips - other.device_round_trips,
                         self.server_round_trips - other.server_round_trips,
                         self.connections - other.connections,
                         self.bytes_sent - other.bytes_sent, self.bytes_received - other.bytes_received)

    @property
    def bytes(self) -> int:
        return self.bytes_sent + self.bytes_received

    def grpc_call(self, sent: int, received: int) -> None:
        self.device_round_trips += 1
        self.bytes_sent += sent
        self.bytes_received += received


class _MeteredSocket:
    """A socket that counts bytes and requests. A send that follows a receive (or opens the
    connection) starts a new request: before the transport switch a ``host…`` request is the
    server's, everything after it is the device's."""

    def __init__(self, sock: socket.socket, meter: WireMeter) -> None:
        self._sock = sock
        self._meter = meter
        self._switched = False
        self._in_request = False
        meter.connections += 1

    def _start(self, data: bytes | bytearray | memoryview) -> None:
        if self._in_request:
            return
        self._in_request = True
        head = bytes(data[4:24])
        if not self._switched and head.startswith(b"host"):
            self._meter.server_round_trips += 1
            self._switched = head.startswith((b"host:tport:", b"host:transport"))
        else:
            self._meter.device_round_trips += 1

    def send(self, data: bytes, *args: Any) -> int:
        self._start(data)
        n = self._sock.send(data, *args)
        self._meter.bytes_sent += n
        return n

    def sendall(self, data: bytes, *args: Any) -> None:
        self._start(data)
        self._sock.sendall(data, *args)
        self._meter.bytes_sent += len(data)

    def recv(self, n: int, *args: Any) -> bytes:
        self._in_request = False
        data = self._sock.recv(n, *args)
        self._meter.bytes_received += len(data)
        return data

    def __getattr__(self, name: str) -> Any:  # settimeout, close, shutdown, fileno, ...
        return getattr(self._sock, name)


class MeteredConnection(adbutils.AdbConnection):  # type: ignore[misc]  # adbutils ships no types
    """adbutils' connection, metered, closed without ``close``'s 10 ms sleep."""

    def __init__(self, host: str, port: int, meter: WireMeter) -> None:
        self._meter = meter
        super().__init__(host, port)

    def _create_socket(self) -> Any:
        return _MeteredSocket(super()._create_socket(), self._meter)

    def close(self) -> None:
        try:
            self.conn.close()
        except adbutils.AdbError:  # already closed
            pass


class LeanAdbDevice(adbutils.AdbDevice):  # type: ignore[misc]
    """``AdbDevice`` whose every call uses one metered connection (see the module docstring)."""

    def __init__(self, client: adbutils.AdbClient, serial: str, meter: WireMeter) -> None:
        self.meter = meter
        self._tport: bool | None = None  # server >= 41 knows host:tport (asked once)
        super().__init__(client, serial=serial)

    def _connect(self, timeout: float | None) -> MeteredConnection:
        c = MeteredConnection(self._client.host, self._client.port, self.meter)
        if timeout:
            c.conn.settimeout(timeout)
        return c

    def open_transport(self, command: str | None = None, timeout: float | None = 600) -> adbutils.AdbConnection:
        c = self._connect(timeout)
        try:
            if command:
                c.send_command(f"host-serial:{self.serial}:{command}")
                c.check_okay()
                return c
            if self._tport is None:
                self._tport = self.server_version() >= 41
            if self._tport:
                c.send_command(f"host:tport:serial:{self.serial}")
                c.check_okay()
                c.read_exact(8)  # the transport id
            else:
                c.send_command(f"host:transport:{self.serial}")
                c.check_okay()
        except BaseException:
            c.close()
            raise
        return c

    def server_version(self) -> int:
        c = self._connect(10)
        try:
            c.send_command("host:version")
            c.check_okay()
            return int(c.read_string_block(), 16)
        finally:
            c.close()
