"""The adbd listener on the emulator's adb port (console port + 1)."""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from pytest_anyapp.sim.adbd.connection import AdbdConnection

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

log = logging.getLogger(__name__)


class AdbdServer:
    """Accepts adb server connections and serves them on the running asyncio loop."""

    def __init__(self, device: SimDevice, executor: ThreadPoolExecutor | None = None) -> None:
        self.device = device
        self.executor = executor or ThreadPoolExecutor(max_workers=64, thread_name_prefix="sim-shell")
        self._own_executor = executor is None
        self.connections: set[AdbdConnection] = set()
        self.transport_count = 0
        self._server: asyncio.Server | None = None

    async def start(self, host: str, port: int) -> None:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(lambda: AdbdConnection(self), host, port, reuse_address=True)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        self.drop_connections()
        if self._server is not None:
            await self._server.wait_closed()
        if self._own_executor:
            self.executor.shutdown(wait=False, cancel_futures=True)

    def drop_connections(self) -> None:
        for conn in list(self.connections):
            conn.abort()

    def consume_shell_budget(self) -> bool:
        """Count one shell command against ``drop_adb_after``; True means drop the connections now.

        With ``drop_adb_after = N`` the next N commands run; the one after that finds every adb
        connection closed instead of an answer. The fault is one-shot: it clears when it fires,
        so re-registering the device with the adb server brings it back.
        """
        device = self.device
        if device.faults.drop_adb_after is None:
            return False  # the usual case, decided without waiting for the device lock
        with device.lock:
            remaining = device.faults.drop_adb_after
            if remaining is None:
                return False
            if remaining <= 0:
                device.set_faults(drop_adb_after=None)
                log.info("adbd: drop_adb_after fired, closing %d connection(s)", len(self.connections))
                return True
            device.set_faults(drop_adb_after=remaining - 1)
            return False
