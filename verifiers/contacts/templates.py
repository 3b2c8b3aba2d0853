"""Contacts category: the 10 templates of the notes (tasks_part1 §2B), seeded where the task acts on
an existing contact.

Decisions that differ from the prior release (docs/contacts.md, "Quirks and decisions"):

* **Seeded, not create-first.** The prior release made the agent create every contact it then
  edited, starred, deleted or called, because it could not seed every app's store alike; its
  latches were never validated. Here every adapter seeds the same app-neutral state into the
  app's own store, so the task is the one the template names, the latch's first read is the
  seeded state, and the same contact exists in every app. Add and NewContactDraft start empty.
* **Android's records instead of screen words** for calling and messaging: a call is the
  call-log row Telecom writes when it ends (so the goal says to hang up), a message is the
  resumed activity's intent (``SENDTO smsto:<number>``) as ``dumpsys activity activities`` prints it.
* **Names** compare case- and whitespace-insensitively as a whole ("first last"); **numbers** by
  :func:`same_number` (digits; US ``1`` prefix allowed; no suffix matching).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.contacts.state import (
    OUTGOING,
    Contact,
    ContactsState,
    message_target,
    normalize_name,
    same_name,
    same_number,
)

# -- parameter domains (notes §2B) -----------------------------------------------------------------

FIRST_NAMES: tuple[str, ...] = ("Alice", "Bob", "Charlie", "David", "Eva", "Frank", "Grace", "Hannah", "Ivan", "Jack")
LAST_NAMES: tuple[str, ...] = ("Johnson", "Smith", "Brown", "Taylor", "Adams", "Wilson", "Lee", "White", "Harris",
                               "Clark")
PHONE_LABELS: tuple[str, ...] = ("Home", "Work")
#: First names of the crowd seeded around a contact the agent must find: sharing its last name and
#: sorting before "Alice" (the first of FIRST_NAMES) or after "Jack" (the last), so the target sits
#: below the first screen whether an app sorts by first or by last name, and is not the last row.
CROWD_BEFORE: tuple[str, ...] = ("Aaron", "Abby", "Abel", "Abigail", "Ada", "Adam", "Adele", "Adrian", "Agatha",
                                 "Agnes", "Aidan", "Aileen", "Alan", "Albert", "Alec", "Alex", "Alfred", "Ali")
CROWD_AFTER: tuple[str, ...] = ("Kevin", "Laura", "Martin", "Nora", "Oscar", "Paula", "Quentin", "Rosa")

#: What each template reads besides the contact store (adapters read only these for the pair).
Reads = frozenset[str]


def random_number(rng: random.Random) -> str:
    """``NNN-NNN-NNNN``: groups 100-999, 100-999, 1000-9999 (notes §2B; may start with 1)."""
    return f"{rng.randint(100, 999)}-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"


def distinct_numbers(rng: random.Random, count: int) -> list[str]:
    out: list[str] = []
    while len(out) < count:
        candidate = random_number(rng)
        if not any(same_number(candidate, n) for n in out):
            out.append(candidate)
    return out


def person(rng: random.Random) -> Params:
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    return {"first": first, "last": last, "name": f"{first} {last}", "number": random_number(rng)}


def crowd(rng: random.Random, last: str, avoid: Sequence[str]) -> list[dict[str, str]]:
    """12-16 contacts named ``<first> <last>`` that sort before the target and 2-5 after it, each
    with its own number (none equal to ``avoid``): no lucky tap on the first screen opens it."""
    firsts = sorted(rng.sample(CROWD_BEFORE, rng.randint(12, 16))) + sorted(rng.sample(CROWD_AFTER, rng.randint(2, 5)))
    numbers: list[str] = []
    while len(numbers) < len(firsts):
        candidate = random_number(rng)
        if not any(same_number(candidate, n) for n in [*avoid, *numbers]):
            numbers.append(candidate)
    return [{"first": f, "last": last, "number": n} for f, n in zip(firsts, numbers, strict=True)]


def crowd_contacts(params: Params) -> list[Contact]:
    return [Contact(first=c["first"], last=c["last"], phones=[c["number"]]) for c in params.get("crowd", [])]


def verdict(clauses: Sequence[Clause], state: ContactsState, **evidence: Any) -> Verdict:
    """The generic verdict plus every contact read (and the other parts read) as evidence."""
    extra: dict[str, Any] = {"contacts": [c.describe() for c in state.contacts]}
    if state.calls is not None:
        extra["calls"] = [f"type {c.kind}: {c.number}" for c in state.calls]
    if state.front is not None:
        extra["front"] = state.front.model_dump()
    if state.detail is not None:
        extra["detail"] = state.detail.model_dump()
    if state.form is not None:
        extra["form"] = state.form.model_dump()
    return combine(clauses, **extra, **evidence)


def _kept(state: ContactsState, name: str, number: str) -> Clause:
    return Clause("kept", f"{name} ({number}) is still in the contacts", bool(state.exact(name, number)))


# -- templates ------------------------------------------------------------------------------------

class ContactsTemplate(TaskTemplate[ContactsState]):
    category: ClassVar[Category] = Category.CONTACTS
    state_type: ClassVar[type[CategoryState]] = ContactsState
    #: Parts of the state read besides the store: "calls", "front", "detail", "form".
    reads: ClassVar[Reads] = frozenset()


class ContactsAddContact(ContactsTemplate):
    """Create a contact (AndroidWorld ``ContactsAddContact``). Success: a contact with this name
    (case and spacing aside) holding an equivalent number."""

    semantic_id = "ContactsAddContact"
    instruction = "Create a new contact for {name} with the phone number {number} in the {app} app."
    complexity = 1.2
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return person(rng)

    def initial_state(self, params: Params) -> ContactsState:
        return ContactsState()

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name, number = params["name"], params["number"]
        return verdict([Clause("saved", f"a contact {name} has the number {number}",
                               bool(state.exact(name, number)))], state)


class ContactsNewContactDraft(ContactsTemplate):
    """Fill in the new-contact form and leave it unsaved (AndroidWorld ``ContactsNewContactDraft``).

    The outcome is the screen itself: the app's new-contact form shows the four values, and the
    store holds neither the name nor the number (an unsaved form is in no store).
    """

    semantic_id = "ContactsNewContactDraft"
    instruction = ("In the {app} app, open the form for a new contact and enter the first name {first}, the last "
                   "name {last} and the phone number {phone} with the label {phone_label}. Do not save it.")
    complexity = 1.2
    origin = "androidworld_adapted"
    reads: ClassVar[Reads] = frozenset({"form"})

    def sample_params(self, rng: random.Random) -> Params:
        return {"first": rng.choice(FIRST_NAMES), "last": rng.choice(LAST_NAMES), "phone": random_number(rng),
                "phone_label": rng.choice(PHONE_LABELS)}

    def initial_state(self, params: Params) -> ContactsState:
        return ContactsState()

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        form = state.form
        name = f"{params['first']} {params['last']}"
        saved = state.named(name) + state.with_number(params["phone"])
        return verdict([
            Clause("form_first", f"the open new-contact form's first name is {params['first']}",
                   form is not None and same_name(form.first, params["first"])),
            Clause("form_last", f"its last name is {params['last']}",
                   form is not None and same_name(form.last, params["last"])),
            Clause("form_phone", f"its phone number is {params['phone']}",
                   form is not None and same_number(form.phone, params["phone"])),
            Clause("form_label", f"the number's label is {params['phone_label']}",
                   form is not None and same_name(form.label, params["phone_label"])),
            Clause("not_saved", f"neither {name} nor {params['phone']} is saved"
                   + (f" (saved: {', '.join(c.describe() for c in saved)})" if saved else ""), not saved),
        ], state)


class ContactsEditContact(ContactsTemplate):
    """Change a seeded contact's last name and number. Success: "first new_last" with the new
    number; the old name is gone, and the old number is gone under every name."""

    semantic_id = "ContactsEditContact"
    instruction = ("In the {app} app, edit the contact {first} {old_last}: change the last name to {new_last} and "
                   "the phone number {old_number} to {new_number}.")
    complexity = 2.6

    def sample_params(self, rng: random.Random) -> Params:
        old_last, new_last = rng.sample(LAST_NAMES, 2)
        old_number, new_number = distinct_numbers(rng, 2)
        return {"first": rng.choice(FIRST_NAMES), "old_last": old_last, "new_last": new_last,
                "old_number": old_number, "new_number": new_number}

    def initial_state(self, params: Params) -> ContactsState:
        return ContactsState(contacts=[Contact(first=params["first"], last=params["old_last"],
                                               phones=[params["old_number"]])])

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        old_name, new_name = f"{params['first']} {params['old_last']}", f"{params['first']} {params['new_last']}"
        return verdict([
            Clause("edited", f"a contact {new_name} has the number {params['new_number']}",
                   bool(state.exact(new_name, params["new_number"]))),
            Clause("old_name_gone", f"no contact is named {old_name}", not state.named(old_name)),
            Clause("old_number_gone", f"no contact has the number {params['old_number']}",
                   not state.with_number(params["old_number"])),
        ], state)


class ContactsSearchContact(ContactsTemplate):
    """Find one of three contacts by searching and open its details. The outcome is the screen: the
    app's detail page of the target (its name and number); all three contacts stay. A crowd of
    14-21 contacts with the target's last name puts it below the first screen (issue 21)."""

    semantic_id = "ContactsSearchContact"
    instruction = "In the {app} app, search for the contact {target_name} and open its details."
    complexity = 2.4
    reads: ClassVar[Reads] = frozenset({"detail"})

    def sample_params(self, rng: random.Random) -> Params:
        firsts, lasts = rng.sample(FIRST_NAMES, 3), rng.sample(LAST_NAMES, 3)
        numbers = distinct_numbers(rng, 3)
        out: Params = {}
        for key, first, last, number in zip(("target", "decoy_a", "decoy_b"), firsts, lasts, numbers, strict=True):
            out[f"{key}_name"], out[f"{key}_number"] = f"{first} {last}", number
        out["crowd"] = crowd(rng, lasts[0], numbers)
        return out

    def initial_state(self, params: Params) -> ContactsState:
        return ContactsState(contacts=[
            Contact(first=params[f"{k}_name"].split(" ")[0], last=params[f"{k}_name"].split(" ")[1],
                    phones=[params[f"{k}_number"]]) for k in ("target", "decoy_a", "decoy_b")] + crowd_contacts(params))

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name, number = params["target_name"], params["target_number"]
        missing = [params[f"{k}_name"] for k in ("target", "decoy_a", "decoy_b")
                   if not state.exact(params[f"{k}_name"], params[f"{k}_number"])]
        return verdict([
            Clause("target_detail_open", f"the details of {name} ({number}) are on screen",
                   _detail_of(state, name, number)),
            Clause("all_kept", "all three contacts are still saved" + (f" (missing: {missing})" if missing else ""),
                   not missing),
        ], state)


