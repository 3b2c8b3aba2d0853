"""One device as the harness sees it: shell commands through the real adb server, plus gRPC.

Every failure to talk to the device becomes ``DeviceError`` (infrastructure), so callers never
mistake a broken device for an agent failure. Every call is one adb connection with one device
round trip (``adb_link``), several commands can share a round trip (``run_batch``), and the
health probe can ride along with the next command (``defer_health``). ``wire`` counts it all.
"""

from __future__ import annotations

import re
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import adbutils

from pytest_anyapp.device.adb_link import LeanAdbDevice, WireMeter
from pytest_anyapp.device.batch import BatchScript, CommandResult
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.device.shell_args import content_bind
from pytest_anyapp.errors import DeviceError

if TYPE_CHECKING:
    from pytest_anyapp.device.emulator_grpc import EmulatorGrpc
    from pytest_anyapp.device.health import HealthReport

__all__ = ["CommandResult", "DeviceClient", "LaneAddress", "am_start_error", "content_bind", "parse_package_version", "sqlite_lines"]


#: Android tools that print an error and still exit 0: ``content`` ("Error while accessing
#: provider:", AOSP cmds/content Content.java) and ``am start`` ("Error type N" / "Error: …",
#: ActivityManagerShellCommand). ``check`` treats these as failures, whatever the exit status.
_ERROR_DESPITE_EXIT_0 = re.compile(r"^(Error while accessing provider:|Error type \d+|Error: )", re.M)


#: ``content`` refuses bad arguments on *stdout*, exit 0: ``Parser.parseCommand`` prints the usage,
#: then ``[ERROR] <message>`` (AOSP cmds/content Content.java).
_CONTENT_REFUSAL = re.compile(r"^\[ERROR\] .*", re.M)
_RUNS_CONTENT = re.compile(r"(?:^|[;&|]\s*)content\s")
_RUNS_AM_START = re.compile(r"(?:^|[;&|]\s*)am\s+start\b")
#: ``am start`` refusals (ActivityManagerShellCommand.runStartActivity): ``Error type N`` / ``Error: …``.
_AM_START_ERROR = re.compile(r"^(?:Error type \d+|Error: .*)$", re.M)


@parses("am start", reads="text")
def am_start_error(output: str) -> str | None:
    """The first error line ``am start`` printed, else None. AOSP android-13
    ``ActivityManagerShellCommand.runStartActivity`` prints a refused start (unresolved intent,
    missing class, permission denied, ...) as ``Error type N`` / ``Error: …`` and returns 0; with
    ``-W`` the lines go to *stdout* (``out = mWaitOption ? pw : getErrPrintWriter()``), without it to
    stderr. ``Warning: Activity not started, …`` (already in front, delivered to top) is no error."""
    hit = _AM_START_ERROR.search(output)
    return hit.group(0).rstrip("\r") if hit else None


def android_error(result: CommandResult, cmd: str = "") -> str | None:
    """The error line a command printed although it exited 0, else None: on stderr for any command,
    ``content``'s argument refusal on stdout when ``cmd`` runs ``content``, and ``am start``'s
    refusal on stdout when ``cmd`` runs ``am start`` (``-W`` prints it there)."""
    hit = _ERROR_DESPITE_EXIT_0.search(result.stderr)
    if hit:
        return result.stderr[hit.start():].splitlines()[0]
    if _RUNS_AM_START.search(cmd) and (refused := am_start_error(result.stdout)) is not None:
        return refused
    refusal = _CONTENT_REFUSAL.search(result.stdout) if _RUNS_CONTENT.search(cmd) else None
    return refusal.group(0) if refusal else None


_VERSION_CODE = re.compile(r"^\s*versionCode=(\d+)", re.M)
_VERSION_NAME = re.compile(r"^\s*versionName=(.*)$", re.M)


@parses("dumpsys package", reads="text")
def parse_package_version(out: str) -> tuple[str, int] | None:
    """``(versionName, versionCode)`` of the first package ``dumpsys package <pkg>`` lists, None
    when it lists none. The name is the rest of its line (AOSP android-13
    ``services/core/java/com/android/server/pm/Settings.java`` ``dumpPackageLPr`` prints
    ``pkg.getVersionName()`` as is): Google Clock's is ``7.4 (504317960)``."""
    code, name = _VERSION_CODE.search(out), _VERSION_NAME.search(out)
    if not code or not name:
        return None
    return name.group(1).rstrip("\r"), int(code.group(1))


def sqlite_lines(output: str) -> list[str]:
    """The lines ``DeviceClient.sqlite`` gives its callers: ``sqlite3``'s list-mode stdout split at
    newlines, empty lines dropped (a row that prints as the empty string is not returned: readers
    select a separator or a mark in every row)."""
    return [line for line in output.split("\n") if line != ""]


