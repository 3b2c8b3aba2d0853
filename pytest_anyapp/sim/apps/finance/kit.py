"""The Finance screen kit: a ledger (one month at a time, with its expense total and a category
filter) and an entry editor, written once against a :class:`FinanceSkin`. Variation points:

* **entry** — a FAB or an extended button (``entry_style``);
* **direction** — how expense vs income (vs transfer) is chosen (``kind_input``): tabs on the form,
  the Income category itself (Pro Expense), an OUT/IN sign toggle (Sushi), Expense/Income radio
  buttons that put or take away the amount's leading "-" (``radio``, Finance Manager), or the
  ledger's menu item that opened the form (``entry``: "Store a profit" / "Store a expense",
  OpenMoneyBox); the wallet picked on every entry or only on transfers (``wallet_on_entry``);
* **category** — a popup list behind a field (``dialog``), radio rows on the form (``radio``), or
  free text (``text``, Sushi);
* **delete** — a toolbar icon or the overflow menu of the editor, long-press selection in the
  ledger, or a row swiped aside to reveal a trash button (``delete_from``); **save** — a toolbar
  icon or a button (``save_style``);
* **ledger** — one month at a time with its total, or every transaction in one list (``period``);
  rows as list items or cards with month, day, account and category (``row_style``); an "export"
  menu action where the app has one;
* **money and period formats**, every label and resource id; ledger actions the kit does not know
  open an app's own page (``FinanceApp.menu_action``), new entries take ``FinanceApp.entry_day_ms``.

Each double's store (:mod:`.store`) writes what its real app writes; the kit only calls it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar, Literal

from pytest_anyapp.sim.apps.base import AlertDialog, Screen, SimApp
from pytest_anyapp.sim.apps.finance.store import Entry, FinanceStore
from pytest_anyapp.sim.apps.skin import Icon as Icon
from pytest_anyapp.sim.ui.views import (
    Button,
    Column,
    EditText,
    Fab,
    ImageButton,
    ListItem,
    RadioButton,
    Row,
    Scaffold,
    ScrollList,
    Spacer,
    Tabs,
    TextView,
    Toolbar,
    View,
)

Menu = tuple[tuple[str, str], ...]  # (label, action name)


@dataclass(frozen=True)
class LedgerSkin:
    title: str
    list_id: str
    row_title_id: str
    row_subtitle_id: str
    row_amount_id: str
    period_id: str
    total_id: str
    total_label: str
    entry: Icon
    prev: Icon
    next: Icon
    filter: Icon
    filter_all: str = "All categories"
    empty_text: str = "No transactions"
    period_format: str = "%B %Y"
    date_format: str = "%b %d"
    actions: tuple[Icon, ...] = ()
    menu: Menu = ()
    activity: str = ""
    row_month_id: str = ""
    row_day_id: str = ""
    row_account_id: str = ""


@dataclass(frozen=True)
class EditorSkin:
    title_new: str
    title_edit: str
    note_id: str
    note_hint: str
    amount_id: str
    amount_hint: str
    save: Icon
    delete: Icon
    activity: str = ".EditActivity"
    category_id: str = "category"
    category_label: str = "Category"
    kinds: tuple[str, ...] = ("Expense", "Income")
    wallet_from: str = "From"
    wallet_to: str = "To"
    sign_out: str = "OUT"
    sign_in: str = "IN"
    confirm_title: str = "Delete transaction?"
    confirm_yes: str = "Delete"
    #: The note field is multi-line (Enter adds a line); the amount field's declared IME action.
    note_multiline: bool = False
    amount_ime: str | None = None
    confirm_no: str = "Cancel"
    invalid_toast: str = "Enter an amount"
    kind_ids: tuple[str, str] = ("", "")
    date_id: str = ""
    #: ``kind_input="entry"``: the new-entry titles (expense, income); the ledger's menu chose the direction.
    entry_titles: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class FinanceSkin:
    ledger: LedgerSkin
    editor: EditorSkin
    entry_style: Literal["fab", "extended"] = "fab"
    kind_input: Literal["tabs", "category", "sign", "radio", "entry"] = "tabs"
    category_input: Literal["dialog", "radio", "text"] = "dialog"
    delete_from: Literal["editor_icon", "editor_menu", "selection", "swipe"] = "editor_icon"
    save_style: Literal["icon", "button"] = "icon"
    period: Literal["month", "all"] = "month"
    row_style: Literal["list", "card"] = "list"
    money: Literal["prefix", "suffix"] = "prefix"
    currency: str = "$"
    #: The wallet (fund) is picked on every new entry, not only on transfers.
    wallet_on_entry: bool = False
    #: A tapped row opens for editing (False: a stored row is a read-only report line).
    rows_open: bool = True
    lineage: str = ""
    overrides: tuple[str, ...] = field(default_factory=tuple)


def parse_amount(text: str) -> int | None:
    """Typed amount -> cents (a comma as decimal point is accepted); None when not a positive number."""
    try:
        value = Decimal(text.strip().replace(",", ".").lstrip("$€ "))
    except InvalidOperation:
        return None
    cents = int((value * 100).to_integral_value())
    return cents if cents > 0 else None


class FinanceApp(SimApp):
    """A Finance app double: metadata on the subclass, screens from the kit, storage from ``store_class``."""

    skin: ClassVar[FinanceSkin]
    store_class: ClassVar[type[Any]]

    @property
    def store(self) -> FinanceStore:
        store: FinanceStore = self.store_class(self)
        return store

    def on_create(self) -> None:
        self.store.create()

    def export(self) -> None:
        """The ledger's "export" menu action (only apps that have one name it in their menu)."""

    def amount_view(self, e: EditorSkin) -> View:
        """The editor's amount field: a text field typed with the system keyboard (an app whose
        amount needs its own keypad returns what it shows instead)."""
        return EditText(e.amount_id, hint=e.amount_hint, ime_action=e.amount_ime)

    def menu_action(self, name: str, screen: Screen) -> Any:
        """A ledger action the kit does not know (an app's own page or dialog); None: no action."""
        return None

    def entry_day_ms(self) -> int:
        """The date a new entry gets: today, or an app-wide date where the app has one."""
        return self.now_ms()

    def money(self, cents: int, *, negative: bool = False) -> str:
        amount = f"{cents // 100:,}.{cents % 100:02d}"
        sign = "-" if negative else ""
        c = self.skin.currency
        return f"{sign}{c}{amount}" if self.skin.money == "prefix" else f"{sign}{amount} {c}"


