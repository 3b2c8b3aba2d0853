"""``uiautomator dump`` file content, byte-compatible with AOSP's AccessibilityNodeInfoDumper.

Format: one line; declaration with single quotes; ``<hierarchy rotation="0">``; one ``<node>`` per
view with attributes in the dumper's order (optional ``NAF="true"`` first); ``index`` is the
position among the parent's children in the accessibility tree; views not visible to the user are
left out; bounds are visible bounds clipped to the display. Each window root gets ``index="0"``.
"""

from __future__ import annotations

from pytest_anyapp.sim.ui.frames import Frame, Window
from pytest_anyapp.sim.ui.geometry import Rect
from pytest_anyapp.sim.ui.theme import SCREEN_H, SCREEN_W
from pytest_anyapp.sim.ui.views import View

DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
DISPLAY = Rect(0, 0, SCREEN_W, SCREEN_H)
# Containers whose clickable-but-unlabelled state is not reported as NAF.
_NAF_EXCLUDED = {
    "android.widget.GridView",
    "android.widget.GridLayout",
    "android.widget.ListView",
    "android.widget.TableLayout",
}


def _is_xml_char(ch: str) -> bool:
    code = ord(ch)
    return (
        code in (0x9, 0xA, 0xD)
        or 0x20 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )


def safe_text(value: str) -> str:
    """Invalid XML characters become ``.``, as the dumper's ``safeCharSeqToString`` does."""
    return "".join(ch if _is_xml_char(ch) else "." for ch in value)


def escape_attr(value: str) -> str:
    """KXmlSerializer attribute escaping: ``& < > "`` plus tab/newline/CR as numeric refs."""
    out: list[str] = []
    for ch in safe_text(value):
        if ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch == '"':
            out.append("&quot;")
        elif ch in "\n\r\t":
            out.append(f"&#{ord(ch)};")
        else:
            out.append(ch)
    return "".join(out)


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _has_label_below(view: View) -> bool:
    for child in view.attached_children():
        if child.visible_bounds is None:
            continue
        if child.dump_text or child.desc or _has_label_below(child):
            return True
    return False


def _naf(view: View) -> bool:
    if view.class_name in _NAF_EXCLUDED:
        return False
    if not (view.clickable and view.enabled) or view.dump_text or view.desc:
        return False
    return not _has_label_below(view)


def node_attributes(view: View, index: int, package: str, display: Rect = DISPLAY) -> list[tuple[str, str]]:
    """Attribute name/value pairs of one node, in the dumper's order (bounds clipped to the display)."""
    bounds = view.visible_bounds.intersect(display) if view.visible_bounds else None
    attrs: list[tuple[str, str]] = []
    if _naf(view):
        attrs.append(("NAF", "true"))
    attrs += [
        ("index", str(index)),
        ("text", view.dump_text),
        ("resource-id", view.resource_id(package)),
        ("class", view.class_name),
        ("package", package),
        ("content-desc", view.desc),
        ("checkable", _bool(view.checkable)),
        ("checked", _bool(view.checked)),
        ("clickable", _bool(view.clickable)),
        ("enabled", _bool(view.enabled)),
        ("focusable", _bool(view.focusable)),
        ("focused", _bool(view.focused)),
        ("scrollable", _bool(view.scrollable)),
        ("long-clickable", _bool(view.long_clickable)),
        ("password", _bool(view.password)),
        ("selected", _bool(view.selected)),
        ("bounds", (bounds or Rect(0, 0, 0, 0)).as_bounds()),
    ]
    return attrs


def _dump_node(view: View, index: int, package: str, out: list[str], display: Rect = DISPLAY) -> None:
    out.append("<node ")
    out.append(" ".join(f'{name}="{escape_attr(value)}"'
                        for name, value in node_attributes(view, index, package, display)))
    # index counts every child in the accessibility tree, including ones not visible to the user.
    children = [(i, c) for i, c in enumerate(view.attached_children()) if c.visible_bounds is not None]
    if not children:
        out.append(" />")
        return
    out.append(">")
    for i, child in children:
        _dump_node(child, i, package, out, display)
    out.append("</node>")


def dump_windows(windows: list[Window], rotation: int = 0, display: Rect = DISPLAY) -> str:
    """``<hierarchy rotation="N">`` (Surface rotation) with nodes in the rotated display's pixels."""
    out = [DECLARATION, f'<hierarchy rotation="{rotation}">']
    for window in windows:
        if window.root.visible_bounds is not None:
            _dump_node(window.root, 0, window.package, out, display)
    out.append("</hierarchy>")
    return "".join(out)


def dump_frame(frame: Frame) -> str:
    """The dump of what a real ``uiautomator dump`` sees: the focused window and the system bars."""
    return dump_windows(frame.dumped, frame.rotation, Rect(0, 0, frame.width, frame.height))
