"""Gold UI solutions for the 10 Finance templates.

Each app is described once by a :class:`FinanceUi` (its own labels, ids and flows: the Income
category vs an Expense/Income tab vs an OUT/IN toggle, a category popup vs radio rows vs free
text, where Delete lives); the template scripts are written once against that description.
Totals the retrieval templates answer are read off the screen (``Read``), never computed from
the parameters.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Literal

from pytest_anyapp.agents.oracle import (
    Answer,
    By,
    Count,
    Intent,
    LongPress,
    Read,
    ScrollTo,
    SwipeAside,
    Tap,
    TapBeside,
    TypeInto,
    TypeText,
)
from verifiers.bundle import Script, gold_from_body
from verifiers.finance.state import cents_text, to_cents
from verifiers.finance.templates import MONTHS

Steps = Generator[Intent, str, None]


@dataclass(frozen=True)
class FinanceUi:
    """Where one app keeps the controls the scripts need."""

    app_id: str
    new: By
    kind: Literal["tabs", "category", "sign", "radio", "entry"]
    category: Literal["dialog", "radio", "text"]
    amount: By
    note: By
    save: By
    row_res: str
    delete: Literal["selection", "editor_icon", "editor_menu", "swipe"]
    delete_desc: str
    confirm: str
    filter: By
    total_res: str
    period_res: str
    prev: By
    period_format: str = "%B %Y"
    category_field: By | None = None
    sign_out: str = "OUT"
    #: "radio": the Expense radio button (it puts the amount's leading "-").
    expense_radio: By | None = None
    #: "rows": no period total on screen; totals are summed from the rows' amount, category and month.
    totals: Literal["period", "rows"] = "period"
    row_amount_res: str = ""
    row_category_res: str = ""
    row_month_res: str = ""
    #: ``kind="entry"``: the overflow item that opens the income form (the expense form is ``new``).
    new_income: str = ""
    #: "reset": a transfer resets the target fund on the Funds page (the difference leaves the default fund).
    transfer: Literal["form", "reset"] = "form"


PRO_EXPENSE = FinanceUi(
    app_id="finance_pro_expense", new=By(desc="Add Expense"), kind="category", category="radio",
    amount=By(res="edt_amount"), note=By(res="edt_name"), save=By(text="SAVE"), row_res="tv_name",
    delete="selection", delete_desc="Delete", confirm="DELETE", filter=By(desc="Filter"),
    total_res="tv_total_expense", period_res="tv_date_range", prev=By(desc="Previous month"), period_format="%b %Y",
)

MY_EXPENSES = FinanceUi(
    app_id="finance_my_expenses", new=By(desc="New transaction"), kind="tabs", category="dialog",
    category_field=By(res="Category"), amount=By(res="AmountEditText"), note=By(res="Comment"), save=By(desc="Save"),
    row_res="comment", delete="selection", delete_desc="Delete", confirm="Delete", filter=By(desc="Filter"),
    total_res="sumExpense", period_res="headerDate", prev=By(desc="Previous period"),
)

OINKOIN = FinanceUi(
    app_id="finance_oinkoin", new=By(desc="Add a new record"), kind="tabs", category="radio",
    amount=By(res="amount_field"), note=By(res="record_name_field"), save=By(desc="Save"), row_res="record_title",
    delete="editor_icon", delete_desc="Delete", confirm="Yes", filter=By(desc="Statistics"),
    total_res="expenses_total", period_res="month_header", prev=By(desc="Previous"),
)

SUSHI = FinanceUi(
    app_id="finance_sushi", new=By(text="Create Transaction"), kind="sign", category="text",
    category_field=By(res="input_category"), amount=By(res="input_amount"), note=By(res="input_description"),
    save=By(text="Save"), row_res="transaction_description", delete="editor_menu", delete_desc="Delete",
    confirm="Confirm", filter=By(desc="Filters"), total_res="period_out", period_res="filter_period",
    prev=By(desc="Previous Month"),
)

FINANCE_MANAGER = FinanceUi(
    app_id="finance_finance_manager", new=By(res="fab_add"), kind="radio", category="dialog",
    category_field=By(res="category_spinner"), amount=By(res="dialog_transaction_amount"),
    note=By(res="editText_transaction_name"), save=By(text_contains="Submit"), row_res="textview_transaction_name",
    delete="swipe", delete_desc="", confirm="Delete", filter=By(), total_res="", period_res="", prev=By(),
    expense_radio=By(res="radioButton_transaction_expense"), totals="rows", row_amount_res="textView_amount",
    row_category_res="textView_category", row_month_res="textView_month",
)

OPENMONEYBOX = FinanceUi(
    app_id="finance_openmoneybox", new=By(desc="Store a expense"), new_income="Store a profit", kind="entry",
    category="dialog", category_field=By(res="category"), amount=By(res="value"), note=By(res="reason"),
    save=By(res="ok"), row_res="op_reason", delete="editor_menu", delete_desc="", confirm="", filter=By(),
    total_res="", period_res="report_month", prev=By(desc="Previous month"), totals="rows", row_amount_res="op_value",
    row_category_res="op_category", row_month_res="op_month", transfer="reset",
)

APPS: tuple[FinanceUi, ...] = (PRO_EXPENSE, MY_EXPENSES, OINKOIN, SUSHI, FINANCE_MANAGER, OPENMONEYBOX)


# -- building blocks ---------------------------------------------------------------------------

_MONEY = re.compile(r"\d[\d,]*\.\d{2}")


def money_in(text: str) -> str:
    """The amount shown in a label such as ``Total $1,234.50`` -> ``1234.50``."""
    found = _MONEY.search(text)
    return found.group(0).replace(",", "") if found else text.strip()


def replace_text(field: By, text: str) -> Steps:
    """Android's way to overwrite a field: long-press (word selection + toolbar), Select all, type."""
    yield LongPress(field)
    yield Tap(By(text="Select all"))
    yield TypeText(text)


