"""Host side: announce a device to the real adb server, like a starting emulator does.

An emulator tells a running adb server about itself with ``host:emulator:<adb port>``; the server
then connects to the adb port and names the device ``emulator-<adb port - 1>``, so ``adb emu``
finds the console. ``host:connect`` would give a ``127.0.0.1:<port>`` serial that breaks
``adb emu``, so it is only the fallback.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time

DEFAULT_ADB_SERVER_PORT = 5037
LOOPBACK = "127.0.0.1"


def is_default_loopback(host: str) -> bool:
    """True for the address an emulator's adbd is announced on (``host:emulator`` means 127.0.0.1)."""
    return host in (LOOPBACK, "localhost")


class AdbServerError(Exception):
    """The adb server refused a request or could not be reached."""


def adb_server_port(port: int | None = None) -> int:
    if port is not None:
        return port
    return int(os.environ.get("ANDROID_ADB_SERVER_PORT", DEFAULT_ADB_SERVER_PORT))


def _connect(server_port: int, timeout: float = 5.0) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server_port), timeout=timeout)
    sock.settimeout(timeout)
    return sock


def _read_exact(sock: socket.socket, n: int) -> bytes:
    data = bytearray()
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise AdbServerError("adb server closed the connection")
        data += chunk
    return bytes(data)


def _send_request(sock: socket.socket, service: str) -> None:
    body = service.encode()
    sock.sendall(f"{len(body):04x}".encode() + body)


def _read_status(sock: socket.socket) -> None:
    status = _read_exact(sock, 4)
    if status == b"OKAY":
        return
    if status == b"FAIL":
        length = int(_read_exact(sock, 4), 16)
        raise AdbServerError(_read_exact(sock, length).decode("utf-8", "replace"))
    raise AdbServerError(f"unexpected reply {status!r}")


def query(service: str, server_port: int | None = None) -> str:
    """A host service that answers OKAY plus one length-prefixed block."""
    with _connect(adb_server_port(server_port)) as sock:
        _send_request(sock, service)
        _read_status(sock)
        length = int(_read_exact(sock, 4), 16)
        return _read_exact(sock, length).decode("utf-8", "replace")


def server_version(server_port: int | None = None) -> int | None:
    """The adb server's version, or None if nothing listens on its port."""
    try:
        return int(query("host:version", server_port), 16)
    except OSError:
        return None


def ensure_adb_server(server_port: int | None = None, adb: str | None = None) -> None:
    """Start the real adb server on the port if none is listening (``adb start-server``)."""
    port = adb_server_port(server_port)
    if server_version(port) is not None:
        return
    binary = adb or shutil.which("adb") or "/usr/bin/adb"
    subprocess.run(
        [binary, "-P", str(port), "start-server"],
        check=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=os.environ | {"ANDROID_ADB_SERVER_PORT": str(port)},
    )


def list_devices(server_port: int | None = None) -> dict[str, str]:
    """serial -> state (``device``, ``offline``, ...) as ``adb devices`` shows them."""
    text = query("host:devices", server_port)
    devices: dict[str, str] = {}
    for line in text.splitlines():
        serial, _, state = line.partition("\t")
        if serial:
            devices[serial] = state.strip()
    return devices


def announce_emulator(adb_port: int, server_port: int | None = None) -> None:
    """Send ``host:emulator:<adb_port>``; the server answers nothing and closes."""
    with _connect(adb_server_port(server_port)) as sock:
        _send_request(sock, f"host:emulator:{adb_port}")
        try:
            while sock.recv(4096):
                pass
        except OSError:
            pass


def connect_tcp(adb_port: int, server_port: int | None = None, host: str = LOOPBACK) -> str:
    """``host:connect``; gives a ``<host>:<port>`` serial (the fallback on loopback)."""
    return query(f"host:connect:{host}:{adb_port}", server_port)


def wait_for_state(serial: str, server_port: int | None, timeout_s: float, state: str = "device") -> bool:
    """Poll ``host:devices`` until the serial shows the state; a readiness wait, not a test."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if list_devices(server_port).get(serial) == state:
                return True
        except (OSError, AdbServerError):
            pass
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)


def register_device(console_port: int, server_port: int | None = None, timeout_s: float = 10.0,
                    host: str = LOOPBACK) -> str:
    """Make the adb server list the device; returns its serial (``emulator-<console>`` normally).

    The server ignores ``host:emulator`` while it still holds a stale transport for the port
    (e.g. ``offline`` after a dropped connection), so the announcement is repeated until the
    device shows up as ``device``. ``host:emulator`` always means 127.0.0.1, so a device bound to
    another address (``--bind``) is connected as a network device instead: serial ``<host>:<adb>``,
    as for a remote emulator.
    """
    if not is_default_loopback(host):
        remote = f"{host}:{console_port + 1}"
        if list_devices(server_port).get(remote) != "device":
            connect_tcp(console_port + 1, server_port, host)
        if wait_for_state(remote, server_port, timeout_s):
            return remote
        raise AdbServerError(f"adb server did not bring {remote} online within {timeout_s}s")
    serial = f"emulator-{console_port}"
    deadline = time.monotonic() + timeout_s
    next_announce = 0.0
    while time.monotonic() < deadline:
        try:
            state = list_devices(server_port).get(serial)
        except (OSError, AdbServerError):
            state = None
        if state == "device":
            return serial
        if time.monotonic() >= next_announce:
            announce_emulator(console_port + 1, server_port)
            next_announce = time.monotonic() + 0.5
        time.sleep(0.02)
    fallback = f"127.0.0.1:{console_port + 1}"
    connect_tcp(console_port + 1, server_port)
    if wait_for_state(fallback, server_port, timeout_s):
        return fallback
    raise AdbServerError(f"adb server did not bring {serial} online within {timeout_s}s")


def wait_until_not_online(serial: str, server_port: int | None, timeout_s: float) -> bool:
    """Poll until the server no longer lists the serial as ``device`` (gone or ``offline``)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if list_devices(server_port).get(serial) != "device":
                return True
        except (OSError, AdbServerError):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
