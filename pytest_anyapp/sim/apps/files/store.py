"""What the file manager doubles read and write: shared storage (``/sdcard`` = ``/data/media/0``).

Every real file manager of the category writes the user's files there with ordinary file
operations (``File.mkdir``, ``renameTo``, stream copies, ``ZipOutputStream``); so does this store,
on the simulated device's filesystem. It keeps no state of its own. Nothing here imports the
harness (``tests/sim/test_isolation.py``).
"""

from __future__ import annotations

import posixpath
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

STORAGE_ROOT = "/storage/emulated/0"
#: Inside an archive opened as a folder: ``<zip path>`` + this + ``<member dir>``.
IN_ARCHIVE = "!/"


@dataclass(frozen=True)
class Item:
    """One row of a folder listing."""

    name: str
    path: str
    is_dir: bool
    size: int
    mtime_s: float
    children: int = 0


def human_size(size: int) -> str:
    """``25 B``, ``1.2 kB`` (Android's Formatter.formatShortFileSize style, SI units)."""
    value = float(size)
    for unit in ("B", "kB", "MB", "GB"):
        if value < 1000 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}".replace(".0 ", " ")
        value /= 1000
    return f"{size} B"


class SharedStorage:
    """File operations on shared storage; paths are device paths under :data:`STORAGE_ROOT`."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device

    def host(self, path: str) -> Path:
        return self.device.fs.host(path)

    def is_dir(self, path: str) -> bool:
        return self.host(path).is_dir()

    def exists(self, path: str) -> bool:
        return self.host(path).exists() or self.host(path).is_symlink()

    def listing(self, path: str) -> list[Item]:
        """Folders first, then files, each by name (case-insensitive), hidden entries left out."""
        if IN_ARCHIVE in path:
            return self.archive_listing(path)
        host = self.host(path)
        if not host.is_dir():
            return []
        items = []
        for child in host.iterdir():
            if child.name.startswith("."):
                continue
            st = child.stat()
            kids = sum(1 for c in child.iterdir() if not c.name.startswith(".")) if child.is_dir() else 0
            items.append(Item(child.name, posixpath.join(path, child.name), child.is_dir(), st.st_size, st.st_mtime, kids))
        return sorted(items, key=lambda i: (not i.is_dir, i.name.lower()))

    def mkdir(self, path: str) -> bool:
        host = self.host(path)
        if host.exists():
            return False
        host.mkdir(parents=False)
        return True

    def rename(self, path: str, new_name: str) -> bool:
        target = posixpath.join(posixpath.dirname(path), new_name)
        if self.exists(target) or "/" in new_name or not new_name:
            return False
        self.host(path).rename(self.host(target))
        return True

    def delete(self, path: str) -> None:
        host = self.host(path)
        if host.is_dir() and not host.is_symlink():
            shutil.rmtree(host)
        else:
            host.unlink(missing_ok=True)

    def copy_into(self, path: str, folder: str, *, move: bool = False) -> str:
        """Copy (or move) ``path`` into ``folder``; an existing name gets `` (1)`` like the apps do."""
        name = posixpath.basename(path)
        target = posixpath.join(folder, name)
        n = 1
        while self.exists(target):
            stem, dot, ext = name.partition(".")
            target = posixpath.join(folder, f"{stem} ({n}){dot}{ext}")
            n += 1
        src, dst = self.host(path), self.host(target)
        if move:
            shutil.move(str(src), str(dst))
        elif src.is_dir():
            shutil.copytree(src, dst)
        else:
            shutil.copyfile(src, dst)
        return target

    # -- archives (ZIP, as java.util.zip / zip4j write it) ----------------------------------------
    def make_zip(self, paths: list[str], zip_path: str) -> None:
        """A zip of ``paths``: files at their base name, folders as ``<name>/...`` (recursively)."""
        with zipfile.ZipFile(self.host(zip_path), "w", zipfile.ZIP_DEFLATED) as zf:
            for path in paths:
                host = self.host(path)
                base = posixpath.basename(path)
                if host.is_dir():
                    for child in sorted(host.rglob("*")):
                        rel = child.relative_to(host).as_posix()
                        if child.is_file():
                            zf.write(child, f"{base}/{rel}")
                else:
                    zf.write(host, base)

    def extract(self, zip_path: str, folder: str, members: list[str] | None = None) -> None:
        """Extract all members (or the given ones, at their base name) into ``folder``."""
        dest = self.host(folder)
        dest.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(self.host(zip_path)) as zf:
            for info in zf.infolist():
                if info.is_dir():
                    continue
                if members is None:
                    zf.extract(info, dest)
                elif info.filename in members:
                    (dest / posixpath.basename(info.filename)).write_bytes(zf.read(info))

    def archive_listing(self, path: str) -> list[Item]:
        zip_path, _, inner = path.partition(IN_ARCHIVE)
        prefix = inner.strip("/") + "/" if inner.strip("/") else ""
        seen: dict[str, Item] = {}
        try:
            with zipfile.ZipFile(self.host(zip_path)) as zf:
                for info in zf.infolist():
                    if not info.filename.startswith(prefix) or info.filename == prefix:
                        continue
                    head, sep, _ = info.filename[len(prefix):].partition("/")
                    is_dir = bool(sep) or info.is_dir()
                    seen.setdefault(head, Item(head, f"{zip_path}{IN_ARCHIVE}{prefix}{head}", is_dir,
                                               0 if is_dir else info.file_size, 0.0))
        except (OSError, zipfile.BadZipFile):
            return []
        return sorted(seen.values(), key=lambda i: (not i.is_dir, i.name.lower()))
