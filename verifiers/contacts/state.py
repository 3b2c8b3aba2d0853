"""The Contacts state model: the contact store as a verifier sees it, plus the few Android records
and screen facts some criteria need, and the matching rules every criterion uses.

Written for the harness only (the simulator keeps its own number and name handling), so a test on
either side can catch a bug on the other.
"""

from __future__ import annotations

import re
import unicodedata

from pydantic import BaseModel, Field

from pytest_anyapp.templates.base import CategoryState

#: ``CallLog.Calls.TYPE`` values (android.provider.CallLog.Calls: INCOMING 1, OUTGOING 2, MISSED 3).
INCOMING, OUTGOING, MISSED = 1, 2, 3


class Contact(BaseModel):
    """One contact: given and family name, its phone numbers, whether it is a favourite."""

    first: str
    last: str = ""
    phones: list[str] = Field(default_factory=list)
    starred: bool = False

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first.strip(), self.last.strip()) if p)

    def describe(self) -> str:
        star = " (favourite)" if self.starred else ""
        return f"{self.name or '<no name>'}: {', '.join(self.phones) or '<no number>'}{star}"


class CallRecord(BaseModel):
    """One call-log row (``content://call_log/calls``), reduced to what a criterion may use."""

    number: str
    kind: int = Field(description="CallLog.Calls.TYPE: 1 incoming, 2 outgoing, 3 missed.")


class FrontIntent(BaseModel):
    """The resumed activity and the intent that started it (``dumpsys activity activities``)."""

    package: str
    activity: str = ""
    action: str = ""
    data: str = ""


class ShownContact(BaseModel):
    """A contact's detail page as the app shows it (name, number)."""

    name: str
    phone: str


class ContactForm(BaseModel):
    """The new-contact form on screen, not saved: its fields as typed."""

    first: str = ""
    last: str = ""
    phone: str = ""
    label: str = ""


class ContactsState(CategoryState):
    """The contact store, and what a template reads besides it (None = not read by this pair)."""

    contacts: list[Contact] = Field(default_factory=list)
    calls: list[CallRecord] | None = None
    front: FrontIntent | None = None
    detail: ShownContact | None = None
    form: ContactForm | None = None

    def read_back(self) -> dict[str, object]:
        """Contacts as sorted (name, national numbers, starred); calls as (number, type); the other
        parts as normalised tuples. Not compared: formatting of numbers, case and spacing of names."""
        return {
            "contacts": sorted((normalize_name(c.name), tuple(sorted(national(p) for p in c.phones)), c.starred)
                               for c in self.contacts),
            "calls": None if self.calls is None else sorted((national(c.number), c.kind) for c in self.calls),
            "front": self._front_message(),
            "detail": None if self.detail is None else (normalize_name(self.detail.name), national(self.detail.phone)),
            "form": None if self.form is None else (normalize_name(self.form.first), normalize_name(self.form.last),
                                                    national(self.form.phone), normalize_name(self.form.label)),
        }

    def _front_message(self) -> tuple[str, str] | None:
        """The front activity as a message intent (action, number), or None when it is none."""
        target = message_target(self.front.data) if self.front is not None else None
        return None if self.front is None or target is None else (self.front.action, national(target))

    def named(self, name: str) -> list[Contact]:
        return [c for c in self.contacts if same_name(c.name, name)]

    def with_number(self, number: str) -> list[Contact]:
        return [c for c in self.contacts if any(same_number(p, number) for p in c.phones)]

    def exact(self, name: str, number: str) -> list[Contact]:
        """Contacts with this name (case and spacing aside) holding an equivalent number."""
        return [c for c in self.named(name) if any(same_number(p, number) for p in c.phones)]


# -- matching rules --------------------------------------------------------------------------------

_WS = re.compile(r"\s+")


def normalize_name(name: str) -> str:
    """NFKC, whitespace runs to one space, trimmed, case-folded."""
    return _WS.sub(" ", unicodedata.normalize("NFKC", name)).strip().casefold()


def same_name(a: str, b: str) -> bool:
    return bool(normalize_name(a)) and normalize_name(a) == normalize_name(b)


def phone_digits(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


def national(number: str) -> str:
    """Digits without a US ``1`` in front of 10 digits (how :func:`same_number` sees a number)."""
    d = phone_digits(number)
    return d[1:] if len(d) == 11 and d.startswith("1") else d


def same_number(a: str, b: str) -> bool:
    """The notes' phone-number equivalence (§0.4): digits only; equal, or 10 digits vs ``1`` + the
    same 10 digits. A shared suffix is not enough (``991-202-555-0101`` is not ``202-555-0101``)."""
    da, db = phone_digits(a), phone_digits(b)
    if not da or not db:
        return False
    if da == db:
        return True
    short, long_ = sorted((da, db), key=len)
    return len(short) == 10 and long_ == "1" + short


#: Schemes of an intent that opens a message to a number (android.provider.Telephony / RFC 5724).
MESSAGE_SCHEMES = ("sms", "smsto", "mms", "mmsto")


def message_target(data: str) -> str | None:
    """The number an ``sms:``/``smsto:``/``mms:``/``mmsto:`` URI addresses (percent-escapes
    decoded, query dropped); None for any other URI."""
    scheme, sep, rest = data.partition(":")
    if not sep or scheme.lower() not in MESSAGE_SCHEMES:
        return None
    from urllib.parse import unquote

    return unquote(rest.split("?", 1)[0]).lstrip("/")
