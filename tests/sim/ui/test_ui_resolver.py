"""Implicit intents several apps accept: the preferred handler starts (the SMS role holder for
``SENDTO sms:``/``smsto:``, PermissionController ``roles.xml``; an "Always" answer), else Android's
resolver asks (``ResolverActivity``) — never the alphabetically first app."""

from __future__ import annotations

from pytest_anyapp.agents.oracle import By
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.sim.apps.base import Intent
from pytest_anyapp.sim.device import SimDevice
from verifiers.contacts.state import Contact, ContactsState, FrontIntent
from verifiers.contacts.templates import ContactsMessageContact

SENDTO = Intent(action="android.intent.action.SENDTO", data="smsto:2025550101")
SIMPLE, FOSSIFY = "com.simplemobiletools.smsmessenger", "org.fossify.messages"


def tap(device: SimDevice, by: By) -> None:
    hit = by.find(parse_ui_dump(device.ui.dump_xml()))
    assert hit is not None, by
    device.ui.tap(*hit.center)


def test_without_a_default_sms_app_sendto_opens_the_resolver(device: SimDevice) -> None:
    device.providers.settings_delete("secure", "sms_default_application")
    assert device.ui.start_intent(SENDTO)
    assert device.ui.focused() == ("android", "com.android.internal.app.ResolverActivity")
    shown = [e.text for e in parse_ui_dump(device.ui.dump_xml())]
    assert "Send using" in shown and "Just once" in shown and "Always" in shown
    assert {"Fossify Messages", "Messages", "QUIK", "Simple SMS Messenger"} <= set(shown)
    tap(device, By(text="Simple SMS Messenger"))
    tap(device, By(text="Just once"))
    assert device.ui.focused()[0] == SIMPLE
    device.ui.force_stop(SIMPLE)
    assert device.ui.start_intent(SENDTO)
    assert device.ui.focused()[0] == "android", "'Just once' is not remembered"


def test_the_sms_role_holder_is_the_preferred_handler_of_sendto(device: SimDevice) -> None:
    device.providers.settings_put("secure", "sms_default_application", FOSSIFY)
    assert device.ui.start_intent(SENDTO)
    assert device.ui.focused()[0] == FOSSIFY


def test_message_contact_does_not_count_the_resolver_as_the_messaging_app() -> None:
    params = {"name": "Ann Lee", "first": "Ann", "last": "Lee", "number": "202-555-0101"}
    contacts = [Contact(first="Ann", last="Lee", phones=["202-555-0101"])]
    template = ContactsMessageContact()
    resolver = FrontIntent(package="android", activity="com.android.internal.app.ResolverActivity",
                     action="android.intent.action.SENDTO", data="smsto:2025550101")
    app = resolver.model_copy(update={"package": FOSSIFY, "activity": f"{FOSSIFY}/.activities.ThreadActivity"})
    assert not template.check(params, ContactsState(contacts=contacts, front=resolver), [], None).success
    assert template.check(params, ContactsState(contacts=contacts, front=app), [], None).success
