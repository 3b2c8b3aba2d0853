r"""``content query|insert|update|delete`` (frameworks/base cmds/content) over the sim providers.

Output is the tool's: ``Row: <n> k=v, k2=v2`` per row with no escaping, ``NULL``/``BLOB`` for
those types, floats as Java ``String.valueOf(float)``, and ``No result found.`` for no rows.
Provider failures print ``Error while accessing provider:<authority>`` and the exception to
stderr and exit 0, as Android 13 does (cmds/content Content.java catches the exception in
``execute()`` and returns normally): a client must read the output, not the exit status.
Argument errors are caught in ``Parser.parseCommand``: ``System.out.println(USAGE)`` then
``System.out.println("[ERROR] " + message)``, on stdout, exit 0. A ``--bind``/``--extra`` value is
split with ``splitWithEscaping(arg, ':')`` (``\`` escapes the next character; a trailing ``\`` is
"Invalid escaping") and must give exactly three parts (Android 12 and later).
"""

from __future__ import annotations

import math
import re
import struct
from typing import Any
from urllib.parse import urlsplit

from pytest_anyapp.sim.shell.runtime import Invocation, command

_USAGE = (
    'usage: adb shell content [subcommand] [options]\n'
    '\n'
    'usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--extra <BINDING>...]\n'
    '  <URI> a content provider URI.\n'
    '  <BINDING> binds a typed value to a column and is formatted:\n'
    '  <COLUMN_NAME>:<TYPE>:<COLUMN_VALUE> where:\n'
    '  <TYPE> specifies data type such as:\n'
    '  b - boolean, s - string, i - integer, l - long, f - float, d - double, n - null\n'
    '  Note: Omit the value for passing an empty string, e.g column:s:\n'
    '  Example:\n'
    '  # Add "new_setting" secure setting with value "new_value".\n'
    '  adb shell content insert --uri content://settings/secure --bind name:s:new_setting --bind value:s:new_value\n'
    '\n'
    'usage: adb shell content update --uri <URI> [--user <USER_ID>] [--where <WHERE>] [--extra <BINDING>...]\n'
    '  <WHERE> is a SQL style where clause in quotes (You have to escape single quotes - see example below).\n'
    '  Example:\n'
    '  # Change "new_setting" secure setting to "newer_value".\n'
    '  adb shell content update --uri content://settings/secure --bind value:s:newer_value --where "name=\'new_setting\'"\n'
    '\n'
    'usage: adb shell content delete --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] '
    '[--where <WHERE>] [--extra <BINDING>...]\n'
    '  Example:\n'
    '  # Remove "new_setting" secure setting.\n'
    '  adb shell content delete --uri content://settings/secure --where "name=\'new_setting\'"\n'
    '\n'
    'usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] '
    '[--sort <SORT_ORDER>] [--extra <BINDING>...]\n'
    '  <PROJECTION> is a list of colon separated column names and is formatted:\n'
    '  <COLUMN_NAME>[:<COLUMN_NAME>...]\n'
    '  <SORT_ORDER> is the order in which rows in the result should be sorted.\n'
    '  Example:\n'
    '  # Select "name" and "value" columns from secure settings where "name" is equal to "new_setting" and sort '
    'the result by name in ascending order.\n'
    '  adb shell content query --uri content://settings/secure --projection name:value --where "name=\'new_setting\'" --sort "name ASC"\n'
    '\n'
    'usage: adb shell content call --uri <URI> --method <METHOD> [--arg <ARG>]\n'
    '       [--extra <BINDING> ...]\n'
    '  <METHOD> is the name of a provider-defined method\n'
    '  <ARG> is an optional string argument\n'
    '  <BINDING> is like --bind above, typed data of the form <KEY>:{b,s,i,l,f,d}:<VAL>\n'
    '\n'
    'usage: adb shell content read --uri <URI> [--user <USER_ID>]\n'
    '  Example:\n'
    "  adb shell 'content read --uri content://settings/system/ringtone_cache' > host.ogg\n"
    '\n'
    'usage: adb shell content write --uri <URI> [--user <USER_ID>]\n'
    '  Example:\n'
    "  adb shell 'content write --uri content://settings/system/ringtone_cache' < host.ogg\n"
    '\n'
    'usage: adb shell content gettype --uri <URI> [--user <USER_ID>]\n'
    '  Example:\n'
    '  adb shell content gettype --uri content://media/internal/audio/media/\n'
    '\n'
)


