"""My Expenses 4.1.0.2 (``org.totschnig.myexpenses``, tag r871).

What the real app looks like: the account's transactions grouped by month with the period's sums
in a header, a "New transaction" FAB, a form with an Expense / Income / Transfer type switch,
Amount, Category picked in a separate chooser, Notes, and a save (check) icon in the toolbar; a
long-press on a transaction opens a selection bar with Delete (confirmation dialog). Storage:
framework SQLite ``databases/data`` (:class:`MyExpensesDb`): signed minor units, epoch seconds.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.finance.kit import EditorSkin, FinanceApp, FinanceSkin, Icon, LedgerSkin
from pytest_anyapp.sim.apps.finance.store import MyExpensesDb

SKIN = FinanceSkin(
    ledger=LedgerSkin(
        title="My Expenses", list_id="list", row_title_id="comment", row_subtitle_id="category",
        row_amount_id="amount", period_id="headerDate", total_id="sumExpense", total_label="Expenses: ",
        entry=Icon("add", "New transaction", "CREATE_COMMAND"), prev=Icon("back", "Previous period", "prevPeriod"),
        next=Icon("forward", "Next period", "nextPeriod"), filter=Icon("filter", "Filter", "SEARCH_COMMAND", "filter"),
        filter_all="Clear filter", empty_text="No transactions", date_format="%m/%d/%y",
        actions=(Icon("balance", "Balance", "BALANCE_COMMAND"),),
        menu=(("Reset", ""), ("Print", ""), ("Settings", ""), ("Help", "")),
    ),
    editor=EditorSkin(
        activity=".activity.ExpenseEdit", title_new="New transaction", title_edit="Edit transaction",
        note_id="Comment", note_hint="Notes", amount_id="AmountEditText", amount_hint="Amount",
        # one_expense.xml: Comment is textCapSentences|textMultiLine (Enter adds a line);
        # amount_edittext.xml: AmountEditText imeOptions actionNext, no editor listener
        note_multiline=True, amount_ime="next",
        save=Icon("check", "Save", "SAVE_COMMAND"), delete=Icon("delete", "Delete", "DELETE_COMMAND"),
        category_id="Category", category_label="Category", kinds=("Expense", "Income", "Transfer"),
        wallet_from="Account", wallet_to="Transfer to", confirm_title="Delete 1 transaction?",
        confirm_yes="Delete", confirm_no="Cancel", invalid_toast="Amount is required",
    ),
    kind_input="tabs", category_input="dialog", delete_from="selection", save_style="icon", money="prefix",
)


class MyExpenses(FinanceApp):
    package = "org.totschnig.myexpenses"
    label = "My Expenses"
    version_name, version_code = "4.1.0.2", 871
    launch_activity = ".activity.MyExpenses"
    icon_color = "#1565C0"
    skin = SKIN
    store_class = MyExpensesDb
