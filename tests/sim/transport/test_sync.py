"""File transfer through the real adb CLI (one sync session, QUIT) and adbutils (one request each)."""
from __future__ import annotations

import hashlib
import io
import os
import stat
from pathlib import Path

import adbutils
import pytest

from pytest_anyapp.sim.testing import RunningDevice

BIG = 20 * 1024 * 1024 + 12345  # not a multiple of any chunk size


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.bin"
    path.write_bytes(os.urandom(BIG))
    return path


def test_cli_push_pull_20mb_byte_for_byte(adb, sim_device: RunningDevice, big_file: Path, tmp_path: Path) -> None:
    pushed = adb("push", str(big_file), "/sdcard/Download/big.bin")
    assert pushed.returncode == 0, pushed.stderr
    on_device = sim_device.device.fs.host("/sdcard/Download/big.bin")
    assert on_device.stat().st_size == BIG
    pulled = adb("pull", "/sdcard/Download/big.bin", str(tmp_path / "back.bin"))
    assert pulled.returncode == 0, pulled.stderr
    assert hashlib.sha256((tmp_path / "back.bin").read_bytes()).digest() == \
        hashlib.sha256(big_file.read_bytes()).digest()


def test_cli_push_into_directory_keeps_basename_and_mode(adb, sim_device: RunningDevice, tmp_path: Path) -> None:
    src = tmp_path / "notes.txt"
    src.write_text("hello sync\n")
    src.chmod(0o640)
    assert adb("push", str(src), "/sdcard/Documents/").returncode == 0
    host = sim_device.device.fs.host("/storage/emulated/0/Documents/notes.txt")
    assert host.read_text() == "hello sync\n"
    assert stat.S_IMODE(host.stat().st_mode) == 0o640


def test_cli_pull_missing_file_fails_like_adbd(adb, tmp_path: Path) -> None:
    result = adb("pull", "/sdcard/does-not-exist.txt", str(tmp_path / "x"))
    assert result.returncode != 0
    assert b"does not exist" in result.stdout + result.stderr
    assert not (tmp_path / "x").exists()


def test_cli_pull_directory_recursively(adb, sim_device: RunningDevice, tmp_path: Path) -> None:
    fs = sim_device.device.fs
    (fs.host("/sdcard/Pictures/sub")).mkdir(parents=True)
    fs.host("/sdcard/Pictures/a.txt").write_bytes(b"A")
    fs.host("/sdcard/Pictures/sub/b.txt").write_bytes(b"BB")
    result = adb("pull", "/sdcard/Pictures", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "Pictures" / "a.txt").read_bytes() == b"A"
    assert (tmp_path / "Pictures" / "sub" / "b.txt").read_bytes() == b"BB"


def test_adbutils_push_and_read(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    adb_device.sync.push(io.BytesIO(b"payload \x00\xff"), "/data/local/tmp/p.bin")
    assert sim_device.device.fs.host("/data/local/tmp/p.bin").read_bytes() == b"payload \x00\xff"
    assert adb_device.sync.read_bytes("/data/local/tmp/p.bin") == b"payload \x00\xff"
    info = adb_device.sync.stat("/data/local/tmp/p.bin")
    assert info.mode == stat.S_IFREG | 0o755  # adbutils' default push mode
    assert info.size == len(b"payload \x00\xff")


def test_adbutils_push_pull_large(adb_device: adbutils.AdbDevice, big_file: Path, tmp_path: Path) -> None:
    adb_device.sync.push(big_file, "/sdcard/Download/")
    target = tmp_path / "pulled.bin"
    adb_device.sync.pull("/sdcard/Download/big.bin", target)
    assert target.read_bytes() == big_file.read_bytes()


def test_stat_uses_zeros_for_missing_paths(adb_device: adbutils.AdbDevice) -> None:
    info = adb_device.sync.stat("/sdcard/nothing/here")
    assert (info.mode, info.size, info.mtime) == (0, 0, None)
    assert adb_device.sync.exists("/sdcard/nothing/here") is False
    assert adb_device.sync.exists("/sdcard/Download") is True


def test_stat_is_lstat(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    fs = sim_device.device.fs
    fs.host("/data/local/tmp/target.txt").write_text("t")
    os.symlink("target.txt", fs.host("/data/local/tmp/link"))
    assert stat.S_ISLNK(adb_device.sync.stat("/data/local/tmp/link").mode)


def test_list_includes_dot_entries_and_files(adb_device: adbutils.AdbDevice, sim_device: RunningDevice) -> None:
    fs = sim_device.device.fs
    for i in range(300):  # enough dents to span several WRTE messages
        fs.host(f"/sdcard/Music/track-{i:03d}-{'x' * 40}.mp3").write_bytes(b"m" * i)
    listed = {entry.path: entry for entry in adb_device.sync.list("/sdcard/Music")}
    assert {".", ".."} <= set(listed)
    assert len(listed) == 302
    assert listed[f"track-299-{'x' * 40}.mp3"].size == 299
    iterated = [entry.path for entry in adb_device.sync.iter_directory("/sdcard/Music")]
    assert sorted(iterated) == sorted(listed)


def test_list_of_missing_dir_is_empty(adb_device: adbutils.AdbDevice) -> None:
    assert list(adb_device.sync.list("/no/such/dir")) == []


def test_recv_missing_raises_with_adbd_message(adb_device: adbutils.AdbDevice) -> None:
    with pytest.raises(adbutils.AdbError, match="No such file or directory"):
        adb_device.sync.read_bytes("/sdcard/missing.bin")


def test_push_onto_directory_path_fails(adb, adb_device: adbutils.AdbDevice, sim_device: RunningDevice,
                                        tmp_path: Path) -> None:
    sim_device.device.fs.host("/data/local/tmp/adir/inner/deeper").mkdir(parents=True)
    src = tmp_path / "inner"
    src.write_bytes(b"x")
    # The destination resolves to an existing directory, so adbd refuses to create the file.
    result = adb("push", str(src), "/data/local/tmp/adir/")
    assert result.returncode != 0
    assert b"Is a directory" in result.stdout + result.stderr
    with pytest.raises(adbutils.AdbError):
        adb_device.sync.push(src, "/data/local/tmp/adir/")
    assert sim_device.device.fs.host("/data/local/tmp/adir/inner/deeper").is_dir()
