"""From a model's coordinate space to device pixels.

Two spaces occur: absolute pixels of the image the model was sent (Qwen2.5-VL family: GUI-Owl,
UI-Venus, python-action) and 0-999 normalised (Qwen3-VL family: Qwen3-VL, MAI-UI, UI-Voyager;
the official mobile code divides by 999). Everything is converted *before* any geometry such as a
synthesised swipe end point, so defaults like "the screen centre" are always in device pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pytest_anyapp.errors import MalformedActionError

if TYPE_CHECKING:
    from pytest_anyapp.agents.config import SwipeConvention

NORMALISED_SCALE = 999


@dataclass(frozen=True)
class Frame:
    """Device screen size and the size of the model's coordinate space."""

    screen_w: int
    screen_h: int
    space_w: int
    space_h: int

    @classmethod
    def normalised(cls, screen: tuple[int, int]) -> Frame:
        return cls(screen[0], screen[1], NORMALISED_SCALE, NORMALISED_SCALE)

    @classmethod
    def for_space(cls, space: str, screen: tuple[int, int], sent: tuple[int, int]) -> Frame:
        """The frame of a configured coordinate space (``ModelConfig.coordinate_space``)."""
        if space == "image_pixels":
            return cls.pixels_of(screen, sent)
        if space == "normalised_999":
            return cls(screen[0], screen[1], NORMALISED_SCALE, NORMALISED_SCALE)
        if space == "normalised_1000":
            return cls(screen[0], screen[1], 1000, 1000)
        raise ValueError(f"no pixel frame for coordinate space {space!r}")

    @classmethod
    def pixels_of(cls, screen: tuple[int, int], sent: tuple[int, int]) -> Frame:
        return cls(screen[0], screen[1], sent[0], sent[1])

    def clamp(self, x: float, y: float) -> tuple[int, int]:
        """Round and keep on screen (a model saying 999 or 1000 means the last pixel)."""
        return (min(max(round(x), 0), self.screen_w - 1), min(max(round(y), 0), self.screen_h - 1))

    def to_device(self, x: float, y: float) -> tuple[int, int]:
        """Device pixels; a point beyond the model's space (by more than one unit: 1000 in a 0-999
        space is the edge) is refused as the model's malformed output, never clamped onto the screen."""
        if not (-1 <= x <= self.space_w + 1 and -1 <= y <= self.space_h + 1):
            raise MalformedActionError(f"point ({x}, {y}) is outside the model's {self.space_w}x{self.space_h} space")
        return self.clamp(x * self.screen_w / self.space_w, y * self.screen_h / self.space_h)

    def from_device(self, x: int, y: int) -> tuple[int, int]:
        """Back to the model's space (to re-serialise past actions in a multi-turn prompt)."""
        return round(x * self.space_w / self.screen_w), round(y * self.space_h / self.screen_h)

    @property
    def centre(self) -> tuple[int, int]:
        return self.screen_w // 2, self.screen_h // 2


def is_point(value: Any) -> bool:
    """Two or four finite numbers (NaN and Infinity are left to schema validation to reject)."""
    return (
        isinstance(value, (list, tuple))
        and len(value) in (2, 4)
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)
    )


def point_to_device(value: Any, frame: Frame) -> Any:
    """``[x, y]`` or a box ``[x1, y1, x2, y2]`` (reduced to its centre) -> device ``[x, y]``.

    Anything that is not a point is returned unchanged so schema validation reports it.
    """
    if not is_point(value):
        return value
    if len(value) == 4:
        x, y = (value[0] + value[2]) / 2, (value[1] + value[3]) / 2
    else:
        x, y = value[0], value[1]
    return list(frame.to_device(x, y))


def swipe_end(start: tuple[int, int], direction: str, frame: Frame, fraction_w: float, fraction_h: float) -> tuple[int, int]:
    """End point of a finger swipe from ``start`` in ``direction`` (finger movement), on screen."""
    x, y = start
    dx = round(frame.screen_w * fraction_w)
    dy = round(frame.screen_h * fraction_h)
    moves = {"up": (0, -dy), "down": (0, dy), "left": (-dx, 0), "right": (dx, 0)}
    ox, oy = moves[direction]
    return frame.clamp(x + ox, y + oy)


def swipe_travel(start: tuple[int, int], direction: str, frame: Frame, convention: SwipeConvention) -> tuple[int, int]:
    """End point of a direction-only swipe under the model's executor convention (finger movement)."""
    if convention.basis == "width":
        fraction_w = convention.horizontal
        fraction_h = convention.vertical * frame.screen_w / frame.screen_h
    else:
        fraction_w, fraction_h = convention.horizontal, convention.vertical
    return swipe_end(start, direction, frame, fraction_w, fraction_h)
