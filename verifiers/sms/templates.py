"""SMS category: the app-neutral SMS state and the 10 templates of the notes (tasks_part1 §1).

Every SMS app on Android keeps its messages in the telephony provider (``mmssms.db``), so the
state model is that store as a verifier sees it: message rows (box, address, body, date, thread)
plus the contacts that were seeded. The criteria below never look at an app's own UI or cache.

Decisions that differ from the prior release (each template's docstring repeats its own):

* **Phone numbers** match by :func:`same_number` (digits only; equal, or 10 digits vs ``1`` + the
  same 10 digits). Suffix matching stays rejected: ``991-202-555-0101`` is not ``202-555-0101``.
* **Bodies** match by :func:`same_body`: Unicode NFKC, every whitespace run (incl. CR/LF) becomes
  one space, ends are trimmed, and case is folded. The prior release compared case- and
  whitespace-sensitively, so an IME's auto-capitalisation or a trailing space after an
  auto-completed word failed a correct send. Words, digits and punctuation must still match
  exactly ("On my way" is not "On my way.").
* **Sent** means a row the app handed to the radio: box SENT (2), OUTBOX (4) or QUEUED (6). A
  message still in the outbox at the read was sent by the agent; the device finishing the
  delivery is not the agent's job. FAILED (5) and DRAFT (3) are not sent.
* **Seed rows** that must survive are looked up in their original box (a received message that
  vanished from the inbox was deleted or mangled), not "in any box".
* **Forwards** compare the whole body: the original, optionally behind a "Fwd:"/"Fw:" prefix or a
  "Forwarded message" header line, and nothing else ("Not on my way." is no forward of "On my way.").
* **Drafts** are read where each app keeps them (docs/sms.md, storage profiles); the criterion
  sees them as ``DRAFT`` rows whatever the store.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.sms.state import (
    BOX_NAMES,
    DEVICE_EPOCH_MS,
    DRAFT,
    INBOX,
    OUTBOX,
    SENT,
    SENT_BOXES,
    SmsContact,
    SmsMessage,
    SmsState,
    is_forward_of,
    normalize_body,
    phone_digits,
    same_body,
    same_number,
)

# -- parameter domains (notes §1B) -----------------------------------------------------------------

MESSAGES: tuple[str, ...] = (
    "On my way.",
    "Running 5 minutes late.",
    "Lunch at 12?",
    "Meeting moved to 3pm.",
    "Call me when you get this.",
    "Happy birthday!",
)
ADDRESSES: tuple[str, ...] = (
    "123 Main St Girdwood, AK, 99587",
    "6 Elm St, Birmingham, AL, 35217",
    "789 E Oak St, Phoenix AZ 85006",
    "1011 S Maple St, Little Rock, AR, 72204",
    "1415 W Cedar Ave Denver, CO, 80223",
    "968 Spruce St, Hartford, CT, 06103",
    "1819 Birch Ct, Dover, DE, 19901",
    "2021 Poplar St, Atlanta, GA, 30340",
)
CONTACT_NAMES: tuple[str, ...] = (
    "Alex Morgan", "Blair Chen", "Casey Rivera", "Devon Patel", "Elliot Smith", "Finley Brown",
)
CONTACT_FIRST_NAMES: tuple[str, ...] = ("Alex", "Sam", "Jordan", "Taylor", "Casey")
CONTACT_LAST_NAMES: tuple[str, ...] = ("Parker", "Lee", "Morgan", "Kim", "Singh")

REPLY_SEED_BODY = "Older message you must reply to"
REPLY_DECOY_BODY = "Decoy newest thread"
MOST_RECENT_SEED_BODY = "CATBench most recent message"
DELETE_SEED_BODIES: tuple[str, ...] = ("hello", "are you there?", "please respond")
DELETE_DECOY_BODY = "CATBench decoy conversation"


def random_number(rng: random.Random) -> str:
    """``NNN-NNN-NNNN``: area 200-999, exchange 100-999, line 1000-9999 (notes §1B)."""
    return f"{rng.randint(200, 999)}-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"


def distinct_numbers(rng: random.Random, count: int) -> list[str]:
    """``count`` numbers no two of which are equivalent (redrawn from ``rng`` on a clash)."""
    out: list[str] = []
    while len(out) < count:
        candidate = random_number(rng)
        if not any(same_number(candidate, n) for n in out):
            out.append(candidate)
    return out


def paired_source_number(number: str) -> str:
    """The sender in SmsSendReceivedAddress: ``number`` with its last digit d replaced by (d+1) mod 10."""
    last = number[-1]
    return number[:-1] + str((int(last) + 1) % 10)


def _at(minutes_before: float) -> int:
    """A seed timestamp ``minutes_before`` the frozen device time, so seeds sort before new rows."""
    return DEVICE_EPOCH_MS - int(minutes_before * 60_000)


# -- verdicts -------------------------------------------------------------------------------------

def verdict(clauses: Sequence[Clause], state: SmsState, **evidence: Any) -> Verdict:
    """The generic verdict plus the store's rows as evidence."""
    return combine(clauses, messages=[m.describe() for m in state.messages], **evidence)