def choose_category(ui: FinanceUi, name: str) -> Steps:
    if ui.category == "text":
        assert ui.category_field is not None
        yield TypeInto(ui.category_field, name)
    elif ui.category == "radio":
        yield ScrollTo(By(text=name, class_contains="RadioButton"))
        yield Tap(By(text=name, class_contains="RadioButton"))
    else:
        assert ui.category_field is not None
        yield Tap(ui.category_field)
        yield Tap(By(text=name, nth=-1))  # the popup's row (the last match: it is drawn on top)


def add_entry(ui: FinanceUi, note: str, amount: str, category: str, *, income: bool) -> Steps:
    if income and ui.kind == "entry":
        yield Tap(By(desc="More options"))
        yield Tap(By(text=ui.new_income))
    else:
        yield Tap(ui.new)
    if income and ui.kind == "tabs":
        yield Tap(By(desc="Income"))
    elif income and ui.kind == "sign":
        yield Tap(By(text=ui.sign_out))
    yield TypeInto(ui.amount, amount)
    if ui.kind == "radio" and not income:
        assert ui.expense_radio is not None
        yield Tap(ui.expense_radio)
    yield TypeInto(ui.note, note)
    yield from choose_category(ui, category)
    yield Tap(ui.save)


def row(ui: FinanceUi, note: str) -> By:
    return By(text=note, res=ui.row_res)


def delete_row(ui: FinanceUi, target: By) -> Steps:
    if ui.delete == "selection":
        yield LongPress(target)
        yield Tap(By(desc=ui.delete_desc))
    elif ui.delete == "swipe":
        yield SwipeAside(target, "right")
        yield TapBeside(target, 0.06)  # the trash button drawn where the row was (left edge)
    elif ui.delete == "editor_icon":
        yield Tap(target)
        yield Tap(By(desc=ui.delete_desc))
    else:
        yield Tap(target)
        yield Tap(By(desc="More options"))
        yield Tap(By(text=ui.delete_desc))
    yield Tap(By(text=ui.confirm))


# -- one script per template ----------------------------------------------------------------------

