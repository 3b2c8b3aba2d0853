"""Privacy Friendly Finance Manager 2.3.2 (``org.secuso.privacyfriendlyfinancemanager``, tag v2.3.2).

What the real app looks like: "Latest Transactions" lists every transaction as a card (month and
day, name, account, category, the amount as ``-$4.50``), newest date first; an add FAB without a
description; the transaction dialog has the title, Expense / Income radio buttons that put or take
away the amount's leading "-" (a new one starts as income), the amount, the date (today), a
category spinner and Submit; a row is deleted by swiping it aside and tapping the revealed trash
button (confirmation dialog). The toolbar's overflow has "Export as CSV" (writes
``files/shared/Transactions-Export.csv``) and "Import CSV"; a ``text/csv`` VIEW intent imports a
file. Storage: Room on SQLCipher, opaque to root (:class:`FinanceManagerVault`).

First screens (v2.3.2 ``StartupActivity``): the launcher's SplashActivity opens StartupActivity, which
opens the database, adds "Main Account" (id 0) when there is no account, then shows the tutorial
(``TutorialActivity``) while ``isFirstTimeLaunch`` in ``privacy_friendly_apps.xml`` is not false, else
TransactionsActivity. A ``text/csv`` VIEW intent starts TransactionsActivity directly: no tutorial, no
default account. Override: ``Tutorial``.
"""

from __future__ import annotations

import time
from typing import ClassVar

from pytest_anyapp.sim.apps.base import Intent, Screen, SimApp
from pytest_anyapp.sim.apps.finance.kit import EditorSkin, FinanceApp, FinanceSkin, Icon, Ledger, LedgerSkin
from pytest_anyapp.sim.apps.finance.store import FinanceManagerVault
from pytest_anyapp.sim.ui.views import Button, Column, Row, Scaffold, Spacer, TextView, View

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
    period="all", row_style="card", overrides=("Tutorial",),
)


class Tutorial(Screen):
    """``TutorialActivity``: slides with "Skip" / "Next"; leaving them stores isFirstTimeLaunch=false."""

    activity = f"{NAMESPACE}.activities.TutorialActivity"

    def build(self) -> View:
        return Scaffold(None, Column(
            TextView("Welcome to Privacy Friendly Finance Manager", size=22, align="center"),
            TextView("Keep track of your income and expenses.", align="center"), spacing=24, padding=(32, 240, 32, 0)),
            bottom=Row(Button("Skip", self.done, id="btn_skip", style="text"), Spacer(weight=1.0),
                       Button("Next", self.done, id="btn_next", style="text"), padding=(16, 8)))

    def done(self) -> None:
        self.app.prefs(FinanceManagerVault.PREFS).put(isFirstTimeLaunch=False)
        self.replace(Ledger(self.app))


def start(app: SimApp) -> Screen:
    """StartupActivity: the default account when there is none, then the tutorial or the list."""
    FinanceManagerVault(app).add_default_account()
    if app.prefs(FinanceManagerVault.PREFS).get("isFirstTimeLaunch", True):
        return Tutorial(app)
    return Ledger(app)


class FinanceManager(FinanceApp):
    package = "org.secuso.privacyfriendlyfinancemanager"
    label = "Finance Manager"
    version_name, version_code = "2.3.2", 100
    launch_activity: ClassVar[str | None] = f"{NAMESPACE}.activities.SplashActivity"
    icon_color = "#024265"
    skin = SKIN
    store_class = FinanceManagerVault
    home = start

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
