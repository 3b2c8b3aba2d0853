"""The SMS state model: the store as a verifier sees it, and the matching rules every criterion uses.

Phone numbers and bodies are compared by the rules below (module docstring of
``verifiers.sms.templates`` gives the reasons). Written independently of the simulator's own
number handling on purpose: a test on either side can catch the other's bug.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from pydantic import BaseModel, Field

from pytest_anyapp.constants import FROZEN_DEVICE_TIME_MS
from pytest_anyapp.templates.base import CategoryState

# -- the store -----------------------------------------------------------------------------------

#: ``sms.type`` values of Android's telephony provider (``Telephony.TextBasedSmsColumns``).
INBOX = 1
SENT = 2
DRAFT = 3
OUTBOX = 4
FAILED = 5
QUEUED = 6

BOX_NAMES: dict[int, str] = {INBOX: "inbox", SENT: "sent", DRAFT: "draft", OUTBOX: "outbox", FAILED: "failed",
                             QUEUED: "queued"}
#: Boxes that count as "the agent sent it" (see the module docstring).
SENT_BOXES: frozenset[int] = frozenset({SENT, OUTBOX, QUEUED})

#: Device time the benchmark freezes the clock at (2023-10-15 15:34:00 UTC), in ms.
DEVICE_EPOCH_MS = FROZEN_DEVICE_TIME_MS


class SmsMessage(BaseModel):
    """One row of the ``sms`` table, reduced to what a criterion may use."""

    box: int = Field(description="sms.type: 1 inbox, 2 sent, 3 draft, 4 outbox, 5 failed, 6 queued.")
    address: str
    body: str
    date_ms: int | None = None
    thread_id: int | None = None
    row_id: int | None = Field(default=None, description="sms._id when read from a device.")

    def describe(self) -> str:
        box = BOX_NAMES.get(self.box, f"type {self.box}")
        direction = "from" if self.box == INBOX else "to"
        return f"{box} {direction} {self.address or '<no address>'}: {self.body!r}"


class SmsContact(BaseModel):
    """A contact the task seeds so the agent can pick a recipient by name."""

    name: str
    phones: list[str] = Field(default_factory=list)


class SmsState(CategoryState):
    """The SMS store as a verifier sees it. Contacts are seeded, never read back (no criterion uses them)."""

    messages: list[SmsMessage] = Field(default_factory=list)
    contacts: list[SmsContact] = Field(default_factory=list)

    def read_back(self) -> list[tuple[int, str, str]]:
        """Messages as (box, number, body), sorted. Not compared: row ids, dates, contacts (seeded,
        not read), how a number is formatted (a screen shows ``(202) 555-0101``) and whitespace runs
        in bodies (what a keyboard can type)."""
        return sorted((m.box, _national(m.address), _WS.sub(" ", m.body).strip()) for m in self.messages)

    def rows(self, *, boxes: Iterable[int] | None = None, number: str | None = None,
             body: str | None = None) -> list[SmsMessage]:
        """Rows in ``boxes`` (all when None) whose address is ``number`` and body is ``body``."""
        wanted = None if boxes is None else frozenset(boxes)
        return [
            m for m in self.messages
            if (wanted is None or m.box in wanted)
            and (number is None or same_number(m.address, number))
            and (body is None or same_body(m.body, body))
        ]


# -- matching rules --------------------------------------------------------------------------------

def phone_digits(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())


def _national(number: str) -> str:
    """Digits without a US ``1`` in front of 10 digits (how :func:`same_number` sees a number)."""
    d = phone_digits(number)
    return d[1:] if len(d) == 11 and d.startswith("1") else d


def same_number(a: str, b: str) -> bool:
    """The notes' phone-number equivalence (§0.4), the one rule every SMS check uses.

    Only digits count; equal digit strings match, and so do a 10-digit number and ``1`` followed by
    the same 10 digits (a US country code). Anything else, including a shared suffix, does not.
    """
    da, db = phone_digits(a), phone_digits(b)
    if not da or not db:
        return False
    if da == db:
        return True
    short, long_ = sorted((da, db), key=len)
    return len(short) == 10 and long_ == "1" + short


_WS = re.compile(r"\s+")


def normalize_body(body: str) -> str:
    """NFKC, whitespace runs to one space, trimmed, case-folded (see the module docstring)."""
    return _WS.sub(" ", unicodedata.normalize("NFKC", body)).strip().casefold()


def same_body(actual: str, expected: str) -> bool:
    return normalize_body(actual) == normalize_body(expected)


_FWD_PREFIX = re.compile(r"^fwd?\s*:\s*", re.IGNORECASE)
_FWD_HEADER = re.compile(r"^\s*-*\s*forwarded message\b[^\n]*$", re.IGNORECASE)


def is_forward_of(actual: str, original: str) -> bool:
    """``actual`` is ``original`` as a whole, optionally behind a "Fwd:"/"Fw:" prefix or a first line
    "---- Forwarded message … ----" (what some apps add). Any other change of the words fails."""
    want = normalize_body(original)
    if not want:
        return False
    if normalize_body(actual) == want:
        return True
    stripped = _FWD_PREFIX.sub("", actual.lstrip(), count=1)
    if stripped != actual.lstrip() and normalize_body(stripped) == want:
        return True
    head, _, rest = actual.lstrip().partition("\n")
    return bool(_FWD_HEADER.match(head)) and normalize_body(rest) == want
