"""The emulator console: raw telnet-like sockets and ``adb emu``."""
from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.sim.console import TOKEN_FILENAME
from pytest_anyapp.sim.console_client import ConsoleError, console_command
from pytest_anyapp.sim.testing import RunningDevice

TOKEN = "sim-test-token"


@pytest.fixture
def console_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A HOME with a known console token, for this process and the adb CLI alike."""
    home = tmp_path / "home"
    home.mkdir()
    (home / TOKEN_FILENAME).write_text(TOKEN + "\n")
    monkeypatch.setenv("HOME", str(home))
    yield home


class Console:
    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buffer = b""

    def read_until_ok_or_ko(self) -> list[str]:
        """Lines up to and including the next line that starts with OK or KO."""
        while True:
            lines = self.buffer.split(b"\r\n")
            for i, line in enumerate(lines[:-1]):
                if line.startswith((b"OK", b"KO")):
                    self.buffer = b"\r\n".join(lines[i + 1 :])
                    return [x.decode() for x in lines[: i + 1]]
            chunk = self.sock.recv(4096)
            if not chunk:
                raise EOFError(self.buffer)
            self.buffer += chunk

    def send(self, line: str) -> list[str]:
        self.sock.sendall(line.encode() + b"\n")
        return self.read_until_ok_or_ko()

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def console(console_home: Path, sim_device: RunningDevice) -> Iterator[Console]:
    conn = Console(sim_device.console_port)
    yield conn
    conn.close()


def test_greeting_and_auth(console: Console, console_home: Path) -> None:
    greeting = console.read_until_ok_or_ko()
    assert greeting[0] == "Android Console: Authentication required"
    assert greeting[1] == "Android Console: type 'auth <auth_token>' to authenticate"
    assert str(console_home / TOKEN_FILENAME) in greeting[3]
    assert greeting[-1] == "OK"
    assert console.send("avd name") == ["KO: unknown command, try 'help'"]
    assert console.send("auth wrong")[-1].startswith("KO: authentication token does not match")
    assert console.send(f"auth {TOKEN}") == ["Android Console: type 'help' for a list of commands", "OK"]
    assert console.send("avd name") == ["Pixel_6_API_33", "OK"]
    help_lines = console.send("help")
    assert help_lines[-1] == "OK" and any(line.strip().startswith("sms") for line in help_lines)
    assert console.send("bogus")[-1] == "KO: unknown command, try 'help'"
    console.sock.sendall(b"quit\n")
    assert console.sock.recv(100) == b""


def test_sim_fault_status_and_reset(console_home: Path, sim_device: RunningDevice) -> None:
    port = sim_device.console_port
    faults = json.loads(console_command(port, "sim fault command_delay_s=0.25 not_booted=true")[0])
    assert faults["command_delay_s"] == 0.25 and faults["not_booted"] is True
    assert sim_device.device.faults.command_delay_s == 0.25
    status = json.loads(console_command(port, "sim status")[0])
    assert status["serial"] == sim_device.serial
    assert status["booted"] is False  # not_booted fault
    console_command(port, "sim fault not_booted=false command_delay_s=0")
    assert json.loads(console_command(port, "sim status")[0])["booted"] is True
    with pytest.raises(ConsoleError, match="unknown fault"):
        console_command(port, "sim fault warp_speed=9")
    with pytest.raises(ConsoleError, match="bad value"):
        console_command(port, "sim fault drop_adb_after=soon")
    with pytest.raises(ConsoleError, match="bad value"):
        console_command(port, "sim fault hang_commands=7")
    assert json.loads(console_command(port, "sim fault drop_adb_after=3")[0])["drop_adb_after"] == 3
    assert json.loads(console_command(port, "sim fault drop_adb_after=none")[0])["drop_adb_after"] is None

    marker = sim_device.device.fs.host("/sdcard/Download/marker.txt")
    marker.write_text("x")
    console_command(port, "sim reset")
    assert not marker.exists()
    assert sim_device.device.fs.host("/sdcard/Download").is_dir()


def test_adb_emu_avd_name(adb, console_home: Path) -> None:
    result = adb("emu", "avd", "name")
    assert result.returncode == 0
    assert result.stdout.decode().split("\r\n")[:2] == ["Pixel_6_API_33", "OK"]


def test_adb_emu_sms_send_delivers_to_inbox(adb, console_home: Path, sim_device: RunningDevice) -> None:
    providers = sim_device.device.providers
    if not hasattr(providers, "deliver_sms"):
        pytest.skip("providers.deliver_sms not implemented yet (sim-shell helper)")
    result = adb("emu", "sms", "send", "5551234", "Hello", "from", "the", "console")
    assert result.returncode == 0
    assert result.stdout.decode().split("\r\n")[0] == "OK"
    rows = providers.connect("telephony").execute("SELECT address, body, type FROM sms").fetchall()
    assert ("5551234", "Hello from the console", 1) in [tuple(r) for r in rows]


def test_sms_send_rejects_bad_number(console: Console) -> None:
    console.read_until_ok_or_ko()
    console.send(f"auth {TOKEN}")
    assert console.send("sms send not-a-number hi")[-1].startswith("KO: bad phone number")
    assert console.send("sms send 123")[-1].startswith("KO: missing argument")


def test_kill_stops_the_device(console_home: Path, sim_device: RunningDevice) -> None:
    conn = Console(sim_device.console_port)
    conn.read_until_ok_or_ko()
    conn.send(f"auth {TOKEN}")
    assert conn.send("kill") == ["OK: killing emulator, bye bye"]
    conn.close()
    assert sim_device.server.wait(30)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", sim_device.console_port), timeout=5).close()


def test_sim_dialog_shows_crash_and_anr_dialogs_seen_by_dumpsys(console_home: Path, sim_device: RunningDevice,
                                                               adb_server: int) -> None:
    import adbutils

    port, pkg = sim_device.console_port, "org.fossify.messages"
    dev = adbutils.AdbClient(port=adb_server).device(serial=sim_device.serial)
    dev.shell(f"monkey -p {pkg} -c android.intent.category.LAUNCHER 1")
    console_command(port, f"sim dialog anr {pkg}")
    assert f"Application Not Responding: {pkg}" in dev.shell("dumpsys window windows")
    dev.shell("input keyevent 4")  # BACK dismisses it ("Wait")
    console_command(port, f"sim dialog crash {pkg}")
    windows = dev.shell("dumpsys window windows")
    assert f"Application Error: {pkg}" in windows and dev.shell(f"pidof {pkg}") == ""
    with pytest.raises(ConsoleError, match="usage"):
        console_command(port, f"sim dialog explode {pkg}")
