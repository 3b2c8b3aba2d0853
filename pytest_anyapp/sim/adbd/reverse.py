"""The ``reverse:`` service: the device side of ``adb reverse`` (forward/list/remove).

Requests and replies follow adbd (packages/modules/adb ``adb.cpp`` ``handle_forward_request``,
android-13): ``reverse:forward:[norebind:]<remote>;<local>`` answers ``OKAY`` (plus the port as
a length-prefixed string when ``tcp:0`` was resolved), ``reverse:killforward:<remote>`` and
``reverse:killforward-all`` answer ``OKAY``, ``reverse:list-forward`` answers just a
length-prefixed block of ``<transport> <remote> <local>`` lines (the extra OKAY is ADB_HOST
only); a failure is ``FAIL`` and a
length-prefixed message (``listener 'tcp:1' not found``, ``cannot rebind existing socket``).
Rules belong to the adb connection (the transport), as on a device; no app of the simulated
device dials them, so they are bookkeeping: listed and removed, never carrying data.
"""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.adbd.server import AdbdServer
    from pytest_anyapp.sim.adbd.stream import AdbStream

_PORTS = itertools.count(38000)


def _block(text: str) -> bytes:
    data = text.encode()
    return f"{len(data):04x}".encode() + data


def _fail(message: str) -> bytes:
    return b"FAIL" + _block(message)


def _valid(spec: str) -> bool:
    kind, sep, rest = spec.partition(":")
    return bool(sep and rest) and kind in ("tcp", "localabstract", "localreserved", "localfilesystem", "dev", "jdwp")


def handle(rules: dict[str, str], transport_name: str, request: str) -> bytes:
    """The bytes adbd writes for one ``reverse:`` request (pure, so it can be unit tested)."""
    if request == "list-forward":
        return _block("".join(f"{transport_name} {remote} {local}\n" for remote, local in rules.items()))
    if request == "killforward-all":
        rules.clear()
        return b"OKAY"
    if request.startswith("killforward:"):
        remote = request[len("killforward:"):]
        if remote not in rules:
            return _fail(f"listener '{remote}' not found")
        del rules[remote]
        return b"OKAY"
    if request.startswith("forward:"):
        spec = request[len("forward:"):]
        norebind = spec.startswith("norebind:")
        if norebind:
            spec = spec[len("norebind:"):]
        remote, sep, local = spec.partition(";")
        if not sep or not _valid(remote) or not _valid(local):
            return _fail(f"bad forward: {spec}")
        if norebind and remote in rules:
            return _fail("cannot rebind existing socket")
        reply = b"OKAY"
        if remote == "tcp:0":
            port = next(_PORTS)
            remote = f"tcp:{port}"
            reply += _block(str(port))
        rules[remote] = local
        return reply
    return _fail(f"unknown reverse request: {request}")


async def serve_reverse(server: AdbdServer, stream: AdbStream) -> None:
    request = stream.service[len("reverse:"):].rstrip("\0")
    conn = stream.conn
    reply = handle(conn.reverse_rules, conn.transport_name, request)
    await stream.write(reply)
