"""Pro Expense 1.0.0-beta06 (``com.arduia.expense``), AndroidWorld's expense app.

What the real app looks like: a home list of expenses with a "+" FAB, an entry form with Amount,
Name and a category grid (no expense/income switch: "Income" is one of its fixed categories),
a "SAVE" button, and deletion by long-pressing an expense and tapping the delete icon. No
wallets, so no transfers. Storage: Room ``accounting.db`` table ``expense`` (:class:`ProExpenseDb`).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.finance.kit import EditorSkin, FinanceApp, FinanceSkin, Icon, LedgerSkin
from pytest_anyapp.sim.apps.finance.store import ProExpenseDb

SKIN = FinanceSkin(
    ledger=LedgerSkin(
        title="Expense Logs", list_id="rv_expense", row_title_id="tv_name", row_subtitle_id="tv_category",
        row_amount_id="tv_amount", period_id="tv_date_range", total_id="tv_total_expense", total_label="Total ",
        entry=Icon("add", "Add Expense", "fb_main_add"), prev=Icon("back", "Previous month", "btn_prev_month"),
        next=Icon("forward", "Next month", "btn_next_month"), filter=Icon("filter", "Filter", "mi_filter", "filter"),
        filter_all="All", empty_text="No Expense", period_format="%b %Y", date_format="%d/%m/%Y",
    ),
    editor=EditorSkin(
        activity=".ui.entry.ExpenseEntryActivity", title_new="New Expense", title_edit="Update Expense",
        note_id="edt_name", note_hint="Name", amount_id="edt_amount", amount_hint="Amount",
        save=Icon("check", "SAVE", "btn_save"), delete=Icon("delete", "Delete", "mi_delete"),
        category_id="rv_category", confirm_title="Delete expense?", confirm_yes="DELETE", confirm_no="CANCEL",
        invalid_toast="Amount is empty",
    ),
    kind_input="category", category_input="radio", delete_from="selection", save_style="button",
)


class ProExpense(FinanceApp):
    package = "com.arduia.expense"
    label = "Pro Expense"
    version_name, version_code = "1.0.0-beta06", 12
    launch_activity = ".ui.MainActivity"
    icon_color = "#4CAF50"
    skin = SKIN
    store_class = ProExpenseDb
