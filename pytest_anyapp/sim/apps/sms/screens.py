"""Behaviour the SMS doubles share under their different looks: a conversation list with a
selection mode, and a thread whose compose box is backed by the thread's draft row.

Each app subclasses these and supplies its own ``build`` (labels, ids, where actions live).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.sms.store import Contact, Conversation, Message, SmsStore
from pytest_anyapp.sim.ui.views import Button, Column, ImageView, Scaffold, TextView, View

SMS_DEFAULT_SETTING = "sms_default_application"


class SmsApp(SimApp):
    """Common metadata of the SMS doubles (each subclass sets package, label, version, screens)."""

    permissions = tuple(f"android.permission.{p}" for p in (
        "READ_SMS", "SEND_SMS", "RECEIVE_SMS", "READ_CONTACTS", "POST_NOTIFICATIONS", "RECEIVE_MMS", "READ_PHONE_STATE",
    ))

    @property
    def store(self) -> SmsStore:
        return SmsStore(self.device)

    def is_default_sms_app(self) -> bool:
        """Holder of the SMS role (``cmd role add-role-holder`` writes this secure setting)."""
        return self.device.providers.settings_get("secure", SMS_DEFAULT_SETTING) == self.package

    def become_default(self) -> None:
        """What accepting the system's "Set as default SMS app?" dialog does."""
        self.device.providers.settings_put("secure", SMS_DEFAULT_SETTING, self.package)


class ConversationListBase(Screen):
    """Conversations newest first; a long-press starts selection mode (BACK leaves it)."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.selected: list[str] = []

    @property
    def store(self) -> SmsStore:
        return SmsStore(self.device)

    def conversations(self) -> list[Conversation]:
        return self.store.conversations()

    @staticmethod
    def snippet(conv: Conversation, *, mark_outgoing: bool) -> str:
        """The row's second line: the draft if there is one, else the last message ("You: …" when
        the app marks outgoing messages)."""
        if conv.draft is not None:
            return f"Draft: {conv.draft.body}"
        if conv.last is None:
            return ""
        return f"You: {conv.last.body}" if mark_outgoing and conv.last.outgoing else conv.last.body

    def default_app_prompt(self) -> View | None:
        """Real SMS apps show only this until they hold the SMS role; None once they do."""
        app = self.app
        assert isinstance(app, SmsApp)
        if app.is_default_sms_app():
            return None
        return Scaffold(None, Column(
            ImageView("chat", size=72, gravity="center_horizontal"),
            TextView(f"{app.label} needs to be your default SMS app to send and read messages.",
                     size=18, align="center", padding=(24, 16)),
            Button("Set as default", app.become_default, id="set_default_sms", gravity="center_horizontal"),
            spacing=16, padding=(0, 160, 0, 0),
        ))

    def contacts(self) -> list[Contact]:
        return self.store.contacts()

    def toggle(self, address: str) -> None:
        if address in self.selected:
            self.selected.remove(address)
        else:
            self.selected.append(address)

    def clear_selection(self) -> None:
        self.selected = []

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
            self.open_thread(address)

    def open_thread(self, address: str, prefill: str = "") -> None:
        raise NotImplementedError


class ThreadBase(Screen):
    """One conversation. The compose box starts with the thread's draft, and whatever it holds
    becomes the draft when the screen leaves the front (BACK, up, HOME, another screen on top),
    as the real apps save drafts in ``onPause``."""

    field_id: str = "message"

    def __init__(self, app: SimApp, address: str, prefill: str = "") -> None:
        super().__init__(app)
        self.address = address
        self.selected_message: Message | None = None
        draft = self.store.draft_for(address) if address else None
        self.set_field(self.field_id, prefill or (draft.body if draft else ""))

    @property
    def store(self) -> SmsStore:
        return SmsStore(self.device)

    def messages(self) -> list[Message]:
        return self.store.thread_messages(self.address)

    def title(self) -> str:
        return self.store.name_for(self.address) or self.address

    def send(self) -> None:
        body = self.field(self.field_id)
        if not body.strip():
            return
        self.store.send(self.address, body)
        self.set_field(self.field_id, "")

    def leave(self) -> None:
        """Navigate up: close the screen (``on_pause`` keeps the draft)."""
        self.finish()

    def save_draft(self) -> None:
        if self.address:
            self.store.save_draft(self.address, self.field(self.field_id))

    def on_pause(self) -> None:
        self.save_draft()

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

    def delete_thread(self) -> None:
        self.store.delete_conversation(self.address)
        self.set_field(self.field_id, "")
        self.finish()
