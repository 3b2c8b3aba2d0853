"""What the Finance app doubles read and write: each real app's own store, in its own units
(docs/finance.md, "Storage profiles"). One class per profile; every one turns rows into
:class:`Entry` (the screens' view) and back. Screens rebuild from here on every frame, so rows the
harness seeds behind an app's back show up at once.

* :class:`ProExpenseDb` — ``databases/accounting.db`` (Room v6), table ``expense``: positive
  amounts in cents, income = category id 2, dates in epoch ms.
* :class:`MyExpensesDb` — ``databases/data`` (framework SQLite, WAL off), ``transactions`` with
  signed minor units and epoch **seconds**; a transfer is two linked rows.
* :class:`OinkoinDb` — ``databases/movements.db`` (sqflite), ``records`` with a signed REAL in
  major units and UTC epoch ms; a transfer is one record with ``transfer_wallet_id``.
* :class:`SushiStorage` — ``databases/RKStorage`` (AsyncStorage), one ``persist:root`` row whose
  members are JSON-encoded strings; signed amounts, ISO-8601 ``paidAt``.
* :class:`FinanceManagerVault` — ``databases/encryptedDB``, opaque to root (the real app's Room
  database is SQLCipher, its key wrapped by the Keystore); the app's own CSV export and import
  (``files/shared/Transactions-Export.csv``) are the only plain-text views of it.
* :class:`OpenMoneyBoxDocument` — the real app's storage is unknown (source not reachable): the
  double keeps its document (funds with values and a default fund, categories, profits and
  expenses, the application date) in an opaque file nothing outside the double can read.
"""

from __future__ import annotations

import base64
import calendar
import csv
import hashlib
import io
import json
import os
import struct
import time
import uuid
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp


@dataclass(frozen=True)
class Entry:
    """One row as the screens show it: ``to_wallet`` set = a transfer."""

    id: str
    note: str
    cents: int
    income: bool
    category: str
    day_ms: int
    wallet: str = ""
    to_wallet: str = ""


class FinanceStore(Protocol):
    def create(self) -> None: ...
    def entries(self) -> list[Entry]: ...
    def add(self, entry: Entry) -> None: ...
    def update(self, entry: Entry) -> None: ...
    def delete(self, entry_id: str) -> None: ...
    def categories(self, income: bool) -> list[str]: ...
    def wallets(self) -> list[str]: ...


def _major(cents: int) -> float:
    return round(cents / 100, 2)


# -- Pro Expense ---------------------------------------------------------------------------------

PRO_CATEGORIES: dict[int, str] = {1: "Others", 2: "Income", 3: "Food", 4: "Housing", 5: "Social", 6: "Entertainment",
                                  7: "Transportation", 8: "Clothes", 9: "Health Care", 10: "Education", 11: "Donation"}
PRO_INCOME = 2


class ProExpenseDb:
    DB = "accounting.db"

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.DB, """
            CREATE TABLE IF NOT EXISTS `expense` (`expense_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
              `name` TEXT, `amount` INTEGER NOT NULL, `category` INTEGER NOT NULL, `note` TEXT,
              `created_date` INTEGER NOT NULL, `modified_date` INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS `backup` (`backup_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
              `name` TEXT NOT NULL, `path` TEXT NOT NULL, `created_date` INTEGER NOT NULL,
              `item_total` INTEGER NOT NULL, `worker_id` TEXT NOT NULL, `is_completed` INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT);
            INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '27085a6798a70569f4984067458b86b2');
            PRAGMA user_version = 6;
        """)

    def entries(self) -> list[Entry]:
        rows = self.app.query(self.DB, "SELECT expense_id, name, amount, category, modified_date FROM expense "
                                       "ORDER BY modified_date DESC, expense_id DESC")
        return [Entry(str(r[0]), r[1] or "", int(r[2]), int(r[3]) == PRO_INCOME, PRO_CATEGORIES.get(int(r[3]), "Others"),
                      int(r[4])) for r in rows]

    def _cat(self, entry: Entry) -> int:
        if entry.income:
            return PRO_INCOME
        return next((k for k, v in PRO_CATEGORIES.items() if v == entry.category), 1)

    def add(self, entry: Entry) -> None:
        now = self.app.now_ms()
        self.app.execute(self.DB, "INSERT INTO expense(name, amount, category, note, created_date, modified_date) "
                                  "VALUES (?, ?, ?, ?, ?, ?)", (entry.note, entry.cents, self._cat(entry), "", now,
                                                                entry.day_ms))

    def update(self, entry: Entry) -> None:
        self.app.execute(self.DB, "UPDATE expense SET name = ?, amount = ?, category = ?, modified_date = ? "
                                  "WHERE expense_id = ?", (entry.note, entry.cents, self._cat(entry), entry.day_ms,
                                                           int(entry.id)))

    def delete(self, entry_id: str) -> None:
        self.app.execute(self.DB, "DELETE FROM expense WHERE expense_id = ?", (int(entry_id),))

    def categories(self, income: bool) -> list[str]:
        return [v for k, v in PRO_CATEGORIES.items() if (k == PRO_INCOME) == income]

    def wallets(self) -> list[str]:
        return []


