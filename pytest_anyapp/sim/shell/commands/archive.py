"""``unzip`` (Android's ziptool, Info-ZIP compatible listing) and toybox ``tar``.

``unzip -l`` prints the Info-ZIP table (``Length Date Time Name`` rows, ``-q`` drops the
``Archive:`` line); ``-p`` streams members; plain extraction honours ``-d``, ``-o`` and ``-n``.
``tar`` supports -t, -x, -O, -c, -f, -z, -C and -v.
"""

from __future__ import annotations

import fnmatch
import io
import os
import posixpath
import tarfile
import zipfile

from pytest_anyapp.sim.shell.commands.files import is_inside
from pytest_anyapp.sim.shell.runtime import Invocation, command


@command("unzip")
def unzip(inv: Invocation) -> int:
    args = list(inv.args)
    flags: set[str] = set()
    dest: str | None = None
    archive: str | None = None
    members: list[str] = []
    excludes: list[str] = []
    collecting_excludes = False
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-d" and i + 1 < len(args):
            dest = args[i + 1]
            i += 2
            continue
        if a == "-x":
            collecting_excludes = True
        elif a.startswith("-") and len(a) > 1 and archive is None:
            for c in a[1:]:
                if c not in "lnopqv":
                    inv.error(f"unknown option -- {c}")
                    return 1
                flags.add(c)
        elif archive is None:
            archive = a
        elif collecting_excludes:
            excludes.append(a)
        else:
            members.append(a)
        i += 1
    if archive is None:
        inv.err("unzip: no zip file specified\nusage: unzip [-d DIR] [-lnopqv] ZIP [FILE...] [-x FILE...]\n")
        return 1
    host = inv.host(archive)
    try:
        zf = zipfile.ZipFile(host)
    except FileNotFoundError:
        inv.err(f"unzip: couldn't open {archive}: No such file or directory\n")
        return 1
    except (zipfile.BadZipFile, OSError):
        inv.err(f"unzip: couldn't open {archive}: Invalid file\n")
        return 1
    with zf:
        infos = [zi for zi in zf.infolist()
                 if (not members or any(fnmatch.fnmatchcase(zi.filename, m) for m in members))
                 and not any(fnmatch.fnmatchcase(zi.filename, x) for x in excludes)]
        missing = [m for m in members if not any(fnmatch.fnmatchcase(zi.filename, m) for zi in zf.infolist())]
        if "l" in flags or "v" in flags:
            out: list[str] = []
            if "q" not in flags:
                out.append(f"Archive:  {archive}\n")
            out.append("  Length      Date    Time    Name\n")
            out.append("---------  ---------- -----   ----\n")
            total = 0
            for zi in infos:
                y, mo, d, h, mi, _ = zi.date_time
                out.append(f"{zi.file_size:9d}  {y:04d}-{mo:02d}-{d:02d} {h:02d}:{mi:02d}   {zi.filename}\n")
                total += zi.file_size
            out.append("---------                     -------\n")
            out.append(f"{total:9d}                     {len(infos)} file{'s' if len(infos) != 1 else ''}\n")
            inv.out("".join(out))
            return 0
        if "p" in flags:
            for zi in infos:
                if not zi.is_dir():
                    inv.out(zf.read(zi))
            if missing:
                inv.err("".join(f"caution: filename not matched:  {m}\n" for m in missing))
                return 11
            return 0
        base = inv.host(dest) if dest else inv.host(".")
        if dest:
            base.mkdir(parents=True, exist_ok=True)
        if "q" not in flags:
            inv.out(f"Archive:  {archive}\n")
        for zi in infos:
            target = base / zi.filename
            if not is_inside(target, base):
                inv.err(f"unzip: {zi.filename}: illegal path\n")
                return 1
            shown = posixpath.join(dest, zi.filename) if dest else zi.filename
            if zi.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                if "q" not in flags:
                    inv.out(f"   creating: {shown}\n")
                continue
            if target.exists() and "n" in flags:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(zf.read(zi))
            inv.stamp(target)
            if "q" not in flags:
                inv.out(f"  inflating: {shown}\n")
        if missing:
            inv.err("".join(f"caution: filename not matched:  {m}\n" for m in missing))
            return 11
    return 0


@command("tar")
def tar(inv: Invocation) -> int:
    args = list(inv.args)
    flags: set[str] = set()
    archive: str | None = None
    directory: str | None = None
    names: list[str] = []
    i = 0
    if args and not args[0].startswith("-") and set(args[0]) <= set("ctxvfzjOCp"):
        args[0] = "-" + args[0]
    while i < len(args):
        a = args[i]
        if a == "-C" and i + 1 < len(args):
            directory = args[i + 1]
            i += 2
            continue
        if a.startswith("--"):
            i += 1
            continue
        if a.startswith("-") and len(a) > 1:
            j = 1
            while j < len(a):
                c = a[j]
                if c == "f":
                    rest = a[j + 1:]
                    if rest:
                        archive = rest
                    elif i + 1 < len(args):
                        archive = args[i + 1]
                        i += 1
                    break
                if c == "C":
                    if i + 1 < len(args):
                        directory = args[i + 1]
                        i += 1
                    break
                if c not in "ctxvzjOp":
                    inv.error(f"Unknown option '{c}'")
                    return 1
                flags.add(c)
                j += 1
            i += 1
            continue
        names.append(a)
        i += 1
    if not ({"c", "t", "x"} & flags):
        inv.error("Need one of 'ctx' options")
        return 1
    compression = "gz" if "z" in flags else "bz2" if "j" in flags else ""
    base = inv.host(directory) if directory else inv.host(".")
    if "c" in flags:
        buf = io.BytesIO()
        mode = f"w:{compression}" if compression else "w"
        with tarfile.open(fileobj=buf, mode=mode) as tf:  # type: ignore[call-overload]
            for name in names:
                tf.add(str(base / name), arcname=name)
                if "v" in flags:
                    inv.err(name + "\n")
        if archive in (None, "-"):
            inv.out(buf.getvalue())
        else:
            target = inv.host(archive)
            target.write_bytes(buf.getvalue())
            inv.stamp(target)
        return 0
    try:
        data = inv.read_stdin() if archive in (None, "-") else inv.host(archive).read_bytes()
    except OSError:
        inv.error(f"'{archive}': No such file or directory")
        return 1
    try:
        tf = tarfile.open(fileobj=io.BytesIO(data), mode="r:*")
    except tarfile.TarError:
        inv.error("Not tar")
        return 1
    with tf:
        members = [m for m in tf.getmembers() if not names or any(fnmatch.fnmatchcase(m.name, n) or
                                                                    m.name.startswith(n.rstrip("/") + "/") for n in names)]
        if "t" in flags:
            inv.out("".join(m.name + ("/" if m.isdir() else "") + "\n" for m in members))
            return 0
        for m in members:
            if "O" in flags:
                if m.isfile():
                    fh = tf.extractfile(m)
                    if fh is not None:
                        inv.out(fh.read())
                continue
            target = base / m.name
            if not is_inside(target, base):
                inv.error(f"'{m.name}': bad path")
                return 1
            if m.isdir():
                target.mkdir(parents=True, exist_ok=True)
            elif m.isfile():
                target.parent.mkdir(parents=True, exist_ok=True)
                fh = tf.extractfile(m)
                target.write_bytes(fh.read() if fh is not None else b"")
                os.utime(target, (m.mtime, m.mtime))
            if "v" in flags:
                inv.out(m.name + "\n")
    return 0
