"""Client side of the device: adb (through the adb server, via adbutils) and the emulator gRPC API.

``DeviceClient`` is imported on first use: verifiers import the pure parsers of this package
(``uixml``) while the benchmark is collected, and adbutils is not needed until a pair runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_anyapp.device.client import CommandResult, DeviceClient

__all__ = ["CommandResult", "DeviceClient"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from pytest_anyapp.device import client

        return getattr(client, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
