"""Window manager: what is on screen and where input goes (owner: sim-ui helper). CONTRACT STUB.

API the rest of the sim relies on (all coordinates in device pixels, 1080x2400 portrait):
  WindowManager(device)
  .tap(x, y) ; .long_press(x, y, duration_ms) ; .swipe(x1, y1, x2, y2, duration_ms)
  .touch(x, y, pressure, identifier)        gRPC sendTouch semantics (down while pressure > 0)
  .type_text(text) ; .key(keycode: int)     keycodes are Android KEYCODE_* numbers
  .start_app(package, activity=None) -> bool ; .force_stop(package) ; .running_packages() -> set[str]
  .focused() -> tuple[str, str]             (package, activity) of the focused window
  .dump_xml() -> str                         exact ``uiautomator dump`` file content
  .screenshot() -> PIL.Image.Image           RGB 1080x2400
  .show_fault_dialog(package, kind)          kind "crash" | "anr"
  .window_lines() -> list[str]               lines for ``dumpsys window`` (mCurrentFocus=..., fault titles)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice


class WindowManager:
    def __init__(self, device: SimDevice) -> None:
        self.device = device
