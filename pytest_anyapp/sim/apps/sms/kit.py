"""The SMS screen kit: the category's screens written once, with explicit variation points.

An SMS app double is a declarative :class:`SmsSkin` (labels, resource ids, menus and one choice
per variation point) plus, rarely, an override for a genuinely unique screen (listed in
docs/sms.md). Variation points:

* **entry flow** — how a new conversation starts: a FAB or an extended button (``ListSkin.entry``),
  and what it opens (``PickerSkin.style``): a recipient page with a confirm button (``page``), a
  recipient field whose typed number shows as a "Send to …" row (``send_to``), or a contacts
  screen of its own, field and suggestions only, before the compose screen (``compose``, QUIK's ContactsActivity);
* **where an action lives** — toolbar icons, the overflow menu, or the long-press selection bar
  (``actions`` / ``menu`` / ``selection_*`` of each screen, by action name);
* **dialogs vs pages** — confirmation dialogs (``Confirm``), the forward target (``forward_to``);
* **labels and ids** — every visible string and resource id is a skin field;
* **list layout** — header style, "You:"/"Draft:" snippets, a draft marker, lines per row;
* **number/date formats** — raw or US-formatted numbers, 12- or 24-hour times;
* **storage** — where drafts go (:mod:`.store`), and whether draft-only threads are listed.

Actions are named (``"delete"``, ``"forward"``, ``"copy"``, ``"search"``, ``"select_all"``,
``"clear"``); a skin places them, the kit implements them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Intent, Screen, SimApp
from pytest_anyapp.sim.apps.skin import Confirm as Confirm
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.apps.sms.store import (
    Contact,
    Conversation,
    DraftStore,
    Message,
    PrivateDrafts,
    ProviderDrafts,
    RoomDrafts,
    SmsStore,
    looks_like_number,
    same_number,
)
from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.views import (
    Box,
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

SMS_DEFAULT_SETTING = "sms_default_application"
Menu = tuple[tuple[str, str], ...]  # (label, action name); "" = does nothing here


@dataclass(frozen=True)
class ListSkin:
    header: Literal["toolbar", "search_bar", "drawer"]
    title: str
    list_id: str
    empty_text: str
    title_id: str
    subtitle_id: str
    meta_id: str
    entry: Icon
    entry_style: Literal["fab", "extended"] = "fab"
    actions: tuple[Icon, ...] = ()
    menu: Menu = ()
    search_hint: str = ""
    search_id: str = ""
    selection_title: str = "{n}"
    selection_actions: tuple[Icon, ...] = ()
    selection_menu: Menu = ()
    delete: Confirm = Confirm()
    mark_outgoing: bool = False
    draft_meta: str = ""  # a meta label instead of the time for threads with a draft
    bold_drafts: bool = False
    subtitle_lines: int = 1
    avatar_digits: bool = True  # avatar letter also for number-only rows (else "#")


@dataclass(frozen=True)
class PickerSkin:
    style: Literal["page", "send_to", "compose"]
    activity: str = ".activities.NewConversationActivity"
    title: str = "New conversation"
    field_id: str = ""
    hint: str = ""
    confirm: Icon | None = None
    list_id: str = ""
    row_title_id: str = ""
    row_subtitle_id: str = ""
    empty_text: str = ""
    header: str = ""  # a section label over the contacts ("" = none)
    header_with_query: str = ""
    to_label: str = ""
    invalid_toast: str = ""
    send_to: str = "Send to {number}"
    #: The address field's editor action opens the thread (False: no editor action, as Simple SMS
    #: Messenger / Fossify Messages: Enter opens nothing, Android's default moves the focus down, and
    #: only the confirm button opens the thread).
    enter_confirms: bool = True
    #: The confirm button shows only once the field holds more than this many characters.
    confirm_after: int = 0
    #: The field's listener consumes every editor action and acts on the soft keyboard's Done only,
    #: which picks the first suggestion (QUIK 4.3.4: rxbinding ``editorActions()`` returns true for
    #: any action, ``ContactsViewModel`` filters ``IME_ACTION_DONE``): a hardware Enter does nothing.
    done_picks_first: bool = False


@dataclass(frozen=True)
class ThreadSkin:
    activity: str
    field_id: str
    hint: str
    send: Icon
    send_style: Literal["icon", "text"] = "icon"
    list_id: str = ""
    bubble_id: str = ""
    outgoing_color: str = "#D0BCFF"
    actions: tuple[Icon, ...] = ()
    menu: Menu = ()
    selection_title: str = "1 selected"
    selection_actions: tuple[Icon, ...] = ()
    selection_menu: Menu = ()
    delete: Confirm = Confirm()
    subtitle_number: bool = False  # the number under a contact's name
    composer_lead: Icon | None = None  # e.g. an attach button left of the box
    composer_label: str = ""  # e.g. "SMS" above the box
    forward_to: Literal["picker", "share_picker"] = "picker"
    share_activity: str = ".activities.ShareActivity"
    share_picker_title: str = "Forward message"
    share_new: str = "New message"


@dataclass(frozen=True)
class SmsSkin:
    """One SMS app, declared."""

    list: ListSkin
    picker: PickerSkin
    thread: ThreadSkin
    numbers: Literal["raw", "us"] = "raw"
    clock: Literal["12h", "24h"] = "12h"
    drafts: Literal["provider", "room", "private"] = "provider"
    drafts_path: str = ""  # app-private path of a ``private``/``room`` draft store
    list_draft_only: bool = False
    search: Literal["none", "page", "inline"] = "none"
    search_hint: str = "Search"
    #: Apps that share code with another skin's app (forks): differences must come from the real apps.
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


# -- formats -----------------------------------------------------------------------------------------

def clock_label(date_ms: int, now_ms: int, *, twenty_four: bool = False) -> str:
    """``3:33 PM`` (or ``15:33``) today, ``Oct 14`` otherwise (the device runs in UTC)."""
    then, now = time.gmtime(date_ms / 1000), time.gmtime(now_ms / 1000)
    if then[:3] == now[:3]:
        return time.strftime("%H:%M", then) if twenty_four else time.strftime("%I:%M %p", then).lstrip("0")
    return time.strftime("%b %d", then).replace(" 0", " ")


def us_format(number: str) -> str:
    """``(NNN) NNN-NNNN`` for 10-digit (or 1 + 10-digit) numbers, like Android's formatter."""
    d = "".join(ch for ch in number if ch.isdigit())
    if len(d) == 11 and d.startswith("1"):
        d = d[1:]
    return f"({d[:3]}) {d[3:6]}-{d[6:]}" if len(d) == 10 else number


