"""One adb stream (an OPENed service) with adb's per-stream flow control.

adb allows one unacknowledged WRTE per stream and direction: we wait for the peer's OKAY before
sending the next WRTE, and we send our OKAY only when the service takes the data, which is what
pushes back on a fast sender.
"""
from __future__ import annotations

import asyncio
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
        self._inbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._buffer = bytearray()
        self._ready = asyncio.Event()
        self._ready.set()
        self._eof = False
        self.remote_closed = False
        self.local_closed = False

    # -- called by the connection's read loop ---------------------------------------------
    def on_write(self, data: bytes) -> None:
        self._inbox.put_nowait(data)

    def on_okay(self) -> None:
        self._ready.set()

    def on_close(self) -> None:
        self.remote_closed = True
        self._inbox.put_nowait(None)
        self._ready.set()

    # -- service side -----------------------------------------------------------------------
    async def write(self, data: bytes | bytearray | memoryview) -> None:
        """Send data as WRTE messages of at most max_payload, each after the previous OKAY."""
        view = memoryview(data)
        step = self.conn.max_payload
        for start in range(0, len(view), step):
            await self._ready.wait()
            if self.remote_closed or self.local_closed or self.conn.closed:
                raise StreamClosed(self.service)
            self._ready.clear()
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
        packet = await self._inbox.get()
        if packet is None:
            self._eof = True
            return b""
        if not (self.local_closed or self.conn.closed):
            # Acknowledge on take, so the host may send the next packet while we process this one.
            self.conn.send(A_OKAY, self.local_id, self.remote_id)
        return packet

    def close(self) -> None:
        """End the stream from the device side (what tells a v1 shell client the command ended)."""
        if self.local_closed:
            return
        self.local_closed = True
        if not self.remote_closed and not self.conn.closed:
            self.conn.send(A_CLSE, self.local_id, self.remote_id)
        self.conn.forget(self)
