"""Finance Manager's own screens, driven as a user would (``uiautomator dump``, ``input``), for the
two things its encrypted store leaves to the UI: the CSV export a verifier reads, and the one kind
of seeded row its CSV import refuses (a row identical to a stored one).

Ids are the real layouts' (SecUSo/privacy-friendly-finance-manager v2.3.2: ``res/layout/
dialog_transaction.xml``, ``fragment_currency_input.xml``, ``res/menu/transactions_menu.xml``).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING

from pytest_anyapp.agents.base import UIElement
from pytest_anyapp.device.uixml import parse_ui_dump
from pytest_anyapp.episode.actuate import escape_input_text
from pytest_anyapp.errors import DeviceError
from verifiers.finance.state import Transaction, cents_text

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

PACKAGE = "org.secuso.privacyfriendlyfinancemanager"
EXPORT = f"/data/data/{PACKAGE}/files/shared/Transactions-Export.csv"
EXPORT_LABEL = "Export as CSV"
WAITS = 25  # x 0.2 s


def _res(name: str) -> Callable[[UIElement], bool]:
    return lambda e: e.package == PACKAGE and e.resource_id.endswith(f":id/{name}")


class Finger:
    """Find-and-tap on the current screen through adb."""

    def __init__(self, device: DeviceClient) -> None:
        self.device = device

    def find(self, what: str, match: Callable[[UIElement], bool], *, last: bool = False) -> UIElement:
        for _ in range(WAITS):
            hits = [el for el in parse_ui_dump(self.device.ui_dump()) if match(el)]
            if hits:
                return hits[-1] if last else hits[0]
            self.device.run("sleep 0.2")
        raise DeviceError(f"Finance Manager: no {what} on screen")

    def tap(self, what: str, match: Callable[[UIElement], bool], *, last: bool = False) -> None:
        x, y = self.find(what, match, last=last).center
        self.device.check(f"input tap {x} {y}")

    def type_into(self, what: str, match: Callable[[UIElement], bool], text: str) -> None:
        self.tap(what, match)
        self.device.check(f"input text {escape_input_text(text)}")


def export_csv(device: DeviceClient) -> list[str]:
    """Relaunch the app, tap overflow -> "Export as CSV", and read the file it writes (as root).
    The force-stop first drops an unsaved dialog: only what the app stored is exported."""
    device.run(f"rm -f {shlex.quote(EXPORT)}")
    device.force_stop(PACKAGE)
    device.launch(PACKAGE)
    finger = Finger(device)
    finger.find("transaction list", lambda e: e.package == PACKAGE and (
        e.resource_id.endswith(":id/recycler_view") or e.text == "No transactions found"))
    finger.tap("overflow menu", lambda e: e.package == PACKAGE and e.content_desc == "More options")
    finger.tap(f"'{EXPORT_LABEL}'", lambda e: e.text == EXPORT_LABEL)
    for _ in range(WAITS):
        got = device.run(f"cat {shlex.quote(EXPORT)}")
        if got.ok and got.stdout.strip():
            device.force_stop(PACKAGE)  # the share chooser the export opens goes with the task
            return got.stdout.splitlines()
        device.run("sleep 0.2")
    raise DeviceError(f"Finance Manager wrote no {EXPORT} after '{EXPORT_LABEL}'")


def type_transaction(device: DeviceClient, t: Transaction) -> None:
    """Add one transaction through the dialog (dated today, its default): FAB, title, amount, the
    Expense radio for an expense (it puts the leading "-"), the category spinner, Submit."""
    device.force_stop(PACKAGE)
    device.launch(PACKAGE)
    finger = Finger(device)
    finger.tap("add button", _res("fab_add"))
    finger.type_into("title field", _res("editText_transaction_name"), t.note)
    finger.type_into("amount field", _res("dialog_transaction_amount"), cents_text(t.amount_cents))
    if not t.income:
        finger.tap("Expense radio button", _res("radioButton_transaction_expense"))
    if t.category:
        finger.tap("category spinner", _res("category_spinner"))
        finger.tap(f"category {t.category}", lambda e: e.text == t.category, last=True)
    finger.tap("Submit", lambda e: e.text.casefold() == "submit")
