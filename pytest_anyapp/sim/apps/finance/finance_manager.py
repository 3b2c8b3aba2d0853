"""Privacy Friendly Finance Manager 2.3.2 (``org.secuso.privacyfriendlyfinancemanager``, tag v2.3.2).

What the real app looks like: "Latest Transactions" lists every transaction as a card (month and
day, name, account, category, the amount as ``-$4.50``), newest date first; an add FAB without a
description; the transaction dialog has the title, Expense / Income radio buttons that put or take
away the amount's leading "-" (a new one starts as income), the amount, the date (today), a
category spinner and Submit; a row is deleted by swiping it aside and tapping the revealed trash
button (confirmation dialog). The toolbar's overflow has "Export as CSV" (writes
``files/shared/Transactions-Export.csv``) and "Import CSV"; a ``text/csv`` VIEW intent imports a
file. Storage: Room on SQLCipher, opaque to root (:class:`FinanceManagerVault`).
"""

from __future__ import annotations

import time
from typing import ClassVar

from pytest_anyapp.sim.apps.base import Intent, Screen
from pytest_anyapp.sim.apps.finance.kit import EditorSkin, FinanceApp, FinanceSkin, Icon, Ledger, LedgerSkin
from pytest_anyapp.sim.apps.finance.store import FinanceManagerVault

NAMESPACE = "org.secuso.privacyfriendlyfinance"

SKIN = FinanceSkin(
    ledger=LedgerSkin(
        title="Latest Transactions", list_id="recycler_view", row_title_id="textview_transaction_name",
        row_subtitle_id="textView_category", row_amount_id="textView_amount", period_id="", total_id="",
        total_label="", entry=Icon("add", "", "fab_add"), prev=Icon("", ""), next=Icon("", ""),
        filter=Icon("", ""), empty_text="No transactions found",
        menu=(("Export as CSV", "export"), ("Import CSV", "")),
        activity=f"{NAMESPACE}.activities.TransactionsActivity", row_month_id="textView_month",
        row_day_id="textView_day_of_month", row_account_id="textView_account",
    ),
    editor=EditorSkin(
        activity=f"{NAMESPACE}.activities.TransactionsActivity", title_new="New Transaction",
        title_edit="Edit Transaction", note_id="editText_transaction_name", note_hint="Enter title",
        amount_id="dialog_transaction_amount", amount_hint="Enter amount", save=Icon("", "Submit"),
        delete=Icon("delete", "Delete"), category_id="category_spinner", kinds=("Expense", "Income"),
        kind_ids=("radioButton_transaction_expense", "radioButton_transaction_income"),
        date_id="dialog_transaction_date", confirm_title="Do you want to delete this transaction?",
        confirm_yes="Delete", confirm_no="Cancel",
        invalid_toast="In order to save your transaction, please change your amount from 0 to a value.",
    ),
    kind_input="radio", category_input="dialog", delete_from="swipe", save_style="button", money="prefix",
    period="all", row_style="card",
)


class FinanceManager(FinanceApp):
    package = "org.secuso.privacyfriendlyfinancemanager"
    label = "Finance Manager"
    version_name, version_code = "2.3.2", 100
    launch_activity: ClassVar[str | None] = f"{NAMESPACE}.activities.SplashActivity"
    icon_color = "#024265"
    skin = SKIN
    store_class = FinanceManagerVault

    @classmethod
    def handles_intent(cls, intent: Intent) -> bool:
        """TransactionsActivity's filter: VIEW/SEND/SENDTO of ``text/csv`` (file or content URIs)."""
        return (intent.action.rsplit(".", 1)[-1] in ("VIEW", "SEND", "SENDTO")
                and intent.mime_type in ("text/csv", "text/comma-separated-values")
                and intent.data.startswith(("file:", "content:")))

    def open_intent(self, intent: Intent) -> Screen | None:
        """TransactionsActivity imports the file through CsvImportService (its result toast is not
        in the dump, so the double shows none)."""
        path = self.device.fs.host(intent.data.removeprefix("file://")) if intent.data.startswith("file:") else None
        if path is not None and path.is_file():
            today = time.strftime("%Y-%m-%d", time.gmtime(self.now_ms() / 1000))
            FinanceManagerVault(self).import_csv(path.read_text(encoding="utf-8"), today)
        return Ledger(self)

    def export(self) -> None:
        FinanceManagerVault(self).export_csv()
