"""Image maths per family (notes §0.5) and the set-of-marks drawing."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from pytest_anyapp.agents.models import images


@pytest.mark.parametrize(
    ("factor", "min_pixels", "max_pixels", "expected"),
    [
        (28, 3136, 10035200, (2408, 1092)),   # GUI-Owl / Qwen2.5-VL
        (32, 3136, 10035200, (2400, 1088)),   # Qwen3-VL
        (28, 830000, 937664, (1428, 644)),    # UI-Venus-Navi-7B official
    ],
)
def test_smart_resize_of_an_androidworld_screenshot(factor: int, min_pixels: int, max_pixels: int,
                                                    expected: tuple[int, int]) -> None:
    assert images.smart_resize(2400, 1080, factor, min_pixels, max_pixels) == expected


def test_smart_resize_scales_tiny_images_up_to_the_minimum() -> None:
    h, w = images.smart_resize(10, 10, 28, 3136, 10035200)
    assert h % 28 == 0 and w % 28 == 0 and h * w >= 3136


@pytest.mark.parametrize("size", [(1080, 2400), (720, 1600), (1440, 3120)])
def test_resized_sides_are_multiples_of_the_factor_within_bounds(size: tuple[int, int]) -> None:
    w, h = images.target_size(size, images.ImageLimits(28, 830000, 937664))
    assert w % 28 == 0 and h % 28 == 0
    assert 830000 * 0.8 <= w * h <= 937664


def test_factor_zero_keeps_the_screenshot_size() -> None:
    shot = Image.new("RGB", (1080, 2400))
    assert images.prepare(shot, images.ImageLimits(factor=0)).size == (1080, 2400)


def test_data_url_round_trips_png_and_jpeg() -> None:
    shot = Image.new("RGB", (64, 48), (10, 20, 30))
    for fmt, mime in (("png", "image/png"), ("jpeg", "image/jpeg")):
        url = images.data_url(shot, fmt)
        header, data = url.split(",", 1)
        assert header == f"data:{mime};base64"
        decoded = Image.open(io.BytesIO(base64.b64decode(data)))
        assert decoded.size == (64, 48) and decoded.format.lower() == fmt


def test_marks_outline_each_box_and_leave_the_rest_untouched() -> None:
    shot = Image.new("RGB", (400, 400), (255, 255, 255))
    marked = images.draw_marks(shot, [(10, 10, 100, 100), (200, 200, 390, 390)])
    assert shot.getpixel((10, 50)) == (255, 255, 255), "the original must not be drawn on"
    assert marked.getpixel((10, 50)) != (255, 255, 255)      # left edge of box 0
    assert marked.getpixel((390, 300)) != (255, 255, 255)    # right edge of box 1
    assert marked.getpixel((150, 150)) == (255, 255, 255)    # between the boxes
