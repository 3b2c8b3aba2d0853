"""The telephony provider's SMS store (``mmssms.db``), written and read with ``sqlite3`` as root.

Every SMS app keeps its messages here, so one reader serves all four apps. A row without an
address (Simple SMS Messenger's drafts: ``saveSmsDraft`` puts body, date, type and thread_id
only) is resolved through its thread: ``threads.recipient_ids`` -> ``canonical_addresses``, the
way the app itself finds a thread's draft. The read is built to be
unambiguous and self-checking: text columns are escaped (backslash, CR, LF and the column
separator), and a row count taken in the same read transaction must equal the number of rows
parsed. Anything else is ``VerifierReadError`` (infrastructure), never an empty store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from verifiers.sms.state import SmsMessage

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

MMSSMS_DB = "/data/data/com.android.providers.telephony/databases/mmssms.db"
SEP = "\x1f"
COUNT_MARK = "__SMS_ROWS__"
_BUSY = "PRAGMA busy_timeout=5000;"
RESET_SQL = "DELETE FROM sms; DELETE FROM threads;"


def sql_text(value: str) -> str:
    """A SQL string literal (the whole statement is shell-quoted by ``DeviceClient.sqlite``)."""
    return "'" + value.replace("'", "''") + "'"


def escaped(column: str) -> str:
    """SQL that prints ``column`` on one line: ``\\`` -> ``\\\\``, CR -> ``\\r``, LF -> ``\\n``, US -> ``\\x1f``."""
    expr = f"COALESCE({column},'')"
    expr = f"replace({expr},'\\','\\\\')"
    expr = f"replace({expr},char(13),'\\r')"
    expr = f"replace({expr},char(10),'\\n')"
    return f"replace({expr},char(31),'\\x1f')"


#: A thread's single recipient (``recipient_ids`` holds one canonical address id for 1:1 threads).
THREAD_ADDRESS = ("(SELECT ca.address FROM threads t JOIN canonical_addresses ca "
                  "ON ca._id = CAST(t.recipient_ids AS INTEGER) WHERE t._id = sms.thread_id)")
#: The row's address, or its thread's recipient when the row has none.
RESOLVED_ADDRESS = f"COALESCE(NULLIF(sms.address,''),{THREAD_ADDRESS})"

READ_SQL = (
    f"{_BUSY} BEGIN; "
    f"SELECT '{COUNT_MARK}' || count(*) FROM sms; "
    "SELECT _id || char(31) || COALESCE(type,-1) || char(31) || "
    f"{escaped(RESOLVED_ADDRESS)} || char(31) || {escaped('body')} || char(31) || "
    "COALESCE(date,'') || char(31) || COALESCE(thread_id,'') FROM sms ORDER BY _id; "
    "COMMIT;"
)

THREADS_MARK = "__THREADS__"
#: ``thread_id US address`` of every 1:1 thread (to resolve drafts an app keeps by thread id).
THREADS_SQL = (
    f"{_BUSY} SELECT '{THREADS_MARK}' || count(*) FROM threads; "
    "SELECT t._id || char(31) || "
    f"{escaped('ca.address')} FROM threads t JOIN canonical_addresses ca "
    "ON ca._id = CAST(t.recipient_ids AS INTEGER) ORDER BY t._id;"
)


def unescape(text: str) -> str:
    """Inverse of the read's escaping, scanning left to right so ``\\\\n`` stays a backslash + n."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        if text.startswith("\\x1f", i):
            out.append(SEP)
            i += 4
            continue
        nxt = text[i + 1:i + 2]
        mapped = {"\\": "\\", "r": "\r", "n": "\n"}.get(nxt)
        if mapped is None:
            raise VerifierReadError(f"malformed escape in SMS read: {text[i:i + 6]!r}")
        out.append(mapped)
        i += 2
    return "".join(out)


def _int_or_none(field: str, what: str, line: str) -> int | None:
    if field == "":
        return None
    try:
        return int(field)
    except ValueError:
        raise VerifierReadError(f"SMS read: {what} is not a number in {line!r}") from None


@parses(f"sqlite3 {MMSSMS_DB} {COUNT_MARK} FROM sms ORDER BY _id")
def parse_sms_lines(lines: Sequence[str]) -> list[SmsMessage]:
    """Rows of a raw read (lines without the separator, e.g. sqlite's ``5000``, are skipped)."""
    expected: int | None = None
    messages: list[SmsMessage] = []
    for line in lines:
        if line.startswith(COUNT_MARK):
            expected = _int_or_none(line[len(COUNT_MARK):], "row count", line)
            continue
        if SEP not in line:
            continue
        fields = line.split(SEP)
        if len(fields) != 6:
            raise VerifierReadError(f"SMS read: expected 6 columns, got {len(fields)} in {line!r}")
        row_id, box, address, body, date, thread = fields
        parsed_id = _int_or_none(row_id, "_id", line)
        parsed_box = _int_or_none(box, "type", line)
        if parsed_id is None or parsed_box is None:
            raise VerifierReadError(f"SMS read: empty _id or type in {line!r}")
        messages.append(SmsMessage(
            row_id=parsed_id, box=parsed_box, address=unescape(address), body=unescape(body),
            date_ms=_int_or_none(date, "date", line), thread_id=_int_or_none(thread, "thread_id", line),
        ))
    if expected is None:
        raise VerifierReadError("SMS read: no row count in the output (the query did not run)")
    if expected != len(messages):
        raise VerifierReadError(f"SMS read: the store reports {expected} rows but {len(messages)} were parsed")
    return messages


