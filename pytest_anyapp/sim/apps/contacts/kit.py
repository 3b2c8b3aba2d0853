"""The Contacts screen kit: the category's screens written once, with explicit variation points.

A Contacts app double is a declarative :class:`ContactsSkin` plus, rarely, an override. Screens:
the contact list (:class:`ContactList`), a search page (:class:`SearchPage`), a contact's details
(:class:`Details`) and the editor (:class:`Editor`, new or existing contact). Variation points:

* **list** — a titled toolbar with a search icon (search on its own page) or a search bar on top
  (inline filtering); the add control as a FAB or an extended button; a favourites section;
* **details** — where the star lives (toolbar icon or a button in the header), where Edit and
  Delete live (toolbar icons, overflow menu, an edit FAB), call/message as header buttons or as
  icons on the number's row;
* **editor** — Save as an icon or a text button, the number's label as a dialog or a dropdown,
  and whether leaving with changes asks first;
* **storage** — the ContactsProvider (one name row, or Connect You's three) or the app's
  ``local_contacts.db`` (:mod:`.store`).

Intents other apps send, as the real apps declare them: ``ACTION_INSERT`` (``name``/``phone``/
``phone_type`` extras of ``ContactsContract.Intents.Insert``) opens the editor pre-filled,
``ACTION_EDIT`` of ``content://com.android.contacts/contacts/<id>`` opens it on that contact.
Calling sends ``ACTION_CALL tel:<n>`` (Telecom places the call; the Phone app shows it), messaging
``ACTION_SENDTO smsto:<n>`` (the SMS app opens its compose screen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Intent, Screen, SimApp
from pytest_anyapp.sim.apps.contacts.store import ContactStore, LocalContacts, Person, ProviderContacts
from pytest_anyapp.sim.apps.skin import Confirm as Confirm
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.views import (
    Button,
    Column,
    EditText,
    Fab,
    ImageButton,
    ImageView,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    Spacer,
    TextView,
    Toolbar,
    View,
    active_screen,
)

Menu = tuple[tuple[str, str], ...]  # (label, action name); "" = does nothing here
INSERT = "android.intent.action.INSERT"
EDIT = "android.intent.action.EDIT"
CONTACTS_URI = "content://com.android.contacts/contacts"
CONTACT_TYPES = ("vnd.android.cursor.dir/contact", "vnd.android.cursor.dir/raw_contact",
                 "vnd.android.cursor.item/contact", "vnd.android.cursor.item/raw_contact")


@dataclass(frozen=True)
class ListSkin:
    header: Literal["toolbar", "search_bar"]
    title: str
    list_id: str
    row_id: str
    empty_text: str
    add: Icon
    add_style: Literal["fab", "extended"] = "fab"
    search_hint: str = "Search contacts"
    search_id: str = "search"
    actions: tuple[Icon, ...] = ()
    menu: Menu = ()
    favorites_header: str = ""  # a section of starred contacts on top ("" = none)
    subtitle_number: bool = False


@dataclass(frozen=True)
class DetailSkin:
    activity: str
    name_id: str
    phone_id: str
    label_id: str
    call: Icon
    message: Icon
    star_on: str  # content description while starred
    star_off: str
    star_id: str
    star_place: Literal["toolbar", "header"] = "toolbar"
    quick_actions: Literal["buttons", "row_icons"] = "buttons"
    numbers: Literal["raw", "formatted"] = "raw"  # formatted: PhoneNumberUtils.formatNumber, US
    call_intent: Literal["call", "dial"] = "call"  # ACTION_CALL tel:<n>, or ACTION_DIAL (the dial pad)
    message_intent: Literal["sendto_smsto", "view_sms"] = "sendto_smsto"
    quick_style: Literal["icons", "labeled"] = "icons"  # labeled: text buttons, Message before Call
    edit: Icon = Icon("edit", "Edit", "", "edit")
    edit_style: Literal["toolbar", "fab"] = "toolbar"
    actions: tuple[Icon, ...] = ()  # more toolbar icons ("delete", "share")
    menu: Menu = ()
    delete: Confirm = Confirm()


@dataclass(frozen=True)
class EditorSkin:
    activity: str
    title_new: str
    title_edit: str
    first_id: str
    last_id: str
    phone_id: str
    label_id: str
    first_hint: str = "First name"
    last_hint: str = "Last name"
    phone_hint: str = "Phone"
    save: Icon = Icon("check", "Save", "save")
    save_style: Literal["icon", "text"] = "icon"
    label_picker: Literal["dialog", "dropdown"] = "dialog"
    labels: tuple[str, ...] = ("Mobile", "Home", "Work", "Other")
    ask_discard: bool = False
    discard: Confirm = Confirm("Discard changes?", "", "Discard", "Keep editing")
    #: The name and phone fields are multi-line (Enter adds a line) and their declared IME action.
    fields_multiline: bool = False
    fields_ime: str | None = None


@dataclass(frozen=True)
class ContactsSkin:
    """One Contacts app, declared."""

    list: ListSkin
    detail: DetailSkin
    editor: EditorSkin
    storage: Literal["provider", "provider_split", "local", "local_relations"] = "provider"
    search: Literal["inline", "page"] = "inline"
    #: A Jetpack Compose UI: no view ids in the accessibility tree (text fields included).
    compose: bool = False
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


# -- the app ------------------------------------------------------------------------------------------

class ContactsApp(SimApp):
    """A Contacts app double: metadata on the subclass, everything else from its ``skin``."""

    skin: ClassVar[ContactsSkin]
    permissions = tuple(f"android.permission.{p}" for p in (
        "READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS", "CALL_PHONE", "POST_NOTIFICATIONS"))

    def on_create(self) -> None:
        if self.skin.storage.startswith("local"):
            self.store_local().first_open()  # Room opens (creates) the database on the first list load

    def store_local(self) -> LocalContacts:
        return LocalContacts(self, relations=self.skin.storage == "local_relations")

    @property
    def store(self) -> ContactStore:
        if self.skin.storage.startswith("local"):
            return self.store_local()
        return ProviderContacts(self, split_names=self.skin.storage == "provider_split")

    def people(self, query: str = "") -> list[Person]:
        q = query.strip().lower()
        found = [p for p in self.store.people()
                 if not q or q in p.name.lower() or any(q.replace("-", "") in n.replace("-", "") for n, _ in p.phones)]
        return sorted(found, key=lambda p: (p.name.lower(), p.id))

    def person(self, id: int) -> Person | None:
        return next((p for p in self.store.people() if p.id == id), None)

    def call(self, number: str) -> None:
        """``ACTION_CALL tel:<number>``: Telecom places the call and the Phone app shows it; or
        ``ACTION_DIAL`` (the Phone app's dial pad with the number, dashes dropped)."""
        if self.skin.detail.call_intent == "dial":
            self.device.ui.start_intent(Intent(action="android.intent.action.DIAL", data=f"tel:{number.replace('-', '')}"))
        else:
            self.device.ui.start_intent(Intent(action="android.intent.action.CALL", data=f"tel:{number}"))

    def message(self, number: str) -> None:
        """``ACTION_SENDTO smsto:<number>`` (or ``ACTION_VIEW sms:<number>``): the messaging app opens
        a compose screen."""
        if self.skin.detail.message_intent == "view_sms":
            self.device.ui.start_intent(Intent(action="android.intent.action.VIEW", data=f"sms:{number.replace('-', '')}"))
        else:
            self.device.ui.start_intent(Intent(action="android.intent.action.SENDTO", data=f"smsto:{number}"))

    # -- ACTION_INSERT / ACTION_EDIT, as the real apps declare them ---------------------------------
    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        if intent.action == INSERT:
            return intent.mime_type in CONTACT_TYPES or intent.data.startswith(CONTACTS_URI)
        return intent.action == EDIT and intent.data.startswith(CONTACTS_URI + "/")

    def open_intent(self, intent: Intent) -> Screen | None:
        if intent.action == INSERT:
            e = intent.extras
            name = str(e.get("name", ""))
            first, _, last = name.strip().partition(" ")
            return Editor(self, None, first=first, last=last.strip(), phone=str(e.get("phone", "")),
                          label=_label_of(e.get("phone_type")))
        tail = intent.data[len(CONTACTS_URI) + 1:].split("/")[0]
        return Editor(self, int(tail)) if tail.isdigit() and self.person(int(tail)) else None


def us_format(number: str) -> str:
    """``(NNN) NNN-NNNN`` for 10 digits (or 1 + 10), as PhoneNumberUtils formats for the US."""
    d = "".join(ch for ch in number if ch.isdigit())
    if len(d) == 11 and d.startswith("1"):
        d = d[1:]
    return f"({d[:3]}) {d[3:6]}-{d[6:]}" if len(d) == 10 else number


def _label_of(value: object) -> str:
    names = {"1": "Home", "2": "Mobile", "3": "Work", "7": "Other"}
    return names.get(str(value), "Mobile") if value not in (None, "") else "Mobile"


class ComposeField(EditText):
    """A Compose text field: its state key is internal, the accessibility tree shows no view id."""

    def resource_id(self, package: str) -> str:
        return ""


class ContactsScreen(Screen):
    def text_field(self, id: str, **kwargs: Any) -> EditText:
        return ComposeField(id, toolkit="compose", **kwargs) if self.skin.compose else EditText(id, **kwargs)

    @property
    def contacts(self) -> ContactsApp:
        assert isinstance(self.app, ContactsApp)
        return self.app

    @property
    def skin(self) -> ContactsSkin:
        return self.contacts.skin

    def icons(self, icons: tuple[Icon, ...], handlers: dict[str, Callable[[], Any]]) -> list[View]:
        return [ImageButton(i.icon, i.desc, on_click=handlers.get(i.action), id=i.id or None) for i in icons]

    @staticmethod
    def menu_items(items: Menu, handlers: dict[str, Callable[[], Any]]) -> list[tuple[str, Any]]:
        return [(label, handlers.get(action)) for label, action in items]

    def rows(self, people: list[Person]) -> list[View]:
        s = self.skin.list
        out: list[View] = []
        starred = [p for p in people if p.starred] if s.favorites_header else []
        if starred:
            out.append(TextView(s.favorites_header, size=14, color="#1A73E8", padding=(16, 12, 16, 4)))
        for p in [*starred, *people]:
            sub = p.phones[0][0] if s.subtitle_number and p.phones else ""
            out.append(ListItem(p.name, sub, avatar=p.name, title_id=s.row_id or None,
                                on_click=lambda i=p.id: self.push(Details(self.app, i))))
        return out


class ContactList(ContactsScreen):
    """All contacts by name; the search bar (``inline``) filters the list."""

    def activity_name(self) -> str:
        return self.app.activity_name(self.app.launch_activity or "")

    def build(self) -> View:
        s = self.skin.list
        h = {"search": lambda: self.push(SearchPage(self.app)), "add": self.add}
        query = self.field(s.search_id) if self.skin.search == "inline" else ""
        people = self.contacts.people(query)
        if s.header == "search_bar":
            overflow = self.menu_items(s.menu, h)
            more = ImageView("more", "More options", size=48, focusable=True,
                             on_click=lambda: active_screen().show_menu(overflow)) if s.menu else None
            header: View = Row(ImageView("search", size=24, padding=(12, 0)),
                               self.text_field(s.search_id, hint=s.search_hint, weight=1.0), *self.icons(s.actions, h), more,
                               padding=(8, 4), height=64, background=theme.SURFACE_VARIANT)
        else:
            header = Toolbar(s.title, actions=self.icons(s.actions, h), menu=self.menu_items(s.menu, h))
        fab = Fab(s.add.icon, s.add.desc, on_click=self.add, id=s.add.id or None) if s.add_style == "fab" else None
        bottom = (Row(Spacer(weight=1.0), Button(s.add.desc, self.add, id=s.add.id or None), padding=(16, 8))
                  if s.add_style == "extended" else None)
        return Scaffold(header, ScrollList(*self.rows(people), id=s.list_id, empty_text=s.empty_text),
                        fab=fab, bottom=bottom)

    def add(self) -> None:
        self.push(Editor(self.app, None))


class SearchPage(ContactsScreen):
    """A search page (toolbar-style apps): contacts whose name or number matches."""

    activity = ".activities.SearchActivity"

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.focus(self.skin.list.search_id)

    def activity_name(self) -> str:
        return self.app.activity_name(self.app.launch_activity or "") if self.skin.compose else \
            super().activity_name()

    def build(self) -> View:
        s = self.skin.list
        query = self.field(s.search_id)
        people = self.contacts.people(query) if query.strip() else []
        return Scaffold(Row(ImageButton("back", "Navigate up", on_click=self.finish),
                            self.text_field(s.search_id, hint=s.search_hint, weight=1.0), padding=(4, 4), height=64),
                        ScrollList(*self.rows(people), id=s.list_id, empty_text="No results" if query else ""))


class Details(ContactsScreen):
    """One contact: name, numbers, call / message, star, edit, delete."""

    def __init__(self, app: SimApp, person_id: int) -> None:
        super().__init__(app)
        self.person_id = person_id

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.detail.activity)

    def build(self) -> View:
        d = self.skin.detail
        p = self.contacts.person(self.person_id)
        if p is None:
            return Scaffold(Toolbar("", nav="back"), TextView("Contact not found", padding=16))
        star = ImageButton("star" if p.starred else "star_border", d.star_on if p.starred else d.star_off,
                           on_click=self.toggle_star, id=d.star_id or None, selected=p.starred)
        h = {"edit": self.edit, "delete": self.ask_delete, "star": self.toggle_star}
        actions = self.icons(d.actions, h)
        if d.edit_style == "toolbar":
            actions.insert(0, ImageButton(d.edit.icon, d.edit.desc, on_click=self.edit, id=d.edit.id or None))
        if d.star_place == "toolbar":
            actions.insert(0, star)
        number = p.phones[0][0] if p.phones else ""
        header: list[View | None] = [TextView(p.name, id=d.name_id or None, size=28, align="center",
                                              padding=(16, 24, 16, 8)),
                                     star if d.star_place == "header" else None]
        if d.quick_actions == "buttons" and number and d.quick_style == "labeled":
            header.append(Column(self.labeled(d.message, number), self.labeled(d.call, number), spacing=10,
                                 padding=(16, 6)))
        elif d.quick_actions == "buttons" and number:
            header.append(Row(Spacer(weight=1.0), self.quick(d.call, number), self.quick(d.message, number),
                              Spacer(weight=1.0), spacing=24, padding=(16, 8)))
        phones: list[View] = []
        for n, label in p.phones:
            icons = ([self.quick(d.call, n), self.quick(d.message, n)] if d.quick_actions == "row_icons" else [])
            shown = us_format(n) if d.numbers == "formatted" else n
            phones.append(Row(Column(TextView(shown, id=d.phone_id or None, size=16),
                                     TextView(label, id=d.label_id or None, size=13, color="#5F6368"), weight=1.0),
                              *icons, padding=(16, 12)))
        fab = Fab(d.edit.icon, d.edit.desc, on_click=self.edit, id=d.edit.id or None) if d.edit_style == "fab" else None
        return Scaffold(Toolbar("", nav="back", actions=actions, menu=self.menu_items(d.menu, h)),
                        Column(*header), ScrollList(*phones, id="contact_numbers"), fab=fab)

    def quick(self, icon: Icon, number: str) -> View:
        act = self.contacts.call if icon.action == "call" else self.contacts.message
        return ImageButton(icon.icon, icon.desc, on_click=lambda: act(number), id=icon.id or None)

    def labeled(self, icon: Icon, number: str) -> View:
        act = self.contacts.call if icon.action == "call" else self.contacts.message
        return Button(icon.desc, lambda: act(number), id=icon.id or None, gravity="center_horizontal")

    def toggle_star(self) -> None:
        p = self.contacts.person(self.person_id)
        if p is not None:
            self.contacts.store.set_starred(p.id, not p.starred)

    def edit(self) -> None:
        self.push(Editor(self.app, self.person_id))

    def ask_delete(self) -> None:
        c = self.skin.detail.delete
        self.show_dialog(AlertDialog(c.title, c.message, positive=(c.yes, self.delete), negative=(c.no, None)))

    def delete(self) -> None:
        self.contacts.store.delete(self.person_id)
        self.finish()


