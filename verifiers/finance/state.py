"""The Finance state model: transactions and transfers as a verifier sees them, app-neutral.

Every app keeps amounts and dates in its own units (My Expenses: signed minor units and epoch
seconds; Pro Expense: positive cents, income as category 2, epoch ms; Oinkoin: signed REAL major
units, epoch ms; Sushi: signed JSON numbers, ISO-8601 strings). Each adapter converts to this
model: a positive amount in cents, an ``income`` flag, the category's name and the UTC day.
Written independently of the simulator's own conversions (a test on one side catches the other).
"""

from __future__ import annotations

import re
import unicodedata
from decimal import ROUND_HALF_UP, Decimal

from pydantic import BaseModel, Field

from pytest_anyapp.constants import FROZEN_DEVICE_TIME_S
from pytest_anyapp.templates.base import CategoryState

#: The device's day during an episode (2023-10-15, the frozen clock), as ``yyyy-mm-dd`` UTC.
TODAY = "2023-10-15"
FROZEN_S = FROZEN_DEVICE_TIME_S

#: The default wallet every app is seeded with (the neutral noun; My Expenses calls it an account).
DEFAULT_WALLET = "Cash"
INCOME_CATEGORY = "Income"


class Transaction(BaseModel):
    """One expense or income row, reduced to what a criterion may use."""

    note: str
    amount_cents: int = Field(description="Magnitude in cents (> 0); the direction is ``income``.")
    income: bool = False
    category: str = ""
    day: str = Field(default=TODAY, description="The transaction's date, yyyy-mm-dd (UTC).")

    def describe(self) -> str:
        kind = "income" if self.income else "expense"
        return f"{kind} {self.note!r} {cents_text(self.amount_cents)} [{self.category}] {self.day}"


class Transfer(BaseModel):
    """Money moved from one wallet to another (not an expense, not an income)."""

    amount_cents: int
    source: str
    target: str

    def describe(self) -> str:
        return f"transfer {cents_text(self.amount_cents)} {self.source} -> {self.target}"


class FinanceState(CategoryState):
    """The finance store as a verifier sees it. Wallets and categories are seeded, not read back."""

    transactions: list[Transaction] = Field(default_factory=list)
    transfers: list[Transfer] = Field(default_factory=list)
    wallets: list[str] = Field(default_factory=lambda: [DEFAULT_WALLET])
    categories: list[str] = Field(default_factory=list, description="Expense categories to seed.")

    def read_back(self) -> tuple[list[tuple[str, int, bool, str, str]], list[tuple[int, str, str]]]:
        """Transactions as (note, cents, income, category, day) and transfers, sorted; notes and
        names compared as :func:`norm` sees them."""
        rows = sorted((norm(t.note), t.amount_cents, t.income, norm(t.category), t.day) for t in self.transactions)
        moves = sorted((t.amount_cents, norm(t.source), norm(t.target)) for t in self.transfers)
        return rows, moves

    def with_note(self, note: str) -> list[Transaction]:
        return [t for t in self.transactions if same_text(t.note, note)]


# -- matching rules --------------------------------------------------------------------------------

_WS = re.compile(r"\s+")


def norm(text: str) -> str:
    """NFKC, whitespace runs to one space, trimmed, case-folded (an IME's capitalisation or a
    trailing space is not a different note; a different word is)."""
    return _WS.sub(" ", unicodedata.normalize("NFKC", text)).strip().casefold()


def same_text(a: str, b: str) -> bool:
    return norm(a) == norm(b)


def to_cents(amount: str) -> int:
    """``"9.99"`` -> 999 (exact decimal, no float)."""
    return int((Decimal(amount) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def cents_text(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"
