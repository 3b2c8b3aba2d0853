"""One TCP connection from the adb server: handshake, stream table and message dispatch."""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

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
    HEADER_SIZE,
    MAX_PAYLOAD,
    MAX_PAYLOAD_V1,
    ProtocolError,
    pack_header,
    parse_header,
)
from pytest_anyapp.sim.adbd.stream import AdbStream

if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.server import AdbdServer

log = logging.getLogger(__name__)


class AdbdConnection:
    """Device side of one adb transport; many streams share it, each with its own flow control."""

    def __init__(self, server: AdbdServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.max_payload = MAX_PAYLOAD_V1
        self.version = A_VERSION_MIN
        self.online = False
        self.closed = False
        self._streams: dict[int, AdbStream] = {}
        self._next_id = 1

    # -- output ------------------------------------------------------------------------------
    def send(self, command: int, arg0: int, arg1: int, payload: bytes | memoryview = b"") -> None:
        if self.closed:
            return
        header = pack_header(command, arg0, arg1, payload, self.version < A_VERSION_SKIP_CHECKSUM)
        if payload:
            self.writer.writelines((header, payload))
        else:
            self.writer.write(header)

    async def drain(self) -> None:
        if not self.closed:
            try:
                await self.writer.drain()
            except ConnectionError:
                self.abort()

    # -- lifecycle ---------------------------------------------------------------------------
    def abort(self) -> None:
        """Drop the TCP connection at once, as a crashed or unplugged device would."""
        if self.closed:
            return
        self.closed = True
        for stream in list(self._streams.values()):
            stream.on_close()
            if stream.task is not None:
                stream.task.cancel()
        self._streams.clear()
        self.writer.transport.abort()

    def forget(self, stream: AdbStream) -> None:
        self._streams.pop(stream.local_id, None)

    async def run(self) -> None:
        try:
            while not self.closed:
                raw = await self.reader.readexactly(HEADER_SIZE)
                header = parse_header(raw)
                payload = await self.reader.readexactly(header.data_length) if header.data_length else b""
                self._dispatch(header.command, header.arg0, header.arg1, payload)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except ProtocolError as exc:
            log.warning("adbd: dropping connection: %s", exc)
        finally:
            self.abort()

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
        handler = find_service(name)
        if handler is None:
            log.debug("adbd: unknown service %r", name)
            self.send(A_CLSE, 0, remote_id)
            return
        local_id = self._next_id
        self._next_id += 1
        stream = AdbStream(self, local_id, remote_id, name)
        self._streams[local_id] = stream
        self.send(A_OKAY, local_id, remote_id)
        stream.task = asyncio.get_running_loop().create_task(self._serve(handler, stream))

    async def _serve(self, handler: ServiceHandler, stream: AdbStream) -> None:
        from pytest_anyapp.sim.adbd.stream import StreamClosed

        try:
            await handler(self.server, stream)
        except (StreamClosed, asyncio.CancelledError):
            pass
        except Exception:
            log.exception("adbd: service %r failed", stream.service)
        finally:
            stream.close()


if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.services import ServiceHandler