class FinanceScreen(Screen):
    @property
    def fin(self) -> FinanceApp:
        assert isinstance(self.app, FinanceApp)
        return self.app

    @property
    def skin(self) -> FinanceSkin:
        return self.fin.skin

    def icon(self, i: Icon, handler: Any, **kwargs: Any) -> ImageButton:
        return ImageButton(i.icon, i.desc, on_click=handler, id=i.id or None, **kwargs)


def _month_of(ms: int) -> tuple[int, int]:
    t = time.gmtime(ms / 1000)
    return t.tm_year, t.tm_mon


class Ledger(FinanceScreen):
    """One month of transactions, newest first; the period's expense total over the list."""

    def __init__(self, app: SimApp) -> None:
        super().__init__(app)
        self.period = _month_of(self.fin.now_ms())
        self.category: str | None = None
        self.selected: str | None = None
        self.swiped: str | None = None

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.ledger.activity or self.app.launch_activity or "")

    def shown(self) -> list[Entry]:
        rows = [e for e in self.fin.store.entries() if self.skin.period == "all" or _month_of(e.day_ms) == self.period]
        return [e for e in rows if self.category is None or e.category == self.category]

    def card(self, e: Entry) -> View:
        """A transaction card: month and day on the left, name, account and category, the amount."""
        s = self.skin.ledger
        t = time.gmtime(e.day_ms / 1000)
        return Row(Column(TextView(time.strftime("%b", t), id=s.row_month_id or None, size=12),
                          TextView(time.strftime("%d", t), id=s.row_day_id or None, size=18)),
                   Column(TextView(e.note, id=s.row_title_id, size=16, max_lines=1),
                          TextView(e.wallet, id=s.row_account_id or None, size=12),
                          TextView(e.category, id=s.row_subtitle_id, size=12), weight=1.0),
                   TextView(self.fin.money(e.cents, negative=not e.income), id=s.row_amount_id, size=16),
                   spacing=16, padding=(16, 12), on_click=lambda: self.open(e))

    def swipe(self, entry: Entry) -> None:
        self.swiped = entry.id

    def build(self) -> View:
        s, fin = self.skin.ledger, self.fin
        rows = self.shown()
        total = sum(e.cents for e in rows if not e.income and not e.to_wallet)
        items: list[View] = []
        for e in rows:
            if self.skin.row_style == "card":
                items.append(self.card(e))
                if self.skin.delete_from == "swipe":
                    items[-1].on_swipe = lambda _d, e=e: self.swipe(e)
                continue
            when = time.strftime(s.date_format, time.gmtime(e.day_ms / 1000))
            sub = f"{e.wallet} → {e.to_wallet}" if e.to_wallet else f"{e.category} · {when}"
            items.append(ListItem(
                e.note or ("Transfer" if e.to_wallet else e.category), sub, meta=fin.money(e.cents, negative=not e.income),
                title_id=s.row_title_id, subtitle_id=s.row_subtitle_id, meta_id=s.row_amount_id,
                selected=e.id == self.selected, on_click=lambda e=e: self.open(e),
                on_long_click=(lambda e=e: self.select(e)) if self.skin.delete_from == "selection" else None))
        y, m = self.period
        period = time.strftime(s.period_format, (y, m, 1, 0, 0, 0, 0, 1, 0))
        bar = Row(self.icon(s.prev, lambda: self.shift(-1)), TextView(period, id=s.period_id, size=18, weight=1.0,
                  align="center"), self.icon(s.next, lambda: self.shift(1)), padding=(8, 0))
        total_line = TextView(f"{s.total_label}{fin.money(total)}", id=s.total_id, size=16, padding=(16, 4))
        chip = (Row(TextView(self.category, size=14, padding=(16, 0)), Button(s.filter_all, self.clear_filter,
                                                                             style="text")) if self.category else None)
        new = lambda: self.push(Editor(self.app, None))  # noqa: E731
        fab = Fab(s.entry.icon, s.entry.desc, on_click=new, id=s.entry.id or None) \
            if self.skin.entry_style == "fab" else None
        bottom = Row(Spacer(weight=1.0), Button(s.entry.desc, new, id=s.entry.id or None), padding=(16, 8)) \
            if self.skin.entry_style == "extended" else None
        if self.skin.period == "all":
            bar = total_line = None
        return Scaffold(self.header(), bar, total_line, chip, ScrollList(*items, id=s.list_id, empty_text=s.empty_text),
                        fab=fab, bottom=bottom)

    def header(self) -> View:
        s = self.skin.ledger
        if self.selected is not None:
            return Toolbar("1 selected", nav="back", on_nav=self.clear_selection,
                           actions=[self.icon(self.skin.editor.delete, self.ask_delete)])
        h = {"filter": self.choose_filter, "export": self.fin.export}
        actions = [self.icon(i, h.get(i.action) or self.fin.menu_action(i.action, self)) for i in (*s.actions, s.filter)
                   if i.desc]
        return Toolbar(s.title, actions=actions, menu=[(label, h.get(a) or self.fin.menu_action(a, self))
                                                       for label, a in s.menu])

    def shift(self, months: int) -> None:
        y, m = self.period
        m += months
        self.period = (y + (m - 1) // 12, (m - 1) % 12 + 1)

    def choose_filter(self) -> None:
        names = sorted({e.category for e in self.fin.store.entries() if e.category and not e.income}
                       | set(self.fin.store.categories(False)))
        self.show_menu([(self.skin.ledger.filter_all, self.clear_filter),
                        *((n, lambda n=n: self.set_filter(n)) for n in names)])

    def set_filter(self, name: str) -> None:
        self.category = name

    def clear_filter(self) -> None:
        self.category = None

    def open(self, entry: Entry) -> None:
        if self.swiped is not None:
            # SwipeController: a tap on a swiped row's revealed button deletes; elsewhere it closes.
            if self.swiped == entry.id:
                self.selected = entry.id
                self.ask_delete()
            self.swiped = None
        elif self.selected is not None:
            self.selected = None if self.selected == entry.id else entry.id
        elif self.skin.rows_open:
            self.push(Editor(self.app, entry))

    def select(self, entry: Entry) -> None:
        self.selected = entry.id

    def clear_selection(self) -> None:
        self.selected = None

    def ask_delete(self) -> None:
        e = self.skin.editor
        self.show_dialog(AlertDialog(e.confirm_title, "", positive=(e.confirm_yes, self.delete_selected),
                                     negative=(e.confirm_no, self.clear_selection if self.skin.delete_from == "swipe"
                                               else None)))

    def delete_selected(self) -> None:
        if self.selected is not None:
            self.fin.store.delete(self.selected)
        self.selected = None

    def on_back(self) -> bool:
        if self.swiped is not None:
            self.swiped = None
            return True
        if self.selected is not None:
            self.selected = None
            return True
        return False


class Editor(FinanceScreen):
    """New or existing transaction: direction, note, amount, category (or wallets for a transfer)."""

    def __init__(self, app: SimApp, entry: Entry | None, kind: str = "Expense") -> None:
        super().__init__(app)
        e = self.skin.editor
        self.entry = entry
        self.kind = kind
        self.category = ""
        wallets = self.fin.store.wallets()
        self.source = wallets[0] if wallets else ""
        self.target = wallets[1] if len(wallets) > 1 else self.source
        if entry is not None:
            self.kind = "Transfer" if entry.to_wallet else ("Income" if entry.income else "Expense")
            self.category = entry.category
            self.source, self.target = entry.wallet or self.source, entry.to_wallet or self.target
            self.set_field(e.note_id, entry.note)
            sign = "-" if self.skin.kind_input == "radio" and not entry.income else ""
            self.set_field(e.amount_id, f"{sign}{entry.cents // 100}.{entry.cents % 100:02d}")
            if self.skin.category_input == "text":
                self.set_field(e.category_id, entry.category)
        self.focus(e.amount_id if entry is None else None)

    def activity_name(self) -> str:
        return self.app.activity_name(self.skin.editor.activity)

    def is_transfer(self) -> bool:
        """Tabs: the Transfer tab; free-text categories (Sushi): the category "Transfer"."""
        if self.skin.category_input == "text":
            return self.field(self.skin.editor.category_id).strip().casefold() == "transfer"
        return self.kind == "Transfer"

    def build(self) -> View:
        e, skin = self.skin.editor, self.skin
        h = {"delete": self.ask_delete, "save": self.save}
        actions: list[View] = []
        if skin.save_style == "icon":
            actions.append(self.icon(e.save, self.save))
        if self.entry is not None and skin.delete_from == "editor_icon":
            actions.append(self.icon(e.delete, self.ask_delete))
        menu = [(e.delete.desc, h["delete"])] if self.entry is not None and skin.delete_from == "editor_menu" else []
        body: list[View | None] = []
        if skin.kind_input == "tabs":
            body.append(Tabs(e.kinds, e.kinds.index(self.kind), lambda i: self.set_kind(e.kinds[i])))
        elif skin.kind_input == "radio":
            expense = self.field(e.amount_id).strip().startswith("-")
            body.append(Row(*(RadioButton(label, checked=on, id=rid or None, on_change=lambda _v, x=on: self.set_sign(not x))
                              for label, on, rid in ((e.kinds[0], expense, e.kind_ids[0]),
                                                     (e.kinds[1], not expense, e.kind_ids[1])))))
        elif skin.kind_input == "sign":
            body.append(Button(e.sign_in if self.kind == "Income" else e.sign_out, self.flip, id="sign_toggle",
                               style="outlined"))
        body.append(self.fin.amount_view(e))
        body.append(EditText(e.note_id, hint=e.note_hint, multiline=e.note_multiline))
        if e.date_id:
            day = self.entry.day_ms if self.entry is not None else self.fin.entry_day_ms()
            body.append(TextView(time.strftime("%Y-%m-%d", time.gmtime(day / 1000)), id=e.date_id, size=16))
        if self.skin.category_input == "text":
            body.append(self.category_view())
        if self.is_transfer() or self.skin.category_input == "text" or skin.wallet_on_entry:
            body.append(ListItem(e.wallet_from, self.source, title_id="from_label", subtitle_id="from_wallet",
                                 on_click=lambda: self.pick_wallet(True)))
        if self.is_transfer():
            body.append(ListItem(e.wallet_to, self.target, title_id="to_label", subtitle_id="to_wallet",
                                 on_click=lambda: self.pick_wallet(False)))
        elif self.skin.category_input != "text":
            body.append(self.category_view())
        bottom = Row(Spacer(weight=1.0), Button(e.save.desc, self.save, id=e.save.id or None), padding=(16, 8)) \
            if skin.save_style == "button" else None
        title = e.title_new if self.entry is None else e.title_edit
        if self.entry is None and skin.kind_input == "entry":
            title = e.entry_titles[self.kind == "Income"]
        return Scaffold(Toolbar(title, nav="back", actions=actions, menu=menu), *body, bottom=bottom, spacing=8)

    def category_view(self) -> View:
        e, fin = self.skin.editor, self.fin
        if self.skin.category_input == "text":
            return EditText(e.category_id, hint=e.category_label)
        names = fin.store.categories(self.kind == "Income") if self.skin.kind_input != "category" else [
            *fin.store.categories(False), *fin.store.categories(True)]
        if self.skin.category_input == "radio":
            return ScrollList(*(RadioButton(n, checked=n == self.category, on_change=lambda _v, n=n: self.set_category(n))
                                for n in names), id=e.category_id)
        return ListItem(e.category_label, self.category or "—", title_id="category_label", subtitle_id=e.category_id,
                        on_click=lambda: self.show_menu([(n, lambda n=n: self.set_category(n)) for n in names]))

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        if kind != "Transfer" and self.category not in self.fin.store.categories(kind == "Income"):
            self.category = ""

    def set_sign(self, expense: bool) -> None:
        """Finance Manager's radio buttons: the direction is the amount's leading "-"."""
        amount_id = self.skin.editor.amount_id
        text = self.field(amount_id).strip()
        if expense != text.startswith("-"):
            self.set_field(amount_id, "-" + text if expense else text[1:])

    def flip(self) -> None:
        self.kind = "Expense" if self.kind == "Income" else "Income"

    def set_category(self, name: str) -> None:
        self.category = name
        if self.skin.kind_input == "category":
            self.kind = "Income" if name in self.fin.store.categories(True) else "Expense"

    def pick_wallet(self, source: bool) -> None:
        def choose(name: str) -> None:
            if source:
                self.source = name
            else:
                self.target = name
        self.show_menu([(w, lambda w=w: choose(w)) for w in self.fin.store.wallets()])

    def save(self) -> None:
        e = self.skin.editor
        typed = self.field(e.amount_id).strip()
        if self.skin.kind_input == "radio":
            self.kind = "Expense" if typed.startswith("-") else "Income"
            typed = typed.removeprefix("-")
        cents = parse_amount(typed)
        category = self.field(e.category_id).strip() if self.skin.category_input == "text" else self.category
        if cents is None:
            self.toast(e.invalid_toast)
            return
        transfer = self.is_transfer()
        day = self.entry.day_ms if self.entry is not None else self.fin.entry_day_ms()
        new = Entry(self.entry.id if self.entry else "", self.field(e.note_id).strip(), cents,
                    self.kind == "Income" and not transfer,
                    "" if transfer else category, day, self.source, self.target if transfer else "")
        store = self.fin.store
        store.update(new) if self.entry is not None else store.add(new)
        self.finish()

    def ask_delete(self) -> None:
        e = self.skin.editor
        self.show_dialog(AlertDialog(e.confirm_title, "", positive=(e.confirm_yes, self.delete),
                                     negative=(e.confirm_no, None)))

    def delete(self) -> None:
        if self.entry is not None:
            self.fin.store.delete(self.entry.id)
        self.finish()


FinanceApp.home = Ledger  # every skin's launch screen (an app may set its own)
