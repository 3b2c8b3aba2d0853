"""The emulator gRPC endpoint with a real grpcio client (local credentials, like AndroidEnv)."""
from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.protobuf import empty_pb2
from PIL import Image
from ui_helpers import center_of

from pytest_anyapp.emulator_proto import emulator_controller_pb2 as pb
from pytest_anyapp.emulator_proto import emulator_controller_pb2_grpc as pb_grpc
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.grpc_service import android_keycode, start_grpc_server
from pytest_anyapp.sim.ui.window import LAUNCHER_PACKAGE


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[SimDevice, pb_grpc.EmulatorControllerStub]]:
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    server = start_grpc_server(device, "127.0.0.1", 0)
    channel = grpc.secure_channel(
        f"localhost:{server.bound_port}",  # type: ignore[attr-defined]
        grpc.local_channel_credentials(),
        options=[("grpc.max_receive_message_length", -1)],
    )
    try:
        yield device, pb_grpc.EmulatorControllerStub(channel)
    finally:
        channel.close()
        server.stop(None)


def test_status(served: tuple[SimDevice, pb_grpc.EmulatorControllerStub]) -> None:
    device, stub = served
    status = stub.getStatus(empty_pb2.Empty(), timeout=10)
    assert status.booted
    assert status.version
    assert status.vmConfig.numberOfCpuCores > 0 and status.vmConfig.ramSizeBytes > 0
    hw = {e.key: e.value for e in status.hardwareConfig.entry}
    assert (hw["hw.lcd.width"], hw["hw.lcd.height"]) == ("1080", "2400")
    device.set_faults(not_booted=True)
    assert not stub.getStatus(empty_pb2.Empty(), timeout=10).booted


def test_screenshot_formats_and_scaling(served: tuple[SimDevice, pb_grpc.EmulatorControllerStub]) -> None:
    device, stub = served
    rgba = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.RGBA8888), timeout=10)
    assert (rgba.format.width, rgba.format.height) == (1080, 2400)
    assert rgba.format.format == pb.ImageFormat.RGBA8888
    assert len(rgba.image) == 1080 * 2400 * 4 and rgba.seq == 0 and rgba.timestampUs > 0
    top_down = Image.frombytes("RGBA", (1080, 2400), rgba.image).convert("RGB")
    assert top_down.tobytes() == device.ui.screenshot().tobytes()  # rows top-down, same pixels

    rgb = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.RGB888, width=540), timeout=10)
    assert (rgb.format.width, rgb.format.height, rgb.width, rgb.height) == (540, 1200, 540, 1200)
    assert len(rgb.image) == 540 * 1200 * 3

    png = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.PNG, width=800, height=800), timeout=10)
    assert (png.format.width, png.format.height) == (360, 800)
    assert Image.open(io.BytesIO(png.image)).size == (360, 800)


def test_touch_tap_opens_an_app_and_home_key_returns(served: tuple[SimDevice, pb_grpc.EmulatorControllerStub]) -> None:
    device, stub = served
    x, y = center_of(device.ui.dump_xml(), text="Demo Notes")
    stub.sendTouch(pb.TouchEvent(touches=[pb.Touch(x=0, y=0, pressure=0)]), timeout=10)  # no-op lift
    assert device.ui.focused()[0] == LAUNCHER_PACKAGE
    stub.sendTouch(pb.TouchEvent(touches=[pb.Touch(x=x, y=y, pressure=1, identifier=0)]), timeout=10)
    stub.sendTouch(pb.TouchEvent(touches=[pb.Touch(x=x, y=y, pressure=0, identifier=0)]), timeout=10)
    assert device.ui.focused()[0] == "com.anyappbench.demo"
    stub.sendKey(pb.KeyboardEvent(eventType=pb.KeyboardEvent.keypress, key="GoHome"), timeout=10)
    assert device.ui.focused()[0] == LAUNCHER_PACKAGE


def test_keys_text_and_keycodes(served: tuple[SimDevice, pb_grpc.EmulatorControllerStub]) -> None:
    device, stub = served
    ui = device.ui
    ui.tap(*center_of(ui.dump_xml(), resource_id=f"{LAUNCHER_PACKAGE}:id/input"))
    stub.sendKey(pb.KeyboardEvent(text="Demo"), timeout=10)
    assert 'text="Demo"' in ui.dump_xml()
    stub.sendKey(pb.KeyboardEvent(eventType=pb.KeyboardEvent.keydown, key="Backspace"), timeout=10)
    stub.sendKey(pb.KeyboardEvent(eventType=pb.KeyboardEvent.keyup, key="Backspace"), timeout=10)
    assert 'text="Dem"' in ui.dump_xml()
    # XKB keycode of Backspace is evdev 14 + 8
    stub.sendKey(pb.KeyboardEvent(codeType=pb.KeyboardEvent.XKB, eventType=pb.KeyboardEvent.keypress, keyCode=22), timeout=10)
    assert 'text="De"' in ui.dump_xml()
    assert android_keycode(pb.KeyboardEvent.Evdev, 158) == 4  # KEY_BACK
    assert android_keycode(pb.KeyboardEvent.Usb, 0x04) == 29  # 'a'
    assert android_keycode(pb.KeyboardEvent.Win, 0x0D) == 66  # Enter


def test_unavailable_fault_aborts_every_rpc(served: tuple[SimDevice, pb_grpc.EmulatorControllerStub]) -> None:
    device, stub = served
    device.set_faults(grpc_unavailable=True)
    calls = [
        lambda: stub.getStatus(empty_pb2.Empty(), timeout=10),
        lambda: stub.getScreenshot(pb.ImageFormat(), timeout=10),
        lambda: stub.sendTouch(pb.TouchEvent(), timeout=10),
        lambda: stub.sendKey(pb.KeyboardEvent(key="GoHome"), timeout=10),
    ]
    for call in calls:
        with pytest.raises(grpc.RpcError) as info:
            call()
        assert info.value.code() == grpc.StatusCode.UNAVAILABLE
    device.set_faults(grpc_unavailable=False)
    assert stub.getStatus(empty_pb2.Empty(), timeout=10).booted
