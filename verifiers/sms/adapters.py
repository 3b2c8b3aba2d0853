"""The four SMS apps' adapters. All share the telephony store; they differ only in the package
that must hold the default-SMS role."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.errors import VerifierReadError
from verifiers.sms.state import SmsState
from verifiers.base import AppAdapter, RawSnapshot
from verifiers.sms.contacts_provider import seed_contacts
from verifiers.sms.telephony import parse_sms_lines, read_sms_lines, seed_messages

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SMS_ROLE = "android.app.role.SMS"
SMS_PERMISSIONS: tuple[str, ...] = tuple(
    f"android.permission.{p}" for p in ("READ_CONTACTS", "READ_SMS", "SEND_SMS", "RECEIVE_SMS", "POST_NOTIFICATIONS")
)


class TelephonySmsAdapter(AppAdapter[SmsState]):
    """Seeds and reads ``mmssms.db``; the app is whichever package the subclass names."""

    app: ClassVar[AppSpec]
    #: SMS state lives in the telephony provider, not the app: ``pm clear`` would only cost time.
    clear_on_init: ClassVar[bool] = False
    runtime_permissions: ClassVar[tuple[str, ...]] = SMS_PERMISSIONS

    def setup(self, device: DeviceClient) -> None:
        """Make the app the default SMS app: on a real phone only the role holder may write the store,
        and apps without the role show a "set as default" screen instead of the conversations.
        (The episode runner grants ``runtime_permissions`` before this.)"""
        pkg = shlex.quote(self.app.package)
        role = device.run(f"cmd role add-role-holder --user 0 {SMS_ROLE} {pkg}")
        if not role.ok:
            device.check(f"settings put secure sms_default_application {pkg}")

    def seed(self, device: DeviceClient, state: SmsState) -> None:
        """Contacts first, then messages. The episode runner force-stops and relaunches the app
        afterwards: direct SQLite writes fire no ContentObserver, so a running app would keep its
        old list."""
        seed_contacts(device, state.contacts)
        seed_messages(device, state.messages)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"sms": read_sms_lines(device)}

    def parse(self, raw: RawSnapshot) -> SmsState:
        if "sms" not in raw:
            raise VerifierReadError("SMS snapshot has no 'sms' read")
        return SmsState(messages=parse_sms_lines(raw["sms"]))


class SimpleSmsMessengerAdapter(TelephonySmsAdapter):
    app = app_by_id("sms_simple_sms_messenger")


class FossifyMessagesAdapter(TelephonySmsAdapter):
    app = app_by_id("sms_fossify_messages")


class QuikSmsAdapter(TelephonySmsAdapter):
    app = app_by_id("sms_quik_sms")


class GoogleMessagesAdapter(TelephonySmsAdapter):
    app = app_by_id("sms_google_messages")