# -- My Expenses ---------------------------------------------------------------------------------

class MyExpensesDb:
    """The tables the double touches, with the real names and columns (a subset of schema 189)."""

    DB = "data"

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.DB, """
            PRAGMA journal_mode = DELETE;
            CREATE TABLE IF NOT EXISTS accounts (_id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL,
              opening_balance INTEGER, description TEXT, currency TEXT NOT NULL, type INTEGER NOT NULL DEFAULT 1,
              color INTEGER DEFAULT -3355444, grouping TEXT NOT NULL DEFAULT 'NONE', sort_key INTEGER,
              exclude_from_totals BOOLEAN DEFAULT 0, uuid TEXT, sort_direction TEXT NOT NULL DEFAULT 'DESC',
              sealed BOOLEAN DEFAULT 0, dynamic BOOLEAN DEFAULT 0, flag INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS categories (_id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL,
              label_normalized TEXT, parent_id INTEGER, usages INTEGER DEFAULT 0, last_used DATETIME, color INTEGER,
              icon TEXT, uuid TEXT, type INTEGER);
            CREATE TABLE IF NOT EXISTS transactions (_id INTEGER PRIMARY KEY AUTOINCREMENT, comment TEXT,
              date DATETIME NOT NULL, value_date DATETIME NOT NULL, amount INTEGER NOT NULL, cat_id INTEGER,
              account_id INTEGER NOT NULL, payee_id INTEGER, transfer_peer INTEGER, transfer_account INTEGER,
              method_id INTEGER, parent_id INTEGER, status INTEGER DEFAULT 0,
              cr_status TEXT NOT NULL DEFAULT 'RECONCILED', number TEXT, uuid TEXT, original_amount INTEGER,
              original_currency TEXT, debt_id INTEGER);
            CREATE TABLE IF NOT EXISTS equivalent_amounts (transaction_id INTEGER NOT NULL
              REFERENCES transactions(_id) ON DELETE CASCADE, currency TEXT NOT NULL, equivalent_amount INTEGER NOT NULL,
              PRIMARY KEY (transaction_id, currency));
            INSERT OR IGNORE INTO categories(_id, label, type) VALUES (0, '__SPLIT_TRANSACTION__', 0);
            INSERT OR IGNORE INTO categories(_id, label, type) VALUES (1, 'Transfer', 0);
        """)

    def _labels(self) -> dict[int, str]:
        return {int(r[0]): r[1] for r in self.app.query(self.DB, "SELECT _id, label FROM accounts")}

    def entries(self) -> list[Entry]:
        accounts = self._labels()
        rows = self.app.query(self.DB, """
            SELECT t._id, t.comment, t.amount, c.label, t.date, t.account_id, t.transfer_account FROM transactions t
            LEFT JOIN categories c ON c._id = t.cat_id
            WHERE t.parent_id IS NULL AND t.cr_status != 'VOID' AND (t.transfer_account IS NULL OR t.amount < 0)
            ORDER BY t.date DESC, t._id DESC""")
        return [Entry(str(r[0]), r[1] or "", abs(int(r[2])), int(r[2]) > 0 and r[6] is None,
                      "" if r[6] is not None else (r[3] or ""), int(r[4]) * 1000, accounts.get(int(r[5]), ""),
                      accounts.get(int(r[6]), "") if r[6] is not None else "") for r in rows]

    def _account(self, label: str) -> int:
        for k, v in self._labels().items():
            if v == label or not label:
                return k
        raise ValueError(f"no account {label!r}")

    def _category(self, entry: Entry) -> int | None:
        rows = self.app.query(self.DB, "SELECT _id FROM categories WHERE label = ? AND parent_id IS NULL AND type = ?",
                              (entry.category, 2 if entry.income else 1))
        return int(rows[0][0]) if rows else None

    def add(self, entry: Entry) -> None:
        secs = entry.day_ms // 1000
        account = self._account(entry.wallet)
        if entry.to_wallet:
            peer = self._account(entry.to_wallet)
            out_id = self.app.execute(self.DB, "INSERT INTO transactions(comment, date, value_date, amount, cat_id, "
                                      "account_id, transfer_account, cr_status, uuid) VALUES (?, ?, ?, ?, 1, ?, ?, "
                                      "'UNRECONCILED', ?)", (entry.note or None, secs, secs, -entry.cents, account, peer,
                                                             str(uuid.uuid4())))
            in_id = self.app.execute(self.DB, "INSERT INTO transactions(comment, date, value_date, amount, cat_id, "
                                     "account_id, transfer_account, transfer_peer, cr_status, uuid) VALUES (?, ?, ?, ?, "
                                     "1, ?, ?, ?, 'UNRECONCILED', ?)", (entry.note or None, secs, secs, entry.cents,
                                                                         peer, account, out_id, str(uuid.uuid4())))
            self.app.execute(self.DB, "UPDATE transactions SET transfer_peer = ? WHERE _id = ?", (in_id, out_id))
            return
        signed = entry.cents if entry.income else -entry.cents
        self.app.execute(self.DB, "INSERT INTO transactions(comment, date, value_date, amount, cat_id, account_id, "
                                  "cr_status, uuid) VALUES (?, ?, ?, ?, ?, ?, 'UNRECONCILED', ?)",
                         (entry.note, secs, secs, signed, self._category(entry), account, str(uuid.uuid4())))

    def update(self, entry: Entry) -> None:
        signed = entry.cents if entry.income else -entry.cents
        self.app.execute(self.DB, "UPDATE transactions SET comment = ?, amount = ?, cat_id = ?, date = ?, value_date = ? "
                                  "WHERE _id = ?", (entry.note, signed, self._category(entry), entry.day_ms // 1000,
                                                    entry.day_ms // 1000, int(entry.id)))

    def delete(self, entry_id: str) -> None:
        """Hard delete, the transfer peer with it (BaseTransactionProvider)."""
        self.app.execute(self.DB, "DELETE FROM transactions WHERE transfer_peer = ? OR _id = ?",
                         (int(entry_id), int(entry_id)))

    def categories(self, income: bool) -> list[str]:
        rows = self.app.query(self.DB, "SELECT label FROM categories WHERE parent_id IS NULL AND type = ? ORDER BY label",
                              (2 if income else 1,))
        return [r[0] for r in rows]

    def wallets(self) -> list[str]:
        return list(self._labels().values())


# -- Oinkoin -------------------------------------------------------------------------------------

class OinkoinDb:
    DB = "movements.db"

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.DB, """
            CREATE TABLE IF NOT EXISTS categories (name TEXT, color TEXT, icon INTEGER, category_type INTEGER,
              last_used INTEGER, record_count INTEGER DEFAULT 0, is_archived INTEGER DEFAULT 0,
              sort_order INTEGER DEFAULT 0, icon_emoji TEXT, PRIMARY KEY (name, category_type));
            CREATE TABLE IF NOT EXISTS records (id INTEGER PRIMARY KEY AUTOINCREMENT, datetime INTEGER, timezone TEXT,
              value REAL, title TEXT, description TEXT, category_name TEXT, category_type INTEGER,
              recurrence_id TEXT, wallet_id INTEGER, transfer_wallet_id INTEGER, transfer_value REAL,
              profile_id INTEGER);
            CREATE TABLE IF NOT EXISTS wallets (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, color TEXT,
              icon INTEGER, icon_emoji TEXT, initial_amount REAL DEFAULT 0, is_archived INTEGER DEFAULT 0,
              is_default INTEGER DEFAULT 0, is_predefined INTEGER DEFAULT 0, sort_order INTEGER DEFAULT 0,
              currency TEXT, profile_id INTEGER);
            CREATE TABLE IF NOT EXISTS profiles (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,
              is_default INTEGER DEFAULT 0, color TEXT);
            CREATE TABLE IF NOT EXISTS records_tags (record_id INTEGER, tag_name TEXT, PRIMARY KEY (record_id, tag_name));
            PRAGMA user_version = 31;
        """)
        if not self.app.query(self.DB, "SELECT id FROM profiles"):
            self.app.executescript(self.DB, """
                INSERT INTO profiles(id, name, is_default) VALUES (1, 'Default Profile', 1);
                INSERT INTO wallets(name, is_default, sort_order, profile_id) VALUES ('Default Wallet', 1, 0, 1);
                INSERT OR IGNORE INTO categories(name, category_type) VALUES ('House', 0), ('Transport', 0),
                  ('Food', 0), ('Salary', 1);
            """)

    def _wallets(self) -> dict[int, str]:
        return {int(r[0]): r[1] for r in self.app.query(self.DB, "SELECT id, name FROM wallets WHERE is_archived = 0")}

    def entries(self) -> list[Entry]:
        w = self._wallets()
        rows = self.app.query(self.DB, "SELECT id, title, value, category_name, category_type, datetime, wallet_id, "
                                       "transfer_wallet_id FROM records ORDER BY datetime DESC, id DESC")
        return [Entry(str(r[0]), r[1] or "", round(abs(float(r[2])) * 100), float(r[2]) > 0, r[3] or "", int(r[5]),
                      w.get(r[6] or 0, ""), w.get(r[7], "") if r[7] is not None else "") for r in rows]

    def _wallet(self, name: str) -> int:
        w = self._wallets()
        default = self.app.query(self.DB, "SELECT id FROM wallets WHERE is_default = 1")
        return next((k for k, v in w.items() if v == name), int(default[0][0]) if default else next(iter(w)))

    def _values(self, entry: Entry) -> tuple[object, ...]:
        value = _major(entry.cents) if entry.income else -_major(entry.cents)
        category = None if entry.to_wallet else entry.category
        ctype = None if entry.to_wallet else (1 if entry.income else 0)
        to = self._wallet(entry.to_wallet) if entry.to_wallet else None
        return (entry.day_ms, "UTC", value, entry.note, category, ctype, self._wallet(entry.wallet), to,
                _major(entry.cents) if to else None)

    def add(self, entry: Entry) -> None:
        if not entry.to_wallet:  # addRecord creates a missing category first
            self.app.execute(self.DB, "INSERT OR IGNORE INTO categories(name, category_type) VALUES (?, ?)",
                             (entry.category, 1 if entry.income else 0))
        self.app.execute(self.DB, "INSERT INTO records(datetime, timezone, value, title, category_name, category_type, "
                                  "wallet_id, transfer_wallet_id, transfer_value, profile_id) "
                                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)", self._values(entry))

    def update(self, entry: Entry) -> None:
        self.app.execute(self.DB, "UPDATE records SET datetime = ?, timezone = ?, value = ?, title = ?, "
                                  "category_name = ?, category_type = ?, wallet_id = ?, transfer_wallet_id = ?, "
                                  "transfer_value = ? WHERE id = ?", (*self._values(entry), int(entry.id)))

    def delete(self, entry_id: str) -> None:
        self.app.execute(self.DB, "DELETE FROM records WHERE id = ?", (int(entry_id),))

    def categories(self, income: bool) -> list[str]:
        rows = self.app.query(self.DB, "SELECT name FROM categories WHERE category_type = ? AND is_archived = 0 "
                                       "ORDER BY sort_order, name", (1 if income else 0,))
        return [r[0] for r in rows]

    def wallets(self) -> list[str]:
        return list(self._wallets().values())


# -- Sushi ---------------------------------------------------------------------------------------

def _iso(ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms / 1000)) + f".{ms % 1000:03d}Z"


