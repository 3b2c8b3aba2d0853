"""Shells opened with an empty command: ``adb shell < script`` (raw) and ``adb shell -t`` (PTY).

Raw: adbd's ``sh`` reads the whole script from stdin, so the script runs once stdin closes.
PTY: a terminal session, so input is echoed, each line runs as it arrives, and a prompt follows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_anyapp.sim.adbd import shell_protocol
from pytest_anyapp.sim.adbd.stream import AdbStream, StreamClosed

if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.server import AdbdServer
    from pytest_anyapp.sim.adbd.services import ShellRequest


class ShellInput:
    """The host's stdin for a shell stream: raw bytes (v1) or stdin packets (v2)."""

    def __init__(self, stream: AdbStream, v2: bool) -> None:
        self.stream = stream
        self.v2 = v2

    async def read(self) -> bytes:
        """Next stdin bytes, or b"" once stdin is closed (close-stdin packet or stream end)."""
        if not self.v2:
            return await self.stream.read()
        while True:
            try:
                packet_id, length = shell_protocol.PACKET_HEADER.unpack(
                    await self.stream.read_exactly(shell_protocol.PACKET_HEADER.size))
                payload = await self.stream.read_exactly(length) if length else b""
            except StreamClosed:
                return b""
            if packet_id == shell_protocol.ID_STDIN and payload:
                return payload
            if packet_id == shell_protocol.ID_CLOSE_STDIN:
                return b""
            # window-size changes and empty stdin packets need no answer


def _crlf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


async def serve_interactive(server: AdbdServer, stream: AdbStream, request: ShellRequest) -> None:
    from pytest_anyapp.sim.adbd.services import ConnectionDropped, run_command

    stdin = ShellInput(stream, request.v2)

    async def out(data: bytes, packet_id: int = shell_protocol.ID_STDOUT) -> None:
        if data:
            await stream.write(shell_protocol.packet(packet_id, data) if request.v2 else data)

    async def finish(code: int) -> None:
        if request.v2:
            await stream.write(shell_protocol.packet(shell_protocol.ID_EXIT, bytes([code & 0xFF])))

    if not request.pty:
        script = bytearray()
        while chunk := await stdin.read():
            script += chunk
        try:
            result = await run_command(server, script.decode("utf-8", "surrogateescape"))
        except ConnectionDropped:
            return
        await out(result.stdout)
        await out(result.stderr, shell_protocol.ID_STDERR)
        await finish(result.exit_code)
        return

    prompt = f"{server.device.getprop('ro.product.device') or 'generic'}:/ # ".encode()
    exit_code = 0
    await out(prompt)
    pending = bytearray()
    while chunk := await stdin.read():
        await out(_crlf(chunk.replace(b"\r", b"\n")))  # terminal echo
        pending += chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        while b"\n" in pending:
            raw_line, _, rest = bytes(pending).partition(b"\n")
            pending = bytearray(rest)
            line = raw_line.decode("utf-8", "surrogateescape").strip()
            words = line.split()
            if words and words[0] == "exit":
                code = int(words[1]) if len(words) > 1 and words[1].isdigit() else exit_code
                await finish(code)
                return
            if line:
                try:
                    result = await run_command(server, line)
                except ConnectionDropped:
                    return
                exit_code = result.exit_code
                await out(_crlf(result.stdout + result.stderr))
            await out(prompt)
    await finish(exit_code)
