"""Pure parts of the File Manager verifier: the tree read, name tokens, zip members, the screen."""

from __future__ import annotations

import base64
import io
import zipfile

import pytest

from pytest_anyapp.errors import VerifierReadError
from verifiers.files.adapters import DIRS, END, FILE, FILES, LINKS, NO_ROOT, parse_tree
from verifiers.files.screen import screen_text
from verifiers.files.state import ROOT, ScreenText, is_info_screen, shows_name, zip_members


def _b64_lines(data: bytes) -> list[str]:
    text = base64.b64encode(data).decode()
    return [text[i:i + 76] for i in range(0, len(text), 76)]  # toybox base64 wraps at 76 columns


def test_tree_read_round_trips_names_with_spaces_empty_files_links_and_wrapped_base64() -> None:
    big = bytes(range(256)) * 3
    lines = [DIRS, f"{ROOT}/Docs", f"{ROOT}/My Folder", LINKS, f"{ROOT}/Docs/link", FILES,
             f"{FILE}{ROOT}/Docs/a b.txt", *_b64_lines(b"payload\n"),
             f"{FILE}{ROOT}/Docs/empty.txt",
             f"{FILE}{ROOT}/My Folder/big.bin", *_b64_lines(big), END]
    entries, exists = parse_tree(lines)
    assert exists
    got = {e.path: (e.kind, e.data if e.kind == "file" else None) for e in entries}
    assert got == {"Docs": ("dir", None), "My Folder": ("dir", None), "Docs/link": ("link", None),
                   "Docs/a b.txt": ("file", b"payload\n"), "Docs/empty.txt": ("file", b""),
                   "My Folder/big.bin": ("file", big)}
    assert [e.path for e in entries] == sorted(got)


def test_missing_root_is_a_state_not_an_error() -> None:
    assert parse_tree([NO_ROOT]) == ([], False)


@pytest.mark.parametrize("lines", [
    [],
    [DIRS, f"{ROOT}/Docs", LINKS, FILES],  # cut off before the end marker
    [DIRS, LINKS, FILES, "cGF5bG9hZAo=", END],  # content before any file
    [DIRS, LINKS, FILES, f"{FILE}{ROOT}/x", "not base64!", END],
    [DIRS, "/sdcard/Other/x", LINKS, FILES, END],  # a path outside the root
])
def test_an_incomplete_or_garbled_read_raises(lines: list[str]) -> None:
    with pytest.raises(VerifierReadError):
        parse_tree(lines)


@pytest.mark.parametrize(("text", "shown"), [
    ("note_ab12cd.txt", True), ("“note_ab12cd.txt” properties", True), ("Docs/note_ab12cd.txt", True),
    ("a_note_ab12cd.txt", False), ("note_ab12cd.txt.bak", False), ("note_ab12cd.txt-copy", False),
    ("NOTE_AB12CD.TXT", False),
])
def test_a_name_on_screen_must_be_a_whole_token(text: str, shown: bool) -> None:
    assert shows_name(text, "note_ab12cd.txt") is shown


def test_zip_members_reads_files_and_rejects_other_bytes() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("dir/", b"")
        zf.writestr("dir/a.txt", b"a\n")
    assert zip_members(buf.getvalue()) == {"dir/a.txt": b"a\n"}
    assert zip_members(b"7z\xbc\xaf\x27\x1c") is None
    assert zip_members(None) is None


def test_info_screen_needs_a_details_word_and_two_metadata_groups() -> None:
    assert is_info_screen(ScreenText(texts=["Properties", "Size", "Last modified"]))
    assert not is_info_screen(ScreenText(texts=["Properties", "Size"]))
    assert not is_info_screen(ScreenText(texts=["Info", "Size", "Last modified"]))
    assert not is_info_screen(ScreenText(texts=["Sort by", "Size", "Last modified", "Type"]))


def test_share_preview_is_taken_only_from_the_system_chooser() -> None:
    xml = ('<?xml version="1.0"?><hierarchy rotation="0">'
           '<node index="0" text="share%20me.txt" resource-id="com.android.intentresolver:id/content_preview_filename"'
           ' class="android.widget.TextView" package="com.android.intentresolver" content-desc="" bounds="[0,0][10,10]"/>'
           '<node index="1" text="other.txt" resource-id="com.example:id/content_preview_filename"'
           ' class="android.widget.TextView" package="com.example" content-desc="" bounds="[0,10][10,20]"/>'
           '<node index="2" text="15:34" resource-id="com.android.systemui:id/clock"'
           ' class="android.widget.TextView" package="com.android.systemui" content-desc="" bounds="[0,20][10,30]"/>'
           '</hierarchy>')
    screen = screen_text(xml)
    assert screen.previews == ["share me.txt"]
    assert "other.txt" in screen.texts and "15:34" not in screen.texts