def _from_iso(text: str) -> int:
    day, _, rest = text.partition("T")
    clock = rest.rstrip("Z").split(".")[0] or "00:00:00"
    return calendar.timegm(time.strptime(f"{day} {clock}", "%Y-%m-%d %H:%M:%S")) * 1000


def _js_json(value: Any) -> str:
    """``JSON.stringify``: no spaces, non-ASCII kept, an integral number without ``.0``."""
    def plain(v: Any) -> Any:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, list):
            return [plain(x) for x in v]
        return v
    return json.dumps(plain(value), separators=(",", ":"), ensure_ascii=False)


#: Sushi v1.15 ``src/store/index.ts``: the persisted slices in the root reducer's order, with the
#: initial state of each (theme follows the system's light scheme; ``filters`` is not persisted).
SUSHI_SLICES: dict[str, Any] = {"theme": {"base": "Light"}, "wallets": {}, "transactions": {},
                                "currency": {"language": "en-US"}, "language": {"selected": "en-US"}}


class SushiStorage:
    """redux-persist's ``persist:root`` in AsyncStorage's SQLite table (whole blob rewritten).

    Every write is the persistoid's: each whitelisted slice ``JSON.stringify``-ed, then the whole
    object, ``_persist`` last. The app writes it at every start too: REHYDRATE merges the stored slices
    into the initial state (autoMergeLevel1) and the persistoid, whose last state is empty, writes
    every slice (redux-persist 6 ``persistReducer``/``createPersistoid``)."""

    DB = "RKStorage"
    KEY = "persist:root"

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.DB, "CREATE TABLE IF NOT EXISTS catalystLocalStorage (key TEXT PRIMARY KEY, "
                                        "value TEXT NOT NULL); PRAGMA user_version = 1;")
        self._persist(self._stored())  # the start-up rehydrate + persist

    def _stored(self) -> dict[str, Any]:
        rows = self.app.query(self.DB, "SELECT value FROM catalystLocalStorage WHERE key = ?", (self.KEY,))
        outer = json.loads(rows[0][0]) if rows else {}
        return {k: json.loads(outer[k]) if k in outer else initial for k, initial in SUSHI_SLICES.items()}

    def _persist(self, slices: dict[str, Any]) -> None:
        outer = {k: _js_json(slices[k]) for k in SUSHI_SLICES}
        outer["_persist"] = _js_json({"version": 2, "rehydrated": True})
        self.app.execute(self.DB, "INSERT OR REPLACE INTO catalystLocalStorage(key, value) VALUES (?, ?)",
                         (self.KEY, _js_json(outer)))

    def _load(self) -> dict[str, dict[str, dict[str, object]]]:
        rows = self.app.query(self.DB, "SELECT value FROM catalystLocalStorage WHERE key = ?", (self.KEY,))
        outer = json.loads(rows[0][0]) if rows else {}
        return {k: json.loads(outer[k]) if k in outer else {} for k in ("wallets", "transactions")}

    def _save(self, data: dict[str, dict[str, dict[str, object]]]) -> None:
        self._persist({**self._stored(), **data})

    def entries(self) -> list[Entry]:
        data = self._load()
        names = {k: str(w.get("label", "")) for k, w in data["wallets"].items()}
        out = []
        for t in data["transactions"].values():
            amount = float(t["amount"])  # type: ignore[arg-type]
            dest = t.get("destinationWalletId")
            out.append(Entry(str(t["id"]), str(t.get("description", "")), round(abs(amount) * 100), amount > 0,
                             "" if dest else str(t.get("category", "")), _from_iso(str(t["paidAt"])),
                             names.get(str(t.get("sourceWalletId")), ""), names.get(str(dest), "") if dest else ""))
        return sorted(out, key=lambda e: e.day_ms, reverse=True)

    def _wallet_id(self, data: dict[str, dict[str, dict[str, object]]], label: str) -> str:
        ids = [k for k, w in data["wallets"].items() if w.get("label") == label or not label]
        if not ids:
            raise ValueError(f"no wallet {label!r}")
        return ids[0]

    def _put(self, entry: Entry, entry_id: str, created: str) -> None:
        data = self._load()
        now = _iso(self.app.now_ms())
        amount = _major(entry.cents) if entry.income and not entry.to_wallet else -_major(entry.cents)
        data["transactions"][entry_id] = {
            "id": entry_id, "sourceWalletId": self._wallet_id(data, entry.wallet),
            "destinationWalletId": self._wallet_id(data, entry.to_wallet) if entry.to_wallet else None,
            "category": "Transfer" if entry.to_wallet else (entry.category.strip().title() or "Others"),
            "description": entry.note, "amount": amount, "paidAt": _iso(entry.day_ms), "createdAt": created,
            "updatedAt": now}
        self._save(data)

    def add(self, entry: Entry) -> None:
        self._put(entry, str(uuid.uuid1()), _iso(self.app.now_ms()))

    def update(self, entry: Entry) -> None:
        old = self._load()["transactions"].get(entry.id, {})
        self._put(entry, entry.id, str(old.get("createdAt", _iso(self.app.now_ms()))))

    def delete(self, entry_id: str) -> None:
        data = self._load()
        data["transactions"].pop(entry_id, None)
        self._save(data)

    def categories(self, income: bool) -> list[str]:
        return []  # free text

    def wallets(self) -> list[str]:
        return [str(w.get("label", "")) for w in self._load()["wallets"].values()]


