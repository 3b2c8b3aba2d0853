"""Integer screen rectangles; one type for layout, hit-testing, the dump and the renderer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """Half-open pixel rectangle ``[left, right) x [top, bottom)`` like ``android.graphics.Rect``."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def height(self) -> int:
        return self.bottom - self.top

    @property
    def empty(self) -> bool:
        return self.right <= self.left or self.bottom <= self.top

    @property
    def center(self) -> tuple[int, int]:
        return ((self.left + self.right) // 2, (self.top + self.bottom) // 2)

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.top <= y < self.bottom

    def intersect(self, other: Rect) -> Rect | None:
        """The overlap, or None when the rectangles do not overlap (nothing visible)."""
        r = Rect(
            max(self.left, other.left),
            max(self.top, other.top),
            min(self.right, other.right),
            min(self.bottom, other.bottom),
        )
        return None if r.empty else r

    def inset(self, left: int, top: int, right: int, bottom: int) -> Rect:
        return Rect(self.left + left, self.top + top, self.right - right, self.bottom - bottom)

    def offset(self, dx: int, dy: int) -> Rect:
        return Rect(self.left + dx, self.top + dy, self.right + dx, self.bottom + dy)

    def as_bounds(self) -> str:
        """The uiautomator ``bounds`` attribute form, ``[l,t][r,b]``."""
        return f"[{self.left},{self.top}][{self.right},{self.bottom}]"
