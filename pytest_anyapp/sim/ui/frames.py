"""One observed frame: the windows on screen, bottom to top, each with a laid-out view tree.

The window manager composes a frame for every observation and input event; the uiautomator dump,
the renderer and hit-testing all read the same frame, so what is tapped is what was seen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.views import View


@dataclass
class Window:
    """A window: its title as ``dumpsys window`` prints it, owner package, frame and view root."""

    title: str
    package: str
    root: View
    frame: Rect
    kind: str  # "app" | "dialog" | "popup" | "fault" | "status_bar" | "nav_bar"
    dim_behind: bool = False
    background: tuple[int, int, int] | None = None

    def views(self) -> Iterator[View]:
        yield from self.root.walk()


@dataclass
class Frame:
    """All windows bottom to top, the one taking input, and render-only decorations."""

    windows: list[Window]
    active: Window
    toast: str = ""
    extras: dict[str, str] = field(default_factory=dict)
    width: int = 1080  # logical display size: 2400x1080 while rotated 90/270 degrees
    height: int = 2400
    rotation: int = 0  # Surface.ROTATION_0..3

    @property
    def dumped(self) -> list[Window]:
        """Windows in the uiautomator dump: the active window only. ``uiautomator dump`` serialises
        ``UiAutomation.getRootInActiveWindow()`` (AOSP android-13 cmds/uiautomator DumpCommand.java,
        AccessibilityNodeInfoDumper.dumpWindowHierarchy): the status and navigation bars are other
        windows, drawn on screenshots (``windows``) but absent from the dump."""
        return [self.active]


def hit_test(root: View, x: float, y: float, accept: Callable[[View], bool]) -> View | None:
    """Deepest visible view under (x, y) that ``accept``s the event, topmost sibling first."""
    if root.visible_bounds is None or not root.visible_bounds.contains(x, y):
        return None
    for child in reversed(root.attached_children()):
        found = hit_test(child, x, y, accept)
        if found is not None:
            return found
    return root if accept(root) else None


def path_to(root: View, target: View) -> list[View] | None:
    """Ancestors of ``target`` from ``root`` (inclusive), used to bubble scrolls outward."""
    if root is target:
        return [root]
    for child in root.children:
        sub = path_to(child, target)
        if sub is not None:
            return [root, *sub]
    return None