# -- Finance Manager ------------------------------------------------------------------------------

#: Stands in for the AndroidKeyStore key that wraps the database passphrase: it is not in the
#: app's data directory, so root reads of /data/data show only the wrapped value, as on a device.
_KEYSTORE_SECRET = b"sim-keystore:financeDatabaseKey"
FM_EXPORT = "files/shared/Transactions-Export.csv"
FM_HEADER = ["date", "amount", "note", "category", "account"]


def _stream(key: bytes, data: bytes) -> bytes:
    out = bytearray()
    for block in range(0, len(data), 32):
        pad = hashlib.sha256(key + block.to_bytes(8, "big")).digest()
        out += bytes(a ^ b for a, b in zip(data[block:block + 32], pad, strict=False))
    return bytes(out)


def _java_float_cents(text: str) -> int:
    """``(long) (Float.parseFloat(s) * 100)`` in single precision, as CsvImporter does."""
    single = struct.unpack("f", struct.pack("f", float(text)))[0]
    return int(struct.unpack("f", struct.pack("f", single * 100))[0])


def _csv_field(value: str) -> str:
    """opencsv ``writeNext(line, false)``: quoted only when it holds the separator, a quote or a newline."""
    if any(c in value for c in ';"\n\r'):
        return '"' + value.replace('"', '""') + '"'
    return value