def _sent(state: SmsState, number: str | None = None, body: str | None = None) -> list[SmsMessage]:
    return state.rows(boxes=SENT_BOXES, number=number, body=body)


def _has_sent(state: SmsState, number: str, body: str) -> Clause:
    return Clause("sent", f"a sent message to {number} reads {body!r}", bool(_sent(state, number, body)))


def _kept(state: SmsState, key: str, box: int, number: str, body: str) -> Clause:
    found = bool(state.rows(boxes=[box], number=number, body=body))
    return Clause(key, f"the seeded {BOX_NAMES[box]} message {body!r} ({number}) is still there", found)


def _nothing_sent_to(state: SmsState, key: str, number: str, why: str) -> Clause:
    rows = _sent(state, number)
    return Clause(key, f"nothing was sent to {number} ({why})", not rows)


def _nothing_sent_elsewhere(state: SmsState, number: str) -> Clause:
    others = [m for m in _sent(state) if not same_number(m.address, number)]
    listed = ", ".join(sorted({m.address for m in others}))
    text = f"nothing was sent to anyone but {number}" + (f" (also sent to: {listed})" if others else "")
    return Clause("nothing_sent_elsewhere", text, not others)


def _nothing_sent(state: SmsState) -> Clause:
    sent = _sent(state)
    return Clause("nothing_sent", "nothing was sent" + (f" ({len(sent)} sent)" if sent else ""), not sent)


def _inbox(address: str, body: str, minutes_before: float) -> SmsMessage:
    return SmsMessage(box=INBOX, address=address, body=body, date_ms=_at(minutes_before))


# -- templates ------------------------------------------------------------------------------------

class SmsTemplate(TaskTemplate[SmsState]):
    """Shared class variables of the SMS templates."""

    category: ClassVar[Category] = Category.SMS
    state_type: ClassVar[type[CategoryState]] = SmsState


class SmsSend(SmsTemplate):
    """Send a given text to a given number (AndroidWorld ``SimpleSmsSend``).

    Success: a sent row (sent, outbox or queued) to an equivalent number whose body matches the
    message. Drafts and failed sends do not count, nor does a match on the last digits only.
    Improvement: a message still in the outbox counts (the prior release read type 2 only).
    """

    semantic_id = "SmsSend"
    instruction = 'Send a text message to {number} that says "{message}" using the {app} app.'
    complexity = 2.0
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"number": random_number(rng), "message": rng.choice(MESSAGES)}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState()

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        return verdict([_has_sent(state, params["number"], params["message"])], state)