def _detail_of(state: ContactsState, name: str, number: str) -> bool:
    d = state.detail
    return d is not None and same_name(d.name, name) and same_number(d.phone, number)


class ContactsViewContactDetails(ContactsTemplate):
    """Open a contact's detail page. The outcome is the screen: the app's detail page with the
    contact's name and number. A crowd of 14-21 contacts with its last name puts it below the
    first screen and not last, so a lucky tap does not open it (issue 21)."""

    semantic_id = "ContactsViewContactDetails"
    instruction = "Open the details of the contact {name} in the {app} app."
    complexity = 1.8
    reads: ClassVar[Reads] = frozenset({"detail"})

    def sample_params(self, rng: random.Random) -> Params:
        target = person(rng)
        return {**target, "crowd": crowd(rng, target["last"], [target["number"]])}

    def initial_state(self, params: Params) -> ContactsState:
        return ContactsState(contacts=[Contact(first=params["first"], last=params["last"], phones=[params["number"]]),
                                       *crowd_contacts(params)])

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name, number = params["name"], params["number"]
        return verdict([Clause("detail_open", f"the details of {name} ({number}) are on screen",
                               _detail_of(state, name, number))], state)


def _seeded(params: Params, *, starred: bool = False) -> ContactsState:
    return ContactsState(contacts=[Contact(first=params["first"], last=params["last"], phones=[params["number"]],
                                           starred=starred)])


