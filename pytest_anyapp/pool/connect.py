"""From a lane spec to a device client: the adb server, ``adb connect`` for remote lanes, the wait."""

from __future__ import annotations

import adbutils

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.lanes import ensure_adb_server, wait_for_device
from pytest_anyapp.errors import DeviceError
from pytest_anyapp.options import LaneSpec

LOCAL_HOSTS = ("127.0.0.1", "localhost")


def adb_server_address(value: str | None) -> tuple[str, int]:
    """``--adb-server host:port`` (host defaults to loopback), else the local server on
    $ANDROID_ADB_SERVER_PORT or 5037, as adb itself chooses."""
    from pytest_anyapp.sim.registration import adb_server_port

    if value:
        host, _, port = value.rpartition(":")
        return host or "127.0.0.1", int(port)
    return "127.0.0.1", adb_server_port()


def is_remote(lane: LaneSpec) -> bool:
    return lane.host not in LOCAL_HOSTS


def connect_lane(lane: LaneSpec, adb_host: str = "127.0.0.1", adb_port: int = 5037, *,
                 timeout_s: float = 30.0) -> DeviceClient:
    """A client for ``lane``; a remote lane (``host:console:grpc``) is joined over adb TCP first."""
    ensure_adb_server(adb_host, adb_port)
    if is_remote(lane):
        client = adbutils.AdbClient(host=adb_host, port=adb_port)
        try:
            client.connect(f"{lane.host}:{lane.adb_port}", timeout=min(timeout_s, 10))
        except (adbutils.AdbError, OSError) as exc:
            raise DeviceError(f"adb connect {lane.host}:{lane.adb_port} failed: {exc}") from exc
    wait_for_device(lane.serial, adb_host, adb_port, timeout_s=timeout_s)
    return DeviceClient(LaneAddress(serial=lane.serial, console_port=lane.console_port, grpc_port=lane.grpc_port,
                                    grpc_host=lane.host, adb_host=adb_host, adb_port=adb_port))


def adb_device(lane: LaneSpec, adb_host: str, adb_port: int) -> adbutils.AdbDevice:
    """adbutils' device for file transfers (``sync.push`` of large APKs streams from disk)."""
    return adbutils.AdbClient(host=adb_host, port=adb_port).device(serial=lane.serial)
