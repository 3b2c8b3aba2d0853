"""Hand-built end states per SMS template: the gold state, states a lenient-but-fair verifier must
accept (tolerated) and near misses it must reject. Shared by the pure and the conformance tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pytest_anyapp.templates.base import Params
from pytest_anyapp.templates.sms import (
    DRAFT,
    FAILED,
    INBOX,
    OUTBOX,
    SENT,
    SmsMessage,
    SmsState,
    SmsTemplate,
    paired_source_number,
    phone_digits,
)


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
    """Case and whitespace changes only (tolerated by design, see templates/sms.py)."""
    return "  " + body.swapcase().replace(" ", "   ") + " \n"


def truncated(body: str) -> str:
    """A real content change: the last character dropped."""
    return body[:-1]


@dataclass(frozen=True)
class Cases:
    gold: SmsState
    tolerated: dict[str, SmsState]
    near_misses: dict[str, SmsState]
    #: Near misses that need a different first read (the latch), by name.
    history_override: dict[str, SmsState]


def _with(initial: SmsState, *extra: SmsMessage, drop: Callable[[SmsMessage], bool] | None = None) -> SmsState:
    kept = [m for m in initial.messages if drop is None or not drop(m)]
    return SmsState(messages=[*kept, *extra], contacts=initial.contacts)


def build(template: SmsTemplate, params: Params) -> Cases:
    init = template.initial_state(params)
    sid = template.semantic_id
    p = params
    if sid in ("SmsSend", "SmsSendToContact"):
        n, m = p["number"], p["message"]
        return Cases(
            gold=_with(init, msg(SENT, n, m)),
            tolerated={"plus_one_and_sloppy_body": _with(init, msg(SENT, plus_one(n), sloppy(m))),
                       "still_in_outbox": _with(init, msg(OUTBOX, n, m))},
            near_misses={"wrong_number": _with(init, msg(SENT, other_number(n), m)),
                         "suffix_only_number": _with(init, msg(SENT, suffix_number(n), m)),
                         "body_changed": _with(init, msg(SENT, n, truncated(m))),
                         "kept_as_draft": _with(init, msg(DRAFT, n, m)),
                         "send_failed": _with(init, msg(FAILED, n, m))},
            history_override={},
        )
    if sid == "SmsReply":
        n, d, m = p["number"], p["decoy_number"], p["message"]
        return Cases(
            gold=_with(init, msg(SENT, n, m)),
            tolerated={"sloppy_body": _with(init, msg(SENT, n, sloppy(m)))},
            near_misses={"sent_to_decoy": _with(init, msg(SENT, d, m)),
                         "also_texted_decoy": _with(init, msg(SENT, n, m), msg(SENT, d, "ok")),
                         "seed_row_deleted": _with(init, msg(SENT, n, m), drop=lambda r: r.address == n),
                         "suffix_only_number": _with(init, msg(SENT, suffix_number(n), m))},
            history_override={},
        )
    if sid == "SmsReplyMostRecent":
        n, m = p["number"], p["message"]
        return Cases(
            gold=_with(init, msg(SENT, n, m)),
            tolerated={"plus_one": _with(init, msg(SENT, plus_one(n), m))},
            near_misses={"seed_row_deleted": _with(init, msg(SENT, n, m), drop=lambda r: r.box == INBOX),
                         "also_sent_elsewhere": _with(init, msg(SENT, n, m), msg(SENT, other_number(n), m)),
                         "body_changed": _with(init, msg(SENT, n, truncated(m)))},
            history_override={},
        )
    if sid == "SmsResend":
        n, m = p["number"], p["message"]
        return Cases(
            gold=_with(init, msg(SENT, n, m)),
            tolerated={"sloppy_body": _with(init, msg(SENT, n, sloppy(m)))},
            near_misses={"seed_deleted_then_sent_once": _with(init, msg(SENT, n, m), drop=lambda r: True),
                         "different_body": _with(init, msg(SENT, n, truncated(m))),
                         "saved_as_draft": _with(init, msg(DRAFT, n, m)),
                         "sent_to_wrong_number": _with(init, msg(SENT, other_number(n), m))},
            history_override={},
        )
    if sid == "SmsSendReceivedAddress":
        n, a = p["number"], p["message"]
        src = paired_source_number(n)
        return Cases(
            gold=_with(init, msg(SENT, n, a)),
            tolerated={"sloppy_body": _with(init, msg(SENT, n, sloppy(a)))},
            near_misses={"sent_back_to_source": _with(init, msg(SENT, src, a)),
                         "also_sent_to_source": _with(init, msg(SENT, n, a), msg(SENT, src, a)),
                         "source_row_deleted": _with(init, msg(SENT, n, a), drop=lambda r: True),
                         "zip_dropped": _with(init, msg(SENT, n, a.rsplit(" ", 1)[0]))},
            history_override={},
        )
    if sid == "SmsCreateDraftMessage":
        n, m = p["number"], p["message"]
        return Cases(
            gold=_with(init, msg(DRAFT, n, m)),
            tolerated={"sloppy_body": _with(init, msg(DRAFT, plus_one(n), sloppy(m)))},
            near_misses={"sent_instead_of_saved": _with(init, msg(SENT, n, m)),
                         "saved_and_sent": _with(init, msg(DRAFT, n, m), msg(SENT, n, m)),
                         "draft_to_wrong_number": _with(init, msg(DRAFT, other_number(n), m)),
                         "draft_body_changed": _with(init, msg(DRAFT, n, truncated(m)))},
            history_override={},
        )
    if sid == "SmsEditDraftMessage":
        n, new = p["number"], p["new_message"]
        return Cases(
            gold=_with(init, msg(DRAFT, n, new), drop=lambda r: True),
            tolerated={"sloppy_body": _with(init, msg(DRAFT, n, sloppy(new)), drop=lambda r: True)},
            near_misses={"old_draft_left": _with(init, msg(DRAFT, n, new)),
                         "draft_sent": _with(init, msg(SENT, n, new), drop=lambda r: True),
                         "new_draft_to_wrong_number": _with(init, msg(DRAFT, other_number(n), new),
                                                            drop=lambda r: True),
                         "unchanged": init},
            history_override={},
        )
    if sid == "SmsDeleteConversation":
        n, d = p["number"], p["decoy_number"]
        gold = _with(init, drop=lambda r: r.address == n)
        return Cases(
            gold=gold,
            tolerated={},
            near_misses={"decoy_deleted_too": SmsState(),
                         "one_message_left": _with(init, drop=lambda r: r.address == n and r.body != "hello"),
                         "deleted_decoy_instead": _with(init, drop=lambda r: r.address == d),
                         "thread_never_seeded": gold},
            history_override={"thread_never_seeded": gold},
        )
    if sid == "SmsForwardMessage":
        s, t, m = p["source_number"], p["target_number"], p["message"]
        return Cases(
            gold=_with(init, msg(SENT, t, m)),
            tolerated={"fwd_prefix": _with(init, msg(SENT, t, f"Fwd: {m}")),
                       "quote_header": _with(init, msg(SENT, t, f"---- Forwarded message from {s} ----\n{m}"))},
            near_misses={"sent_back_to_source": _with(init, msg(SENT, s, m)),
                         "different_body": _with(init, msg(SENT, t, truncated(m))),
                         "source_row_deleted": _with(init, msg(SENT, t, m), drop=lambda r: True),
                         "also_sent_to_source": _with(init, msg(SENT, t, m), msg(SENT, s, m))},
            history_override={},
        )
    raise KeyError(f"no cases for {sid}")
