"""The ``sync:`` service (v1 ids only: STAT LIST RECV SEND QUIT), backed by the device filesystem.

Replies follow adbd: STAT uses lstat and answers zeros for a missing path, LIST includes ``.`` and
``..`` and ends with DONE plus a zeroed dent, RECV streams DATA chunks of at most 64 KiB. Each
STAT reply and each dent goes out in one piece because adbutils reads them with a bare recv().
"""
from __future__ import annotations

import errno
import os
import stat
import struct
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_anyapp.sim.adbd.stream import AdbStream, StreamClosed

if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.server import AdbdServer

SYNC_DATA_MAX = 64 * 1024
MAX_PATH = 1024

U32 = struct.Struct("<I")
REQUEST = struct.Struct("<4sI")
STAT_REPLY = struct.Struct("<4sIII")
DENT = struct.Struct("<4sIIII")


class RecordWriter:
    """Packs whole sync records into WRTE payloads so no record is split across two messages."""

    def __init__(self, stream: AdbStream) -> None:
        self.stream = stream
        self.buffer = bytearray()

    async def add(self, record: bytes | bytearray) -> None:
        if self.buffer and len(self.buffer) + len(record) > self.stream.conn.max_payload:
            await self.flush()
        self.buffer += record

    async def flush(self) -> None:
        if self.buffer:
            data = bytes(self.buffer)
            self.buffer.clear()
            await self.stream.write(data)


def _fail_record(message: str) -> bytes:
    body = message.encode()
    return b"FAIL" + U32.pack(len(body)) + body


def _errno_text(exc: OSError) -> str:
    return os.strerror(exc.errno) if exc.errno else str(exc)


def _stat_fields(st: os.stat_result) -> tuple[int, int, int]:
    return st.st_mode & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF, int(st.st_mtime) & 0xFFFFFFFF


async def _do_stat(stream: AdbStream, host: Path) -> None:
    try:
        fields = _stat_fields(os.lstat(host))
    except OSError:
        fields = (0, 0, 0)
    await stream.write(STAT_REPLY.pack(b"STAT", *fields))


# Paths that are symlinks on the device (lstat), with their targets: init.rc of android-13 makes
# /sdcard -> /storage/self/primary and /mnt/sdcard likewise; /data/user/0 -> /data/data.
STORAGE_SYMLINKS = {
    "/sdcard": "/storage/self/primary",
    "/mnt/sdcard": "/storage/self/primary",
    "/storage/self/primary": "/storage/emulated/0",
    "/data/user/0": "/data/data",
}
_ROOT_LINKS = (("sdcard", "/storage/self/primary"),)
_BOOT_MTIME = 1230768000  # 2009-01-01: the mtime of rootfs entries on an emulator image


async def _do_list(out: RecordWriter, host: Path, is_root: bool,
                   links: tuple[tuple[str, str], ...] = ()) -> None:
    entries: list[tuple[str, Path]] = []
    if host.is_dir():
        entries = [(".", host), ("..", host if is_root else host.parent)]
        try:
            with os.scandir(host) as it:
                entries += [(entry.name, Path(entry.path)) for entry in it]
        except OSError:
            entries = []
    for name, path in entries:
        try:
            fields = _stat_fields(os.lstat(path))
        except OSError:
            continue  # adbd silently skips entries it cannot lstat
        raw = name.encode("utf-8", "surrogateescape")
        await out.add(DENT.pack(b"DENT", *fields, len(raw)) + raw)
    for name, target in links:
        raw = name.encode()
        await out.add(DENT.pack(b"DENT", stat.S_IFLNK | 0o777, len(target), _BOOT_MTIME, len(raw)) + raw)
    await out.add(DENT.pack(b"DONE", 0, 0, 0, 0))
    await out.flush()


async def _do_recv(out: RecordWriter, host: Path) -> bool:
    try:
        handle = open(host, "rb")  # noqa: SIM115 - closed below, across awaits
    except IsADirectoryError:
        await out.add(_fail_record("read failed: Is a directory"))
        await out.flush()
        return False
    except OSError as exc:
        await out.add(_fail_record(f"open failed: {_errno_text(exc)}"))
        await out.flush()
        return False
    with handle:
        while chunk := handle.read(SYNC_DATA_MAX):
            await out.add(b"DATA" + U32.pack(len(chunk)) + chunk)
    await out.add(b"DONE" + U32.pack(0))
    await out.flush()
    return True


