"""The checked-in emulator proto: wire names/numbers as the emulator's, generated code in sync."""
from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.emulator_proto import emulator_controller_pb2 as pb

HERE = Path(pb.__file__).parent


def fields(message: type) -> dict[str, int]:
    return {f.name: f.number for f in message.DESCRIPTOR.fields}  # type: ignore[attr-defined]


def test_service_and_message_numbers_match_the_emulator() -> None:
    service = pb.DESCRIPTOR.services_by_name["EmulatorController"]
    assert service.full_name == "android.emulation.control.EmulatorController"
    assert {"getScreenshot", "sendTouch", "sendKey", "getStatus"} <= {m.name for m in service.methods}
    assert fields(pb.ImageFormat) == {"format": 1, "rotation": 2, "width": 3, "height": 4, "display": 5, "transport": 6, "foldedDisplay": 7}
    assert fields(pb.Image) == {"format": 1, "width": 2, "height": 3, "image": 4, "seq": 5, "timestampUs": 6}
    assert fields(pb.Touch) == {"x": 1, "y": 2, "identifier": 3, "pressure": 4, "touch_major": 5, "touch_minor": 6, "expiration": 7}
    assert fields(pb.TouchEvent) == {"touches": 1, "display": 2}
    assert fields(pb.KeyboardEvent) == {"codeType": 1, "eventType": 2, "keyCode": 3, "key": 4, "text": 5}
    assert fields(pb.EmulatorStatus) == {"version": 1, "uptime": 2, "booted": 3, "vmConfig": 4, "hardwareConfig": 5}
    assert fields(pb.VmConfiguration) == {"hypervisorType": 1, "numberOfCpuCores": 2, "ramSizeBytes": 3}
    assert (pb.ImageFormat.PNG, pb.ImageFormat.RGBA8888, pb.ImageFormat.RGB888) == (0, 1, 2)
    assert (pb.KeyboardEvent.keydown, pb.KeyboardEvent.keyup, pb.KeyboardEvent.keypress) == (0, 1, 2)
    assert (pb.KeyboardEvent.Usb, pb.KeyboardEvent.Evdev, pb.KeyboardEvent.XKB, pb.KeyboardEvent.Win,
            pb.KeyboardEvent.Mac) == (0, 1, 2, 3, 4)


def test_generated_code_is_in_sync_with_the_proto(tmp_path: Path) -> None:
    pytest.importorskip("grpc_tools")
    from pytest_anyapp.emulator_proto.generate import generate

    assert generate(tmp_path) == 0
    out = tmp_path / "pytest_anyapp" / "emulator_proto"
    for name in ("emulator_controller_pb2.py", "emulator_controller_pb2.pyi", "emulator_controller_pb2_grpc.py"):
        stale = f"{name} is stale: run python -m pytest_anyapp.emulator_proto.generate"
        assert (out / name).read_text() == (HERE / name).read_text(), stale
