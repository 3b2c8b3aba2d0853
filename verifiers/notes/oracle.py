"""Gold UI solutions for the 10 Notes templates in each Notes app.

Each app is described once by a :class:`NotesUi` (its own flows: Markor names a file in a dialog
before the editor opens and renames it from the list's selection bar; the other apps have a title
field in the editor, and so on); the template scripts are written once against that description.
Everything a script taps is found on screen by text, content description or id; every value it
reports or copies is read off the screen with ``Read``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from pytest_anyapp.agents.oracle import Answer, By, Count, Intent, LongPress, Press, Read, Tap, TypeInto, TypeText
from verifiers.bundle import Script, gold_from_body

Steps = Generator[Intent, str, None]


@dataclass(frozen=True)
class NotesUi:
    """Where one app keeps the controls the Notes scripts need."""

    app_id: str
    #: A note's row in the list, by title.
    row: Callable[[str], By]
    #: From the list (of the current folder): open a new note's editor with ``title`` set.
    new_note: Callable[[str], Steps]
    #: The editor's text field.
    body: By
    #: Delete the note with this title, starting from the list.
    delete: Callable[[str], Steps]
    #: Give the note ``old`` the title ``new``, starting from the list, back on the list.
    rename: Callable[[str, str], Steps]
    #: Create a folder and open it, starting from the list.
    new_folder_and_open: Callable[[str], Steps]
    #: Search the notes for a word, starting from the list.
    search: Callable[[str], Steps]
    #: A search result's title (the first result).
    result: By
    #: In a new note's editor: add the checklist items (unchecked).
    checklist: Callable[[list[str]], Steps]
    #: In an open note: the steps that put ``text`` after what it holds.
    append: Callable[[str], Steps]
    #: In an open checklist note: count its unchecked items off the screen (returns the count).
    count_open: Callable[[], Generator[Intent, str, int]]
    #: From the list: open a new checklist note's editor with ``title`` set (default: ``new_note``).
    new_list: Callable[[str], Steps] | None = None
    #: Leave an editor keeping what was typed.
    close: tuple[Intent, ...] = (Press("back"),)
    #: From the app's home to the list of notes that are in no folder (Orgzly: open the default notebook).
    enter: tuple[Intent, ...] = ()
    #: Apps whose folders are tags of a note (neutriNote): create the note ``title`` carrying ``folder``.
    tagged_note: Callable[[str, str], Steps] | None = None


def replace_text(field: By, text: str) -> Steps:
    """Android's own way to overwrite a field: long-press it (selects a word and shows the text
    selection toolbar), "Select all", then type (typing replaces the selection)."""
    yield LongPress(field)
    yield Tap(By(text="Select all"))
    yield TypeText(text)


def markdown_items(field: By, items: list[str]) -> Steps:
    """Markdown task lines typed into the text field, one per line."""
    yield TypeInto(field, f"- [ ] {items[0]}")
    for item in items[1:]:
        yield Press("enter")
        yield TypeText(f"- [ ] {item}")


def count_task_lines(body: By) -> Callable[[], Generator[Intent, str, int]]:
    """Read the note's text and count its open Markdown task lines."""
    def steps() -> Generator[Intent, str, int]:
        text = yield Read(body)
        return sum(1 for line in text.split("\n") if line.strip().startswith("- [ ]"))
    return steps


# -- Markor ----------------------------------------------------------------------------------------

MARKOR_BODY = By(res="document__fragment__edit__highlighting_editor")


def _markor_row(title: str) -> By:
    return By(text=f"{title}.md", res="opoc_filesystem_item__title")


def _markor_new(title: str) -> Steps:
    yield Tap(By(desc="Create a new file or folder"))
    yield TypeInto(By(res="new_file_dialog__name"), title)
    yield Tap(By(text="OK"))  # creates <title>.md and opens it


def _markor_delete(title: str) -> Steps:
    yield LongPress(_markor_row(title))
    yield Tap(By(desc="Delete"))
    yield Tap(By(text="OK"))


def _markor_rename(old: str, new: str) -> Steps:
    yield LongPress(_markor_row(old))
    yield Tap(By(desc="Rename"))
    yield from replace_text(By(res="new_name"), f"{new}.md")
    yield Tap(By(text="OK"))


def _markor_folder(name: str) -> Steps:
    yield Tap(By(desc="Create a new file or folder"))
    yield TypeInto(By(res="new_file_dialog__name"), name)
    yield Tap(By(text="Folder"))
    yield Tap(By(text=name, res="opoc_filesystem_item__title"))


def _markor_search(word: str) -> Steps:
    yield Tap(By(desc="Search"))
    yield TypeInto(By(res="search_src_text"), word)


