"""Android's own records the Contacts criteria read, through the shell tools a real device has.

* **ContactsProvider** (``content query/insert`` on ``content://com.android.contacts``): the store of
  Google Contacts and Connect You, and listed beside the private store by the Simple Contacts
  lineage. AOSP android-13
  ``packages/providers/ContactsProvider`` ``ContactsProvider2.java`` (data view joins the
  aggregate's ``starred``; raw contacts without an account are deleted outright).
* **Call log** (``content://call_log/calls``): Telecom writes one row per call when it ends
  (``packages/services/Telecomm`` ``CallLogManager.logCall``; ``CallLog.Calls.TYPE`` 2 = outgoing).
* **Front activity and its intent** (``dumpsys activity activities``): frameworks/base
  ``ActivityRecord.dump`` prints each record's intent with ``Intent.toInsecureString()``, i.e.
  ``Intent { act=… dat=<full uri> … cmp=… }`` with the data URI unmasked, under the record's
  ``* Hist`` line. The resumed record is named by ``ResumedActivity:`` (``ActivityTaskManagerService
  .dumpActivitiesLocked``), ``Resumed:`` (``RootWindowContainer.dumpActivities``, per task display
  area) and ``topResumedActivity=`` (``Task.dumpInner``, per task); Android 13 prints no
  ``mResumedActivity:`` line (an older release's task dump).

Every reader returns plain strings (the snapshot saved in the episode record) and every parser is
pure, so an episode can be re-scored from its record.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pytest_anyapp.constants import FROZEN_DEVICE_TIME_MS
from pytest_anyapp.device.content import content_query_rows, query_lines
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.device.shell_args import content_bind
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.contacts.state import CallRecord, Contact, FrontIntent

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

CONTACTS_PROVIDER_PACKAGE = "com.android.providers.contacts"
NAME_MIME = "vnd.android.cursor.item/name"
PHONE_MIME = "vnd.android.cursor.item/phone_v2"
#: ``Phone.TYPE_MOBILE`` (ContactsContract.CommonDataKinds.Phone).
TYPE_MOBILE = 2
DATA_KEYS = ("contact_id", "raw_contact_id", "mimetype", "data1", "data2", "data3", "starred")
CALL_KEYS = ("number", "type")


def _content_lines(out: str | Sequence[str], what: str, projection: Sequence[str]) -> list[str]:
    """The physical lines of a ``content query``, checked to be rows of ``projection`` (a value may
    span lines: Content.java prints it as is); anything else but blanks / ``No result found.`` is an
    unreadable answer (never an empty store)."""
    lines = query_lines(out) if isinstance(out, str) else list(out)
    content_query_rows(lines, projection, what)
    return lines


# -- ContactsProvider ---------------------------------------------------------------------------

def read_provider(device: DeviceClient) -> list[str]:
    """Every name and phone data row with its aggregate's ``starred``."""
    cmd = ("content query --uri content://com.android.contacts/data --projection "
           + ":".join(DATA_KEYS))
    try:
        return _content_lines(device.check(cmd), "contacts provider read", DATA_KEYS)
    except DeviceError as exc:
        raise VerifierReadError(f"could not read the contacts provider: {exc}") from exc


@parses("content query --uri content://com.android.contacts/data --projection " + ":".join(DATA_KEYS))
def parse_provider(lines: Sequence[str]) -> list[Contact]:
    """Contacts (one per aggregate) from :func:`read_provider` rows. The name is the first name row
    with given/family parts (``data2``/``data3``), else the first name row's ``data1`` split at its
    first space (the provider's own splitter does the same for two-word names)."""
    by_contact: dict[str, dict[str, list[tuple[str, str, str]] | bool]] = {}
    order: list[str] = []
    for row in content_query_rows(lines, DATA_KEYS, "contacts provider read"):
        contact_id, _raw, mimetype, data1, data2, data3, starred = (row[k] or "" for k in DATA_KEYS)
        if contact_id not in by_contact:
            by_contact[contact_id] = {"names": [], "phones": [], "starred": False}
            order.append(contact_id)
        entry = by_contact[contact_id]
        entry["starred"] = bool(entry["starred"]) or starred == "1"
        if mimetype == NAME_MIME:
            names = entry["names"]
            assert isinstance(names, list)
            names.append((data1, data2, data3))
        elif mimetype == PHONE_MIME and data1:
            phones = entry["phones"]
            assert isinstance(phones, list)
            phones.append((data1, "", ""))
    out: list[Contact] = []
    for cid in order:
        entry = by_contact[cid]
        names, phones = entry["names"], entry["phones"]
        assert isinstance(names, list) and isinstance(phones, list)
        first, last = _name_of(names)
        if not first and not last and not phones:
            continue
        out.append(Contact(first=first, last=last, phones=[p[0] for p in phones], starred=bool(entry["starred"])))
    return out


def _name_of(rows: list[tuple[str, str, str]]) -> tuple[str, str]:
    given = next((r[1] for r in rows if r[1]), "")
    family = next((r[2] for r in rows if r[2]), "")
    if given or family:
        return given, family
    display = next((r[0] for r in rows if r[0]), "")
    first, _, last = display.strip().partition(" ")
    return first, last.strip()


