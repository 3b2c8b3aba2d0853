"""The private contact store of Fossify Contacts and Simple Contacts Pro SE: the Room database
``databases/local_contacts.db``, table ``contacts`` (Simple-Commons ``LocalContact``).

On a phone without accounts these apps can save only to their private store ("Phone storage
(not visible by other apps)", ``SMT_PRIVATE``): Fossify ``EditContactActivity.setupNewContact``
falls back to the first saveable source when the last used one is missing. Numbers are a Gson list
of ``PhoneNumber`` objects (``value``, ``type``, ``label``, ``normalizedNumber``, ``isPrimary``);
``starred`` is 0/1.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.base import FirstStartDone, SourceRef, ensure_app_database, own_app_files
from verifiers.contacts.state import Contact, phone_digits

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

DB_NAME = "local_contacts.db"
SEP = "\x1f"
COUNT_MARK = "__CONTACTS__"
NO_DB_MARK = "__NO_LOCAL_CONTACTS_DB__"
READ_SQL = (f"SELECT '{COUNT_MARK}' || count(*) FROM contacts; "
            "SELECT replace(first_name, char(10), ' ') || char(31) || replace(surname, char(10), ' ') || char(31) || "
            "replace(phone_numbers, char(10), ' ') || char(31) || starred FROM contacts ORDER BY id;")
_NUMBER = re.compile(r"(?<![+\d])\+?\d(?:[\d .()-]*\d)?(?!\d)")
#: ``Phone.TYPE_MOBILE``: what a number typed into the form gets by default.
TYPE_MOBILE = 2


#: The end of the app's first start: Room's ``onCreate`` callback bumps both AUTOINCREMENT
#: sequences on a background executor (insert and delete a contact with id 1000000, then a group
#: with id 10000) so private ids never collide with the provider's; the group's row comes last.
#: Seeding before it would give seeded contacts ids 1, 2, … and the bump would still run after.
COMMONS_DB_SOURCES = (
    SourceRef(repo="FossifyOrg/Commons", tag="5aa7427 (search index; nearest to the 6.1.0 the app pins)", files=(
        "commons/src/main/kotlin/org/fossify/commons/databases/ContactsDatabase.kt (increaseAutoIncrementIds)",
        "commons/src/main/kotlin/org/fossify/commons/helpers/Constants.kt (FIRST_CONTACT_ID 1000000, "
        "FIRST_GROUP_ID 10000)")),
    SourceRef(repo="SimpleMobileTools/Simple-Commons", tag="3c9068d (search index)", files=(
        "commons/src/main/kotlin/com/simplemobiletools/commons/databases/ContactsDatabase.kt",)),
)
ROOM_CREATED = FirstStartDone(kind="sql", query="SELECT seq FROM sqlite_sequence WHERE name = 'groups' AND seq >= 10000",
                              sources=COMMONS_DB_SOURCES)


def db_path(package: str) -> str:
    return f"/data/data/{package}/databases/{DB_NAME}"


def read_local(device: DeviceClient, package: str) -> list[str]:
    """Rows of the contacts table (a missing database is an empty store: the app creates it on
    first start; nothing is created by reading)."""
    path = db_path(package)
    script = f"if [ -f {path} ]; then sqlite3 {path} {shlex.quote(READ_SQL)}; else echo {NO_DB_MARK}; fi"
    try:
        out = device.check(script)
    except DeviceError as exc:
        raise VerifierReadError(f"could not read {path}: {exc}") from exc
    return [line for line in out.split("\n") if line]


@parses(f"sqlite3 /data/data/org.fossify.contacts/databases/{DB_NAME} {COUNT_MARK} FROM contacts ORDER BY id")
def parse_local(lines: Sequence[str]) -> list[Contact]:
    """Contacts from :data:`READ_SQL` lines (a newline inside a name or the numbers reads as a space)."""
    if list(lines) == [NO_DB_MARK]:
        return []
    expected: int | None = None
    out: list[Contact] = []
    for line in lines:
        if line.startswith(COUNT_MARK):
            expected = int(line[len(COUNT_MARK):])
            continue
        fields = line.split(SEP)
        if len(fields) != 4:
            raise VerifierReadError(f"{DB_NAME} row not understood: {line[:160]!r}")
        first, last, numbers, starred = fields
        out.append(Contact(first=first, last=last, phones=numbers_of(numbers), starred=starred.strip() == "1"))
    if expected is None or expected != len(out):
        raise VerifierReadError(f"{DB_NAME}: the table counts {expected} rows, {len(out)} parsed")
    return out


def numbers_of(serialized: str) -> list[str]:
    """The ``value`` of each Gson ``PhoneNumber``; any other text: every number-like run in it."""
    try:
        items = json.loads(serialized) if serialized.strip() else []
    except json.JSONDecodeError:
        return _NUMBER.findall(serialized)
    out: list[str] = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get("value"):
            out.append(str(item["value"]))
        elif isinstance(item, str):
            out.append(item)
    return out


def _text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def phone_json(phones: Sequence[str]) -> str:
    """Gson's serialisation of the app's ``PhoneNumber`` list (field order as declared)."""
    return json.dumps([{"value": p, "type": TYPE_MOBILE, "label": "", "normalizedNumber": phone_digits(p),
                        "isPrimary": False} for p in phones], separators=(",", ":"))


def insert_sql(contact: Contact, *, relations: bool = False) -> str:
    """One row as the app's DAO inserts it (``relations`` for Goodwy-Commons' entity)."""
    rel_col, rel_val = (", relations", ", '[]'") if relations else ("", "")
    return ("INSERT INTO contacts (prefix, first_name, middle_name, surname, suffix, nickname, photo, photo_uri, "
            f"phone_numbers, emails, events, starred, addresses, notes, groups, company, job_position, websites{rel_col}, "
            f"ims, ringtone) VALUES ('', {_text(contact.first)}, '', {_text(contact.last)}, '', '', NULL, '', "
            f"{_text(phone_json(contact.phones))}, '[]', '[]', {int(contact.starred)}, '[]', '', '[]', '', '', "
            f"'[]'{rel_val}, '[]', NULL);")


def seed_local(device: DeviceClient, package: str, contacts: Sequence[Contact], *, relations: bool = False) -> None:
    """Replace the table's rows with ``contacts``. The database is the app's (Room creates it with
    its schema on the app's first start), so a missing file is made by starting the app once."""
    path = db_path(package)
    ensure_app_database(device, package, path, done=ROOM_CREATED)
    device.sqlite(path, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM contacts; "
                        + " ".join(insert_sql(c, relations=relations) for c in contacts) + " COMMIT;")
    own_app_files(device, package, "databases")
