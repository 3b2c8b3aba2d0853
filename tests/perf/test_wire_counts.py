"""Device round trips per call, per lifecycle step and per episode step, counted on the wire.

Counts are deterministic (timings are never asserted; they live in benchmarks/bench_steps.py).
A device round trip is one adb service request after the transport switch or one gRPC call;
``host:*`` requests the adb server answers alone are counted apart (``server_round_trips``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from pytest_anyapp.agents.actions import Action
from pytest_anyapp.agents.base import Agent, AgentStep, Observation, ObservationPart
from pytest_anyapp.agents.registry import ResolvedAgent
from pytest_anyapp.catalog import app_by_id
from pytest_anyapp.device.adb_link import WireMeter
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.health import check_health
from pytest_anyapp.episode import lifecycle
from pytest_anyapp.episode.runner import EpisodeRunner
from pytest_anyapp.errors import DeviceHealthError
from pytest_anyapp.options import RunOptions
from pytest_anyapp.records.builder import LaneParts
from pytest_anyapp.records.models import AgentIdentity, DeviceInfo, RunInfo
from pytest_anyapp.records.store import RunStore
from pytest_anyapp.registry import schedule
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


def test_lifecycle_steps_are_one_round_trip_each(client: DeviceClient) -> None:
    app = app_by_id("sms_fossify_messages")
    installed = lifecycle.InstalledApps(client)
    installed.packages()
    installed.declared_permissions(app.package)  # per-lane caches, filled once
    perms = ("android.permission.READ_SMS", "android.permission.SEND_SMS")

    start = client.wire.snapshot()
    granted = lifecycle.prepare_app(client, app, installed, clear=True, permissions=perms, epoch_s=1697384040,
                                    timeout_s=45, app_ops=("MANAGE_EXTERNAL_STORAGE",))
    assert used(client, start)[0] == 1 and granted == list(perms)
    assert client.check(f"appops get {app.package} MANAGE_EXTERNAL_STORAGE") == \
        "Uid mode: MANAGE_EXTERNAL_STORAGE: allow\n"
    assert abs(int(client.check("date +%s")) - 1697384040) < 60

    start = client.wire.snapshot()
    client.defer_health()
    lifecycle.relaunch(client, app.package)
    client.settle_health()
    assert used(client, start)[0] == 1

    start = client.wire.snapshot()
    lifecycle.restore(client, app, installed.packages(), 45)
    assert used(client, start)[0] == 1
    assert not any(p.package in client.check("pm list packages -d") for p in lifecycle.siblings(app))


SCRIPT = [Action(action="click", coordinate=(540, 2300)), Action(action="swipe", direction="up"),
          Action(action="terminate", status="failure")]


class ScreenshotOnly(Agent):
    name = "screenshot-only"
    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"screenshot"})
    seen: list[Observation]

    def step(self, observation: Observation) -> AgentStep:
        self.seen.append(observation)
        return AgentStep(action=SCRIPT[observation.step_index])


class TreeToo(ScreenshotOnly):
    observes: ClassVar[frozenset[ObservationPart]] = frozenset({"screenshot", "ui_tree"})


@pytest.mark.parametrize(("agent_cls", "save_ui_tree", "observe_rts"), [
    (ScreenshotOnly, False, 1), (TreeToo, False, 2), (ScreenshotOnly, True, 2),
])
def test_step_round_trips(client: DeviceClient, tmp_path: Path, agent_cls: type[ScreenshotOnly],
                          save_ui_tree: bool, observe_rts: int) -> None:
    """A screenshot-only step: screenshot, actuation, early-stop read carrying the health probe.
    The UI tree costs one more, only when the agent observes it or ``--save-ui-tree`` keeps it."""
    inst = next(i for i in schedule(only_instance=0) if i.test_id == "sms-SmsSend-fossify_messages-i0")
    agent = agent_cls()
    agent.seen = []
    options = RunOptions(agent="x", results_dir=tmp_path, save_ui_tree=save_ui_tree)
    lane = LaneParts(run=RunInfo(run_id="r"), agent=AgentIdentity(name=agent.name), device=DeviceInfo(kind="sim"))
    runner = EpisodeRunner(client, ResolvedAgent(agent, "factory"), options, RunStore(tmp_path, "r"), lane)
    start = client.wire.snapshot()
    inst.pair.adapter.read_raw(client)  # the early-stop read is the adapter's (one sqlite3 call for SMS)
    read_rts = (client.wire.snapshot() - start).device_round_trips
    record = runner.run(inst)
    assert record.status.value == "valid_failure" and len(record.steps) == 3
    acting, last = record.steps[:2], record.steps[2]
    assert [s.device_round_trips for s in acting] == [observe_rts + 1 + read_rts] * 2
    assert last.device_round_trips == observe_rts  # terminate: no input; the final read carries the probe
    assert all(s.device_bytes > 0 for s in record.steps)
    assert all(bool(o.ui_elements) == ("ui_tree" in agent.observes) for o in agent.seen)
    assert all(o.screenshot_png.startswith(b"\x89PNG") for o in agent.seen)
    xml = sorted((tmp_path / "r" / inst.test_id).rglob("step-*.xml"))
    assert len(xml) == (3 if save_ui_tree else 0)
    assert len(sorted((tmp_path / "r" / inst.test_id).rglob("step-*.png"))) == 3
