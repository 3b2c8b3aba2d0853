"""OpenMoneyBox's state, typed in and read off its screens (``uiautomator dump``, ``input``), as a
user would: its storage is not grounded (source on GitLab only, no rooted emulator), so nothing
is read or written behind the app's back (docs/finance.md, "OpenMoneyBox").

Screens used (what the notes and the public user guide say; labels and ids are the double's,
unverified on a real device): the "Document creation wizard" on first run, the dashboard
("OpenMoneyBox") with the month's report, the overflow's "Store a profit", "Funds", "Edit
categories" and "Set date", the "Store a expense" entry, the Funds page's "New fund" / "Reset
fund" (the difference goes to or from the default fund, the first one).
"""

from __future__ import annotations

import calendar
import json
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode.actuate import escape_input_text
from pytest_anyapp.errors import DeviceError
from verifiers.finance.state import TODAY, FinanceState, cents_text

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

PACKAGE = "com.igisw.openmoneybox"
#: Every seeded fund starts at this value (the wizard gives the first fund all of it; each
#: further fund takes its share from it): a fund's change beyond its report rows is a transfer.
FUND_CENTS = 100000
#: The months the read walks: January 2023 up to the device's month (the templates seed 2023 only).
FIRST_MONTH = (2023, 1)
PERIOD_FORMAT = "%B %Y"
WAITS = 25  # x 0.2 s
Match = Callable[[UIElement], bool]


def res(name: str) -> Match:
    return lambda e: e.package == PACKAGE and e.resource_id.split("/")[-1] == name


def text(value: str) -> Match:
    return lambda e: e.text == value


def desc(value: str) -> Match:
    return lambda e: e.content_desc == value


class Finger:
    """Find, tap and type on the current screen through adb."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device

    def dump(self) -> list[UIElement]:
        return parse_ui_dump(self.device.ui_dump())

    def find_all(self, match: Match) -> list[UIElement]:
        return [e for e in self.dump() if match(e)]

    def find(self, what: str, match: Match, *, last: bool = False) -> UIElement:
        for _ in range(WAITS):
            hits = self.find_all(match)
            if hits:
                return hits[-1] if last else hits[0]
            self.device.run("sleep 0.2")
        raise DeviceError(f"OpenMoneyBox: no {what} on screen")

    def tap(self, what: str, match: Match, *, last: bool = False) -> None:
        x, y = self.find(what, match, last=last).center
        self.device.check(f"input tap {x} {y}")

    def type_into(self, what: str, match: Match, value: str) -> None:
        self.tap(what, match)
        self.device.check(f"input text {escape_input_text(value)}")

    def menu(self, item: str) -> None:
        self.tap("overflow menu", desc("More options"))
        self.tap(f"menu item {item!r}", text(item))

    def ok(self) -> None:
        self.tap("OK", text("OK"), last=True)

    def back(self) -> None:
        self.device.check("input keyevent 4")

    def restart(self) -> None:
        self.device.force_stop(PACKAGE)
        self.device.launch(PACKAGE)


def _android(name: str) -> Match:
    return lambda e: e.resource_id == f"android:id/{name}"


def set_date(f: Finger, day: str) -> None:
    """"Set date" opens a calendar (user guide; assumed the platform DatePickerDialog, calendar
    mode): the month it opens on from its header, previous/next month to ``day``'s, the day, OK."""
    f.menu("Set date")
    year = f.find("date picker year", _android("date_picker_header_year")).text
    line = f.find("date picker date", _android("date_picker_header_date")).text.replace(",", " ").split()
    month = next(m for m in range(1, 13) if calendar.month_abbr[m] in line)
    target = time.strptime(day, "%Y-%m-%d")
    steps = (target.tm_year - int(year)) * 12 + target.tm_mon - month
    for _ in range(abs(steps)):
        f.tap("month button", desc("Next month" if steps > 0 else "Previous month"))
    f.tap(f"day {day}", desc(time.strftime("%d %B %Y", target)))
    f.tap("OK", _android("button1"))


