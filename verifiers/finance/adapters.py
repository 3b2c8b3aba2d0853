"""The Finance apps' adapters: each app's own store at its pinned version, in its own units
(docs/finance.md, "Storage profiles"; facts from /work/shared/notes/storage_finance.md, read
from the public sources cited in each profile).

Every store here is plain SQLite read as root with the device's ``sqlite3``. Text columns are
read as ``hex()`` (no escaping can break a row) and every read carries the table's row count,
so a truncated read raises instead of looking like a deleted row.
"""

from __future__ import annotations

import csv
import json
import shlex
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import (
    AppAdapter,
    FidelityReading,
    LaunchGuard,
    LaunchGuards,
    PairMode,
    RawSnapshot,
    SourceRef,
    StorageProfile,
    ensure_app_database,
    own_app_files,
)
from verifiers.finance.omb_screen import FUND_CENTS, money_cents, read_screens, row_day, type_state
from verifiers.finance.screen import EXPORT, export_csv, type_transaction
from verifiers.finance.state import (
    DEFAULT_WALLET,
    FROZEN_S,
    INCOME_CATEGORY,
    TODAY,
    FinanceState,
    Transaction,
    Transfer,
)
from verifiers.finance.templates import SECOND_WALLET

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

COUNT = "#"
SEP = "|"


# -- encodings (harness side; the simulator has its own) -------------------------------------------

def sql_text(value: str | None) -> str:
    return "NULL" if value is None else "'" + value.replace("'", "''") + "'"


def unhex(value: str) -> str:
    return bytes.fromhex(value).decode("utf-8") if value else ""


def day_ms(day: str) -> int:
    """Noon UTC of ``yyyy-mm-dd`` in epoch ms (the device runs in UTC; noon keeps the day)."""
    return int(datetime.strptime(day, "%Y-%m-%d").replace(hour=12, tzinfo=UTC).timestamp() * 1000)