def read_sms_lines(device: DeviceClient) -> list[str]:
    """The raw read (the verifier-input snapshot). Device failures become ``VerifierReadError``."""
    try:
        return device.sqlite(MMSSMS_DB, READ_SQL)
    except DeviceError as exc:
        raise VerifierReadError(f"could not read {MMSSMS_DB}: {exc}") from exc


def _date(message: SmsMessage) -> str:
    return str(message.date_ms) if message.date_ms is not None else "strftime('%s','now')*1000"


def thread_sql(address: str, date: str, snippet: str = "") -> str:
    """The canonical address and the thread of ``address`` if missing (``Threads.getOrCreateThreadId``)."""
    addr = sql_text(address)
    recipient = f"(SELECT CAST(_id AS TEXT) FROM canonical_addresses WHERE address={addr} ORDER BY _id LIMIT 1)"
    return (
        f"INSERT INTO canonical_addresses(address) SELECT {addr} "
        f"WHERE NOT EXISTS (SELECT 1 FROM canonical_addresses WHERE address={addr}); "
        "INSERT INTO threads(date, message_count, recipient_ids, snippet, read, archived) "
        f"SELECT {date}, 0, {recipient}, {sql_text(snippet)}, 1, 0 "
        f"WHERE NOT EXISTS (SELECT 1 FROM threads WHERE recipient_ids={recipient}); "
    )


def thread_of(address: str) -> str:
    """SQL for the thread id of ``address`` (after :func:`thread_sql`)."""
    addr = sql_text(address)
    recipient = f"(SELECT CAST(_id AS TEXT) FROM canonical_addresses WHERE address={addr} ORDER BY _id LIMIT 1)"
    return f"(SELECT _id FROM threads WHERE recipient_ids={recipient} ORDER BY _id LIMIT 1)"


def insert_sql(message: SmsMessage, *, address_in_row: bool = True) -> str:
    """Statements that insert one row the way the prior release did (notes §1C): canonical
    address, then a thread for that recipient if none exists, then the ``sms`` row.
    ``address_in_row=False`` leaves ``sms.address`` NULL (a draft as Simple SMS writes it)."""
    date = _date(message)
    address = sql_text(message.address) if address_in_row else "NULL"
    return (
        thread_sql(message.address, date, message.body)
        + "INSERT INTO sms(thread_id, address, date, read, status, type, body, seen) "
        f"VALUES ({thread_of(message.address)}, {address}, {date}, 1, -1, {int(message.box)}, "
        f"{sql_text(message.body)}, 1);"
    )


def seed_messages(device: DeviceClient, messages: Sequence[SmsMessage], *, statements: Sequence[str] = ()) -> (
        list[SmsMessage]):
    """Empty the store, insert ``messages`` (each with :func:`insert_sql`) plus any extra
    ``statements`` in one transaction, and read back to prove the messages took."""
    return seed_rows(device, [insert_sql(m) for m in messages], messages, statements=statements)


def seed_rows(device: DeviceClient, inserts: Sequence[str], messages: Sequence[SmsMessage], *,
              statements: Sequence[str] = ()) -> list[SmsMessage]:
    """Run ``inserts`` (and ``statements``) on an emptied store in one transaction; the store must
    then hold exactly ``messages`` (box, address, body)."""
    sql = " ".join([_BUSY, "BEGIN IMMEDIATE;", RESET_SQL, *inserts, *statements, "COMMIT;", READ_SQL])
    try:  # one call: write, then read back in the same sqlite3 invocation
        lines = device.sqlite(MMSSMS_DB, sql)
    except DeviceError as exc:
        raise DeviceError(f"SMS seeding failed: {exc}") from exc
    stored = parse_sms_lines(lines)
    want = sorted((m.box, m.address, m.body) for m in messages)
    got = sorted((m.box, m.address, m.body) for m in stored)
    if want != got:
        raise DeviceError(f"SMS seeding did not take: wanted {want}, the store holds {got}")
    return stored


@parses(f"sqlite3 {MMSSMS_DB} {THREADS_MARK} FROM threads")
def parse_threads(lines: Sequence[str]) -> dict[int, str]:
    """``{thread_id: address}`` from a :data:`THREADS_SQL` read (checked against its count)."""
    expected: int | None = None
    out: dict[int, str] = {}
    for line in lines:
        if line.startswith(THREADS_MARK):
            expected = _int_or_none(line[len(THREADS_MARK):], "thread count", line)
            continue
        if SEP not in line:
            continue
        thread, address = line.split(SEP, 1)
        parsed = _int_or_none(thread, "thread _id", line)
        if parsed is None:
            raise VerifierReadError(f"threads read: empty _id in {line!r}")
        out[parsed] = unescape(address)
    if expected is None:
        raise VerifierReadError("threads read: no count in the output (the query did not run)")
    if expected < len(out):
        raise VerifierReadError(f"threads read: {len(out)} rows but the table counts {expected}")
    return out


def read_thread_lines(device: DeviceClient) -> list[str]:
    try:
        return device.sqlite(MMSSMS_DB, THREADS_SQL)
    except DeviceError as exc:
        raise VerifierReadError(f"could not read threads of {MMSSMS_DB}: {exc}") from exc
