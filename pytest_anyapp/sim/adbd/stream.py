"""One adb stream (an OPENed service) with adb's per-stream flow control.

adb allows one unacknowledged WRTE per stream and direction: we wait for the peer's OKAY before
sending the next WRTE, and we send our OKAY only when the service takes the data, which is what
pushes back on a fast sender.
"""
from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING

from pytest_anyapp.sim.adbd.protocol import A_CLSE, A_OKAY, A_WRTE

if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.connection import AdbdConnection


class StreamClosed(Exception):
    """The peer closed the stream (or the whole connection went away)."""


class AdbStream:
    """Byte pipe between a device service and one socket on the host side."""

    def __init__(self, conn: AdbdConnection, local_id: int, remote_id: int, service: str) -> None:
        self.conn = conn
        self.local_id = local_id
        self.remote_id = remote_id
        self.service = service
        self.task: asyncio.Task[None] | None = None
        # A deque and one waiter instead of asyncio.Queue: a stream is opened per shell command,
        # and most never read at all, so construction cost is on every round trip.
        self._inbox: deque[bytes | None] = deque()
        self._inbox_waiter: asyncio.Future[None] | None = None
        self._buffer = bytearray()
        self._ready = True  # no WRTE of ours awaits the peer's OKAY
        self._ready_waiter: asyncio.Future[None] | None = None
        self._eof = False
        self._discard_input = False
        self.remote_closed = False
        self.local_closed = False

    # -- called by the connection's read loop ---------------------------------------------
    def on_write(self, data: bytes) -> None:
        if self._discard_input:
            self._acknowledge()
            return
        self._inbox.append(data)
        _wake(self._inbox_waiter)

    def on_okay(self) -> None:
        self._ready = True
        _wake(self._ready_waiter)

    def on_close(self) -> None:
        self.remote_closed = True
        self._inbox.append(None)
        _wake(self._inbox_waiter)
        self._ready = True
        _wake(self._ready_waiter)

    # -- service side -----------------------------------------------------------------------
    def discard_input(self) -> None:
        """Acknowledge and drop whatever the host sends (a command's unused stdin) from now on."""
        self._discard_input = True
        while self._inbox and self._inbox[0] is not None:
            self._inbox.popleft()
            self._acknowledge()

    def write_nowait(self, data: bytes) -> bool:
        """Send data as one WRTE right now if flow control allows; False means use ``write``."""
        if len(data) > self.conn.max_payload or not self._ready:
            return False
        if self.remote_closed or self.local_closed or self.conn.closed:
            raise StreamClosed(self.service)
        self._ready = False
        self.conn.send(A_WRTE, self.local_id, self.remote_id, data)
        return True

    async def write(self, data: bytes | bytearray | memoryview) -> None:
        """Send data as WRTE messages of at most max_payload, each after the previous OKAY."""
        view = memoryview(data)
        step = self.conn.max_payload
        for start in range(0, len(view), step):
            while not self._ready:
                self._ready_waiter = asyncio.get_running_loop().create_future()
                try:
                    await self._ready_waiter
                finally:
                    self._ready_waiter = None
            if self.remote_closed or self.local_closed or self.conn.closed:
                raise StreamClosed(self.service)
            self._ready = False
            self.conn.send(A_WRTE, self.local_id, self.remote_id, view[start : start + step])
            await self.conn.drain()

    async def read(self) -> bytes:
        """Next chunk the host wrote, or b"" once the host closed the stream."""
        if self._buffer:
            chunk = bytes(self._buffer)
            self._buffer.clear()
            return chunk
        return await self._next_packet()

    async def read_exactly(self, n: int) -> bytes:
        """Exactly n bytes, or StreamClosed if the stream ends first."""
        while len(self._buffer) < n:
            packet = await self._next_packet()
            if not packet:
                raise StreamClosed(self.service)
            self._buffer += packet
        chunk = bytes(self._buffer[:n])
        del self._buffer[:n]
        return chunk

    async def _next_packet(self) -> bytes:
        if self._eof:
            return b""
        while not self._inbox:
            self._inbox_waiter = asyncio.get_running_loop().create_future()
            try:
                await self._inbox_waiter
            finally:
                self._inbox_waiter = None
        packet = self._inbox.popleft()
        if packet is None:
            self._eof = True
            return b""
        # Acknowledge on take, so the host may send the next packet while we process this one.
        self._acknowledge()
        return packet

    def _acknowledge(self) -> None:
        if not (self.local_closed or self.conn.closed):
            self.conn.send(A_OKAY, self.local_id, self.remote_id)

    def close_answer(self) -> None:
        """The host closed the stream first: answer with our CLSE unless we already sent one."""
        if self.local_closed:
            return
        self.local_closed = True
        if not self.conn.closed:
            self.conn.send(A_CLSE, self.local_id, self.remote_id)
        self.conn.forget(self)

    def close(self) -> None:
        """End the stream from the device side (what tells a v1 shell client the command ended)."""
        if self.local_closed:
            return
        self.local_closed = True
        if not self.remote_closed and not self.conn.closed:
            self.conn.send(A_CLSE, self.local_id, self.remote_id)
        self.conn.forget(self)


def _wake(waiter: asyncio.Future[None] | None) -> None:
    if waiter is not None and not waiter.done():
        waiter.set_result(None)
