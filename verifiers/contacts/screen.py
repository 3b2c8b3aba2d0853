"""The screen parts of the Contacts state: a contact's detail page and the unsaved new-contact form.

These are ``ui`` outcomes (the outcome is the screen itself: "open the details", "fill in the form,
do not save"). They are read from ``uiautomator dump`` and seeded by doing what a user does
(launch, tap, ``input text``), so they hold on a real emulator as on the simulated one. Each app
says once where its detail page and form keep name, number and label (:class:`ScreenUi`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode.actuate import escape_input_text
from pytest_anyapp.errors import DeviceError
from verifiers.contacts.state import ContactForm, ShownContact, same_name

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient


@dataclass(frozen=True)
class ScreenUi:
    """Resource ids (basenames) of one app's detail page and new-contact form, and its controls."""

    package: str
    detail_name: str
    detail_phone: str
    row: str
    add_desc: str = ""
    add_text: str = ""
    form_first: str = ""
    form_last: str = ""
    form_phone: str = ""
    form_label: str = ""
    #: Where the label list opens: the label field itself (a dropdown or a dialog of labels).
    label_options: str = "text"


def _res(el: UIElement, name: str) -> bool:
    return bool(name) and el.resource_id.endswith(f":id/{name}")


def _texts(xml: str, ui: ScreenUi, name: str) -> list[UIElement]:
    return [el for el in parse_ui_dump(xml) if el.package == ui.package and _res(el, name)]


def detail_on_screen(xml: str, ui: ScreenUi) -> ShownContact | None:
    """The detail page in front: its name and first number; None when it is not on screen (or the
    new-contact form is: it has no detail name)."""
    names, phones = _texts(xml, ui, ui.detail_name), _texts(xml, ui, ui.detail_phone)
    if not names or not phones or (ui.form_first and _texts(xml, ui, ui.form_first)):
        return None
    return ShownContact(name=names[0].text, phone=phones[0].text)


def form_on_screen(xml: str, ui: ScreenUi) -> ContactForm | None:
    """The new-contact form in front, its fields as shown; None when it is not on screen."""
    first = _texts(xml, ui, ui.form_first)
    if not first:
        return None

    def text(name: str) -> str:
        found = _texts(xml, ui, name)
        return found[0].text if found else ""

    return ContactForm(first=first[0].text, last=text(ui.form_last), phone=text(ui.form_phone),
                       label=text(ui.form_label))


class _Finger:
    """Find-and-tap on the current screen through adb (what a user's finger does)."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device

    def find(self, what: str, match: Callable[[UIElement], bool]) -> UIElement:
        for _ in range(5):
            for el in parse_ui_dump(self.device.ui_dump()):
                if match(el):
                    return el
            self.device.run("sleep 0.2")
        raise DeviceError(f"seeding the screen: no {what} on screen")

    def tap(self, what: str, match: Callable[[UIElement], bool]) -> None:
        x, y = self.find(what, match).center
        self.device.check(f"input tap {x} {y}")

    def type_into(self, what: str, match: Callable[[UIElement], bool], text: str) -> None:
        self.tap(what, match)
        if text:
            self.device.check(f"input text {escape_input_text(text)}")


def _restart(device: DeviceClient, package: str) -> None:
    device.force_stop(package)
    device.launch(package)


def _field_of(ui: ScreenUi, res: str) -> Callable[[UIElement], bool]:
    return lambda e: e.package == ui.package and _res(e, res)


def open_detail(device: DeviceClient, ui: ScreenUi, shown: ShownContact) -> None:
    """Launch the app and tap the contact's row; check its detail page is in front."""
    _restart(device, ui.package)
    finger = _Finger(device)
    finger.tap(f"row of {shown.name}", lambda e: e.package == ui.package and _res(e, ui.row)
               and same_name(e.text, shown.name))
    got = detail_on_screen(device.ui_dump(), ui)
    if got is None or not same_name(got.name, shown.name):
        raise DeviceError(f"seeding the detail page of {shown.name}: the screen shows {got}")


def fill_form(device: DeviceClient, ui: ScreenUi, form: ContactForm) -> None:
    """Launch the app, open the new-contact form and type the fields, pick the label; not saved."""
    _restart(device, ui.package)
    finger = _Finger(device)
    finger.tap("new-contact control", lambda e: e.package == ui.package and (
        (bool(ui.add_desc) and e.content_desc == ui.add_desc) or (bool(ui.add_text) and e.text == ui.add_text)))
    for res, value in ((ui.form_first, form.first), (ui.form_last, form.last), (ui.form_phone, form.phone)):
        finger.type_into(f"field {res}", _field_of(ui, res), value)
    if form.label:
        finger.tap("label field", lambda e: e.package == ui.package and _res(e, ui.form_label))
        finger.tap(f"label {form.label}", lambda e: e.text == form.label and not _res(e, ui.form_label))
    got = form_on_screen(device.ui_dump(), ui)
    if got is None:
        raise DeviceError("seeding the new-contact form: the form is not on screen")
