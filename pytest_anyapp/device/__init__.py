"""Client side of the device: adb (through the adb server, via adbutils) and the emulator gRPC API."""

from pytest_anyapp.device.client import CommandResult, DeviceClient

__all__ = ["CommandResult", "DeviceClient"]
