"""Sizes, colours and fonts of the simulated Pixel 6 (420 dpi), shared by layout and renderer.

Layout measures text with the same fonts the renderer draws with; keeping both here is what makes
the bounds in the uiautomator dump match the pixels in the screenshot.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

DENSITY = 420
SCALE = DENSITY / 160  # px per dp (and per sp at font scale 1.0)

SCREEN_W = 1080
SCREEN_H = 2400
STATUS_BAR_H = 136
NAV_BAR_H = 63  # gesture navigation handle area


def dp(value: float) -> int:
    """Density-independent pixels to device pixels, rounded like Android's ``TypedValue``."""
    return int(value * SCALE + 0.5)


# Colours (Material 3 baseline, light theme).
BACKGROUND = (255, 251, 254)
SURFACE = (255, 251, 254)
SURFACE_VARIANT = (231, 224, 236)
ON_SURFACE = (28, 27, 31)
ON_SURFACE_VARIANT = (73, 69, 79)
OUTLINE = (121, 116, 126)
HINT = (120, 120, 120)
DISABLED = (170, 168, 172)
PRIMARY = (103, 80, 164)
ON_PRIMARY = (255, 255, 255)
PRIMARY_CONTAINER = (234, 221, 255)
DIVIDER = (225, 222, 228)
SCRIM = (0, 0, 0)
SCRIM_ALPHA = 0.32
DIALOG_BG = (243, 237, 247)
STATUS_BAR_BG = (246, 242, 250)
LAUNCHER_BG = (32, 45, 66)


def parse_color(value: str | tuple[int, int, int] | None, default: tuple[int, int, int]) -> tuple[int, int, int]:
    """``#RRGGBB`` or an RGB tuple; apps pass colours as strings for brevity."""
    if value is None:
        return default
    if isinstance(value, tuple):
        return value
    text = value.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


@lru_cache(maxsize=64)
def font(size_px: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled FreeType font (Aileron): legible, needs no download or system font."""
    loaded = ImageFont.load_default(size=size_px)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow must be built with FreeType"
    return loaded


def sp(value: float) -> int:
    """Scale-independent pixels (font scale 1.0) to device pixels."""
    return dp(value)


@lru_cache(maxsize=4096)
def text_width(text: str, size_px: int) -> int:
    return int(font(size_px).getlength(text) + 0.999)


def line_height(size_px: int) -> int:
    """Line box height used for every text line (ascent + descent + a little leading)."""
    return int(size_px * 1.35 + 0.5)
