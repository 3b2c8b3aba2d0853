"""Fossify Messages 1.8.0 (``org.fossify.messages``), the community fork of Simple SMS Messenger.

Same family, different details, as in the real app: the main screen opens on a "Search
conversations" bar instead of a titled toolbar, the FAB is "Start conversation", the thread's
send button is an icon ("Send"), Delete and Call sit as icons in the thread toolbar (Delete asks
"Delete conversation?"), and a long-pressed message shows Forward as an icon.
Drafts are written when the thread is left.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import AlertDialog, SimApp
from pytest_anyapp.sim.apps.sms.screens import ConversationListBase, SmsApp, ThreadBase
from pytest_anyapp.sim.apps.sms.store import looks_like_number, same_number
from pytest_anyapp.sim.apps.sms.widgets import bubble, clock_label
from pytest_anyapp.sim.ui import theme
from pytest_anyapp.sim.ui.views import (
    EditText,
    Fab,
    ImageButton,
    ImageView,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    TextView,
    Toolbar,
    View,
    active_screen,
)

PKG = "org.fossify.messages"


class FossifyMain(ConversationListBase):
    activity = ".activities.MainActivity"

    def build(self) -> View:
        prompt = self.default_app_prompt()
        if prompt is not None:
            return prompt
        now = self.app.now_ms()
        contacts = self.contacts()
        query = self.field("main_search").strip().lower()
        rows = []
        for conv in self.conversations():
            name = self.store.name_for(conv.address, contacts) or conv.address
            snippet = conv.last.body if conv.last else ""
            if query and query not in name.lower() and query not in snippet.lower() and query not in conv.address:
                continue
            rows.append(ListItem(
                name, snippet, meta="Draft" if conv.draft else clock_label(conv.date_ms, now, twenty_four=True),
                avatar=name, title_id="conversation_address", subtitle_id="conversation_body_short",
                meta_id="conversation_date", selected=conv.address in self.selected,
                on_click=lambda a=conv.address: self.tap_row(a), on_long_click=lambda a=conv.address: self.toggle(a),
            ))
        if self.selected:
            top: View = Toolbar(
                str(len(self.selected)), nav="back", on_nav=self.clear_selection,
                actions=[ImageButton("archive", "Archive", on_click=self.clear_selection, id="cab_archive"),
                         ImageButton("delete", "Delete", on_click=self.ask_delete, id="cab_delete")],
                menu=[("Select all", self.select_all), ("Mark as read", self.clear_selection), ("Pin", None)],
            )
        else:
            top = Row(
                ImageView("search", size=24, padding=(12, 0)),
                EditText("main_search", hint="Search conversations", weight=1.0),
                ImageView("more", "More options", size=48, focusable=True, on_click=lambda: active_screen().show_menu(
                    [("Archived conversations", None), ("Recycle bin", None), ("Settings", None), ("About", None)])),
                id="main_menu", height=64, padding=(8, 4), background=theme.SURFACE_VARIANT,
            )
        return Scaffold(
            top,
            ScrollList(*rows, id="conversations_list", empty_text="No conversations found"),
            fab=Fab("add", "Start conversation", on_click=lambda: self.push(FossifyNewConversation(self.app)),
                    id="conversations_fab"),
        )

    def select_all(self) -> None:
        self.selected = [c.address for c in self.conversations()]

    def ask_delete(self) -> None:
        n = len(self.selected)
        self.show_dialog(AlertDialog(
            "Delete conversation" if n == 1 else "Delete conversations",
            f"Are you sure you want to delete {n} conversation{'s' if n != 1 else ''}?",
            positive=("Delete", self.delete_selected), negative=("Cancel", None),
        ))

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.push(FossifyThread(self.app, address, prefill))


class FossifyNewConversation(ConversationListBase):
    """"Add contact or number…" with a check button; contacts that match are listed below."""

    activity = ".activities.NewConversationActivity"

    def __init__(self, app: SimApp, prefill: str = "") -> None:
        super().__init__(app)
        self.prefill = prefill

    def build(self) -> View:
        query = self.field("new_conversation_address")
        contacts = self.store.search_contacts(query)
        return Scaffold(
            Toolbar("New conversation", nav="back"),
            Row(
                EditText("new_conversation_address", hint="Add contact or number…", weight=1.0, on_submit=self.confirm),
                ImageButton("check", "Confirm", on_click=lambda: self.confirm(self.field("new_conversation_address")),
                            id="new_conversation_confirm"),
                padding=(8, 4),
            ),
            TextView("Suggestions" if not query else "Contacts", size=14, color="#6750A4", padding=(16, 8)),
            ScrollList(*[
                ListItem(c.name, c.number, avatar=c.name, title_id="item_contact_name",
                         subtitle_id="item_contact_number", on_click=lambda n=c.number: self.open_thread(n))
                for c in contacts
            ], id="contacts_list", empty_text="No contacts with phone numbers"),
        )

    def confirm(self, text: str) -> None:
        if not looks_like_number(text):
            self.toast("Invalid phone number")
            return
        self.open_thread(text.strip())

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.replace(FossifyThread(self.app, address, self.prefill))


class FossifyThread(ThreadBase):
    activity = ".activities.ThreadActivity"
    field_id = "thread_type_message"

    def build(self) -> View:
        now = self.app.now_ms()
        sel = self.selected_message
        if sel is not None:
            toolbar = Toolbar(
                "1", nav="back", on_nav=lambda: self.select(sel),
                actions=[ImageButton("copy", "Copy", on_click=self.copy_selected, id="cab_copy_to_clipboard"),
                         ImageButton("forward", "Forward", on_click=self.forward, id="cab_forward_message"),
                         ImageButton("delete", "Delete", on_click=self.delete_selected_message, id="cab_delete")],
                menu=[("Share", self.copy_selected), ("Select text", self.copy_selected), ("Save as", None)],
            )
        else:
            toolbar = Toolbar(
                self.title(), nav="back", on_nav=self.leave, subtitle=self.subtitle(),
                actions=[ImageButton("call", "Call", on_click=lambda: None, id="dial_number"),
                         ImageButton("delete", "Delete", on_click=self.ask_delete, id="delete")],
                menu=[("Archive conversation", None), ("Rename conversation", None), ("Add number to contact", None),
                      ("Mark as unread", None)],
            )
        return Scaffold(
            toolbar,
            ScrollList(*[
                bubble(m, body_id="thread_message_body", time_text=clock_label(m.date_ms, now, twenty_four=True),
                       on_long_click=lambda m=m: self.select(m), selected=m == sel, outgoing_color="#C2E7FF")
                for m in self.messages()
            ], id="thread_messages_list"),
            bottom=Row(
                EditText(self.field_id, hint="Type a message…", multiline=True, weight=1.0),
                ImageButton("send", "Send", on_click=self.send, id="thread_send_message"),
                padding=(8, 4), spacing=4,
            ),
        )

    def subtitle(self) -> str:
        name = self.store.name_for(self.address)
        return self.address if name and not same_number(name, self.address) else ""

    def ask_delete(self) -> None:
        self.show_dialog(AlertDialog(
            "Delete conversation?", "All messages of this conversation will be deleted.",
            positive=("Delete", self.delete_thread), negative=("Cancel", None),
        ))

    def forward(self) -> None:
        body = self.selected_message.body if self.selected_message else ""
        self.selected_message = None
        self.push(FossifyNewConversation(self.app, prefill=body))


class FossifyMessages(SmsApp):
    package = PKG
    label = "Fossify Messages"
    version_name, version_code = "1.8.0", 20
    launch_activity = ".activities.MainActivity"
    icon_color = "#1F6FEB"
    home = FossifyMain