@dataclass(frozen=True)
class LaneAddress:
    """Where one device lives: adb serial, console and gRPC ports, adb server host/port."""

    serial: str
    console_port: int
    grpc_port: int | None
    grpc_host: str = "127.0.0.1"
    adb_host: str = "127.0.0.1"
    adb_port: int = 5037


def set_time_command(epoch_s: int) -> str:
    """Freeze-style clock set as AndroidWorld does it: no auto time, UTC, then ``date``."""
    stamp = time.strftime("%m%d%H%M%y.%S", time.gmtime(epoch_s))
    return ("settings put global auto_time 0; settings put global auto_time_zone 0; "
            f"service call alarm 3 s16 UTC >/dev/null; date {stamp} >/dev/null")


class DeviceClient:
    """Thin, typed wrapper over adbutils for what the harness needs."""

    def __init__(self, lane: LaneAddress, *, command_timeout_s: float = 60.0) -> None:
        self.lane = lane
        self.command_timeout_s = command_timeout_s
        self._adb = adbutils.AdbClient(host=lane.adb_host, port=lane.adb_port)
        #: What crossed the wire so far (connections, round trips, bytes).
        self.wire = WireMeter()
        self._device = LeanAdbDevice(self._adb, lane.serial, self.wire)
        self._grpc: EmulatorGrpc | None = None
        self._health_due = False
        self._health: HealthReport | BaseException | None = None
        #: Why gRPC screenshots were given up on this lane ("" while they work).
        self.grpc_failed = ""

    @property
    def serial(self) -> str:
        return self.lane.serial

    # -- shell -----------------------------------------------------------------------------
    def _shell(self, cmd: str, timeout_s: float | None) -> CommandResult:
        try:
            ret = self._device.shell2(cmd, timeout=timeout_s or self.command_timeout_s, v2=True)
        except (adbutils.AdbError, OSError, EOFError) as exc:
            raise DeviceError(f"adb shell failed on {self.serial}: {cmd[:120]!r}: {exc}") from exc
        return CommandResult(stdout=ret.stdout or "", stderr=ret.stderr or "", exit_code=ret.returncode)

    def run(self, cmd: str, *, timeout_s: float | None = None) -> CommandResult:
        """Run ``cmd`` in the device shell with the shell v2 protocol (separate stderr, exit code).
        A deferred health probe rides along in the same round trip (see ``defer_health``)."""
        if self._health_due:
            result = self.run_batch([cmd], timeout_s=timeout_s)[0]
            assert result is not None  # nothing is skipped without stop_on_error
            return result
        return self._shell(cmd, timeout_s)

    def run_batch(self, commands: Sequence[str], *, timeout_s: float | None = None,
                  stop_on_error: bool = False) -> list[CommandResult | None]:
        """Run several commands in one round trip; one result each, ``None`` for a command that
        ``stop_on_error`` skipped after a failure. A deferred health probe is appended (it always
        runs) and its report kept for ``settle_health``."""
        from pytest_anyapp.device import health

        cmds = list(commands)
        with_health = self._health_due
        if with_health:
            cmds.append(health.PROBE_COMMAND)
        script = BatchScript.build(cmds, stop_on_error=stop_on_error, unguarded_tail=int(with_health))
        raw = self._shell(script.script, timeout_s)
        results = script.parse(raw.stdout, raw.stderr)
        if with_health:
            self._health_due = False
            probe = results.pop()
            try:
                self._health = health.parse_health(probe.stdout if probe else "")
            except DeviceError as exc:
                self._health = exc
        return results

    # -- health ------------------------------------------------------------------------------
    def defer_health(self) -> None:
        """Check health with the next command instead of in a round trip of its own."""
        self._health_due = True

    def settle_health(self) -> HealthReport:
        """The deferred health report (probing now if no command carried it); raises
        ``DeviceHealthError`` when the device is not healthy."""
        from pytest_anyapp.device import health

        if self._health_due or self._health is None:
            self._health_due = False
            self._health = health.parse_health(self._shell(health.PROBE_COMMAND, 20).stdout)
        got, self._health = self._health, None
        if isinstance(got, BaseException):
            raise got
        return health.require_healthy(self.serial, got)

    def check(self, cmd: str, *, timeout_s: float | None = None) -> str:
        """Run and require success (exit code 0 and no Android error printed); returns stdout."""
        result = self.run(cmd, timeout_s=timeout_s)
        error = android_error(result, cmd)
        if not result.ok or error is not None:
            detail = (result.stderr or result.stdout).strip()[:400]
            if error is not None and error not in detail:  # content's refusal follows a long usage
                detail = f"{error} (after: {detail[:200]})"
            raise DeviceError(f"command failed on {self.serial} (exit {result.exit_code}): {cmd[:160]!r}: {detail}")
        return result.stdout

    def sqlite(self, db_path: str, sql: str, *, retries: int = 3) -> list[str]:
        """Rows of ``sqlite3 DB SQL`` in list mode; retried on transient device errors."""
        cmd = f"sqlite3 {shlex.quote(db_path)} {shlex.quote(sql)}"
        last: DeviceError | None = None
        for attempt in range(retries):
            try:
                return sqlite_lines(self.check(cmd))
            except DeviceError as exc:
                last = exc
                time.sleep(0.2 * (attempt + 1))
        assert last is not None
        raise last

    # -- files ------------------------------------------------------------------------------
    def push_bytes(self, data: bytes, device_path: str) -> None:
        import io

        try:
            self._device.sync.push(io.BytesIO(data), device_path)
        except (adbutils.AdbError, OSError, EOFError) as exc:
            raise DeviceError(f"push to {device_path} failed: {exc}") from exc

    def pull_bytes(self, device_path: str) -> bytes:
        try:
            data: bytes = self._device.sync.read_bytes(device_path)
            return data
        except (adbutils.AdbError, OSError, EOFError) as exc:
            raise DeviceError(f"pull of {device_path} failed: {exc}") from exc

    # -- screen -----------------------------------------------------------------------------
    def grpc(self) -> EmulatorGrpc | None:
        """The emulator gRPC client, or None when the lane has no gRPC port."""
        if self.lane.grpc_port is None:
            return None
        if self._grpc is None:
            from pytest_anyapp.device.emulator_grpc import EmulatorGrpc

            self._grpc = EmulatorGrpc(self.lane.grpc_host, self.lane.grpc_port, meter=self.wire)
        return self._grpc

    def screenshot_png(self) -> bytes:
        """PNG of the screen: gRPC when the lane has it, else ``screencap -p`` over adb. One round trip."""
        grpc = None if self.grpc_failed else self.grpc()
        if grpc is not None:
            try:
                return grpc.screenshot_png()
            except DeviceError as exc:
                # Fall back to adb for the rest of this lane's life (a dead adb too is what raises).
                self.grpc_failed = str(exc)
        try:
            ret = self._device.shell2("screencap -p", timeout=self.command_timeout_s, encoding=None, v2=True)
        except (adbutils.AdbError, OSError, EOFError) as exc:
            raise DeviceError(f"screencap failed on {self.serial}: {exc}") from exc
        data = ret.stdout
        if not isinstance(data, bytes) or not data.startswith(b"\x89PNG"):
            raise DeviceError(f"screencap on {self.serial} did not return a PNG")
        return data

    def ui_dump(self) -> str:
        """The ``uiautomator dump`` XML of the current screen, in one round trip: dumped to
        ``/dev/tty`` the XML comes on stdout followed by the "dumped to" line (as ``exec-out``
        shows it); a device that does not do that gets the file dump and a pull (two)."""
        result = self.run("uiautomator dump /dev/tty")
        out = result.stdout
        start, end = out.find("<?xml"), out.rfind("</hierarchy>")
        if result.ok and start >= 0 and end > start:
            return out[start:end + len("</hierarchy>")]
        path = "/sdcard/window_dump.xml"
        out = self.check(f"uiautomator dump {path}")
        if "dumped to" not in out:
            raise DeviceError(f"uiautomator dump failed on {self.serial}: {out.strip()[:200]}")
        xml = self.pull_bytes(path).decode("utf-8", errors="replace")
        if not xml.startswith("<?xml"):
            raise DeviceError(f"uiautomator dump on {self.serial} is not XML")
        return xml

    # -- apps -------------------------------------------------------------------------------
    def installed_packages(self) -> set[str]:
        out = self.check("pm list packages")
        return {line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("package:")}

    def disabled_packages(self) -> set[str]:
        out = self.check("pm list packages -d")
        return {line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("package:")}

    def package_version(self, package: str) -> tuple[str, int] | None:
        return parse_package_version(self.run(f"dumpsys package {shlex.quote(package)}").stdout)

    def launch(self, package: str) -> None:
        out = self.check(f"monkey -p {shlex.quote(package)} -c android.intent.category.LAUNCHER 1")
        if "No activities found" in out or "aborted" in out:
            raise DeviceError(f"could not launch {package}: {out.strip()[:200]}")

    def force_stop(self, package: str) -> None:
        self.check(f"am force-stop {shlex.quote(package)}")

    def pidof(self, package: str) -> str:
        return self.run(f"pidof {shlex.quote(package)}").stdout.strip()

    def set_time(self, epoch_s: int) -> None:
        self.check(set_time_command(epoch_s))

    def close(self) -> None:
        """Close the gRPC channel (before the device goes away, so no GOAWAY noise)."""
        if self._grpc is not None:
            self._grpc.close()
            self._grpc = None

    def now_s(self) -> int:
        return int(self.check("date +%s").strip())