class SmsReply(SmsTemplate):
    """Reply inside the older of two threads (AndroidWorld ``SimpleSmsReply``).

    The thread to answer is not the newest: the newest is a decoy. Success: a sent row to
    ``number`` with the message, both seeded inbox rows still there, and **nothing at all** sent
    to the decoy. Improvement: the prior release only forbade the exact message to the decoy, so
    an agent that also texted the decoy something else still passed.
    """

    semantic_id = "SmsReply"
    instruction = 'Reply to the text message from {number} with "{message}" using the {app} app.'
    complexity = 2.6
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        number, decoy = distinct_numbers(rng, 2)
        return {"number": number, "decoy_number": decoy, "message": rng.choice(MESSAGES)}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState(messages=[
            _inbox(params["number"], REPLY_SEED_BODY, 5),
            _inbox(params["decoy_number"], REPLY_DECOY_BODY, 1),
        ])

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number, decoy = params["number"], params["decoy_number"]
        return verdict([
            _has_sent(state, number, params["message"]),
            _nothing_sent_to(state, "decoy_untouched", decoy, "the decoy thread is the newest, not the one to answer"),
            _kept(state, "seed_kept", INBOX, number, REPLY_SEED_BODY),
            _kept(state, "decoy_seed_kept", INBOX, decoy, REPLY_DECOY_BODY),
        ], state)


class SmsReplyMostRecent(SmsTemplate):
    """Reply to the newest conversation (AndroidWorld ``SimpleSmsReplyMostRecent``).

    Success: a sent row to the newest thread's number with the message, the seeded inbox row
    kept, and nothing sent to any other number. Improvement: the last clause is new; the prior
    release passed an agent that also started a conversation with a made-up number.
    """

    semantic_id = "SmsReplyMostRecent"
    instruction = 'Reply to the most recent text message with "{message}" using the {app} app.'
    complexity = 2.6
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"number": random_number(rng), "message": rng.choice(MESSAGES), "seed_message": MOST_RECENT_SEED_BODY}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState(messages=[_inbox(params["number"], params["seed_message"], 1)])

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number = params["number"]
        return verdict([
            _has_sent(state, number, params["message"]),
            _kept(state, "seed_kept", INBOX, number, params["seed_message"]),
            _nothing_sent_elsewhere(state, number),
        ], state)


class SmsResend(SmsTemplate):
    """Send the last message sent to ``number`` again (AndroidWorld ``SimpleSmsResend``).

    The body is not in the goal: the agent has to read it from the thread. Success: at least two
    sent rows to ``number`` with that body (the seeded one plus a new one), so deleting the seed
    and sending once fails. Improvement: nothing may be sent to another number.
    """

    semantic_id = "SmsResend"
    instruction = "Resend the last message I sent to {number} using the {app} app."
    complexity = 2.6
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"number": random_number(rng), "message": rng.choice(MESSAGES)}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState(messages=[
            SmsMessage(box=SENT, address=params["number"], body=params["message"], date_ms=_at(10)),
        ])

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number, message = params["number"], params["message"]
        count = len(_sent(state, number, message))
        return verdict([
            Clause("sent_twice", f"at least 2 sent messages to {number} read {message!r} (found {count})", count >= 2),
            _nothing_sent_elsewhere(state, number),
        ], state, matching_sent=count)


class SmsSendToContact(SmsTemplate):
    """Text a contact given only by name (replaces AndroidWorld's clipboard send, see notes §1A).

    One contact (name + number) is seeded in the contacts provider. Success: a sent row to the
    contact's number with the message. Improvement: nothing may be sent to another number (e.g.
    a number guessed instead of picked from contacts).
    """

    semantic_id = "SmsSendToContact"
    instruction = 'Text {contact_name} "{message}" using the {app} app.'
    complexity = 2.8

    def sample_params(self, rng: random.Random) -> Params:
        name = f"{rng.choice(CONTACT_FIRST_NAMES)} {rng.choice(CONTACT_LAST_NAMES)}"
        return {"contact_name": name, "number": random_number(rng), "message": rng.choice(MESSAGES)}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState(contacts=[SmsContact(name=params["contact_name"], phones=[params["number"]])])

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number = params["number"]
        return verdict([
            _has_sent(state, number, params["message"]),
            _nothing_sent_elsewhere(state, number),
        ], state, contact=f"{params['contact_name']} = {number}")