def type_state(device: DeviceClient, state: FinanceState, categories: list[str]) -> None:
    """From a cleared app: the wizard (the first wallet as the default fund), the other wallets as
    new funds, the categories, each row (application date first when it is not today), the
    transfers as fund resets, the date back to today."""
    f = Finger(device)
    out = device.check(f"pm clear {PACKAGE}")
    if "Success" not in out:
        raise DeviceError(f"pm clear {PACKAGE}: {out.strip()}")
    device.launch(PACKAGE)
    default, others = state.wallets[0], state.wallets[1:]
    f.type_into("wizard fund name", res("wizard_fund"), default)
    f.type_into("wizard fund value", res("wizard_value"), cents_text(FUND_CENTS * len(state.wallets)))
    f.tap("Finish", res("finish"))
    f.find("dashboard", res("report_list"))
    values = {w: FUND_CENTS for w in state.wallets}
    if others or state.transfers:
        f.menu("Funds")
        for name in others:
            f.tap("New fund", res("new_fund"))
            f.type_into("fund name", res("fund_name_input"), name)
            f.type_into("fund value", res("fund_value_input"), cents_text(FUND_CENTS))
            f.ok()
        for move in state.transfers:
            moved = move.target if move.source == default else move.source
            values[moved] += move.amount_cents if move.source == default else -move.amount_cents
            f.tap(f"fund {moved!r}", lambda e, n=moved: res("fund_name")(e) and e.text == n)  # type: ignore[misc]
            f.tap("Reset fund", res("reset_fund"))
            f.type_into("fund value", res("fund_reset_input"), cents_text(values[moved]))
            f.ok()
        f.back()
    f.menu("Edit categories")
    for name in categories:
        f.tap("Add category", res("add_category"))
        f.type_into("category name", res("category_input"), name)
        f.ok()
    f.back()
    date = TODAY
    for t in sorted(state.transactions, key=lambda t: t.day):
        if t.day != date:
            date = t.day
            set_date(f, date)
        if t.income:
            f.menu("Store a profit")
        else:
            f.tap("Store a expense", desc("Store a expense"))
        f.type_into("value", res("value"), cents_text(t.amount_cents))
        if t.note:
            f.type_into("reason", res("reason"), t.note)
        if t.category:
            f.tap("category", res("category"))
            f.tap(f"category {t.category!r}", text(t.category), last=True)
        f.tap("OK", res("ok"))
        f.find("dashboard", res("report_list"))
    if date != TODAY:
        set_date(f, TODAY)


def _month(label: str) -> tuple[int, int]:
    t = time.strptime(label.strip(), PERIOD_FORMAT)
    return t.tm_year, t.tm_mon


def read_screens(device: DeviceClient) -> dict[str, list[str]]:
    """The Funds page (name, value) and the report of every month from the device's month back to
    January 2023 (each row: month label, day, reason, fund, category, value). Raises DeviceError
    when a screen is not what it must be or a month has more rows than the screen shows."""
    f = Finger(device)
    f.restart()
    f.find("dashboard", res("report_list"))
    f.menu("Funds")
    f.find("fund list", res("fund_list"))
    screen = f.dump()
    names = [e.text for e in screen if res("fund_name")(e)]
    values = [e.text for e in screen if res("fund_value")(e)]
    if len(names) != len(values):
        raise DeviceError(f"OpenMoneyBox Funds page: {len(names)} names, {len(values)} values")
    funds = [json.dumps({"fund": n, "value": v}) for n, v in zip(names, values, strict=True)]
    f.back()
    rows: list[str] = []
    for _ in range(240):
        screen = f.dump()
        period = next((e.text for e in screen if res("report_month")(e)), "")
        if not period:
            raise DeviceError("OpenMoneyBox: no report month on screen")
        if any(res("report_list")(e) and e.scrollable for e in screen):
            raise DeviceError(f"OpenMoneyBox: the report of {period} has more rows than one screen")
        cols = {k: [e.text for e in screen if res(f"op_{k}")(e)] for k in ("day", "reason", "fund", "category", "value")}
        if len({len(v) for v in cols.values()}) != 1:
            raise DeviceError(f"OpenMoneyBox: incomplete report rows in {period}: {cols}")
        for i in range(len(cols["value"])):
            rows.append(json.dumps({"period": period, **{k: v[i] for k, v in cols.items()}}))
        if _month(period) <= FIRST_MONTH:
            return {"funds": funds, "rows": rows}
        f.tap("Previous month", desc("Previous month"))
    raise DeviceError("OpenMoneyBox: the report never reached January 2023")


_MONEY = re.compile(r"-?\s*\d[\d,]*(?:\.\d+)?")


def money_cents(label: str) -> int:
    """``-1,500.00 $`` -> -150000 (the sign is the leading "-")."""
    found = _MONEY.search(label)
    if found is None:
        raise ValueError(f"no amount in {label!r}")
    number = found.group(0).replace(",", "").replace(" ", "")
    negative = number.startswith("-")
    whole, _, frac = number.lstrip("-").partition(".")
    cents = int(whole) * 100 + int((frac + "00")[:2])
    return -cents if negative else cents


def row_day(period: str, day: str) -> str:
    year, month = _month(period)
    if not 1 <= int(day) <= calendar.monthrange(year, month)[1]:
        raise ValueError(f"day {day} not in {period}")
    return f"{year:04d}-{month:02d}-{int(day):02d}"
