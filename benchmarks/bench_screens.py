"""Benchmark the simulated device's screen paths: uiautomator dump, ``screencap -p`` vs gRPC.

Starts one simulated device in its own process behind the real adb server and measures, as a
harness sees them:
  * ``uiautomator dump`` through adbutils ``dump_hierarchy()`` (dump + sync pull), and the
    in-process ``WindowManager.dump_xml()`` it wraps;
  * ``screencap -p`` through adbutils ``shell(..., encoding=None)`` (PNG over the adb transport);
  * gRPC ``getScreenshot(RGBA8888)`` with a grpcio client over local credentials (AndroidEnv's call).
Each screenshot path is measured on a static screen (the frame cache answers) and on a screen
that changes before every shot (render + encode every time; the change itself is not timed).

Run: ``.venv/bin/python benchmarks/bench_screens.py [--rounds 40]``. Prints medians and ratios.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import adbutils
import grpc
from google.protobuf import empty_pb2

from pytest_anyapp.emulator_proto import emulator_controller_pb2 as pb
from pytest_anyapp.emulator_proto import emulator_controller_pb2_grpc as pb_grpc
from pytest_anyapp.sim import registration
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.testing import spawn_device

DEMO = "com.anyappbench.demo"


def median_ms(fn: Callable[[], object], rounds: int, before: Callable[[], object] | None = None) -> float:
    """Median wall time of ``fn`` in ms; ``before`` runs untimed ahead of each call."""
    fn()  # warm-up
    samples = []
    for _ in range(rounds):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def in_process_dump(rounds: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        device = SimDevice(DeviceConfig(Path(tmp) / "dev"))
        device.ui.start_app(DEMO)
        return median_ms(device.ui.dump_xml, rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    rounds = args.rounds

    port = registration.adb_server_port()
    registration.ensure_adb_server(port)
    with tempfile.TemporaryDirectory() as tmp, spawn_device(Path(tmp) / "dev", adb_server_port=port) as spawned:
        client = adbutils.AdbClient(host="127.0.0.1", port=port)
        dev = client.device(spawned.serial)
        channel = grpc.secure_channel(f"localhost:{spawned.grpc_port}", grpc.local_channel_credentials(),
                                      options=[("grpc.max_receive_message_length", -1)])
        stub = pb_grpc.EmulatorControllerStub(channel)
        stub.getStatus(empty_pb2.Empty(), timeout=30)
        dev.shell(f"monkey -p {DEMO} -c android.intent.category.LAUNCHER 1")
        # Focus the "New note" field so typed keys change the screen between shots.
        xml = dev.dump_hierarchy()
        assert f'{DEMO}:id/new_note' in xml, "demo app did not open"
        dev.shell("input tap 400 390")

        flip = {"n": 0}

        def change_screen() -> None:
            flip["n"] += 1
            if flip["n"] % 2:
                stub.sendKey(pb.KeyboardEvent(text="x"), timeout=30)
            else:
                stub.sendKey(pb.KeyboardEvent(eventType=pb.KeyboardEvent.keypress, key="Backspace"), timeout=30)

        def screencap() -> None:
            data = dev.shell("screencap -p", encoding=None)
            assert isinstance(data, bytes) and data[:4] == b"\x89PNG"

        def grpc_rgba() -> None:
            image = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.RGBA8888), timeout=30)
            assert len(image.image) == 1080 * 2400 * 4

        def grpc_png() -> None:
            stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.PNG), timeout=30)

        def grpc_rgba_half() -> None:
            image = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.RGBA8888, width=540), timeout=30)
            assert len(image.image) == 540 * 1200 * 4

        # The same RPC without protobuf decoding on the client: what the transport alone costs.
        raw_call = channel.unary_unary(
            "/android.emulation.control.EmulatorController/getScreenshot",
            request_serializer=pb.ImageFormat.SerializeToString,
            response_deserializer=None,
        )

        def grpc_rgba_undecoded() -> None:
            data = raw_call(pb.ImageFormat(format=pb.ImageFormat.RGBA8888), timeout=30)
            assert len(data) > 1080 * 2400 * 4

        results = {
            "dump_in_process": in_process_dump(rounds),
            "dump_adbutils": median_ms(dev.dump_hierarchy, rounds),
            "screencap_static": median_ms(screencap, rounds),
            "grpc_rgba_static": median_ms(grpc_rgba, rounds),
            "grpc_rgba_undecoded": median_ms(grpc_rgba_undecoded, rounds),
            "grpc_rgba_540_static": median_ms(grpc_rgba_half, rounds),
            "grpc_png_static": median_ms(grpc_png, rounds),
            "screencap_changing": median_ms(screencap, rounds, change_screen),
            "grpc_rgba_changing": median_ms(grpc_rgba, rounds, change_screen),
        }
        channel.close()

    print(f"rounds per measurement: {rounds}")
    for name, value in results.items():
        print(f"{name:22s} {value:8.2f} ms")
    print(f"screencap/gRPC RGBA, static screen:   {results['screencap_static'] / results['grpc_rgba_static']:.2f}x")
    print(f"screencap/gRPC RGBA, changing screen: {results['screencap_changing'] / results['grpc_rgba_changing']:.2f}x")


if __name__ == "__main__":
    main()
