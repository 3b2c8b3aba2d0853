"""Amaze moves deleted files into its trash bin ``/storage/emulated/0/.AmazeData`` unless the
delete dialog's "Delete Permanently" box is ticked (``GeneralDialogCreation.deleteFilesDialog``,
``res/layout/dialog_delete.xml``, ``AppConfig.TRASH_BIN_BASE_PATH`` at release/3.10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.agents.oracle import By
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.device import DeviceConfig, SimDevice

PACKAGE = "com.amaze.filemanager"
ROOT = "/storage/emulated/0"
BIN = f"{ROOT}/.AmazeData/TrashBinFiles"


def tap(device: SimDevice, by: By, *, long: bool = False) -> None:
    hit = by.find(parse_ui_dump(device.ui.dump_xml()))
    assert hit is not None, by
    if long:
        device.ui.long_press(*hit.center, 1000)
    else:
        device.ui.tap(*hit.center)


@pytest.mark.parametrize("permanently", [False, True])
def test_delete_moves_into_the_bin_unless_delete_permanently_is_ticked(tmp_path: Path, permanently: bool) -> None:
    device = SimDevice(DeviceConfig(tmp_path / "dev"))
    name = "notes.txt"
    device.fs.host(f"{ROOT}/{name}").parent.mkdir(parents=True, exist_ok=True)
    device.fs.host(f"{ROOT}/{name}").write_text("hello")
    assert device.ui.start_app(PACKAGE)
    tap(device, By(text=name), long=True)
    tap(device, By(desc="Delete"))
    shown = [e.text for e in parse_ui_dump(device.ui.dump_xml())]
    assert "Delete items permanently?" in shown and "Delete Permanently" in shown
    if permanently:
        tap(device, By(text="Delete Permanently"))
    tap(device, By(text="DELETE"))
    assert not device.fs.host(f"{ROOT}/{name}").exists()
    assert device.fs.host(f"{BIN}/{name}").exists() is (not permanently)
