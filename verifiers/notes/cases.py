"""Conformance cases per Notes template: the gold end state, tolerated variants, and near misses
that each break exactly one clause (named by its key); for the two retrieval templates, the gold
answer and wrong / partial / extra answers.

Every case is a state each app can hold in its own store: at most one folder per note (Markor,
Joplin and Orgzly keep a note in one directory/notebook), and no folder without a note in it
(neutriNote's tags exist only on notes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.notes.state import ChecklistItem, Note, NotesState
from verifiers.notes.templates import keyword_body

Builder = Callable[[NotesState, Params], Cases]


def _with(initial: NotesState, *extra: Note, drop: Callable[[Note], bool] | None = None,
          folders: tuple[str, ...] = ()) -> NotesState:
    kept = [n for n in initial.notes if drop is None or not drop(n)]
    return NotesState(notes=[*kept, *extra], folders=sorted({*initial.folders, *folders}))


def _titled(title: str) -> Callable[[Note], bool]:
    return lambda n: n.title == title


def _trashed(initial: NotesState, title: str) -> NotesState:
    return NotesState(notes=[n.model_copy(update={"trashed": True}) if n.title == title else n for n in initial.notes],
                      folders=initial.folders)


def sloppy(text: str) -> str:
    """Case and whitespace changes only (tolerated by design)."""
    return "  " + text.swapcase().replace(" ", "  ") + " \n"


def truncated(text: str) -> str:
    return text[:-1]


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    """The cases of ``template`` at ``params`` (every clause key is the target of a near miss)."""
    build = _BUILDERS.get(template.semantic_id)
    if build is None:
        raise KeyError(f"no conformance cases for {template.semantic_id}")
    init = template.initial_state(params)
    if not isinstance(init, NotesState):
        raise TypeError(f"{template.semantic_id} is not a Notes template")
    return build(init, params)


def _create_note(init: NotesState, p: Params) -> Cases:
    t, b = p["note_title"], p["note_body"]
    return Cases(
        gold=_with(init, Note(title=t, body=b)),
        tolerated={"other_case_and_spacing": _with(init, Note(title=t.swapcase(), body=sloppy(b))),
                   "with_another_note": _with(init, Note(title=t, body=b), Note(title="Scratch", body=b))},
        near_misses={"body_changed": NearMiss(_with(init, Note(title=t, body=truncated(b))), "note"),
                     "title_changed": NearMiss(_with(init, Note(title=truncated(t), body=b)), "note"),
                     "only_in_the_bin": NearMiss(_with(init, Note(title=t, body=b, trashed=True)), "note")},
    )


def _items(names: list[str], checked: int = -1) -> list[ChecklistItem]:
    return [ChecklistItem(text=n, checked=i == checked) for i, n in enumerate(names)]


def _create_checklist(init: NotesState, p: Params) -> Cases:
    t, items = p["note_title"], list(p["items"])
    return Cases(
        gold=_with(init, Note(title=t, items=_items(items))),
        tolerated={"other_order": _with(init, Note(title=t, items=_items(items[::-1]))),
                   "with_a_line_of_text": _with(init, Note(title=t, body="Shopping", items=_items(items)))},
        near_misses={"one_item_missing": NearMiss(_with(init, Note(title=t, items=_items(items[:-1]))), "checklist"),
                     "extra_item": NearMiss(_with(init, Note(title=t, items=_items([*items, "Candles"]))),
                                            "checklist"),
                     "items_as_plain_text": NearMiss(_with(init, Note(title=t, body=", ".join(items))), "checklist"),
                     "one_item_checked": NearMiss(_with(init, Note(title=t, items=_items(items, checked=0))),
                                                  "all_unchecked")},
    )


def _edit_note(init: NotesState, p: Params) -> Cases:
    old, new, b = p["old_title"], p["new_title"], p["note_body"]
    renamed = _with(init, Note(title=new, body=b), drop=_titled(old))
    return Cases(
        gold=renamed,
        tolerated={"old_in_the_bin": _with(init, Note(title=new, body=b), Note(title=old, body=b, trashed=True),
                                           drop=_titled(old))},
        near_misses={"text_lost": NearMiss(_with(init, Note(title=new), drop=_titled(old)), "renamed"),
                     "copied_not_renamed": NearMiss(_with(init, Note(title=new, body=b)), "old_gone")},
    )


def _merge(init: NotesState, p: Params) -> Cases:
    a, b, m = p["note_title"], p["second_title"], p["merged_title"]
    b1, b2 = p["first_body"], p["second_body"]
    both = f"{b1}\n\n{b2}"
    originals = lambda n: n.title in (a, b)  # noqa: E731
    return Cases(
        gold=_with(init, Note(title=m, body=both), drop=originals),
        tolerated={"other_order_originals_in_bin": _with(
            init, Note(title=m, body=f"{b2} {b1}"), Note(title=a, body=b1, trashed=True),
            Note(title=b, body=b2, trashed=True), drop=originals)},
        near_misses={"first_text_missing": NearMiss(_with(init, Note(title=m, body=b2), drop=originals),
                                                    "merged_first"),
                     "second_text_missing": NearMiss(_with(init, Note(title=m, body=b1), drop=originals),
                                                     "merged_second"),
                     "originals_kept": NearMiss(_with(init, Note(title=m, body=both)), "originals_gone"),
                     "one_original_kept": NearMiss(_with(init, Note(title=m, body=both), drop=_titled(a)),
                                                   "originals_gone")},
    )


def _delete(init: NotesState, p: Params) -> Cases:
    t, d = p["note_title"], p["decoy_title"]
    return Cases(
        gold=_with(init, drop=_titled(t)),
        tolerated={"moved_to_bin": _trashed(init, t)},
        near_misses={"not_deleted": NearMiss(init, "note_gone"),
                     "decoy_deleted_too": NearMiss(_with(init, drop=lambda n: True), "decoy_kept"),
                     "never_seeded": NearMiss(_with(init, drop=_titled(t)), "existed_at_start",
                                              first_read=_with(init, drop=_titled(t))),
                     "decoy_in_bin": NearMiss(_trashed(_with(init, drop=_titled(t)), d), "decoy_kept")},
    )


def _search(init: NotesState, p: Params) -> Cases:
    t, decoy = p["note_title"], p["titles"][1]
    return Cases(
        gold=init, answer=t,
        tolerated_answers={"quoted_lowercase": f'"{t.lower()}".', "one_typo": t[:3] + t[4:],
                           "sentence": f"The note is {t}.", "file_name": f"{t}.md"},
        near_misses={"no_answer": NearMiss(init, "all_listed", answer=""),
                     "extra_title": NearMiss(init, "nothing_extra", answer=f"{t}, {decoy}")},
    )


def _share_import(init: NotesState, p: Params) -> Cases:
    s, t, b = p["source_title"], p["note_title"], p["note_body"]
    return Cases(
        gold=_with(init, Note(title=t, body=b)),
        tolerated={"sloppy_copy": _with(init, Note(title=t, body=sloppy(b)))},
        near_misses={"copy_changed": NearMiss(_with(init, Note(title=t, body=truncated(b))), "copy"),
                     "copy_empty": NearMiss(_with(init, Note(title=t)), "copy"),
                     "moved_not_copied": NearMiss(_with(init, Note(title=t, body=b), drop=_titled(s)),
                                                  "original_kept"),
                     "original_emptied": NearMiss(_with(init, Note(title=t, body=b), Note(title=s), drop=_titled(s)),
                                                  "original_kept")},
    )


def _create_folder(init: NotesState, p: Params) -> Cases:
    f, t = p["folder_name"], p["note_title"]
    return Cases(
        gold=_with(init, Note(title=t, folders=[f]), folders=(f,)),
        tolerated={"note_with_text": _with(init, Note(title=t, body="x", folders=[f]), folders=(f,))},
        near_misses={"note_outside": NearMiss(_with(init, Note(title=t), Note(title="Other", folders=[f]),
                                                    folders=(f,)), "note_in_folder"),
                     "other_folder_name": NearMiss(_with(init, Note(title=t, folders=[f + "s"]), folders=(f + "s",)),
                                                   "note_in_folder"),
                     "note_in_bin": NearMiss(_with(init, Note(title=t, folders=[f], trashed=True), folders=(f,)),
                                             "note_in_folder")},
    )


def _attach(init: NotesState, p: Params) -> Cases:
    t, b, link = p["note_title"], p["note_body"], p["link"]
    return Cases(
        gold=_with(init, Note(title=t, body=f"{b}\n{link}"), drop=_titled(t)),
        tolerated={"link_first": _with(init, Note(title=t, body=f"{link} {b}"), drop=_titled(t))},
        near_misses={"link_in_new_note": NearMiss(_with(init, Note(title="Links", body=link)), "link_added"),
                     "text_replaced": NearMiss(_with(init, Note(title=t, body=link), drop=_titled(t)), "text_kept"),
                     "link_truncated": NearMiss(_with(init, Note(title=t, body=f"{b}\n{truncated(link)}"),
                                                      drop=_titled(t)), "link_added")},
    )


def _count(init: NotesState, p: Params) -> Cases:
    n, total = p["todo_count"], p["todo_count"] + len(p["done_items"])
    return Cases(
        gold=init, answer=str(n),
        tolerated_answers={"sentence": f"There are {n} unchecked items.",
                           "word": "zero one two three four five six seven eight nine ten".split()[n]},
        near_misses={"all_items": NearMiss(init, "count", answer=str(total)),
                     "checked_items": NearMiss(init, "count", answer=str(len(p["done_items"]))),
                     "two_numbers": NearMiss(init, "count", answer=f"{n} or {total}"),
                     "no_number": NearMiss(init, "count", answer="a few")},
    )


_BUILDERS: dict[str, Builder] = {
    "NotesCreateNote": _create_note,
    "NotesCreateChecklist": _create_checklist,
    "NotesEditNote": _edit_note,
    "NotesMergeNotes": _merge,
    "NotesDeleteNote": _delete,
    "NotesSearchNote": _search,
    "NotesShareImport": _share_import,
    "NotesCreateFolder": _create_folder,
    "NotesAttachContent": _attach,
    "NotesCountTodoItems": _count,
}

# keyword_body is re-exported for the oracle's searches
__all__ = ["cases", "keyword_body"]
