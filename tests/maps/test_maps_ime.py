"""Enter in the maps doubles' search field (docs/maps.md, "IME actions of the doubles' text fields"):
Organic Maps' and CoMaps' query has an OnClickListener and acts on the Search action only
(SearchToolbarController.java), so a hardware Enter performs its click and the focus stays.
OsmAnd's (search_text_layout.xml: single line, ``actionSearch``; QuickSearchDialogFragment.java: a listener acting
on IME_ACTION_SEARCH only) gets a trailing space from the keyboard's Search action; a hardware Enter (IME_NULL) is
not handled and moves the focus as Android's TextView does."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.apps.maps.comaps import CoMaps
from pytest_anyapp.sim.apps.maps.kit import MapsApp, Search
from pytest_anyapp.sim.apps.maps.organic_maps import OrganicMaps
from pytest_anyapp.sim.apps.maps.osmand import OsmAnd
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.ui.views import EditText


@pytest.mark.parametrize(("app", "clicks"), [(OrganicMaps, True), (CoMaps, True), (OsmAnd, False)])
def test_search_field_click_listener(tmp_path: Path, app: type[MapsApp], clicks: bool) -> None:
    screen = Search(app(SimDevice(DeviceConfig(tmp_path / "dev"))))
    field = next(v for v in screen.build().walk() if isinstance(v, EditText))
    assert (field.on_click is not None, field.on_submit) == (clicks, None)


def test_osmand_search_action_appends_a_space_and_enter_moves_on(tmp_path: Path) -> None:
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    assert device.ui.start_app("net.osmand.plus")

    def query() -> tuple[str, bool]:
        el = next(e for e in parse_ui_dump(device.ui.dump_xml()) if e.resource_id.endswith("/searchEditText"))
        return el.text, el.focused
    device.ui.tap(*next(e for e in parse_ui_dump(device.ui.dump_xml()) if e.content_desc == "Search").center)
    assert query()[1]
    device.ui.type_text("Cafe")
    device.ui.editor_action()  # the soft keyboard's Search key
    assert query() == ("Cafe ", True)
    device.ui.key(66)  # KEYCODE_ENTER: IME_NULL, not handled by the listener
    assert query() == ("Cafe ", False)



def test_osmand_track_name_takes_enter_as_a_line_break(tmp_path: Path) -> None:
    """OsmAnd's track name (track_name_edit_text.xml: an EditText without inputType or singleLine, which TextView
    makes multi-line) takes a hardware Enter as a line break; the name is trimmed when the track is saved."""
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    assert device.ui.start_app("net.osmand.plus")

    def tap(**match: str) -> None:
        el = next(e for e in parse_ui_dump(device.ui.dump_xml())
                  if all(getattr(e, k) == v for k, v in match.items()))
        device.ui.tap(*el.center)
    tap(text="Menu")
    tap(text="Plan a route")
    tap(resource_id="net.osmand.plus:id/track_name")
    device.ui.type_text("Loop")
    device.ui.key(66)  # KEYCODE_ENTER
    name = next(e for e in parse_ui_dump(device.ui.dump_xml()) if e.resource_id.endswith("/track_name"))
    assert name.text == "Loop\n" and name.focused
