"""The uiautomator dump format: declaration, attribute order, escaping, omission, bounds."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from toy_app import PACKAGE
from ui_helpers import nodes

from pytest_anyapp.sim.device import SimDevice
from pytest_anyapp.sim.ui.uiautomator import escape_attr, safe_text

ORDER = [
    "index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked",
    "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable", "password",
    "selected", "bounds",
]


def test_declaration_hierarchy_and_single_line(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    assert xml.startswith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node ")
    assert xml.endswith("</hierarchy>")
    assert "\n" not in xml
    ET.fromstring(xml)  # well-formed


def test_attribute_order_and_optional_naf_first(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    names_per_node = [re.findall(r'([\w-]+)="', m) for m in re.findall(r"<node ([^>]*?)/?>", xml)]
    assert names_per_node
    naf_nodes = 0
    for names in names_per_node:
        if names[0] == "NAF":
            naf_nodes += 1
            names = names[1:]
        assert names == ORDER
    assert naf_nodes >= 1  # the ImageButton without a label


def test_naf_only_for_clickable_unlabelled_views(toy: SimDevice) -> None:
    for attrs in nodes(toy.ui.dump_xml()):
        if attrs.get("NAF") == "true":
            assert attrs["clickable"] == "true" and attrs["enabled"] == "true"
            assert attrs["text"] == "" and attrs["content-desc"] == ""


def test_escaping_of_text(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    assert 'text="Tom &amp; &quot;Jerry&quot; &lt;3&#10;line2"' in xml
    label = next(a for a in nodes(xml) if a["resource-id"] == f"{PACKAGE}:id/label")
    assert label["class"] == "android.widget.TextView"
    assert escape_attr("a>b\tc") == "a&gt;b&#9;c"
    assert safe_text("bad\x01char\x1f") == "bad.char."


def test_resource_ids_classes_flags_and_hint(toy: SimDevice) -> None:
    by_id = {a["resource-id"]: a for a in nodes(toy.ui.dump_xml())}
    name = by_id[f"{PACKAGE}:id/name"]
    assert name["class"] == "android.widget.EditText"
    assert name["text"] == "Your name"  # empty field reports its hint
    assert (name["clickable"], name["focusable"], name["long-clickable"], name["focused"]) == ("true", "true", "true", "false")
    pin = by_id[f"{PACKAGE}:id/pin"]
    assert pin["password"] == "true"
    star = by_id[f"{PACKAGE}:id/star"]
    assert (star["class"], star["checkable"], star["checked"]) == ("android.widget.CheckBox", "true", "false")
    assert by_id[f"{PACKAGE}:id/wifi"]["class"] == "android.widget.Switch"
    rows = by_id[f"{PACKAGE}:id/rows"]
    assert (rows["class"], rows["scrollable"]) == ("androidx.recyclerview.widget.RecyclerView", "true")
    assert by_id["android:id/content"]["class"] == "android.widget.FrameLayout"


def test_invisible_views_and_offscreen_rows_are_omitted(toy: SimDevice) -> None:
    xml = toy.ui.dump_xml()
    assert 'text="hidden"' not in xml
    titles = [a["text"] for a in nodes(xml) if a["resource-id"] == f"{PACKAGE}:id/row_title"]
    assert titles and titles[0] == "Row 0"
    assert "Row 29" not in titles


def test_bounds_are_visible_bounds_within_the_display(toy: SimDevice) -> None:
    for attrs in nodes(toy.ui.dump_xml()):
        left, top, right, bottom = map(int, re.findall(r"\d+", attrs["bounds"]))
        assert 0 <= left < right <= 1080 and 0 <= top < bottom <= 2400
    rows = [a for a in nodes(toy.ui.dump_xml()) if a["class"] == "android.view.ViewGroup" and a["clickable"] == "true"]
    lst = next(a for a in nodes(toy.ui.dump_xml()) if a["resource-id"] == f"{PACKAGE}:id/rows")
    list_bottom = int(re.findall(r"\d+", lst["bounds"])[3])
    assert max(int(re.findall(r"\d+", r["bounds"])[3]) for r in rows) == list_bottom  # last row clipped


def test_child_indexes_and_window_roots(toy: SimDevice) -> None:
    root = ET.fromstring(toy.ui.dump_xml())
    windows = list(root)
    # getRootInActiveWindow() only: the status and navigation bars are not in the dump
    assert [w.get("package") for w in windows] == [PACKAGE]
    assert all(w.get("index") == "0" for w in windows)
    for parent in root.iter("node"):
        indexes = [int(c.get("index", "-1")) for c in parent]
        assert indexes == sorted(indexes) and len(set(indexes)) == len(indexes)
    assert root.find(".//node[@package='com.android.systemui']") is None


def test_dialog_window_is_the_dump_while_shown(toy: SimDevice) -> None:
    from ui_helpers import center_of

    toy.ui.tap(*center_of(toy.ui.dump_xml(), resource_id=f"{PACKAGE}:id/ask"))
    xml = toy.ui.dump_xml()
    ids = {a["resource-id"] for a in nodes(xml)}
    assert {"android:id/alertTitle", "android:id/message", "android:id/button1", "android:id/button2"} <= ids
    assert f"{PACKAGE}:id/label" not in ids
