"""QUIK SMS 4.3.6 (``dev.octoshrimpy.quik.fdroid``), the maintained fork of QKSMS.

Its own idiom, as in the real app: the list is titled "Inbox" under a navigation drawer, sent
snippets read "You: …", the compose FAB has only a content description ("Compose"), and a new
message and a conversation are the same compose screen — recipients are picked as chips from
suggestions under a "Type a name or number" field (a typed number shows up as its own
suggestion). The box says "Write a message…", Delete in the list asks "Delete conversation?",
and a long-pressed message has Copy, Forward and Delete icons. Drafts are written when the
compose screen leaves the front.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import AlertDialog, SimApp
from pytest_anyapp.sim.apps.sms.screens import ConversationListBase, SmsApp, ThreadBase
from pytest_anyapp.sim.apps.sms.store import looks_like_number
from pytest_anyapp.sim.apps.sms.widgets import bubble, clock_label
from pytest_anyapp.sim.ui.views import (
    Column,
    EditText,
    Fab,
    ImageButton,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    TextView,
    Toolbar,
    View,
    active_screen,
)

PKG = "dev.octoshrimpy.quik.fdroid"
_ACT = "com.moez.QKSMS.feature"
_DRAWER = [("Inbox", None), ("Archived", None), ("Scheduled", None), ("Blocking", None), ("Settings", None),
           ("Help & feedback", None)]


class QuikMain(ConversationListBase):
    activity = f"{_ACT}.main.MainActivity"

    def build(self) -> View:
        prompt = self.default_app_prompt()
        if prompt is not None:
            return prompt
        now = self.app.now_ms()
        contacts = self.contacts()
        rows = []
        for conv in self.conversations():
            name = self.store.name_for(conv.address, contacts) or conv.address
            snippet = self.snippet(conv, mark_outgoing=True)
            rows.append(ListItem(
                name, snippet, meta=clock_label(conv.date_ms, now), avatar=name, subtitle_lines=2,
                title_id="title", subtitle_id="snippet", meta_id="date", selected=conv.address in self.selected,
                on_click=lambda a=conv.address: self.tap_row(a), on_long_click=lambda a=conv.address: self.toggle(a),
            ))
        if self.selected:
            toolbar = Toolbar(
                str(len(self.selected)), nav="back", on_nav=self.clear_selection,
                actions=[ImageButton("archive", "Archive", on_click=self.clear_selection, id="archive"),
                         ImageButton("delete", "Delete", on_click=self.ask_delete, id="delete")],
                menu=[("Pin to top", None), ("Mark read", self.clear_selection), ("Block", None)],
            )
        else:
            toolbar = Toolbar(
                "Inbox", nav="menu", on_nav=lambda: active_screen().show_menu(_DRAWER),
                actions=[ImageButton("search", "Search", on_click=lambda: None, id="search")],
            )
        return Scaffold(
            toolbar,
            ScrollList(*rows, id="recyclerView", empty_text="Your conversations will appear here"),
            fab=Fab("edit", "Compose", on_click=lambda: self.push(QuikCompose(self.app, "")), id="compose"),
        )

    def ask_delete(self) -> None:
        n = len(self.selected)
        self.show_dialog(AlertDialog(
            "Delete conversation?" if n == 1 else f"Delete {n} conversations?",
            "Are you sure you would like to delete this conversation?" if n == 1 else
            "Are you sure you would like to delete these conversations?",
            positive=("Delete", self.delete_selected), negative=("Cancel", None),
        ))

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.push(QuikCompose(self.app, address, prefill))


class QuikCompose(ThreadBase):
    """New message (no recipient yet: chips field and suggestions) or an existing conversation."""

    activity = f"{_ACT}.compose.ComposeActivity"
    field_id = "message"

    def __init__(self, app: SimApp, address: str, prefill: str = "") -> None:
        super().__init__(app, address, prefill)
        if not address:
            self.focus("chipsInput")

    def build(self) -> View:
        if not self.address:
            return self.build_new()
        now = self.app.now_ms()
        sel = self.selected_message
        if sel is not None:
            toolbar = Toolbar(
                "1 selected", nav="back", on_nav=lambda: self.select(sel),
                actions=[ImageButton("copy", "Copy text", on_click=self.copy_selected, id="copy"),
                         ImageButton("forward", "Forward", on_click=self.forward, id="forward"),
                         ImageButton("delete", "Delete", on_click=self.delete_selected_message, id="delete")],
                menu=[("Details", self.copy_selected)],
            )
        else:
            toolbar = Toolbar(
                self.title(), nav="back", on_nav=self.leave,
                actions=[ImageButton("call", "Call", on_click=lambda: None, id="call")],
                menu=[("Details", None), ("Archive", None), ("Delete", self.ask_delete), ("Block", None)],
            )
        return Scaffold(
            toolbar,
            ScrollList(*[
                bubble(m, body_id="body", time_text=clock_label(m.date_ms, now),
                       on_long_click=lambda m=m: self.select(m), selected=m == sel, outgoing_color="#BBDEFB")
                for m in self.messages()
            ], id="messageList"),
            bottom=self.composer(),
        )

    def build_new(self) -> View:
        query = self.field("chipsInput")
        suggestions: list[View] = []
        if looks_like_number(query):
            suggestions.append(ListItem(query.strip(), "Send to this number", icon="add", title_id="title",
                                        subtitle_id="subtitle", on_click=lambda q=query.strip(): self.choose(q)))  # noqa: B008
        for contact in self.store.search_contacts(query) if query.strip() else []:
            suggestions.append(ListItem(contact.name, contact.number, avatar=contact.name, title_id="title",
                                        subtitle_id="subtitle", on_click=lambda n=contact.number: self.choose(n)))
        return Scaffold(
            Toolbar("", nav="back", on_nav=self.finish),
            Column(
                TextView("To", size=14, color="#49454F", padding=(16, 8, 16, 0)),
                EditText("chipsInput", hint="Type a name or number", padding=(16, 12)),
            ),
            ScrollList(*suggestions, id="contacts"),
            bottom=self.composer(),
        )

    def composer(self) -> View:
        return Row(
            ImageButton("add", "Attach", on_click=lambda: None, id="attach"),
            EditText(self.field_id, hint="Write a message…", multiline=True, weight=1.0),
            ImageButton("send", "Send", on_click=self.send, id="send", enabled=bool(self.address)),
            padding=(8, 4), spacing=4,
        )

    def choose(self, address: str) -> None:
        """A suggestion became the recipient chip: the screen turns into that conversation."""
        self.address = address
        if not self.field(self.field_id):
            draft = self.store.draft_for(address)
            self.set_field(self.field_id, draft.body if draft else "")
        self.focus(self.field_id)

    def ask_delete(self) -> None:
        self.show_dialog(AlertDialog(
            "Delete conversation?", "Are you sure you would like to delete this conversation?",
            positive=("Delete", self.delete_thread), negative=("Cancel", None),
        ))

    def forward(self) -> None:
        body = self.selected_message.body if self.selected_message else ""
        self.selected_message = None
        self.push(QuikCompose(self.app, "", body))


class QuikSms(SmsApp):
    package = PKG
    label = "QUIK"
    version_name, version_code = "4.3.6", 2238
    launch_activity = f"{_ACT}.main.MainActivity"
    icon_color = "#2196F3"
    home = QuikMain