def seed_provider(device: DeviceClient, contacts: Sequence[Contact]) -> None:
    """Replace every contact: ``pm clear`` of the provider (as the prior release's provider apps
    did), then per contact a raw contact without an account (a device contact, as an app saves it
    on a phone without accounts), a name row with given/family name and one mobile phone row per
    number. Checked by reading back."""
    out = device.check(f"pm clear {CONTACTS_PROVIDER_PACKAGE}", timeout_s=45)
    if "Success" not in out:
        raise DeviceError(f"pm clear {CONTACTS_PROVIDER_PACKAGE} said: {out.strip()[:200]}")
    for contact in contacts:
        listed = device.check(
            "content insert --uri content://com.android.contacts/raw_contacts "
            f"--bind starred:i:{int(contact.starred)} && content query --uri "
            "content://com.android.contacts/raw_contacts --projection _id --sort '_id DESC'")
        hit = re.search(r"_id=(\d+)", listed)
        if hit is None:
            raise DeviceError(f"no raw contact after inserting one: {listed.strip()[:200]}")
        raw = hit.group(1)
        inserts = [
            f"content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:{raw} "
            f"--bind mimetype:s:{NAME_MIME} "
            + " ".join(content_bind(f"data{i}", "s", v) for i, v in ((2, contact.first), (3, contact.last))
                       if v)]
        inserts += [f"content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:{raw} "
                    f"--bind mimetype:s:{PHONE_MIME} {content_bind('data1', 's', phone)} "
                    f"--bind data2:i:{TYPE_MOBILE}" for phone in contact.phones]
        device.check(" && ".join(inserts))
    got = parse_provider(read_provider(device))
    if len(got) != len(contacts):
        raise DeviceError(f"seeded {len(contacts)} contacts, the provider lists {len(got)}")


# -- call log -----------------------------------------------------------------------------------

def read_calls(device: DeviceClient) -> list[str]:
    try:
        out = device.check("content query --uri content://call_log/calls --projection number:type")
    except DeviceError as exc:
        raise VerifierReadError(f"could not read the call log: {exc}") from exc
    return _content_lines(out, "call log read", CALL_KEYS)


@parses("content query --uri content://call_log/calls --projection number:type")
def parse_calls(lines: Sequence[str]) -> list[CallRecord]:
    out: list[CallRecord] = []
    for row in content_query_rows(lines, CALL_KEYS, "call log read"):
        kind = row["type"] or ""
        if not kind.isdigit():
            raise VerifierReadError(f"call log row with type {kind!r}")
        out.append(CallRecord(number=row["number"] or "", kind=int(kind)))
    return out


def seed_calls(device: DeviceClient, calls: Sequence[CallRecord]) -> None:
    """Empty the call log, then write ``calls`` as Telecom would (number, type, date, duration)."""
    cmds = ["content delete --uri content://call_log/calls"]
    cmds += [f"content insert --uri content://call_log/calls {content_bind('number', 's', c.number)} "
             f"--bind type:i:{c.kind} --bind date:l:{FROZEN_DEVICE_TIME_MS - 60_000} --bind duration:i:0"
             for c in calls]
    device.check(" && ".join(cmds))


# -- the front activity and its intent ----------------------------------------------------------

_RECORD = r"ActivityRecord\{\S+ u\d+ (\S+) t(\d+)\}"
#: The device's top resumed record first (ATMS), then the per-area and per-task lines.
_RESUMED = (re.compile(rf"^\s*ResumedActivity: {_RECORD}"), re.compile(rf"^\s*Resumed: {_RECORD}"),
            re.compile(rf"^\s*topResumedActivity={_RECORD}"))
_HIST = re.compile(r"\* Hist\s+#\d+: ActivityRecord\{\S+ u\d+ (\S+) t(\d+)\}")
_INTENT = re.compile(r"^\s*(?:Intent \{ (.*) \}|intent=\{(.*)\})\s*$")


def read_front(device: DeviceClient) -> list[str]:
    try:
        out = device.check("dumpsys activity activities")
    except DeviceError as exc:
        raise VerifierReadError(f"could not read the activity stack: {exc}") from exc
    return out.splitlines()


@parses("dumpsys activity activities")
def parse_front(lines: Sequence[str]) -> FrontIntent | None:
    """The resumed activity and the intent of its record, or None when nothing is resumed."""
    resumed = next((m for pattern in _RESUMED for m in map(pattern.match, lines) if m), None)
    if resumed is None:
        return None
    component, task = resumed.group(1), resumed.group(2)
    package, _, activity = component.partition("/")
    action = data = ""
    inside = False
    for line in lines:
        hist = _HIST.search(line)
        if hist is not None:
            inside = (hist.group(1), hist.group(2)) == (component, task)
            continue
        intent = _INTENT.match(line) if inside else None
        if intent is not None:
            body = intent.group(1) or intent.group(2) or ""
            act = re.search(r"(?:^| )act=(\S+)", body)
            dat = re.search(r"(?:^| )dat=(\S+)", body)
            action, data = (act.group(1) if act else ""), (dat.group(1) if dat else "")
            break
    return FrontIntent(package=package, activity=activity, action=action, data=data)


def seed_front(device: DeviceClient, front: FrontIntent | None) -> None:
    """Put a screen opened by ``front``'s intent in front (``am start -a ACT -d DATA``: the
    resolver picks the handler), or go HOME when ``front`` is None."""
    if front is None:
        device.check("input keyevent 3")
        return
    device.check(f"am start -W -a {shlex.quote(front.action)} -d {shlex.quote(front.data)}")  # refusal: DeviceError
