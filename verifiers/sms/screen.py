"""Drafts of the SMS apps whose draft store cannot be read (QUIK: Realm; Google Messages: closed
source): read off the conversation list on screen, and seeded by typing them into the app.

Both go through what a user sees and does on a real phone (``uiautomator dump``, ``input``), so
they hold on a real emulator as on the simulated one; which is why these pairs are ``ui`` pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode.actuate import escape_input_text
from pytest_anyapp.errors import DeviceError
from verifiers.sms.state import DRAFT, SmsMessage, same_number

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient


@dataclass(frozen=True)
class ListUi:
    """Where an app's conversation list shows a draft, and its new-conversation flow."""

    package: str
    title_res: str
    snippet_res: str
    draft_prefix: str
    recipient_res: str
    message_res: str
    #: How a typed number becomes the conversation: a suggestion row with the number (QUIK) or a
    #: "Send to …" row (Google Messages).
    confirm: Literal["suggestion", "send_to"]
    new_chat_desc: str = ""
    new_chat_text: str = ""


def _res(el: UIElement, name: str) -> bool:
    return el.resource_id.endswith(f":id/{name}")


def drafts_on_screen(xml: str, ui: ListUi) -> list[SmsMessage]:
    """Draft rows of the conversation list: a row's title (recipient as shown) and a snippet that
    starts with the app's draft prefix. Nothing when the list is not on screen."""
    drafts: list[SmsMessage] = []
    title: UIElement | None = None
    for el in parse_ui_dump(xml):
        if el.package and el.package != ui.package:
            continue
        if _res(el, ui.title_res):
            title = el
        elif _res(el, ui.snippet_res) and title is not None:
            if el.text.startswith(ui.draft_prefix):
                drafts.append(SmsMessage(box=DRAFT, address=title.text, body=el.text[len(ui.draft_prefix):]))
            title = None
    return drafts


class _Screen:
    """Find-and-tap on the current screen through adb (what a user's finger does)."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device

    def find(self, what: str, match: object) -> UIElement:
        for _ in range(3):
            for el in parse_ui_dump(self.device.ui_dump()):
                if callable(match) and match(el):
                    return el
            self.device.run("sleep 0.2")
        raise DeviceError(f"seeding a draft through the UI: no {what} on screen")

    def tap(self, what: str, match: object) -> None:
        x, y = self.find(what, match).center
        self.device.check(f"input tap {x} {y}")


def type_drafts(device: DeviceClient, package: str, ui: ListUi, drafts: list[SmsMessage]) -> None:
    """For each draft: open the app, start a conversation with its number, type the body, BACK
    (the app saves the draft when the conversation leaves the screen). Ends on the list."""
    if not drafts:
        return
    screen = _Screen(device)
    for draft in drafts:
        device.force_stop(package)
        device.launch(package)
        screen.tap("new-conversation control", lambda e: (ui.new_chat_desc and e.content_desc == ui.new_chat_desc)
                   or (ui.new_chat_text and e.text == ui.new_chat_text))
        screen.tap("recipient field", lambda e: _res(e, ui.recipient_res))
        device.check(f"input text {escape_input_text(draft.address)}")
        if ui.confirm == "suggestion":
            screen.tap("number suggestion", lambda e, n=draft.address: _res(e, "title") and same_number(e.text, n))
        else:
            screen.tap("'Send to' row",
                       lambda e, n=draft.address: e.text.startswith("Send to ") and same_number(e.text[8:], n))
        screen.tap("message field", lambda e: _res(e, ui.message_res))
        device.check(f"input text {escape_input_text(draft.body)}")
        device.check("input keyevent 4")
    from verifiers.sms.contacts_provider import listed_phones

    names = dict(listed_phones(device))  # a saved contact is listed by name
    listed = drafts_on_screen(device.ui_dump(), ui)
    missing = [d for d in drafts if not any(same_number(names.get(m.address, m.address), d.address)
                                            and m.body.strip() == d.body.strip() for m in listed)]
    if missing:
        raise DeviceError(f"drafts typed into {package} are not listed: {[(d.address, d.body) for d in missing]}")