async def _do_send(stream: AdbStream, server: AdbdServer, spec: str) -> bool:
    path, comma, mode_text = spec.rpartition(",")
    if not comma:
        path, mode_text = spec, ""
    try:
        mode = int(mode_text) if mode_text else stat.S_IFREG | 0o644
    except ValueError:
        mode = stat.S_IFREG | 0o644
    host = server.device.fs.host(path)
    error: str | None = None
    handle = None
    link_target = bytearray()
    is_link = stat.S_ISLNK(mode)
    try:
        server.device.fs.writable_host(path)
        host.parent.mkdir(parents=True, exist_ok=True)
        if host.is_dir() and not host.is_symlink():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not is_link:
            if host.is_symlink():
                host.unlink()
            handle = open(host, "wb")  # noqa: SIM115 - closed below, across awaits
    except OSError as exc:
        error = f"couldn't create file: {_errno_text(exc)}"
    mtime = 0
    try:
        while True:
            ident, length = REQUEST.unpack(await stream.read_exactly(REQUEST.size))
            if ident == b"DONE":
                mtime = length
                break
            if ident != b"DATA":
                error = error or "invalid data message"
                await stream.write(_fail_record(error))
                return False
            if length > SYNC_DATA_MAX:
                error = error or "oversize data message"
                await stream.write(_fail_record(error))
                return False
            data = await stream.read_exactly(length)
            if error is None:
                if is_link:
                    link_target += data
                elif handle is not None:
                    try:
                        handle.write(data)
                    except OSError as exc:
                        error = f"write failed: {_errno_text(exc)}"
    finally:
        if handle is not None:
            handle.close()
    if error is None:
        try:
            if is_link:
                if host.is_symlink() or host.exists():
                    host.unlink()
                os.symlink(link_target.decode("utf-8", "surrogateescape"), host)
            else:
                os.chmod(host, stat.S_IMODE(mode))
                os.utime(host, (mtime, mtime))
        except OSError as exc:
            error = f"couldn't set attributes: {_errno_text(exc)}"
    server.device.fs.settle_owners()  # adbd runs as root: what it created is root's
    if error is not None:
        await stream.write(_fail_record(error))
        return False
    await stream.write(b"OKAY" + U32.pack(0))
    return True


async def serve_sync(server: AdbdServer, stream: AdbStream) -> None:
    """One sync session: requests until QUIT, an error, or the host closing the stream."""
    fs = server.device.fs
    out = RecordWriter(stream)
    while True:
        try:
            ident, length = REQUEST.unpack(await stream.read_exactly(REQUEST.size))
        except StreamClosed:
            return
        if length > MAX_PATH:
            await stream.write(_fail_record("path too long"))
            return
        raw_path = await stream.read_exactly(length) if length else b""
        path = raw_path.decode("utf-8", "surrogateescape")
        if ident == b"STAT":
            link = STORAGE_SYMLINKS.get(path)
            if link is not None:
                # lstat of the alias itself: a symlink, as on an Android 13 emulator
                # (system/core rootdir/init.rc: symlink /storage/self/primary /sdcard).
                await stream.write(STAT_REPLY.pack(b"STAT", stat.S_IFLNK | 0o777, len(link), _BOOT_MTIME))
            else:
                await _do_stat(stream, fs.host(path))
        elif ident == b"LIST":
            is_root = fs.normalize(path) == "/"
            await _do_list(out, fs.host(path), is_root, _ROOT_LINKS if is_root else ())
        elif ident == b"RECV":
            if not await _do_recv(out, fs.host(path)):
                return
        elif ident == b"SEND":
            if not await _do_send(stream, server, path):
                return
        elif ident == b"QUIT":
            return
        else:
            await stream.write(_fail_record(f"unknown command {U32.unpack(ident)[0]:08x}"))
            return
