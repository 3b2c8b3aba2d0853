"""Text filters with toybox behaviour: grep, head, tail, wc, base64, sha*sum/md5sum, sort, uniq,
cut, tr, sed (s///, d, p, q subset).

Data is handled as bytes decoded with ``surrogateescape`` so binary input round-trips.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re

from pytest_anyapp.sim.shell.runtime import Invocation, UsageError, command, need_operands, parse_opts, strerror


def _dec(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


def _enc(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogateescape")


def _lines(data: bytes) -> list[str]:
    text = _dec(data)
    if not text:
        return []
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return parts


# -- POSIX regex -> Python -----------------------------------------------------------------------

_CLASSES = {
    "alpha": "a-zA-Z",
    "digit": "0-9",
    "alnum": "a-zA-Z0-9",
    "upper": "A-Z",
    "lower": "a-z",
    "space": " \\t\\n\\r\\f\\v",
    "blank": " \\t",
    "punct": "!-/:-@\\[-`{-~",
    "xdigit": "0-9A-Fa-f",
    "print": " -~",
    "graph": "!-~",
    "cntrl": "\\x00-\\x1f\\x7f",
    "word": "a-zA-Z0-9_",
}


def _bracket(pattern: str, i: int) -> tuple[str, int]:
    """Translate a bracket expression starting at ``pattern[i] == '['``."""
    out = ["["]
    j = i + 1
    if j < len(pattern) and pattern[j] == "^":
        out.append("^")
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        out.append("\\]")
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        if pattern.startswith("[:", j):
            end = pattern.find(":]", j + 2)
            if end > 0:
                out.append(_CLASSES.get(pattern[j + 2:end], ""))
                j = end + 2
                continue
        c = pattern[j]
        out.append("\\" + c if c in "\\[" else c)
        j += 1
    if j >= len(pattern):
        raise re.error("unterminated [")
    out.append("]")
    return "".join(out), j + 1


def posix_to_python(pattern: str, extended: bool) -> str:
    out: list[str] = []
    i = 0
    at_start = True
    while i < len(pattern):
        c = pattern[i]
        if c == "[":
            text, i = _bracket(pattern, i)
            out.append(text)
            at_start = False
            continue
        if c == "\\" and i + 1 < len(pattern):
            n = pattern[i + 1]
            i += 2
            if n in "<>":
                out.append("\\b")
            elif not extended and n in "(){}|+?":
                out.append(n)
                at_start = n in "(|"
                continue
            elif n.isdigit() or n in "wWsSbB":
                out.append("\\" + n)
            else:
                out.append(re.escape(n))
            at_start = False
            continue
        if not extended and c in "(){}|+?":
            out.append("\\" + c)
        elif c == "*" and at_start:
            out.append("\\*")
        elif extended and c == "{" and not re.match(r"\{\d*(,\d*)?\}", pattern[i:]):
            out.append("\\{")
        else:
            out.append(c)
        at_start = extended and c in "(|" or (not extended and c == "^" and i == 0)
        i += 1
    return "".join(out)


# -- grep ----------------------------------------------------------------------------------------


@command("grep", "egrep", "fgrep")
def grep(inv: Invocation) -> int:
    opts, operands = parse_opts(
        inv.args,
        "EFGivcqsonlLhHwxe:f:rRm:zZabIUA:B:C:",
        long={"color": "", "color=": "", "colour=": "", "include=": "I", "line-buffered": ""},
    )
    opts.pop("", None)
    extended = "E" in opts or inv.name == "egrep"
    fixed = "F" in opts or inv.name == "fgrep"
    patterns: list[str] = []
    for p in opts.get("e", []):
        patterns.extend(p.split("\n"))
    for f in opts.get("f", []):
        try:
            patterns.extend(_lines(inv.read_file(f)))
        except OSError as exc:
            inv.error(f"{f}: {strerror(exc)}")
            return 2
    if not patterns:
        if not operands:
            inv.err("usage: grep [-EFGabcdhHilLnoqrsvwxZz] [-ABC NUM] [-m MAX] [-e REGEX]... [-f FILE] [FILE]...\n")
            return 2
        patterns = operands.pop(0).split("\n")
    flags = re.IGNORECASE if "i" in opts else 0
    compiled: list[re.Pattern[str]] = []
    for p in patterns:
        body = re.escape(p) if fixed else posix_to_python(p, extended)
        if "w" in opts:
            body = rf"(?<![\w])(?:{body})(?![\w])"
        if "x" in opts:
            body = rf"(?:{body})\Z"
        try:
            compiled.append(re.compile(body, flags))
        except re.error:
            inv.error(f"bad regex '{p}'")
            return 2
    recursive = "r" in opts or "R" in opts
    files = operands or (["."] if recursive else ["-"])
    if recursive:
        expanded: list[str] = []
        for f in files:
            host = inv.host(f)
            if host.is_dir():
                for sub in sorted(host.rglob("*")):
                    if sub.is_file():
                        expanded.append(f.rstrip("/") + "/" + sub.relative_to(host).as_posix())
            else:
                expanded.append(f)
        files = expanded
    show_names = ("H" in opts or len(files) > 1 or recursive) and "h" not in opts
    invert = "v" in opts
    max_count = int(opts["m"][-1]) if "m" in opts else None
    any_selected = False
    had_error = False
    out: list[str] = []
    for f in files:
        try:
            data = inv.read_file(f)
        except OSError as exc:
            if "s" not in opts:
                inv.error(f"{f}: {strerror(exc)}")
            had_error = True
            continue
        display = "(standard input)" if f == "-" else f
        count = 0
        for lineno, line in enumerate(_lines(data), 1):
            if max_count is not None and count >= max_count:
                break
            if "x" in opts:
                matches = [m for p in compiled if (m := p.match(line))]
            else:
                matches = [m for p in compiled if (m := p.search(line))]
            selected = bool(matches) != invert
            if not selected:
                continue
            count += 1
            any_selected = True
            if "q" in opts:
                return 0
            if "l" in opts or "L" in opts or "c" in opts:
                continue
            prefix = f"{display}:" if show_names else ""
            if "n" in opts:
                prefix += f"{lineno}:"
            if "o" in opts and not invert:
                for p in compiled:
                    for m in p.finditer(line):
                        if m.group(0):
                            out.append(f"{prefix}{m.group(0)}\n")
            else:
                out.append(f"{prefix}{line}\n")
        if "c" in opts:
            out.append(f"{display}:{count}\n" if show_names else f"{count}\n")
        if "l" in opts and count:
            out.append(f"{display}\n")
        if "L" in opts and not count:
            out.append(f"{display}\n")
    inv.out(_enc("".join(out)))
    if had_error and not ("q" in opts and any_selected):
        return 2
    return 0 if any_selected else 1


# -- head / tail ---------------------------------------------------------------------------------


def _count_arg(args: list[str]) -> list[str]:
    """Rewrite ``-5`` / ``+5`` style counts into ``-n 5`` / ``-n +5``."""
    out: list[str] = []
    for a in args:
        if len(a) > 1 and a[0] == "-" and a[1:].isdigit():
            out += ["-n", a[1:]]
        else:
            out.append(a)
    return out


def _head_tail(inv: Invocation, tail: bool) -> int:
    opts, files = parse_opts(_count_arg(inv.args), "n:c:qvf")
    files = files or ["-"]
    chunks: list[bytes] = []
    for k, f in enumerate(files):
        try:
            data = inv.read_file(f)
        except OSError as exc:
            inv.fail(f"{f}: {strerror(exc)}")
            continue
        if len(files) > 1 and "q" not in opts:
            chunks.append(("\n" if k else "").encode() + f"==> {f} <==\n".encode())
        if "c" in opts:
            spec = opts["c"][-1]
            n = int(spec.lstrip("+"))
            if tail:
                chunks.append(data[n - 1:] if spec.startswith("+") else data[-n:] if n else b"")
            else:
                chunks.append(data[:n])
            continue
        spec = opts["n"][-1] if "n" in opts else "10"
        try:
            n = int(spec.lstrip("+-"))
        except ValueError:
            inv.error(f"Not integer '{spec}'")
            return 1
        lines = data.splitlines(keepends=True)
        if tail:
            picked = lines[max(n - 1, 0):] if spec.startswith("+") else (lines[-n:] if n else [])
        else:
            picked = lines[:-n] if spec.startswith("-") and n else lines[:n]
        chunks.append(b"".join(picked))
    inv.out(b"".join(chunks))
    return inv.status


@command("head")
def head(inv: Invocation) -> int:
    return _head_tail(inv, tail=False)


@command("tail")
def tail(inv: Invocation) -> int:
    return _head_tail(inv, tail=True)


# -- wc ------------------------------------------------------------------------------------------


@command("wc")
def wc(inv: Invocation) -> int:
    opts, files = parse_opts(inv.args, "lwcmL")
    selected = [k for k in "lwmc" if k in opts] or ["l", "w", "c"]
    named = bool(files)
    files = files or ["-"]
    rows: list[tuple[list[int], str]] = []
    totals = [0, 0, 0, 0]
    for f, data in inv.read_each(files):
        counts = {
            "l": data.count(b"\n"),
            "w": len(data.split()),
            "m": len(_dec(data)),
            "c": len(data),
        }
        row = [counts[k] for k in selected]
        rows.append((row, f))
        for k, v in enumerate(row):
            totals[k] += v
    if named and len(files) > 1:
        rows.append((totals[: len(selected)], "total"))
    width = max((len(str(v)) for row, _ in rows for v in row), default=1)
    out: list[str] = []
    for row, name in rows:
        if len(selected) == 1 and not named:
            out.append(f"{row[0]}\n")
            continue
        cells = [str(v).rjust(width) if (len(selected) > 1 or named) else str(v) for v in row]
        line = " ".join(cells)
        if named:
            line += f" {name}"
        out.append(line + "\n")
    inv.out("".join(out))
    return inv.status


# -- base64 / digests ----------------------------------------------------------------------------


@command("base64")
def base64_cmd(inv: Invocation) -> int:
    opts, files = parse_opts(inv.args, "diw:", long={"decode": "d", "wrap=": "w", "ignore-garbage": "i"})
    try:
        data = inv.read_file(files[0] if files else "-")
    except OSError as exc:
        inv.error(f"{files[0]}: {strerror(exc)}")
        return 1
    if "d" in opts:
        cleaned = re.sub(rb"[^A-Za-z0-9+/=]", b"", data) if "i" in opts else re.sub(rb"\s", b"", data)
        try:
            inv.out(base64.b64decode(cleaned, validate=True))
        except (binascii.Error, ValueError):
            valid = len(cleaned) - len(cleaned) % 4
            try:
                inv.out(base64.b64decode(cleaned[:valid]))
            except (binascii.Error, ValueError):
                pass
            inv.error("bad input")
            return 1
        return 0
    wrap = int(opts["w"][-1]) if "w" in opts else 76
    encoded = base64.b64encode(data).decode()
    if wrap > 0:
        encoded = "\n".join(encoded[k:k + wrap] for k in range(0, len(encoded), wrap))
    # toybox base64.c: a newline ends each full line of -w columns and a last partial one; -w 0
    # never counts columns, so it prints no newline at all
    inv.out(encoded + "\n" if encoded and wrap > 0 else encoded)
    return 0


_DIGESTS = {"md5sum": "md5", "sha1sum": "sha1", "sha256sum": "sha256", "sha512sum": "sha512"}


@command(*_DIGESTS)
def digest(inv: Invocation) -> int:
    opts, files = parse_opts(inv.args, "bc")
    algo = _DIGESTS[inv.name]
    out = [f"{hashlib.new(algo, data).hexdigest()}  {f}\n" for f, data in inv.read_each(files or ["-"])]
    inv.out("".join(out))
    return inv.status


# -- sort / uniq / cut / tr ----------------------------------------------------------------------


def _read_all(inv: Invocation, files: list[str]) -> bytes | None:
    chunks: list[bytes] = []
    for f in files or ["-"]:
        try:
            chunks.append(inv.read_file(f))
        except OSError as exc:
            inv.error(f"{f}: {strerror(exc)}")
            return None
    return b"".join(chunks)


@command("sort")
def sort(inv: Invocation) -> int:
    opts, files = parse_opts(inv.args, "nrufbk:t:o:s")
    data = _read_all(inv, files)
    if data is None:
        return 2
    lines = _lines(data)
    sep = opts["t"][-1] if "t" in opts else None

    def key_text(line: str) -> str:
        if "k" not in opts:
            return line
        spec = opts["k"][-1].split(",")[0]
        field_no = int(re.match(r"\d+", spec).group(0)) if re.match(r"\d+", spec) else 1  # type: ignore[union-attr]
        fields = line.split(sep) if sep is not None else line.split()
        return fields[field_no - 1] if field_no - 1 < len(fields) else ""

    def numeric(text: str) -> float:
        m = re.match(r"\s*-?\d+(\.\d+)?", text)
        return float(m.group(0)) if m else 0.0

    if "n" in opts:
        lines.sort(key=lambda s: (numeric(key_text(s)), s), reverse="r" in opts)
    elif "f" in opts:
        lines.sort(key=lambda s: key_text(s).lower(), reverse="r" in opts)
    else:
        lines.sort(key=lambda s: _enc(key_text(s)), reverse="r" in opts)
    if "u" in opts:
        seen: set[str] = set()
        unique: list[str] = []
        for line in lines:
            k = key_text(line)
            if k not in seen:
                seen.add(k)
                unique.append(line)
        lines = unique
    text = _enc("".join(line + "\n" for line in lines))
    if "o" in opts:
        host = inv.host(opts["o"][-1])
        host.write_bytes(text)
        inv.stamp(host)
    else:
        inv.out(text)
    return 0


@command("uniq")
def uniq(inv: Invocation) -> int:
    opts, files = parse_opts(inv.args, "cdui")
    data = _read_all(inv, files[:1])
    if data is None:
        return 1
    groups: list[tuple[str, int]] = []
    for line in _lines(data):
        same = groups and (groups[-1][0].lower() == line.lower() if "i" in opts else groups[-1][0] == line)
        if same:
            groups[-1] = (groups[-1][0], groups[-1][1] + 1)
        else:
            groups.append((line, 1))
    out: list[str] = []
    for line, n in groups:
        if "d" in opts and n < 2 or "u" in opts and n > 1:
            continue
        out.append(f"{n:7d} {line}\n" if "c" in opts else f"{line}\n")
    inv.out(_enc("".join(out)))
    return 0


def _ranges(spec: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for piece in spec.split(","):
        if "-" in piece:
            a, _, b = piece.partition("-")
            out.append((int(a or 1), int(b) if b else 10**9))
        else:
            out.append((int(piece), int(piece)))
    return out


@command("cut")
def cut(inv: Invocation) -> int:
    opts, files = parse_opts(inv.args, "d:f:c:b:s")
    data = _read_all(inv, files)
    if data is None:
        return 1
    out: list[str] = []
    if "f" in opts:
        delim = opts["d"][-1] if "d" in opts else "\t"
        ranges = _ranges(opts["f"][-1])
        for line in _lines(data):
            if delim not in line:
                if "s" not in opts:
                    out.append(line + "\n")
                continue
            fields = line.split(delim)
            picked = [f for k, f in enumerate(fields, 1) if any(a <= k <= b for a, b in ranges)]
            out.append(delim.join(picked) + "\n")
    elif "c" in opts or "b" in opts:
        ranges = _ranges((opts.get("c") or opts["b"])[-1])
        for line in _lines(data):
            out.append("".join(ch for k, ch in enumerate(line, 1) if any(a <= k <= b for a, b in ranges)) + "\n")
    else:
        raise UsageError("Needs -fcb")
    inv.out(_enc("".join(out)))
    return 0


def _tr_set(spec: str) -> str:
    for name, body in _CLASSES.items():
        spec = spec.replace(f"[:{name}:]", _expand_class(body))
    spec = spec.replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r").replace("\\\\", "\\")
    out: list[str] = []
    i = 0
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-":
            out.extend(chr(c) for c in range(ord(spec[i]), ord(spec[i + 2]) + 1))
            i += 3
        else:
            out.append(spec[i])
            i += 1
    return "".join(out)


def _expand_class(body: str) -> str:
    return body.replace("\\t", "\t").replace("\\n", "\n").replace("\\r", "\r").replace("\\f", "\f").replace("\\v", "\v")


@command("tr")
def tr(inv: Invocation) -> int:
    opts, sets = parse_opts(inv.args, "dscC")
    need_operands(sets, 1)
    text = _dec(inv.read_stdin())
    first = _tr_set(sets[0])
    if "d" in opts:
        text = "".join(ch for ch in text if (ch in first) == ("c" in opts or "C" in opts))
        if "s" in opts and len(sets) > 1:
            text = _squeeze(text, _tr_set(sets[1]))
    elif len(sets) > 1:
        second = _tr_set(sets[1])
        if second:
            second = second + second[-1] * max(0, len(first) - len(second))
            table = {ord(a): b for a, b in zip(first, second, strict=False)}
            text = text.translate(table)
        if "s" in opts:
            text = _squeeze(text, second)
    elif "s" in opts:
        text = _squeeze(text, first)
    inv.out(_enc(text))
    return 0


def _squeeze(text: str, chars: str) -> str:
    out: list[str] = []
    for ch in text:
        if out and out[-1] == ch and ch in chars:
            continue
        out.append(ch)
    return "".join(out)


# -- sed (subset) --------------------------------------------------------------------------------


def _sed_script(script: str, extended: bool) -> list[tuple[str | None, str, tuple[str, str, str] | None]]:
    """Parse ``[addr]cmd`` entries separated by ``;`` or newlines: s///flags, d, p, q."""
    cmds: list[tuple[str | None, str, tuple[str, str, str] | None]] = []
    i = 0
    while i < len(script):
        while i < len(script) and script[i] in " ;\n":
            i += 1
        if i >= len(script):
            break
        addr = None
        m = re.match(r"(\d+|\$|/(?:[^/\\]|\\.)*/)", script[i:])
        if m:
            addr = m.group(0)
            i += len(addr)
        c = script[i]
        i += 1
        if c == "s":
            delim = script[i]
            pieces: list[str] = []
            j = i + 1
            buf: list[str] = []
            while j < len(script) and len(pieces) < 2:
                if script[j] == "\\" and j + 1 < len(script):
                    buf.append(script[j:j + 2] if script[j + 1] != delim else delim)
                    j += 2
                    continue
                if script[j] == delim:
                    pieces.append("".join(buf))
                    buf = []
                else:
                    buf.append(script[j])
                j += 1
            if len(pieces) < 2:
                raise UsageError("unmatched 's'")
            fm = re.match(r"[gpI0-9]*", script[j:])
            flags = fm.group(0) if fm else ""
            i = j + len(flags)
            cmds.append((addr, "s", (posix_to_python(pieces[0], extended), pieces[1], flags)))
        elif c in "dpq":
            cmds.append((addr, c, None))
        else:
            raise UsageError(f"unknown command '{c}'")
    return cmds


