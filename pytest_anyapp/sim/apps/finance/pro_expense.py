"""Pro Expense 1.0.0-beta06 (``com.arduia.expense``), AndroidWorld's expense app.

What the real app looks like: a home list of expenses with a "+" FAB, an entry form with Amount,
Name and a category grid (no expense/income switch: "Income" is one of its fixed categories),
a "SAVE" button, and deletion by long-pressing an expense and tapping the delete icon. No
wallets, so no transfers. Storage: Room ``accounting.db`` table ``expense`` (:class:`ProExpenseDb`).

One activity (``ui.MainActivity``, AndroidManifest.xml at v1.0.0-beta06) hosts every page as a
navigation fragment, the entry form included. First screens: the splash fragment opens the
onboarding (language, then currency; "Continue" stores ``isFirstTime`` false,
OnBoardingConfigViewModel.kt) while the default preference ``isFirstTime`` is not false
(SplashViewModel.kt, PreferenceFlowStorageDaoImpl.kt). Override: ``Onboarding``.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.base import Screen, SimApp
from pytest_anyapp.sim.apps.finance.kit import EditorSkin, FinanceApp, FinanceSkin, Icon, Ledger, LedgerSkin
from pytest_anyapp.sim.apps.finance.store import ProExpenseDb
from pytest_anyapp.sim.ui.views import Button, Column, Row, Scaffold, Spacer, TextView, View

SKIN = FinanceSkin(
    ledger=LedgerSkin(
        title="Expense Logs", list_id="rv_expense", row_title_id="tv_name", row_subtitle_id="tv_category",
        row_amount_id="tv_amount", period_id="tv_date_range", total_id="tv_total_expense", total_label="Total ",
        entry=Icon("add", "Add Expense", "fb_main_add"), prev=Icon("back", "Previous month", "btn_prev_month"),
        next=Icon("forward", "Next month", "btn_next_month"), filter=Icon("filter", "Filter", "mi_filter", "filter"),
        filter_all="All", empty_text="No Expense", period_format="%b %Y", date_format="%d/%m/%Y",
    ),
    editor=EditorSkin(
        activity=".ui.MainActivity", title_new="New Expense", title_edit="Update Expense",
        note_id="edt_name", note_hint="Name", amount_id="edt_amount", amount_hint="Amount",
        save=Icon("check", "SAVE", "btn_save"), delete=Icon("delete", "Delete", "mi_delete"),
        category_id="rv_category", confirm_title="Delete expense?", confirm_yes="DELETE", confirm_no="CANCEL",
        invalid_toast="Amount is empty",
    ),
    kind_input="category", category_input="radio", delete_from="selection", save_style="button",
    overrides=("Onboarding",),
)


class Onboarding(Screen):
    """The onboarding fragments (Choose Language, Choose Currency); "Continue" stores isFirstTime=false."""

    activity = ".ui.MainActivity"

    def build(self) -> View:
        return Scaffold(None, Column(TextView("Choose Language", id="tv_lang", size=22), TextView("English"),
                                     spacing=24, padding=(32, 120, 32, 0)),
                        bottom=Row(Spacer(weight=1.0), Button("Continue", self.done, id="btn_continue"),
                                   padding=(16, 8)))

    def done(self) -> None:
        self.app.prefs().put(isFirstTime=False)
        self.replace(Ledger(self.app))


def start(app: SimApp) -> Screen:
    """SplashViewModel: the onboarding for a first-time user, else the home page."""
    return Onboarding(app) if app.prefs().get("isFirstTime", True) else Ledger(app)


class ProExpense(FinanceApp):
    package = "com.arduia.expense"
    label = "Pro Expense"
    version_name, version_code = "1.0.0-beta06", 12
    launch_activity = ".ui.MainActivity"
    icon_color = "#4CAF50"
    skin = SKIN
    store_class = ProExpenseDb
    home = start