def _append_typed(field: By) -> Callable[[str], Steps]:
    def steps(text: str) -> Steps:
        yield TypeInto(field, text)  # a tap puts the cursor at the end of the text
    return steps


MARKOR = NotesUi(
    app_id="notes_markor", row=_markor_row, new_note=_markor_new, body=MARKOR_BODY, delete=_markor_delete,
    rename=_markor_rename, new_folder_and_open=_markor_folder, search=_markor_search,
    result=By(res="opoc_filesystem_item__title", nth=0),
    checklist=lambda items: markdown_items(MARKOR_BODY, items), append=_append_typed(MARKOR_BODY),
    count_open=count_task_lines(MARKOR_BODY),
)

# -- Joplin ----------------------------------------------------------------------------------------

JOPLIN_BODY = By(res="note_body_editor")
JOPLIN_TITLE = By(res="note_title_input")


def _joplin_row(title: str) -> By:
    return By(text=title, res="note_title")


def _joplin_new(title: str) -> Steps:
    yield Tap(By(desc="Add new"))
    yield Tap(By(text="New note"))
    yield TypeInto(JOPLIN_TITLE, title)


def _joplin_delete(title: str) -> Steps:
    yield Tap(_joplin_row(title))
    yield Tap(By(desc="More options"))
    yield Tap(By(text="Delete"))
    yield Tap(By(text="OK"))  # the note goes to the trash and the editor closes


def _joplin_rename(old: str, new: str) -> Steps:
    yield Tap(_joplin_row(old))
    yield from replace_text(JOPLIN_TITLE, new)
    yield Press("back")


def _joplin_folder(name: str) -> Steps:
    yield Tap(By(desc="Open navigation drawer"))
    yield Tap(By(text="New notebook"))
    yield TypeInto(By(res="notebook_title_input"), name)
    yield Tap(By(desc="Save"))
    yield Tap(By(desc="Open navigation drawer"))
    yield Tap(By(text=name))


def _joplin_search(word: str) -> Steps:
    yield Tap(By(desc="Search"))
    yield TypeInto(By(res="search_input"), word)


JOPLIN = NotesUi(
    app_id="notes_joplin", row=_joplin_row, new_note=_joplin_new, body=JOPLIN_BODY, delete=_joplin_delete,
    rename=_joplin_rename, new_folder_and_open=_joplin_folder, search=_joplin_search,
    result=By(res="note_title", nth=0), checklist=lambda items: markdown_items(JOPLIN_BODY, items),
    append=_append_typed(JOPLIN_BODY), count_open=count_task_lines(JOPLIN_BODY),
)


# -- NotallyX --------------------------------------------------------------------------------------

NOTALLY_BODY = By(res="EnterBody")
NOTALLY_TITLE = By(res="EnterTitle")


def _notally_row(title: str) -> By:
    return By(text=title, res="Title")


def _notally_new(title: str) -> Steps:
    yield Tap(By(desc="Take note"))
    yield TypeInto(NOTALLY_TITLE, title)


def _notally_new_list(title: str) -> Steps:
    yield Tap(By(desc="Make list"))
    yield TypeInto(NOTALLY_TITLE, title)


def _notally_delete(title: str) -> Steps:
    yield LongPress(_notally_row(title))
    yield Tap(By(desc="Delete"))  # straight to "Deleted", no dialog


def _notally_rename(old: str, new: str) -> Steps:
    yield Tap(_notally_row(old))
    yield from replace_text(NOTALLY_TITLE, new)
    yield Press("back")


def _notally_folder(name: str) -> Steps:
    yield Tap(By(desc="Open navigation drawer"))
    yield Tap(By(text="Labels"))
    yield Tap(By(desc="Add label"))
    yield TypeInto(By(res="EditText"), name)
    yield Tap(By(text="Save"))
    yield Tap(By(text=name, res="Label"))


def _notally_search(word: str) -> Steps:
    yield TypeInto(By(res="EnterSearchKeyword"), word)


def _notally_items(items: list[str]) -> Steps:
    for item in items:
        yield TypeInto(By(res="AddItem"), item)
        yield Press("enter")  # adds the item, the field stays for the next one


def _notally_count() -> Generator[Intent, str, int]:
    n = yield Count(By(res="CheckBox", checked=False))
    return int(n)


NOTALLYX = NotesUi(
    app_id="notes_notallyx", row=_notally_row, new_note=_notally_new, body=NOTALLY_BODY, delete=_notally_delete,
    rename=_notally_rename, new_folder_and_open=_notally_folder, search=_notally_search,
    result=By(res="Title", nth=0), checklist=_notally_items, append=_append_typed(NOTALLY_BODY),
    count_open=_notally_count, new_list=_notally_new_list,
)

