"""OpenMoneyBox 3.5.1.1 (``com.igisw.openmoneybox``, F-Droid build 61); the source (GitLab) was
not reachable, so only what the notes and the public user guide say shapes this double
(docs/finance.md, "OpenMoneyBox"; every other detail is the double's own, unverified).

Known: the first run goes through the "Document creation wizard"; the dashboard is titled
"OpenMoneyBox"; money sits in funds ("New fund" takes its value from the default fund, "Reset
fund" moves the difference to or from it); categories are made on "Edit categories" before use;
profits and expenses are stored on forms titled "Store a profit" / "Store a expense" (fund,
value, reason, category); operations use the application date (set with a calendar); amounts
read "-1500.00 $". The guide documents no way to edit or remove a stored profit or expense.
Storage: unknown; the double's document is opaque (:class:`OpenMoneyBoxDocument`).
"""

from __future__ import annotations

from typing import Any

from pytest_anyapp.sim.apps.base import Screen
from pytest_anyapp.sim.apps.finance.kit import (
    Editor,
    EditorSkin,
    FinanceApp,
    FinanceSkin,
    Icon,
    Ledger,
    LedgerSkin,
)
from pytest_anyapp.sim.apps.finance.openmoneybox_pages import Categories, Funds, Wizard, ask_date
from pytest_anyapp.sim.apps.finance.store import OpenMoneyBoxDocument

SKIN = FinanceSkin(
    ledger=LedgerSkin(
        title="OpenMoneyBox", list_id="report_list", row_title_id="op_reason", row_subtitle_id="op_category",
        row_amount_id="op_value", period_id="report_month", total_id="report_expenses", total_label="Expenses: ",
        entry=Icon("add", "Store a expense", "store_expense"), prev=Icon("left", "Previous month", "month_prev"),
        next=Icon("right", "Next month", "month_next"), filter=Icon("", ""), empty_text="No operations",
        menu=(("Store a profit", "profit"), ("Funds", "funds"), ("Edit categories", "categories"),
              ("Set date", "date"), ("Export a document in XML format", "")),
        row_month_id="op_month", row_day_id="op_day", row_account_id="op_fund",
    ),
    editor=EditorSkin(
        title_new="Store a expense", title_edit="", note_id="reason", note_hint="Reason", amount_id="value",
        amount_hint="Value", save=Icon("", "OK", "ok"), delete=Icon("", ""), category_id="category",
        category_label="Category", wallet_from="Fund", entry_titles=("Store a expense", "Store a profit"),
        invalid_toast="Wrong data entry",
    ),
    entry_style="fab", kind_input="entry", category_input="dialog", delete_from="editor_menu", save_style="button",
    money="suffix", row_style="card", wallet_on_entry=True, rows_open=False, overrides=("Wizard", "Funds", "Categories"),
)


def _home(app: OpenMoneyBox) -> Screen:
    return Ledger(app) if app.doc.exists() else Wizard(app)


class OpenMoneyBox(FinanceApp):
    package = "com.igisw.openmoneybox"
    label = "OpenMoneyBox"
    version_name, version_code = "3.5.1.1", 61
    launch_activity = ".MainActivity"
    icon_color = "#2E7D32"
    skin = SKIN
    store_class = OpenMoneyBoxDocument
    home = _home

    @property
    def doc(self) -> OpenMoneyBoxDocument:
        return OpenMoneyBoxDocument(self)

    def entry_day_ms(self) -> int:
        return self.doc.date_ms() or self.now_ms()

    def menu_action(self, name: str, screen: Screen) -> Any:
        pages = {"profit": lambda: screen.push(Editor(self, None, kind="Income")), "funds": lambda: screen.push(Funds(self)),
                 "categories": lambda: screen.push(Categories(self)), "date": lambda: ask_date(screen)}
        return pages.get(name)
