"""Declaration pieces every category's screen kit uses to describe an app double (a skin)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Icon:
    """An icon button: drawable name, content description, resource id, action name."""

    icon: str
    desc: str
    id: str = ""
    action: str = ""


@dataclass(frozen=True)
class Confirm:
    """A confirmation dialog. Kits format the texts (e.g. ``{n}``/``{s}`` for a count and its
    plural 's', ``{title}`` for the item); the ``*_many`` texts are for more than one item."""

    title: str = ""
    message: str = ""
    yes: str = "Delete"
    no: str = "Cancel"
    title_many: str = ""
    message_many: str = ""
