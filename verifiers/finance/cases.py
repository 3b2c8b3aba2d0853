"""Conformance cases per Finance template: the gold end state, tolerated variants, and near misses
that each break exactly one clause (named by its key); for the two retrieval templates, wrong,
partial, extra and missing answers.

Every case is a state every scheduled app can hold in its own store: one wallet-less expense list
for Pro Expense (income is its category 2, so an income always sits in category Income), and
transfers only for the template the wallet-less apps decline.
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.templates.base import Params, TaskTemplate
from verifiers.bundle import Cases, NearMiss
from verifiers.finance.state import (
    DEFAULT_WALLET,
    INCOME_CATEGORY,
    FinanceState,
    Transaction,
    Transfer,
    cents_text,
    to_cents,
)
from verifiers.finance.templates import (
    CATEGORIES,
    KEEP_NOTE,
    SECOND_WALLET,
    ExpenseCategorySummary,
    ExpenseDateRangeTotal,
)


def _with(state: FinanceState, *extra: Transaction, drop: str | None = None, drop_one: bool = False,
          transfers: list[Transfer] | None = None) -> FinanceState:
    rows = list(state.transactions)
    if drop is not None:
        hits = [i for i, t in enumerate(rows) if t.note == drop]
        for i in reversed(hits[:1] if drop_one else hits):
            rows.pop(i)
    return state.model_copy(update={"transactions": [*rows, *extra],
                                    "transfers": state.transfers if transfers is None else transfers})


def _other_category(category: str) -> str:
    return next(c for c in CATEGORIES if c != category)


def _other_amount(cents: int) -> int:
    return cents + 100


def _tx(note: str, cents: int, category: str, *, income: bool = False) -> Transaction:
    return Transaction(note=note, amount_cents=cents, income=income, category=category)


def _entry_cases(initial: FinanceState, note: str, cents: int, category: str, *, income: bool) -> Cases:
    gold = _with(initial, _tx(note, cents, category, income=income))
    wrong_kind = (_tx(note, cents, _other_category("x"), income=False) if income
                  else _tx(note, cents, INCOME_CATEGORY, income=True))
    return Cases(
        gold=gold,
        tolerated={"case_and_spaces": _with(initial, _tx(f"  {note.upper()} ", cents, category, income=income))},
        near_misses={
            "wrong_amount": NearMiss(_with(initial, _tx(note, _other_amount(cents), category, income=income)), "amount"),
            "wrong_kind": NearMiss(_with(initial, wrong_kind), "category"),
            **({} if income else {"wrong_category": NearMiss(
                _with(initial, _tx(note, cents, _other_category(category))), "category")}),
        },
    )


def _answer_cases(initial: FinanceState, total: int, part: int) -> Cases:
    return Cases(
        gold=initial, answer=cents_text(total),
        tolerated_answers={"currency": f"${total // 100:,}.{total % 100:02d}", "sentence": f"{cents_text(total)} USD"},
        near_misses={
            "wrong": NearMiss(initial, "answer_total", answer=cents_text(total + 100)),
            "partial": NearMiss(initial, "answer_total", answer=cents_text(part)),
            "extra": NearMiss(initial, "answer_total", answer=f"{cents_text(total)} and {cents_text(part)}"),
            "none": NearMiss(initial, "answer_total", answer=""),
        },
    )


def cases(template: TaskTemplate[Any], params: Params) -> Cases:
    """The cases of ``template`` at ``params`` (every clause key is the target of a near miss)."""
    initial = template.initial_state(params)
    assert isinstance(initial, FinanceState)
    keep = next(t for t in initial.transactions if t.note == KEEP_NOTE) if any(
        t.note == KEEP_NOTE for t in initial.transactions) else None
    sid = template.semantic_id
    if sid == "ExpenseAddSingle":
        return _entry_cases(initial, params["note"], to_cents(params["amount"]), params["category"], income=False)
    if sid == "ExpenseAddIncome":
        return _entry_cases(initial, params["note"], to_cents(params["amount"]), INCOME_CATEGORY, income=True)
    if sid == "ExpenseAttachReceipt":
        total = sum(to_cents(a) for a in params["item_amounts"])
        c = _entry_cases(initial, f"{params['store']} receipt", total, params["category"], income=False)
        part = to_cents(params["item_amounts"][0])
        return Cases(gold=c.gold, tolerated=c.tolerated, near_misses={
            **c.near_misses,
            "first_item_only": NearMiss(_with(initial, _tx(f"{params['store']} receipt", part, params["category"])),
                                        "amount")})
    if sid == "ExpenseAddMultiple":
        rows = [_tx(e["note"], to_cents(e["amount"]), e["category"]) for e in params["expenses"]]
        return Cases(
            gold=_with(initial, *rows),
            tolerated={"other_order": _with(initial, *reversed(rows))},
            near_misses={f"missing_{i}": NearMiss(_with(initial, *(r for j, r in enumerate(rows, 1) if j != i)),
                                                  f"expense_{i}") for i in (1, 2, 3)},
        )
    if sid == "ExpenseEditExpense":
        assert keep is not None
        old = next(t for t in initial.transactions if t.note == params["old_note"])
        new = old.model_copy(update={"note": params["new_note"], "amount_cents": to_cents(params["new_amount"])})
        return Cases(
            gold=_with(initial, new, drop=params["old_note"]),
            tolerated={"category_changed_too": _with(
                initial, new.model_copy(update={"category": _other_category(old.category)}), drop=params["old_note"])},
            near_misses={
                "added_not_edited": NearMiss(_with(initial, new), "old_gone"),
                "amount_unchanged": NearMiss(_with(initial, old.model_copy(update={"note": params["new_note"]}),
                                                   drop=params["old_note"]), "new_present"),
                "other_deleted": NearMiss(_with(initial, new, drop=params["old_note"]).model_copy(update={
                    "transactions": [t for t in _with(initial, new, drop=params["old_note"]).transactions
                                     if t.note != KEEP_NOTE]}), "others_kept"),
            },
        )
    if sid == "ExpenseDeleteSingle":
        gold = _with(initial, drop=params["note"])
        empty = gold.model_copy(update={"transactions": []})
        return Cases(gold=gold, near_misses={
            "never_seeded": NearMiss(gold, "was_seeded", first_read=gold),
            "not_deleted": NearMiss(initial, "target_gone"),
            "deleted_everything": NearMiss(empty, "others_kept"),
        })
    if sid == "ExpenseDeleteDuplicates":
        gold = _with(initial, drop=params["note"], drop_one=True)
        both_gone = _with(initial, drop=params["note"])
        return Cases(gold=gold, near_misses={
            "seeded_once": NearMiss(gold, "was_duplicated", first_read=gold),
            "both_deleted": NearMiss(both_gone, "one_left"),
            "other_deleted_too": NearMiss(_with(gold, drop=KEEP_NOTE), "others_kept"),
        })
    if sid == "ExpenseCategorySummary":
        assert isinstance(template, ExpenseCategorySummary)
        picked = [r for r in params["rows"] if r["category"] == params["category_name"]]
        return _answer_cases(initial, template.total(params), to_cents(picked[0]["amount"]))
    if sid == "ExpenseDateRangeTotal":
        assert isinstance(template, ExpenseDateRangeTotal)
        return _answer_cases(initial, template.total(params), to_cents(params["rows"][0]["amount"]))
    if sid == "ExpenseTransferBetweenWallets":
        cents = to_cents(params["amount"])
        move = Transfer(amount_cents=cents, source=DEFAULT_WALLET, target=SECOND_WALLET)
        return Cases(gold=_with(initial, transfers=[move]), near_misses={
            "reversed": NearMiss(_with(initial, transfers=[Transfer(amount_cents=cents, source=SECOND_WALLET,
                                                                    target=DEFAULT_WALLET)]), "transferred"),
            "wrong_amount": NearMiss(_with(initial, transfers=[move.model_copy(update={"amount_cents": cents + 100})]),
                                     "amount"),
            "expense_instead_too": NearMiss(_with(initial, _tx("Transfer to Bank", cents, "Others"), transfers=[move]),
                                            "no_new_entries"),
        })
    raise KeyError(f"no cases for {sid}")
