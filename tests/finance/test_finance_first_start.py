"""What four finance apps do at their first start, read from their source at the pinned tags
(second reading, issues 23 and 27), held by the doubles and the seeders:

* Privacy Friendly Finance Manager v2.3.2: StartupActivity (the launcher's path) adds "Main Account"
  only while no account exists and shows the tutorial while ``isFirstTimeLaunch`` is not false; the
  CSV VIEW intent the seeder uses opens TransactionsActivity without either.
* Pro Expense v1.0.0-beta06: one activity (``ui.MainActivity``); the onboarding while the default
  preference ``isFirstTime`` is not false.
* Oinkoin 1.11.1: the amount field is the app's own keypad unless ``amountInputKeyboardType`` is 0 or 1.
* Sushi v1.15: redux-persist rewrites ``persist:root`` at every start (every persisted slice,
  ``JSON.stringify``-ed); the seed writes exactly those bytes.
"""

from __future__ import annotations

from pathlib import Path

from pytest_anyapp.sim.apps.finance import finance_manager, oinkoin, pro_expense
from pytest_anyapp.sim.apps.finance.kit import Ledger
from pytest_anyapp.sim.apps.finance.store import FinanceManagerVault, SushiStorage
from pytest_anyapp.sim.apps.finance.sushi import Sushi
from pytest_anyapp.sim.device import DeviceConfig, SimDevice
from pytest_anyapp.sim.ui.views import EditText
from verifiers.finance.adapters import FinanceManagerAdapter, OinkoinAdapter, SushiAdapter
from verifiers.finance.state import FinanceState, Transaction

STATE = FinanceState(wallets=["Cash", "Bank"], categories=["Food"], transactions=[
    Transaction(note="Lunch", amount_cents=400, income=False, category="Food", day="2023-10-14"),
    Transaction(note="Café crème", amount_cents=1250, income=False, category="Food", day="2023-10-13")])


def test_finance_manager_import_path_has_no_main_account_and_the_launcher_adds_none(tmp_path: Path) -> None:
    app = finance_manager.FinanceManager(SimDevice(DeviceConfig(tmp_path / "dev")))
    app.on_create()
    text, _typed = FinanceManagerAdapter().seed_csv(STATE)
    FinanceManagerVault(app).import_csv(text, "2023-10-15")
    assert FinanceManagerVault(app).wallets() == ["Cash", "Bank"]
    app.prefs(FinanceManagerVault.PREFS).put(isFirstTimeLaunch=False)
    assert isinstance(type(app).home(app), Ledger)  # type: ignore[misc]
    assert FinanceManagerVault(app).wallets() == ["Cash", "Bank"]


def test_finance_manager_launcher_shows_the_tutorial_and_adds_main_account_on_a_fresh_start(tmp_path: Path) -> None:
    app = finance_manager.FinanceManager(SimDevice(DeviceConfig(tmp_path / "dev")))
    app.on_create()
    assert isinstance(type(app).home(app), finance_manager.Tutorial)  # type: ignore[misc]
    assert FinanceManagerVault(app).wallets() == ["Main Account"]


def test_pro_expense_onboarding_until_is_first_time_false_and_one_activity(tmp_path: Path) -> None:
    app = pro_expense.ProExpense(SimDevice(DeviceConfig(tmp_path / "dev")))
    app.on_create()
    assert isinstance(type(app).home(app), pro_expense.Onboarding)  # type: ignore[misc]
    app.prefs().put(isFirstTime=False)
    assert isinstance(type(app).home(app), Ledger)  # type: ignore[misc]
    assert pro_expense.SKIN.editor.activity == app.launch_activity == ".ui.MainActivity"


def test_oinkoin_amount_takes_text_only_with_the_number_keyboard_the_seeder_selects(tmp_path: Path) -> None:
    app = oinkoin.Oinkoin(SimDevice(DeviceConfig(tmp_path / "dev")))
    editor = pro_expense.SKIN.editor  # any editor skin: the field's kind is the app's
    assert not isinstance(app.amount_view(editor), EditText)
    name, xml = OinkoinAdapter.prefs or ("", "")
    assert name == f"{oinkoin.FLUTTER_PREFS}.xml"
    prefs = app.host_path(f"shared_prefs/{name}")
    prefs.parent.mkdir(parents=True, exist_ok=True)
    prefs.write_text(xml, encoding="utf-8")
    assert app.prefs(oinkoin.FLUTTER_PREFS).get(oinkoin.KEYBOARD_KEY) == 1
    assert isinstance(app.amount_view(editor), EditText)


def _persist_root(app: Sushi) -> str:
    return str(app.query(SushiStorage.DB, "SELECT value FROM catalystLocalStorage WHERE key = ?",
                         (SushiStorage.KEY,))[0][0])


def test_sushi_start_rewrites_persist_root_as_the_persistoid_does(tmp_path: Path) -> None:
    """A blob in Python's JSON style comes back in JSON.stringify's: no spaces, 4 not 4.0, every
    persisted slice in the root reducer's order, _persist last."""
    app = Sushi(SimDevice(DeviceConfig(tmp_path / "dev")))
    app.on_create()
    app.execute(SushiStorage.DB, "INSERT OR REPLACE INTO catalystLocalStorage(key, value) VALUES (?, ?)", (
        SushiStorage.KEY, '{"wallets": "{\\"w\\": {\\"id\\": \\"w\\", \\"initialAmount\\": 0.0}}", '
                          '"_persist": "{\\"version\\": 2, \\"rehydrated\\": true}"}'))
    app.on_create()
    assert _persist_root(app) == (
        '{"theme":"{\\"base\\":\\"Light\\"}","wallets":"{\\"w\\":{\\"id\\":\\"w\\",\\"initialAmount\\":0}}",'
        '"transactions":"{}","currency":"{\\"language\\":\\"en-US\\"}","language":"{\\"selected\\":\\"en-US\\"}",'
        '"_persist":"{\\"version\\":2,\\"rehydrated\\":true}"}')


def test_sushi_seed_survives_the_apps_start_up_rewrite(tmp_path: Path) -> None:
    app = Sushi(SimDevice(DeviceConfig(tmp_path / "dev")))
    app.on_create()
    app.executescript(SushiStorage.DB, SushiAdapter().seed_sql(STATE))
    seeded = _persist_root(app)
    assert '"amount\\":-4,' in seeded and "Café crème" in seeded
    app.on_create()
    assert _persist_root(app) == seeded
