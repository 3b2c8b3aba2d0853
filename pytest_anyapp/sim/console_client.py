"""Talk to a device console the way ``adb emu`` does: auth, one command, quit."""
from __future__ import annotations

import json
import socket
from typing import Any

from pytest_anyapp.sim.console import read_console_token


class ConsoleError(Exception):
    """The console answered ``KO: ...`` or could not be reached."""


def console_command(port: int, command: str, *, host: str = "127.0.0.1", timeout_s: float = 10.0) -> list[str]:
    """Run one console command; returns its output lines without the final ``OK``."""
    token = read_console_token()
    script = (f"auth {token}\n" if token else "") + f"{command}\nquit\n"
    with socket.create_connection((host, port), timeout=timeout_s) as sock:
        sock.settimeout(timeout_s)
        sock.sendall(script.encode())
        chunks: list[bytes] = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    lines = b"".join(chunks).decode("utf-8", "replace").split("\r\n")
    # Skip the greeting (and the auth reply), each of which ends with an OK line.
    skip = 2 if token else 1
    while skip and "OK" in lines:
        lines = lines[lines.index("OK") + 1 :]
        skip -= 1
    for line in lines:
        if line.startswith("KO"):
            raise ConsoleError(line)
    if "OK" not in lines:
        raise ConsoleError(f"no OK from console for {command!r}: {lines!r}")
    return lines[: lines.index("OK")]


def console_status(port: int, *, host: str = "127.0.0.1", timeout_s: float = 5.0) -> dict[str, Any]:
    """The sim-only ``sim status`` JSON."""
    lines = console_command(port, "sim status", host=host, timeout_s=timeout_s)
    return dict(json.loads(lines[0]))
