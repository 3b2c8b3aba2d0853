"""Device-local services the adb server can OPEN: shell (v1, v2), exec, sync, root, reboot, reverse.

Unknown services get CLSE, like adbd. Shell commands run in worker threads so that a slow or hung
command never stalls the other streams of the connection, except command lines that
``quick_commands`` proves short: those run right away on the event loop, which saves the thread
hop that is most of a short round trip. Neither needs a task per command; only interactive
shells and the delay/hang faults, which wait, are served by a task.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pytest_anyapp.sim.adbd import quick_commands, shell_protocol
from pytest_anyapp.sim.adbd.stream import AdbStream
from pytest_anyapp.sim.adbd.sync_service import serve_sync

if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.server import AdbdServer

log = logging.getLogger(__name__)

ServiceHandler = Callable[["AdbdServer", AdbStream], Coroutine[Any, Any, None]]
InlineHandler = Callable[["AdbdServer", AdbStream], bool]

ALREADY_ROOT = b"adbd is already running as root\n"


@dataclass(frozen=True)
class ShellRequest:
    """A parsed ``shell[,opt...]:cmd`` or ``exec:cmd`` service name."""

    command: str
    v2: bool
    pty: bool
    term: str | None
    exec_: bool = False

    @property
    def interactive(self) -> bool:
        return not self.command.strip() and not self.exec_


@dataclass(frozen=True)
class Service:
    """What an OPEN starts: ``serve`` as a task, unless ``serve_now`` took the stream on.

    ``serve_now`` runs synchronously in the connection's read loop, so it must never block. It
    returns True once it owns the stream: served on the spot, or finished later by a callback or
    a task it started itself. A task per stream costs more than the rest of a short command.
    """

    serve: ServiceHandler
    serve_now: InlineHandler | None = None


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


def _run_shell(server: AdbdServer, command: str, stdin: bytes = b"") -> CommandOutput:
    from pytest_anyapp.sim import shell

    try:
        result = shell.run(server.device, command, stdin)
        return CommandOutput(bytes(result.stdout), bytes(result.stderr), int(result.exit_code))
    except Exception as exc:  # the shell contract says it never raises; keep the stream sane anyway
        log.exception("adbd: shell.run raised for %r", command)
        return CommandOutput(b"", f"/system/bin/sh: internal error: {exc}\n".encode(), 1)


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
    return await loop.run_in_executor(server.executor, _run_shell, server, command, stdin)


def _shell_reply(request: ShellRequest, result: CommandOutput) -> bytes:
    """The bytes a finished non-interactive shell sends: v2 packets, or raw (PTY: CRLF) output."""
    if request.v2:
        return shell_protocol.encode_result(result.stdout, result.stderr, result.exit_code)
    output = result.stdout + result.stderr
    if request.pty:
        output = output.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    return output


async def serve_shell(server: AdbdServer, stream: AdbStream, request: ShellRequest) -> None:
    if request.interactive:
        from pytest_anyapp.sim.adbd.interactive import serve_interactive

        await serve_interactive(server, stream, request)
        return
    stream.discard_input()  # e.g. the CLI's stdin and close-stdin packets
    try:
        result = await run_command(server, request.command)
    except ConnectionDropped:
        return
    reply = _shell_reply(request, result)
    if reply:
        await stream.write(reply)


def serve_shell_now(server: AdbdServer, stream: AdbStream, request: ShellRequest) -> bool:
    """Start a non-interactive command without a task; False leaves it to ``serve_shell``.

    A provably short command runs right here on the event loop; any other runs on a worker thread
    that hands the result straight back to the loop. Delay and hang faults wait, so they take the
    task path; the drop budget counts here exactly as in ``run_command``.
    """
    if request.interactive:
        return False
    faults = server.device.faults
    if faults.command_delay_s > 0 or faults.hang_commands:
        return False
    if server.consume_shell_budget():
        server.drop_connections()
        return True
    stream.discard_input()  # e.g. the CLI's stdin and close-stdin packets
    if quick_commands.is_quick(request.command):
        _finish_shell(stream, request, _run_shell(server, request.command))
    else:
        _run_in_worker(server, stream, request)
    return True


def _run_in_worker(server: AdbdServer, stream: AdbStream, request: ShellRequest) -> None:
    """Run the command on a worker thread; its output reaches the client as it is produced.

    adbd streams a command's output (``shell_service.cpp``: stdout/stderr are forwarded as they
    are read from the child), so ``for i in 1 2 3; do echo $i; sleep 1; done`` arrives line by
    line. Output written in the first ``STREAM_AFTER_S`` is held, so a short command still goes
    out as one WRTE with the close in the same write, without a task.
    """
    loop = asyncio.get_running_loop()
    reply = StreamingReply(stream, request, loop)

    def work() -> None:
        from pytest_anyapp.sim import shell
        from pytest_anyapp.sim.shell.streams import CallbackSink

        out = CallbackSink(reply.stdout, reply.is_gone)
        err = CallbackSink(reply.stderr, reply.is_gone)
        try:
            code = shell.run(server.device, request.command, out=out, err=err).exit_code
        except Exception as exc:  # the shell contract says it never raises; keep the stream sane anyway
            log.exception("adbd: shell.run raised for %r", request.command)
            reply.stderr(f"/system/bin/sh: internal error: {exc}\n".encode())
            code = 1
        reply.finish(int(code))

    server.executor.submit(work)


STREAM_AFTER_S = 0.02


class StreamingReply:
    """Output of one worker-thread command on its way to an adb stream.

    The worker thread appends encoded output under a lock and pokes the loop (at most one pending
    poke). On the loop the first poke arms a short timer; when it fires, a pump task takes over and
    writes whatever has accumulated, with adb flow control. A command that ends before the timer is
    sent exactly as before: one reply and the close, no task.
    """

    def __init__(self, stream: AdbStream, request: ShellRequest, loop: asyncio.AbstractEventLoop) -> None:
        self.stream = stream
        self.request = request
        self.loop = loop
        self._lock = threading.Lock()
        self._pending = bytearray()  # encoded, not yet handed to the stream
        self._poked = False
        self._exit: int | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._pumping = False
        self._wake: asyncio.Future[None] | None = None
        self._gone = False

    # -- worker thread ---------------------------------------------------------------------------
    def stdout(self, data: bytes) -> None:
        self._append(shell_protocol.ID_STDOUT, data)

    def stderr(self, data: bytes) -> None:
        self._append(shell_protocol.ID_STDERR, data)

    def is_gone(self) -> bool:
        return self._gone or self.stream.remote_closed or self.stream.conn.closed

    def _append(self, packet_id: int, data: bytes) -> None:
        if self.request.v2:
            data = shell_protocol.packet(packet_id, data)
        elif self.request.pty:
            data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        with self._lock:
            self._pending += data
            poke = not self._poked
            self._poked = True
        if poke:
            self._call(self._on_poke)

    def finish(self, exit_code: int) -> None:
        with self._lock:
            if self.request.v2:
                self._pending += shell_protocol.packet(shell_protocol.ID_EXIT, bytes([exit_code & 0xFF]))
            self._exit = exit_code
        self._call(self._on_finish)

    def _call(self, fn: Callable[[], None]) -> None:
        try:
            self.loop.call_soon_threadsafe(fn)
        except RuntimeError:
            self._gone = True  # the loop is closed: the device is shutting down and the stream is gone

    # -- event loop ----------------------------------------------------------------------------
    def _take(self) -> tuple[bytes, bool]:
        """What has accumulated, and whether the command has finished (read together, so the
        exit packet appended with the finish is never left behind)."""
        with self._lock:
            chunk = bytes(self._pending)
            self._pending.clear()
            self._poked = False
            return chunk, self._exit is not None

    def _on_poke(self) -> None:
        if self._pumping:
            _wake(self._wake)
        elif self._timer is None and self._exit is None:
            self._timer = self.loop.call_later(STREAM_AFTER_S, self._start_pump)

    def _start_pump(self) -> None:
        self._timer = None
        if self._exit is not None or self._pumping:
            return
        self._pumping = True
        self.stream.conn.run_service(self.stream, self._pump())

    async def _pump(self) -> None:
        try:
            while True:
                chunk, finished = self._take()
                if chunk:
                    await self.stream.write(chunk)
                    continue
                if finished:
                    return
                self._wake = self.loop.create_future()
                try:
                    await self._wake
                finally:
                    self._wake = None
        finally:
            self._gone = True

    def _on_finish(self) -> None:
        if self._pumping:
            _wake(self._wake)
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        stream = self.stream
        with stream.conn.batch():
            if stream.remote_closed or stream.conn.closed:
                stream.close()
                return
            reply, _ = self._take()
            if reply and not stream.write_nowait(reply):
                stream.conn.run_service(stream, stream.write(reply))  # flow control across WRTEs
                return
            stream.close()


def _wake(waiter: asyncio.Future[None] | None) -> None:
    if waiter is not None and not waiter.done():
        waiter.set_result(None)


def _finish_shell(stream: AdbStream, request: ShellRequest, result: CommandOutput) -> None:
    """Send a finished command's reply and close; a reply longer than one WRTE goes via a task."""
    with stream.conn.batch():
        if stream.remote_closed or stream.conn.closed:
            stream.close()
            return
        reply = _shell_reply(request, result)
        if reply and not stream.write_nowait(reply):
            stream.conn.run_service(stream, stream.write(reply))  # flow control across WRTEs
            return
        stream.close()