def _fmt(text: str, n: int) -> str:
    return text.format(n=n, s="" if n == 1 else "s")


# -- the app ------------------------------------------------------------------------------------------

class SmsApp(SimApp):
    """An SMS app double: metadata on the subclass, everything else from its ``skin``."""

    skin: ClassVar[SmsSkin]
    permissions = tuple(f"android.permission.{p}" for p in (
        "READ_SMS", "SEND_SMS", "RECEIVE_SMS", "READ_CONTACTS", "POST_NOTIFICATIONS", "RECEIVE_MMS", "READ_PHONE_STATE",
    ))

    def on_create(self) -> None:
        if self.skin.drafts == "room":
            RoomDrafts(self, self.skin.drafts_path).create()

    @property
    def store(self) -> SmsStore:
        drafts: DraftStore
        if self.skin.drafts == "provider":
            drafts = ProviderDrafts(self.device)
        elif self.skin.drafts == "room":
            drafts = RoomDrafts(self, self.skin.drafts_path)
        else:
            drafts = PrivateDrafts(self, self.skin.drafts_path)
        return SmsStore(self.device, drafts, list_draft_only=self.skin.list_draft_only)

    def shown(self, address: str, contacts: list[Contact] | None = None) -> str:
        name = self.store.name_for(address, contacts)
        return name or (us_format(address) if self.skin.numbers == "us" else address)

    def time_label(self, date_ms: int) -> str:
        return clock_label(date_ms, self.now_ms(), twenty_four=self.skin.clock == "24h")

    def is_default_sms_app(self) -> bool:
        """Holder of the SMS role (``cmd role add-role-holder`` writes this secure setting)."""
        return self.device.providers.settings_get("secure", SMS_DEFAULT_SETTING) == self.package

    def become_default(self) -> None:
        """What accepting the system's "Set as default SMS app?" dialog does."""
        self.device.providers.settings_put("secure", SMS_DEFAULT_SETTING, self.package)

    # -- ACTION_SENDTO sms:<number> (+ extra sms_body), as every SMS app declares -----------------
    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        scheme = intent.data.split(":", 1)[0].lower()
        return intent.action in ("android.intent.action.SENDTO", "android.intent.action.VIEW") and scheme in (
            "sms", "smsto")

    def open_intent(self, intent: Intent) -> Screen | None:
        address = intent.data.split(":", 1)[1].split("?", 1)[0].replace("%20", " ").strip()
        body = str(intent.extras.get("sms_body", ""))
        if not address:
            return Picker(self, prefill=body)
        return Thread(self, address, body)