class ContactsAddFavoriteContact(ContactsTemplate):
    """Star a seeded contact. Success: the contact (name and number) is kept and a contact with the
    name is a favourite."""

    semantic_id = "ContactsAddFavoriteContact"
    instruction = "Add the contact {name} to your favorites in the {app} app."
    complexity = 2.2

    def sample_params(self, rng: random.Random) -> Params:
        return person(rng)

    def initial_state(self, params: Params) -> ContactsState:
        return _seeded(params)

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name = params["name"]
        return verdict([
            _kept(state, name, params["number"]),
            Clause("starred", f"{name} is a favourite", any(c.starred for c in state.named(name))),
        ], state)


class ContactsRemoveFavoriteContact(ContactsTemplate):
    """Unstar a seeded favourite. Latch: the first read (right after seeding) showed it starred.
    Success: the contact is kept and no contact with the name is a favourite."""

    semantic_id = "ContactsRemoveFavoriteContact"
    instruction = "Remove the contact {name} from your favorites in the {app} app. Keep the contact."
    complexity = 2.2
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return person(rng)

    def initial_state(self, params: Params) -> ContactsState:
        return _seeded(params, starred=True)

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name = params["name"]
        was = bool(history) and any(c.starred for c in history[0].named(name))
        named = state.named(name)
        return verdict([
            Clause("starred_at_start", f"{name} was a favourite at the start", was),
            _kept(state, name, params["number"]),
            Clause("unstarred", f"{name} is saved and not a favourite",
                   bool(named) and not any(c.starred for c in named)),
        ], state)


