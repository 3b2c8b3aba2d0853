"""Byte sinks for stdout/stderr: buffers, files on the device fs, and /dev/null.

Commands write to a sink; redirections swap sinks. File sinks write through immediately so that
``cmd > f`` truncates before the command runs, like a real shell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


class Sink:
    """Where a command's output goes."""

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Release resources (file handles); buffers ignore it."""

    @property
    def live(self) -> bool:
        """True for a sink that reaches a client as written (an adb stream): a command may then
        keep producing output until the client goes away (``logcat`` follows)."""
        return False

    @property
    def gone(self) -> bool:
        """True once the reader of a live sink has gone away (the command should stop)."""
        return False


class CallbackSink(Sink):
    """Hands each write to ``emit``; ``is_gone`` says when the reader has left (live sinks)."""

    def __init__(self, emit: Callable[[bytes], None], is_gone: Callable[[], bool]) -> None:
        self._emit = emit
        self._is_gone = is_gone

    def write(self, data: bytes) -> None:
        if data:
            self._emit(data)

    @property
    def live(self) -> bool:
        return True

    @property
    def gone(self) -> bool:
        return self._is_gone()


class BufferSink(Sink):
    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> None:
        self.data += data

    def getvalue(self) -> bytes:
        return bytes(self.data)


class NullSink(Sink):
    def write(self, data: bytes) -> None:
        pass


class FileSink(Sink):
    def __init__(self, host_path: Path, append: bool, on_close: Callable[[Path], None] | None = None) -> None:
        self._fh: BinaryIO | None = open(host_path, "ab" if append else "wb")  # noqa: SIM115
        self._path = host_path
        self._on_close = on_close

    def write(self, data: bytes) -> None:
        if self._fh is not None:
            self._fh.write(data)

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
            if self._on_close is not None:
                self._on_close(self._path)