def ms_day(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d")


def counted_rows(lines: list[str], columns: int, what: str) -> list[list[str]]:
    """Rows of a read whose first line is ``#<count>``; raises when the count does not match. Lines
    before it (``PRAGMA busy_timeout`` echoes its value) are dropped."""
    while lines and not lines[0].startswith(COUNT) and lines[0].isdigit():
        lines = lines[1:]
    if not lines or not lines[0].startswith(COUNT):
        raise VerifierReadError(f"{what}: the read has no row count: {lines[:1]}")
    expected = int(lines[0][1:])
    rows = [line.split(SEP) for line in lines[1:]]
    if len(rows) != expected or any(len(r) != columns for r in rows):
        raise VerifierReadError(f"{what}: the table counts {expected} rows, {len(rows)} parsed")
    return rows


class SqliteFinanceAdapter(AppAdapter[FinanceState]):
    """An app whose store is one SQLite file under ``/data/data/<pkg>/databases``."""

    app: ClassVar[AppSpec]
    db_name: ClassVar[str]
    #: The app creates its own schema on first launch (too large or not exactly known to recreate).
    launch_creates_db: ClassVar[bool] = False
    #: SharedPreferences that take the app past its first-run screens: (file name, XML body).
    prefs: ClassVar[tuple[str, str] | None] = None

    @property
    def data_dir(self) -> str:
        return f"/data/data/{self.app.package}"

    @property
    def db_path(self) -> str:
        return f"{self.data_dir}/databases/{self.db_name}"

    def seed(self, device: DeviceClient, state: FinanceState) -> None:
        """Write the prefs, make sure the database exists, replace the rows; then give the files
        back to the app's user (root created them)."""
        data = shlex.quote(self.data_dir)
        device.force_stop(self.app.package)
        if self.prefs is not None:
            name, xml = self.prefs
            device.check(f"mkdir -p {data}/shared_prefs && echo {shlex.quote(xml)} > {data}/shared_prefs/{name}")
            own_app_files(device, self.app.package, "shared_prefs")  # the first start below writes there too
        if self.launch_creates_db:
            ensure_app_database(device, self.app.package, self.db_path)
        device.check(f"mkdir -p {data}/databases")
        device.sqlite(self.db_path, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; " + self.seed_sql(state) + " COMMIT;")
        own_app_files(device, self.app.package, "databases", "shared_prefs")

    def seed_sql(self, state: FinanceState) -> str:
        raise NotImplementedError

    read_sql: ClassVar[str]
    columns: ClassVar[int]

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        if not device.run(f"ls {shlex.quote(self.db_path)}").ok:
            raise VerifierReadError(f"{self.db_path} does not exist (the app's store was never created)")
        try:
            return {"rows": device.sqlite(self.db_path, "PRAGMA busy_timeout=5000; " + self.read_sql)}
        except DeviceError as exc:
            raise VerifierReadError(f"could not read {self.db_path}: {exc}") from exc

    def parse(self, raw: RawSnapshot) -> FinanceState:
        if "rows" not in raw:
            raise VerifierReadError(f"{self.app.app_id} snapshot has no 'rows' read")
        return self.parse_rows(counted_rows(raw["rows"], self.columns, self.app.app_id))

    def parse_rows(self, rows: list[list[str]]) -> FinanceState:
        raise NotImplementedError


# -- Pro Expense ---------------------------------------------------------------------------------

PRO_CATEGORY_IDS: dict[str, int] = {"Others": 1, "Income": 2, "Food": 3, "Housing": 4, "Social": 5,
                                    "Entertainment": 6, "Transportation": 7, "Clothes": 8, "Health Care": 9,
                                    "Education": 10, "Donation": 11}
PRO_CATEGORY_NAMES = {v: k for k, v in PRO_CATEGORY_IDS.items()}
PRO_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS `expense` (`expense_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `name` TEXT, "
    "`amount` INTEGER NOT NULL, `category` INTEGER NOT NULL, `note` TEXT, `created_date` INTEGER NOT NULL, "
    "`modified_date` INTEGER NOT NULL); "
    "CREATE TABLE IF NOT EXISTS `backup` (`backup_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `name` TEXT NOT NULL, "
    "`path` TEXT NOT NULL, `created_date` INTEGER NOT NULL, `item_total` INTEGER NOT NULL, `worker_id` TEXT NOT NULL, "
    "`is_completed` INTEGER NOT NULL); "
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT); "
    "INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '27085a6798a70569f4984067458b86b2'); "
    "PRAGMA user_version = 6;"
)
PRO_SRC = SourceRef(repo="arduia/ProExpense", tag="v1.0.0-beta06", files=(
    "app/build.gradle (applicationId com.arduia.expense, versionCode 12, versionName 1.0.0-beta06)",
    "app/src/main/java/com/arduia/expense/di/DatabaseModule.kt (accounting.db)",
    "app/schemas/com.arduia.expense.data.local.ProExpenseDatabase/6.json (createSql, identity hash)",
    "app/src/main/java/com/arduia/expense/data/local/ExpenseEnt.kt, ExpenseDao.kt (insert REPLACE, @Update, delete)",
    "app/src/main/java/com/arduia/expense/domain/Amount.kt (value x 100)",
    "app/src/main/java/com/arduia/expense/ui/common/category/ExpenseCategoryProviderImpl.kt (ids 1-11)",
    "app/src/main/java/com/arduia/expense/ui/entry/ExpenseEntryViewModel.kt (modified_date = chosen date)",
), note="schema file read at the repository head (same Room version 6 as the tag); other facts per "
        "storage_finance.md §2")


class ProExpenseAdapter(SqliteFinanceAdapter):
    """Positive cents; income is category 2; epoch ms; no wallets (transfers declined)."""

    app = app_by_id("finance_pro_expense")
    db_name = "accounting.db"
    prefs = ("com.arduia.expense_preferences.xml",
             "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
             "    <boolean name=\"isFirstTime\" value=\"false\" />\n</map>")
    storage = (StorageProfile(
        what="expenses and incomes", path="/data/data/com.arduia.expense/databases/accounting.db",
        format="Room v6, table expense(expense_id PK, name, amount INTEGER = cents > 0, category INTEGER 1-11 "
               "(2 = Income), note, created_date ms, modified_date ms = the transaction date)",
        writes="save: one row (name, amount x 100, category id, created_date = now, modified_date = chosen date); "
               "edit: @Update of the row; delete: hard delete by id",
        sources=(PRO_SRC,),
    ), StorageProfile(
        what="first-run flag", path="/data/data/com.arduia.expense/shared_prefs/com.arduia.expense_preferences.xml",
        format="boolean isFirstTime (onboarding until false)", writes="onboarding's CONTINUE sets it false",
        sources=(PRO_SRC.model_copy(update={"files": (
            "app/src/main/java/com/arduia/expense/data/local/PreferenceFlowStorageDaoImpl.kt",
            "app/src/main/java/com/arduia/expense/ui/splash/SplashViewModel.kt")}),),
    ))
    read_sql = ("SELECT '#' || count(*) FROM expense; SELECT hex(coalesce(name, '')) || '|' || amount || '|' || "
                "category || '|' || modified_date FROM expense ORDER BY expense_id;")
    columns = 4

    def supports(self, template: TaskTemplate[Any]) -> bool:
        return template.semantic_id != "ExpenseTransferBetweenWallets"

    def decline_reason(self, template: TaskTemplate[Any]) -> str:
        return "Pro Expense has no wallets or accounts (one expense table, no transfer concept)"

    def seed_sql(self, state: FinanceState) -> str:
        values = []
        for t in state.transactions:
            category = PRO_CATEGORY_IDS["Income"] if t.income else PRO_CATEGORY_IDS.get(t.category, 1)
            ms = day_ms(t.day)
            values.append(f"({sql_text(t.note)}, {t.amount_cents}, {category}, '', {ms}, {ms})")
        rows = ("INSERT INTO expense(name, amount, category, note, created_date, modified_date) VALUES "
                + ", ".join(values) + ";") if values else ""
        return f"{PRO_SCHEMA} DELETE FROM expense; {rows}"

    def parse_rows(self, rows: list[list[str]]) -> FinanceState:
        txs = [Transaction(note=unhex(name), amount_cents=abs(int(amount)), income=int(cat) == PRO_CATEGORY_IDS["Income"],
                           category=PRO_CATEGORY_NAMES.get(int(cat), f"category {cat}"), day=ms_day(int(ms)))
               for name, amount, cat, ms in rows]
        return FinanceState(transactions=txs)


def _ids(prefix: str, name: str) -> str:
    """A stable uuid for a seeded row (the same state seeds the same ids)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"anyapp:{prefix}:{name}"))


def _categories(state: FinanceState) -> list[tuple[str, bool]]:
    """Categories to seed: the state's expense categories, every category its rows use, Income."""
    wanted = [(c, False) for c in state.categories]
    wanted += [(t.category, t.income) for t in state.transactions if t.category]
    wanted.append((INCOME_CATEGORY, True))
    return list(dict.fromkeys(wanted))


# -- My Expenses ---------------------------------------------------------------------------------

MYEXP_SRC = SourceRef(repo="mtotschnig/MyExpenses", tag="r871", files=(
    "myExpenses/build.gradle (applicationId org.totschnig.myexpenses, versionCode 871, versionName 4.1.0.2)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/di/DataModule.kt (database 'data', WAL off)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/provider/TransactionDatabase.java (transactions, categories)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/provider/BaseTransactionDatabase.kt (accounts, schema 189, "
    "EQUIVALENT_AMOUNTS_CREATE: the equivalent_amounts table)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/db2/entities/Transaction.kt (date in seconds, amount minor)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/ui/AmountInput.kt (expense negated)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/provider/BaseTransactionProvider.kt (hard delete, VOID)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/activity/SplashActivity.kt (onboarding gate currentversion)",
), note="facts per storage_finance.md §1 (read at r871)")


class MyExpensesAdapter(SqliteFinanceAdapter):
    """Signed minor units, epoch seconds, categories by id, accounts as wallets, transfers as two
    linked rows. The app creates its schema itself (189 versions of migrations): launched once."""

    app = app_by_id("finance_my_expenses")
    db_name = "data"
    launch_creates_db = True
    prefs = ("org.totschnig.myexpenses_preferences.xml",
             "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
             "    <int name=\"currentversion\" value=\"871\" />\n</map>")
    storage = (StorageProfile(
        what="transactions, transfers, accounts, categories",
        path="/data/data/org.totschnig.myexpenses/databases/data",
        format="SQLite (framework helper, not Room; journal DELETE). transactions(_id, comment = Notes, date and "
               "value_date = epoch seconds, amount = signed minor units (expense < 0), cat_id -> categories, "
               "account_id -> accounts, transfer_account, transfer_peer, parent_id, cr_status, uuid); "
               "categories(_id, label, parent_id, type 1 expense / 2 income / 0 transfer); accounts(_id, label, "
               "currency, type, ...); equivalent amounts in their own table equivalent_amounts(transaction_id -> "
               "transactions ON DELETE CASCADE, currency, equivalent_amount; primary key (transaction_id, currency)), "
               "not a column of transactions",
        writes="save: one transactions row (signed amount, date in seconds, new uuid); a transfer: two rows, one per "
               "account, linked by transfer_peer; delete: hard delete of the row and its peer (or cr_status VOID when "
               "'mark void' is ticked: read as deleted)",
        sources=(MYEXP_SRC,),
    ),)
    read_sql = ("SELECT '#' || count(*) FROM transactions t WHERE t.parent_id IS NULL AND t.cr_status != 'VOID'; "
                "SELECT hex(coalesce(t.comment, '')) || '|' || t.amount || '|' || hex(coalesce(c.label, '')) || '|' || "
                "t.date || '|' || hex(coalesce(a.label, '')) || '|' || hex(coalesce(b.label, '')) FROM transactions t "
                "LEFT JOIN categories c ON c._id = t.cat_id LEFT JOIN accounts a ON a._id = t.account_id "
                "LEFT JOIN accounts b ON b._id = t.transfer_account "
                "WHERE t.parent_id IS NULL AND t.cr_status != 'VOID' ORDER BY t._id;")
    columns = 6

    def seed_sql(self, state: FinanceState) -> str:
        out = ["DELETE FROM equivalent_amounts; DELETE FROM transactions; DELETE FROM accounts; "
               "DELETE FROM categories WHERE _id != 0 AND NOT (label = 'Transfer' AND parent_id IS NULL);"]
        for w in state.wallets:
            out.append("INSERT INTO accounts(label, opening_balance, currency, type, grouping, sort_direction, flag, "
                       f"sealed, dynamic, uuid) VALUES ({sql_text(w)}, 0, 'USD', 1, 'NONE', 'DESC', 0, 0, 0, "
                       f"'{_ids('account', w)}');")
        for name, income in _categories(state):
            out.append(f"INSERT INTO categories(label, label_normalized, type, uuid) VALUES ({sql_text(name)}, "
                       f"{sql_text(name.lower())}, {2 if income else 1}, '{_ids('category', f'{name}:{income}')}');")
        account = f"(SELECT _id FROM accounts WHERE label = {sql_text(state.wallets[0])})"
        for i, t in enumerate(state.transactions):
            secs = day_ms(t.day) // 1000
            cat = (f"(SELECT _id FROM categories WHERE label = {sql_text(t.category)} AND parent_id IS NULL "
                   f"AND type = {2 if t.income else 1})")
            amount = t.amount_cents if t.income else -t.amount_cents
            out.append("INSERT INTO transactions(comment, date, value_date, amount, cat_id, account_id, cr_status, uuid) "
                       f"VALUES ({sql_text(t.note)}, {secs}, {secs}, {amount}, {cat}, {account}, 'UNRECONCILED', "
                       f"'{_ids('tx', str(i))}');")
        transfer_cat = "(SELECT _id FROM categories WHERE label = 'Transfer' AND parent_id IS NULL AND type = 0)"
        for i, m in enumerate(state.transfers):
            src = f"(SELECT _id FROM accounts WHERE label = {sql_text(m.source)})"
            dst = f"(SELECT _id FROM accounts WHERE label = {sql_text(m.target)})"
            secs = day_ms("2023-10-15") // 1000
            out.append("INSERT INTO transactions(date, value_date, amount, cat_id, account_id, transfer_account, "
                       f"cr_status, uuid) VALUES ({secs}, {secs}, {-m.amount_cents}, {transfer_cat}, {src}, {dst}, "
                       f"'UNRECONCILED', '{_ids('out', str(i))}');")
            out.append("INSERT INTO transactions(date, value_date, amount, cat_id, account_id, transfer_account, "
                       f"transfer_peer, cr_status, uuid) VALUES ({secs}, {secs}, {m.amount_cents}, {transfer_cat}, "
                       f"{dst}, {src}, last_insert_rowid(), 'UNRECONCILED', '{_ids('in', str(i))}');")
            out.append("UPDATE transactions SET transfer_peer = last_insert_rowid() WHERE _id = "
                       "(SELECT transfer_peer FROM transactions WHERE _id = last_insert_rowid());")
        return " ".join(out)

    def parse_rows(self, rows: list[list[str]]) -> FinanceState:
        txs: list[Transaction] = []
        moves: list[Transfer] = []
        for note, amount, cat, secs, account, peer in rows:
            value = int(amount)
            if peer:
                if value < 0:
                    moves.append(Transfer(amount_cents=-value, source=unhex(account), target=unhex(peer)))
                continue
            txs.append(Transaction(note=unhex(note), amount_cents=abs(value), income=value > 0, category=unhex(cat),
                                   day=ms_day(int(secs) * 1000)))
        return FinanceState(transactions=txs, transfers=moves)


# -- Oinkoin -------------------------------------------------------------------------------------

OINKOIN_SRC = SourceRef(repo="emavgl/oinkoin", tag="1.11.1", files=(
    "pubspec.yaml (version 1.11.1+7138)",
    "android/app/build.gradle (fdroid flavor -> com.github.emavgl.piggybankpro; ABI version codes x1000 + 4 "
    "for x86_64)",
    "lib/services/database/sqlite-database.dart (movements.db, schema 31, addRecord, deleteRecordById)",
    "lib/services/database/sqlite-migration-service.dart (records, categories, wallets, profiles)",
    "lib/records/edit-record-page.dart (expense negative; transfer = one record with transfer_wallet_id)",
    "lib/models/record.dart (datetime = UTC epoch ms, value REAL in major units)",
    "lib/models/record.dart (isTransfer = transferWalletId != null)",
), note="facts per storage_finance.md §3; the records/wallets/profiles DDL re-read at tag 1.11.1 "
        "(sqlite-migration-service.dart lines 33-118)")


def _decimal_cents(text: str) -> int:
    return abs(int((Decimal(text) * 100).to_integral_value()))


class OinkoinAdapter(SqliteFinanceAdapter):
    """Signed REAL in major units, UTC epoch ms, categories by (name, type), wallets and a profile."""

    app = app_by_id("finance_oinkoin")
    db_name = "movements.db"
    launch_creates_db = True
    #: The amount field's keyboard: 1 = the system number keyboard. Android's default (2) is the app's own
    #: calculator keypad on a TextInputType.none field (OINKOIN_KEYPAD); a lab's device is set to 1.
    prefs = ("FlutterSharedPreferences.xml",
             "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
             "    <long name=\"flutter.amountInputKeyboardType\" value=\"1\" />\n</map>")
    storage = (StorageProfile(
        what="records, transfers, wallets, categories",
        path="/data/data/com.github.emavgl.piggybankpro/databases/movements.db",
        format="sqflite, schema 31. records(id, datetime = UTC epoch ms, timezone, value REAL major units (expense "
               "< 0), title, description, category_name + category_type (0 expense, 1 income) -> categories, "
               "wallet_id, transfer_wallet_id, transfer_value, profile_id); wallets(id, name, is_default, "
               "profile_id, ...); categories PK (name, category_type); profiles(id, name, is_default)",
        writes="save: addRecord creates a missing category, inserts one records row (signed value, datetime ms); a "
               "transfer: one row with transfer_wallet_id and a negative value; delete: hard delete by id",
        sources=(OINKOIN_SRC,),
    ),)
    read_sql = ("SELECT '#' || count(*) FROM records; SELECT hex(coalesce(r.title, '')) || '|' || r.value || '|' || "
                "hex(coalesce(r.category_name, '')) || '|' || r.datetime || '|' || hex(coalesce(w.name, '')) || '|' || "
                "hex(coalesce(tw.name, '')) || '|' || coalesce(r.transfer_wallet_id, '') FROM records r "
                "LEFT JOIN wallets w ON w.id = r.wallet_id LEFT JOIN wallets tw ON tw.id = r.transfer_wallet_id "
                "ORDER BY r.id;")
    columns = 7

    def seed_sql(self, state: FinanceState) -> str:
        profile = "(SELECT id FROM profiles WHERE is_default = 1 ORDER BY id LIMIT 1)"
        out = ["DELETE FROM records; DELETE FROM records_tags; DELETE FROM wallets;"]
        for i, w in enumerate(state.wallets):
            out.append("INSERT INTO wallets(name, initial_amount, is_archived, is_default, is_predefined, sort_order, "
                       f"profile_id) VALUES ({sql_text(w)}, 0, 0, {1 if i == 0 else 0}, 0, {i}, {profile});")
        for name, income in _categories(state):
            out.append(f"INSERT OR IGNORE INTO categories(name, category_type) VALUES ({sql_text(name)}, "
                       f"{1 if income else 0});")
        wallet = f"(SELECT id FROM wallets WHERE name = {sql_text(state.wallets[0])})"
        for t in state.transactions:
            value = f"{'' if t.income else '-'}{t.amount_cents // 100}.{t.amount_cents % 100:02d}"
            out.append("INSERT INTO records(datetime, timezone, value, title, category_name, category_type, wallet_id, "
                       f"profile_id) VALUES ({day_ms(t.day)}, 'UTC', {value}, {sql_text(t.note)}, "
                       f"{sql_text(t.category)}, {1 if t.income else 0}, {wallet}, {profile});")
        for m in state.transfers:
            amount = f"{m.amount_cents // 100}.{m.amount_cents % 100:02d}"
            out.append("INSERT INTO records(datetime, timezone, value, title, wallet_id, transfer_wallet_id, "
                       f"transfer_value, profile_id) VALUES ({day_ms('2023-10-15')}, 'UTC', -{amount}, NULL, "
                       f"(SELECT id FROM wallets WHERE name = {sql_text(m.source)}), "
                       f"(SELECT id FROM wallets WHERE name = {sql_text(m.target)}), {amount}, {profile});")
        return " ".join(out)

    def parse_rows(self, rows: list[list[str]]) -> FinanceState:
        txs: list[Transaction] = []
        moves: list[Transfer] = []
        for title, value, cat, ms, wallet, target, target_id in rows:
            cents = _decimal_cents(value)
            if target_id:
                moves.append(Transfer(amount_cents=cents, source=unhex(wallet), target=unhex(target)))
                continue
            txs.append(Transaction(note=unhex(title), amount_cents=cents, income=not value.startswith("-"),
                                   category=unhex(cat), day=ms_day(int(ms))))
        return FinanceState(transactions=txs, transfers=moves)


# -- Sushi ---------------------------------------------------------------------------------------

SUSHI_SRC = SourceRef(repo="jerameel/sushi", tag="v1.15", files=(
    "android/app/build.gradle (applicationId com.jerameeldelosreyes.sushi, versionCode 15, versionName 1.15)",
    "src/store/index.ts (redux-persist key root, version 2, AsyncStorage)",
    "src/store/transactions.ts, src/store/wallets.ts (shapes; delete removes the key)",
    "src/screens/CreateTransaction/view.tsx, container.tsx (amount sign, paidAt ISO, Transfer category)",
    "react-native-async-storage/async-storage@v1.17.11 ReactDatabaseSupplier.java (RKStorage, catalystLocalStorage)",
), note="facts per storage_finance.md §6 (read at v1.15)")
RK_SCHEMA = ("CREATE TABLE IF NOT EXISTS catalystLocalStorage (key TEXT PRIMARY KEY, value TEXT NOT NULL); "
             "PRAGMA user_version = 1;")
PERSIST_KEY = "persist:root"
SUSHI_PERSIST_SRC = SourceRef(repo="jerameel/sushi", tag="v1.15", files=(
    "src/store/index.ts (rootReducer: theme, wallets, transactions, currency, language, filters; whitelist without "
    "filters; persistStore at start)",
    "src/store/theme.ts, currency.ts, language.ts (initial states: base Light/Dark by Appearance, language "
    "'en-US', selected 'en-US')",
    "package.json (redux-persist ^6.0.0)"),
    note="with rt2zz/redux-persist v6.0.0: src/persistReducer.js (REHYDRATE: autoMergeLevel1, then conditionalUpdate "
         "-> persistoid.update), src/createPersistoid.js (lastState starts empty, so every whitelisted key is "
         "JSON.stringify-ed and the object written, _persist included)")


def _js_number(value: float) -> int | float:
    """A JS number as ``JSON.stringify`` prints it: 4.0 is ``4``."""
    return int(value) if float(value).is_integer() else value


def _stringify(value: object) -> str:
    """``JSON.stringify`` of plain JSON data: no whitespace, non-ASCII as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _iso(day: str) -> str:
    return f"{day}T12:00:00.000Z"


class SushiAdapter(SqliteFinanceAdapter):
    """One JSON blob (redux-persist) in AsyncStorage's SQLite table; members JSON-encoded twice."""

    app = app_by_id("finance_sushi")
    db_name = "RKStorage"
    storage = (StorageProfile(
        what="transactions, transfers, wallets (redux state)",
        path="/data/data/com.jerameeldelosreyes.sushi/databases/RKStorage",
        format="table catalystLocalStorage(key, value); key 'persist:root' = JSON object whose members "
               "(wallets, transactions, _persist ...) are JSON strings. transactions: {id: {id, sourceWalletId, "
               "destinationWalletId, category (free text, title-cased), description, amount (number, major units, "
               "OUT < 0), paidAt ISO-8601 UTC, createdAt, updatedAt}}; wallets: {id: {id, label, initialAmount, ...}}",
        writes="every change rewrites the whole persist:root value; delete removes the transaction's key; a transfer "
               "is one transaction with category 'Transfer', a negative amount and destinationWalletId",
        sources=(SUSHI_SRC,),
    ),)
    read_sql = (f"SELECT '#' || count(*) FROM catalystLocalStorage WHERE key = '{PERSIST_KEY}'; "
                f"SELECT hex(value) FROM catalystLocalStorage WHERE key = '{PERSIST_KEY}';")
    columns = 1

    def seed_sql(self, state: FinanceState) -> str:
        stamp = "2023-10-15T12:00:00.000Z"
        wallets = {_ids("wallet", w): {"id": _ids("wallet", w), "label": w, "initialAmount": 0, "createdAt": stamp,
                                       "updatedAt": stamp} for w in state.wallets}
        by_label = {w["label"]: k for k, w in wallets.items()}
        txs: dict[str, dict[str, object]] = {}
        for i, t in enumerate(state.transactions):
            tid = _ids("tx", str(i))
            amount = t.amount_cents / 100
            txs[tid] = {"id": tid, "sourceWalletId": by_label[state.wallets[0]], "destinationWalletId": None,
                        "category": t.category, "description": t.note,
                        "amount": _js_number(amount if t.income else -amount),
                        "paidAt": _iso(t.day), "createdAt": _iso(t.day), "updatedAt": _iso(t.day)}
        for i, m in enumerate(state.transfers):
            tid = _ids("transfer", str(i))
            txs[tid] = {"id": tid, "sourceWalletId": by_label[m.source], "destinationWalletId": by_label[m.target],
                        "category": "Transfer", "description": "", "amount": _js_number(-m.amount_cents / 100),
                        "paidAt": stamp, "createdAt": stamp, "updatedAt": stamp}
        # What the app's own start-up write makes of it (SUSHI_PERSIST_SRC): every persisted slice in the
        # root reducer's order, the ones not seeded at their initial state, _persist last.
        root = {"theme": _stringify({"base": "Light"}), "wallets": _stringify(wallets), "transactions": _stringify(txs),
                "currency": _stringify({"language": "en-US"}), "language": _stringify({"selected": "en-US"}),
                "_persist": _stringify({"version": 2, "rehydrated": True})}
        return (f"{RK_SCHEMA} DELETE FROM catalystLocalStorage WHERE key = '{PERSIST_KEY}'; "
                f"INSERT INTO catalystLocalStorage(key, value) VALUES ('{PERSIST_KEY}', {sql_text(_stringify(root))});")

    def parse_rows(self, rows: list[list[str]]) -> FinanceState:
        if not rows:
            return FinanceState(transactions=[])
        try:
            root = json.loads(unhex(rows[0][0]))
            wallets = json.loads(root.get("wallets", "{}"))
            data = json.loads(root.get("transactions", "{}"), parse_float=Decimal)
        except (ValueError, AttributeError) as exc:
            raise VerifierReadError(f"Sushi persist:root is not the expected JSON: {exc}") from exc
        label = {k: str(w.get("label", "")) for k, w in wallets.items()}
        txs: list[Transaction] = []
        moves: list[Transfer] = []
        for t in data.values():
            amount = Decimal(str(t.get("amount", 0)))
            cents = abs(int((amount * 100).to_integral_value()))
            if t.get("destinationWalletId") and str(t.get("category", "")).casefold() == "transfer":
                moves.append(Transfer(amount_cents=cents, source=label.get(t.get("sourceWalletId"), ""),
                                      target=label.get(t["destinationWalletId"], "")))
                continue
            txs.append(Transaction(note=str(t.get("description", "")), amount_cents=cents, income=amount > 0,
                                   category=str(t.get("category", "")), day=str(t.get("paidAt", ""))[:10]))
        return FinanceState(transactions=txs, transfers=moves)


# -- Finance Manager -------------------------------------------------------------------------------

FM_SRC = SourceRef(repo="SecUSo/privacy-friendly-finance-manager", tag="v2.3.2", files=(
    "app/build.gradle (applicationId org.secuso.privacyfriendlyfinancemanager, versionCode 100, versionName 2.3.2; "
    "SQLCipher 4.5.0)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/domain/FinanceDatabase.java (encryptedDB, Main Account id 0)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/helpers/KeyStoreHelper.java (passphrase wrapped by the "
    "AndroidKeyStore key financeDatabaseKey)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/helpers/SharedPreferencesManager.java (privacy_friendly_apps: "
    "isFirstTimeLaunch, dbPassphrase)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/domain/model/Transaction.java (Tranzaction: name, amount = "
    "signed cents, date yyyy-MM-dd, accountId, categoryId)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/activities/TransactionsActivity.java (Export as CSV; a "
    "text/csv VIEW intent starts CsvImportService with a result receiver)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/csv/CsvExporter.java, CsvDefinitions.java (date;amount;"
    "note;category;account, amount 0.00 with '.')",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/csv/CsvImporter.java, Category2Id.java, Account2Id.java "
    "(accounts and categories created by name while parsing; amount = (long)(float x 100))",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/services/CsvImportService.java, domain/access/"
    "TransactionDao.java (rows with amount 0 or identical to a stored one are skipped)",
    "app/src/main/AndroidManifest.xml (TransactionsActivity exported: VIEW/SEND/SENDTO text/csv, file/content)",
), note="read at tag v2.3.2 (commit 1240a193); facts also in storage_finance.md §5")
FM_HEADER = ["date", "amount", "note", "category", "account"]
FM_PREFS = ("<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
            "    <boolean name=\"isFirstTimeLaunch\" value=\"false\" />\n</map>")


def _fm_amount(t: Transaction) -> str:
    text = f"{t.amount_cents // 100}.{t.amount_cents % 100:02d}"
    return text if t.income else "-" + text


class FinanceManagerAdapter(AppAdapter[FinanceState]):
    """The database is SQLCipher with a Keystore-wrapped key: nothing is read from it. Seeding goes
    through the app's own CSV import (a ``text/csv`` VIEW intent to TransactionsActivity), reading
    through its own CSV export (overflow -> "Export as CSV", the file read as root)."""

    app = app_by_id("finance_finance_manager")
    reads_by_navigating = True
    storage = (StorageProfile(
        what="transactions, accounts, categories",
        path="/data/data/org.secuso.privacyfriendlyfinancemanager/databases/encryptedDB",
        format="Room v10 on SQLCipher (cipher_compatibility 3), key = 16 random bytes RSA-wrapped by the "
               "AndroidKeyStore key financeDatabaseKey (shared_prefs/privacy_friendly_apps.xml dbPassphrase). "
               "Tranzaction(id, name, amount = signed cents (expense < 0), date TEXT yyyy-MM-dd, accountId, "
               "categoryId, repeatingId); Account(id, name unique; Main Account id 0); Category(id, name unique, "
               "budget, color); no transfers",
        writes="submit in the transaction dialog: insert or update one Tranzaction row (date = the dialog's date, "
               "today by default); swipe + trash + Delete: hard delete",
        readable=False, sources=(FM_SRC,),
    ), StorageProfile(
        what="the app's CSV export (the readable view of the store)", path=EXPORT,
        format="';'-separated, header date;amount;note;category;account; one line per transaction, date DESC, "
               "id DESC; amount signed major units '0.00' with '.'; names of category and account; opencsv quotes "
               "a field only when it holds ';', a quote or a newline",
        writes="overflow -> Export as CSV: rewrites the whole file from the database, then opens a share chooser",
        sources=(FM_SRC,),
    ), StorageProfile(
        what="first-run flag", path="/data/data/org.secuso.privacyfriendlyfinancemanager/shared_prefs/"
                                    "privacy_friendly_apps.xml",
        format="boolean isFirstTimeLaunch (tutorial until false), string dbPassphrase (wrapped key)",
        writes="the tutorial's end sets isFirstTimeLaunch false; the first database open writes dbPassphrase",
        sources=(FM_SRC,),
    ))

    def supports(self, template: TaskTemplate[Any]) -> bool:
        return template.semantic_id != "ExpenseTransferBetweenWallets"

    def decline_reason(self, template: TaskTemplate[Any]) -> str:
        return ("Finance Manager has accounts but no transfers: a transaction belongs to one account (Tranzaction has "
                "no target account) and the dialog has no transfer control")

    @property
    def data_dir(self) -> str:
        return f"/data/data/{self.app.package}"

    def seed_csv(self, state: FinanceState) -> tuple[str, list[Transaction]]:
        """The import file (a 0-amount line per category and wallet: the importer creates them by name
        and skips the line) and the rows it would drop as identical to an earlier one."""
        lines = [";".join(FM_HEADER)]
        lines += [f"{TODAY};0;;{name};{state.wallets[0]}" for name, _ in _categories(state)]
        lines += [f"{TODAY};0;;;{w}" for w in state.wallets]
        seen: set[tuple[str, int, bool, str, str]] = set()
        typed: list[Transaction] = []
        for t in state.transactions:
            key = (t.note, t.amount_cents, t.income, t.category, t.day)
            if key in seen:
                typed.append(t)
                continue
            seen.add(key)
            lines.append(f"{t.day};{_fm_amount(t)};{t.note};{t.category};{state.wallets[0]}")
        return "\n".join(lines) + "\n", typed

    def seed(self, device: DeviceClient, state: FinanceState) -> None:
        """Import the CSV through the app, type the rows the import drops, then check the result
        through the export (the import runs in the app's service, asynchronously)."""
        data, pkg = shlex.quote(self.data_dir), self.app.package
        text, typed = self.seed_csv(state)
        if any(t.day != TODAY for t in typed):
            raise DeviceError("Finance Manager: an identical row can only be typed for today (the dialog's date)")
        seed_file = f"{self.data_dir}/files/anyapp-seed.csv"
        # The import only adds rows: start from an empty store (a new database, a new wrapped key).
        if "Success" not in device.check(f"pm clear {pkg}"):
            raise DeviceError(f"pm clear {pkg} failed")
        if typed and device.check("date -u +%F").strip() != TODAY:
            device.set_time(FROZEN_S)  # the dialog dates a typed row today: the episode's frozen day
        device.check(f"mkdir -p {data}/shared_prefs {data}/files && echo {shlex.quote(FM_PREFS)} > "
                     f"{data}/shared_prefs/privacy_friendly_apps.xml && echo -n {shlex.quote(text)} > "
                     f"{shlex.quote(seed_file)}")
        own_app_files(device, pkg, "shared_prefs", "files")
        out = device.check(f"am start -W -a android.intent.action.VIEW -d file://{seed_file} -t text/csv -p {pkg}")
        if "Error" in out:
            raise DeviceError(f"Finance Manager did not take the import intent: {out.strip()[:300]}")
        for t in typed:
            type_transaction(device, t)
        want = state.read_back()[0]
        got: list[tuple[str, int, bool, str, str]] = []
        for _ in range(5):
            got = self.parse({"export": export_csv(device)}).read_back()[0]
            if got == want:
                break
            device.run("sleep 0.5")
        device.run(f"rm -f {shlex.quote(seed_file)}")
        device.force_stop(pkg)
        if got != want:
            raise DeviceError(f"Finance Manager seed check: the export shows {got}, expected {want}")

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        try:
            return {"export": export_csv(device)}
        except DeviceError as exc:
            raise VerifierReadError(f"Finance Manager's CSV export could not be read: {exc}") from exc

    def parse(self, raw: RawSnapshot) -> FinanceState:
        if "export" not in raw:
            raise VerifierReadError("finance_finance_manager snapshot has no 'export' read")
        rows = list(csv.reader(raw["export"], delimiter=";"))
        if not rows or rows[0] != FM_HEADER:
            raise VerifierReadError(f"Finance Manager export: unexpected header {rows[:1]}")
        txs: list[Transaction] = []
        for row in rows[1:]:
            if len(row) != len(FM_HEADER):
                raise VerifierReadError(f"Finance Manager export: a line has {len(row)} fields: {row}")
            day, amount, note, category, _account = row
            value = Decimal(amount)
            txs.append(Transaction(note=note, amount_cents=abs(int((value * 100).to_integral_value())),
                                   income=value > 0, category=category, day=day))
        return FinanceState(transactions=txs)


# -- OpenMoneyBox ----------------------------------------------------------------------------------

OMB_UI_REASON = (
    "OpenMoneyBox's storage is not grounded: its source is on GitLab only (not reachable here) and no rooted "
    "emulator was available, so no store is read; read off the app's screens: {what}")
OMB_WHAT = {
    "ExpenseAddSingle": "the expense's reason, value and category in the month's report",
    "ExpenseAddIncome": "the profit's reason, value and category in the month's report",
    "ExpenseAddMultiple": "the three expenses in the month's report",
    "ExpenseAttachReceipt": "the receipt expense's reason, value and category in the month's report",
    "ExpenseTransferBetweenWallets": "the Cash and Bank values on the Funds page, net of each fund's report rows, "
                                     "and the report's rows (no new profit or expense)",
}
OMB_NO_EDIT = ("the OpenMoneyBox user guide (Android, guide 34: 'Profits and expenses' = Store a profit, Store an "
               "expense, Edit the categories) documents no way to {verb} a stored profit or expense, and neither its "
               "source nor a device was available to find one; a gold script would have to invent the steps "
               "(unverified: re-check on a device)")
OMB_DECLINED = {"ExpenseEditExpense": "edit", "ExpenseDeleteSingle": "remove", "ExpenseDeleteDuplicates": "remove"}
OMB_SRC = SourceRef(repo="f-droid/fdroiddata", tag="metadata/com.igisw.openmoneybox.yml", files=(
    "metadata/com.igisw.openmoneybox.yml (build 3.5.1.1 / 61 = commit 156d99c1 of gitlab.com/igi0/openmoneybox, "
    "subdir android/API33)",
), note="no storage fact: the source is on GitLab only (not reachable); UI facts from the public user guide "
        "(igisw-bilancio.sourceforge.net/android/guide/34) and Mobile-Env's demo task "
        "(X-LANCE/Mobile-Env demos/openmoneybox.add_billings.textproto), through storage_finance.md §4")


class OpenMoneyBoxAdapter(AppAdapter[FinanceState]):
    """No grounded store: the state is typed in through the app's own screens after a clean
    install and read back off them (``verifiers/finance/omb_screen.py``): the report month by
    month, and the funds' values (a transfer is a change of two funds that their rows do not
    explain)."""

    app = app_by_id("finance_openmoneybox")
    reads_by_navigating = True  # the read walks the report's months and the Funds page
    storage = (StorageProfile(
        what="funds, categories, profits and expenses", path="unknown (not grounded)", readable=False,
        format="unknown: no source and no device; the prior release's table name 'movement' is unconfirmed",
        writes="Store a profit / Store a expense: one report row on a fund (the fund's value changes by it); New "
               "fund / Reset fund: the value moves from / to the default fund (user guide)",
        sources=(OMB_SRC,),
    ),)

    def supports(self, template: TaskTemplate[Any]) -> bool:
        return template.semantic_id not in OMB_DECLINED

    def decline_reason(self, template: TaskTemplate[Any]) -> str:
        return OMB_NO_EDIT.format(verb=OMB_DECLINED.get(template.semantic_id, "change"))

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.answer_task:
            return PairMode(mode="answer", reason="retrieval: scored on the agent's answer against the seeded rows")
        return PairMode(mode="ui", reason=OMB_UI_REASON.format(what=OMB_WHAT.get(template.semantic_id, "the report")))

    def seed(self, device: DeviceClient, state: FinanceState) -> None:
        """Type the state in, then check it through the same screen read the verifier uses."""
        type_state(device, state, [name for name, _ in _categories(state)])
        got = self.parse(read_screens(device)).read_back()
        device.force_stop(self.app.package)
        if got != state.read_back():
            raise DeviceError(f"OpenMoneyBox seed check: the screens show {got}, expected {state.read_back()}")

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        try:
            return read_screens(device)
        except DeviceError as exc:
            raise VerifierReadError(f"reading OpenMoneyBox's screens: {exc}") from exc

    def parse(self, raw: RawSnapshot) -> FinanceState:
        if "rows" not in raw or "funds" not in raw:
            raise VerifierReadError("finance_openmoneybox snapshot lacks 'rows' or 'funds'")
        try:
            rows = [json.loads(line) for line in raw["rows"]]
            funds = {str(f["fund"]): money_cents(str(f["value"])) for f in map(json.loads, raw["funds"])}
            txs = [Transaction(note=str(r["reason"]), amount_cents=abs(money_cents(str(r["value"]))),
                               income=money_cents(str(r["value"])) > 0, category=str(r["category"]),
                               day=row_day(str(r["period"]), str(r["day"]))) for r in rows]
        except (ValueError, KeyError, TypeError) as exc:
            raise VerifierReadError(f"OpenMoneyBox screens: unexpected content: {exc}") from exc
        unexplained = dict.fromkeys(funds, 0)
        for name, value in funds.items():
            net = sum(money_cents(str(r["value"])) for r in rows if r["fund"] == name)
            base = FUND_CENTS if name in (DEFAULT_WALLET, SECOND_WALLET) else 0
            unexplained[name] = value - base - net
        moved = {k: v for k, v in unexplained.items() if v}
        transfers: list[Transfer] = []
        if len(moved) == 2 and sum(moved.values()) == 0:
            (a, va), (b, _) = moved.items()
            source, target = (a, b) if va < 0 else (b, a)
            transfers.append(Transfer(amount_cents=abs(va), source=source, target=target))
        return FinanceState(transactions=txs, transfers=transfers)


ADAPTERS: tuple[AppAdapter[Any], ...] = (ProExpenseAdapter(), MyExpensesAdapter(), OinkoinAdapter(), SushiAdapter(),
                                         FinanceManagerAdapter(), OpenMoneyBoxAdapter())

__all__ = ["ADAPTERS"]


# -- launch guards and the second reading (issues 23/27; docs/finance.md, "Launch guards and fidelity") ----

READ_ON = "2026-12-03"
SQLITE_OPEN = ("the database file exists as soon as SQLiteOpenHelper/Room opens it, before onCreate's transaction "
               "commits; a force-stop inside it rolls back and the next open runs onCreate again (ensure_app_database "
               "seeds only into a database whose schema the seed SQL finds, else the seed fails loudly)")
MYEXP_START = MYEXP_SRC.model_copy(update={"files": (
    "myExpenses/src/main/java/org/totschnig/myexpenses/activity/SplashActivity.kt (onboarding while currentversion "
    "is missing or -1)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/provider/TransactionDatabase.java (onCreate: default rows, "
    "EQUIVALENT_AMOUNTS_CREATE)",
    "myExpenses/src/main/java/org/totschnig/myexpenses/provider/BaseTransactionDatabase.kt (DATABASE_VERSION 189, "
    "equivalent_amounts(transaction_id, currency, equivalent_amount))"), "note": "read at tag r871"})

PRO_START = PRO_SRC.model_copy(update={"files": (
    "app/src/main/AndroidManifest.xml (one activity, ui.MainActivity; INTERNET, READ/WRITE_EXTERNAL_STORAGE, no "
    "runtime request at start)",
    "app/src/main/java/com/arduia/expense/ui/splash/SplashViewModel.kt, SplashFragment.kt (onboarding while "
    "isFirstTime, else home)",
    "app/src/main/java/com/arduia/expense/data/local/PreferenceFlowStorageDaoImpl.kt (default preferences: "
    "isFirstTime default true, update_status, about_update_*)",
    "app/src/main/java/com/arduia/expense/ui/onboarding/OnBoardingConfigViewModel.kt (setFirstUser(false))",
    "app/src/main/java/com/arduia/expense/ui/MainViewModel.kt (CheckAboutUpdateWorker enqueued at ON_CREATE)",
    "app/src/main/java/com/arduia/expense/data/update/CheckAboutUpdateWorker.kt (writes update_status)",
    "app/src/main/java/com/arduia/expense/di/DatabaseModule.kt (accounting.db, MIGRATION_3_4, MIGRATION_4_6, no "
    "destructive fallback)",
    "app/schemas/com.arduia.expense.data.local.ProExpenseDatabase/6.json (identity hash 27085a67...)",
    "app/src/main/res/layout/frag_expense_entry.xml (edt_name, edt_amount: actionNext; edt_note multi-line; no "
    "editor-action listener anywhere in app/src/main)"), "note": "read at tag v1.0.0-beta06"})
ProExpenseAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="the onboarding (Choose Language, Choose Currency, Continue) while the "
                "default preference isFirstTime is not false", handled_by="the seeder writes isFirstTime=false "
                "(app-owned, restorecon); the double shows the onboarding without it", sources=(PRO_START,)),
    LaunchGuard(kind="needs", what="accounting.db at Room version 6 with the identity hash 27085a67... (no "
                "destructive fallback: another hash or version stops the app)", handled_by="the seed SQL creates "
                "the tag's schema, hash and user_version 6", sources=(PRO_START,)),
    LaunchGuard(kind="writes", what="update_status (and about_update_* when its server reports an update) in the "
                "default preferences, from CheckAboutUpdateWorker enqueued at every MainActivity start",
                handled_by="not a store the verifier reads (launch invariance reads accounting.db); the About page's "
                "update dialog it can lead to is not modelled", sources=(PRO_START,)),
), read=(PRO_START,))
ProExpenseAdapter.fidelity = FidelityReading(
    source=PRO_START, date=READ_ON, verdict="mismatch-fixed",
    found=("the double named its entry form an activity the app does not have (.ui.entry.ExpenseEntryActivity); "
           "the app has one activity, ui.MainActivity, hosting every fragment: fixed",
           "the double skipped the onboarding the app shows while isFirstTime is not false: it now shows it (the "
           "seeder already wrote the flag)"),
    open_points=("created_date is 'now' when the app saves; the seed sets it to the transaction date (not read by "
                 "any criterion)",
                 "Enter on edt_name / edt_amount (actionNext) moves the focus on the app; the double's fields "
                 "declare no action and get Android's default for that (focus moves down; neither submits)"))
MyExpensesAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="OnboardingActivity while the pref currentversion is missing or -1",
                handled_by="the seeder writes currentversion=871 (app-owned, restorecon)", sources=(MYEXP_START,)),
    LaunchGuard(kind="writes", what="databases/data with its default rows (split and Transfer categories, account "
                "types, currencies) on first launch", handled_by="ensure_app_database; " + SQLITE_OPEN,
                sources=(MYEXP_START,)),
), read=(MYEXP_START,))
MyExpensesAdapter.fidelity = FidelityReading(
    source=MYEXP_START, date=READ_ON, verdict="mismatch-fixed",
    found=("equivalent_amount is not a column of transactions at r871 but its own table equivalent_amounts "
           "(transaction_id, currency, equivalent_amount): the double's schema, the profile and the seeder "
           "(which clears it) follow the source",
           "IME (one_expense.xml, amount_edittext.xml at the search index's revisions, nearest to r871): Comment is "
           "textCapSentences|textMultiLine (Enter adds a line), the amount is single-line with actionNext and no "
           "editor listener (Enter moves the focus down); the double's single-line Comment ignored Enter: now "
           "multi-line, the amount declares Next"),
    open_points=("accounts/categories/transactions columns beyond those the double writes were not re-read",))
OINKOIN_START = OINKOIN_SRC.model_copy(update={"files": (
    "lib/main.dart (start-up: SharedPreferences, ProfileService.initialize, quick actions; no onboarding)",
    "lib/services/database/sqlite-database.dart (movements.db, version 31, onCreate/onUpgrade/onDowngrade)",
    "lib/services/database/sqlite-migration-service.dart (onCreate: tables, category-usage triggers, default "
    "categories House/Transport/Food/Salary, 'Default Profile', 'Default Wallet' is_default 1)",
    "lib/records/controllers/tab_records_controller.dart (initialize: recurrent records, automatic backup check)",
    "lib/helpers/review-prompt-service.dart (rating dialog from 50 records)",
    "lib/components/amount_input_field.dart, lib/helpers/amount-input-utils.dart, "
    "lib/settings/constants/preferences-defaults-values.dart (amountInputKeyboardType default 2 on Android: the "
    "in-app keypad, TextInputType.none)",
    "lib/records/edit-record-page.dart (record name: TextFormField maxLines 1, no textInputAction or onFieldSubmitted)",
    "android/app/src/main/AndroidManifest.xml (USE_BIOMETRIC only: no runtime prompt)",
    "pubspec.lock (shared_preferences_android 2.4.27: FlutterSharedPreferences.xml, 'flutter.' keys, ints as long)"),
    "note": "read at tag 1.11.1"})
OinkoinAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="writes", what="movements.db (schema 31) on first launch: tables, triggers, default categories, "
                "'Default Profile' and 'Default Wallet'", handled_by="ensure_app_database; " + SQLITE_OPEN
                + "; the seed replaces the wallets and keeps the profile", sources=(OINKOIN_START,)),
    LaunchGuard(kind="first_screen", what="the record form's amount opens the app's own calculator keypad "
                "(amountInputKeyboardType default 2, TextInputType.none: no system keyboard)",
                handled_by="the seeder writes flutter.amountInputKeyboardType=1 (the system number keyboard) in "
                "FlutterSharedPreferences.xml, as a lab's device is set; the double, without 0 or 1, shows a field "
                "that takes no text", sources=(OINKOIN_START,)),
), read=(OINKOIN_START,))
OinkoinAdapter.fidelity = FidelityReading(
    source=OINKOIN_START, date=READ_ON, verdict="mismatch-fixed",
    found=("the amount field is the app's in-app keypad by default on Android; the double offered a system-keyboard "
           "field: setup now selects the number keyboard (the field the double models) and the double refuses text "
           "without that preference",
           "the double's first-launch rows differed from onCreate's ('Default' profile, Default Wallet "
           "is_predefined 1): now 'Default Profile' and is_predefined 0"),
    open_points=("the category-usage triggers (record_count, last_used) are not in the double's schema (no criterion "
                 "reads them)",
                 "the in-app keypad itself is not modelled (the double has no keypad; setup avoids it)"))
