"""Device round trips per call, per lifecycle step and per episode step, counted on the wire.

Counts are deterministic (timings are never asserted; they live in benchmarks/bench_steps.py).
A device round trip is one adb service request after the transport switch or one gRPC call;
``host:*`` requests the adb server answers alone are counted apart (``server_round_trips``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.adb_link import WireMeter
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.health import check_health
from pytest_anyapp.errors import DeviceHealthError
from pytest_anyapp.sim.testing import RunningDevice, running_device


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("wire")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture
def client(sim: RunningDevice, adb_server: int) -> Iterator[DeviceClient]:
    device = DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=sim.grpc_port,
                                      adb_port=adb_server))
    device.run("true")  # once per client: the server version and the device's features
    yield device
    device.close()


def used(client: DeviceClient, start: WireMeter) -> tuple[int, int, int]:
    d = client.wire.snapshot() - start
    return d.device_round_trips, d.server_round_trips, d.connections


def test_a_shell_call_is_one_connection_and_one_device_round_trip(client: DeviceClient) -> None:
    start = client.wire.snapshot()
    assert client.run("echo hi").stdout == "hi\n"
    assert used(client, start) == (1, 1, 1)  # host:tport:serial (server), shell,v2 (device)


def test_the_first_call_asks_version_and_features_once(sim: RunningDevice, adb_server: int) -> None:
    device = DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                      adb_port=adb_server))
    device.run("true")
    device.run("true")
    assert (device.wire.device_round_trips, device.wire.server_round_trips) == (2, 4)  # + version, features


def test_a_batch_is_one_round_trip_whatever_its_length(client: DeviceClient) -> None:
    start = client.wire.snapshot()
    results = client.run_batch([f"echo {i}" for i in range(8)] + ["false"])
    assert [r.stdout for r in results[:8] if r] == [f"{i}\n" for i in range(8)]
    assert results[8] is not None and results[8].exit_code == 1
    assert used(client, start) == (1, 1, 1)


def test_screenshot_is_one_grpc_call_with_a_png(client: DeviceClient) -> None:
    start = client.wire.snapshot()
    png = client.screenshot_png()
    d = client.wire.snapshot() - start
    assert png.startswith(b"\x89PNG")
    assert (d.device_round_trips, d.connections) == (1, 0)
    assert d.bytes < 1_000_000  # a PNG, not a 10 MB raw frame


def test_ui_dump_is_one_round_trip(client: DeviceClient) -> None:
    start = client.wire.snapshot()
    xml = client.ui_dump()
    assert xml.startswith("<?xml") and xml.endswith("</hierarchy>")
    assert used(client, start)[0] == 1


def test_deferred_health_rides_along_with_the_next_command(client: DeviceClient) -> None:
    start = client.wire.snapshot()
    client.defer_health()
    assert client.run("echo x").stdout == "x\n"
    report = client.settle_health()
    assert report.healthy and report.booted and report.root
    assert used(client, start)[0] == 1
    start = client.wire.snapshot()
    check_health(client)
    assert used(client, start)[0] == 1


def test_deferred_health_with_nothing_to_ride_probes_alone(client: DeviceClient) -> None:
    start = client.wire.snapshot()
    client.defer_health()
    assert client.settle_health().healthy
    assert used(client, start)[0] == 1


def test_a_fault_dialog_seen_by_a_deferred_probe_raises_at_settle(sim: RunningDevice, client: DeviceClient) -> None:
    package = "org.fossify.messages"
    client.check(f"monkey -p {package} -c android.intent.category.LAUNCHER 1")
    sim.device.ui.show_fault_dialog(package, "crash")
    try:
        client.defer_health()
        assert client.run("echo still-answers").ok  # the command's own result is returned
        with pytest.raises(DeviceHealthError, match="fault dialog"):
            client.settle_health()
    finally:
        client.run("input keyevent 4")
        client.run("input keyevent 3")
