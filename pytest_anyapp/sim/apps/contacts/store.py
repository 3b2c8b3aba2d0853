"""What the Contacts app doubles read and write, one class per storage profile (docs/contacts.md):

* :class:`ProviderContacts` — Google Contacts, Right Contact: a raw contact without an account,
  one structured-name row (display name, given, family) and a ``phone_v2`` row per number; the
  star is ``contacts.starred``; delete removes the contact.
* :class:`ProviderContacts` with ``split_names`` — Connect You 11.3: its ``createContact`` inserts
  three name rows (display name, given name, family name), each with one column set.
* :class:`LocalContacts` — Fossify Contacts, Simple Contacts Pro SE, Right Contact: the app's Room
  database ``local_contacts.db``, table ``contacts`` (Simple-Commons ``LocalContact``; Right
  Contact's Goodwy-Commons entity adds ``relations``), numbers as a Gson list of ``PhoneNumber``.

Screens rebuild from here on every frame, so rows written behind an app's back show at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp

NAME = "vnd.android.cursor.item/name"
PHONE = "vnd.android.cursor.item/phone_v2"
#: ContactsContract.CommonDataKinds.Phone types (TYPE_HOME 1, TYPE_MOBILE 2, TYPE_WORK 3, TYPE_OTHER 7).
PHONE_TYPES: dict[str, int] = {"Home": 1, "Mobile": 2, "Work": 3, "Other": 7}
TYPE_NAMES: dict[int, str] = {v: k for k, v in PHONE_TYPES.items()}


def digits(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


@dataclass(frozen=True)
class Person:
    """One contact as the app lists it."""

    id: int
    first: str
    last: str
    phones: tuple[tuple[str, str], ...]  # (number, label)
    starred: bool

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first, self.last) if p) or (self.phones[0][0] if self.phones else "")


class ContactStore(Protocol):
    def people(self) -> list[Person]: ...
    def add(self, first: str, last: str, phone: str, label: str) -> int: ...
    def update(self, id: int, first: str, last: str, phone: str, label: str) -> None: ...
    def set_starred(self, id: int, starred: bool) -> None: ...
    def delete(self, id: int) -> None: ...


class ProviderContacts:
    """Contacts in Android's ContactsProvider, written through it (it aggregates and names them)."""

    def __init__(self, app: SimApp, *, split_names: bool = False) -> None:
        self.providers = app.device.providers
        self.split_names = split_names

    def people(self) -> list[Person]:
        res = self.providers.query("content://com.android.contacts/data",
                                   ["contact_id", "mimetype", "data1", "data2", "data3", "starred"], None, "_id")
        found: dict[int, dict[str, object]] = {}
        for cid, mime, d1, d2, d3, starred in res.rows:
            if cid is None:
                continue
            entry = found.setdefault(int(cid), {"first": "", "last": "", "display": "", "phones": [], "starred": False})
            entry["starred"] = bool(entry["starred"]) or starred == 1
            if mime == NAME:
                entry["first"] = entry["first"] or d2 or ""
                entry["last"] = entry["last"] or d3 or ""
                entry["display"] = entry["display"] or d1 or ""
            elif mime == PHONE and d1:
                phones = entry["phones"]
                assert isinstance(phones, list)
                phones.append((str(d1), TYPE_NAMES.get(int(d2 or 2), "Mobile")))
        out: list[Person] = []
        for cid, e in found.items():
            first, last = str(e["first"]), str(e["last"])
            if not first and not last:
                first, _, last = str(e["display"]).partition(" ")
            phones = e["phones"]
            assert isinstance(phones, list)
            out.append(Person(cid, first, last, tuple(phones), bool(e["starred"])))
        return out

    def _raw_ids(self, contact_id: int) -> list[int]:
        res = self.providers.query("content://com.android.contacts/raw_contacts", ["_id"],
                                   f"contact_id = {int(contact_id)}", None)
        return [int(r[0]) for r in res.rows]

    def _name_rows(self, raw: int, first: str, last: str) -> None:
        display = " ".join(p for p in (first, last) if p)
        uri = "content://com.android.contacts/data"
        if self.split_names:  # Connect You: one insert per column
            for column, value in (("data1", display), ("data2", first), ("data3", last)):
                self.providers.insert(uri, {"raw_contact_id": raw, "mimetype": NAME, column: value})
        else:
            self.providers.insert(uri, {"raw_contact_id": raw, "mimetype": NAME, "data1": display,
                                        "data2": first or None, "data3": last or None})

    def add(self, first: str, last: str, phone: str, label: str) -> int:
        uri = self.providers.insert("content://com.android.contacts/raw_contacts", {"starred": 0})
        raw = int(uri.rsplit("/", 1)[1])
        self._name_rows(raw, first, last)
        if phone.strip():
            self.providers.insert("content://com.android.contacts/data", {
                "raw_contact_id": raw, "mimetype": PHONE, "data1": phone.strip(),
                "data2": PHONE_TYPES.get(label, 2)})
        return raw

    def update(self, id: int, first: str, last: str, phone: str, label: str) -> None:
        for raw in self._raw_ids(id):
            self.providers.delete("content://com.android.contacts/data",
                                  f"raw_contact_id = {raw} AND mimetype IN ('{NAME}', '{PHONE}')")
            self._name_rows(raw, first, last)
            if phone.strip():
                self.providers.insert("content://com.android.contacts/data", {
                    "raw_contact_id": raw, "mimetype": PHONE, "data1": phone.strip(),
                    "data2": PHONE_TYPES.get(label, 2)})

    def set_starred(self, id: int, starred: bool) -> None:
        self.providers.update(f"content://com.android.contacts/contacts/{int(id)}", {"starred": int(starred)})

    def delete(self, id: int) -> None:
        self.providers.delete(f"content://com.android.contacts/contacts/{int(id)}")


