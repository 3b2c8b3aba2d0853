"""The demo app driven only through the WindowManager API, with its SQLite state checked."""
from __future__ import annotations

import sqlite3

from ui_helpers import center_of, nodes

from pytest_anyapp.sim.device import SimDevice

PKG = "com.anyappbench.demo"
ENTER, BACK = 66, 4


def rows(device: SimDevice) -> list[tuple[str, int]]:
    path = device.fs.host(f"/data/data/{PKG}/databases/notes.db")
    with sqlite3.connect(path) as conn:
        return [(r[0], r[1]) for r in conn.execute("SELECT title, starred FROM notes ORDER BY _id")]


def titles(device: SimDevice) -> list[str]:
    return [a["text"] for a in nodes(device.ui.dump_xml()) if a["resource-id"] == f"{PKG}:id/note_title"]


def add_note(device: SimDevice, text: str) -> None:
    device.ui.tap(*center_of(device.ui.dump_xml(), resource_id=f"{PKG}:id/new_note"))
    device.ui.type_text(text)
    device.ui.key(ENTER)


def test_demo_notes_flow_persists_in_sqlite(device: SimDevice) -> None:
    ui = device.ui
    ui.tap(*center_of(ui.dump_xml(), text="Demo Notes"))
    assert 'text="No notes yet"' not in ui.dump_xml()  # empty text is drawn, not a node
    add_note(device, "Buy milk")
    add_note(device, "Call Bob")
    assert titles(device) == ["Buy milk", "Call Bob"]
    assert rows(device) == [("Buy milk", 0), ("Call Bob", 0)]

    # detail screen: star it, edit the title, save
    ui.tap(*center_of(ui.dump_xml(), text="Call Bob"))
    assert ui.focused() == (PKG, f"{PKG}.NoteDetailActivity")
    ui.tap(*center_of(ui.dump_xml(), resource_id=f"{PKG}:id/starred"))
    ui.tap(*center_of(ui.dump_xml(), resource_id=f"{PKG}:id/title"))
    ui.key_combination([113, 29])
    ui.type_text("Call Alice")
    ui.tap(*center_of(ui.dump_xml(), content_desc="Save"))
    assert ui.focused() == (PKG, f"{PKG}.NotesActivity")
    assert rows(device) == [("Buy milk", 0), ("Call Alice", 1)]

    # overflow menu: sort by title (persisted in shared prefs)
    ui.tap(*center_of(ui.dump_xml(), content_desc="More options"))
    ui.tap(*center_of(ui.dump_xml(), text="Sort by title"))
    assert titles(device) == ["Buy milk", "Call Alice"]
    prefs = device.fs.host(f"/data/data/{PKG}/shared_prefs/{PKG}_preferences.xml").read_text()
    assert '<string name="sort">title</string>' in prefs

    # long press -> confirm dialog -> delete
    ui.long_press(*center_of(ui.dump_xml(), text="Buy milk"), 1000)
    assert 'text="Delete note?"' in ui.dump_xml()
    ui.tap(*center_of(ui.dump_xml(), text="Delete"))
    assert rows(device) == [("Call Alice", 1)]

    # state survives a process kill
    ui.force_stop(PKG)
    assert ui.start_app(PKG)
    assert titles(device) == ["Call Alice"]


def test_demo_search_screen_filters(device: SimDevice) -> None:
    ui = device.ui
    assert ui.start_app(PKG)
    for name in ("alpha", "beta", "alphabet"):
        add_note(device, name)
    ui.tap(*center_of(ui.dump_xml(), content_desc="Search"))
    ui.type_text("alp")  # the search field has autofocus
    results = [a["text"] for a in nodes(ui.dump_xml()) if a["resource-id"] == f"{PKG}:id/result"]
    assert results == ["alpha", "alphabet"]
    ui.key(BACK)
    assert ui.focused() == (PKG, f"{PKG}.NotesActivity")


def test_demo_empty_note_shows_a_toast_not_a_row(device: SimDevice) -> None:
    ui = device.ui
    assert ui.start_app(PKG)
    before = ui.screenshot()
    add_note(device, "   ")
    assert titles(device) == []
    assert ui.screenshot() is not before  # the toast is drawn
