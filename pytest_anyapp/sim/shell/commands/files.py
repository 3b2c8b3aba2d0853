"""File commands with toybox output formats: cat, ls, rm, mkdir, rmdir, touch, cp, mv, ln, stat,
chmod, chown/chgrp/chcon/restorecon, basename, dirname, readlink, realpath, du.

Paths go through the device's :class:`Filesystem` so ``/sdcard``, ``/storage/emulated/0`` and
``/data/media/0`` are the same storage; messages show paths as the caller wrote them.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import shutil
import stat as stat_mod
from collections.abc import Iterator
from pathlib import Path

from pytest_anyapp.sim.device import app_data_label
from pytest_anyapp.sim.shell.runtime import Invocation, command, need_operands, parse_opts, strerror
from pytest_anyapp.sim.shell.tz import device_tz

# -- ownership -----------------------------------------------------------------------------------


def _app_uid(inv: Invocation, device_path: str) -> int | None:
    """The uid of the app whose data directory holds ``device_path`` (normalised), if any."""
    parts = device_path.split("/")
    if device_path.startswith("/data/data/") and len(parts) > 3:
        info = inv.device.packages.get(parts[3])
        if info is not None and info.uid >= 10000:
            return info.uid
    return None


def user_name(uid: int) -> str:
    """``u0_a<n>`` for an app uid of user 0, ``root`` for 0, else the number (AOSP bionic's
    ``getpwuid`` for app ids; android_filesystem_config.h for the system ones we show)."""
    return "root" if uid == 0 else f"u0_a{uid - 10000}" if 10000 <= uid < 20000 else str(uid)


def owner_of(inv: Invocation, device_path: str) -> tuple[int, str, int, str]:
    """(uid, user, gid, group) shown for a path: app data belongs to the app's uid unless the
    shell created it (root's until ``chown``: ``Filesystem.settle_owners``), else root."""
    path = inv.device.fs.normalize(device_path)
    app = _app_uid(inv, path)
    override = inv.device.fs.owner_override(path) if app is not None else None
    uid, gid = override if override is not None else (app, app) if app is not None else (0, 0)
    return uid, user_name(uid), gid, user_name(gid)


def label_of(inv: Invocation, device_path: str) -> str:
    """The SELinux label ``ls -Z``/``stat -c %C`` show (app data: the app's level unless the shell
    made the file and no ``restorecon`` followed)."""
    path = inv.device.fs.normalize(device_path)
    if path.startswith("/data/media"):
        return "u:object_r:media_rw_data_file:s0"
    app = _app_uid(inv, path)
    if app is None:
        return "u:object_r:system_data_file:s0"
    return inv.device.fs.label_override(path) or app_data_label(app)


def mode_string(mode: int) -> str:
    kind = "d" if stat_mod.S_ISDIR(mode) else "l" if stat_mod.S_ISLNK(mode) else "c" if stat_mod.S_ISCHR(mode) else "-"
    return kind + stat_mod.filemode(mode)[1:]


def local_time(inv: Invocation, epoch: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(epoch, device_tz(inv.device))


# -- cat -----------------------------------------------------------------------------------------


@command("cat")
def cat(inv: Invocation) -> int:
    opts, files = parse_opts(inv.args, "uvneAstT")
    for _, data in inv.read_each(files or ["-"]):
        if "n" in opts:
            lines = data.split(b"\n")
            trailing = lines[-1] == b""
            body = lines[:-1] if trailing else lines
            data = b"".join(b"%6d\t%s\n" % (k + 1, line) for k, line in enumerate(body))
            if not trailing and body:
                data = data[:-1]
        inv.out(data)
    return inv.status


# -- ls ------------------------------------------------------------------------------------------


class _Entry:
    def __init__(self, inv: Invocation, display: str, name: str, host: Path, device_path: str) -> None:
        self.display = display
        self.name = name
        self.host = host
        self.device_path = device_path
        self.st = os.lstat(host)


def _entry_line(inv: Invocation, e: _Entry, opts: dict[str, list[str]], widths: dict[str, int]) -> str:
    name = e.name
    if "F" in opts or "p" in opts:
        if stat_mod.S_ISDIR(e.st.st_mode):
            name += "/"
        elif "F" in opts and e.st.st_mode & 0o111:
            name += "*"
    if "l" not in opts and "n" not in opts and "g" not in opts and "o" not in opts:
        prefix = f"{e.st.st_ino} " if "i" in opts else ""
        if "s" in opts:
            prefix += f"{(e.st.st_blocks + 1) // 2} "
        return prefix + name
    uid, user, gid, group = owner_of(inv, e.device_path)
    if "n" in opts:
        user, group = str(uid), str(gid)
    when = e.st.st_atime if "u" in opts else e.st.st_ctime if "c" in opts else e.st.st_mtime
    stamp = local_time(inv, when).strftime("%Y-%m-%d %H:%M")
    size = e.st.st_size
    size_text = _human(size) if "h" in opts else str(size)
    if stat_mod.S_ISLNK(e.st.st_mode):
        try:
            name += " -> " + os.readlink(e.host)
        except OSError:
            pass
    cols = [mode_string(e.st.st_mode), str(e.st.st_nlink).rjust(widths["links"])]
    if "g" not in opts:
        cols.append(user.ljust(widths["user"]))
    if "o" not in opts:
        cols.append(group.ljust(widths["group"]))
    cols.append(size_text.rjust(widths["size"]))
    cols.append(stamp)
    cols.append(name)
    return " ".join(cols)


def _human(size: int) -> str:
    value = float(size)
    for unit in ("", "K", "M", "G", "T"):
        if value < 1024 or unit == "T":
            if unit == "":
                return str(size)
            return f"{value:.1f}{unit}" if value < 10 else f"{value:.0f}{unit}"
        value /= 1024
    return str(size)


def _widths(inv: Invocation, entries: list[_Entry], opts: dict[str, list[str]]) -> dict[str, int]:
    widths = {"links": 1, "user": 1, "group": 1, "size": 1}
    for e in entries:
        uid, user, gid, group = owner_of(inv, e.device_path)
        if "n" in opts:
            user, group = str(uid), str(gid)
        widths["links"] = max(widths["links"], len(str(e.st.st_nlink)))
        widths["user"] = max(widths["user"], len(user))
        widths["group"] = max(widths["group"], len(group))
        size_text = _human(e.st.st_size) if "h" in opts else str(e.st.st_size)
        widths["size"] = max(widths["size"], len(size_text))
    return widths


def _sort_entries(entries: list[_Entry], opts: dict[str, list[str]]) -> list[_Entry]:
    if "f" in opts:
        return entries
    if "t" in opts:
        key_t = (lambda e: e.st.st_atime) if "u" in opts else (lambda e: e.st.st_mtime)
        result = sorted(entries, key=lambda e: (-key_t(e), e.name))
    elif "S" in opts:
        result = sorted(entries, key=lambda e: (-e.st.st_size, e.name))
    else:
        result = sorted(entries, key=lambda e: e.name.encode())
    if "r" in opts:
        result.reverse()
    return result


def _dir_entries(inv: Invocation, display: str, host: Path, devpath: str, opts: dict[str, list[str]]) -> list[_Entry]:
    names = os.listdir(host)
    entries: list[_Entry] = []
    if "a" in opts or "f" in opts:
        entries.append(_Entry(inv, posixpath.join(display, "."), ".", host, devpath))
        parent = posixpath.dirname(devpath.rstrip("/")) or "/"
        entries.append(_Entry(inv, posixpath.join(display, ".."), "..", inv.device.fs.host(parent), parent))
    for name in names:
        if name.startswith(".") and not ("a" in opts or "A" in opts or "f" in opts):
            continue
        try:
            entries.append(_Entry(inv, posixpath.join(display, name), name, host / name, posixpath.join(devpath, name)))
        except OSError:
            continue
    return entries


@command("ls")
def ls(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "1aAcdfFghilnoprRsStuxCZ", long={"color": "", "color=": ""})
    opts.pop("", None)
    if "f" in opts:
        opts["a"] = [""]
    if "Z" in opts:
        pass
    targets = operands or ["."]
    files: list[_Entry] = []
    dirs: list[tuple[str, Path, str]] = []
    for target in targets:
        devpath = inv.normalize(target)
        host = inv.device.fs.host(devpath)
        if not os.path.lexists(host):
            inv.fail(f"{target}: No such file or directory")
            continue
        if host.is_dir() and "d" not in opts:
            dirs.append((target, host, devpath))
        else:
            files.append(_Entry(inv, target, target, host, devpath))
    blocks: list[str] = []
    if files:
        files = _sort_entries(files, opts)
        widths = _widths(inv, files, opts)
        blocks.append("".join(_entry_line(inv, e, opts, widths) + "\n" for e in files))
    show_header = len(targets) > 1 or "R" in opts
    queue = sorted(dirs, key=lambda d: d[0].encode())
    while queue:
        display, host, devpath = queue.pop(0)
        try:
            entries = _sort_entries(_dir_entries(inv, display, host, devpath, opts), opts)
        except OSError as exc:
            inv.fail(f"{display}: {strerror(exc)}")
            continue
        text = f"{display}:\n" if show_header else ""
        if "l" in opts or "n" in opts or "g" in opts or "o" in opts:
            total = sum((e.st.st_blocks + 1) // 2 for e in entries)
            text += f"total {total}\n"
        widths = _widths(inv, entries, opts)
        text += "".join(_entry_line(inv, e, opts, widths) + "\n" for e in entries)
        blocks.append(text)
        if "R" in opts:
            subdirs = [
                (e.display, e.host, e.device_path)
                for e in entries
                if e.name not in (".", "..") and stat_mod.S_ISDIR(e.st.st_mode)
            ]
            queue = subdirs + queue
    inv.out("\n".join(blocks))
    return inv.status


# -- rm / mkdir / rmdir / touch ------------------------------------------------------------------


@command("rm")
def rm(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "fiRrvd")
    force = "f" in opts
    recursive = "r" in opts or "R" in opts
    if not force:
        need_operands(operands, 1)
    for target in operands:
        host = inv.host(target)
        if inv.normalize(target) in ("/", "/data", "/sdcard", "/system"):
            inv.fail(f"{target}: Device or resource busy")
            continue
        if not os.path.lexists(host):
            if not force:
                inv.fail(f"{target}: No such file or directory")
            continue
        try:
            inv.writable_host(target)
            if host.is_dir() and not host.is_symlink():
                if recursive:
                    shutil.rmtree(host)
                elif "d" in opts:
                    os.rmdir(host)
                else:
                    inv.fail(f"{target}: Is a directory")
                    continue
            else:
                os.unlink(host)
            if "v" in opts:
                inv.out(f"rm '{target}'\n")
        except OSError as exc:
            inv.fail(f"{target}: {strerror(exc)}")
    return inv.status


@command("mkdir")
def mkdir(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "pvm:Z:")
    need_operands(operands, 1)
    mode = int(opts["m"][-1], 8) if "m" in opts else None
    for target in operands:
        try:
            host = inv.writable_host(target)
            if "p" in opts:
                if host.exists() and not host.is_dir():
                    raise FileExistsError(17, os.strerror(17))
                host.mkdir(parents=True, exist_ok=True)
            else:
                host.mkdir()
            if mode is not None:
                os.chmod(host, mode)
            inv.stamp(host)
            if "v" in opts:
                inv.out(f"mkdir: created directory '{target}'\n")
        except OSError as exc:
            inv.fail(f"'{target}': {strerror(exc)}")
    return inv.status


@command("rmdir")
def rmdir(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "p")
    for target in operands:
        try:
            os.rmdir(inv.writable_host(target))
        except OSError as exc:
            inv.fail(f"'{target}': {strerror(exc)}")
    return inv.status


def _parse_touch_stamp(inv: Invocation, text: str) -> float | None:
    """``-t [[CC]YY]MMDDhhmm[.ss]`` in device local time."""
    main, _, secs = text.partition(".")
    now = local_time(inv, inv.device.clock.now())
    try:
        if len(main) == 8:
            year = now.year
            month, day, hour, minute = (int(main[k:k + 2]) for k in range(0, 8, 2))
        elif len(main) == 10:
            year = 1900 + int(main[:2]) if int(main[:2]) >= 69 else 2000 + int(main[:2])
            month, day, hour, minute = (int(main[k:k + 2]) for k in range(2, 10, 2))
        elif len(main) == 12:
            year = int(main[:4])
            month, day, hour, minute = (int(main[k:k + 2]) for k in range(4, 12, 2))
        else:
            return None
        when = dt.datetime(year, month, day, hour, minute, int(secs or 0), tzinfo=device_tz(inv.device))
    except ValueError:
        return None
    return when.timestamp()


@command("touch")
def touch(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "acmhd:t:r:")
    need_operands(operands, 1)
    when = inv.device.clock.now()
    if "t" in opts:
        parsed = _parse_touch_stamp(inv, opts["t"][-1])
        if parsed is None:
            inv.error(f"bad '{opts['t'][-1]}'")
            return 1
        when = parsed
    if "d" in opts:
        from pytest_anyapp.sim.shell.commands.system import parse_date_string

        parsed = parse_date_string(inv, opts["d"][-1])
        if parsed is None:
            inv.error(f"bad date '{opts['d'][-1]}'")
            return 1
        when = parsed
    if "r" in opts:
        try:
            when = os.stat(inv.host(opts["r"][-1])).st_mtime
        except OSError as exc:
            inv.error(f"'{opts['r'][-1]}': {strerror(exc)}")
            return 1
    for target in operands:
        try:
            host = inv.writable_host(target)
            if not host.exists():
                if "c" in opts:
                    continue
                host.touch()
            st = os.stat(host)
            atime = st.st_atime if "m" in opts and "a" not in opts else when
            mtime = st.st_mtime if "a" in opts and "m" not in opts else when
            os.utime(host, (atime, mtime))
        except OSError as exc:
            inv.fail(f"'{target}': {strerror(exc)}")
    return inv.status


# -- cp / mv / ln --------------------------------------------------------------------------------


def _copy_tree(inv: Invocation, src: Path, dst: Path, preserve: bool) -> None:
    if src.is_dir() and not src.is_symlink():
        dst.mkdir(exist_ok=True)
        for child in sorted(src.iterdir()):
            _copy_tree(inv, child, dst / child.name, preserve)
        if not preserve:
            inv.stamp(dst)
        return
    if src.is_symlink():
        if os.path.lexists(dst):
            dst.unlink()
        os.symlink(os.readlink(src), dst)
        return
    if dst.is_dir():
        raise IsADirectoryError(21, os.strerror(21))
    shutil.copyfile(src, dst)
    if preserve:
        shutil.copystat(src, dst)
    else:
        inv.stamp(dst)


def is_inside(inner: Path, outer: Path) -> bool:
    """Whether ``inner`` resolves to ``outer`` or below it (copying a tree into itself, zip-slip)."""
    try:
        inner.resolve().relative_to(outer.resolve())
        return True
    except ValueError:
        return False


def _each_source(inv: Invocation, sources: list[str], dest_host: Path, into_dir: bool) -> Iterator[tuple[str, Path, Path]]:
    """(source, its host path, host target) for ``cp``/``mv``; a missing source is reported and skipped."""
    for src in sources:
        src_host = inv.host(src)
        if not os.path.lexists(src_host):
            inv.fail(f"bad '{src}': No such file or directory")
            continue
        yield src, src_host, dest_host / posixpath.basename(inv.normalize(src)) if into_dir else dest_host


@command("cp")
def cp(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "RrafpdiLPnvsFlHTu")
    need_operands(operands, 2)
    recursive = bool({"r", "R", "a"} & set(opts))
    preserve = "p" in opts or "a" in opts
    *sources, dest = operands
    dest_host = inv.host(dest)
    into_dir = dest_host.is_dir()
    if len(sources) > 1 and not into_dir:
        inv.error(f"'{dest}' not directory")
        return 1
    for src, src_host, target in _each_source(inv, sources, dest_host, into_dir):
        if src_host.is_dir() and not recursive:
            inv.fail(f"Skipped dir '{src}'")
            continue
        if src_host.is_dir() and is_inside(target, src_host):
            inv.fail(f"'{src}' is in '{dest}'" if into_dir else f"'{dest}' is in '{src}'")
            continue
        if "n" in opts and os.path.lexists(target):
            continue
        try:
            inv.writable_host(inv.device.fs.device(target))
            _copy_tree(inv, src_host, target, preserve)
        except OSError as exc:
            inv.fail(f"'{dest}': {strerror(exc)}")
    return inv.status


@command("mv")
def mv(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "finvTu")
    need_operands(operands, 2)
    *sources, dest = operands
    dest_host = inv.host(dest)
    into_dir = dest_host.is_dir() and not dest_host.is_symlink()
    if len(sources) > 1 and not into_dir:
        inv.error(f"'{dest}' not directory")
        return 1
    for src, src_host, target in _each_source(inv, sources, dest_host, into_dir):
        if target == src_host:
            continue
        if src_host.is_dir() and is_inside(target, src_host):
            inv.fail(f"'{src}' is in '{dest}'")
            continue
        if "n" in opts and os.path.lexists(target):
            continue
        try:
            inv.writable_host(inv.device.fs.device(target))
            inv.writable_host(src)
            if target.is_dir() and not src_host.is_dir():
                raise IsADirectoryError(21, os.strerror(21))
            if target.is_dir() and src_host.is_dir() and any(target.iterdir()):
                raise OSError(39, os.strerror(39))
            if target.is_dir() and src_host.is_dir():
                target.rmdir()
            os.replace(src_host, target)
        except OSError as exc:
            inv.fail(f"'{dest}': {strerror(exc)}")
    return inv.status


@command("ln")
def ln(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "sfnvT")
    need_operands(operands, 2)
    target, link = operands[0], operands[1]
    link_host = inv.host(link)
    if link_host.is_dir() and not link_host.is_symlink():
        link_host = link_host / posixpath.basename(target)
    try:
        if os.path.lexists(link_host):
            if "f" not in opts:
                raise FileExistsError(17, os.strerror(17))
            link_host.unlink()
        if "s" in opts:
            # Store a relative link so it resolves inside the device filesystem root.
            if target.startswith("/"):
                target_host = inv.device.fs.host(target)
                rel = os.path.relpath(target_host, link_host.parent)
            else:
                rel = target
            os.symlink(rel, link_host)
        else:
            os.link(inv.host(target), link_host)
    except OSError as exc:
        inv.error(f"cannot create link '{link}': {strerror(exc)}")
        return 1
    return 0


# -- stat ----------------------------------------------------------------------------------------


def _file_type(st: os.stat_result) -> str:
    mode = st.st_mode
    if stat_mod.S_ISREG(mode):
        return "regular file" if st.st_size else "regular empty file"
    if stat_mod.S_ISDIR(mode):
        return "directory"
    if stat_mod.S_ISLNK(mode):
        return "symbolic link"
    if stat_mod.S_ISCHR(mode):
        return "character special file"
    if stat_mod.S_ISFIFO(mode):
        return "fifo"
    return "unknown"


def _stat_time(inv: Invocation, epoch: float) -> str:
    when = local_time(inv, epoch)
    return when.strftime("%Y-%m-%d %H:%M:%S.") + f"{int((epoch % 1) * 1e9):09d} " + when.strftime("%z")


def _stat_format(inv: Invocation, fmt: str, display: str, host: Path, st: os.stat_result, devpath: str) -> str:
    uid, user, gid, group = owner_of(inv, devpath)
    out: list[str] = []
    i = 0
    while i < len(fmt):
        c = fmt[i]
        if c == "\\" and i + 1 < len(fmt):
            out.append({"n": "\n", "t": "\t", "\\": "\\"}.get(fmt[i + 1], fmt[i + 1]))
            i += 2
            continue
        if c != "%" or i + 1 >= len(fmt):
            out.append(c)
            i += 1
            continue
        j = i + 1
        while j < len(fmt) and fmt[j].isdigit():
            j += 1
        width = int(fmt[i + 1:j]) if j > i + 1 else 0
        zero_pad = fmt[i + 1] == "0" and j > i + 1
        if j >= len(fmt):
            out.append(fmt[i:])
            break
        spec = fmt[j]
        i = j + 1
        name = display
        value: object
        if spec == "%":
            value = "%"
        elif spec == "a":
            value = f"{stat_mod.S_IMODE(st.st_mode):o}"
        elif spec == "A":
            value = mode_string(st.st_mode)
        elif spec == "b":
            value = st.st_blocks
        elif spec == "B":
            value = 512
        elif spec == "d":
            value = st.st_dev
        elif spec == "D":
            value = f"{st.st_dev:x}"
        elif spec == "f":
            value = f"{st.st_mode:x}"
        elif spec == "F":
            value = _file_type(st)
        elif spec == "g":
            value = gid
        elif spec == "G":
            value = group
        elif spec == "h":
            value = st.st_nlink
        elif spec == "i":
            value = st.st_ino
        elif spec == "n":
            value = name
        elif spec == "N":
            value = f"'{name}'" + (f" -> '{os.readlink(host)}'" if stat_mod.S_ISLNK(st.st_mode) else "")
        elif spec == "o":
            value = 4096
        elif spec == "s":
            value = st.st_size
        elif spec in ("t", "T"):
            value = 0
        elif spec == "u":
            value = uid
        elif spec == "U":
            value = user
        elif spec == "x":
            value = _stat_time(inv, st.st_atime)
        elif spec == "X":
            value = int(st.st_atime)
        elif spec == "y":
            value = _stat_time(inv, st.st_mtime)
        elif spec == "Y":
            value = int(st.st_mtime)
        elif spec == "z":
            value = _stat_time(inv, st.st_ctime)
        elif spec == "Z":
            value = int(st.st_ctime)
        elif spec == "w":
            value = "-"
        elif spec == "W":
            value = 0
        elif spec == "C":
            value = label_of(inv, devpath)
        else:
            value = "?"
        text = str(value)
        out.append(text.zfill(width) if zero_pad else text.rjust(width))
    return "".join(out)


_DEFAULT_STAT = (
    "  File: %N\n  Size: %s\t Blocks: %b\t IO Blocks: %o\t%F\nDevice: %Dh/%dd\t Inode: %i\t Links: %h"
    "\t Device type: %t,%T\nAccess: (%04a/%A)\tUid: (%5u/%8U)\tGid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n"
)


@command("stat")
def stat_cmd(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "c:fLt", long={"format=": "c", "printf=": "c", "dereference": "L"})
    need_operands(operands, 1)
    fmt = opts["c"][-1] + "\n" if "c" in opts else _DEFAULT_STAT
    for target in operands:
        host = inv.host(target)
        try:
            st = os.stat(host) if "L" in opts else os.lstat(host)
        except OSError as exc:
            inv.fail(f"'{target}': {strerror(exc)}")  # toybox stat.c: perror_msg("'%s'", file)
            continue
        inv.out(_stat_format(inv, fmt, target, host, st, inv.normalize(target)))
    return inv.status


# -- chmod / chown / context ---------------------------------------------------------------------


def _apply_symbolic(mode: int, spec: str, is_dir: bool) -> int | None:
    for clause in spec.split(","):
        who = ""
        k = 0
        while k < len(clause) and clause[k] in "ugoa":
            who += clause[k]
            k += 1
        if k >= len(clause) or clause[k] not in "+-=":
            return None
        who = who or "a"
        while k < len(clause):
            op = clause[k]
            k += 1
            perms = ""
            while k < len(clause) and clause[k] in "rwxXst":
                perms += clause[k]
                k += 1
            bits = 0
            for p in perms:
                for w in who:
                    shift = {"u": 6, "g": 3, "o": 0}
                    targets = "ugo" if w == "a" else w
                    for t in targets:
                        if p == "r":
                            bits |= 4 << shift[t]
                        elif p == "w":
                            bits |= 2 << shift[t]
                        elif p == "x" or (p == "X" and (is_dir or mode & 0o111)):
                            bits |= 1 << shift[t]
                        elif p == "s" and t in "ug":
                            bits |= stat_mod.S_ISUID if t == "u" else stat_mod.S_ISGID
                        elif p == "t":
                            bits |= stat_mod.S_ISVTX
            if op == "+":
                mode |= bits
            elif op == "-":
                mode &= ~bits
            else:
                mask = 0
                for w in ("ugo" if who == "a" else who):
                    mask |= 0o7 << {"u": 6, "g": 3, "o": 0}[w]
                mode = (mode & ~mask) | bits
    return mode


def _walk(host: Path, recursive: bool) -> list[Path]:
    if not recursive or not host.is_dir():
        return [host]
    out = [host]
    for root, dirs, files in os.walk(host):
        for name in dirs + files:
            out.append(Path(root) / name)
    return out


@command("chmod")
def chmod(inv: Invocation) -> int:
    args = list(inv.args)
    recursive = False
    rest: list[str] = []
    for a in args:
        if a in ("-R", "-Rf", "-fR"):
            recursive = True
        elif a in ("-f", "-v"):
            continue
        else:
            rest.append(a)
    need_operands(rest, 2)
    spec, targets = rest[0], rest[1:]
    for target in targets:
        host = inv.host(target)
        if not os.path.lexists(host):
            inv.fail(f"{target}: No such file or directory")
            continue
        for path in _walk(host, recursive):
            try:
                st = os.stat(path)
                if all(c in "01234567" for c in spec):
                    new = int(spec, 8)
                else:
                    parsed = _apply_symbolic(stat_mod.S_IMODE(st.st_mode), spec, path.is_dir())
                    if parsed is None:
                        inv.error(f"bad mode '{spec}'")
                        return 1
                    new = parsed
                os.chmod(path, new)
            except OSError as exc:
                inv.fail(f"{target}: {strerror(exc)}")
    return inv.status


def id_of(name: str) -> int | None:
    """A user or group operand: a number, ``root`` or ``u0_a<n>``; None when unknown."""
    if name.isdigit():
        return int(name)
    if name == "root":
        return 0
    if name.startswith("u0_a") and name[4:].isdigit():
        return 10000 + int(name[4:])
    return None


def _device_walk(inv: Invocation, target: str, recursive: bool) -> list[str]:
    root = inv.normalize(target)
    return [root if p == inv.host(root) else inv.device.fs.device(p) for p in _walk(inv.host(root), recursive)]


@command("chown", "chgrp")
def chown(inv: Invocation) -> int:
    """Owners matter in app-private storage only (``Filesystem.settle_owners``): there a file the
    shell made stays root's until chowned to the app's uid; elsewhere paths are validated."""
    recursive = any(a.startswith("-") and "R" in a for a in inv.args)
    operands = [a for a in inv.args if not a.startswith("-")]
    need_operands(operands, 2)
    spec = operands[0]
    if inv.name == "chgrp":
        user, group = None, spec
    else:
        user, _, group_part = spec.replace(".", ":").partition(":")
        group = group_part or None
        user = user or None
    uid = id_of(user) if user is not None else None
    gid = id_of(group) if group is not None else None
    if (user is not None and uid is None) or (group is not None and gid is None):
        inv.error(f"bad {'user' if user is not None and uid is None else 'group'} '{spec}'")
        return 1
    for target in operands[1:]:
        if not os.path.lexists(inv.host(target)):
            inv.fail(f"{target}: No such file or directory")
            continue
        for path in _device_walk(inv, target, recursive):
            app = _app_uid(inv, path)
            if app is not None:
                inv.device.fs.set_owner(path, uid, gid, app)
    return inv.status


@command("chcon")
def chcon(inv: Invocation) -> int:
    """Labels are modelled for app-private files only (see ``restorecon``); paths are validated."""
    operands = [a for a in inv.args if not a.startswith("-")]
    need_operands(operands, 2)
    for target in operands[1:]:
        if not os.path.lexists(inv.host(target)):
            inv.fail(f"{target}: No such file or directory")
    return inv.status


@command("restorecon")
def restorecon(inv: Invocation) -> int:
    """Give each path the label its file context says (app data: the app's level)."""
    recursive = any(a.startswith("-") and "R" in a for a in inv.args)
    operands = [a for a in inv.args if not a.startswith("-")]
    status = 0
    for target in operands:
        if not os.path.lexists(inv.host(target)):
            inv.err(f"SELinux: Could not get canonical path for {target} restorecon: No such file or directory.\n")
            status = 1
            continue
        for path in _device_walk(inv, target, recursive):
            if _app_uid(inv, path) is not None:
                inv.device.fs.restore_label(path)
    return status


# -- path helpers --------------------------------------------------------------------------------


@command("basename")
def basename(inv: Invocation) -> int:
    need_operands(inv.args, 1)
    name = posixpath.basename(inv.args[0].rstrip("/")) or "/"
    if len(inv.args) > 1 and name.endswith(inv.args[1]) and name != inv.args[1]:
        name = name[: -len(inv.args[1])]
    inv.out(name + "\n")
    return 0


@command("dirname")
def dirname(inv: Invocation) -> int:
    need_operands(inv.args, 1)
    for arg in inv.args:
        stripped = arg.rstrip("/") or "/"
        inv.out((posixpath.dirname(stripped) or ".") + "\n")
    return 0


@command("readlink", "realpath")
def readlink(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "femnqsvz")
    status = 0
    for target in operands:
        host = inv.host(target)
        if inv.name == "realpath" or "f" in opts or "e" in opts or "m" in opts:
            if "e" in opts and not os.path.lexists(host):
                status = 1
                continue
            resolved = host.resolve()
            try:
                inv.out(inv.device.fs.device(resolved) + "\n")
            except ValueError:
                inv.out(inv.normalize(target) + "\n")
            continue
        try:
            link = os.readlink(host)
        except OSError:
            status = 1
            continue
        if not link.startswith("/"):
            link = posixpath.normpath(posixpath.join(posixpath.dirname(inv.normalize(target)), link))
        inv.out(link + "\n")
    return status


@command("du")
def du(inv: Invocation) -> int:
    opts, operands = parse_opts(inv.args, "sakmhxcd:")
    for target in operands or ["."]:
        host = inv.host(target)
        if not os.path.lexists(host):
            inv.fail(f"{target}: No such file or directory")
            continue
        total = 0
        for path in _walk(host, True):
            try:
                total += (os.lstat(path).st_blocks + 1) // 2
            except OSError:
                continue
        inv.out(f"{total}\t{target}\n")
    return inv.status
