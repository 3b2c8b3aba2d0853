"""Enter in a file manager's name dialog, as each app's source wires it: Material Files v1.7.4 confirms
the dialog (``NameDialogFragment``: ``nameEdit.setOnEditorConfirmActionListener { onOk() }``); Fossify
File Manager 1.6.1's "Create new" title field (``dialog_create_new.xml``: ``singleLine``, no editor
action; only the OK button creates, ``CreateNewItemDialog``) does nothing on Enter."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.agents.oracle import By
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.device import DeviceConfig, SimDevice

ROOT = "/storage/emulated/0"
KEYCODE_ENTER = 66


def tap(device: SimDevice, by: By) -> None:
    hit = by.find(parse_ui_dump(device.ui.dump_xml()))
    assert hit is not None, by
    device.ui.tap(*hit.center)


@pytest.mark.parametrize(("package", "opens", "confirms"), [
    ("me.zhanghai.android.files", (By(desc="Create"), By(text="Folder")), True),
    ("org.fossify.filemanager", (By(desc="Create new item"),), False),
])
def test_enter_in_the_new_folder_name(tmp_path: Path, package: str, opens: tuple[By, ...], confirms: bool) -> None:
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    device.fs.host(f"{ROOT}/keep.txt").parent.mkdir(parents=True, exist_ok=True)
    device.fs.host(f"{ROOT}/keep.txt").write_text("x")
    assert device.ui.start_app(package)
    for by in opens:
        tap(device, by)
    device.ui.type_text("Plans")
    device.ui.key(KEYCODE_ENTER)
    assert device.fs.host(f"{ROOT}/Plans").is_dir() is confirms
