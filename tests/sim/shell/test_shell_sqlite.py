"""The sqlite3 CLI: list mode, options, several statements, errors, stdin scripts, lazy creation."""
from __future__ import annotations

from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import SimDevice

DB = "/data/data/org.fossify.clock/databases/alarms.db"


def _make(sh: Sh) -> None:
    sh("mkdir -p /data/data/org.fossify.clock/databases")
    r = sh(f"sqlite3 {DB} \"CREATE TABLE contacts (id INTEGER PRIMARY KEY, time_in_minutes INT, label TEXT, "
           "vol REAL, data BLOB); INSERT INTO contacts VALUES (1, 450, 'Wake', 0.5, NULL), (2, 1260, NULL, 2.0, x'4142');\"")
    assert r.exit_code == 0, r


def test_list_mode_defaults(sh: Sh, out: Out) -> None:
    _make(sh)
    assert out(f"sqlite3 {DB} 'SELECT * FROM contacts ORDER BY id'") == "1|450|Wake|0.5|\n2|1260||2.0|AB\n"
    assert out(f"sqlite3 {DB} 'SELECT 1e20, 0.1 + 0.2, -3.0, 7 / 2, 7 / 2.0'") == "1.0e+20|0.3|-3.0|3|3.5\n"
    assert out(f"sqlite3 {DB} \"SELECT label || char(31) || time_in_minutes FROM contacts WHERE id = 1\"") == "Wake\x1f450\n"


def test_options(sh: Sh, out: Out) -> None:
    _make(sh)
    assert out(f"sqlite3 -header {DB} 'SELECT id, label FROM contacts WHERE id = 1'") == "id|label\n1|Wake\n"
    assert out(f"sqlite3 -separator , -batch {DB} 'SELECT id, label FROM contacts WHERE id = 1'") == "1,Wake\n"
    assert out(f"sqlite3 {DB} -header -separator ';' 'SELECT id FROM contacts WHERE id = 2'") == "id\n2\n"
    assert out(f"sqlite3 -csv {DB} \"SELECT 'a,b', 1\"") == '"a,b",1\n'
    assert out(f"sqlite3 -line {DB} 'SELECT id, label FROM contacts WHERE id = 1'") == "   id = 1\nlabel = Wake\n"
    assert out(f"sqlite3 -nullvalue NULL {DB} 'SELECT label FROM contacts WHERE id = 2'") == "NULL\n"
    assert out(f"sqlite3 {DB} -header 'SELECT id FROM contacts WHERE id = 99'") == ""


def test_statements_busy_timeout_and_errors(sh: Sh, out: Out) -> None:
    _make(sh)
    text = out(f"sqlite3 {DB} 'PRAGMA busy_timeout=5000; SELECT COUNT(*) FROM contacts; UPDATE contacts SET label = \"x\"; "
               "SELECT DISTINCT label FROM contacts'")
    assert text == "5000\n2\nx\n"
    err = sh(f"sqlite3 {DB} 'SELECT 1; SELEC 2; SELECT 3'")
    assert (err.exit_code, err.stdout, err.stderr) == (1, b"1\n", b'Error: near "SELEC": syntax error\n')
    missing = sh(f"sqlite3 {DB} 'SELECT * FROM nope'")
    assert missing.exit_code == 1 and missing.stderr == b"Error: no such table: nope\n"

    # Unescaped, the outer shell expands $? and $status before su runs (as on a device) ...
    unescaped = sh(f"su 0 sh -c \"sqlite3 {DB} 'SELECT COUNT(*) FROM contacts' 2>&1; status=$?; "
                   "printf '\\n__CATBENCH_CLOCK_SQLITE_STATUS__=%s\\n' $status\"")
    assert unescaped.stdout == b"2\n\n__CATBENCH_CLOCK_SQLITE_STATUS__=\n"
    # ... escaped, the inner shell sees them.
    status = sh(f"su 0 sh -c \"sqlite3 {DB} 'SELECT COUNT(*) FROM nope' 2>&1; status=\\$?; "
                "printf '\\n__CATBENCH_CLOCK_SQLITE_STATUS__=%s\\n' \\$status\"")
    assert status.stdout == b"Error: no such table: nope\n\n__CATBENCH_CLOCK_SQLITE_STATUS__=1\n"
    trigger = out(f"sqlite3 {DB} 'CREATE TABLE log(v); CREATE TRIGGER t AFTER INSERT ON contacts BEGIN "
                  "INSERT INTO log VALUES (new.id); END; INSERT INTO contacts (id) VALUES (3); SELECT v FROM log;'")
    assert trigger == "3\n"


def test_stdin_script_and_dot_commands(sh: Sh) -> None:
    _make(sh)
    script = b".headers on\nSELECT id\n  FROM contacts WHERE id = 1;\n.tables\nSELEC;\nSELECT 2;\n"
    r = sh(f"sqlite3 {DB}", stdin=script)
    assert r.stdout == b"id\n1\ncontacts\n2\n2\n"
    assert r.exit_code == 1 and b"Error: near line 5: near \"SELEC\": syntax error" in r.stderr


def test_lazy_creation_and_open_errors(sh: Sh) -> None:
    assert sh("sqlite3 /data/local/tmp/new.db 'SELECT 1'").stdout == b"1\n"
    assert sh("[ -e /data/local/tmp/new.db ]").exit_code == 1
    assert sh("sqlite3 /data/local/tmp/new.db 'CREATE TABLE t(a)' && [ -s /data/local/tmp/new.db ]").exit_code == 0
    bad = sh("sqlite3 /no/such/dir/x.db 'SELECT 1'")
    assert bad.exit_code == 1 and bad.stderr.startswith(b'Error: unable to open database "/no/such/dir/x.db"')


def test_now_is_device_time(sh: Sh, out: Out) -> None:
    out("date 101515342023.00")
    value = int(out("sqlite3 :memory: \"SELECT strftime('%s','now')*1000\""))
    assert abs(value - 1697384040000) < 60_000
    assert out("sqlite3 :memory: \"SELECT date('now')\"") == "2023-10-15\n"


def test_a_failed_statement_exits_with_its_sqlite_result_code(sh: Sh, device: SimDevice) -> None:
    """shell.c ``main``: a statement given on the command line that fails ends the program with
    ``rc`` (SQLITE_BUSY 5 for a locked database, SQLITE_ERROR 1 for bad SQL), not always 1."""
    import sqlite3

    _make(sh)
    holder = sqlite3.connect(device.fs.host(DB), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        busy = sh(f"sqlite3 {DB} 'PRAGMA busy_timeout=50; SELECT COUNT(*) FROM contacts'")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert (busy.exit_code, busy.stdout, busy.stderr) == (5, b"50\n", b"Error: database is locked\n")
    assert sh(f"sqlite3 {DB} 'SELEC 1'").exit_code == 1