class FinanceManagerVault:
    """Accounts, categories and ``Tranzaction`` rows (amount = signed cents, date ``yyyy-MM-dd``) in
    an encrypted file; the passphrase is kept wrapped in ``privacy_friendly_apps.xml``."""

    DB = "databases/encryptedDB"
    PREFS = "privacy_friendly_apps"

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def _key(self) -> bytes | None:
        wrapped = self.app.prefs(self.PREFS).get("dbPassphrase")
        if not isinstance(wrapped, str):
            return None
        return _stream(_KEYSTORE_SECRET, base64.b64decode(wrapped))

    def create(self) -> None:
        if self._key() is not None and self.app.host_path(self.DB).exists():
            return
        self.app.prefs(self.PREFS).put(dbPassphrase=base64.b64encode(_stream(_KEYSTORE_SECRET, os.urandom(16))).decode())
        self._save({"accounts": [], "categories": [], "tx": []})

    def add_default_account(self) -> None:
        """StartupActivity's InitDatabaseTask: "Main Account" with id 0 when there is no account (a
        CSV VIEW intent opens TransactionsActivity without it, so an import creates its own)."""
        data = self._load()
        if not data["accounts"]:
            data["accounts"].append({"id": 0, "name": "Main Account"})
            self._save(data)

    def _load(self) -> dict[str, list[dict[str, object]]]:
        key = self._key()
        if key is None:
            raise ValueError("no database passphrase")
        raw = self.app.host_path(self.DB).read_bytes()
        data: dict[str, list[dict[str, object]]] = json.loads(_stream(key, raw[16:]))
        return data

    def _save(self, data: dict[str, list[dict[str, object]]]) -> None:
        key = self._key()
        assert key is not None
        self.app.host_path(self.DB).write_bytes(os.urandom(16) + _stream(key, json.dumps(data).encode()))

    @staticmethod
    def _next_id(rows: list[dict[str, object]]) -> int:
        return max((int(str(r["id"])) for r in rows), default=0) + 1

    def _id_of(self, data: dict[str, list[dict[str, object]]], table: str, name: str) -> int:
        """Name2IdCreateIfNotExists: the row's id, created on demand."""
        for r in data[table]:
            if r["name"] == name:
                return int(str(r["id"]))
        new = self._next_id(data[table])
        data[table].append({"id": new, "name": name})
        return new

    def entries(self) -> list[Entry]:
        data = self._load()
        cats = {r["id"]: str(r["name"]) for r in data["categories"]}
        accounts = {r["id"]: str(r["name"]) for r in data["accounts"]}
        out = [Entry(str(t["id"]), str(t["name"] or ""), abs(int(str(t["amount"]))), int(str(t["amount"])) > 0,
                     cats.get(t["categoryId"], ""), calendar.timegm(time.strptime(str(t["date"]), "%Y-%m-%d")) * 1000,
                     accounts.get(t["accountId"], "")) for t in data["tx"]]
        return sorted(out, key=lambda e: (e.day_ms, int(e.id)), reverse=True)

    def _row(self, data: dict[str, list[dict[str, object]]], entry: Entry, row_id: int) -> dict[str, object]:
        account = next((int(str(r["id"])) for r in data["accounts"] if r["name"] == entry.wallet), 0)
        category = self._id_of(data, "categories", entry.category) if entry.category else None
        return {"id": row_id, "name": entry.note, "amount": entry.cents if entry.income else -entry.cents,
                "date": time.strftime("%Y-%m-%d", time.gmtime(entry.day_ms / 1000)), "accountId": account,
                "categoryId": category}

    def add(self, entry: Entry) -> None:
        data = self._load()
        data["tx"].append(self._row(data, entry, self._next_id(data["tx"])))
        self._save(data)

    def update(self, entry: Entry) -> None:
        data = self._load()
        data["tx"] = [self._row(data, entry, int(entry.id)) if str(t["id"]) == entry.id else t for t in data["tx"]]
        self._save(data)

    def delete(self, entry_id: str) -> None:
        data = self._load()
        data["tx"] = [t for t in data["tx"] if str(t["id"]) != entry_id]
        self._save(data)

    def categories(self, income: bool) -> list[str]:
        return [str(r["name"]) for r in self._load()["categories"]]  # one list for both directions

    def wallets(self) -> list[str]:
        return [str(r["name"]) for r in self._load()["accounts"]]

    def export_csv(self) -> None:
        """TransactionsActivity "Export as CSV": every transaction, date DESC, id DESC."""
        data = self._load()
        cats = {r["id"]: str(r["name"]) for r in data["categories"]}
        accounts = {r["id"]: str(r["name"]) for r in data["accounts"]}
        lines = [";".join(FM_HEADER)]
        for t in sorted(data["tx"], key=lambda t: (str(t["date"]), int(str(t["id"]))), reverse=True):
            amount = int(str(t["amount"]))
            sign = "-" if amount < 0 else ""
            cols = [str(t["date"]), f"{sign}{abs(amount) // 100}.{abs(amount) % 100:02d}", str(t["name"] or ""),
                    cats.get(t["categoryId"], ""), accounts.get(t["accountId"], "")]
            lines.append(";".join(_csv_field(c) for c in cols))
        self.app.host_path(FM_EXPORT).write_text("\n".join(lines) + "\n", encoding="utf-8")

    def import_csv(self, text: str, today: str) -> int:
        """CsvImportService: columns by header name, quotes not special; accounts and categories
        created on demand while parsing; rows with amount 0 or identical to a stored row skipped."""
        data = self._load()
        lines = [row for row in csv.reader(io.StringIO(text), delimiter=";", quoting=csv.QUOTE_NONE)
                 if row and not (len(row) == 1 and not row[0].strip()) and not row[0].startswith("#")]
        if not lines:
            return 0
        col = {name: lines[0].index(name) if name in lines[0] else -1 for name in FM_HEADER}

        def cell(row: list[str], name: str) -> str:
            i = col[name]
            return row[i] if 0 <= i < len(row) else ""

        imported = 0
        for row in lines[1:]:
            amount_text, day = cell(row, "amount"), cell(row, "date")[:10] or today
            amount = _java_float_cents(amount_text) if amount_text else 0
            account = self._id_of(data, "accounts", cell(row, "account")) if cell(row, "account") else 0
            cat_name = cell(row, "category")
            category = self._id_of(data, "categories", cat_name) if cat_name and cat_name != "0" else None
            tx = {"name": cell(row, "note"), "amount": amount, "date": day, "accountId": account, "categoryId": category}
            same = any(all(t[k] == v for k, v in tx.items()) for t in data["tx"])
            if amount != 0 and not same:
                data["tx"].append({"id": self._next_id(data["tx"]), **tx})
                imported += 1
        self._save(data)
        return imported


