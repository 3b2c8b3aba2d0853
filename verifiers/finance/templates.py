"""Finance category: the 10 templates of the notes (tasks_part2 §3B), one meaning in every app.

Decisions that differ from the prior release (docs/finance.md has the full quirk table):

* **Paired parameters**: every template draws from its instance seed only, so all six apps get
  byte-identical parameters and the same seeded transactions (the prior release sampled per app
  and seeded different noise rows per app).
* **Amounts** are compared exactly in cents, **notes** and **categories** by :func:`norm` (case,
  Unicode form and whitespace runs only). Expense vs income is part of every criterion.
* **Deletes** seed the rows they delete (the prior release seeded nothing in four apps, so a
  delete "succeeded" with no action); a latch clause requires the target in the first read.
* **CategorySummary / DateRangeTotal** were screen-marker checks ("total", "to" ... match almost
  any screen). They are now retrieval questions over seeded transactions, answered with the
  amount (``answer``), which every app can show.
* **AttachReceipt** seeded no image and only one app can attach files at all; it now asks for the
  receipt's total as one expense (note, amount = the sum of the listed items, category).
* **TransferBetweenWallets** asked to stop before confirming (a screen-only outcome); it now asks
  for the transfer, read from the store. Apps without wallets or transfers decline it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.templates.base import CategoryState, Clause, Params, TaskTemplate, Verdict
from pytest_anyapp.templates.base import verdict as combine
from verifiers.answers import Amount, judge
from verifiers.finance.state import (
    DEFAULT_WALLET,
    INCOME_CATEGORY,
    TODAY,
    FinanceState,
    Transaction,
    Transfer,
    cents_text,
    same_text,
    to_cents,
)

# -- parameter domains (notes §3B) -------------------------------------------------------------------

NOTES: tuple[str, ...] = ("Lunch at cafe", "Bus ticket", "Coffee", "Groceries", "Movie ticket", "Book purchase",
                          "Gym membership", "Gas", "Pharmacy", "Streaming subscription")
CATEGORIES: tuple[str, ...] = ("Food", "Entertainment", "Transportation", "Housing", "Health Care", "Education",
                               "Others")
AMOUNTS: tuple[str, ...] = ("4.50", "9.99", "12.00", "18.75", "25.00", "32.40", "45.99", "60.00", "95.50", "120.00")
MONTHS: tuple[str, ...] = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                           "October", "November", "December")
INCOME_NOTES: tuple[str, ...] = ("Salary", "Freelance payment", "Gift from family", "Tax refund", "Bonus")
STORES: tuple[str, ...] = ("Corner Market", "City Pharmacy", "Green Grocer", "Book Nook")
#: The noise row the delete/edit templates keep (notes §3C); the same in every app now.
KEEP_NOTE = "Keep this expense"
SECOND_WALLET = "Bank"


def _tx(note: str, amount: str, category: str, day: str = TODAY, *, income: bool = False) -> Transaction:
    return Transaction(note=note, amount_cents=to_cents(amount), income=income, category=category, day=day)


def _keep() -> Transaction:
    return _tx(KEEP_NOTE, "4.50", "Others", "2023-10-14")


def seeded(*rows: Transaction, wallets: Sequence[str] = (DEFAULT_WALLET,)) -> FinanceState:
    """A store with the category list every app is seeded with and ``rows``."""
    return FinanceState(transactions=list(rows), wallets=list(wallets), categories=list(CATEGORIES))


def verdict(clauses: Sequence[Clause], state: FinanceState, **evidence: Any) -> Verdict:
    return combine(clauses, transactions=[t.describe() for t in state.transactions],
                   transfers=[t.describe() for t in state.transfers], **evidence)


def _best(rows: list[Transaction], amount_cents: int, category: str, income: bool) -> Transaction | None:
    """The row with the note that matches most of (amount, kind+category)."""
    def score(t: Transaction) -> int:
        return (t.amount_cents == amount_cents) + (t.income == income and same_text(t.category, category))
    return max(rows, key=score, default=None)


def _entry_clauses(state: FinanceState, note: str, amount: str, category: str, *, income: bool) -> list[Clause]:
    """amount / category clauses for one wanted row, judged on its best match."""
    cents = to_cents(amount)
    best = _best(state.with_note(note), cents, category, income)
    kind = "income" if income else "expense"
    return [
        Clause("amount", f"a transaction {note!r} of {amount} exists", best is not None and best.amount_cents == cents),
        Clause("category", f"a transaction {note!r} is an {kind} in category {category!r}",
               best is not None and best.income == income and same_text(best.category, category)),
    ]


def _exact(state: FinanceState, row: Transaction) -> bool:
    return any(t.amount_cents == row.amount_cents and t.income == row.income and same_text(t.category, row.category)
               for t in state.with_note(row.note))


def _kept(state: FinanceState, row: Transaction) -> Clause:
    return Clause("others_kept", f"the other transaction {row.note!r} is still there", _exact(state, row))


class FinanceTemplate(TaskTemplate[FinanceState]):
    category: ClassVar[Category] = Category.FINANCE
    state_type: ClassVar[type[CategoryState]] = FinanceState


class ExpenseAddSingle(FinanceTemplate):
    """Add one expense (note, amount, category). Success: a row with the note, that amount, recorded
    as an expense in that category. The prior release ignored the category and the direction."""

    semantic_id = "ExpenseAddSingle"
    instruction = 'Add an expense "{note}" of {amount} in the category {category} in {app}.'
    complexity = 2.0
    origin = "androidworld_adapted"

    def sample_params(self, rng: random.Random) -> Params:
        return {"note": rng.choice(NOTES), "amount": rng.choice(AMOUNTS), "category": rng.choice(CATEGORIES)}

    def initial_state(self, params: Params) -> FinanceState:
        return seeded(_keep())

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        return verdict(_entry_clauses(state, params["note"], params["amount"], params["category"], income=False), state)


class ExpenseAddIncome(FinanceTemplate):
    """Add an income (note, amount) in the category Income. Success: a row with the note and amount
    recorded as income in category Income (the prior release only looked for the note on screen)."""

    semantic_id = "ExpenseAddIncome"
    instruction = 'Add an income "{note}" of {amount} in the category Income in {app}.'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        return {"note": rng.choice(INCOME_NOTES), "amount": rng.choice(AMOUNTS)}

    def initial_state(self, params: Params) -> FinanceState:
        return seeded(_keep())

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        return verdict(_entry_clauses(state, params["note"], params["amount"], INCOME_CATEGORY, income=True), state)


def _listing(expenses: list[dict[str, str]]) -> str:
    """``"Coffee" 9.99 (Food); ...`` (the prior release pasted Python dict text into the goal)."""
    return "; ".join(f'"{e["note"]}" {e["amount"]} ({e["category"]})' for e in expenses)


def _three(rng: random.Random) -> list[dict[str, str]]:
    notes = rng.sample(NOTES, 3)
    return [{"note": n, "amount": rng.choice(AMOUNTS), "category": rng.choice(CATEGORIES)} for n in notes]


class ExpenseAddMultiple(FinanceTemplate):
    """Add three listed expenses. Success: each (note, amount, expense, category) exists."""

    semantic_id = "ExpenseAddMultiple"
    instruction = "Add these three expenses in {app}: {listing}."
    complexity = 3.0

    def sample_params(self, rng: random.Random) -> Params:
        expenses = _three(rng)
        return {"expenses": expenses, "listing": _listing(expenses)}

    def initial_state(self, params: Params) -> FinanceState:
        return seeded(_keep())

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        clauses = []
        for i, e in enumerate(params["expenses"], 1):
            row = _tx(e["note"], e["amount"], e["category"])
            clauses.append(Clause(f"expense_{i}", f"expense {e['note']!r} {e['amount']} in {e['category']!r} exists",
                                  _exact(state, row)))
        return verdict(clauses, state)


class ExpenseEditExpense(FinanceTemplate):
    """Change a seeded expense's note and amount. Success: no row keeps the old note, a row with the
    new note and amount exists, and the other seeded expense is untouched."""

    semantic_id = "ExpenseEditExpense"
    instruction = 'In {app}, change the expense "{old_note}" to "{new_note}" with the amount {new_amount}.'
    complexity = 2.4

    def sample_params(self, rng: random.Random) -> Params:
        old, new = rng.sample(NOTES, 2)
        old_amount, new_amount = rng.sample(AMOUNTS, 2)
        return {"old_note": old, "old_amount": old_amount, "new_note": new, "new_amount": new_amount,
                "category": rng.choice(CATEGORIES)}

    def initial_state(self, params: Params) -> FinanceState:
        return seeded(_tx(params["old_note"], params["old_amount"], params["category"], "2023-10-13"), _keep())

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        new_cents = to_cents(params["new_amount"])
        return verdict([
            Clause("old_gone", f"no transaction is called {params['old_note']!r} any more",
                   not state.with_note(params["old_note"])),
            Clause("new_present", f"an expense {params['new_note']!r} of {params['new_amount']} exists",
                   any(t.amount_cents == new_cents and not t.income for t in state.with_note(params["new_note"]))),
            _kept(state, _keep()),
        ], state)


class ExpenseDeleteSingle(FinanceTemplate):
    """Delete one seeded expense. Success: it was there after seeding (latch), it is gone now, and
    the other seeded expense is kept. Fixes the prior release's delete that seeded nothing."""

    semantic_id = "ExpenseDeleteSingle"
    instruction = 'Delete the expense "{note}" in {app}.'
    complexity = 1.4
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return {"note": rng.choice(NOTES), "amount": rng.choice(AMOUNTS), "category": rng.choice(CATEGORIES)}

    def initial_state(self, params: Params) -> FinanceState:
        return seeded(_tx(params["note"], params["amount"], params["category"], "2023-10-12"), _keep())

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        first = history[0] if history else state
        return verdict([
            Clause("was_seeded", f"{params['note']!r} was in the store after seeding", bool(first.with_note(params["note"]))),
            Clause("target_gone", f"no transaction {params['note']!r} is left", not state.with_note(params["note"])),
            _kept(state, _keep()),
        ], state)