def java_float(value: float) -> str:
    """Java ``String.valueOf(float)`` (shortest float32 repr; ``1.0``, ``1.0E10``)."""
    f32 = struct.unpack("<f", struct.pack("<f", value))[0]
    if math.isnan(f32):
        return "NaN"
    if math.isinf(f32):
        return "Infinity" if f32 > 0 else "-Infinity"
    if f32 == 0:
        return "-0.0" if math.copysign(1.0, f32) < 0 else "0.0"
    digits = ""
    for precision in range(1, 10):
        candidate = f"{f32:.{precision}e}"
        if struct.unpack("<f", struct.pack("<f", float(candidate)))[0] == f32:
            digits = candidate
            break
    mantissa, exp_text = digits.split("e")
    exponent = int(exp_text)
    negative = mantissa.startswith("-")
    mantissa = mantissa.lstrip("-").replace(".", "").rstrip("0") or "0"
    if 1e-3 <= abs(f32) < 1e7:
        point = exponent + 1
        if point <= 0:
            text = "0." + "0" * (-point) + mantissa
        elif point >= len(mantissa):
            text = mantissa + "0" * (point - len(mantissa)) + ".0"
        else:
            text = mantissa[:point] + "." + mantissa[point:]
    else:
        text = mantissa[0] + "." + (mantissa[1:] or "0") + f"E{exponent}"
    return ("-" if negative else "") + text


def format_value(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return "BLOB"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return java_float(value)
    return str(value)


def split_with_escaping(argument: str, split_char: str = ":") -> list[str]:
    """``Content.Parser.splitWithEscaping``: split on every unescaped ``split_char``; ``\\x`` is ``x``."""
    parts, current, i = [], [], 0
    while i < len(argument):
        c = argument[i]
        if c == "\\":
            i += 1
            if i == len(argument):
                raise ValueError("Invalid escaping")
            current.append(argument[i])
        elif c == split_char:
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    parts.append("".join(current))
    return parts


def parse_binding(text: str) -> tuple[str, Any]:
    parts = split_with_escaping(text)
    if not text or len(parts) != 3:
        raise ValueError(f"Binding not well formed: {text}")
    name, kind, raw = parts
    if kind == "s":
        return name, raw
    if kind in ("i", "l"):  # Integer.parseInt / Long.parseLong: NumberFormatException out of range
        bits = 31 if kind == "i" else 63
        if not re.fullmatch(r"[+-]?[0-9]+", raw) or not -2**bits <= int(raw) < 2**bits:
            raise ValueError(f'For input string: "{raw}"')
        return name, int(raw)
    if kind in ("f", "d"):
        return name, float(raw)
    if kind == "b":
        return name, 1 if raw.lower() == "true" or raw == "1" else 0
    if kind == "n":
        return name, None
    raise ValueError(f"Unsupported type: {kind}")


def _parse(args: list[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {"bind": {}, "extra": {}}
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--uri", "--user", "--projection", "--where", "--sort", "--bind", "--extra", "--arg", "--method",
                 "--mode"):
            if i + 1 >= len(args):
                raise ValueError(f"Argument expected after \"{a}\"")
            value = args[i + 1]
            if a in ("--bind", "--extra"):
                name, bound = parse_binding(value)
                opts[a[2:]][name] = bound
            else:
                opts[a[2:]] = value
            i += 2
            continue
        raise ValueError(f"Unsupported argument: {a}")
    return opts


@command("content")
def content(inv: Invocation) -> int:
    from pytest_anyapp.sim.providers import ProviderError, UnknownAuthority

    def refuse(message: str) -> int:  # Parser.parseCommand: println(USAGE); println("[ERROR] " + msg)
        inv.out(f"{_USAGE}\n[ERROR] {message}\n")
        return 0

    if not inv.args:
        inv.out(_USAGE)
        return 1
    verb, rest = inv.args[0], inv.args[1:]
    if verb not in ("query", "insert", "update", "delete"):
        return refuse(f"Unsupported operation: {verb}")
    try:
        opts = _parse(rest)
    except ValueError as exc:
        return refuse(str(exc))
    uri = opts.get("uri")
    if not uri:
        return refuse("Content provider URI not specified. Did you specify --uri argument?")
    if verb in ("insert", "update") and not opts["bind"]:
        return refuse("Bindings not specified. Did you specify --bind argument(s)?")
    authority = urlsplit(uri).netloc
    providers = inv.device.providers
    try:
        if verb == "query":
            projection = [p for p in opts["projection"].split(":") if p] if opts.get("projection") else None
            result = providers.query(uri, projection, opts.get("where"), opts.get("sort"))
            if not result.rows:
                inv.out("No result found.\n")
                return 0
            out: list[str] = []
            for n, row in enumerate(result.rows):
                pairs = ", ".join(f"{col}={format_value(val)}" for col, val in zip(result.columns, row, strict=False))
                out.append(f"Row: {n} {pairs}\n")
            inv.out("".join(out))
        elif verb == "insert":
            providers.insert(uri, opts["bind"])
        elif verb == "update":
            providers.update(uri, opts["bind"], opts.get("where"))
        else:
            providers.delete(uri, opts.get("where"))
    except UnknownAuthority:
        inv.err(f"Error while accessing provider:{authority}\njava.lang.IllegalStateException: "
                f"Could not find provider: {authority}\n")
    except (ProviderError, ValueError) as exc:
        inv.err(f"Error while accessing provider:{authority}\njava.lang.IllegalArgumentException: {exc}\n")
    return 0
