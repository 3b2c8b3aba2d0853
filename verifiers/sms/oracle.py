"""Gold UI solutions for the 10 SMS templates in the four SMS apps.

Each app is described once by an ``SmsUi`` (its own labels, ids and flows, matching what the app
shows: e.g. "New conversation" + check button in Simple SMS, a "Send to …" row in Google
Messages, suggestion chips in QUIK); the template scripts are written once against that
description. Everything a script taps is found on screen by text, content description or id.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from pytest_anyapp.agents.oracle import By, Intent, LongPress, Press, Read, Tap, TypeInto, TypeText
from verifiers.bundle import Script, gold_from_body

Steps = Generator[Intent, str, None]


def us_format(number: str) -> str:
    """How Google Messages prints a 10-digit number: ``(NNN) NNN-NNNN``."""
    d = "".join(ch for ch in number if ch.isdigit())
    return f"({d[:3]}) {d[3:6]}-{d[6:]}" if len(d) == 10 else number


@dataclass(frozen=True)
class SmsUi:
    """Where one app keeps the controls the SMS scripts need."""

    app_id: str
    new_chat: By
    recipient: By
    #: Taps that turn a typed number into the open conversation.
    confirm_number: Callable[[str], list[Intent]]
    contact_row_res: str
    list_row_res: str
    message_field: By
    send: By
    bubble_res: str
    #: After a message is long-pressed: the taps that reach the recipient picker.
    forward: tuple[Intent, ...]
    #: Delete one conversation starting from the conversation list, given the row selector.
    delete: Callable[[By], list[Intent]]
    shown_number: Callable[[str], str] = lambda n: n
    #: Whether the list shows a conversation that holds only a draft (QUIK, Google Messages); in
    #: Simple SMS / Fossify such a thread is reached by starting a conversation with the number
    #: (their lists show threads with message_count > 0, and drafts do not count).
    draft_listed: bool = False


def _delete_by_selection(confirm: str) -> Callable[[By], list[Intent]]:
    return lambda row: [LongPress(row), Tap(By(desc="Delete")), Tap(By(text=confirm))]


SIMPLE = SmsUi(
    app_id="sms_simple_sms_messenger",
    new_chat=By(desc="New conversation"),
    recipient=By(res="new_conversation_address"),
    confirm_number=lambda n: [Tap(By(desc="Confirm"))],
    contact_row_res="item_contact_name",
    list_row_res="conversation_address",
    message_field=By(res="thread_type_message"),
    send=By(text="SMS", res="thread_send_message"),
    bubble_res="thread_message_body",
    forward=(Tap(By(desc="More options")), Tap(By(text="Forward"))),
    delete=_delete_by_selection("Yes"),
)

FOSSIFY = SmsUi(
    app_id="sms_fossify_messages",
    new_chat=By(desc="Start conversation"),
    recipient=By(res="new_conversation_address"),
    confirm_number=lambda n: [Tap(By(desc="Confirm"))],
    contact_row_res="item_contact_name",
    list_row_res="conversation_address",
    message_field=By(res="thread_type_message"),
    send=By(desc="Send"),
    bubble_res="thread_message_body",
    forward=(Tap(By(desc="Forward")),),
    delete=_delete_by_selection("Delete"),
)

QUIK = SmsUi(
    draft_listed=True,
    app_id="sms_quik_sms",
    new_chat=By(desc="Compose"),
    recipient=By(res="search"),
    confirm_number=lambda n: [Tap(By(text=n, res="title"))],
    contact_row_res="title",
    list_row_res="title",
    message_field=By(res="message"),
    send=By(desc="Send"),
    bubble_res="body",
    forward=(Tap(By(desc="Forward")),),
    delete=_delete_by_selection("Delete"),
)

GOOGLE = SmsUi(
    draft_listed=True,
    app_id="sms_google_messages",
    new_chat=By(text="Start chat"),
    recipient=By(res="recipient_text_view"),
    confirm_number=lambda n: [Tap(By(text=f"Send to {us_format(n)}"))],
    contact_row_res="contact_name",
    list_row_res="conversation_name",
    message_field=By(res="compose_message_text"),
    send=By(desc="Send SMS"),
    bubble_res="message_text",
    forward=(Tap(By(desc="More options")), Tap(By(text="Forward")), Tap(By(text="New message"))),
    # Google's own path: open the conversation, overflow, Delete, confirm.
    delete=lambda row: [Tap(row), Tap(By(desc="More options")), Tap(By(text="Delete")), Tap(By(text="Delete"))],
    shown_number=us_format,
)

APPS: tuple[SmsUi, ...] = (SIMPLE, FOSSIFY, QUIK, GOOGLE)


# -- building blocks ---------------------------------------------------------------------------

def row(ui: SmsUi, number: str) -> By:
    return By(text=ui.shown_number(number), res=ui.list_row_res)


def to_number(ui: SmsUi, number: str) -> Steps:
    """From the conversation list (or a forward's picker) to a conversation with ``number``."""
    yield TypeInto(ui.recipient, number)
    yield from ui.confirm_number(number)


def to_contact(ui: SmsUi, name: str) -> Steps:
    """Search the contact by name in the recipient field and pick it."""
    yield TypeInto(ui.recipient, name)
    yield Tap(By(text=name, res=ui.contact_row_res))


def send(ui: SmsUi, text: str) -> Steps:
    yield TypeInto(ui.message_field, text)
    yield Tap(ui.send)


def newest_bubble(ui: SmsUi) -> By:
    """The last message of the open conversation (bubbles are listed oldest first)."""
    return By(res=ui.bubble_res, nth=-1)


def replace_text(field: By, text: str) -> Steps:
    """Android's own way to overwrite a field: long-press it (selects a word and shows the text
    selection toolbar), "Select all", then type (typing replaces the selection)."""
    yield LongPress(field)
    yield Tap(By(text="Select all"))
    yield TypeText(text)


# -- one script per template, for every app ------------------------------------------------------

def _send(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(ui.new_chat)
    yield from to_number(ui, p["number"])
    yield from send(ui, p["message"])


def _reply(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["number"]))
    yield from send(ui, p["message"])


def _reply_most_recent(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(By(res=ui.list_row_res, nth=0))  # the list is newest first
    yield from send(ui, p["message"])


def _resend(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["number"]))
    body = yield Read(newest_bubble(ui))  # the last message sent to the number, as the thread shows it
    yield from send(ui, body)


def _send_to_contact(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(ui.new_chat)
    yield from to_contact(ui, p["contact_name"])
    yield from send(ui, p["message"])


def _send_received_address(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(By(text=p["name2"], res=ui.list_row_res))  # the list shows the sender by contact name
    address = yield Read(newest_bubble(ui))  # the address name2 just sent, as the thread shows it
    yield Press("back")
    yield Tap(ui.new_chat)
    yield from to_contact(ui, p["name1"])
    yield from send(ui, address)


def _create_draft(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(ui.new_chat)
    yield from to_number(ui, p["number"])
    yield TypeInto(ui.message_field, p["message"])
    yield Press("back")  # leaving the conversation keeps the text as a draft


def _edit_draft(ui: SmsUi, p: dict[str, str]) -> Steps:
    if ui.draft_listed:
        yield Tap(row(ui, p["number"]))
    else:  # the draft-only thread is not listed: open the conversation with the number; its box holds the draft
        yield Tap(ui.new_chat)
        yield from to_number(ui, p["number"])
    yield from replace_text(ui.message_field, p["new_message"])
    yield Press("back")  # leaving the conversation saves the box as the draft


def _delete_conversation(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield from ui.delete(row(ui, p["number"]))


def _forward(ui: SmsUi, p: dict[str, str]) -> Steps:
    yield Tap(row(ui, p["source_number"]))
    yield LongPress(newest_bubble(ui))  # the latest message from the source
    yield from ui.forward
    yield from to_number(ui, p["target_number"])
    yield Tap(ui.send)  # the forwarded text is already in the box


BODIES: dict[str, Callable[[SmsUi, dict[str, str]], Steps]] = {
    "SmsSend": _send,
    "SmsReply": _reply,
    "SmsReplyMostRecent": _reply_most_recent,
    "SmsResend": _resend,
    "SmsSendToContact": _send_to_contact,
    "SmsSendReceivedAddress": _send_received_address,
    "SmsCreateDraftMessage": _create_draft,
    "SmsEditDraftMessage": _edit_draft,
    "SmsDeleteConversation": _delete_conversation,
    "SmsForwardMessage": _forward,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description."""
    return gold_from_body(BODIES.get(semantic_id), next((u for u in APPS if u.app_id == app_id), None))