class ExpenseDeleteDuplicates(FinanceTemplate):
    """Two identical expenses were recorded by mistake: delete one. Success: there were two after
    seeding (latch), exactly one is left, and the other seeded expense is kept."""

    semantic_id = "ExpenseDeleteDuplicates"
    instruction = 'The expense "{note}" was recorded twice in {app}. Delete the duplicate so only one remains.'
    complexity = 2.4
    uses_latch = True

    def sample_params(self, rng: random.Random) -> Params:
        return {"note": rng.choice(NOTES), "amount": rng.choice(AMOUNTS), "category": rng.choice(CATEGORIES)}

    def initial_state(self, params: Params) -> FinanceState:
        row = _tx(params["note"], params["amount"], params["category"], TODAY)  # dated today: the dialog types a copy
        return seeded(row, row.model_copy(), _keep())

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        first = history[0] if history else state
        row = _tx(params["note"], params["amount"], params["category"], TODAY)
        left = [t for t in state.with_note(params["note"])]
        return verdict([
            Clause("was_duplicated", f"{params['note']!r} was there twice after seeding",
                   len(first.with_note(params["note"])) == 2),
            Clause("one_left", f"exactly one {params['note']!r} is left (found {len(left)})",
                   len(left) == 1 and _exact(state, row)),
            _kept(state, _keep()),
        ], state)


