"""Gold UI solutions for the 10 Contacts templates in the five Contacts apps.

Each app is described once by a :class:`ContactsUi` (its own labels, ids and flows: where "add"
is, where the star, Edit and Delete live, how a label is picked, how the editor saves); the
template scripts are written once against that description. Everything a script taps is found on
screen by text, content description or id.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator
from dataclasses import dataclass

from pytest_anyapp.agents.oracle import By, Count, Intent, LongPress, ScrollTo, Tap, TypeInto, TypeText
from verifiers.bundle import Script, gold_from_body

Steps = Generator[Intent, str, None]


@dataclass(frozen=True)
class ContactsUi:
    """Where one app keeps the controls the Contacts scripts need."""

    app_id: str
    add: By
    row_res: str
    first: By
    last: By
    phone: By
    label: By
    save: By
    #: Taps that reach the search field from the list (none when the list has a search bar).
    open_search: tuple[Intent, ...]
    search_field: By
    edit: By
    star: tuple[Intent, ...]
    unstar: tuple[Intent, ...]
    delete: tuple[Intent, ...]
    call: By
    message: By
    end_call: By = By(desc="End call")
    #: After ``call``: the taps that place the call (an app that opens the dial pad instead of calling).
    place_call: tuple[Intent, ...] = ()


GOOGLE = ContactsUi(
    app_id="contacts_google_contacts",
    add=By(desc="Create contact"),
    row_res="cliv_name_textview",
    first=By(res="first_name"), last=By(res="last_name"), phone=By(res="phone_number"), label=By(res="phone_type"),
    save=By(text="Save"),
    open_search=(),
    search_field=By(res="open_search_bar_text_view"),
    edit=By(desc="Edit contact"),
    star=(Tap(By(desc="Add to favorites")),),
    unstar=(Tap(By(desc="Remove from favorites")),),
    delete=(Tap(By(desc="More options")), Tap(By(text="Delete")), Tap(By(text="Delete"))),
    call=By(desc="Call"),
    message=By(desc="Text"),
)

FOSSIFY = ContactsUi(
    app_id="contacts_fossify_contacts",
    add=By(desc="Create new contact"),
    row_res="item_contact_name",
    first=By(res="contact_first_name"), last=By(res="contact_surname"), phone=By(res="contact_number"),
    label=By(res="contact_number_type"),
    save=By(desc="Save"),
    open_search=(),
    search_field=By(res="top_toolbar_search"),
    edit=By(desc="Edit"),
    star=(Tap(By(desc="Toggle favorite")),),
    unstar=(Tap(By(desc="Toggle favorite")),),
    delete=(Tap(By(desc="Delete")), Tap(By(text="Yes"))),
    call=By(desc="Call contact"),
    message=By(desc="Send SMS"),
)

SIMPLE = dataclasses.replace(FOSSIFY, app_id="contacts_simple_contacts_pro_se")

RIGHT = ContactsUi(
    app_id="contacts_right_contact",
    add=By(desc="Create new"),
    row_res="item_contact_name",
    first=By(res="contactFirstName"), last=By(res="contact_surname"), phone=By(res="contact_number"),
    label=By(res="contact_number_type"),
    save=By(desc="Save"),
    open_search=(),
    search_field=By(res="top_toolbar_search"),
    edit=By(desc="Edit contact"),
    star=(Tap(By(desc="Toggle favorite")),),
    unstar=(Tap(By(desc="Toggle favorite")),),
    delete=(Tap(By(desc="More options")), Tap(By(text="Delete")), Tap(By(text="Delete"))),
    call=By(desc="Call"),
    message=By(desc="Message"),
)

CONNECT_YOU = ContactsUi(
    app_id="contacts_connect_you",
    add=By(class_contains="ImageButton", nth=-1),  # the unlabelled pencil FAB, last on the list screen
    row_res="",
    first=By(class_contains="EditText", nth=0), last=By(class_contains="EditText", nth=1),
    phone=By(class_contains="EditText", nth=2), label=By(text="Mobile"),
    save=By(text="Save"),
    open_search=(Tap(By(desc="Search")),),
    search_field=By(class_contains="EditText"),
    edit=By(desc="Edit"),
    star=(Tap(By(desc="Favorite")),),
    unstar=(Tap(By(desc="Favorite")),),
    delete=(Tap(By(desc="More options")), Tap(By(text="Delete contact")), Tap(By(text="Okay"))),
    call=By(text="Dial"),
    message=By(text="Message"),
    place_call=(Tap(By(desc="dial")),),
)

APPS: tuple[ContactsUi, ...] = (GOOGLE, FOSSIFY, SIMPLE, RIGHT, CONNECT_YOU)


def row(ui: ContactsUi, name: str) -> By:
    """A contact's row in the list; without row ids (Compose) its name text, not the search field."""
    return By(text=name, res=ui.row_res) if ui.row_res else By(text=name, class_contains="TextView")


def replace_text(target: By, text: str) -> Steps:
    """Android's own way to overwrite a field: long-press it (selects a word and shows the text
    selection toolbar), "Select all", then type (typing replaces the selection)."""
    yield LongPress(target)
    yield Tap(By(text="Select all"))
    yield TypeText(text)


def fill_new(ui: ContactsUi, first: str, last: str, phone: str) -> Steps:
    yield Tap(ui.add)
    yield TypeInto(ui.first, first)
    yield TypeInto(ui.last, last)
    yield TypeInto(ui.phone, phone)


# -- one script per template, for every app ------------------------------------------------------

def _add(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield from fill_new(ui, p["first"], p["last"], p["number"])
    yield Tap(ui.save)


def _draft(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield from fill_new(ui, p["first"], p["last"], p["phone"])
    yield Tap(ui.label)
    yield Tap(By(text=p["phone_label"]))


def _edit(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, f"{p['first']} {p['old_last']}"))
    yield Tap(ui.edit)
    yield from replace_text(ui.last, p["new_last"])
    yield from replace_text(ui.phone, p["new_number"])
    yield Tap(ui.save)


def _search(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield from ui.open_search
    yield TypeInto(ui.search_field, p["target_name"])
    yield Tap(row(ui, p["target_name"]))


def _view(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield ScrollTo(row(ui, p["name"]))
    yield Tap(row(ui, p["name"]))


def _favorite(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["name"]))
    yield from ui.star


def _unfavorite(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["name"]))
    yield from ui.unstar


def _delete(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["name"]))
    yield from ui.delete


def _call(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["name"]))
    yield Tap(ui.call)
    yield from ui.place_call
    yield Tap(ui.end_call)


def _message(ui: ContactsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["name"]))
    yield Tap(ui.message)
    # VIEW sms: is not among the SMS role's preferred activities: with several messaging apps Android
    # asks which one ("Open with"); pick the default SMS app, just once
    if (yield Count(By(res="resolver_list"))) != "0":
        yield Tap(By(text="Messages", res="text1"))
        yield Tap(By(text="Just once"))


BODIES: dict[str, Callable[[ContactsUi, dict[str, str]], Steps]] = {
    "ContactsAddContact": _add,
    "ContactsNewContactDraft": _draft,
    "ContactsEditContact": _edit,
    "ContactsSearchContact": _search,
    "ContactsViewContactDetails": _view,
    "ContactsAddFavoriteContact": _favorite,
    "ContactsRemoveFavoriteContact": _unfavorite,
    "ContactsDeleteContact": _delete,
    "ContactsCallContact": _call,
    "ContactsMessageContact": _message,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description."""
    return gold_from_body(BODIES.get(semantic_id), next((u for u in APPS if u.app_id == app_id), None))
