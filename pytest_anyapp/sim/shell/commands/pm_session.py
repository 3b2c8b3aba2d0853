"""``pm install-create | install-write | install-commit | install-abandon``: split-APK sessions.

What ``adb install-multiple`` (and any installer of ``.apks``/``.xapk`` bundles) drives: a session
is created, each split is written into ``/data/app/vmdl<id>.tmp/``, and the commit checks the set
the way PackageManager does (exactly one base, one package, one versionCode) before installing the
base and placing the splits beside it as ``split_<name>.apk``.
"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

from pytest_anyapp.sim.shell.runtime import Invocation

_IDS = itertools.count(1_100_000_001)


def _stage(inv: Invocation, session: str) -> Path:
    return inv.host(f"/data/app/vmdl{session}.tmp")


def _drop_flags(args: list[str]) -> tuple[list[str], int | None]:
    size: int | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-S" and i + 1 < len(args):
            size = int(args[i + 1])
            i += 2
            continue
        if a in ("--user", "-i", "--installer", "--install-reason", "-p"):
            i += 2
            continue
        if a.startswith("-") and a != "-":
            i += 1
            continue
        rest.append(a)
        i += 1
    return rest, size


def install_create(inv: Invocation, args: list[str]) -> int:
    session = str(next(_IDS))
    _stage(inv, session).mkdir(parents=True, exist_ok=True)
    inv.out(f"Success: created install session [{session}]\n")
    return 0


def install_write(inv: Invocation, args: list[str]) -> int:
    rest, size = _drop_flags(args)
    if len(rest) < 2:
        inv.err("Error: must specify a session id and split name\n")
        return 255
    session, name = rest[0], rest[1]
    stage = _stage(inv, session)
    if not stage.is_dir():
        inv.err(f"Exception occurred while executing 'install-write':\n"
                f"java.lang.SecurityException: Caller has no access to session {session}\n")
        return 255
    path = rest[2] if len(rest) > 2 else "-"
    split_name = name if name.endswith(".apk") else f"{name}.apk"
    if path == "-":
        data = inv.read_stdin()
        (stage / split_name).write_bytes(data[:size] if size is not None else data)
    else:
        src = inv.host(path)
        if not src.is_file():
            inv.err(f"Error: Unable to open file: {path}\n")
            return 1
        shutil.copyfile(src, stage / split_name)
    inv.out(f"Success: streamed {(stage / split_name).stat().st_size} bytes\n")
    return 0


def install_abandon(inv: Invocation, args: list[str]) -> int:
    rest, _ = _drop_flags(args)
    stage = _stage(inv, rest[0]) if rest else None
    if stage is None or not stage.is_dir():
        inv.err("Error: session not found\n")
        return 255
    shutil.rmtree(stage)
    inv.out("Success\n")
    return 0


def install_commit(inv: Invocation, args: list[str]) -> int:
    from pytest_anyapp.sim.packages import read_apk

    rest, _ = _drop_flags(args)
    stage = _stage(inv, rest[0]) if rest else None
    if stage is None or not stage.is_dir():
        inv.err("Error: session not found\n")
        return 255
    tmp = f"/data/app/vmdl{rest[0]}.tmp"
    try:
        result = _commit(inv, stage, tmp, read_apk)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    inv.out(result + "\n")
    return 0 if result == "Success" else 1


def _commit(inv: Invocation, stage: Path, tmp: str, read_apk: object) -> str:
    from pyaxmlparser import APK

    bases: list[Path] = []
    splits: list[tuple[str, Path]] = []
    identity: tuple[str, int] | None = None
    for apk_file in sorted(stage.glob("*.apk")):
        try:
            meta = read_apk(apk_file)  # type: ignore[operator]
            split = APK(str(apk_file)).get_attribute_value("manifest", "split")
        except Exception as exc:  # noqa: BLE001 - junk in a session fails the commit like the platform
            return f"Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse {tmp}/{apk_file.name}: {exc}]"
        if identity is None:
            identity = (meta.package, meta.version_code)
        elif meta.package != identity[0]:
            return (f"Failure [INSTALL_FAILED_INVALID_APK: Inconsistent package {meta.package} in "
                    f"{tmp}/{apk_file.name}; expected {identity[0]}]")
        elif meta.version_code != identity[1]:
            return (f"Failure [INSTALL_FAILED_INVALID_APK: Inconsistent version {meta.version_code} in "
                    f"{tmp}/{apk_file.name}; expected {identity[1]}]")
        if split:
            splits.append((str(split), apk_file))
        else:
            bases.append(apk_file)
    if not bases:
        return "Failure [INSTALL_FAILED_INVALID_APK: Full install must include a base package]"
    if len(bases) > 1:
        return "Failure [INSTALL_FAILED_INVALID_APK: Split null was defined multiple times]"
    names = [n for n, _ in splits]
    if len(set(names)) != len(names):
        return "Failure [INSTALL_FAILED_INVALID_APK: Split defined multiple times]"
    result = inv.device.packages.install_apk(bases[0], replace=True)
    if result != "Success" or identity is None:
        return result
    info = inv.device.packages.get(identity[0])
    if info is not None:
        target_dir = inv.device.fs.host(info.apk_path).parent
        for name, path in splits:
            shutil.copyfile(path, target_dir / f"split_{name}.apk")
    return "Success"