class ContactsDeleteContact(ContactsTemplate):
    """Delete a seeded contact. Latch: the first read showed it. Success: neither the name nor the
    exact name+number pair remains."""

    semantic_id = "ContactsDeleteContact"
    instruction = "Delete the contact {name} in the {app} app."
    complexity = 2.2
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return person(rng)

    def initial_state(self, params: Params) -> ContactsState:
        return _seeded(params)

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name, number = params["name"], params["number"]
        was = bool(history) and bool(history[0].exact(name, number))
        left = state.named(name) + state.exact(name, number)
        return verdict([
            Clause("existed_at_start", f"{name} ({number}) was saved at the start", was),
            Clause("deleted", f"no contact {name} is left" + (f" ({len(left)} left)" if left else ""), not left),
        ], state)


class ContactsCallContact(ContactsTemplate):
    """Call a seeded contact and hang up. Success: the contact is kept and the call log holds an
    outgoing call to an equivalent number (Telecom writes the row when the call ends)."""

    semantic_id = "ContactsCallContact"
    instruction = "Call {name} from the {app} app, then end the call."
    complexity = 1.8
    reads: ClassVar[Reads] = frozenset({"calls"})

    def sample_params(self, rng: random.Random) -> Params:
        return person(rng)

    def initial_state(self, params: Params) -> ContactsState:
        return _seeded(params).model_copy(update={"calls": []})

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name, number = params["name"], params["number"]
        calls = [c for c in state.calls or [] if c.kind == OUTGOING and same_number(c.number, number)]
        return verdict([
            _kept(state, name, number),
            Clause("called", f"the call log has an outgoing call to {number}", bool(calls)),
        ], state)


class ContactsMessageContact(ContactsTemplate):
    """Open a new text message to a seeded contact. Success: the contact is kept and the resumed
    activity was started by an ``sms:``/``smsto:`` intent (``SENDTO`` or ``VIEW``) addressed to an
    equivalent number, i.e. a messaging app's compose screen for that contact is open (not Android's
    resolver, which shows the same intent while it asks which app to use)."""

    semantic_id = "ContactsMessageContact"
    instruction = "Start a new text message to {name} from the {app} app (do not send anything)."
    complexity = 1.8
    reads: ClassVar[Reads] = frozenset({"front"})

    def sample_params(self, rng: random.Random) -> Params:
        return person(rng)

    def initial_state(self, params: Params) -> ContactsState:
        return _seeded(params)

    def check(self, params: Params, state: ContactsState, history: Sequence[ContactsState],
              answer: str | None) -> Verdict:
        name, number = params["name"], params["number"]
        front = state.front
        target = message_target(front.data) if front is not None else None
        opened = (front is not None and front.package != RESOLVER_PACKAGE and front.action in MESSAGE_ACTIONS
                  and target is not None and same_number(target, number))
        shown = f"{front.action} {front.data} ({front.package})" if front is not None else "nothing read"
        return verdict([
            _kept(state, name, number),
            Clause("compose_open", f"the front screen is a message to {number} (front: {shown})", opened),
        ], state)


MESSAGE_ACTIONS = ("android.intent.action.SENDTO", "android.intent.action.VIEW", "android.intent.action.SEND")
#: The resolver ("Send using …", ``android/com.android.internal.app.ResolverActivity``) carries the
#: message intent too, but no messaging app is open yet.
RESOLVER_PACKAGE = "android"

TEMPLATES: list[type[ContactsTemplate]] = [
    ContactsAddContact,
    ContactsNewContactDraft,
    ContactsEditContact,
    ContactsSearchContact,
    ContactsViewContactDetails,
    ContactsAddFavoriteContact,
    ContactsRemoveFavoriteContact,
    ContactsDeleteContact,
    ContactsCallContact,
    ContactsMessageContact,
]

__all__ = ["FIRST_NAMES", "LAST_NAMES", "PHONE_LABELS", "TEMPLATES", "ContactsTemplate", "normalize_name"]