def _summary_rows(rng: random.Random, target: str) -> list[dict[str, str]]:
    """Six expenses this month: two or three in ``target``, the rest elsewhere, plus an income."""
    others = [c for c in CATEGORIES if c != target]
    notes = rng.sample(NOTES, 6)
    n_target = rng.choice((2, 3))
    cats = [target] * n_target + [rng.choice(others) for _ in range(6 - n_target)]
    return [{"note": n, "amount": rng.choice(AMOUNTS), "category": c, "day": f"2023-10-{2 + 2 * i:02d}"}
            for i, (n, c) in enumerate(zip(notes, cats, strict=True))]


def _rows_state(rows: list[dict[str, str]]) -> FinanceState:
    txs = [_tx(r["note"], r["amount"], r["category"], r["day"], income=r.get("income") == "yes") for r in rows]
    return seeded(*txs)


class ExpenseCategorySummary(FinanceTemplate):
    """How much was spent in one category (retrieval). Seeds six expenses this month and one
    income in the same category name space; the answer is the category's expense total."""

    semantic_id = "ExpenseCategorySummary"
    instruction = ("In {app}, how much have I spent in total in the category {category_name}? "
                   "Answer with the amount only.")
    complexity = 1.4
    answer_task = True

    def sample_params(self, rng: random.Random) -> Params:
        category = rng.choice(CATEGORIES)
        rows = _summary_rows(rng, category)
        rows.append({"note": rng.choice(INCOME_NOTES), "amount": rng.choice(AMOUNTS), "category": INCOME_CATEGORY,
                     "day": "2023-10-01", "income": "yes"})
        return {"category_name": category, "rows": rows}

    def initial_state(self, params: Params) -> FinanceState:
        return _rows_state(params["rows"])

    def total(self, params: Params) -> int:
        return sum(to_cents(r["amount"]) for r in params["rows"]
                   if r["category"] == params["category_name"] and r.get("income") != "yes")

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        return verdict(judge(self.expected_answer(params), answer), state, answer=answer)

    def expected_answer(self, params: Params) -> Amount:
        return Amount(self.total(params), f"expenses in {params['category_name']}")