# -- Orgzly Revived --------------------------------------------------------------------------------

ORGZLY_BODY = By(res="com.orgzlyrevived:id/content")  # not android:id/content (the decor view)
ORGZLY_TITLE = By(res="title")
ORGZLY_DONE = Tap(By(desc="Done"))


def _orgzly_row(title: str) -> By:
    return By(text=title, res="item_head_title")


def _orgzly_new(title: str) -> Steps:
    yield Tap(By(desc="New note"))
    yield TypeInto(ORGZLY_TITLE, title)


def _orgzly_delete(title: str) -> Steps:
    yield Tap(_orgzly_row(title))
    yield Tap(By(desc="More options"))
    yield Tap(By(text="Delete"))
    yield Tap(By(text="Delete"))  # "Delete note?"


def _orgzly_rename(old: str, new: str) -> Steps:
    yield Tap(_orgzly_row(old))
    yield from replace_text(ORGZLY_TITLE, new)
    yield ORGZLY_DONE


def _orgzly_folder(name: str) -> Steps:
    yield Tap(By(desc="New notebook"))
    yield TypeInto(By(res="dialog_input"), name)
    yield Tap(By(text="Create"))
    yield Tap(By(text=name, res="item_book_title"))


def _orgzly_search(word: str) -> Steps:
    yield Tap(By(desc="Search"))
    yield TypeInto(By(res="search_view_query"), word)


ORGZLY = NotesUi(
    app_id="notes_orgzly_revived", row=_orgzly_row, new_note=_orgzly_new, body=ORGZLY_BODY, delete=_orgzly_delete,
    rename=_orgzly_rename, new_folder_and_open=_orgzly_folder, search=_orgzly_search,
    result=By(res="item_head_title", nth=0), checklist=lambda items: markdown_items(ORGZLY_BODY, items),
    append=_append_typed(ORGZLY_BODY), count_open=count_task_lines(ORGZLY_BODY), close=(ORGZLY_DONE,),
    enter=(Tap(By(text="Notes", res="item_book_title")),),
)

# -- neutriNote CE ---------------------------------------------------------------------------------

NEUTRI_BODY = By(res="edit_content")
NEUTRI_TITLE = By(res="edit_title")


def _neutri_row(title: str) -> By:
    return By(text=title, res="title")


def _neutri_new(title: str) -> Steps:
    yield Tap(By(desc="Add"))
    yield TypeInto(NEUTRI_TITLE, title)


def _neutri_delete(title: str) -> Steps:
    yield LongPress(_neutri_row(title))
    yield Tap(By(desc="Delete"))


def _neutri_rename(old: str, new: str) -> Steps:
    yield Tap(_neutri_row(old))
    yield from replace_text(NEUTRI_TITLE, new)
    yield Press("back")


def _neutri_tagged(folder: str, title: str) -> Steps:
    yield from _neutri_new(title)
    yield Tap(By(desc="More options"))
    yield Tap(By(text="Metadata"))
    yield TypeInto(By(res="metadata_input"), folder)
    yield Tap(By(text="Set"))


def _neutri_search(word: str) -> Steps:
    yield Tap(By(desc="Search"))
    yield TypeInto(By(res="search_src_text"), word)


def _no_folder_page(name: str) -> Steps:
    raise AssertionError("neutriNote has no folder page: its folders are tags (tagged_note)")
    yield  # pragma: no cover


NEUTRINOTE = NotesUi(
    app_id="notes_neutrinote", row=_neutri_row, new_note=_neutri_new, body=NEUTRI_BODY, delete=_neutri_delete,
    rename=_neutri_rename, new_folder_and_open=_no_folder_page, search=_neutri_search,
    result=By(res="title", nth=0), checklist=lambda items: markdown_items(NEUTRI_BODY, items),
    append=_append_typed(NEUTRI_BODY), count_open=count_task_lines(NEUTRI_BODY), tagged_note=_neutri_tagged,
)

# -- Notesnook -------------------------------------------------------------------------------------

NOTESNOOK_BODY = By(res="editor-body")
NOTESNOOK_TITLE = By(res="editor-title")


def _notesnook_row(title: str) -> By:
    return By(text=title, res="note-title")


def _notesnook_new(title: str) -> Steps:
    yield Tap(By(res="buttons.add"))
    yield TypeInto(NOTESNOOK_TITLE, title)


def _notesnook_delete(title: str) -> Steps:
    yield LongPress(_notesnook_row(title))
    yield Tap(By(desc="Move to trash"))
    yield Tap(By(text="Delete"))


def _notesnook_rename(old: str, new: str) -> Steps:
    yield Tap(_notesnook_row(old))
    yield from replace_text(NOTESNOOK_TITLE, new)
    yield Press("back")