SUSHI_START = SUSHI_SRC.model_copy(update={"files": (
    "src/App.tsx, src/screens/Routes.tsx (initialRouteName HOME: no onboarding; AndroidManifest asks nothing at "
    "start)",
    "src/store/index.ts (persistStore at start; whitelist theme, wallets, transactions, currency, language)",
    "src/store/theme.ts, currency.ts, language.ts, wallets.ts, transactions.ts (initial states, shapes)",
    "src/store/migration/index.ts (version 2: paidAt from createdAt, run only below 2)",
    "src/components/base/TextInput/view.tsx, src/screens/CreateTransaction/view.tsx (RN TextInput, single line, no "
    "returnKeyType or onSubmitEditing: Enter blurs)"), "note": "read at tag v1.15"})
SushiAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="writes", what="persist:root, rewritten at every start: REHYDRATE merges the stored slices "
                "into the initial state and the persistoid writes every persisted slice (JSON.stringify, _persist "
                "last)", handled_by="the seed writes exactly those bytes (all five slices, initial theme/currency/"
                "language, JS number format), so the rewrite changes nothing; the double rewrites it at every start",
                sources=(SUSHI_START, SUSHI_PERSIST_SRC)),
), read=(SUSHI_START, SUSHI_PERSIST_SRC))
SushiAdapter.fidelity = FidelityReading(
    source=SUSHI_START, date=READ_ON, verdict="mismatch-fixed",
    found=("the seeded persist:root (Python spacing, 4.0 for 4, no theme/currency/language slices) is rewritten by "
           "the real app's first start, so launch invariance would fail on a device only; the seed now writes the "
           "persistoid's own bytes and the double rewrites persist:root at start as the app does",),
    open_points=("theme 'Light' assumes the device's light scheme (Appearance.getColorScheme())",
                 "RKStorage (catalystLocalStorage(key TEXT PRIMARY KEY, value TEXT NOT NULL), version 1) read in "
                 "react-native-async-storage/async-storage ReactDatabaseSupplier.java at commit 044a2aae, the nearest "
                 "readable revision to the 1.17.11 that package-lock.json pins: it matches"))
