"""Conformance cases per SMS template: the gold end state, states a lenient-but-fair verifier must
accept (tolerated), and near misses that each break exactly one clause (named by its key).

Every case is a state any of the four apps can hold in its own store (e.g. never two drafts in
one thread: Fossify keys drafts by thread). The data-driven tests in ``tests/categories`` run
them pure and through every app's adapter on the simulated device.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.sms.state import DRAFT, FAILED, INBOX, OUTBOX, SENT, SmsMessage, SmsState, phone_digits
from verifiers.sms.templates import paired_source_number


def msg(box: int, address: str, body: str) -> SmsMessage:
    return SmsMessage(box=box, address=address, body=body)


def other_number(number: str) -> str:
    """Same shape, last digit moved by 5: never equivalent, never the SendReceivedAddress source."""
    return number[:-1] + str((int(number[-1]) + 5) % 10)


def suffix_number(number: str) -> str:
    """A longer number that merely ends with ``number`` (plain suffix matching must reject it)."""
    return "991-" + number


def plus_one(number: str) -> str:
    """The same number with the US country code, formatted differently."""
    d = phone_digits(number)
    return f"+1 ({d[:3]}) {d[3:6]}-{d[6:]}"


def sloppy(body: str) -> str:
    """Case and whitespace changes only (tolerated by design, see templates.py)."""
    return "  " + body.swapcase().replace(" ", "   ") + " \n"


def truncated(body: str) -> str:
    """A real content change: the last character dropped."""
    return body[:-1]


def _with(initial: SmsState, *extra: SmsMessage, drop: Callable[[SmsMessage], bool] | None = None) -> SmsState:
    kept = [m for m in initial.messages if drop is None or not drop(m)]
    return SmsState(messages=[*kept, *extra], contacts=initial.contacts)


def _all(_: SmsMessage) -> bool:
    return True


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    """The cases of ``template`` at ``params`` (every clause key is the target of a near miss)."""
    build = _BUILDERS.get(template.semantic_id)
    if build is None:
        raise KeyError(f"no conformance cases for {template.semantic_id}")
    init = template.initial_state(params)
    if not isinstance(init, SmsState):
        raise TypeError(f"{template.semantic_id} is not an SMS template")
    return build(init, params)


def _send(init: SmsState, p: Params) -> Cases:
    n, m = p["number"], p["message"]
    return Cases(
        gold=_with(init, msg(SENT, n, m)),
        tolerated={"plus_one_and_sloppy_body": _with(init, msg(SENT, plus_one(n), sloppy(m))),
                   "still_in_outbox": _with(init, msg(OUTBOX, n, m))},
        near_misses={"wrong_number": NearMiss(_with(init, msg(SENT, other_number(n), m)), "sent"),
                     "suffix_only_number": NearMiss(_with(init, msg(SENT, suffix_number(n), m)), "sent"),
                     "body_changed": NearMiss(_with(init, msg(SENT, n, truncated(m))), "sent"),
                     "kept_as_draft": NearMiss(_with(init, msg(DRAFT, n, m)), "sent"),
                     "send_failed": NearMiss(_with(init, msg(FAILED, n, m)), "sent")},
    )


def _send_to_contact(init: SmsState, p: Params) -> Cases:
    n, m = p["number"], p["message"]
    return Cases(
        gold=_with(init, msg(SENT, n, m)),
        tolerated={"plus_one_and_sloppy_body": _with(init, msg(SENT, plus_one(n), sloppy(m)))},
        near_misses={"body_changed": NearMiss(_with(init, msg(SENT, n, truncated(m))), "sent"),
                     "kept_as_draft": NearMiss(_with(init, msg(DRAFT, n, m)), "sent"),
                     "also_sent_to_a_guess": NearMiss(_with(init, msg(SENT, n, m), msg(SENT, other_number(n), m)),
                                                      "nothing_sent_elsewhere")},
    )


def _reply(init: SmsState, p: Params) -> Cases:
    n, d, m = p["number"], p["decoy_number"], p["message"]
    return Cases(
        gold=_with(init, msg(SENT, n, m)),
        tolerated={"sloppy_body": _with(init, msg(SENT, n, sloppy(m)))},
        near_misses={"body_changed": NearMiss(_with(init, msg(SENT, n, truncated(m))), "sent"),
                     "suffix_only_number": NearMiss(_with(init, msg(SENT, suffix_number(n), m)), "sent"),
                     "also_texted_decoy": NearMiss(_with(init, msg(SENT, n, m), msg(SENT, d, "ok")), "decoy_untouched"),
                     "seed_row_deleted": NearMiss(_with(init, msg(SENT, n, m), drop=lambda r: r.address == n),
                                                  "seed_kept"),
                     "decoy_row_deleted": NearMiss(_with(init, msg(SENT, n, m), drop=lambda r: r.address == d),
                                                   "decoy_seed_kept")},
    )


def _reply_most_recent(init: SmsState, p: Params) -> Cases:
    n, m = p["number"], p["message"]
    return Cases(
        gold=_with(init, msg(SENT, n, m)),
        tolerated={"plus_one": _with(init, msg(SENT, plus_one(n), m))},
        near_misses={"body_changed": NearMiss(_with(init, msg(SENT, n, truncated(m))), "sent"),
                     "seed_row_deleted": NearMiss(_with(init, msg(SENT, n, m), drop=lambda r: r.box == INBOX),
                                                  "seed_kept"),
                     "also_sent_elsewhere": NearMiss(_with(init, msg(SENT, n, m), msg(SENT, other_number(n), m)),
                                                     "nothing_sent_elsewhere")},
    )


def _resend(init: SmsState, p: Params) -> Cases:
    n, m = p["number"], p["message"]
    return Cases(
        gold=_with(init, msg(SENT, n, m)),
        tolerated={"sloppy_body": _with(init, msg(SENT, n, sloppy(m)))},
        near_misses={"seed_deleted_then_sent_once": NearMiss(_with(init, msg(SENT, n, m), drop=_all), "sent_twice"),
                     "different_body": NearMiss(_with(init, msg(SENT, n, truncated(m))), "sent_twice"),
                     "saved_as_draft": NearMiss(_with(init, msg(DRAFT, n, m)), "sent_twice"),
                     "also_sent_elsewhere": NearMiss(_with(init, msg(SENT, n, m), msg(SENT, other_number(n), m)),
                                                     "nothing_sent_elsewhere")},
    )


def _send_received_address(init: SmsState, p: Params) -> Cases:
    n, a = p["number"], p["message"]
    src = paired_source_number(n)
    return Cases(
        gold=_with(init, msg(SENT, n, a)),
        tolerated={"sloppy_body": _with(init, msg(SENT, n, sloppy(a)))},
        near_misses={"zip_dropped": NearMiss(_with(init, msg(SENT, n, a.rsplit(" ", 1)[0])), "sent"),
                     "also_sent_to_source": NearMiss(_with(init, msg(SENT, n, a), msg(SENT, src, a)),
                                                     "source_untouched"),
                     "source_row_deleted": NearMiss(_with(init, msg(SENT, n, a), drop=_all), "source_kept")},
    )


def _create_draft(init: SmsState, p: Params) -> Cases:
    n, m = p["number"], p["message"]
    return Cases(
        gold=_with(init, msg(DRAFT, n, m)),
        tolerated={"plus_one_and_sloppy_body": _with(init, msg(DRAFT, plus_one(n), sloppy(m)))},
        near_misses={"saved_and_sent": NearMiss(_with(init, msg(DRAFT, n, m), msg(SENT, other_number(n), m)),
                                                "nothing_sent"),
                     "draft_to_wrong_number": NearMiss(_with(init, msg(DRAFT, other_number(n), m)), "draft"),
                     "draft_body_changed": NearMiss(_with(init, msg(DRAFT, n, truncated(m))), "draft")},
    )


def _edit_draft(init: SmsState, p: Params) -> Cases:
    n, old, new = p["number"], p["old_message"], p["new_message"]
    return Cases(
        gold=_with(init, msg(DRAFT, n, new), drop=_all),
        tolerated={"sloppy_body": _with(init, msg(DRAFT, n, sloppy(new)), drop=_all)},
        near_misses={"old_text_kept_in_another_draft": NearMiss(
                         _with(init, msg(DRAFT, n, new), msg(DRAFT, other_number(n), old), drop=_all),
                         "old_draft_gone"),
                     "new_draft_to_wrong_number": NearMiss(_with(init, msg(DRAFT, other_number(n), new), drop=_all),
                                                           "draft"),
                     "edited_and_sent_something": NearMiss(
                         _with(init, msg(DRAFT, n, new), msg(SENT, other_number(n), new), drop=_all), "nothing_sent")},
    )


def _delete_conversation(init: SmsState, p: Params) -> Cases:
    n = p["number"]
    gold = _with(init, drop=lambda r: r.address == n)
    return Cases(
        gold=gold,
        near_misses={"decoy_deleted_too": NearMiss(_with(init, drop=_all), "decoy_kept"),
                     "one_message_left": NearMiss(_with(init, drop=lambda r: r.address == n and r.body != "hello"),
                                                  "thread_gone"),
                     "thread_never_seeded": NearMiss(gold, "existed_at_start", first_read=gold)},
    )


def _forward(init: SmsState, p: Params) -> Cases:
    s, t, m = p["source_number"], p["target_number"], p["message"]
    return Cases(
        gold=_with(init, msg(SENT, t, m)),
        tolerated={"fwd_prefix": _with(init, msg(SENT, t, f"Fwd: {m}")),
                   "quote_header": _with(init, msg(SENT, t, f"---- Forwarded message from {s} ----\n{m}"))},
        near_misses={"different_body": NearMiss(_with(init, msg(SENT, t, truncated(m))), "forwarded"),
                     "negated_body": NearMiss(_with(init, msg(SENT, t, f"Not {m[0].lower()}{m[1:]}")), "forwarded"),
                     "source_row_deleted": NearMiss(_with(init, msg(SENT, t, m), drop=_all), "source_kept"),
                     "also_sent_to_source": NearMiss(_with(init, msg(SENT, t, m), msg(SENT, s, m)),
                                                     "source_untouched")},
    )


_BUILDERS: dict[str, Callable[[SmsState, Params], Cases]] = {
    "SmsSend": _send,
    "SmsSendToContact": _send_to_contact,
    "SmsReply": _reply,
    "SmsReplyMostRecent": _reply_most_recent,
    "SmsResend": _resend,
    "SmsSendReceivedAddress": _send_received_address,
    "SmsCreateDraftMessage": _create_draft,
    "SmsEditDraftMessage": _edit_draft,
    "SmsDeleteConversation": _delete_conversation,
    "SmsForwardMessage": _forward,
}
