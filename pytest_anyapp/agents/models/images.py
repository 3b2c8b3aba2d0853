"""Screenshot preparation for model prompts: resize the way each model family was trained,
encode as a data URL, and draw numbered set-of-marks boxes for M3A-style agents.

Getting the resized size exactly right matters: the Qwen2.5-VL family answers in pixels of the
image it saw, so any size the server re-resizes to silently skews every coordinate.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

# Reference constants (12800 visual tokens x 28^2); the Qwen2.5-VL server-side defaults.
QWEN_MIN_PIXELS = 3136
QWEN_MAX_PIXELS = 10035200


@dataclass(frozen=True)
class ImageLimits:
    """How a family resizes: ``factor`` 0 means "send the screenshot as it is"."""

    factor: int = 0
    min_pixels: int = QWEN_MIN_PIXELS
    max_pixels: int = QWEN_MAX_PIXELS


def _round_by(value: float, factor: int) -> int:
    return round(value / factor) * factor


def smart_resize(height: int, width: int, factor: int, min_pixels: int, max_pixels: int) -> tuple[int, int]:
    """Return ``(height, width)``: each side a multiple of ``factor``, area within the pixel bounds.

    Sides are first rounded to the factor; if the area is too large both sides are scaled down
    and floored to the factor, if too small scaled up and ceiled (the qwen-vl-utils rule).
    """
    if height <= 0 or width <= 0:
        raise ValueError(f"image size must be positive, got {width}x{height}")
    h_bar = max(factor, _round_by(height, factor))
    w_bar = max(factor, _round_by(width, factor))
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt((height * width) / max_pixels)
        h_bar = max(factor, math.floor(height / beta / factor) * factor)
        w_bar = max(factor, math.floor(width / beta / factor) * factor)
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


def open_png(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def target_size(image_size: tuple[int, int], limits: ImageLimits) -> tuple[int, int]:
    """``(width, height)`` the model will see for a screenshot of ``image_size`` (width, height)."""
    width, height = image_size
    if limits.factor <= 0:
        return width, height
    h, w = smart_resize(height, width, limits.factor, limits.min_pixels, limits.max_pixels)
    return w, h


def prepare(image: Image.Image, limits: ImageLimits) -> Image.Image:
    """Resize to the family's size (no-op when the size already matches or factor is 0)."""
    size = target_size(image.size, limits)
    if size == image.size:
        return image
    return image.resize(size, Image.Resampling.BICUBIC)


def encode(image: Image.Image, fmt: str = "png") -> bytes:
    buf = io.BytesIO()
    if fmt == "jpeg":
        image.convert("RGB").save(buf, format="JPEG", quality=90)
    else:
        image.save(buf, format="PNG")
    return buf.getvalue()


def data_url(image: Image.Image, fmt: str = "png") -> str:
    mime = "image/jpeg" if fmt == "jpeg" else "image/png"
    return f"data:{mime};base64,{base64.b64encode(encode(image, fmt)).decode('ascii')}"


_MARK_COLOURS = ((230, 25, 75), (60, 180, 75), (0, 130, 200), (245, 130, 48), (145, 30, 180), (0, 128, 128))


def draw_marks(image: Image.Image, boxes: Sequence[tuple[int, int, int, int]]) -> Image.Image:
    """Copy of ``image`` with box ``i`` outlined and labelled ``i`` (the set-of-marks view).

    Boxes are in the image's own pixels; the label sits inside the top-left corner so it stays
    on screen for elements touching the edge.
    """
    marked = image.copy()
    draw = ImageDraw.Draw(marked)
    font = ImageFont.load_default(size=max(14, image.size[0] // 40))
    for i, (left, top, right, bottom) in enumerate(boxes):
        colour = _MARK_COLOURS[i % len(_MARK_COLOURS)]
        draw.rectangle((left, top, right, bottom), outline=colour, width=3)
        label = str(i)
        tl, tt, tr, tb = draw.textbbox((left + 3, top + 3), label, font=font)
        draw.rectangle((tl - 2, tt - 2, tr + 2, tb + 2), fill=colour)
        draw.text((left + 3, top + 3), label, fill=(255, 255, 255), font=font)
    return marked


def image_part(image: Image.Image, fmt: str = "png", detail: str | None = None) -> dict[str, object]:
    """An OpenAI chat ``image_url`` content part holding ``image`` as a base64 data URL."""
    url: dict[str, object] = {"url": data_url(image, fmt)}
    if detail is not None:
        url["detail"] = detail
    return {"type": "image_url", "image_url": url}
