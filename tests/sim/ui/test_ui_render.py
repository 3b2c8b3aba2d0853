"""The renderer: size, legible text inside the dumped bounds, affordances, caching."""
from __future__ import annotations

import io
import re

from PIL import Image, ImageChops
from toy_app import PACKAGE
from ui_helpers import center_of, nodes

from pytest_anyapp.sim.device import SimDevice


def bounds_of(xml: str, **match: str) -> tuple[int, int, int, int]:
    wanted = {k.replace("_", "-"): v for k, v in match.items()}
    for attrs in nodes(xml):
        if all(attrs.get(k) == v for k, v in wanted.items()):
            left, top, right, bottom = map(int, re.findall(r"\d+", attrs["bounds"]))
            return left, top, right, bottom
    raise AssertionError(wanted)


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    data = image.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def distinct_colors(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    return len(image.crop(box).getcolors(maxcolors=1 << 16) or [])


def test_screenshot_is_rgb_1080x2400(toy: SimDevice) -> None:
    image = toy.ui.screenshot()
    assert image.mode == "RGB" and image.size == (1080, 2400)


def test_text_is_drawn_inside_its_label_bounds(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    image = toy.ui.screenshot()
    box = bounds_of(xml, text="Row 4")
    crop = image.crop(box)
    background = crop.getpixel((crop.width - 1, crop.height - 1))
    dark = sum(1 for px in pixels(crop) if sum(px) < sum(background) - 300)  # type: ignore[arg-type]
    assert dark > 100, "glyph pixels expected inside the label's bounds"
    assert distinct_colors(image, box) > 5  # anti-aliased text, not a flat fill
    # the empty right part of the toolbar title's bounds ("Toy" is short) is flat background
    title = bounds_of(xml, text="Toy")
    gap = (title[0] + 300, title[1] + 5, title[0] + 500, title[3] - 5)
    assert distinct_colors(image, gap) == 1


def test_hint_is_grey_and_focus_draws_an_accent_underline(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    box = bounds_of(xml, resource_id=f"{PACKAGE}:id/name")
    before = toy.ui.screenshot().copy()
    underline_before = before.getpixel(((box[0] + box[2]) // 2, box[3] - 1))
    toy.ui.tap(*center_of(xml, resource_id=f"{PACKAGE}:id/name"))
    after = toy.ui.screenshot()
    underline_after = after.getpixel(((box[0] + box[2]) // 2, box[3] - 1))
    assert underline_before != underline_after
    hint_pixels = [px for px in pixels(before.crop(box)) if max(px) - min(px) < 10 and 90 < px[0] < 200]
    assert hint_pixels, "hint text should be drawn in grey"


def test_checkbox_state_changes_pixels(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    box = bounds_of(xml, resource_id=f"{PACKAGE}:id/star")
    before = toy.ui.screenshot().crop(box)
    toy.ui.tap(*center_of(xml, resource_id=f"{PACKAGE}:id/star"))
    after = toy.ui.screenshot().crop(box)
    assert ImageChops.difference(before, after).getbbox() is not None


def test_dialog_dims_the_background(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    probe = (1070, 1500)  # app background at the right edge, outside where the dialog will be
    before = toy.ui.screenshot().getpixel(probe)
    toy.ui.tap(*center_of(xml, resource_id=f"{PACKAGE}:id/ask"))
    after = toy.ui.screenshot().getpixel(probe)
    assert sum(after) < sum(before) - 150  # type: ignore[arg-type]
    dialog = bounds_of(toy.ui.dump_xml(), resource_id="android:id/alertTitle")
    assert distinct_colors(toy.ui.screenshot(), dialog) > 5


def test_unchanged_frames_reuse_the_rendering(toy: SimDevice) -> None:
    first = toy.ui.screenshot()
    assert toy.ui.screenshot() is first
    png = toy.ui.screenshot_png()
    assert toy.ui.screenshot_png() is png
    assert Image.open(io.BytesIO(png)).size == (1080, 2400)
    toy.ui.tap(*center_of(toy.ui.dump_xml(), resource_id=f"{PACKAGE}:id/star"))
    assert toy.ui.screenshot() is not first


def test_scaled_and_raw_variants(toy: SimDevice) -> None:
    raw, w, h = toy.ui.screenshot_bytes("RGBA")
    assert (w, h) == (1080, 2400) and len(raw) == 1080 * 2400 * 4
    rgb, w, h = toy.ui.screenshot_bytes("RGB", 540, 0)
    assert (w, h) == (540, 1200) and len(rgb) == 540 * 1200 * 3
    png, w, h = toy.ui.screenshot_bytes("png", 1000, 1000)
    assert (w, h) == (450, 1000)
    assert Image.open(io.BytesIO(png)).size == (450, 1000)
    rgba_image = Image.frombytes("RGBA", (1080, 2400), raw).convert("RGB")
    assert ImageChops.difference(rgba_image, toy.ui.screenshot()).getbbox() is None


def test_partially_scrolled_rows_are_cropped_to_their_visible_bounds(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    lst = bounds_of(xml, resource_id=f"{PACKAGE}:id/rows")
    x = (lst[0] + lst[2]) // 2
    toy.ui.swipe(x, lst[3] - 10, x, lst[3] - 110, 300)  # scroll 100 px: top row half hidden
    image = toy.ui.screenshot()
    above = image.crop((lst[0], lst[1] - 12, lst[2], lst[1]))
    # nothing from the list leaks above the list's top edge
    assert distinct_colors(image, (lst[0] + 400, lst[1] - 12, lst[2] - 50, lst[1])) <= 2, above
