"""Emulator gRPC client (EmulatorController). grpc is imported only when a lane has a gRPC port."""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING

from pytest_anyapp.errors import DeviceError

if TYPE_CHECKING:
    from pytest_anyapp.device.adb_link import WireMeter


class EmulatorGrpc:
    def __init__(self, host: str, port: int, *, timeout_s: float = 20.0, meter: WireMeter | None = None) -> None:
        os.environ.setdefault("GRPC_VERBOSITY", "ERROR")  # grpc core logs INFO lines to stderr otherwise
        import grpc

        from pytest_anyapp.emulator_proto import emulator_controller_pb2_grpc as pb_grpc

        self._grpc = grpc
        self._channel = grpc.insecure_channel(
            f"{host}:{port}",
            options=[("grpc.max_receive_message_length", -1), ("grpc.max_send_message_length", -1)],
        )
        self._stub = pb_grpc.EmulatorControllerStub(self._channel)
        self.timeout_s = timeout_s
        self.meter = meter
        #: False once the emulator answered a PNG request with something else (then RGBA is used).
        self.png_ok = True

    def _call(self, name: str, request: object) -> object:
        try:
            reply = getattr(self._stub, name)(request, timeout=self.timeout_s)
        except self._grpc.RpcError as exc:
            raise DeviceError(f"gRPC {name} failed: {exc.code().name}: {exc.details()}") from exc
        if self.meter is not None:
            self.meter.grpc_call(request.ByteSize(), reply.ByteSize())  # type: ignore[attr-defined]
        return reply

    def screenshot_png(self) -> bytes:
        """The emulator's PNG (one call; ~100x fewer bytes than a raw frame). An emulator that
        answers the PNG request with anything but a PNG gets RGBA8888 frames encoded here."""
        from pytest_anyapp.emulator_proto import emulator_controller_pb2 as pb

        if self.png_ok:
            image = self._call("getScreenshot", pb.ImageFormat(format=pb.ImageFormat.PNG))
            data = bytes(image.image)  # type: ignore[attr-defined]
            if data.startswith(b"\x89PNG"):
                return data
            self.png_ok = False
        return self._rgba_png()

    def _rgba_png(self) -> bytes:
        from PIL import Image

        from pytest_anyapp.emulator_proto import emulator_controller_pb2 as pb

        image = self._call("getScreenshot", pb.ImageFormat(format=pb.ImageFormat.RGBA8888))
        fmt = image.format  # type: ignore[attr-defined]
        frame = Image.frombytes("RGBA", (fmt.width, fmt.height), image.image).convert("RGB")  # type: ignore[attr-defined]
        buf = io.BytesIO()
        frame.save(buf, format="PNG", compress_level=1)
        return buf.getvalue()

    def booted(self) -> bool:
        from google.protobuf import empty_pb2

        status = self._call("getStatus", empty_pb2.Empty())
        return bool(status.booted)  # type: ignore[attr-defined]

    def close(self) -> None:
        self._channel.close()
