"""Device side of the adb transport protocol, as an emulator's adbd speaks it on its adb port."""
from __future__ import annotations

from pytest_anyapp.sim.adbd.server import AdbdServer

__all__ = ["AdbdServer"]
