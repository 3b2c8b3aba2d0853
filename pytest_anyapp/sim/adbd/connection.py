"""One TCP connection from the adb server: handshake, stream table and message dispatch.

A plain ``asyncio.Protocol`` rather than streams: messages are parsed and dispatched right in
``data_received``, with no task wake-up per message, and every message sent while handling one
batch of input (say OKAY + WRTE + CLSE of a quick shell command) leaves in a single write.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from pytest_anyapp.sim.adbd.protocol import (
    A_AUTH,
    A_CLSE,
    A_CNXN,
    A_OKAY,
    A_OPEN,
    A_VERSION,
    A_VERSION_MIN,
    A_VERSION_SKIP_CHECKSUM,
    A_WRTE,
    HEADER,
    HEADER_SIZE,
    MAX_PAYLOAD,
    MAX_PAYLOAD_V1,
    ProtocolError,
    pack_header,
)
from pytest_anyapp.sim.adbd.stream import AdbStream, StreamClosed

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from pytest_anyapp.sim.adbd.server import AdbdServer

log = logging.getLogger(__name__)

# Messages with a payload up to this size are gathered into the batch write; larger ones
# (sync data) are written on their own so they are not copied once more.
_CORK_PAYLOAD_MAX = 64 * 1024


class AdbdConnection(asyncio.Protocol):
    """Device side of one adb transport; many streams share it, each with its own flow control."""

    def __init__(self, server: AdbdServer) -> None:
        self.server = server
        self.transport: asyncio.Transport | None = None
        self.max_payload = MAX_PAYLOAD_V1
        self.version = A_VERSION_MIN
        self.online = False
        self.closed = False
        self._streams: dict[int, AdbStream] = {}
        self._next_id = 1
        self._pending: list[bytes] = []  # received bytes not yet forming a whole message
        self._pending_size = 0
        self._needed = HEADER_SIZE  # bytes the next message needs before it can be parsed
        self._batch: list[bytes | memoryview] | None = None  # outgoing messages while dispatching
        self._writable = asyncio.Event()
        self._writable.set()
        # ``adb reverse`` rules of this transport; adbd names the host side ``host-<n>``.
        self.reverse_rules: dict[str, str] = {}
        server.transport_count += 1
        self.transport_name = f"host-{server.transport_count}"

    # -- asyncio.Protocol ------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # TCP; uvloop's is no asyncio subclass
        self.server.connections.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.abort()
        self.server.connections.discard(self)

    def pause_writing(self) -> None:
        self._writable.clear()

    def resume_writing(self) -> None:
        self._writable.set()

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        if self._pending:
            self._pending.append(data)
            self._pending_size += len(data)
            if self._pending_size < self._needed:
                return
            data = b"".join(self._pending)
            self._pending.clear()
            self._pending_size = 0
        with self.batch():
            try:
                self._parse(data)
            except ProtocolError as exc:
                log.warning("adbd: dropping connection: %s", exc)
                self.abort()

    def _parse(self, data: bytes) -> None:
        """Dispatch every whole message in data and keep the tail for the next call."""
        size = len(data)
        offset = 0
        while not self.closed:
            if size - offset < HEADER_SIZE:
                self._needed = HEADER_SIZE
                break
            command, arg0, arg1, length, _check, magic = HEADER.unpack_from(data, offset)
            if magic != command ^ 0xFFFFFFFF:
                raise ProtocolError(f"bad magic for command 0x{command:08x}")
            if length > MAX_PAYLOAD:
                raise ProtocolError(f"payload of {length} bytes exceeds {MAX_PAYLOAD}")
            end = offset + HEADER_SIZE + length
            if end > size:
                self._needed = HEADER_SIZE + length
                break
            payload = data[offset + HEADER_SIZE : end] if length else b""
            offset = end
            self._dispatch(command, arg0, arg1, payload)
        if offset < size and not self.closed:
            tail = data[offset:] if offset else data
            self._pending.append(tail)
            self._pending_size = len(tail)

    # -- output ------------------------------------------------------------------------------
    def send(self, command: int, arg0: int, arg1: int, payload: bytes | memoryview = b"") -> None:
        if self.closed or self.transport is None:
            return
        header = pack_header(command, arg0, arg1, payload, self.version < A_VERSION_SKIP_CHECKSUM)
        batch = self._batch
        if batch is not None and len(payload) <= _CORK_PAYLOAD_MAX:
            batch.append(header)
            if payload:
                batch.append(payload)
            return
        self._flush()
        self.transport.write(header)
        if payload:
            self.transport.write(payload)  # not joined to the header: no extra copy of up to 1 MiB
        if batch is not None:
            self._batch = []

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Gather the messages sent inside the block into one write (nested blocks join the outer)."""
        if self._batch is not None:
            yield
            return
        self._batch = []
        try:
            yield
        finally:
            self._flush()

    def _flush(self) -> None:
        batch, self._batch = self._batch, None
        if batch and not self.closed and self.transport is not None:
            self.transport.write(b"".join(batch))

    async def drain(self) -> None:
        """Wait while the transport's write buffer is over its high-water mark."""
        if not self._writable.is_set():
            await self._writable.wait()

    # -- lifecycle ---------------------------------------------------------------------------
    def abort(self) -> None:
        """Drop the TCP connection at once, as a crashed or unplugged device would."""
        if self.closed:
            return
        self.closed = True
        self._batch = None
        for stream in list(self._streams.values()):
            stream.on_close()
            if stream.task is not None:
                stream.task.cancel()
        self._streams.clear()
        self._writable.set()
        if self.transport is not None:
            self.transport.abort()

    def forget(self, stream: AdbStream) -> None:
        self._streams.pop(stream.local_id, None)

    def run_service(self, stream: AdbStream, work: Coroutine[object, object, None]) -> None:
        """Run the rest of a service as a task; the stream closes when it ends, however it ends."""
        stream.task = asyncio.get_running_loop().create_task(self._serve(work, stream))

    async def _serve(self, work: Coroutine[object, object, None], stream: AdbStream) -> None:
        try:
            await work
        except (StreamClosed, asyncio.CancelledError):
            pass
        except Exception:
            log.exception("adbd: service %r failed", stream.service)
        finally:
            stream.close()

    # -- input -------------------------------------------------------------------------------
    def _dispatch(self, command: int, arg0: int, arg1: int, payload: bytes) -> None:
        if command == A_CNXN:
            self._on_connect(arg0, arg1)
        elif not self.online:
            if command != A_AUTH:
                log.debug("adbd: 0x%08x before CNXN ignored", command)
        elif command == A_OPEN:
            self._on_open(arg0, payload)
        elif command == A_WRTE:
            stream = self._streams.get(arg1)
            if stream is not None:
                stream.on_write(payload)
        elif command == A_OKAY:
            stream = self._streams.get(arg1)
            if stream is not None:
                stream.on_okay()
        elif command == A_CLSE:
            stream = self._streams.pop(arg1, None)
            if stream is not None:
                stream.on_close()
                if stream.task is not None:
                    stream.task.cancel()
                # adbd answers a host CLSE with its own (adb.cpp handle_packet A_CLSE -> the local
                # socket closes its peer, which sends CLSE): clients talking to adbd directly
                # (adb-shell, the adb server's sync) wait for it before the next transaction.
                stream.close_answer()

    def _on_connect(self, version: int, max_payload: int) -> None:
        # No AUTH round: an emulator started with -skip-adb-auth answers CNXN straight away.
        self.version = min(version, A_VERSION)
        self.max_payload = max(MAX_PAYLOAD_V1, min(max_payload, MAX_PAYLOAD))
        self.online = True
        banner = self.server.device.banner.encode()
        self.send(A_CNXN, A_VERSION, MAX_PAYLOAD, banner)

    def _on_open(self, remote_id: int, payload: bytes) -> None:
        from pytest_anyapp.sim.adbd.services import find_service

        name = payload.rstrip(b"\0").decode("utf-8", "surrogateescape")
        service = find_service(name)
        if service is None:
            log.debug("adbd: unknown service %r", name)
            self.send(A_CLSE, 0, remote_id)
            return
        local_id = self._next_id
        self._next_id += 1
        stream = AdbStream(self, local_id, remote_id, name)
        self._streams[local_id] = stream
        self.send(A_OKAY, local_id, remote_id)
        if service.serve_now is not None:
            try:
                if service.serve_now(self.server, stream):
                    return
            except StreamClosed:
                stream.close()
                return
            except Exception:
                log.exception("adbd: service %r failed", name)
                stream.close()
                return
        self.run_service(stream, service.serve(self.server, stream))
