"""The emulator console on the console port (``adb emu ...`` and telnet talk to it).

Greeting, ``auth``, and every answer follow the real emulator console: CRLF lines, each command
answered with ``OK`` or ``KO: <reason>``. Auth token: like the emulator, the device server creates
``~/.emulator_console_auth_token`` with a random token when the file is missing, and ``auth``
must quote the file's content; an existing empty file switches auth off, as on the emulator.

Sim-only extensions (no real console has them): ``sim fault key=value ...`` sets fault switches at
runtime, ``sim reset`` factory-resets the device, ``sim status`` prints one JSON line.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

log = logging.getLogger(__name__)

TOKEN_FILENAME = ".emulator_console_auth_token"
_PHONE_RE = re.compile(r"^[0-9+#]+$")

HELP_TEXT = (
    "Android console commands:\r\n"
    "\r\n"
    "    help|h|?         print a list of commands\r\n"
    "    auth             user authentication for the emulator console\r\n"
    "    avd              control virtual device execution\r\n"
    "    gsm              GSM related commands\r\n"
    "    sms              SMS related commands\r\n"
    "    kill             kill the emulator instance\r\n"
    "    quit|exit        quit control session\r\n"
    "    sim              simulated-device extensions: fault, dialog, reset, status (not in a real emulator)\r\n"
    "\r\n"
    "try 'help <command>' for command-specific help\r\n"
)


def token_path() -> Path:
    return Path(os.path.expanduser("~")) / TOKEN_FILENAME


def ensure_console_token() -> Path:
    """Create the auth token file if missing, as the emulator does on its first start."""
    path = token_path()
    if not path.exists():
        try:
            path.write_text(secrets.token_urlsafe(12))
            path.chmod(0o600)
        except OSError:
            log.warning("console: cannot create %s; console auth stays off", path)
    return path


def read_console_token() -> str:
    """The expected token, or "" when auth is off (no file, or an empty one)."""
    try:
        return token_path().read_text().strip()
    except OSError:
        return ""


def parse_fault_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("none", "null", ""):
        return None
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def coerce_fault(key: str, value: Any) -> Any:
    """Check a fault value against the ``Faults`` field type (annotations are strings here)."""
    from pytest_anyapp.sim.device import Faults

    annotation = str(Faults.__dataclass_fields__[key].type)
    if value is None and "None" in annotation:
        return None
    if "bool" in annotation:
        if isinstance(value, bool):
            return value
    elif "float" in annotation:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            return float(value)
    elif "int" in annotation:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    raise ValueError(f"bad value {value!r} for fault '{key}' ({annotation})")


class ConsoleServer:
    """Serves the console protocol for one device on the running asyncio loop."""

    def __init__(self, device: SimDevice, on_kill: Callable[[], None] | None = None) -> None:
        self.device = device
        self.on_kill = on_kill
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self, host: str, port: int) -> None:
        self._server = await asyncio.start_server(self._accept, host, port, reuse_address=True)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        if self._server is not None:
            await self._server.wait_closed()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            await self._session(reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass  # client gone or shutdown; returning normally keeps asyncio's stream callback quiet
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        authed = not read_console_token()
        if authed:
            writer.write(b"Android Console: type 'help' for a list of commands\r\nOK\r\n")
        else:
            writer.write(
                (
                    "Android Console: Authentication required\r\n"
                    "Android Console: type 'auth <auth_token>' to authenticate\r\n"
                    "Android Console: you can find your <auth_token> in \r\n"
                    f"'{token_path()}'\r\nOK\r\n"
                ).encode()
            )
        await writer.drain()
        while True:
            raw = await reader.readline()
            if not raw:
                return
            line = raw.decode("utf-8", "replace").strip("\r\n").strip()
            if not line:
                continue
            words = line.split()
            verb = words[0].lower()
            if verb in ("quit", "exit"):
                return
            if verb == "kill":
                writer.write(b"OK: killing emulator, bye bye\r\n")
                await writer.drain()
                if self.on_kill is not None:
                    self.on_kill()
                return
            if verb == "auth":
                reply, ok = self._auth(words)
                authed = authed or ok
            elif verb in ("help", "h", "?"):
                reply = HELP_TEXT + "OK\r\n"
            elif not authed:
                reply = "KO: unknown command, try 'help'\r\n"
            else:
                reply = self._command(line, words)
            writer.write(reply.encode())
            await writer.drain()

    def _auth(self, words: list[str]) -> tuple[str, bool]:
        expected = read_console_token()
        if len(words) < 2:
            return "KO: missing authentication token\r\n", False
        if expected and words[1] != expected:
            return f"KO: authentication token does not match ~/{TOKEN_FILENAME}\r\n", False
        return "Android Console: type 'help' for a list of commands\r\nOK\r\n", True

    def _command(self, line: str, words: list[str]) -> str:
        verb = words[0].lower()
        if verb == "avd":
            return self._avd(words)
        if verb == "sms":
            return self._sms(line, words)
        if verb == "gsm":
            return self._gsm(words)
        if verb == "sim":
            return self._sim(words)
        return "KO: unknown command, try 'help'\r\n"

    def _avd(self, words: list[str]) -> str:
        sub = words[1].lower() if len(words) > 1 else ""
        if sub == "name":
            return f"{self.device.config.avd_name}\r\nOK\r\n"
        if sub == "status":
            return "virtual device is running\r\nOK\r\n"
        return "KO: missing sub-command, try 'help avd'\r\n" if not sub else f"KO: bad sub-command '{sub}'\r\n"

    def _sms(self, line: str, words: list[str]) -> str:
        if len(words) < 2 or words[1].lower() != "send":
            return "KO: missing sub-command, try 'help sms'\r\n"
        parts = line.split(None, 3)
        if len(parts) < 4:
            return "KO: missing argument, try 'sms send <phonenumber> <text message>'\r\n"
        number, text = parts[2], parts[3]
        if not _PHONE_RE.match(number):
            return "KO: bad phone number format, use digits, # and +\r\n"
        try:
            self.device.providers.deliver_sms(number, text, self.device.clock.now_ms())
        except Exception as exc:  # noqa: BLE001 - report to the console client, like the emulator
            log.exception("console: sms delivery failed")
            return f"KO: sms delivery failed: {exc}\r\n"
        return "OK\r\n"

    def _gsm(self, words: list[str]) -> str:
        """``gsm call|accept|cancel <number>`` and ``gsm list``, driving the device's modem."""
        sub = words[1].lower() if len(words) > 1 else ""
        modem = self.device.modem
        if sub == "list":
            call = modem.call
            listing = "" if call is None else \
                f"{'inbound from' if call.incoming else 'outbound to '} {call.number} : {call.state_name}\r\n"
            return listing + "OK\r\n"
        if sub not in ("call", "accept", "cancel"):
            return "KO: missing sub-command, try 'help gsm'\r\n" if not sub else f"KO: bad sub-command '{sub}'\r\n"
        if len(words) < 3:
            return f"KO: missing argument, try 'gsm {sub} <phonenumber>'\r\n"
        number = words[2]
        if not _PHONE_RE.match(number):
            return "KO: bad phone number format, use digits, # and +\r\n"
        action = {"call": modem.incoming, "accept": modem.accept, "cancel": modem.hang_up}[sub]
        error = action(number)
        return f"KO: {error}\r\n" if error else "OK\r\n"

    def _sim(self, words: list[str]) -> str:
        sub = words[1].lower() if len(words) > 1 else ""
        device = self.device
        if sub == "fault":
            changes: dict[str, Any] = {}
            known = device.faults.to_json()
            for item in words[2:]:
                key, sep, value = item.partition("=")
                if not sep or key not in known:
                    return f"KO: unknown fault '{key}' (known: {', '.join(sorted(known))})\r\n"
                try:
                    changes[key] = coerce_fault(key, parse_fault_value(value))
                except ValueError as exc:
                    return f"KO: {exc}\r\n"
            device.set_faults(**changes)
            return f"{json.dumps(device.faults.to_json(), sort_keys=True)}\r\nOK\r\n"
        if sub == "dialog":
            if len(words) != 4 or words[2] not in ("crash", "anr"):
                return "KO: usage: sim dialog crash|anr PACKAGE\r\n"
            device.ui.show_fault_dialog(words[3], words[2])
            return "OK\r\n"
        if sub == "reset":
            device.factory_reset()
            return "OK\r\n"
        if sub == "status":
            return f"{json.dumps(device_status(device), sort_keys=True)}\r\nOK\r\n"
        return "KO: usage: sim fault key=value ... | sim dialog crash|anr PACKAGE | sim reset | sim status\r\n"


def device_status(device: SimDevice) -> dict[str, Any]:
    """What ``sim status`` reports; also read by ``anyapp sim status``."""
    return {
        "serial": device.config.serial,
        "avd": device.config.avd_name,
        "console_port": device.config.console_port,
        "adb_port": device.config.adb_port,
        "grpc_port": device.config.grpc_port,
        "booted": device.getprop("sys.boot_completed") == "1",
        "uptime_s": round(time.time() - device.boot_time, 3),
        "faults": device.faults.to_json(),
        "pid": os.getpid(),
    }
