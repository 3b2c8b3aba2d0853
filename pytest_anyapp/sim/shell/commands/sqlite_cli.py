"""``sqlite3`` CLI (3.32-era, as on API 33 userdebug images) run with Python's sqlite3 module
against the host file behind the device path.

Matches what verifiers parse: list mode with ``|`` separator and empty NULLs, ``-header``,
``-separator``, ``-csv``/``-line``/``-column``/``-tabs``, several statements per argument,
``PRAGMA busy_timeout=5000;`` printing ``5000``, ``Error: ...`` on stderr with the SQLite result code as
the exit status (shell.c ``main``: 1 SQLITE_ERROR, 5 SQLITE_BUSY), SQL from
stdin with a few dot-commands. ``'now'`` in date functions is device time.
"""

from __future__ import annotations

import csv
import io
import os
import sqlite3
from dataclasses import dataclass, field

from pytest_anyapp.sim.providers.clock import install_device_clock
from pytest_anyapp.sim.shell.runtime import Invocation, command


@dataclass
class _Mode:
    mode: str = "list"
    separator: str = "|"
    newline: str = "\n"
    null: str = ""
    header: bool = False
    bail: bool = False
    echo: bool = False
    widths: list[int] = field(default_factory=list)


def format_real(value: float) -> str:
    """SQLite's ``%!.15g`` text for REAL values (always shows a decimal point)."""
    if value != value:
        return ""
    if value in (float("inf"), float("-inf")):
        return "Inf" if value > 0 else "-Inf"
    text = f"{value:.15g}"
    if "e" in text:
        mantissa, exp = text.split("e")
        if "." not in mantissa:
            mantissa += ".0"
        sign = exp[0] if exp[0] in "+-" else "+"
        digits = exp.lstrip("+-").rjust(2, "0")
        return f"{mantissa}e{sign}{digits}"
    if "." not in text:
        text += ".0"
    return text


def _cell(value: object, mode: _Mode) -> bytes:
    if value is None:
        return mode.null.encode()
    if isinstance(value, bytes):
        return value
    if isinstance(value, float):
        return format_real(value).encode()
    return str(value).encode()


def split_statements(sql: str) -> list[str]:
    """Split SQL text into complete statements (quotes, comments and triggers respected)."""
    statements: list[str] = []
    buf: list[str] = []
    for ch in sql:
        buf.append(ch)
        if ch == ";":
            text = "".join(buf)
            if sqlite3.complete_statement(text):
                statements.append(text)
                buf = []
    rest = "".join(buf)
    if rest.strip() and not _only_comments(rest):
        statements.append(rest)
    return statements


def _only_comments(text: str) -> bool:
    lines = [ln.strip() for ln in text.strip().splitlines()]
    return all(not ln or ln.startswith("--") for ln in lines)