# -- OpenMoneyBox ----------------------------------------------------------------------------------

_OMB_SECRET = b"sim-only:openmoneybox-document"


class OpenMoneyBoxDocument:
    """The document the creation wizard makes: funds (name, value in cents; one is the default),
    one category list, profits and expenses (each on a fund), the application date (None = today).
    A profit adds to its fund, an expense takes from it; a new fund's value is taken from the
    default fund, a removed fund's value goes back to it, a reset fund's difference too (user guide)."""

    DOC = "files/sim-document"

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def exists(self) -> bool:
        return self.app.host_path(self.DOC).exists()

    def create(self) -> None:
        """Nothing before the wizard: the document is made by it."""

    def load(self) -> dict[str, Any]:
        if not self.exists():
            return {"funds": [], "default": "", "categories": [], "ops": [], "date_ms": None}
        data: dict[str, Any] = json.loads(_stream(_OMB_SECRET, self.app.host_path(self.DOC).read_bytes()))
        return data

    def save(self, data: dict[str, Any]) -> None:
        self.app.host_path(self.DOC).write_bytes(_stream(_OMB_SECRET, json.dumps(data).encode()))

    def start(self, fund: str, cents: int) -> None:
        self.save({"funds": [{"name": fund, "cents": cents}], "default": fund, "categories": [], "ops": [],
                   "date_ms": None})

    def funds(self) -> list[tuple[str, int]]:
        return [(str(f["name"]), int(f["cents"])) for f in self.load()["funds"]]

    def _move(self, data: dict[str, Any], fund: str, cents: int) -> None:
        for f in data["funds"]:
            if f["name"] == fund:
                f["cents"] += cents

    def new_fund(self, name: str, cents: int) -> str | None:
        """The error message, or None when stored."""
        data = self.load()
        default = dict(self.funds()).get(data["default"], 0)
        if not name or any(f["name"] == name for f in data["funds"]) or cents > default:
            return "Wrong data entry"
        self._move(data, data["default"], -cents)
        data["funds"].append({"name": name, "cents": cents})
        self.save(data)
        return None

    def reset_fund(self, name: str, cents: int) -> None:
        data = self.load()
        old = dict(self.funds()).get(name, 0)
        self._move(data, name, cents - old)
        self._move(data, data["default"], old - cents)
        self.save(data)

    def add_category(self, name: str) -> None:
        data = self.load()
        if name and name not in data["categories"]:
            data["categories"].append(name)
            self.save(data)

    def set_date(self, ms: int | None) -> None:
        data = self.load()
        data["date_ms"] = ms
        self.save(data)

    def date_ms(self) -> int | None:
        value = self.load()["date_ms"]
        return None if value is None else int(value)

    def entries(self) -> list[Entry]:
        out = [Entry(str(o["id"]), str(o["note"]), int(o["cents"]), bool(o["income"]), str(o["category"]),
                     int(o["day_ms"]), str(o["fund"])) for o in self.load()["ops"]]
        return sorted(out, key=lambda e: (e.day_ms, int(e.id)), reverse=True)

    def add(self, entry: Entry) -> None:
        data = self.load()
        new_id = max((int(o["id"]) for o in data["ops"]), default=0) + 1
        data["ops"].append({"id": new_id, "note": entry.note, "cents": entry.cents, "income": entry.income,
                            "category": entry.category, "day_ms": entry.day_ms, "fund": entry.wallet})
        self._move(data, entry.wallet, entry.cents if entry.income else -entry.cents)
        self.save(data)

    def update(self, entry: Entry) -> None:
        raise NotImplementedError("the user guide documents no way to edit a stored profit or expense")

    def delete(self, entry_id: str) -> None:
        raise NotImplementedError("the user guide documents no way to remove a stored profit or expense")

    def categories(self, income: bool) -> list[str]:
        return [str(c) for c in self.load()["categories"]]  # one list for profits and expenses

    def wallets(self) -> list[str]:
        return [name for name, _ in self.funds()]


def edited(entry: Entry, **changes: object) -> Entry:
    return replace(entry, **changes)  # type: ignore[arg-type]
