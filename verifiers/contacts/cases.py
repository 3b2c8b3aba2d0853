"""Conformance cases per Contacts template: the gold end state, tolerated variants, and near misses
that each break exactly one clause (named by its key).

Every case is a state each app can hold: contacts in its store, call-log rows Telecom writes, a
front activity an intent opens, a detail page or an unsaved form a user reaches in the app.
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.contacts.state import (
    INCOMING,
    OUTGOING,
    CallRecord,
    Contact,
    ContactForm,
    ContactsState,
    FrontIntent,
    ShownContact,
    phone_digits,
)

SENDTO = "android.intent.action.SENDTO"


def other_number(number: str) -> str:
    """Same shape, last digit moved by 5: never equivalent."""
    return number[:-1] + str((int(number[-1]) + 5) % 10)


def plus_one(number: str) -> str:
    d = phone_digits(number)
    return f"+1 ({d[:3]}) {d[3:6]}-{d[6:]}"


def person(first: str, last: str, number: str, *, starred: bool = False) -> Contact:
    return Contact(first=first, last=last, phones=[number], starred=starred)


def split(name: str) -> tuple[str, str]:
    first, _, last = name.partition(" ")
    return first, last


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    """The cases of ``template`` at ``params`` (every clause key is the target of a near miss)."""
    sid = template.semantic_id
    p = params
    if sid == "ContactsNewContactDraft":
        form = ContactForm(first=p["first"], last=p["last"], phone=p["phone"], label=p["phone_label"])
        other_label = "Work" if p["phone_label"] == "Home" else "Home"
        return Cases(
            gold=ContactsState(form=form),
            tolerated={"formatted number": ContactsState(form=form.model_copy(update={"phone": plus_one(p["phone"])}))},
            near_misses={
                "wrong first name": NearMiss(ContactsState(form=form.model_copy(update={"first": "Zed"})), "form_first"),
                "wrong last name": NearMiss(ContactsState(form=form.model_copy(update={"last": "Zed"})), "form_last"),
                "wrong number": NearMiss(ContactsState(form=form.model_copy(update={"phone": other_number(p["phone"])})),
                                         "form_phone"),
                "wrong label": NearMiss(ContactsState(form=form.model_copy(update={"label": other_label})), "form_label"),
                "saved as well": NearMiss(ContactsState(contacts=[person(p["first"], p["last"], p["phone"])], form=form),
                                          "not_saved"),
            },
        )
    if sid == "ContactsEditContact":
        first, new_last, new_number = p["first"], p["new_last"], p["new_number"]
        gold = person(first, new_last, new_number)
        third = next(n for n in (new_number[:-1] + str(d) for d in range(10))
                     if phone_digits(n) not in (phone_digits(new_number), phone_digits(p["old_number"])))
        return Cases(
            gold=ContactsState(contacts=[gold]),
            tolerated={"formatted, other case": ContactsState(contacts=[person(first.upper(), new_last.lower(),
                                                                               plus_one(new_number))])},
            near_misses={
                "number not changed to the new one": NearMiss(ContactsState(contacts=[person(first, new_last, third)]),
                                                              "edited"),
                "old contact kept beside": NearMiss(ContactsState(contacts=[gold, person(first, p["old_last"], third)]),
                                                    "old_name_gone"),
                "old number kept too": NearMiss(ContactsState(contacts=[
                    Contact(first=first, last=new_last, phones=[new_number, p["old_number"]])]), "old_number_gone"),
            },
        )
    if sid == "ContactsSearchContact":
        seeded = template.initial_state(params)
        assert isinstance(seeded, ContactsState)
        target = ShownContact(name=p["target_name"], phone=p["target_number"])
        decoy = ShownContact(name=p["decoy_a_name"], phone=p["decoy_a_number"])
        without_b = [c for c in seeded.contacts if c.name != p["decoy_b_name"]]
        return Cases(
            gold=seeded.model_copy(update={"detail": target}),
            near_misses={
                "a decoy's details": NearMiss(seeded.model_copy(update={"detail": decoy}), "target_detail_open"),
                "a decoy deleted": NearMiss(ContactsState(contacts=without_b, detail=target), "all_kept"),
            },
        )
    if sid == "ContactsViewContactDetails":
        seeded = template.initial_state(params)
        assert isinstance(seeded, ContactsState)
        return Cases(
            gold=seeded.model_copy(update={"detail": ShownContact(name=p["name"], phone=p["number"])}),
            near_misses={"list only, no details": NearMiss(seeded, "detail_open")},
        )
    first, last, number = p.get("first", ""), p.get("last", ""), p.get("number", "")
    if sid == "ContactsAddContact":
        return Cases(
            gold=ContactsState(contacts=[person(first, last, number)]),
            tolerated={"formatted, other case": ContactsState(contacts=[person(first.lower(), last.upper(),
                                                                               plus_one(number))])},
            near_misses={
                "number with a prefix": NearMiss(ContactsState(contacts=[person(first, last, "991-" + number)]), "saved"),
                "wrong last name": NearMiss(ContactsState(contacts=[person(first, "Zed", number)]), "saved"),
            },
        )
    if sid == "ContactsAddFavoriteContact":
        return Cases(
            gold=ContactsState(contacts=[person(first, last, number, starred=True)]),
            near_misses={
                "not starred": NearMiss(ContactsState(contacts=[person(first, last, number)]), "starred"),
                "number changed": NearMiss(ContactsState(contacts=[person(first, last, other_number(number),
                                                                          starred=True)]), "kept"),
            },
        )
    if sid == "ContactsRemoveFavoriteContact":
        plain = ContactsState(contacts=[person(first, last, number)])
        return Cases(
            gold=plain,
            near_misses={
                "never starred": NearMiss(plain, "starred_at_start", first_read=plain),
                "number changed": NearMiss(ContactsState(contacts=[person(first, last, other_number(number))]), "kept"),
                "still starred": NearMiss(ContactsState(contacts=[person(first, last, number, starred=True)]),
                                          "unstarred"),
            },
        )
    if sid == "ContactsDeleteContact":
        return Cases(
            gold=ContactsState(),
            near_misses={
                "nothing to delete at the start": NearMiss(ContactsState(), "existed_at_start",
                                                           first_read=ContactsState()),
                "still there": NearMiss(ContactsState(contacts=[person(first, last, number)]), "deleted"),
            },
        )
    if sid == "ContactsCallContact":
        contact = [person(first, last, number)]
        return Cases(
            gold=ContactsState(contacts=contact, calls=[CallRecord(number=number, kind=OUTGOING)]),
            tolerated={"number with +1": ContactsState(contacts=contact,
                                                       calls=[CallRecord(number=plus_one(number), kind=OUTGOING)])},
            near_misses={
                "only an incoming call": NearMiss(ContactsState(contacts=contact,
                                                                calls=[CallRecord(number=number, kind=INCOMING)]),
                                                  "called"),
                "another number called": NearMiss(ContactsState(contacts=contact, calls=[
                    CallRecord(number=other_number(number), kind=OUTGOING)]), "called"),
                "contact deleted": NearMiss(ContactsState(calls=[CallRecord(number=number, kind=OUTGOING)]), "kept"),
            },
        )
    if sid == "ContactsMessageContact":
        contact = [person(first, last, number)]

        def front(data: str) -> FrontIntent:
            return FrontIntent(package="", action=SENDTO, data=data)

        return Cases(
            gold=ContactsState(contacts=contact, front=front(f"smsto:{number}")),
            tolerated={"sms: with +1": ContactsState(contacts=contact,
                                                     front=front("sms:+1" + phone_digits(number)))},
            near_misses={
                "another number": NearMiss(ContactsState(contacts=contact, front=front(f"smsto:{other_number(number)}")),
                                           "compose_open"),
                "contact deleted": NearMiss(ContactsState(front=front(f"smsto:{number}")), "kept"),
            },
        )
    raise KeyError(f"no conformance cases for {sid}")


__all__ = ["cases", "other_number", "plus_one", "split"]
