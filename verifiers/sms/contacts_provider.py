"""Seeding contacts through ``content insert`` on the contacts provider (notes §1C).

Going through the provider (not its SQLite file) lets it compute display names and lookup keys
exactly as the real one does, so every SMS app's recipient search finds the contact.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pytest_anyapp.device.content import content_query_rows
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.device.shell_args import content_bind
from pytest_anyapp.errors import DeviceError
from verifiers.sms.state import SmsContact, same_number

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

CONTACTS_PROVIDER_PACKAGE = "com.android.providers.contacts"
ACCOUNT_NAME = "seed"
NAME_MIME = "vnd.android.cursor.item/name"
PHONE_MIME = "vnd.android.cursor.item/phone_v2"
_ATTEMPTS = 3


def clear_contacts(device: DeviceClient) -> None:
    """Wipe every contact (``pm clear`` of the provider), as the prior release's ``clear_contacts``."""
    out = device.check(f"pm clear {CONTACTS_PROVIDER_PACKAGE}", timeout_s=45)
    if "Success" not in out:
        raise DeviceError(f"pm clear {CONTACTS_PROVIDER_PACKAGE} said: {out.strip()[:200]}")


def _retrying(device: DeviceClient, cmd: str) -> str:
    last: DeviceError | None = None
    for _ in range(_ATTEMPTS):
        try:
            return device.check(cmd)
        except DeviceError as exc:
            last = exc
    assert last is not None
    raise last


def _new_raw_contact(device: DeviceClient) -> int:
    """Insert a raw contact; its id comes from the insert's output or, when that is empty (API 33),
    from the newest raw contact of the seed account."""
    out = _retrying(device, "content insert --uri content://com.android.contacts/raw_contacts "
                            f"--bind account_name:s:{ACCOUNT_NAME} --bind account_type:s:local")
    hit = re.search(r"/raw_contacts/(\d+)", out)
    if hit:
        return int(hit.group(1))
    out = _retrying(device, "content query --uri content://com.android.contacts/raw_contacts --projection _id "
                            f"--where {shlex.quote(f'account_name={chr(39)}{ACCOUNT_NAME}{chr(39)}')} "
                            "--sort '_id DESC'")
    hit = re.search(r"_id=(\d+)", out)
    if not hit:
        raise DeviceError(f"could not find the raw contact just inserted: {out.strip()[:200]}")
    return int(hit.group(1))


def _insert_data(device: DeviceClient, raw_id: int, mimetype: str, value: str) -> None:
    _retrying(device, "content insert --uri content://com.android.contacts/data "
                      f"--bind raw_contact_id:i:{raw_id} --bind mimetype:s:{mimetype} "
                      f"{content_bind('data1', 's', value)}")


def insert_contact(device: DeviceClient, contact: SmsContact) -> None:
    raw_id = _new_raw_contact(device)
    _insert_data(device, raw_id, NAME_MIME, contact.name)
    for phone in contact.phones:
        _insert_data(device, raw_id, PHONE_MIME, phone)


def listed_phones(device: DeviceClient) -> list[tuple[str, str]]:
    """``(display_name, number)`` of every phone row, as apps see them through the provider."""
    where = shlex.quote(f"mimetype='{PHONE_MIME}'")
    return parse_phones(device.check(f"content query --uri content://com.android.contacts/data --where {where} "
                                     "--projection display_name:data1"))


@parses("content query --uri content://com.android.contacts/data --projection display_name:data1", reads="text")
def parse_phones(out: str) -> list[tuple[str, str]]:
    """``(display_name, number)`` per row (a name keeps its ``", "`` and newlines; NULL is "")."""
    rows = content_query_rows(out, ("display_name", "data1"), "contacts provider phones")
    return [(row["display_name"] or "", row["data1"] or "") for row in rows]


def seed_contacts(device: DeviceClient, contacts: Sequence[SmsContact]) -> None:
    """Replace all contacts with ``contacts`` and check the provider lists each name with its number.
    When the provider already lists exactly those (name, number) pairs, nothing is written (one
    query instead of a ``pm clear`` and two inserts per contact)."""
    wanted = sorted((c.name, phone) for c in contacts for phone in c.phones)
    if all(c.phones for c in contacts) and sorted(listed_phones(device)) == wanted:
        return
    clear_contacts(device)
    if not contacts:
        return
    for contact in contacts:
        insert_contact(device, contact)
    listed = listed_phones(device)
    for contact in contacts:
        for phone in contact.phones:
            if not any(name == contact.name and same_number(number, phone) for name, number in listed):
                raise DeviceError(f"contact {contact.name} ({phone}) is not listed after seeding: {listed}")
