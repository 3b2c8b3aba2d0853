"""The screen is measured, not assumed: ``wm size`` at lane start, every screenshot checked against it.

A screenshot whose size is neither the measured size nor its rotation (width and height swapped)
means the device is not the one we measured: the episode is ``invalid`` (cause ``screen_size``),
never scored with coordinates computed for another screen. A rotated screenshot is accepted and its
own size is what the agent sees and what actions are computed in.
"""

from __future__ import annotations

import re
import struct
from typing import Protocol

from pytest_anyapp.errors import DeviceError

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_SIZE = re.compile(r"^(Physical|Override) size:\s*(\d+)x(\d+)\s*$", re.MULTILINE)


class _Shell(Protocol):
    def check(self, cmd: str, *, timeout_s: float | None = None) -> str: ...


def parse_wm_size(output: str) -> tuple[int, int]:
    """``wm size`` output -> (width, height); an override (``wm size WxH``) wins over the physical size."""
    sizes = {kind: (int(w), int(h)) for kind, w, h in _SIZE.findall(output)}
    size = sizes.get("Override") or sizes.get("Physical")
    if size is None or min(size) <= 0:
        raise DeviceError(f"cannot read the screen size from `wm size`: {output.strip()[:200]!r}", cause="screen_size")
    return size


def measure_screen(device: _Shell) -> tuple[int, int]:
    """The display size in its natural orientation, as the device reports it."""
    return parse_wm_size(device.check("wm size"))


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from the PNG header, without decoding the image."""
    if len(png) < 24 or not png.startswith(_PNG_SIGNATURE) or png[12:16] != b"IHDR":
        raise DeviceError("the screenshot is not a PNG", cause="screen_size")
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def screenshot_size(png: bytes, measured: tuple[int, int]) -> tuple[int, int]:
    """This screenshot's size, refused unless it is the measured screen, upright or rotated."""
    size = png_size(png)
    if size not in (measured, (measured[1], measured[0])):
        raise DeviceError(f"screenshot is {size[0]}x{size[1]} but the screen measured "
                          f"{measured[0]}x{measured[1]} at lane start", cause="screen_size")
    return size
