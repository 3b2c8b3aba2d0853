"""Parse a ``uiautomator dump`` into the flat element list agents and the oracle see.

Every ``<node>`` becomes an element in document order (as AndroidWorld's uiautomator path does);
unknown attributes are ignored so newer dumps still parse.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.errors import DeviceError

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


def parse_ui_dump(xml: str) -> list[UIElement]:
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise DeviceError(f"uiautomator dump is not well-formed XML: {exc}") from exc
    elements: list[UIElement] = []
    for node in root.iter("node"):
        a = node.attrib
        match = _BOUNDS.fullmatch(a.get("bounds", ""))
        if match is None:
            raise DeviceError(f"node without valid bounds: {a.get('bounds')!r}")
        left, top, right, bottom = (int(g) for g in match.groups())
        elements.append(UIElement(
            index=len(elements),
            text=a.get("text", ""),
            content_desc=a.get("content-desc", ""),
            resource_id=a.get("resource-id", ""),
            class_name=a.get("class", ""),
            package=a.get("package", ""),
            bounds=(left, top, right, bottom),
            clickable=a.get("clickable") == "true",
            long_clickable=a.get("long-clickable") == "true",
            scrollable=a.get("scrollable") == "true",
            checkable=a.get("checkable") == "true",
            checked=a.get("checked") == "true",
            enabled=a.get("enabled", "true") == "true",
            focusable=a.get("focusable") == "true",
            focused=a.get("focused") == "true",
            selected=a.get("selected") == "true",
            password=a.get("password") == "true",
        ))
    return elements
