"""OpenMoneyBox's own pages (overrides of the Finance kit, docs/finance.md): the Document creation
wizard, the Funds page and Edit categories, and the application-date dialog. Titles and button
labels the notes or the user guide name are theirs; the rest is the double's (unverified)."""

from __future__ import annotations

import calendar
import time

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.date_pickers import open_date_picker
from pytest_anyapp.sim.apps.finance.kit import FinanceScreen, Ledger, parse_amount
from pytest_anyapp.sim.apps.finance.store import OpenMoneyBoxDocument
from pytest_anyapp.sim.ui.views import Button, Column, EditText, ListItem, Row, Scaffold, ScrollList, TextView, Toolbar, View


def ask_date(screen: Screen) -> None:
    """The application date "set with a calendar" (user guide): assumed the platform DatePickerDialog
    in calendar mode, Android 13's default (the source could not be read; docs/finance.md)."""
    doc = OpenMoneyBoxDocument(screen.app)
    current = time.strftime("%Y-%m-%d", time.gmtime((doc.date_ms() or screen.app.now_ms()) // 1000))

    def pick(day: str | None) -> None:
        if day is not None:
            doc.set_date(calendar.timegm(time.strptime(day, "%Y-%m-%d")) * 1000 + 12 * 3600 * 1000)
    open_date_picker(screen, "platform", current, pick)


class Wizard(FinanceScreen):
    """Document creation wizard: the first fund's name and value, then Finish."""

    def build(self) -> View:
        return Scaffold(Toolbar("Document creation wizard"), EditText("wizard_fund", hint="Fund name"),
                        EditText("wizard_value", hint="Value"), Row(Button("Finish", self.finish_wizard, id="finish")),
                        spacing=8)

    def finish_wizard(self) -> None:
        cents = parse_amount(self.field("wizard_value"))
        name = self.field("wizard_fund").strip()
        if cents is None or not name:
            self.toast("Wrong data entry")
            return
        OpenMoneyBoxDocument(self.app).start(name, cents)
        self.replace(Ledger(self.app))


class Funds(FinanceScreen):
    """The funds with their values; New fund / Remove fund / Reset fund act on the selected one."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.selected = ""

    def build(self) -> View:
        doc = OpenMoneyBoxDocument(self.app)
        rows = [ListItem(name, meta=self.fin.money(abs(cents), negative=cents < 0), title_id="fund_name", meta_id="fund_value",
                         selected=name == self.selected, on_click=lambda n=name: self.select(n)) for name, cents in doc.funds()]
        return Scaffold(Toolbar("Funds", nav="back"), ScrollList(*rows, id="fund_list"),
                        Row(Button("New fund", self.ask_new, id="new_fund"), Button("Reset fund", self.ask_reset, id="reset_fund"),
                            spacing=8, padding=(16, 8)))

    def select(self, name: str) -> None:
        self.selected = name

    def ask_new(self) -> None:
        def ok() -> None:
            cents = parse_amount(self.field("fund_value_input"))
            error = OpenMoneyBoxDocument(self.app).new_fund(self.field("fund_name_input").strip(), cents or 0)
            if error or cents is None:
                self.toast(error or "Wrong data entry")
        self.set_field("fund_name_input", "")
        self.set_field("fund_value_input", "")
        self.show_dialog(AlertDialog("New fund", view=Column(EditText("fund_name_input", hint="Name"),
                                                             EditText("fund_value_input", hint="Value")),
                                     positive=("OK", ok), negative=("Cancel", None)))

    def ask_reset(self) -> None:
        if not self.selected:
            self.toast("Select a fund")
            return
        def ok() -> None:
            cents = parse_amount(self.field("fund_reset_input"))
            if cents is None:
                self.toast("Wrong data entry")
            else:
                OpenMoneyBoxDocument(self.app).reset_fund(self.selected, cents)
        self.set_field("fund_reset_input", "")
        self.show_dialog(AlertDialog("Reset fund", view=EditText("fund_reset_input", hint="Value"),
                                     positive=("OK", ok), negative=("Cancel", None)))


class Categories(FinanceScreen):
    """Edit categories: the one list profits and expenses pick from; Add category asks a name."""

    def build(self) -> View:
        names = OpenMoneyBoxDocument(self.app).categories(False)
        return Scaffold(Toolbar("Edit categories", nav="back"),
                        ScrollList(*(TextView(n, id="category_name", size=16, padding=(16, 12)) for n in names),
                                   id="category_list", empty_text="No categories"),
                        Row(Button("Add category", self.ask_add, id="add_category"), padding=(16, 8)))

    def ask_add(self) -> None:
        def ok() -> None:
            OpenMoneyBoxDocument(self.app).add_category(self.field("category_input").strip())
        self.set_field("category_input", "")
        self.show_dialog(AlertDialog("Add category", view=EditText("category_input", hint="Category"),
                                     positive=("OK", ok), negative=("Cancel", None)))