@command("sed")
def sed(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "nEre:i")
    extended = "E" in opts or "r" in opts
    scripts = opts.get("e") or ([operands.pop(0)] if operands else [])
    need_operands(scripts, 1)
    program = _sed_script("\n".join(scripts), extended)
    in_place = "i" in opts
    targets = operands or ["-"]
    for target in targets:
        try:
            data = inv.read_file(target)
        except OSError as exc:
            inv.error(f"{target}: {strerror(exc)}")
            return 1
        lines = _lines(data)
        out: list[str] = []
        quit_now = False
        for lineno, line in enumerate(lines, 1):
            deleted = False
            for addr, c, arg in program:
                if addr is not None:
                    if addr == "$":
                        if lineno != len(lines):
                            continue
                    elif addr.isdigit():
                        if lineno != int(addr):
                            continue
                    elif not re.search(posix_to_python(addr[1:-1], extended), line):
                        continue
                if c == "s" and arg is not None:
                    pattern, repl, flags = arg
                    py_repl = re.sub(r"\\(\d)", r"\\g<\1>", repl).replace("&", "\\g<0>").replace("\\\\g<0>", "&")
                    count = 0 if "g" in flags else 1
                    new, n = re.subn(pattern, py_repl, line, count=count, flags=re.I if "I" in flags else 0)
                    line = new
                    if n and "p" in flags:
                        out.append(line + "\n")
                elif c == "d":
                    deleted = True
                    break
                elif c == "p":
                    out.append(line + "\n")
                elif c == "q":
                    quit_now = True
                    break
            if not deleted and "n" not in opts:
                out.append(line + "\n")
            if quit_now:
                break
        text = _enc("".join(out))
        if in_place and target != "-":
            host = inv.host(target)
            host.write_bytes(text)
            inv.stamp(host)
        else:
            inv.out(text)
    return 0
