"""Google Messages (``com.google.android.apps.messaging``, build 20221208_01_RC02).

Google's own idiom, as in the real app: numbers are shown formatted ("(202) 555-0101"), the list
is reached through an extended "Start chat" button, the recipient field says "Type name, phone
number, or email" and a typed number appears as a "Send to …" row, the box says "Text message"
and the send button is "Send SMS". Deleting a conversation is either long-press → Delete icon
or the conversation's overflow → Delete, both confirmed with "Delete". A long-pressed message's
Forward is in the overflow and opens a "Forward message" picker. Drafts are written when the
conversation is left.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import AlertDialog, SimApp
from pytest_anyapp.sim.apps.sms.screens import ConversationListBase, SmsApp, ThreadBase
from pytest_anyapp.sim.apps.sms.store import looks_like_number
from pytest_anyapp.sim.apps.sms.widgets import bubble, clock_label, us_format
from pytest_anyapp.sim.ui.views import (
    Button,
    Column,
    EditText,
    ImageButton,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    Spacer,
    TextView,
    Toolbar,
    View,
)

PKG = "com.google.android.apps.messaging"
_ACT = "com.google.android.apps.messaging.ui"


def _shown(store_name: str | None, address: str) -> str:
    return store_name or us_format(address)


class GoogleConversationList(ConversationListBase):
    activity = f"{_ACT}.ConversationListActivity"

    def build(self) -> View:
        prompt = self.default_app_prompt()
        if prompt is not None:
            return prompt
        now = self.app.now_ms()
        contacts = self.contacts()
        rows = []
        for conv in self.conversations():
            name = _shown(self.store.name_for(conv.address, contacts), conv.address)
            snippet = self.snippet(conv, mark_outgoing=True)
            rows.append(ListItem(
                name, snippet, meta=clock_label(conv.date_ms, now), avatar=name if name[:1].isalnum() else "#",
                title_id="conversation_name", subtitle_id="conversation_snippet", meta_id="conversation_timestamp",
                selected=conv.address in self.selected,
                on_click=lambda a=conv.address: self.tap_row(a), on_long_click=lambda a=conv.address: self.toggle(a),
            ))
        if self.selected:
            toolbar = Toolbar(
                str(len(self.selected)), nav="back", on_nav=self.clear_selection,
                actions=[ImageButton("archive", "Archive", on_click=self.clear_selection, id="action_archive"),
                         ImageButton("delete", "Delete", on_click=self.ask_delete, id="action_delete"),
                         ImageButton("block", "Block", on_click=lambda: None, id="action_block")],
                menu=[("Mark as unread", self.clear_selection), ("Pin", None), ("Add contact", None)],
            )
        else:
            toolbar = Toolbar(
                "Messages",
                actions=[ImageButton("search", "Search messages", on_click=lambda: None,
                                     id="action_zero_state_search")],
                menu=[("Mark all as read", None), ("Archived", None), ("Spam & blocked", None), ("Settings", None),
                      ("Help & feedback", None)],
            )
        return Scaffold(
            toolbar,
            ScrollList(*rows, id="conversation_list",
                       empty_text="Once you start a new conversation, you'll see it listed here"),
            bottom=Row(
                Spacer(weight=1.0),
                Button("Start chat", lambda: self.push(GoogleNewConversation(self.app)), id="start_chat_fab"),
                padding=(16, 8),
            ),
        )

    def ask_delete(self) -> None:
        n = len(self.selected)
        self.show_dialog(AlertDialog(
            f"Delete {n} conversation{'s' if n != 1 else ''}?",
            positive=("Delete", self.delete_selected), negative=("Cancel", None),
        ))

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.push(GoogleConversation(self.app, address, prefill))


class GoogleNewConversation(ConversationListBase):
    """Recipient picker: "Send to <number>" for a typed number, then matching contacts."""

    activity = f"{_ACT}.conversation.NewConversationActivity"

    def __init__(self, app: SimApp, prefill: str = "", title: str = "New conversation") -> None:
        super().__init__(app)
        self.prefill = prefill
        self.title = title
        self.focus("recipient_text_view")

    def build(self) -> View:
        query = self.field("recipient_text_view")
        rows: list[View] = []
        if looks_like_number(query):
            rows.append(ListItem(f"Send to {us_format(query.strip())}", icon="send", title_id="send_to_text",
                                 on_click=lambda q=query.strip(): self.open_thread(q)))  # noqa: B008
        contacts = self.store.search_contacts(query)
        if contacts:
            rows.append(TextView("Top contacts" if not query else "All contacts", size=14, color="#1A73E8",
                                 padding=(16, 12, 16, 4)))
        rows += [
            ListItem(c.name, us_format(c.number), avatar=c.name, title_id="contact_name",
                     subtitle_id="contact_details", on_click=lambda n=c.number: self.open_thread(n))
            for c in contacts
        ]
        return Scaffold(
            Toolbar(self.title, nav="back"),
            Row(
                TextView("To", size=16, padding=(16, 0, 8, 0)),
                EditText("recipient_text_view", hint="Type name, phone number, or email", weight=1.0,
                         on_submit=self.submit),
                padding=(0, 4),
            ),
            ScrollList(*rows, id="contact_list"),
        )

    def submit(self, text: str) -> None:
        if looks_like_number(text):
            self.open_thread(text.strip())

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.replace(GoogleConversation(self.app, address, self.prefill))


class GoogleForwardPicker(ConversationListBase):
    """"Forward message": a new message or one of the existing conversations."""

    activity = f"{_ACT}.conversation.ShareIntentActivity"

    def __init__(self, app: SimApp, body: str) -> None:
        super().__init__(app)
        self.body = body

    def build(self) -> View:
        contacts = self.contacts()
        rows: list[View] = [ListItem("New message", icon="add", title_id="new_message",
                                     on_click=lambda: self.replace(GoogleNewConversation(self.app, self.body)))]
        for conv in self.conversations():
            name = _shown(self.store.name_for(conv.address, contacts), conv.address)
            rows.append(ListItem(name, avatar=name if name[:1].isalnum() else "#", title_id="conversation_name",
                                 on_click=lambda a=conv.address: self.open_thread(a)))
        return Scaffold(Toolbar("Forward message", nav="back"), ScrollList(*rows, id="share_list"))

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.replace(GoogleConversation(self.app, address, self.body))


class GoogleConversation(ThreadBase):
    activity = f"{_ACT}.conversation.ConversationActivity"
    field_id = "compose_message_text"

    def build(self) -> View:
        now = self.app.now_ms()
        sel = self.selected_message
        if sel is not None:
            toolbar = Toolbar(
                "1 selected", nav="back", on_nav=lambda: self.select(sel),
                actions=[ImageButton("star", "Star", on_click=self.copy_selected, id="action_star"),
                         ImageButton("delete", "Delete", on_click=self.delete_selected_message, id="action_delete"),
                         ImageButton("copy", "Copy", on_click=self.copy_selected, id="action_copy"),
                         ImageButton("info", "Details", on_click=self.copy_selected, id="action_details")],
                menu=[("Forward", self.forward), ("Share", self.copy_selected), ("Select text", self.copy_selected)],
            )
        else:
            toolbar = Toolbar(
                _shown(self.store.name_for(self.address), self.address), nav="back", on_nav=self.leave,
                actions=[ImageButton("call", "Voice call", on_click=lambda: None, id="action_call"),
                         ImageButton("video", "Video call", on_click=lambda: None, id="action_video_call")],
                menu=[("Details", None), ("Delete", self.ask_delete), ("Archive", None), ("Help & feedback", None)],
            )
        return Scaffold(
            toolbar,
            ScrollList(*[
                bubble(m, body_id="message_text", time_text=clock_label(m.date_ms, now),
                       on_long_click=lambda m=m: self.select(m), selected=m == sel, outgoing_color="#D3E3FD")
                for m in self.messages()
            ], id="message_list"),
            bottom=Column(
                TextView("SMS", size=12, color="#5F6368", padding=(24, 0)),
                Row(
                    ImageButton("add", "Show attach media and content options", on_click=lambda: None,
                                id="plus_button"),
                    EditText(self.field_id, hint="Text message", multiline=True, weight=1.0),
                    ImageButton("send", "Send SMS", on_click=self.send, id="send_message_button_icon"),
                    padding=(8, 4), spacing=4,
                ),
            ),
        )

    def ask_delete(self) -> None:
        self.show_dialog(AlertDialog(
            "Delete this conversation?",
            positive=("Delete", self.delete_thread), negative=("Cancel", None),
        ))

    def forward(self) -> None:
        body = self.selected_message.body if self.selected_message else ""
        self.selected_message = None
        self.push(GoogleForwardPicker(self.app, body))


class GoogleMessages(SmsApp):
    package = PKG
    label = "Messages"
    version_name = "messages.android_20221208_01_RC02_alldpi.x86_64.phone"
    version_code = 163204880
    launch_activity = f"{_ACT}.ConversationListActivity"
    icon_color = "#1A73E8"
    home = GoogleConversationList