class LocalContacts:
    """The Room database ``local_contacts.db`` of Fossify Contacts / Simple Contacts Pro SE."""

    #: Room's schema of the ``contacts`` table (Simple-Commons ``LocalContact``; groups not modelled).
    SCHEMA = ("CREATE TABLE IF NOT EXISTS `contacts` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `prefix` TEXT NOT NULL, "
              "`first_name` TEXT NOT NULL, `middle_name` TEXT NOT NULL, `surname` TEXT NOT NULL, `suffix` TEXT NOT "
              "NULL, `nickname` TEXT NOT NULL, `photo` BLOB, `photo_uri` TEXT NOT NULL, `phone_numbers` TEXT NOT NULL, "
              "`emails` TEXT NOT NULL, `events` TEXT NOT NULL, `starred` INTEGER NOT NULL, `addresses` TEXT NOT NULL, "
              "`notes` TEXT NOT NULL, `groups` TEXT NOT NULL, `company` TEXT NOT NULL, `job_position` TEXT NOT NULL, "
              "`websites` TEXT NOT NULL, `ims` TEXT NOT NULL, `ringtone` TEXT); "
              "CREATE UNIQUE INDEX IF NOT EXISTS `index_contacts_id` ON `contacts` (`id`); "
              "CREATE TABLE IF NOT EXISTS `groups` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `title` TEXT NOT NULL); "
              "CREATE UNIQUE INDEX IF NOT EXISTS `index_groups_id` ON `groups` (`id`); "
              "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT); "
              "INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, 'anyapp-sim');")
    DB = "local_contacts.db"
    #: ``increaseAutoIncrementIds``: local ids start above the provider's (Commons Constants.kt).
    FIRST_CONTACT_ID = 1000000
    FIRST_GROUP_ID = 10000
    #: When the Room callback's executor gets to run after the database was created.
    EXECUTOR_DELAY_S = 0.5

    def __init__(self, app: SimApp, *, relations: bool = False) -> None:
        self.app = app
        self.relations = relations

    def first_open(self) -> None:
        """What the app's first query does: Room creates the database (``onCreate``), and its callback
        then bumps both AUTOINCREMENT sequences on a background executor (Commons
        ``ContactsDatabase.increaseAutoIncrementIds``: insert and delete a contact with id 1000000 and
        a group with id 10000), so local ids never collide with the provider's."""
        if self.app.host_path(f"databases/{self.DB}").exists():
            return
        self.create()

        def bump() -> None:
            self.app.executescript(self.DB, (
                f"INSERT OR REPLACE INTO contacts (id, prefix, first_name, middle_name, surname, suffix, nickname, "
                f"photo_uri, phone_numbers, emails, events, starred, addresses, notes, groups, company, job_position, "
                f"websites, ims{', relations' if self.relations else ''}) VALUES ({self.FIRST_CONTACT_ID}, '', '', "
                f"'', '', '', '', '', '[]', '[]', '[]', 0, '[]', '', '[]', '', '', '[]', '[]'"
                f"{', ' + repr('[]') if self.relations else ''}); DELETE FROM contacts WHERE id = {self.FIRST_CONTACT_ID}; "
                f"INSERT OR REPLACE INTO groups (id, title) VALUES ({self.FIRST_GROUP_ID}, ''); "
                f"DELETE FROM groups WHERE id = {self.FIRST_GROUP_ID};"))

        self.app.in_background(self.EXECUTOR_DELAY_S, bump)

    def create(self) -> None:
        self.app.executescript(self.DB, self.SCHEMA.replace("`websites` TEXT NOT NULL, ", "`websites` TEXT NOT NULL, "
                                                            "`relations` TEXT NOT NULL, ") if self.relations
                               else self.SCHEMA)

    @staticmethod
    def _numbers(phone: str, label: str) -> str:
        if not phone.strip():
            return "[]"
        item = {"value": phone.strip(), "type": PHONE_TYPES.get(label, 2), "label": "",
                "normalizedNumber": digits(phone), "isPrimary": False}
        return json.dumps([item], separators=(",", ":"))

    def people(self) -> list[Person]:
        self.create()
        out: list[Person] = []
        for row in self.app.query(self.DB, "SELECT id, first_name, surname, phone_numbers, starred FROM contacts"):
            try:
                items = json.loads(row["phone_numbers"] or "[]")
            except json.JSONDecodeError:
                items = []
            phones = tuple((str(i.get("value", "")), TYPE_NAMES.get(int(i.get("type", 2)), "Mobile"))
                           for i in items if isinstance(i, dict))
            out.append(Person(int(row["id"]), row["first_name"], row["surname"], phones, bool(row["starred"])))
        return out

    def add(self, first: str, last: str, phone: str, label: str) -> int:
        self.create()
        rel_col, rel_val = (", relations", ", '[]'") if self.relations else ("", "")
        return self.app.execute(
            self.DB, "INSERT INTO contacts (prefix, first_name, middle_name, surname, suffix, nickname, photo, "
                     f"photo_uri, phone_numbers, emails, events, starred, addresses, notes, groups, company, "
                     f"job_position, websites{rel_col}, ims, ringtone) VALUES ('', ?, '', ?, '', '', NULL, '', ?, "
                     f"'[]', '[]', 0, '[]', '', '[]', '', '', '[]'{rel_val}, '[]', NULL)",
            (first, last, self._numbers(phone, label)))

    def update(self, id: int, first: str, last: str, phone: str, label: str) -> None:
        self.app.execute(self.DB, "UPDATE contacts SET first_name = ?, surname = ?, phone_numbers = ? WHERE id = ?",
                         (first, last, self._numbers(phone, label), id))

    def set_starred(self, id: int, starred: bool) -> None:
        self.app.execute(self.DB, "UPDATE contacts SET starred = ? WHERE id = ?", (int(starred), id))

    def delete(self, id: int) -> None:
        self.app.execute(self.DB, "DELETE FROM contacts WHERE id = ?", (id,))