def _notesnook_folder(name: str) -> Steps:
    yield Tap(By(desc="Open navigation drawer"))
    yield Tap(By(text="Notebooks"))
    yield Tap(By(res="sidebar-add-button"))
    yield TypeInto(By(res="title"), name)
    yield Tap(By(text="Add"))
    yield Tap(By(text=name, res="notebook-title"))


def _notesnook_search(word: str) -> Steps:
    yield Tap(By(desc="Search"))
    yield TypeInto(By(res="search-input"), word)


NOTESNOOK = NotesUi(
    app_id="notes_notesnook", row=_notesnook_row, new_note=_notesnook_new, body=NOTESNOOK_BODY,
    delete=_notesnook_delete, rename=_notesnook_rename, new_folder_and_open=_notesnook_folder,
    search=_notesnook_search, result=By(res="note-title", nth=0),
    checklist=lambda items: markdown_items(NOTESNOOK_BODY, items), append=_append_typed(NOTESNOOK_BODY),
    count_open=count_task_lines(NOTESNOOK_BODY),
)

APPS: tuple[NotesUi, ...] = (MARKOR, JOPLIN, NOTALLYX, NEUTRINOTE, ORGZLY, NOTESNOOK)


# -- one script per template, for every app ------------------------------------------------------

def _read_text(ui: NotesUi, title: str) -> Generator[Intent, str, str]:
    """Open a note, read its text off the editor, go back to the list."""
    yield Tap(ui.row(title))
    text = yield Read(ui.body)
    yield Press("back")
    return text


def _create_note(ui: NotesUi, p: dict[str, Any]) -> Steps:
    yield from ui.new_note(p["note_title"])
    yield TypeInto(ui.body, p["note_body"])
    yield from ui.close


def _create_checklist(ui: NotesUi, p: dict[str, Any]) -> Steps:
    yield from (ui.new_list or ui.new_note)(p["note_title"])
    yield from ui.checklist(list(p["items"]))
    yield from ui.close


def _edit(ui: NotesUi, p: dict[str, Any]) -> Steps:
    yield from ui.rename(p["old_title"], p["new_title"])


def _merge(ui: NotesUi, p: dict[str, Any]) -> Steps:
    first = yield from _read_text(ui, p["note_title"])
    second = yield from _read_text(ui, p["second_title"])
    yield from ui.new_note(p["merged_title"])
    yield TypeInto(ui.body, f"{first} {second}")
    yield from ui.close
    yield from ui.delete(p["note_title"])
    yield from ui.delete(p["second_title"])


def _delete(ui: NotesUi, p: dict[str, Any]) -> Steps:
    yield from ui.delete(p["note_title"])


def _search(ui: NotesUi, p: dict[str, Any]) -> Steps:
    yield from ui.search(p["keyword"])
    title = yield Read(ui.result)
    yield Answer(title)


def _share_import(ui: NotesUi, p: dict[str, Any]) -> Steps:
    text = yield from _read_text(ui, p["source_title"])
    yield from ui.new_note(p["note_title"])
    yield TypeInto(ui.body, text)
    yield from ui.close


def _create_folder(ui: NotesUi, p: dict[str, Any]) -> Steps:
    if ui.tagged_note is not None:
        yield from ui.tagged_note(p["folder_name"], p["note_title"])
        yield from ui.close
        return
    yield from ui.new_folder_and_open(p["folder_name"])
    yield from ui.new_note(p["note_title"])
    yield from ui.close


def _attach(ui: NotesUi, p: dict[str, Any]) -> Steps:
    yield Tap(ui.row(p["note_title"]))
    yield from ui.append(f" {p['link']}")
    yield from ui.close


def _count(ui: NotesUi, p: dict[str, Any]) -> Steps:
    yield Tap(ui.row(p["note_title"]))
    count = yield from ui.count_open()
    yield Answer(str(count))


BODIES: dict[str, Callable[[NotesUi, dict[str, Any]], Steps]] = {
    "NotesCreateNote": _create_note,
    "NotesCreateChecklist": _create_checklist,
    "NotesEditNote": _edit,
    "NotesMergeNotes": _merge,
    "NotesDeleteNote": _delete,
    "NotesSearchNote": _search,
    "NotesShareImport": _share_import,
    "NotesCreateFolder": _create_folder,
    "NotesAttachContent": _attach,
    "NotesCountTodoItems": _count,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: into the app's notes (folders are made from the home screen),
    then the template's body."""
    ui = next((u for u in APPS if u.app_id == app_id), None)
    enter = ui.enter if ui and semantic_id != "NotesCreateFolder" else ()
    return gold_from_body(BODIES.get(semantic_id), ui, prelude=enter)
