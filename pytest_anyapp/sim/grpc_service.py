"""The emulator's gRPC control endpoint (``android.emulation.control.EmulatorController``).

Serves getScreenshot, sendTouch, sendKey and getStatus on the device's gRPC port the way the
emulator does, so AndroidEnv-style clients work unchanged (they connect with local channel
credentials, which put plaintext on a loopback socket). grpc is imported only here: it is heavy.
A single getScreenshot always has ``seq`` 0, as the emulator documents for non-streamed images.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent import futures
from typing import TYPE_CHECKING, Any, TypeVar

import grpc
from google.protobuf import empty_pb2

from pytest_anyapp.emulator_proto import emulator_controller_pb2 as pb

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

EMULATOR_VERSION = "35.1.4.0 (build_id 11237101) (CL:N/A)"
_MESSAGE_LIMIT = 64 * 1024 * 1024

# W3C KeyboardEvent.key names the emulator understands -> Android keycodes.
W3C_KEYS: dict[str, int] = {
    "GoHome": 3,
    "GoBack": 4,
    "Enter": 66,
    "Backspace": 67,
    "Delete": 112,
    "Tab": 61,
    "Escape": 111,
    "AppSwitch": 187,
    "Power": 26,
    "ArrowUp": 19,
    "ArrowDown": 20,
    "ArrowLeft": 21,
    "ArrowRight": 22,
    "Control": 113,
    "ContextMenu": 82,
}

# Linux evdev key codes (what the emulator translates every code type into) -> Android keycodes.
_EVDEV: dict[int, int] = {
    1: 111, 14: 67, 15: 61, 28: 66, 29: 113, 57: 62, 103: 19, 105: 21, 106: 22, 108: 20,
    111: 112, 116: 26, 139: 82, 158: 4, 172: 3, 580: 187,
    12: 69, 13: 70, 51: 55, 52: 56, 53: 76,
}
_EVDEV.update({2 + i: 8 + i for i in range(9)})  # KEY_1..KEY_9 -> KEYCODE_1..9
_EVDEV[11] = 7  # KEY_0
for _letter, _code in zip("qwertyuiop", range(16, 26), strict=True):
    _EVDEV[_code] = 29 + ord(_letter) - ord("a")
for _letter, _code in zip("asdfghjkl", range(30, 39), strict=True):
    _EVDEV[_code] = 29 + ord(_letter) - ord("a")
for _letter, _code in zip("zxcvbnm", range(44, 51), strict=True):
    _EVDEV[_code] = 29 + ord(_letter) - ord("a")

_USB_TO_EVDEV: dict[int, int] = {0x28: 28, 0x29: 1, 0x2A: 14, 0x2B: 15, 0x2C: 57, 0x4C: 111}
_WIN_TO_EVDEV: dict[int, int] = {0x0D: 28, 0x1B: 1, 0x08: 14, 0x09: 15, 0x20: 57, 0x2E: 111, 0x24: 172}
_MAC_TO_EVDEV: dict[int, int] = {36: 28, 53: 1, 51: 14, 48: 15, 49: 57, 117: 111}


def android_keycode(code_type: int, key_code: int) -> int | None:
    """Translate a KeyboardEvent ``keyCode`` of the given ``codeType`` to an Android keycode."""
    kt = pb.KeyboardEvent.KeyCodeType
    evdev: int | None
    if code_type == kt.Evdev:
        evdev = key_code
    elif code_type == kt.XKB:
        evdev = key_code - 8
    elif code_type == kt.Usb:
        if 0x04 <= key_code <= 0x1D:
            return 29 + key_code - 0x04
        if 0x1E <= key_code <= 0x26:
            return 8 + key_code - 0x1E
        if key_code == 0x27:
            return 7
        evdev = _USB_TO_EVDEV.get(key_code)
    elif code_type == kt.Win:
        if 0x41 <= key_code <= 0x5A:
            return 29 + key_code - 0x41
        if 0x30 <= key_code <= 0x39:
            return 7 + key_code - 0x30
        evdev = _WIN_TO_EVDEV.get(key_code)
    else:
        evdev = _MAC_TO_EVDEV.get(key_code)
    return None if evdev is None else _EVDEV.get(evdev)


Req = TypeVar("Req")
Resp = TypeVar("Resp")


def _guarded(method: Callable[[Any, Req, grpc.ServicerContext], Resp]) -> Callable[[Any, Req, grpc.ServicerContext], Resp]:
    """Abort with UNAVAILABLE while the device's ``grpc_unavailable`` fault is set."""

    def wrapper(self: _Controller, request: Req, context: grpc.ServicerContext) -> Resp:
        if self.device.faults.grpc_unavailable:
            context.abort(grpc.StatusCode.UNAVAILABLE, "emulator gRPC endpoint unavailable (injected fault)")
        return method(self, request, context)

    wrapper.__name__ = method.__name__
    return wrapper


_FORMATS = {
    pb.ImageFormat.PNG: "png",
    pb.ImageFormat.RGBA8888: "RGBA",
    pb.ImageFormat.RGB888: "RGB",
}


