"""Device-local services the adb server can OPEN: shell (v1, v2), exec, sync, root, reboot.

Unknown services get CLSE, like adbd. Shell commands run in worker threads so that a slow or hung
command never stalls the other streams of the connection.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_anyapp.sim.adbd import shell_protocol
from pytest_anyapp.sim.adbd.stream import AdbStream
from pytest_anyapp.sim.adbd.sync_service import serve_sync

if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.server import AdbdServer

log = logging.getLogger(__name__)

ServiceHandler = Callable[["AdbdServer", AdbStream], Awaitable[None]]

ALREADY_ROOT = b"adbd is already running as root\n"


@dataclass(frozen=True)
class ShellRequest:
    """A parsed ``shell[,opt...]:cmd`` or ``exec:cmd`` service name."""

    command: str
    v2: bool
    pty: bool
    term: str | None
    exec_: bool = False


def parse_shell_service(name: str) -> ShellRequest | None:
    if name.startswith("exec:"):
        return ShellRequest(command=name[5:], v2=False, pty=False, term=None, exec_=True)
    if not name.startswith("shell"):
        return None
    head, sep, command = name.partition(":")
    if not sep:
        return None
    options = head.split(",")
    if options[0] != "shell":
        return None
    term = next((o[5:] for o in options[1:] if o.startswith("TERM=")), None)
    # adbd: an explicit raw/pty wins; otherwise a PTY only for an interactive (empty) command.
    pty = "pty" in options or ("raw" not in options and not command)
    return ShellRequest(command=command, v2="v2" in options, pty=pty, term=term)


class ConnectionDropped(Exception):
    """The drop_adb_after fault fired: every adb connection of the device is gone."""


@dataclass(frozen=True)
class CommandOutput:
    stdout: bytes
    stderr: bytes
    exit_code: int


async def run_command(server: AdbdServer, command: str, stdin: bytes = b"") -> CommandOutput:
    """Run one shell command line under the device's fault settings, off the event loop."""
    device = server.device
    if server.consume_shell_budget():
        server.drop_connections()
        raise ConnectionDropped(command)
    faults = device.faults
    if faults.command_delay_s > 0:
        await asyncio.sleep(faults.command_delay_s)
    if device.faults.hang_commands:
        await asyncio.Event().wait()  # never answers; ends only when the host closes the stream
    loop = asyncio.get_running_loop()
    try:
        from pytest_anyapp.sim import shell

        result = await loop.run_in_executor(server.executor, shell.run, device, command, stdin)
        return CommandOutput(bytes(result.stdout), bytes(result.stderr), int(result.exit_code))
    except Exception as exc:  # the shell contract says it never raises; keep the stream sane anyway
        log.exception("adbd: shell.run raised for %r", command)
        return CommandOutput(b"", f"/system/bin/sh: internal error: {exc}\n".encode(), 1)


async def _drain_input(stream: AdbStream) -> None:
    """Take (and drop) whatever the host sends, e.g. the CLI's stdin and close-stdin packets."""
    while await stream.read():
        pass


async def serve_shell(server: AdbdServer, stream: AdbStream, request: ShellRequest) -> None:
    if not request.command.strip() and not request.exec_:
        from pytest_anyapp.sim.adbd.interactive import serve_interactive

        await serve_interactive(server, stream, request)
        return
    drain = asyncio.get_running_loop().create_task(_drain_input(stream))
    try:
        try:
            result = await run_command(server, request.command)
        except ConnectionDropped:
            return
        if request.v2:
            await stream.write(shell_protocol.encode_result(result.stdout, result.stderr, result.exit_code))
        else:
            output = result.stdout + result.stderr
            if request.pty:
                output = output.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
            if output:
                await stream.write(output)
    finally:
        drain.cancel()


async def serve_root(server: AdbdServer, stream: AdbStream) -> None:
    await stream.write(ALREADY_ROOT)


async def serve_reboot(server: AdbdServer, stream: AdbStream) -> None:
    """Minimal reboot: apps and windows are gone, data stays; the transport stays up."""
    from pytest_anyapp.sim.ui.window import WindowManager

    device = server.device
    with device.lock:
        device.ui = WindowManager(device)
        device.boot_time = time.time()


def find_service(name: str) -> ServiceHandler | None:
    request = parse_shell_service(name)
    if request is not None:
        async def handler(server: AdbdServer, stream: AdbStream) -> None:
            await serve_shell(server, stream, request)

        return handler
    if name == "sync:":
        return serve_sync
    if name == "root:":
        return serve_root
    if name == "reboot:" or name.startswith("reboot:"):
        return serve_reboot
    return None
