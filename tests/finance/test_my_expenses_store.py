"""My Expenses r871 keeps equivalent amounts in their own table (``EQUIVALENT_AMOUNTS_CREATE``,
``BaseTransactionDatabase.kt``), not in a ``transactions`` column: the double's database has the
app's layout, and the seeder's SQL runs on it."""

from __future__ import annotations

from pathlib import Path

from pytest_anyapp.sim.apps.finance.my_expenses import MyExpenses
from pytest_anyapp.sim.apps.finance.store import MyExpensesDb
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from verifiers.finance.adapters import MyExpensesAdapter
from verifiers.finance.state import FinanceState, Transaction


def test_equivalent_amounts_are_a_table_and_the_seed_runs_on_the_double(tmp_path: Path) -> None:
    app = MyExpenses(SimDevice(DeviceConfig(tmp_path / "dev")))
    MyExpensesDb(app).create()
    columns = [r["name"] for r in app.query("data", "PRAGMA table_info(transactions)")]
    assert "equivalent_amount" not in columns
    table = [r["name"] for r in app.query("data", "PRAGMA table_info(equivalent_amounts)")]
    assert table == ["transaction_id", "currency", "equivalent_amount"]
    state = FinanceState(wallets=["Cash"], transactions=[
        Transaction(note="Lunch", amount_cents=1250, income=False, category="Food", day="2023-10-14")])
    app.executescript("data", MyExpensesAdapter().seed_sql(state))
    assert [r["comment"] for r in app.query("data", "SELECT comment FROM transactions")] == ["Lunch"]


def test_comment_is_multi_line_and_amount_declares_next(tmp_path: Path) -> None:
    """one_expense.xml: Comment is ``textCapSentences|textMultiLine`` (Enter adds a line, it saves
    nothing); amount_edittext.xml: AmountEditText ``imeOptions="actionNext"``, no editor listener."""
    from pytest_anyapp.sim.apps.finance.kit import Editor
    from pytest_anyapp.sim.ui.views import EditText

    app = MyExpenses(SimDevice(DeviceConfig(tmp_path / "dev")))
    MyExpensesDb(app).create()
    fields = {v.id: v for v in Editor(app, None).build().walk() if isinstance(v, EditText)}
    comment, amount = fields["Comment"], fields["AmountEditText"]
    assert comment.multiline and comment.on_submit is None
    assert not amount.multiline and amount.ime_action == "next" and amount.on_submit is None