async def serve_root(server: AdbdServer, stream: AdbStream) -> None:
    await stream.write(ALREADY_ROOT)


async def serve_remount(server: AdbdServer, stream: AdbStream) -> None:
    """``adb remount`` on a userdebug emulator running as root: /system becomes writable."""
    server.device.fs.remounted_rw = True
    await stream.write(b"Remount succeeded\n")


async def serve_reboot(server: AdbdServer, stream: AdbStream) -> None:
    """Minimal reboot: apps and windows are gone, data stays; the transport stays up."""
    from pytest_anyapp.sim.ui.window import WindowManager

    device = server.device
    with device.lock:
        device.ui = WindowManager(device)
        device.boot_time = time.time()


def _shell_service(request: ShellRequest) -> Service:
    async def serve(server: AdbdServer, stream: AdbStream) -> None:
        await serve_shell(server, stream, request)

    def serve_now(server: AdbdServer, stream: AdbStream) -> bool:
        return serve_shell_now(server, stream, request)

    return Service(serve, serve_now)


@lru_cache(maxsize=1024)
def find_service(name: str) -> Service | None:
    """The service an OPEN names (services are stateless, so one per name is reused)."""
    request = parse_shell_service(name)
    if request is not None:
        return _shell_service(request)
    if name == "sync:":
        return Service(serve_sync)
    if name == "root:":
        return Service(serve_root)
    if name == "remount:" or name.startswith("remount:"):
        return Service(serve_remount)
    if name.startswith("reverse:"):
        from pytest_anyapp.sim.adbd.reverse import serve_reverse

        return Service(serve_reverse)
    if name == "reboot:" or name.startswith("reboot:"):
        return Service(serve_reboot)
    return None