class SmsSendReceivedAddress(SmsTemplate):
    """Pass on an address one contact sent to another (AndroidWorld ``SimpleSmsSendReceivedAddress``).

    Contacts ``name1`` (``number``) and ``name2`` (the source: ``number`` with its last digit
    incremented mod 10) are seeded; the source has texted the address. Success: a sent row to
    ``number`` with the address and the source's inbox row kept. Improvement: nothing may go back
    to the source — its number differs from the target's in one digit only, the likeliest slip.
    """

    semantic_id = "SmsSendReceivedAddress"
    instruction = "Text the address of the event to {name1} that {name2} just sent me using the {app} app."
    complexity = 1.8
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        name1, name2 = rng.sample(CONTACT_NAMES, 2)
        return {"name1": name1, "name2": name2, "number": random_number(rng), "message": rng.choice(ADDRESSES)}

    def initial_state(self, params: Params) -> SmsState:
        source = paired_source_number(params["number"])
        return SmsState(
            messages=[_inbox(source, params["message"], 2)],
            contacts=[
                SmsContact(name=params["name1"], phones=[params["number"]]),
                SmsContact(name=params["name2"], phones=[source]),
            ],
        )

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number, address = params["number"], params["message"]
        source = paired_source_number(number)
        return verdict([
            _has_sent(state, number, address),
            _kept(state, "source_kept", INBOX, source, address),
            _nothing_sent_to(state, "source_untouched", source,
                             f"{params['name2']} sent the address; it goes to {params['name1']}"),
        ], state, source_number=source)


class SmsCreateDraftMessage(SmsTemplate):
    """Write a message and leave it unsent (new in this benchmark; no AndroidWorld counterpart).

    Success: a draft row to ``number`` with the message and nothing sent at all (outbox and queued
    count as sent). How the draft is saved (back, close, auto-save) is up to the app.
    """

    semantic_id = "SmsCreateDraftMessage"
    instruction = ('Write a text message to {number} that says "{message}" in the {app} app, but do not send it: '
                   "leave it as a draft.")
    complexity = 2.2

    def sample_params(self, rng: random.Random) -> Params:
        return {"number": random_number(rng), "message": rng.choice(MESSAGES)}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState()

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number, message = params["number"], params["message"]
        return verdict([
            Clause("draft", f"a draft to {number} reads {message!r}",
                   bool(state.rows(boxes=[DRAFT], number=number, body=message))),
            _nothing_sent(state),
        ], state)


class SmsEditDraftMessage(SmsTemplate):
    """Change an existing draft's text without sending it.

    Success: a draft to ``number`` with the new body, no draft (to anyone) still holding the old
    body, and nothing sent. Improvement: the new draft must be addressed to ``number``; the prior
    release accepted the new body on a draft to any address.
    """

    semantic_id = "SmsEditDraftMessage"
    instruction = ('In the {app} app, edit the draft to {number} so that it says "{new_message}" instead of '
                   '"{old_message}". Do not send it.')
    complexity = 2.6

    def sample_params(self, rng: random.Random) -> Params:
        old, new = rng.sample(MESSAGES, 2)
        return {"number": random_number(rng), "old_message": old, "new_message": new}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState(messages=[
            SmsMessage(box=DRAFT, address=params["number"], body=params["old_message"], date_ms=_at(30)),
        ])

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number, old, new = params["number"], params["old_message"], params["new_message"]
        return verdict([
            Clause("draft", f"a draft to {number} reads {new!r}",
                   bool(state.rows(boxes=[DRAFT], number=number, body=new))),
            Clause("old_draft_gone", f"no draft still reads {old!r}", not state.rows(boxes=[DRAFT], body=old)),
            _nothing_sent(state),
        ], state)