class _Session:
    def __init__(self, inv: Invocation, conn: sqlite3.Connection, mode: _Mode) -> None:
        self.inv = inv
        self.conn = conn
        self.mode = mode
        self.failed = False
        self.rc = 0  # the SQLite result code of the failed statement (SQLITE_ERROR 1, SQLITE_BUSY 5, ...)

    def run_sql(self, sql: str, line_no: int | None = None) -> bool:
        """Execute every statement in ``sql``; False after the first error."""
        for statement in split_statements(sql):
            if self.mode.echo:
                self.inv.out(statement.strip() + "\n")
            try:
                cur = self.conn.execute(statement)
                rows = cur.fetchall() if cur.description is not None else []
                columns = [d[0] for d in cur.description or ()]
            except (sqlite3.Error, ValueError) as exc:
                message = str(exc)
                if "You can only execute one statement" in message:
                    message = "incomplete input"
                where = f"near line {line_no}: " if line_no is not None else ""
                self.inv.err(f"Error: {where}{message}\n")
                self.failed = True
                self.rc = (getattr(exc, "sqlite_errorcode", None) or 1) & 0xFF
                return False
            self._print(columns, rows)
        return True

    def _print(self, columns: list[str], rows: list[tuple[object, ...]]) -> None:
        if not rows:
            return
        mode = self.mode
        nl = mode.newline.encode()
        out = bytearray()
        if mode.mode in ("list", "tabs"):
            sep = ("\t" if mode.mode == "tabs" else mode.separator).encode()
            if mode.header:
                out += sep.join(c.encode() for c in columns) + nl
            for row in rows:
                out += sep.join(_cell(v, mode) for v in row) + nl
        elif mode.mode == "csv":
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator=mode.newline)
            if mode.header:
                writer.writerow(columns)
            for row in rows:
                writer.writerow([_cell(v, mode).decode(errors="replace") for v in row])
            out += buf.getvalue().encode()
        elif mode.mode == "line":
            width = max(len(c) for c in columns)
            for k, row in enumerate(rows):
                if k:
                    out += b"\n"
                for col, value in zip(columns, row, strict=False):
                    out += col.rjust(width).encode() + b" = " + _cell(value, mode) + b"\n"
        else:  # column
            cells = [[_cell(v, mode).decode(errors="replace") for v in row] for row in rows]
            widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
            widths = [max(w, 0) for w in widths]
            if mode.header:
                out += "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=False)).rstrip().encode() + b"\n"
                out += "  ".join("-" * w for w in widths).encode() + b"\n"
            for r in cells:
                out += "  ".join(v.ljust(w) for v, w in zip(r, widths, strict=False)).rstrip().encode() + b"\n"
        self.inv.out(bytes(out))

    def dot_command(self, line: str) -> bool:
        """A few of the CLI's dot-commands. Returns False to stop (.quit/.exit)."""
        parts = line.strip().split()
        cmd, args = parts[0], parts[1:]
        if cmd in (".quit", ".exit", ".q"):
            return False
        self.conn.text_factory = str  # dot-commands read the schema as text
        try:
            return self._dot(cmd, args)
        finally:
            self.conn.text_factory = bytes

    def _dot(self, cmd: str, args: list[str]) -> bool:
        mode = self.mode
        if cmd in (".headers", ".header"):
            mode.header = bool(args) and args[0].lower() in ("on", "1", "yes", "true")
        elif cmd == ".mode" and args:
            mode.mode = args[0] if args[0] in ("list", "csv", "line", "column", "tabs") else "list"
            if mode.mode == "csv":
                mode.separator = ","
        elif cmd == ".separator" and args:
            mode.separator = args[0].encode().decode("unicode_escape")
            if len(args) > 1:
                mode.newline = args[1].encode().decode("unicode_escape")
        elif cmd == ".nullvalue" and args:
            mode.null = args[0]
        elif cmd == ".timeout" and args:
            self.conn.execute(f"PRAGMA busy_timeout={int(args[0])}")
        elif cmd == ".tables":
            names = [r[0] for r in self.conn.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY 1")]
            if names:
                self.inv.out("  ".join(names) + "\n")
        elif cmd == ".schema":
            sql = "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"
            params: tuple[str, ...] = ()
            if args:
                sql += " AND tbl_name LIKE ?"
                params = (args[0],)
            for (text,) in self.conn.execute(sql + " ORDER BY rowid", params):
                self.inv.out(f"{text};\n")
        elif cmd == ".dump":
            for text in self.conn.iterdump():
                self.inv.out(text + "\n")
        else:
            self.inv.err(f"Error: unknown command or invalid arguments:  \"{cmd[1:]}\". Enter \".help\" for help\n")
            self.failed = True
        return True


@command("sqlite3")
def sqlite3_cmd(inv: Invocation) -> int:
    args = list(inv.args)
    mode = _Mode()
    positional: list[str] = []
    pre_commands: list[str] = []
    readonly = False
    i = 0
    while i < len(args):
        a = args[i]
        opt = a[1:] if a.startswith("--") else a
        if a.startswith("-") and len(a) > 1:  # the CLI accepts options anywhere
            if opt in ("-header", "-headers"):
                mode.header = True
            elif opt == "-noheader":
                mode.header = False
            elif opt in ("-separator", "-newline", "-nullvalue", "-cmd", "-init") and i + 1 < len(args):
                value = args[i + 1]
                if opt == "-separator":
                    mode.separator = value
                elif opt == "-newline":
                    mode.newline = value
                elif opt == "-nullvalue":
                    mode.null = value
                elif opt == "-cmd":
                    pre_commands.append(value)
                i += 2
                continue
            elif opt in ("-list", "-csv", "-line", "-column", "-tabs"):
                mode.mode = opt[1:]
                if opt == "-csv":
                    mode.separator = ","
            elif opt == "-batch" or opt == "-interactive":
                pass
            elif opt == "-bail":
                mode.bail = True
            elif opt == "-echo":
                mode.echo = True
            elif opt == "-readonly":
                readonly = True
            elif opt == "-version":
                inv.out("3.32.2 2021-07-12 15:00:17 bcd014c473794b09f61fbc0f4d9c6ed7c2f5d4a0ad76d1e9ea7ebc0a85b1f8f0\n")
                return 0
            elif opt == "-help":
                inv.err("Usage: sqlite3 [OPTIONS] FILENAME [SQL]\n")
                return 0
            else:
                inv.err(f"sqlite3: Error: unknown option: {a}\nUse -help for a list of options.\n")
                return 1
            i += 1
            continue
        positional.append(a)
        i += 1
    db_arg = positional[0] if positional else ":memory:"
    sql_args = positional[1:]
    created = False
    if db_arg in (":memory:", ""):
        target: str = ":memory:"
    else:
        host = inv.host(db_arg)
        if host.is_dir():
            inv.err(f"Error: unable to open database \"{db_arg}\": unable to open database file\n")
            return 1
        if not host.parent.is_dir():
            inv.err(f"Error: unable to open database \"{db_arg}\": unable to open database file\n")
            return 1
        created = not host.exists()
        target = str(host)
    try:
        uri = f"file:{target}?mode=ro" if readonly and target != ":memory:" else target
        conn = sqlite3.connect(uri, isolation_level=None, timeout=0.0, uri=readonly and target != ":memory:",
                               check_same_thread=False)
    except sqlite3.Error as exc:
        inv.err(f"Error: unable to open database \"{db_arg}\": {exc}\n")
        return 1
    conn.text_factory = bytes
    install_device_clock(conn, inv.device.clock.now)
    session = _Session(inv, conn, mode)
    try:
        for pre in pre_commands:
            if pre.startswith("."):
                session.dot_command(pre)
            elif not session.run_sql(pre) and mode.bail:
                return 1
        if sql_args:
            for sql in sql_args:
                if sql.lstrip().startswith("."):
                    if not session.dot_command(sql):
                        break
                    continue
                if not session.run_sql(sql):
                    # shell.c main(): a failed command-line statement exits with its result code
                    return session.rc or 1
            return 1 if session.failed else 0
        script = inv.read_stdin().decode(errors="surrogateescape")
        pending: list[str] = []
        start_line = 1
        for line_no, line in enumerate(script.splitlines(), 1):
            if not pending and line.lstrip().startswith("."):
                if not session.dot_command(line):
                    break
                continue
            if not pending:
                start_line = line_no
            pending.append(line)
            text = "\n".join(pending)
            if sqlite3.complete_statement(text):
                pending = []
                if not session.run_sql(text, start_line) and mode.bail:
                    return 1
        if pending and "\n".join(pending).strip():
            inv.err(f"Error: near line {start_line}: incomplete input\n")
            session.failed = True
        return 1 if session.failed else 0
    finally:
        conn.close()
        if created and target != ":memory:":
            path = inv.host(db_arg)
            # The CLI creates the file only when something is written to it.
            if path.exists() and path.stat().st_size == 0:
                os.unlink(path)
