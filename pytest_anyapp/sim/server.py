"""``DeviceServer``: every wire service of one simulated device, on one background event loop.

Ports follow the emulator: console on the console port, adbd on console + 1, gRPC on its own
port. After the listeners are up the device announces itself to the adb server, so the real
``adb`` and adbutils see ``emulator-<console port>`` exactly as for an emulator.
"""
from __future__ import annotations

import asyncio
import importlib
import logging
import threading
from typing import TYPE_CHECKING, Any

from pytest_anyapp.sim import registration
from pytest_anyapp.sim.adbd import AdbdServer
from pytest_anyapp.sim.console import ConsoleServer, ensure_console_token

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

log = logging.getLogger(__name__)


def _grpc_module() -> Any | None:
    """The sim-ui helper's gRPC service module, if it exists yet (imported lazily)."""
    name = "pytest_anyapp.sim.grpc_service"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


class DeviceServer:
    """Starts and stops adbd, the console and gRPC for one ``SimDevice``."""

    def __init__(
        self,
        device: SimDevice,
        *,
        adb_server_port: int | None = None,
        register: bool = True,
        grpc: bool = True,
    ) -> None:
        self.device = device
        self.adb_server_port = adb_server_port
        self.register = register
        self.grpc_enabled = grpc
        self.serial = device.config.serial
        self.adbd = AdbdServer(device)
        self.console = ConsoleServer(device, on_kill=self._on_console_kill)
        self.grpc_server: Any | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._stop_lock = threading.Lock()

    @property
    def console_port(self) -> int:
        return self.device.config.console_port

    @property
    def adb_port(self) -> int:
        return self.device.config.adb_port

    @property
    def host(self) -> str:
        return self.device.config.host

    @property
    def grpc_port(self) -> int:
        return self.device.config.grpc_port

    # -- start ---------------------------------------------------------------------------------
    def start(self) -> DeviceServer:
        """Open every listener, then register with the adb server (if asked)."""
        host = self.device.config.host
        ensure_console_token()
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=loop.run_forever, name=f"sim-{self.serial}", daemon=True)
        self._thread.start()
        try:
            asyncio.run_coroutine_threadsafe(self._start_listeners(host), loop).result(timeout=30)
            self._start_grpc(host)
            if self.register:
                self.serial = registration.register_device(self.console_port, self.adb_server_port,
                                                           host=self.device.config.host)
        except BaseException:
            self.stop()
            raise
        log.info("sim device %s up: console %d adb %d grpc %d", self.serial, self.console_port, self.adb_port, self.grpc_port)
        return self

    async def _start_listeners(self, host: str) -> None:
        await self.adbd.start(host, self.adb_port)
        await self.console.start(host, self.console_port)

    def _start_grpc(self, host: str) -> None:
        module = _grpc_module() if self.grpc_enabled else None
        if module is None:
            if self.grpc_enabled:
                log.warning("sim: pytest_anyapp.sim.grpc_service missing; no gRPC on port %d", self.grpc_port)
            return
        self.grpc_server = module.start_grpc_server(self.device, host, self.grpc_port)

    # -- stop ----------------------------------------------------------------------------------
    def stop(self) -> None:
        """Close every listener and connection; the adb server then drops the device."""
        with self._stop_lock:
            if self._stopped.is_set():
                return
            if self.grpc_server is not None:
                self.grpc_server.stop(0)
            loop, thread = self._loop, self._thread
            if loop is not None and thread is not None and thread.is_alive():
                try:
                    asyncio.run_coroutine_threadsafe(self._stop_listeners(), loop).result(timeout=10)
                finally:
                    loop.call_soon_threadsafe(loop.stop)
                    thread.join(timeout=10)
                    loop.close()
            self._stopped.set()

    async def _stop_listeners(self) -> None:
        await self.console.stop()
        await self.adbd.stop()
        current = asyncio.current_task()
        tasks = [t for t in asyncio.all_tasks() if t is not current]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _on_console_kill(self) -> None:
        # Called on the loop thread: stopping must happen elsewhere, it joins that thread.
        threading.Thread(target=self.stop, name="sim-kill", daemon=True).start()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the device is stopped (``kill`` on the console, or ``stop()``)."""
        return self._stopped.wait(timeout)

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def __enter__(self) -> DeviceServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