def _add_single(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    yield from add_entry(ui, str(p["note"]), str(p["amount"]), str(p["category"]), income=False)


def _add_income(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    yield from add_entry(ui, str(p["note"]), str(p["amount"]), "Income", income=True)


def _add_multiple(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    for e in p["expenses"]:
        yield from add_entry(ui, e["note"], e["amount"], e["category"], income=False)


def _attach_receipt(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    total = cents_text(sum(to_cents(str(a)) for a in p["item_amounts"]))
    yield from add_entry(ui, f"{p['store']} receipt", total, str(p["category"]), income=False)


def _edit(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    yield Tap(row(ui, str(p["old_note"])))
    yield from replace_text(ui.note, str(p["new_note"]))
    yield from replace_text(ui.amount, str(p["new_amount"]))
    if ui.kind == "radio":
        assert ui.expense_radio is not None
        yield Tap(ui.expense_radio)
    yield Tap(ui.save)


def _delete_single(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    yield from delete_row(ui, row(ui, str(p["note"])))


def _delete_duplicates(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    yield from delete_row(ui, By(text=str(p["note"]), res=ui.row_res, nth=0))


def rows_total(ui: FinanceUi, keep: Callable[[str, str], bool]) -> Generator[Intent, str, int]:
    """Sum the expenses among the listed rows that ``keep(category, month)`` accepts, each row's
    amount, category and month read off the screen."""
    total = 0
    count = int((yield Count(By(res=ui.row_amount_res))))
    for i in range(count):
        amount = yield Read(By(res=ui.row_amount_res, nth=i))
        category = yield Read(By(res=ui.row_category_res, nth=i))
        month = yield Read(By(res=ui.row_month_res, nth=i))
        if amount.strip().startswith("-") and keep(category, month):
            total += to_cents(money_in(amount))
    return total


def _category_summary(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    if ui.totals == "rows":
        wanted = str(p["category_name"]).casefold()
        summed = yield from rows_total(ui, lambda category, _month: category.strip().casefold() == wanted)
        yield Answer(cents_text(summed))
        return
    yield Tap(ui.filter)
    yield Tap(By(text=str(p["category_name"]), nth=-1))
    total = yield Read(By(res=ui.total_res))
    yield Answer(money_in(total))


def _date_range_total(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    month = MONTHS.index(str(p["month"])) + 1
    wanted = time.strftime(ui.period_format, (2023, month, 1, 0, 0, 0, 0, 1, 0))
    for _ in range(13 if ui.period_res else 0):
        shown = yield Read(By(res=ui.period_res))
        if shown == wanted:
            break
        yield Tap(ui.prev)
    if ui.totals == "rows":
        short = str(p["month"])[:3].casefold()
        summed = yield from rows_total(ui, lambda _category, shown: shown.strip().casefold() == short)
        yield Answer(cents_text(summed))
        return
    total = yield Read(By(res=ui.total_res))
    yield Answer(money_in(total))


def _reset_transfer(amount: str) -> Steps:
    """OpenMoneyBox: Funds, select Bank, Reset fund to its value plus the amount (the difference
    is taken from the default fund, Cash); Bank's value is read off the page."""
    yield Tap(By(desc="More options"))
    yield Tap(By(text="Funds"))
    count = int((yield Count(By(res="fund_name"))))
    for i in range(count):
        if (yield Read(By(res="fund_name", nth=i))) == "Bank":
            value = yield Read(By(res="fund_value", nth=i))
            yield Tap(By(text="Bank", res="fund_name"))
            yield Tap(By(text="Reset fund"))
            yield TypeInto(By(res="fund_reset_input"), cents_text(to_cents(money_in(value)) + to_cents(amount)))
            yield Tap(By(text="OK"))
            return


def _transfer(ui: FinanceUi, p: dict[str, Any]) -> Steps:
    if ui.transfer == "reset":
        yield from _reset_transfer(str(p["amount"]))
        return
    yield Tap(ui.new)
    if ui.kind == "tabs":
        yield Tap(By(desc="Transfer"))
    yield TypeInto(ui.amount, str(p["amount"]))
    if ui.category == "text":
        assert ui.category_field is not None
        yield TypeInto(ui.category_field, "Transfer")
    yield Tap(By(res="from_wallet"))
    yield Tap(By(text="Cash", nth=-1))
    yield Tap(By(res="to_wallet"))
    yield Tap(By(text="Bank", nth=-1))
    yield Tap(ui.save)


BODIES: dict[str, Callable[[FinanceUi, dict[str, Any]], Steps]] = {
    "ExpenseAddSingle": _add_single,
    "ExpenseAddIncome": _add_income,
    "ExpenseAddMultiple": _add_multiple,
    "ExpenseEditExpense": _edit,
    "ExpenseDeleteSingle": _delete_single,
    "ExpenseDeleteDuplicates": _delete_duplicates,
    "ExpenseCategorySummary": _category_summary,
    "ExpenseDateRangeTotal": _date_range_total,
    "ExpenseAttachReceipt": _attach_receipt,
    "ExpenseTransferBetweenWallets": _transfer,
}


def gold_script(semantic_id: str, app_id: str) -> Script | None:
    """The gold script of a pair: the template's body run against the app's UI description (the
    summaries end with their ``Answer``)."""
    ui = next((u for u in APPS if u.app_id == app_id), None)
    return gold_from_body(BODIES.get(semantic_id), ui,
                          done=semantic_id not in ("ExpenseCategorySummary", "ExpenseDateRangeTotal"))
