"""The Notes state model: notes and folders as a verifier sees them, whatever the app calls them.

"Folder" is the neutral noun (docs/notes.md): Markor's directories, Joplin's notebooks, Orgzly's
notebooks (books), NotallyX's labels and neutriNote's tags are all folders here; each adapter maps
its app's container to a name. Every app has a default place for a note that is "in no folder"
(Markor's notebook root, Joplin's and Orgzly's default notebook ``Notes``, no label, no tag); the
adapters map that default to ``folders == []``, so a seeded note without folder reads back the same
in every app.

Checklists are a note's ``items``: Markor, Joplin, Orgzly and neutriNote keep them as Markdown/Org
task lines (``- [ ] text`` / ``- [x] text``) in the note's text, NotallyX as a list note's item
array. ``body`` is the rest of the text. Written independently of the simulator's own parsing.
"""

from __future__ import annotations

import re
import unicodedata

from pydantic import BaseModel, Field

from pytest_anyapp.templates.base import CategoryState

#: The default container every app puts a note in when the user picks none (see module docstring).
DEFAULT_FOLDER = "Notes"


class ChecklistItem(BaseModel):
    text: str
    checked: bool = False


class Note(BaseModel):
    """One note, reduced to what a criterion may use."""

    title: str
    body: str = ""
    items: list[ChecklistItem] = Field(default_factory=list)
    folders: list[str] = Field(default_factory=list, description="Folder/notebook/label/tag names.")
    trashed: bool = Field(default=False, description="In the app's trash/bin (deleted by the user).")

    def describe(self) -> str:
        where = f" in {', '.join(self.folders)}" if self.folders else ""
        items = f" [{len(self.items)} items]" if self.items else ""
        bin_ = " (trashed)" if self.trashed else ""
        return f"{self.title!r}{where}{items}{bin_}: {self.body[:80]!r}"


class NotesState(CategoryState):
    """Every note (trashed ones too, where the app keeps them) and every folder that exists."""

    notes: list[Note] = Field(default_factory=list)
    folders: list[str] = Field(default_factory=list)

    def read_back(self) -> tuple[list[tuple[str, str, tuple[tuple[str, bool], ...], tuple[str, ...], bool]], list[str]]:
        """Notes as (title, body, items, folders, trashed) and folder names, normalised and sorted.
        Not compared: whitespace runs (what a keyboard can type) and the order of rows."""
        notes = sorted((norm(n.title), norm(n.body), tuple((norm(i.text), i.checked) for i in n.items),
                        tuple(sorted(norm(f) for f in n.folders)), n.trashed) for n in self.notes)
        return notes, sorted(norm(f) for f in self.folders)

    def live(self) -> list[Note]:
        return [n for n in self.notes if not n.trashed]

    def titled(self, title: str) -> list[Note]:
        """Live notes whose title is ``title`` (by :func:`same_text`)."""
        return [n for n in self.live() if same_text(n.title, title)]


# -- matching rules --------------------------------------------------------------------------------

_WS = re.compile(r"\s+")


def norm(text: str) -> str:
    """NFKC, whitespace runs to one space, trimmed (case kept: it is what read_back compares)."""
    return _WS.sub(" ", unicodedata.normalize("NFKC", text)).strip()


def fold(text: str) -> str:
    return norm(text).casefold()


def same_text(actual: str, expected: str) -> bool:
    """Titles and bodies: equal after NFKC, whitespace collapsing, trimming and case folding."""
    return fold(actual) == fold(expected)


def contains_text(haystack: str, needle: str) -> bool:
    """``needle`` occurs in ``haystack`` under the same normalisation (merged or appended text)."""
    return bool(fold(needle)) and fold(needle) in fold(haystack)


# -- Markdown task lines (the text form of a checklist in four of the apps) -------------------------

_TASK = re.compile(r"^\s*[-*+]\s+\[([ xX])\]\s?(.*)$")


def split_task_lines(text: str) -> tuple[str, list[ChecklistItem]]:
    """Split a note's text into its non-task text and its ``- [ ]``/``- [x]`` items, in order."""
    rest: list[str] = []
    items: list[ChecklistItem] = []
    for line in text.split("\n"):
        m = _TASK.match(line)
        if m:
            items.append(ChecklistItem(text=m.group(2).strip(), checked=m.group(1) in "xX"))
        else:
            rest.append(line)
    return "\n".join(rest).strip(), items


def join_task_lines(body: str, items: list[ChecklistItem]) -> str:
    """The text a Markdown editor holds for ``body`` followed by the items as task lines."""
    lines = [f"- [{'x' if i.checked else ' '}] {i.text}" for i in items]
    return "\n".join([body, *lines] if body else lines)