class Editor(ContactsScreen):
    """New contact (``person_id`` None) or an existing one. Nothing is stored until Save."""

    def __init__(self, app: SimApp, person_id: int | None, *, first: str = "", last: str = "", phone: str = "",
                 label: str = "Mobile") -> None:
        super().__init__(app)
        self.person_id = person_id
        e = self.skin.editor
        existing = self.contacts.person(person_id) if person_id is not None else None
        if existing is not None:
            first, last = existing.first, existing.last
            phone, label = existing.phones[0] if existing.phones else ("", "Mobile")
        self.label = label
        self.start = (first, last, phone, label)
        for fid, value in ((e.first_id, first), (e.last_id, last), (e.phone_id, phone)):
            self.set_field(fid, value)
        self.focus(e.first_id)

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.editor.activity)

    def build(self) -> View:
        e = self.skin.editor
        save: View = (Button(e.save.desc, self.save, id=e.save.id or None, style="text") if e.save_style == "text"
                      else ImageButton(e.save.icon, e.save.desc, on_click=self.save, id=e.save.id or None))
        title = e.title_new if self.person_id is None else e.title_edit
        fields: dict[str, Any] = {"multiline": e.fields_multiline, "ime_action": e.fields_ime}
        return Scaffold(
            Toolbar(title, nav="back", on_nav=self.leave, actions=[save]),
            self.text_field(e.first_id, hint=e.first_hint, padding=(16, 12), **fields),
            self.text_field(e.last_id, hint=e.last_hint, padding=(16, 12), **fields),
            Row(self.text_field(e.phone_id, hint=e.phone_hint, weight=1.0, **fields),
                TextView(self.label, id=e.label_id or None, on_click=self.pick_label, clickable=True,
                         padding=(16, 14)),
                padding=(0, 4)),
        )

    def pick_label(self) -> None:
        e = self.skin.editor
        if e.label_picker == "dialog":
            self.show_dialog(AlertDialog("Label", choices=list(e.labels), checked=list(e.labels).index(self.label)
                                         if self.label in e.labels else -1, on_choice=self.choose_label))
        else:
            self.show_menu([(label, lambda x=label: self.set_label(x)) for label in e.labels])

    def choose_label(self, index: int) -> None:
        self.set_label(self.skin.editor.labels[index])
        self.dismiss_dialog()

    def set_label(self, label: str) -> None:
        self.label = label

    def values(self) -> tuple[str, str, str, str]:
        e = self.skin.editor
        return (self.field(e.first_id).strip(), self.field(e.last_id).strip(), self.field(e.phone_id).strip(),
                self.label)

    def save(self) -> None:
        first, last, phone, label = self.values()
        if not (first or last or phone):
            self.finish()
            return
        if self.person_id is None:
            self.contacts.store.add(first, last, phone, label)
        else:
            self.contacts.store.update(self.person_id, first, last, phone, label)
        self.finish()

    def leave(self) -> None:
        e = self.skin.editor
        if e.ask_discard and self.values() != self.start:
            self.show_dialog(AlertDialog(e.discard.title, e.discard.message, positive=(e.discard.yes, self.finish),
                                         negative=(e.discard.no, None)))
        else:
            self.finish()

    def on_back(self) -> bool:
        if self.skin.editor.ask_discard and self.values() != self.start:
            self.leave()
            return True
        return False


ContactsApp.home = ContactList  # every skin's launch screen (an app may set its own)
