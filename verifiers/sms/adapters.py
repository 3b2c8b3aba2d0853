"""The four SMS apps' adapters. All share the telephony store; they differ only in the package
that must hold the default-SMS role and be relaunched after seeding."""

from __future__ import annotations

import re
import shlex
import time
from typing import TYPE_CHECKING, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.templates.sms import SmsState
from verifiers.base import AppAdapter, RawSnapshot
from verifiers.sms.contacts_provider import seed_contacts
from verifiers.sms.telephony import parse_sms_lines, read_sms_lines, seed_messages

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SMS_ROLE = "android.app.role.SMS"
SMS_PERMISSIONS: tuple[str, ...] = tuple(
    f"android.permission.{p}" for p in ("READ_CONTACTS", "READ_SMS", "SEND_SMS", "RECEIVE_SMS", "POST_NOTIFICATIONS")
)
_STOP_WAIT_S = 3.0
_STOP_POLL_S = 0.1


def declared_permissions(device: DeviceClient, package: str) -> set[str]:
    out = device.run(f"dumpsys package {shlex.quote(package)}").stdout
    return set(re.findall(r"android\.permission\.[A-Z_]+", out))


class TelephonySmsAdapter(AppAdapter[SmsState]):
    """Seeds and reads ``mmssms.db``; the app is whichever package the subclass names."""

    app: ClassVar[AppSpec]
    #: SMS state lives in the telephony provider, not the app: ``pm clear`` would only cost time.
    clear_on_init: ClassVar[bool] = False
    runtime_permissions: ClassVar[tuple[str, ...]] = SMS_PERMISSIONS

    def setup(self, device: DeviceClient) -> None:
        """Make the app the default SMS app (only that one may write the store on a real phone) and
        grant the SMS permissions it declares."""
        pkg = shlex.quote(self.app.package)
        role = device.run(f"cmd role add-role-holder --user 0 {SMS_ROLE} {pkg}")
        if not role.ok:
            device.check(f"settings put secure sms_default_application {pkg}")
        wanted = [p for p in self.runtime_permissions if p in declared_permissions(device, self.app.package)]
        if wanted:
            device.run("; ".join(f"pm grant --user 0 {pkg} {p}" for p in wanted))

    def seed(self, device: DeviceClient, state: SmsState) -> None:
        seed_contacts(device, state.contacts)
        seed_messages(device, state.messages)
        self.relaunch(device)

    def relaunch(self, device: DeviceClient) -> None:
        """Direct SQLite writes fire no ContentObserver, so a running app would keep its old list."""
        device.force_stop(self.app.package)
        deadline = time.monotonic() + _STOP_WAIT_S
        while device.pidof(self.app.package) and time.monotonic() < deadline:
            time.sleep(_STOP_POLL_S)
        device.launch(self.app.package)

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