FM_START = FM_SRC.model_copy(update={"files": (
    "app/src/main/java/org/secuso/privacyfriendlyfinance/activities/SplashActivity.java, StartupActivity.java "
    "(connect, then TutorialActivity while isFirstTimeLaunch, else TransactionsActivity)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/domain/FinanceDatabase.java (InitDatabaseTask: 'Main "
    "Account' id 0 only when no account; database files deleted when the Keystore key is missing; "
    "fallbackToDestructiveMigration)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/helpers/KeyStoreHelper.java, SharedPreferencesManager.java",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/activities/TransactionsActivity.java (a VIEW intent "
    "imports at onCreate, without StartupActivity)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/services/CsvImportService.java, csv/CsvImporter.java "
    "((long)(Float.parseFloat x 100), quotes not special), domain/access/TransactionDao.java (findSameTransaction)",
    "app/src/main/java/org/secuso/privacyfriendlyfinance/activities/BaseActivity.java (PeriodicDatabaseWorker: "
    "repeating transactions only)",
    "app/src/main/res/layout/dialog_transaction.xml, fragment_currency_input.xml (no imeOptions; no editor-action "
    "listener anywhere in app/src/main)",
    "app/src/main/AndroidManifest.xml (no runtime permission)"), "note": "read at tag v2.3.2"})
FinanceManagerAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="the tutorial while isFirstTimeLaunch is not false",
                handled_by="the seeder writes isFirstTimeLaunch=false; the double shows the tutorial without it",
                sources=(FM_START,)),
    LaunchGuard(kind="writes", what="dbPassphrase (the wrapped database key) on the first database open",
                handled_by="nothing seeded in the database: seeding goes through the app's own CSV import after "
                "pm clear, so the app creates its key and database itself", sources=(FM_START,)),
    LaunchGuard(kind="writes", what="'Main Account' (id 0), added by StartupActivity only while no account exists",
                handled_by="the CSV import's VIEW intent opens TransactionsActivity without StartupActivity and "
                "creates the seeded wallet first, so a later launch adds nothing; the double does the same",
                sources=(FM_START,)),
), read=(FM_START,))
FinanceManagerAdapter.fidelity = FidelityReading(
    source=FM_START, date=READ_ON, verdict="mismatch-fixed",
    found=("the double added 'Main Account' on every first start, the app only through StartupActivity when no "
           "account exists (never on the seeding import's path): fixed",
           "the double skipped the tutorial the app shows while isFirstTimeLaunch is not false: it now shows it"),
    open_points=("the tutorial's seven slides are one page with Skip / Next in the double",
                 "some amounts import a cent short ((long)(Float.parseFloat(\"0.53\") x 100) = 52); the double "
                 "models it and the seeder's export check fails loudly on such a seed, it does not correct it"))
OpenMoneyBoxAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="a clean install (no store is seeded)", handled_by="the state is typed in through "
                "the app's own screens after pm clear", sources=(OMB_SRC,)),), read=(OMB_SRC,))
OpenMoneyBoxAdapter.fidelity = FidelityReading(
    source=OMB_SRC, date=READ_ON, verdict="unverifiable",
    open_points=("the source repository (f-droid/fdroiddata metadata Repo: https://gitlab.com/igi0/openmoneybox.git, "
                 "GitLab; no GitHub mirror found) could not be read: its storage, start-up work, first screens and "
                 "IME actions are unverified",
                 "assumed from the public user guide and Mobile-Env's demo task only: the Document creation wizard "
                 "as the first screen after pm clear, the Funds / Store a profit / Store a expense forms and their "
                 "labels; no field submits on Enter in the double",
                 "the store is not grounded: the app is seeded by typing through its screens and read off them"))


@parses("sqlite3 /data/data/com.jerameeldelosreyes.sushi/databases/RKStorage SELECT hex(value) FROM "
        "catalystLocalStorage")
def parse_sushi(lines: list[str]) -> FinanceState:
    """Sushi's transactions and transfers from its read (the redux-persist root hex-encoded, a row count first)."""
    return SushiAdapter().parse({"rows": lines})


@parses("sqlite3 /data/data/org.totschnig.myexpenses/databases/data FROM transactions t LEFT JOIN categories")
def parse_my_expenses(lines: list[str]) -> FinanceState:
    """My Expenses' transactions and transfers from its read (hex-encoded texts, a row count first)."""
    return MyExpensesAdapter().parse({"rows": lines})


@parses("sqlite3 /data/data/com.arduia.expense/databases/accounting.db FROM expense ORDER BY expense_id")
def parse_pro_expense(lines: list[str]) -> FinanceState:
    """Pro Expense's expenses from its read (hex-encoded names, a row count first)."""
    return ProExpenseAdapter().parse({"rows": lines})


@parses("sqlite3 /data/data/com.github.emavgl.piggybankpro/databases/movements.db FROM records r LEFT JOIN wallets")
def parse_oinkoin(lines: list[str]) -> FinanceState:
    """Oinkoin's records and transfers from its read (hex-encoded texts, REAL values, a row count first)."""
    return OinkoinAdapter().parse({"rows": lines})