class _Controller:
    def __init__(self, device: SimDevice) -> None:
        self.device = device

    @_guarded
    def getStatus(self, request: empty_pb2.Empty, context: grpc.ServicerContext) -> pb.EmulatorStatus:
        d = self.device
        hardware = {
            "avd.name": d.config.avd_name,
            "hw.device.name": "pixel_6",
            "hw.lcd.width": "1080",
            "hw.lcd.height": "2400",
            "hw.lcd.density": d.props.get("ro.sf.lcd_density", "420"),
            "hw.cpu.arch": "x86_64",
            "hw.cpu.ncore": "4",
            "hw.ramSize": "2048",
            "hw.gpu.enabled": "yes",
            "hw.gpu.mode": "swiftshader_indirect",
            "image.sysdir.1": "system-images/android-33/google_apis/x86_64/",
            "tag.id": "google_apis",
        }
        return pb.EmulatorStatus(
            version=EMULATOR_VERSION,
            uptime=int((time.time() - d.boot_time) * 1000),
            booted=d.getprop("sys.boot_completed") == "1",
            vmConfig=pb.VmConfiguration(
                hypervisorType=pb.VmConfiguration.KVM, numberOfCpuCores=4, ramSizeBytes=2048 * 1024 * 1024
            ),
            hardwareConfig=pb.EntryList(entry=[pb.Entry(key=k, value=v) for k, v in hardware.items()]),
        )

    @_guarded
    def getScreenshot(self, request: pb.ImageFormat, context: grpc.ServicerContext) -> bytes:
        """Returns the serialized ``Image``, built once per frame and size: a 10 MB RGBA frame is
        then neither copied into a message nor re-serialized on every poll."""
        fmt = _FORMATS.get(request.format)
        if fmt is None:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"unknown image format {request.format}")
        # Surface rotation 0..3 maps onto PORTRAIT, LANDSCAPE, REVERSE_PORTRAIT, REVERSE_LANDSCAPE.
        rotation = pb.Rotation(rotation=self.device.ui.rotation())  # type: ignore[arg-type]
        if request.display != 0:  # no secondary displays: an empty image, like an inactive display
            return pb.Image(format=pb.ImageFormat(format=request.format, rotation=rotation, display=request.display)).SerializeToString()
        ui = self.device.ui

        def encode() -> bytes:
            data, width, height = ui.screenshot_bytes(fmt, request.width, request.height)
            head = pb.Image(
                format=pb.ImageFormat(format=request.format, rotation=rotation, width=width, height=height),
                width=width,
                height=height,
                seq=0,
                timestampUs=ui.frame_time_us(),
            ).SerializeToString()
            return head + _bytes_field(4, data)  # fields may come in any order on the wire

        return ui.per_frame(f"grpc:{fmt}:{request.width}x{request.height}", encode)

    @_guarded
    def sendTouch(self, request: pb.TouchEvent, context: grpc.ServicerContext) -> empty_pb2.Empty:
        if request.display == 0:  # the emulator delivers touch to the main display only
            for touch in request.touches:
                self.device.ui.touch(touch.x, touch.y, touch.pressure, touch.identifier)
        return empty_pb2.Empty()

    @_guarded
    def sendKey(self, request: pb.KeyboardEvent, context: grpc.ServicerContext) -> empty_pb2.Empty:
        ui = self.device.ui
        if request.text:
            ui.type_text(request.text)
            return empty_pb2.Empty()
        if request.eventType == pb.KeyboardEvent.keyup:
            return empty_pb2.Empty()  # acted on at keydown; keypress = down + up
        if request.key:
            code = W3C_KEYS.get(request.key)
            if code is not None:
                ui.key(code)
            elif len(request.key) == 1 and 32 <= ord(request.key) < 127:
                ui.type_text(request.key)
            return empty_pb2.Empty()
        code = android_keycode(request.codeType, request.keyCode)
        if code is not None:
            ui.key(code)
        return empty_pb2.Empty()


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _bytes_field(number: int, data: bytes) -> bytes:
    """A length-delimited protobuf field (wire type 2)."""
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def _handlers(controller: _Controller) -> grpc.GenericRpcHandler:
    """The service's method table; getScreenshot answers with pre-serialized bytes."""
    def identity(data: bytes) -> bytes:
        return data

    methods = {
        "getStatus": grpc.unary_unary_rpc_method_handler(
            controller.getStatus, request_deserializer=empty_pb2.Empty.FromString,
            response_serializer=pb.EmulatorStatus.SerializeToString),
        "getScreenshot": grpc.unary_unary_rpc_method_handler(
            controller.getScreenshot, request_deserializer=pb.ImageFormat.FromString, response_serializer=identity),
        "sendTouch": grpc.unary_unary_rpc_method_handler(
            controller.sendTouch, request_deserializer=pb.TouchEvent.FromString,
            response_serializer=empty_pb2.Empty.SerializeToString),
        "sendKey": grpc.unary_unary_rpc_method_handler(
            controller.sendKey, request_deserializer=pb.KeyboardEvent.FromString,
            response_serializer=empty_pb2.Empty.SerializeToString),
    }
    return grpc.method_handlers_generic_handler(SERVICE, methods)


SERVICE = "android.emulation.control.EmulatorController"


def start_grpc_server(device: SimDevice, host: str = "127.0.0.1", port: int = 8554) -> grpc.Server:
    """Serve the controller on ``host:port`` (0 = any free port; see ``server.bound_port``)."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=8, thread_name_prefix="sim-grpc"),
        # so_reuseport off: gRPC turns it on by default on Linux, which would let a second device
        # (another run's) bind the same port and steal half its connections.
        options=[("grpc.max_send_message_length", _MESSAGE_LIMIT), ("grpc.max_receive_message_length", _MESSAGE_LIMIT),
                 ("grpc.so_reuseport", 0)],
    )
    server.add_generic_rpc_handlers((_handlers(_Controller(device)),))
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot bind gRPC port {host}:{port}")
    server.bound_port = bound  # type: ignore[attr-defined]
    server.start()
    return server
