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
    #: Compose apps expose no view ids: the detail page is the screen showing ``detail_anchor`` (a
    #: button only it has); the name is the text right before ``name_before``, the number the first
    #: number-like text after the anchor. The form's fields are its first three text fields.
    detail_anchor: str = ""
    name_before: str = ""
    form_anchor: str = ""
    labels: tuple[str, ...] = ()
    #: The add control when it has neither text nor description: the last element of this class.
    add_class: str = ""


def _res(el: UIElement, name: str) -> bool:
    return bool(name) and el.resource_id.endswith(f":id/{name}")


def _texts(xml: str, ui: ScreenUi, name: str) -> list[UIElement]:
    return [el for el in parse_ui_dump(xml) if el.package == ui.package and _res(el, name)]


def _looks_like_number(text: str) -> bool:
    t = text.strip()
    return sum(ch.isdigit() for ch in t) >= 7 and all(ch.isdigit() or ch in "+-() ." for ch in t)


def _anchored_detail(xml: str, ui: ScreenUi) -> ShownContact | None:
    texts = [el.text for el in parse_ui_dump(xml) if el.package == ui.package and el.text.strip()]
    if ui.detail_anchor not in texts or ui.name_before not in texts:
        return None
    before = texts.index(ui.name_before)
    after = texts.index(ui.detail_anchor)
    phone = next((t for t in texts[after + 1:] if _looks_like_number(t)), None)
    if before < 1 or phone is None:
        return None
    return ShownContact(name=texts[before - 1], phone=phone)


def _anchored_form(xml: str, ui: ScreenUi) -> ContactForm | None:
    els = [el for el in parse_ui_dump(xml) if el.package == ui.package]
    if not any(el.text == ui.form_anchor for el in els):
        return None
    fields = [el for el in els if el.editable]
    if len(fields) < 3:
        return None
    after = els.index(fields[2])
    label = next((el.text for el in els[after + 1:] if el.text in ui.labels), "")
    return ContactForm(first=fields[0].text, last=fields[1].text, phone=fields[2].text, label=label)


def detail_on_screen(xml: str, ui: ScreenUi) -> ShownContact | None:
    """The detail page in front: its name and first number; None when it is not on screen (or the
    new-contact form is: it has no detail name)."""
    if not ui.detail_name:
        return _anchored_detail(xml, ui)
    names, phones = _texts(xml, ui, ui.detail_name), _texts(xml, ui, ui.detail_phone)
    if not names or not phones or (ui.form_first and _texts(xml, ui, ui.form_first)):
        return None
    return ShownContact(name=names[0].text, phone=phones[0].text)


def form_on_screen(xml: str, ui: ScreenUi) -> ContactForm | None:
    """The new-contact form in front, its fields as shown; None when it is not on screen."""
    if not ui.form_first:
        return _anchored_form(xml, ui)
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

    def find(self, what: str, match: Callable[[UIElement], bool], *, scroll: bool = False) -> UIElement:
        """The first element ``match`` accepts; with ``scroll``, a list is swiped up (as a finger
        does) until it shows, for rows below the first screen."""
        for _ in range(8 if scroll else 5):
            for el in parse_ui_dump(self.device.ui_dump()):
                if match(el):
                    return el
            self.device.run("input swipe 540 1700 540 900 300" if scroll else "sleep 0.2")
        raise DeviceError(f"seeding the screen: no {what} on screen")

    def tap(self, what: str, match: Callable[[UIElement], bool], *, scroll: bool = False) -> None:
        x, y = self.find(what, match, scroll=scroll).center
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
    finger.tap(f"row of {shown.name}", lambda e: e.package == ui.package and (not ui.row or _res(e, ui.row))
               and same_name(e.text, shown.name), scroll=True)
    got = detail_on_screen(device.ui_dump(), ui)
    if got is None or not same_name(got.name, shown.name):
        raise DeviceError(f"seeding the detail page of {shown.name}: the screen shows {got}")


def fill_form(device: DeviceClient, ui: ScreenUi, form: ContactForm) -> None:
    """Launch the app, open the new-contact form and type the fields, pick the label; not saved."""
    _restart(device, ui.package)
    finger = _Finger(device)
    if ui.add_class:
        hits = [e for e in parse_ui_dump(device.ui_dump()) if e.package == ui.package and ui.add_class in e.class_name]
        if not hits:
            raise DeviceError("seeding the new-contact form: no add control on screen")
        device.check("input tap {} {}".format(*hits[-1].center))
    else:
        finger.tap("new-contact control", lambda e: e.package == ui.package and (
            (bool(ui.add_desc) and e.content_desc == ui.add_desc) or (bool(ui.add_text) and e.text == ui.add_text)))
    values = (form.first, form.last, form.phone)
    if ui.form_first:
        for res, value in zip((ui.form_first, ui.form_last, ui.form_phone), values, strict=True):
            finger.type_into(f"field {res}", _field_of(ui, res), value)
    else:
        for i, value in enumerate(values):
            fields = [el for el in parse_ui_dump(device.ui_dump()) if el.package == ui.package and el.editable]
            if len(fields) <= i:
                raise DeviceError(f"seeding the new-contact form: no text field {i + 1} on screen")
            device.check("input tap {} {}".format(*fields[i].center))
            if value:
                device.check(f"input text {escape_input_text(value)}")
    if form.label:
        if ui.form_label:
            finger.tap("label field", lambda e: e.package == ui.package and _res(e, ui.form_label))
        else:
            finger.tap("label field", lambda e: e.package == ui.package and e.text in ui.labels)
        finger.tap(f"label {form.label}", lambda e: e.text == form.label and not _res(e, ui.form_label)
                   and (bool(ui.form_label) or e.package != ui.package or not e.editable))
    got = form_on_screen(device.ui_dump(), ui)
    if got is None:
        raise DeviceError("seeding the new-contact form: the form is not on screen")