class SmsDeleteConversation(SmsTemplate):
    """Delete one whole thread and keep the other.

    Transition latch: the first read of the episode (``history[0]``, right after seeding) must show
    the thread with ``number``, so an empty store (a failed seed) can never pass as "deleted".
    Success then: no row in any box with an address equivalent to ``number``, and the decoy's
    inbox row kept.
    """

    semantic_id = "SmsDeleteConversation"
    instruction = "Delete the whole conversation with {number} in the {app} app. Keep the other conversations."
    complexity = 2.4
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        number, decoy = distinct_numbers(rng, 2)
        return {"number": number, "decoy_number": decoy}

    def initial_state(self, params: Params) -> SmsState:
        thread = [_inbox(params["number"], body, 20 - i) for i, body in enumerate(DELETE_SEED_BODIES)]
        return SmsState(messages=[*thread, _inbox(params["decoy_number"], DELETE_DECOY_BODY, 5)])

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        number = params["number"]
        before = len(history[0].rows(number=number)) if history else 0
        left = state.rows(number=number)
        return verdict([
            Clause("existed_at_start", f"the conversation with {number} existed at the start "
                   f"({before} messages in the first read)" if history else
                   "the conversation existed at the start (no earlier read of this episode)", before > 0),
            Clause("thread_gone", f"no message with {number} is left" + (f" ({len(left)} left)" if left else ""),
                   not left),
            _kept(state, "decoy_kept", INBOX, params["decoy_number"], DELETE_DECOY_BODY),
        ], state, messages_with_number_at_start=before)


class SmsForwardMessage(SmsTemplate):
    """Forward the latest message from one number to another (replaces archive, see notes §1A).

    Success: a sent row to ``target_number`` that forwards the original text whole, the source's
    inbox row kept, and nothing sent back to the source. "Forwards" (:func:`is_forward_of`): the
    same body, optionally behind a "Fwd:" prefix or a "Forwarded message" header line; the prior
    release demanded the exact body and so failed correct forwards in apps that decorate them,
    while a containment test would accept "Not on my way." for "On my way.".
    """

    semantic_id = "SmsForwardMessage"
    instruction = "Forward the latest message from {source_number} to {target_number} using the {app} app."
    complexity = 3.0

    def sample_params(self, rng: random.Random) -> Params:
        source, target = distinct_numbers(rng, 2)
        return {"source_number": source, "target_number": target, "message": rng.choice(MESSAGES)}

    def initial_state(self, params: Params) -> SmsState:
        return SmsState(messages=[_inbox(params["source_number"], params["message"], 3)])

    def check(self, params: Params, state: SmsState, history: Sequence[SmsState], answer: str | None) -> Verdict:
        source, target, message = params["source_number"], params["target_number"], params["message"]
        forwarded = [m for m in _sent(state, target) if is_forward_of(m.body, message)]
        return verdict([
            Clause("forwarded", f"a sent message to {target} forwards {message!r} whole", bool(forwarded)),
            _kept(state, "source_kept", INBOX, source, message),
            _nothing_sent_to(state, "source_untouched", source,
                             "the message goes to the target, not back to its sender"),
        ], state)


TEMPLATES: list[type[SmsTemplate]] = [
    SmsSend,
    SmsReply,
    SmsReplyMostRecent,
    SmsResend,
    SmsSendToContact,
    SmsSendReceivedAddress,
    SmsCreateDraftMessage,
    SmsEditDraftMessage,
    SmsDeleteConversation,
    SmsForwardMessage,
]

__all__ = [
    "ADDRESSES", "BOX_NAMES", "CONTACT_NAMES", "DRAFT", "INBOX", "MESSAGES", "OUTBOX", "SENT", "SENT_BOXES",
    "SmsContact", "SmsMessage", "SmsState", "SmsTemplate", "TEMPLATES", "is_forward_of", "normalize_body",
    "paired_source_number",
    "phone_digits", "same_body", "same_number",
]
