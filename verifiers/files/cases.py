"""Conformance cases per File Manager template: the gold end state, states a fair verifier must
accept (tolerated), and near misses that each break exactly one clause (named by its key).

Every case is a tree any file manager can leave in shared storage, and for the two screen
templates a screen every app can show (its file list, its details page, the system share sheet);
the adapters seed the screen part through each app's own UI (verifiers/files/screen.py).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from typing import Any

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.files.state import Entry, FilesState, ScreenText, file_entry, folder, text_file
from verifiers.files.templates import (
    ARCHIVE_BYTES,
    COMPRESS_DIR,
    DELETE_MARKER,
    FOUND_NAME,
    KEEP_NAME,
    LOCATE_MARKER,
    PACKED_NAME,
    PACKED_TEXT,
    PAYLOAD,
    RECEIPT_TEXT,
    SEARCH_DIR,
)


def _tree(init: FilesState, *extra: Entry, drop: Callable[[Entry], bool] | None = None,
          screen: ScreenText | None = None) -> FilesState:
    kept = [e for e in init.entries if drop is None or not drop(e)]
    by_path = {e.path: e for e in [*kept, *extra]}
    return FilesState(entries=[by_path[p] for p in sorted(by_path)], screen=screen)


def _at(path: str) -> Callable[[Entry], bool]:
    return lambda e: e.path == path


def zip_of(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


def info_page(name: str) -> ScreenText:
    """A details page of ``name`` (the adapter opens the app's own page for that file)."""
    return ScreenText(texts=["Properties", name, "Size", "8 B", "Last modified", "Oct 15, 2023"])


def list_page(name: str) -> ScreenText:
    """The folder list showing ``name`` (no details page, no share sheet)."""
    return ScreenText(texts=["Docs", name])


def share_sheet(name: str) -> ScreenText:
    return ScreenText(texts=["Docs", name, name], previews=[name])


def other_name(name: str) -> str:
    """Same prefix and extension, a different random part (never shows ``name``)."""
    stem, dot, ext = name.partition(".")
    return f"{stem[:-6]}zz{stem[-4:][::-1]}{dot}{ext}"


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    build = _BUILDERS.get(template.semantic_id)
    if build is None:
        raise KeyError(f"no conformance cases for {template.semantic_id}")
    init = template.initial_state(params)
    if not isinstance(init, FilesState):
        raise TypeError(f"{template.semantic_id} is not a File Manager template")
    return build(init, params)


def _create_folder(init: FilesState, p: Params) -> Cases:
    name = p["folder_name"]
    return Cases(
        gold=_tree(init, folder(name)),
        tolerated={"folder_with_a_file": _tree(init, folder(name), text_file(f"{name}/x.txt", "x"))},
        near_misses={"file_not_folder": NearMiss(_tree(init, text_file(name, "")), "folder_created"),
                     "nested_elsewhere": NearMiss(_tree(init, folder("Docs"), folder(f"Docs/{name}")), "folder_created"),
                     "wrong_case": NearMiss(_tree(init, folder(name.lower())), "folder_created")},
    )


def _rename(init: FilesState, p: Params) -> Cases:
    old, new = f"Docs/{p['old_name']}", f"Docs/{p['new_name']}"
    return Cases(
        gold=_tree(init, text_file(new, PAYLOAD), drop=_at(old)),
        near_misses={"copied_not_renamed": NearMiss(_tree(init, text_file(new, PAYLOAD)), "old_name_gone"),
                     "content_changed": NearMiss(_tree(init, text_file(new, PAYLOAD + "!"), drop=_at(old)), "renamed"),
                     "moved_up_a_folder": NearMiss(_tree(init, text_file(p["new_name"], PAYLOAD), drop=_at(old)),
                                                   "renamed")},
    )


def _delete(init: FilesState, p: Params) -> Cases:
    name = p["file_name"]
    target = f"Docs/{name}"
    return Cases(
        gold=_tree(init, drop=_at(target)),
        near_misses={
            "moved_away": NearMiss(_tree(init, folder("Old"), text_file(f"Old/{name}", DELETE_MARKER.format(name=name)),
                                         drop=_at(target)), "content_gone"),
            "emptied_not_deleted": NearMiss(_tree(init, file_entry(target, b"")), "target_gone"),
            "decoy_deleted_too": NearMiss(_tree(init, drop=lambda e: e.path in (target, f"Docs/{KEEP_NAME}")),
                                          "decoy_kept"),
        },
    )


def _move(init: FilesState, p: Params) -> Cases:
    name = p["file_name"]
    src, dst = f"Docs/{name}", f"Archive/{name}"
    return Cases(
        gold=_tree(init, text_file(dst, PAYLOAD), drop=_at(src)),
        near_misses={"copied_not_moved": NearMiss(_tree(init, text_file(dst, PAYLOAD)), "source_gone"),
                     "moved_into_docs_subfolder": NearMiss(
                         _tree(init, folder("Docs/Archive"), text_file(f"Docs/Archive/{name}", PAYLOAD), drop=_at(src)),
                         "moved")},
    )


def _copy(init: FilesState, p: Params) -> Cases:
    name = p["file_name"]
    src, dst = f"Inbox/{name}", f"Receipts/{name}"
    return Cases(
        gold=_tree(init, text_file(dst, RECEIPT_TEXT)),
        near_misses={"moved_not_copied": NearMiss(_tree(init, text_file(dst, RECEIPT_TEXT), drop=_at(src)),
                                                  "source_kept"),
                     "copy_in_wrong_folder": NearMiss(_tree(init, text_file(f"Inbox/copy_{name}", RECEIPT_TEXT)),
                                                      "copied")},
    )


def _search(init: FilesState, p: Params) -> Cases:
    needle = p["needle"]
    src = f"{SEARCH_DIR}/{needle}"
    content = LOCATE_MARKER.format(name=needle)
    return Cases(
        gold=_tree(init, text_file(f"{SEARCH_DIR}/{FOUND_NAME}", content), drop=_at(src)),
        near_misses={
            "renamed_and_moved": NearMiss(_tree(init, text_file(f"Docs/{FOUND_NAME}", content), drop=_at(src)),
                                          "renamed_in_place"),
            "copied_as_found": NearMiss(_tree(init, text_file(f"{SEARCH_DIR}/{FOUND_NAME}", content)), "needle_gone"),
            "decoy_deleted": NearMiss(_tree(init, text_file(f"{SEARCH_DIR}/{FOUND_NAME}", content),
                                            drop=lambda e: e.path in (src, "Docs/decoy_3.txt")), "decoys_kept"),
        },
    )


def _compress(init: FilesState, p: Params) -> Cases:
    names: list[str] = p["file_names"]
    flat = zip_of({n: (n + "\n").encode() for n in names})
    nested = zip_of({f"{COMPRESS_DIR}/{n}": (n + "\n").encode() for n in names})
    short = zip_of({n: (n + "\n").encode() for n in names[:2]})
    return Cases(
        gold=_tree(init, file_entry(f"{COMPRESS_DIR}/{COMPRESS_DIR}.zip", flat)),
        tolerated={"folder_zipped_in_root_upper_case": _tree(init, file_entry("ToCompress.ZIP", nested))},
        near_misses={
            "two_zips": NearMiss(_tree(init, file_entry("a.zip", flat), file_entry("b.zip", flat)), "one_zip"),
            "file_missing_in_zip": NearMiss(_tree(init, file_entry("files.zip", short)), "zip_complete"),
            "originals_deleted": NearMiss(_tree(init, file_entry("files.zip", flat),
                                                drop=lambda e: e.path == f"{COMPRESS_DIR}/{names[1]}"),
                                          "sources_kept"),
        },
    )


def _extract(init: FilesState, p: Params) -> Cases:
    stem = p["archive_name"][: -len(".zip")]
    zip_path = f"Archives/{p['archive_name']}"
    return Cases(
        gold=_tree(init, folder(f"Archives/{stem}"), text_file(f"Archives/{stem}/{PACKED_NAME}", PACKED_TEXT)),
        tolerated={"next_to_the_zip": _tree(init, text_file(f"Archives/{PACKED_NAME}", PACKED_TEXT))},
        near_misses={
            "archive_deleted": NearMiss(_tree(init, text_file(PACKED_NAME, PACKED_TEXT), drop=_at(zip_path)),
                                        "archive_unchanged"),
            "archive_changed": NearMiss(_tree(init, file_entry(zip_path, ARCHIVE_BYTES + b"\0"),
                                              text_file(PACKED_NAME, PACKED_TEXT)), "archive_unchanged"),
            "wrong_content": NearMiss(_tree(init, text_file(PACKED_NAME, PACKED_TEXT.lower())), "extracted"),
        },
    )


def _view_info(init: FilesState, p: Params) -> Cases:
    name = p["file_name"]
    other = other_name(name)
    swapped = _tree(init, text_file(f"Docs/{other}", PAYLOAD), drop=_at(f"Docs/{name}"), screen=info_page(other))
    return Cases(
        gold=_tree(init, screen=info_page(name)),
        near_misses={"file_list_only": NearMiss(_tree(init, screen=list_page(name)), "info_screen"),
                     "details_of_another_file": NearMiss(swapped, "names_file")},
    )


def _share(init: FilesState, p: Params) -> Cases:
    name = p["file_name"]
    other = other_name(name)
    swapped = _tree(init, text_file(f"Docs/{other}", PAYLOAD), drop=_at(f"Docs/{name}"), screen=share_sheet(other))
    return Cases(
        gold=_tree(init, screen=share_sheet(name)),
        near_misses={"no_share_sheet": NearMiss(_tree(init, screen=list_page(name)), "share_sheet_open"),
                     "shares_another_file": NearMiss(swapped, "shares_file")},
    )


_BUILDERS: dict[str, Callable[[FilesState, Params], Cases]] = {
    "FilesCreateFolder": _create_folder,
    "FilesRenameFile": _rename,
    "FilesDeleteFile": _delete,
    "FilesMoveFile": _move,
    "FilesSaveCopyOfFile": _copy,
    "FilesSearchFile": _search,
    "FilesCompressFiles": _compress,
    "FilesExtractArchive": _extract,
    "FilesViewFileInfo": _view_info,
    "FilesShareFile": _share,
}
