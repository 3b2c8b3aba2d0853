"""Sushi 1.15 (``com.jerameeldelosreyes.sushi``), a React Native wallet tracker.

What the real app looks like: transactions with an extended "Create Transaction" button, a form
with an OUT / IN toggle (OUT by default), the amount, a free-text category (typing "Transfer"
turns it into a transfer and asks for the destination wallet), the description and the source
wallet, saved by a "Save" button; a transaction opens for editing, Delete sits in its overflow
menu. Storage: AsyncStorage ``databases/RKStorage``, one redux-persist JSON blob
(:class:`SushiStorage`).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.finance.kit import EditorSkin, FinanceApp, FinanceSkin, Icon, LedgerSkin
from pytest_anyapp.sim.apps.finance.store import SushiStorage

SKIN = FinanceSkin(
    ledger=LedgerSkin(
        title="Transactions", list_id="transaction_list", row_title_id="transaction_description",
        row_subtitle_id="transaction_meta", row_amount_id="transaction_amount", period_id="filter_period",
        total_id="period_out", total_label="Total OUT ", entry=Icon("plus", "Create Transaction", "create_transaction"),
        prev=Icon("chevron_left", "Previous Month", "period_prev"), next=Icon("chevron_right", "Next Month",
                                                                             "period_next"),
        filter=Icon("tune", "Filters", "filter_button", "filter"), filter_all="Any category",
        empty_text="Nothing here yet", period_format="%B %Y", date_format="%Y-%m-%d",
    ),
    editor=EditorSkin(
        activity=".MainActivity", title_new="Create Transaction", title_edit="Update Transaction",
        note_id="input_description", note_hint="Description", amount_id="input_amount", amount_hint="Amount",
        save=Icon("check", "Save", "save_button"), delete=Icon("trash", "Delete", "delete_button"),
        category_id="input_category", category_label="Category", wallet_from="Source Wallet",
        wallet_to="Destination Wallet", sign_out="OUT", sign_in="IN", confirm_title="Delete this transaction?",
        confirm_yes="Confirm", confirm_no="Cancel", invalid_toast="Invalid amount",
    ),
    entry_style="extended", kind_input="sign", category_input="text", delete_from="editor_menu",
    save_style="button", money="prefix", currency="$",
)


class Sushi(FinanceApp):
    package = "com.jerameeldelosreyes.sushi"
    label = "Sushi"
    version_name, version_code = "1.15", 15
    launch_activity = ".MainActivity"
    icon_color = "#E91E63"
    skin = SKIN
    store_class = SushiStorage
