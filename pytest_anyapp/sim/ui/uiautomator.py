"""``uiautomator dump`` file content, byte-compatible with AOSP's AccessibilityNodeInfoDumper.

Format: one line; declaration with single quotes; ``<hierarchy rotation="0">``; one ``<node>`` per
view with attributes in the dumper's order (optional ``NAF="true"`` first); ``index`` is the
position among the parent's children in the accessibility tree; views not visible to the user are
left out; bounds are visible bounds clipped to the display. Each window root gets ``index="0"``.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class DumpNode:
    """One node as the dumper sees it: an accessibility node visible to the user, its bounds
    already clipped to the display, its children the visible ones with their index among all."""

    index: int
    class_name: str
    package: str
    bounds: str
    text: str = ""
    resource_id: str = ""
    desc: str = ""
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    password: bool = False
    selected: bool = False
    children: tuple[DumpNode, ...] = ()


def node_of(view: View, index: int, package: str, display: Rect = DISPLAY) -> DumpNode:
    """The simulated view as the dumper's node (index counts every child in the accessibility tree,
    including ones not visible to the user, which are left out)."""
    bounds = view.visible_bounds.intersect(display) if view.visible_bounds else None
    return DumpNode(
        index=index, class_name=view.class_name, package=package, bounds=(bounds or Rect(0, 0, 0, 0)).as_bounds(),
        text=view.dump_text, resource_id=view.resource_id(package), desc=view.desc, checkable=view.checkable,
        checked=view.checked, clickable=view.clickable, enabled=view.enabled, focusable=view.focusable,
        focused=view.focused, scrollable=view.scrollable, long_clickable=view.long_clickable, password=view.password,
        selected=view.selected,
        children=tuple(node_of(c, i, package, display) for i, c in enumerate(view.attached_children())
                       if c.visible_bounds is not None))


def _has_label_below(node: DumpNode) -> bool:
    return any(c.text or c.desc or _has_label_below(c) for c in node.children)


def _naf(node: DumpNode) -> bool:
    if node.class_name in _NAF_EXCLUDED:
        return False
    if not (node.clickable and node.enabled) or node.text or node.desc:
        return False
    return not _has_label_below(node)


def node_attributes(node: DumpNode) -> list[tuple[str, str]]:
    """Attribute name/value pairs of one node, in the dumper's order (``NAF`` first when set)."""
    attrs: list[tuple[str, str]] = [("NAF", "true")] if _naf(node) else []
    attrs += [
        ("index", str(node.index)),
        ("text", node.text),
        ("resource-id", node.resource_id),
        ("class", node.class_name),
        ("package", node.package),
        ("content-desc", node.desc),
        ("checkable", _bool(node.checkable)),
        ("checked", _bool(node.checked)),
        ("clickable", _bool(node.clickable)),
        ("enabled", _bool(node.enabled)),
        ("focusable", _bool(node.focusable)),
        ("focused", _bool(node.focused)),
        ("scrollable", _bool(node.scrollable)),
        ("long-clickable", _bool(node.long_clickable)),
        ("password", _bool(node.password)),
        ("selected", _bool(node.selected)),
        ("bounds", node.bounds),
    ]
    return attrs


def _dump_node(node: DumpNode, out: list[str]) -> None:
    out.append("<node ")
    out.append(" ".join(f'{name}="{escape_attr(value)}"' for name, value in node_attributes(node)))
    if not node.children:
        out.append(" />")
        return
    out.append(">")
    for child in node.children:
        _dump_node(child, out)
    out.append("</node>")


def render_hierarchy(roots: list[DumpNode], rotation: int = 0) -> str:
    """The dump file's content: ``<hierarchy rotation="N">`` (Surface rotation) and the nodes, one
    line, no trailing newline (AccessibilityNodeInfoDumper.dumpWindowHierarchy)."""
    out = [DECLARATION, f'<hierarchy rotation="{rotation}">']
    for root in roots:
        _dump_node(root, out)
    out.append("</hierarchy>")
    return "".join(out)


def dump_windows(windows: list[Window], rotation: int = 0, display: Rect = DISPLAY) -> str:
    """``<hierarchy rotation="N">`` (Surface rotation) with nodes in the rotated display's pixels."""
    return render_hierarchy([node_of(w.root, 0, w.package, display) for w in windows
                             if w.root.visible_bounds is not None], rotation)


def dump_frame(frame: Frame) -> str:
    """The dump of what a real ``uiautomator dump`` sees: the active window only (``Frame.dumped``)."""
    return dump_windows(frame.dumped, frame.rotation, Rect(0, 0, frame.width, frame.height))


#: DumpCommand.run's success line at android-13 (the misspelling is Android's).
DUMPED_TO = "UI hierchary dumped to: "


def dump_command_output(xml: str | None, path: str, *, to_terminal: bool) -> tuple[str, str]:
    """(stdout, stderr) of ``uiautomator dump <path>`` (AOSP cmds/uiautomator DumpCommand.run, exit
    status 0 whatever happens): no active window prints the null-root error on stderr; a dump to the
    terminal (``/dev/tty``) shows the XML, then the success line on the same line."""
    if xml is None:
        return "", "ERROR: null root node returned by UiTestAutomationBridge.\n"
    return (xml if to_terminal else "") + f"{DUMPED_TO}{path}\n", ""
