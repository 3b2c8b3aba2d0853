"""Oinkoin 1.11.1 (``com.github.emavgl.piggybankpro``, the F-Droid "pro" flavor).

What the real app looks like: a month's records with the month's Income / Expenses balance on
top, a "+" FAB, a form with Expense / Income / Transfer tabs, the category picked from a list of
rows, the amount and a name, saved by a toolbar icon; tapping a record opens it with a delete
icon (confirmation dialog). Amounts are shown with the currency after the number. Storage:
sqflite ``databases/movements.db`` (:class:`OinkoinDb`): signed REAL, UTC epoch ms.

The amount field (1.11.1 ``components/amount_input_field.dart``) follows the preference
``amountInputKeyboardType`` (FlutterSharedPreferences ``flutter.amountInputKeyboardType``; 0 phone
keyboard, 1 number keyboard, 2 the app's own calculator keypad with ``TextInputType.none``). Its default
on Android is 2 (``preferences-defaults-values.dart``), so a device set up by a lab holds 1 (setup writes
it). The double has no keypad: without 0 or 1 the field is a label that takes no text.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.finance.kit import EditorSkin, FinanceApp, FinanceSkin, Icon, LedgerSkin
from pytest_anyapp.sim.apps.finance.store import OinkoinDb
from pytest_anyapp.sim.ui.views import EditText, TextView, View

#: shared_preferences' legacy Android store (file FlutterSharedPreferences, keys prefixed "flutter.").
FLUTTER_PREFS = "FlutterSharedPreferences"
KEYBOARD_KEY = "flutter.amountInputKeyboardType"

SKIN = FinanceSkin(
    ledger=LedgerSkin(
        title="Oinkoin", list_id="records_list", row_title_id="record_title", row_subtitle_id="record_category",
        row_amount_id="record_value", period_id="month_header", total_id="expenses_total", total_label="Expenses ",
        entry=Icon("add", "Add a new record", "add_record_fab"), prev=Icon("back", "Previous", "prev_interval"),
        next=Icon("forward", "Next", "next_interval"), filter=Icon("statistics", "Statistics", "stats", "filter"),
        filter_all="Show all", empty_text="No entries yet.", period_format="%B %Y", date_format="%a, %d %b",
        menu=(("Categories", ""), ("Wallets", ""), ("Backup", ""), ("Settings", "")),
    ),
    editor=EditorSkin(
        activity=".MainActivity", title_new="Add record", title_edit="Edit record",
        note_id="record_name_field", note_hint="Record name", amount_id="amount_field", amount_hint="0.00",
        save=Icon("save", "Save", "save_record"), delete=Icon("delete", "Delete", "delete_record"),
        category_id="category_list", kinds=("Expense", "Income", "Transfer"), wallet_from="Wallet",
        wallet_to="To wallet", confirm_title="Are you sure?", confirm_yes="Yes", confirm_no="No",
        invalid_toast="Please enter a value",
    ),
    kind_input="tabs", category_input="radio", delete_from="editor_icon", save_style="icon", money="suffix",
)


class Oinkoin(FinanceApp):
    package = "com.github.emavgl.piggybankpro"
    label = "Oinkoin"
    version_name, version_code = "1.11.1", 7138004
    launch_activity = ".MainActivity"
    icon_color = "#FF7043"
    skin = SKIN
    store_class = OinkoinDb

    def amount_view(self, e: EditorSkin) -> View:
        """A system keyboard only with amountInputKeyboardType 0 or 1; else the keypad's field."""
        if self.prefs(FLUTTER_PREFS).get(KEYBOARD_KEY, 2) in (0, 1):
            return EditText(e.amount_id, hint=e.amount_hint)
        return TextView(e.amount_hint, id=e.amount_id, size=32)