class SmsScreen(Screen):
    @property
    def sms(self) -> SmsApp:
        assert isinstance(self.app, SmsApp)
        return self.app

    @property
    def skin(self) -> SmsSkin:
        return self.sms.skin

    @property
    def store(self) -> SmsStore:
        return self.sms.store

    def icons(self, icons: tuple[Icon, ...], handlers: dict[str, Callable[[], Any]]) -> list[View]:
        return [ImageButton(i.icon, i.desc, on_click=handlers.get(i.action), id=i.id or None) for i in icons]

    @staticmethod
    def menu_items(items: Menu, handlers: dict[str, Callable[[], Any]]) -> list[tuple[str, Any]]:
        return [(label, handlers.get(action)) for label, action in items]

    def confirm(self, spec: Confirm, n: int, on_yes: Callable[[], Any]) -> None:
        many = n != 1 and (spec.title_many or spec.message_many)
        self.show_dialog(AlertDialog(_fmt(spec.title_many if many else spec.title, n),
                                     _fmt(spec.message_many if many else spec.message, n),
                                     positive=(spec.yes, on_yes), negative=(spec.no, None)))


class ConversationList(SmsScreen):
    """Conversations newest first; a long-press starts selection mode (BACK leaves it)."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.selected: list[str] = []

    def activity_name(self) -> str:
        return self.app.activity_name(self.app.launch_activity or "")

    def build(self) -> View:
        if not self.sms.is_default_sms_app():
            return self.default_app_prompt()
        s = self.skin.list
        contacts = self.store.contacts()
        query = self.field(s.search_id).strip().lower() if self.skin.search == "inline" else ""
        rows: list[View] = []
        for conv in self.store.conversations():
            name = self.sms.shown(conv.address, contacts)
            snippet = self.snippet(conv)
            if query and query not in name.lower() and query not in snippet.lower() and query not in conv.address:
                continue
            meta = s.draft_meta if (s.draft_meta and conv.draft) else self.sms.time_label(conv.date_ms)
            rows.append(ListItem(
                name, snippet, meta=meta, avatar=name if (s.avatar_digits or name[:1].isalpha()) else "#",
                title_id=s.title_id, subtitle_id=s.subtitle_id, meta_id=s.meta_id, subtitle_lines=s.subtitle_lines,
                selected=conv.address in self.selected, bold=s.bold_drafts and conv.draft is not None,
                on_click=lambda a=conv.address: self.tap_row(a), on_long_click=lambda a=conv.address: self.toggle(a),
            ))
        entry = lambda: self.push(Picker(self.app))  # noqa: E731
        fab = Fab(s.entry.icon, s.entry.desc, on_click=entry, id=s.entry.id or None) if s.entry_style == "fab" else None
        bottom = (Row(Spacer(weight=1.0), Button(s.entry.desc, entry, id=s.entry.id or None), padding=(16, 8))
                  if s.entry_style == "extended" else None)
        return Scaffold(self.header(), ScrollList(*rows, id=s.list_id, empty_text=s.empty_text), fab=fab, bottom=bottom)

    def header(self) -> View:
        s = self.skin.list
        h = {"delete": self.ask_delete, "clear": self.clear_selection, "select_all": self.select_all,
             "search": lambda: self.push(Search(self.app))}
        if self.selected:
            return Toolbar(_fmt(s.selection_title, len(self.selected)), nav="back", on_nav=self.clear_selection,
                           actions=self.icons(s.selection_actions, h), menu=self.menu_items(s.selection_menu, h))
        if s.header == "search_bar":
            overflow = self.menu_items(s.menu, h)
            return Row(ImageView("search", size=24, padding=(12, 0)),
                       EditText(s.search_id, hint=s.search_hint, weight=1.0),
                       ImageView("more", "More options", size=48, focusable=True,
                                 on_click=lambda: active_screen().show_menu(overflow)),
                       id="main_menu", height=64, padding=(8, 4), background=theme.SURFACE_VARIANT)
        if s.header == "drawer":
            drawer = self.menu_items(s.menu, h)
            return Toolbar(s.title, nav="menu", on_nav=lambda: active_screen().show_menu(drawer),
                           actions=self.icons(s.actions, h))
        return Toolbar(s.title, actions=self.icons(s.actions, h), menu=self.menu_items(s.menu, h))

    def snippet(self, conv: Conversation) -> str:
        """The row's second line: the draft if there is one, else the last message ("You: …" when
        the app marks outgoing messages)."""
        if conv.draft is not None:
            return f"Draft: {conv.draft.body}"
        if conv.last is None:
            return ""
        return f"You: {conv.last.body}" if self.skin.list.mark_outgoing and conv.last.outgoing else conv.last.body

    def default_app_prompt(self) -> View:
        """Real SMS apps show only this until they hold the SMS role."""
        return Scaffold(None, Column(
            ImageView("chat", size=72, gravity="center_horizontal"),
            TextView(f"{self.app.label} needs to be your default SMS app to send and read messages.",
                     size=18, align="center", padding=(24, 16)),
            Button("Set as default", self.sms.become_default, id="set_default_sms", gravity="center_horizontal"),
            spacing=16, padding=(0, 160, 0, 0),
        ))

    def toggle(self, address: str) -> None:
        if address in self.selected:
            self.selected.remove(address)
        else:
            self.selected.append(address)

    def clear_selection(self) -> None:
        self.selected = []

    def select_all(self) -> None:
        self.selected = [c.address for c in self.store.conversations()]

    def ask_delete(self) -> None:
        self.confirm(self.skin.list.delete, len(self.selected), self.delete_selected)

    def delete_selected(self) -> None:
        for address in self.selected:
            self.store.delete_conversation(address)
        self.selected = []

    def on_back(self) -> bool:
        if self.selected:
            self.selected = []
            return True
        return False

    def tap_row(self, address: str) -> None:
        """In selection mode a tap toggles the row, otherwise it opens the thread."""
        if self.selected:
            self.toggle(address)
        else:
            self.push(Thread(self.app, address))


class Search(SmsScreen):
    """A search page (Simple SMS Messenger): conversations whose name, number or messages match."""

    activity = ".activities.SearchActivity"  # Simple SMS Messenger's (the only skin with a search page)

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.focus("search_query")

    def build(self) -> View:
        query = self.field("search_query").strip().lower()
        contacts = self.store.contacts()
        rows: list[View] = []
        for conv in self.store.conversations() if query else []:
            name = self.sms.shown(conv.address, contacts)
            hits = [m.body for m in self.store.thread_messages(conv.address) if query in m.body.lower()]
            if hits or query in name.lower() or query in conv.address:
                rows.append(ListItem(name, hits[-1] if hits else (conv.last.body if conv.last else ""),
                                     avatar=name, title_id="search_result_title", subtitle_id="search_result_snippet",
                                     on_click=lambda a=conv.address: self.replace(Thread(self.app, a))))
        return Scaffold(
            Toolbar("", nav="back", actions=[]),
            EditText("search_query", hint=self.skin.search_hint, padding=(16, 8)),
            ScrollList(*rows, id="search_results_list", empty_text="No items found" if query else ""),
        )


class Picker(SmsScreen):
    """The recipient step of a new conversation (``PickerSkin.style``)."""

    def __init__(self, app: SimApp, prefill: str = "") -> None:
        super().__init__(app)
        self.prefill = prefill
        self.focus(self.skin.picker.field_id)

    def activity_name(self) -> str:
        p = self.skin.picker
        return self.app.activity_name(p.activity)

    def build(self) -> View:
        p = self.skin.picker
        if p.style == "compose":
            return _ComposeNew(self).build()
        query = self.field(p.field_id)
        rows: list[View] = []
        if p.style == "send_to" and looks_like_number(query):
            rows.append(ListItem(p.send_to.format(number=us_format(query.strip())), icon="send",
                                 title_id="send_to_text", on_click=lambda q=query.strip(): self.open_thread(q)))  # noqa: B008
        contacts = self.store.search_contacts(query)
        header = p.header_with_query if query and p.header_with_query else p.header
        if header and (contacts or p.style == "page"):
            rows.append(TextView(header, size=14, color="#1A73E8", padding=(16, 12, 16, 4)))
        shown = (lambda n: us_format(n)) if self.skin.numbers == "us" else (lambda n: n)
        rows += [ListItem(c.name, shown(c.number), avatar=c.name, title_id=p.row_title_id,
                          subtitle_id=p.row_subtitle_id, on_click=lambda n=c.number: self.open_thread(n))
                 for c in contacts]
        field_row: list[View] = [TextView(p.to_label, size=16, padding=(16, 0, 8, 0))] if p.to_label else []
        field_row.append(EditText(p.field_id, hint=p.hint, weight=1.0,
                                  on_submit=self.confirm_text if p.enter_confirms else None))
        if p.confirm is not None and len(query) > p.confirm_after:
            field_row.append(ImageButton(p.confirm.icon, p.confirm.desc, id=p.confirm.id or None,
                                         on_click=lambda: self.confirm_text(self.field(p.field_id))))
        return Scaffold(Toolbar(p.title, nav="back"), Row(*field_row, padding=(8, 4)),
                        ScrollList(*rows, id=p.list_id, empty_text=p.empty_text))

    def confirm_text(self, text: str) -> None:
        if looks_like_number(text):
            self.open_thread(text.strip())
        elif self.skin.picker.invalid_toast:
            self.toast(self.skin.picker.invalid_toast)

    def open_thread(self, address: str) -> None:
        self.replace(Thread(self.app, address, self.prefill))


class SharePicker(SmsScreen):
    """"Forward message" (Google Messages): a new message or one of the existing conversations."""

    def __init__(self, app: SimApp, body: str) -> None:
        super().__init__(app)
        self.body = body

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.thread.share_activity)

    def build(self) -> View:
        t, s = self.skin.thread, self.skin.list
        contacts = self.store.contacts()
        rows: list[View] = [ListItem(t.share_new, icon="add", title_id="new_message",
                                     on_click=lambda: self.replace(Picker(self.app, self.body)))]
        for conv in self.store.conversations():
            name = self.sms.shown(conv.address, contacts)
            rows.append(ListItem(name, avatar=name if name[:1].isalnum() else "#", title_id=s.title_id,
                                 on_click=lambda a=conv.address: self.replace(Thread(self.app, a, self.body))))
        return Scaffold(Toolbar(t.share_picker_title, nav="back"), ScrollList(*rows, id="share_list"))


class Thread(SmsScreen):
    """One conversation. The box starts with the thread's draft, and whatever it holds becomes the
    draft when the screen leaves the front (BACK, up, HOME, another screen on top), as the real
    apps save drafts in ``onPause``. An empty address is a new message still without recipient
    (the ``compose`` picker style: suggestions under a recipient field)."""

    def __init__(self, app: SimApp, address: str, prefill: str = "") -> None:
        super().__init__(app)
        self.address = address
        self.selected_message: Message | None = None
        field_id = self.skin.thread.field_id
        self.set_field(field_id, prefill or (self.store.draft_for(address) if address else ""))

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.thread.activity)

    def build(self) -> View:
        t = self.skin.thread
        sel = self.selected_message
        h = {"delete": self.ask_delete, "copy": self.copy_selected, "forward": self.forward,
             "delete_message": self.delete_selected_message}
        if sel is not None:
            toolbar = Toolbar(t.selection_title, nav="back", on_nav=lambda: self.select(sel),
                              actions=self.icons(t.selection_actions, h), menu=self.menu_items(t.selection_menu, h))
        else:
            name = self.sms.shown(self.address)
            sub = self.address if t.subtitle_number and not same_number(name, self.address) else ""
            toolbar = Toolbar(name, nav="back", on_nav=self.finish, subtitle=sub,
                              actions=self.icons(t.actions, h), menu=self.menu_items(t.menu, h))
        bubbles = [self.bubble(m, selected=m == sel) for m in self.store.thread_messages(self.address)]
        return Scaffold(toolbar, ScrollList(*bubbles, id=t.list_id), bottom=self.composer())

    def composer(self) -> View:
        t = self.skin.thread
        parts: list[View] = []
        if t.composer_lead is not None:
            parts.append(ImageButton(t.composer_lead.icon, t.composer_lead.desc, id=t.composer_lead.id or None))
        parts.append(EditText(t.field_id, hint=t.hint, multiline=True, weight=1.0))
        if t.send_style == "text":
            parts.append(Button(t.send.desc, self.send, id=t.send.id or None, style="text"))
        else:
            parts.append(ImageButton(t.send.icon, t.send.desc, on_click=self.send, id=t.send.id or None,
                                     enabled=bool(self.address)))
        row = Row(*parts, padding=(8, 4), spacing=4)
        if t.composer_label:
            return Column(TextView(t.composer_label, size=12, color="#5F6368", padding=(24, 0)), row)
        return row

    def bubble(self, message: Message, *, selected: bool) -> View:
        """A chat bubble: sent ones on the right. Long-press selects it (copy, forward, delete ...)."""
        t = self.skin.thread
        color = t.outgoing_color if message.outgoing else "#E7E0EC"
        inner = Column(
            TextView(message.body, id=t.bubble_id or None, size=16, on_long_click=lambda: self.select(message),
                     selected=selected),
            TextView(self.sms.time_label(message.date_ms), size=12, color="#49454F"),
            padding=(16, 8), background="#B8A5E3" if selected else color,
            gravity="end" if message.outgoing else "start", width=300,
        )
        return Box(inner, padding=(12, 4))

    def send(self) -> None:
        field_id = self.skin.thread.field_id
        body = self.field(field_id)
        if not body.strip() or not self.address:
            return
        self.store.send(self.address, body)
        self.set_field(field_id, "")

    def on_pause(self) -> None:
        if self.address:
            self.store.save_draft(self.address, self.field(self.skin.thread.field_id))

    def on_back(self) -> bool:
        if self.selected_message is not None:
            self.selected_message = None
            return True
        return False

    def select(self, message: Message) -> None:
        self.selected_message = None if self.selected_message == message else message

    def delete_selected_message(self) -> None:
        if self.selected_message is not None:
            self.store.delete_message(self.selected_message.id)
        self.selected_message = None

    def copy_selected(self) -> None:
        self.selected_message = None
        self.toast("Copied to clipboard")

    def ask_delete(self) -> None:
        self.confirm(self.skin.thread.delete, 1, self.delete_thread)

    def delete_thread(self) -> None:
        self.store.delete_conversation(self.address)
        self.set_field(self.skin.thread.field_id, "")
        self.finish()

    def forward(self) -> None:
        body = self.selected_message.body if self.selected_message else ""
        self.selected_message = None
        target = self.skin.thread.forward_to
        self.push(SharePicker(self.app, body) if target == "share_picker" else Picker(self.app, prefill=body))


class _ComposeNew:
    """The contacts screen of a compose-style picker (QUIK's ContactsActivity): the field and the matching
    contacts, no message box; a text being shared or forwarded waits for the compose screen."""

    def __init__(self, host: Picker) -> None:
        self.host = host

    def build(self) -> View:
        p = self.host.skin.picker
        query = self.host.field(p.field_id)
        rows: list[View] = []
        if looks_like_number(query):
            rows.append(ListItem(query.strip(), "Send to this number", icon="add", title_id=p.row_title_id,
                                 subtitle_id=p.row_subtitle_id, on_click=lambda q=query.strip(): self.choose(q)))  # noqa: B008
        for c in self.host.store.search_contacts(query):  # blank: every contact (ContactsViewModel)
            rows.append(ListItem(c.name, c.number, avatar=c.name, title_id=p.row_title_id,
                                 subtitle_id=p.row_subtitle_id, on_click=lambda n=c.number: self.choose(n)))
        listener: dict[str, Any] = (
            {"on_submit": lambda _text: None, "on_ime_action": self.pick_first} if p.done_picks_first else {})
        return Scaffold(Toolbar("", nav="back"),
                        Column(TextView(p.to_label, size=14, color="#49454F", padding=(16, 8, 16, 0)),
                               EditText(p.field_id, hint=p.hint, padding=(16, 12), **listener)),
                        ScrollList(*rows, id=p.list_id))

    def pick_first(self, query: str) -> None:
        """The soft keyboard's Done: the first suggestion, as if tapped (``composeItems.firstOrNull()``)."""
        if looks_like_number(query):
            self.choose(query.strip())
            return
        first = next(iter(self.host.store.search_contacts(query)), None)
        if first is not None:
            self.choose(first.number)

    def choose(self, address: str) -> None:
        """A suggestion became the recipient: the screen turns into that conversation."""
        self.host.replace(Thread(self.host.app, address, self.host.prefill))


SmsApp.home = ConversationList  # every skin's launch screen (an app may set its own)
