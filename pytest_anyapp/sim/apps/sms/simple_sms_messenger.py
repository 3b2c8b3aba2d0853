"""Simple SMS Messenger 5.19.3 (``com.simplemobiletools.smsmessenger``), the AndroidWorld original.

Look and flow of the real app: a plain toolbar with the app name, conversations with the raw
number, a "New conversation" FAB leading to an "Add Contact or Number…" field with a check
button, a thread with a "Type a message…" box and a text "SMS" send button. Thread actions
(Delete, Archive ...) sit in the overflow menu; a long-pressed message offers Forward in the
overflow of its action bar; drafts are written when the thread is left.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import AlertDialog, SimApp
from pytest_anyapp.sim.apps.sms.screens import ConversationListBase, SmsApp, ThreadBase
from pytest_anyapp.sim.apps.sms.store import looks_like_number
from pytest_anyapp.sim.apps.sms.widgets import bubble, clock_label
from pytest_anyapp.sim.ui.views import (
    Button,
    EditText,
    Fab,
    ImageButton,
    ListItem,
    Row,
    Scaffold,
    ScrollList,
    Toolbar,
    View,
)

PKG = "com.simplemobiletools.smsmessenger"


def _plural(n: int) -> str:
    return "1 conversation" if n == 1 else f"{n} conversations"


class SimpleMain(ConversationListBase):
    activity = ".activities.MainActivity"

    def build(self) -> View:
        prompt = self.default_app_prompt()
        if prompt is not None:
            return prompt
        now = self.app.now_ms()
        contacts = self.contacts()
        rows = []
        for conv in self.conversations():
            name = self.store.name_for(conv.address, contacts) or conv.address
            snippet = self.snippet(conv, mark_outgoing=False)
            rows.append(ListItem(
                name, snippet, meta=clock_label(conv.date_ms, now), avatar=name,
                title_id="conversation_address", subtitle_id="conversation_body_short", meta_id="conversation_date",
                selected=conv.address in self.selected, bold=conv.draft is not None,
                on_click=lambda a=conv.address: self.tap_row(a), on_long_click=lambda a=conv.address: self.toggle(a),
            ))
        if self.selected:
            toolbar = Toolbar(
                f"{len(self.selected)} selected", nav="back", on_nav=self.clear_selection,
                actions=[ImageButton("delete", "Delete", on_click=self.ask_delete, id="cab_delete"),
                         ImageButton("archive", "Archive", on_click=self.clear_selection, id="cab_archive")],
                menu=[("Select all", self.select_all), ("Mark as Read", self.clear_selection)],
            )
        else:
            toolbar = Toolbar(
                "Simple SMS Messenger",
                actions=[ImageButton("search", "Search", on_click=lambda: None)],
                menu=[("Archived conversations", None), ("Settings", None), ("About", None)],
            )
        return Scaffold(
            toolbar,
            ScrollList(*rows, id="conversations_list", empty_text="No stored conversations have been found"),
            fab=Fab("add", "New conversation", on_click=lambda: self.push(SimpleNewConversation(self.app)),
                    id="conversations_fab"),
        )

    def select_all(self) -> None:
        self.selected = [c.address for c in self.conversations()]

    def ask_delete(self) -> None:
        self.show_dialog(AlertDialog(
            message=f"Are you sure you want to delete {_plural(len(self.selected))}?",
            positive=("Yes", self.delete_selected), negative=("No", None),
        ))

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.push(SimpleThread(self.app, address, prefill))


class SimpleNewConversation(ConversationListBase):
    """Recipient by number (check button or ENTER) or by tapping a contact below the field."""

    activity = ".activities.NewConversationActivity"

    def __init__(self, app: SimApp, prefill: str = "") -> None:
        super().__init__(app)
        self.prefill = prefill
        self.focus("new_conversation_address")

    def build(self) -> View:
        query = self.field("new_conversation_address")
        contacts = self.store.search_contacts(query)
        return Scaffold(
            Toolbar("New conversation", nav="back"),
            Row(
                EditText("new_conversation_address", hint="Add Contact or Number…", weight=1.0, on_submit=self.confirm),
                ImageButton("check", "Confirm", on_click=lambda: self.confirm(self.field("new_conversation_address")),
                            id="new_conversation_confirm"),
                padding=(8, 4),
            ),
            ScrollList(*[
                ListItem(c.name, c.number, avatar=c.name, title_id="item_contact_name",
                         subtitle_id="item_contact_number", on_click=lambda n=c.number: self.open_thread(n))
                for c in contacts
            ], id="contacts_list", empty_text="No contacts found"),
        )

    def confirm(self, text: str) -> None:
        if not looks_like_number(text):
            self.toast("Invalid number")
            return
        self.open_thread(text.strip())

    def open_thread(self, address: str, prefill: str = "") -> None:
        self.replace(SimpleThread(self.app, address, self.prefill))


class SimpleThread(ThreadBase):
    activity = ".activities.ThreadActivity"
    field_id = "thread_type_message"

    def build(self) -> View:
        now = self.app.now_ms()
        sel = self.selected_message
        if sel is not None:
            toolbar = Toolbar(
                "1 selected", nav="back", on_nav=lambda: self.select(sel),
                actions=[ImageButton("copy", "Copy to clipboard", on_click=self.copy_selected,
                                     id="cab_copy_to_clipboard"),
                         ImageButton("delete", "Delete", on_click=self.delete_selected_message, id="cab_delete")],
                menu=[("Share", self.copy_selected), ("Forward", self.forward), ("Select text", self.copy_selected)],
            )
        else:
            toolbar = Toolbar(
                self.title(), nav="back", on_nav=self.leave,
                actions=[ImageButton("call", "Dial number", on_click=lambda: None, id="dial_number")],
                menu=[("Delete", self.ask_delete), ("Archive", None), ("Add Person", None), ("Mark as Unread", None)],
            )
        return Scaffold(
            toolbar,
            ScrollList(*[
                bubble(m, body_id="thread_message_body", time_text=clock_label(m.date_ms, now),
                       on_long_click=lambda m=m: self.select(m), selected=m == sel)
                for m in self.messages()
            ], id="thread_messages_list"),
            bottom=Row(
                EditText(self.field_id, hint="Type a message…", multiline=True, weight=1.0),
                Button("SMS", self.send, id="thread_send_message", style="text"),
                padding=(8, 4), spacing=4,
            ),
        )

    def ask_delete(self) -> None:
        self.show_dialog(AlertDialog(
            message="Are you sure you want to delete all messages of this conversation?",
            positive=("Yes", self.delete_thread), negative=("No", None),
        ))

    def forward(self) -> None:
        body = self.selected_message.body if self.selected_message else ""
        self.selected_message = None
        self.push(SimpleNewConversation(self.app, prefill=body))


class SimpleSmsMessenger(SmsApp):
    package = PKG
    label = "Simple SMS Messenger"
    version_name, version_code = "5.19.3", 85
    launch_activity = ".activities.MainActivity"
    icon_color = "#3F8FE0"
    home = SimpleMain