class ExpenseDateRangeTotal(FinanceTemplate):
    """Total spending in one month of 2023 (retrieval). Seeds expenses in that month and in the
    months around it plus an income inside it; the answer is the month's expense total. The
    prior release checked only for words like "total" or "to" on screen."""

    semantic_id = "ExpenseDateRangeTotal"
    instruction = "In {app}, what was my total spending in {month} 2023? Answer with the amount only."
    complexity = 1.4
    answer_task = True

    def sample_params(self, rng: random.Random) -> Params:
        index = rng.randrange(1, 9)  # February .. September: a month before and after exist in 2023
        month = MONTHS[index]
        notes = rng.sample(NOTES, 6)
        rows: list[dict[str, str]] = []
        for i, (m, day) in enumerate([(index, 3), (index, 17), (index, 28), (index - 1, 27), (index + 1, 2),
                                      (index + 1, 9)]):
            rows.append({"note": notes[i], "amount": rng.choice(AMOUNTS), "category": rng.choice(CATEGORIES),
                         "day": f"2023-{m + 1:02d}-{day:02d}"})
        rows.append({"note": rng.choice(INCOME_NOTES), "amount": rng.choice(AMOUNTS), "category": INCOME_CATEGORY,
                     "day": f"2023-{index + 1:02d}-15", "income": "yes"})
        return {"month": month, "rows": rows}

    def initial_state(self, params: Params) -> FinanceState:
        return _rows_state(params["rows"])

    def total(self, params: Params) -> int:
        prefix = f"2023-{MONTHS.index(params['month']) + 1:02d}-"
        return sum(to_cents(r["amount"]) for r in params["rows"]
                   if r["day"].startswith(prefix) and r.get("income") != "yes")

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        return verdict(judge(self.expected_answer(params), answer), state, answer=answer)

    def expected_answer(self, params: Params) -> Amount:
        return Amount(self.total(params), f"expenses in {params['month']} 2023")


class ExpenseAttachReceipt(FinanceTemplate):
    """Record a receipt's total as one expense. Reworked: the prior release asked to attach an image
    it never seeded, which only one of the six apps can do at all; the receipt's items are now in
    the goal and the expense must carry their sum."""

    semantic_id = "ExpenseAttachReceipt"
    instruction = ('In {app}, record the receipt from {store} as one expense "{store} receipt" in the category '
                   "{category} for the receipt's total. The receipt lists: {items}.")
    complexity = 3.4

    def sample_params(self, rng: random.Random) -> Params:
        store = rng.choice(STORES)
        picked = rng.sample(NOTES, 3)
        amounts = [rng.choice(AMOUNTS) for _ in picked]
        items = ", ".join(f"{n} {a}" for n, a in zip(picked, amounts, strict=True))
        return {"store": store, "category": rng.choice(CATEGORIES), "items": items,
                "item_amounts": amounts}

    def initial_state(self, params: Params) -> FinanceState:
        return seeded(_keep())

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        total = cents_text(sum(to_cents(a) for a in params["item_amounts"]))
        return verdict(_entry_clauses(state, f"{params['store']} receipt", total, params["category"], income=False),
                       state)


class ExpenseTransferBetweenWallets(FinanceTemplate):
    """Move money from the Cash wallet to the Bank wallet. Reworked from "start a transfer and stop
    before confirming" (an outcome only the screen shows) to the transfer itself, read from the
    store: one transfer Cash -> Bank of the amount, and no expense or income recorded instead."""

    semantic_id = "ExpenseTransferBetweenWallets"
    instruction = 'In {app}, transfer {amount} from the wallet "Cash" to the wallet "Bank".'
    complexity = 2.0

    def sample_params(self, rng: random.Random) -> Params:
        return {"amount": rng.choice(AMOUNTS)}

    def initial_state(self, params: Params) -> FinanceState:
        return seeded(_keep(), wallets=(DEFAULT_WALLET, SECOND_WALLET))

    def check(self, params: Params, state: FinanceState, history: Sequence[FinanceState], answer: str | None) -> Verdict:
        cents = to_cents(params["amount"])

        def direction(t: Transfer) -> bool:
            return same_text(t.source, DEFAULT_WALLET) and same_text(t.target, SECOND_WALLET)

        best = max(state.transfers, key=lambda t: direction(t) + (t.amount_cents == cents), default=None)
        return verdict([
            Clause("transferred", "a transfer goes from Cash to Bank", best is not None and direction(best)),
            Clause("amount", f"the transfer moves {params['amount']}", best is not None and best.amount_cents == cents),
            Clause("no_new_entries", "no expense or income was recorded instead",
                   [t.describe() for t in state.transactions] == [_keep().describe()]),
        ], state)


TEMPLATES: list[type[FinanceTemplate]] = [
    ExpenseAddSingle, ExpenseAddIncome, ExpenseAddMultiple, ExpenseEditExpense, ExpenseDeleteSingle,
    ExpenseDeleteDuplicates, ExpenseCategorySummary, ExpenseDateRangeTotal, ExpenseAttachReceipt,
    ExpenseTransferBetweenWallets,
]

