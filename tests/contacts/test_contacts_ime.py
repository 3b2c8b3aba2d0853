"""Enter in the contacts doubles' text fields, as each app's source declares them (docs/contacts.md,
"IME actions of the doubles' text fields")."""

from __future__ import annotations

from pathlib import Path

from pytest_anyapp.sim.apps.contacts.connect_you import ConnectYou
from pytest_anyapp.sim.apps.contacts.kit import Editor, SearchPage
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.ui.views import EditText


def _fields(view: object) -> list[EditText]:
    return [v for v in view.walk() if isinstance(v, EditText)]  # type: ignore[attr-defined]


def test_connect_you_editor_fields_are_multi_line_compose_fields_with_next(tmp_path: Path) -> None:
    """v11.3 LabeledTextField.kt: a Material 3 TextField (singleLine false) with ImeAction.Next: a
    hardware Enter adds a line; SearchBar.kt: a single-line BasicTextField without KeyboardActions."""
    app = ConnectYou(SimDevice(DeviceConfig(tmp_path / "dev")))
    editor = _fields(Editor(app, None).build())
    assert len(editor) == 3
    assert all(f.multiline and f.ime_action == "next" and f.toolkit == "compose" for f in editor)
    search = _fields(SearchPage(app).build())
    assert [(f.multiline, f.toolkit, f.on_submit) for f in search] == [(False, "compose", None)]
