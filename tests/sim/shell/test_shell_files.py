"""File commands: toybox output formats and error messages, storage aliases."""
from __future__ import annotations

import base64
import hashlib
import io
import re
import zipfile

from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import SimDevice


def test_storage_aliases_are_one_storage(sh: Sh, device: SimDevice) -> None:
    assert sh("mkdir -p /sdcard/CATBench/Docs && printf '%s\\n' payload > /sdcard/CATBench/Docs/a.txt").exit_code == 0
    for alias in ("/sdcard", "/storage/emulated/0", "/data/media/0", "/storage/self/primary"):
        assert sh(f"cat {alias}/CATBench/Docs/a.txt").stdout == b"payload\n"
    assert (device.fs.root / "data/media/0/CATBench/Docs/a.txt").read_bytes() == b"payload\n"


def test_ls_formats(sh: Sh, out: Out) -> None:
    sh("mkdir -p /sdcard/L/dir && printf 12345 > /sdcard/L/b.txt && touch /sdcard/L/a.txt /sdcard/L/.h")
    assert out("ls /sdcard/L") == "a.txt\nb.txt\ndir\n"
    assert out("ls -1 /sdcard/L") == "a.txt\nb.txt\ndir\n"
    assert out("ls -A /sdcard/L") == ".h\na.txt\nb.txt\ndir\n"
    assert out("ls -a /sdcard/L").splitlines()[:2] == [".", ".."]
    assert out("ls -A /sdcard/L | wc -l") == "4\n"
    long = out("ls -l /sdcard/L").splitlines()
    assert long[0].startswith("total ")
    assert re.fullmatch(r"-rw\S{7} 1 root root +5 \d{4}-\d\d-\d\d \d\d:\d\d b\.txt", long[2]), long
    assert re.fullmatch(r"d\S{9} \d+ root root +\d+ \d{4}-\d\d-\d\d \d\d:\d\d dir", long[3]), long
    assert out("ls -d /sdcard/L") == "/sdcard/L\n"
    assert out("ls /sdcard/L/b.txt") == "/sdcard/L/b.txt\n"
    assert out("ls /sdcard/L -ll -au").startswith("total ")
    missing = sh("ls /sdcard/nope")
    assert missing.exit_code == 1 and missing.stderr == b"ls: /sdcard/nope: No such file or directory\n"
    both = out("ls /sdcard/L/dir /sdcard/L/b.txt")
    assert both == "/sdcard/L/b.txt\n\n/sdcard/L/dir:\n"


def test_ls_dates_follow_device_clock(sh: Sh, out: Out) -> None:
    sh("date 101515342023.00")
    sh("touch /sdcard/stamp")
    assert "2023-10-15 15:34 stamp" in out("ls -l /sdcard")


def test_rm_mkdir_touch_errors(sh: Sh) -> None:
    r = sh("rm /sdcard/none")
    assert r.exit_code == 1 and r.stderr == b"rm: /sdcard/none: No such file or directory\n"
    assert sh("rm -f /sdcard/none").exit_code == 0
    sh("mkdir /sdcard/D")
    r = sh("rm /sdcard/D")
    assert r.exit_code == 1 and b"Is a directory" in r.stderr
    r = sh("mkdir /sdcard/D")
    assert r.exit_code == 1 and r.stderr == b"mkdir: '/sdcard/D': File exists\n"
    assert sh("mkdir -p /sdcard/D/x/y && [ -d /sdcard/D/x/y ]").exit_code == 0
    r = sh("mkdir /sdcard/none/x")
    assert r.exit_code == 1 and b"No such file or directory" in r.stderr
    assert sh("rm -rf /sdcard/D && [ ! -e /sdcard/D ]").exit_code == 0
    r = sh("touch /sdcard/no/dir/f")
    assert r.exit_code == 1


def test_cp_mv(sh: Sh, out: Out) -> None:
    sh("mkdir -p /sdcard/C/src/inner /sdcard/C/dst && printf x > /sdcard/C/src/inner/f && printf y > /sdcard/C/one")
    assert sh("cp /sdcard/C/one /sdcard/C/two && cat /sdcard/C/two").stdout == b"y"
    r = sh("cp /sdcard/C/src /sdcard/C/dst")
    assert r.exit_code == 1
    assert sh("cp -r /sdcard/C/src /sdcard/C/dst && cat /sdcard/C/dst/src/inner/f").stdout == b"x"
    assert sh("mv /sdcard/C/one /sdcard/C/dst && ls /sdcard/C/dst").stdout == b"one\nsrc\n"
    assert sh("mv /sdcard/C/dst/one /sdcard/C/renamed && [ ! -e /sdcard/C/dst/one ] && cat /sdcard/C/renamed").stdout == b"y"
    r = sh("mv /sdcard/C/missing /sdcard/C/x")
    assert r.exit_code == 1 and b"missing" in r.stderr


def test_find(sh: Sh, out: Out) -> None:
    sh("mkdir -p /sdcard/CATBench/Docs/Reference/Incoming /sdcard/CATBench/Archives")
    sh("printf a > /sdcard/CATBench/Docs/decoy_0.txt; printf b > /sdcard/CATBench/Docs/Reference/Incoming/target.txt")
    sh("printf z > /sdcard/CATBench/Archives/bundle.ZIP; printf g > /sdcard/CATBench/Docs/t.gpx")
    assert out("find /sdcard/CATBench -name target.txt -print -quit") == (
        "/sdcard/CATBench/Docs/Reference/Incoming/target.txt\n"
    )
    assert out("find /sdcard/CATBench -type f -iname '*.zip' -print") == "/sdcard/CATBench/Archives/bundle.ZIP\n"
    assert out("find /sdcard/CATBench -type d -name Incoming") == "/sdcard/CATBench/Docs/Reference/Incoming\n"
    files = out("find /sdcard/CATBench -type f \\( -iname '*.gpx' -o -iname '*.txt' \\)").split()
    assert sorted(files) == sorted(
        ["/sdcard/CATBench/Docs/decoy_0.txt", "/sdcard/CATBench/Docs/Reference/Incoming/target.txt",
         "/sdcard/CATBench/Docs/t.gpx"]
    )
    assert out("find /sdcard/CATBench -maxdepth 1 -mindepth 1 -type d") == (
        "/sdcard/CATBench/Archives\n/sdcard/CATBench/Docs\n"
    )
    assert out("find /sdcard/CATBench/Docs -type f -o -type d | head -1") == "/sdcard/CATBench/Docs\n"
    assert sh("find /storage/emulated/0/ -mindepth 1 -type f -delete").exit_code == 0
    assert out("find /sdcard/CATBench -type f") == ""
    r = sh("find /nope -name x")
    assert r.exit_code == 1 and b"No such file or directory" in r.stderr


def test_digests_and_base64(sh: Sh, out: Out) -> None:
    payload = b"CATBench archive payload\n"
    b64 = base64.b64encode(payload).decode()
    assert sh(f"printf '%s' {b64} | base64 -d > /sdcard/p.txt").exit_code == 0
    assert out("sha256sum /sdcard/p.txt") == f"{hashlib.sha256(payload).hexdigest()}  /sdcard/p.txt\n"
    assert out("md5sum /sdcard/p.txt") == f"{hashlib.md5(payload).hexdigest()}  /sdcard/p.txt\n"
    assert out("base64 /sdcard/p.txt") == b64 + "\n"
    assert out("printf abc | sha256sum") == f"{hashlib.sha256(b'abc').hexdigest()}  -\n"
    r = sh("sha256sum /sdcard/none")
    assert r.exit_code == 1 and r.stderr == b"sha256sum: /sdcard/none: No such file or directory\n"
    assert sh("echo '!!!' | base64 -d").exit_code == 1


def test_stat(sh: Sh, out: Out) -> None:
    sh("printf 12345 > /sdcard/s.txt && chmod 640 /sdcard/s.txt")
    assert out("stat -c '%s %a %n %F' /sdcard/s.txt") == "5 640 /sdcard/s.txt regular file\n"
    default = out("stat /sdcard/s.txt")
    assert "  Size: 5" in default and "Access: (0640/-rw-r-----)" in default
    assert sh("stat /sdcard/none").exit_code == 1


def test_chmod_chown_restorecon(sh: Sh, out: Out) -> None:
    sh("mkdir -p /sdcard/M/d && touch /sdcard/M/d/f")
    assert sh("chmod 777 -R /sdcard/M && stat -c %a /sdcard/M/d/f").stdout == b"777\n"
    assert sh("chmod u-w,go= /sdcard/M/d/f && stat -c %a /sdcard/M/d/f").stdout == b"500\n"
    assert sh("chown root:root /sdcard/M/d/f && restorecon -RD /sdcard/M").exit_code == 0
    assert sh("chown root /sdcard/M/none").exit_code == 1


def test_files_the_shell_makes_in_app_storage_are_roots_until_chown_and_restorecon(sh: Sh, out: Out,
                                                                                   device: SimDevice) -> None:
    """As on Android: a root shell's new file under /data/data/<pkg> is root's and lacks the app's
    SELinux categories; ``chown`` to the app's uid and ``restorecon`` give it back. The app's own
    files (written by its double) and files merely overwritten by the shell stay the app's."""
    pkg = "com.android.providers.contacts"
    uid = device.packages.get(pkg).uid  # type: ignore[union-attr]
    app = f"u0_a{uid - 10000}"
    home = f"/data/data/{pkg}"
    label = f"u:object_r:app_data_file:s0:c{(uid - 10000) & 0xff},c{256 + ((uid - 10000) >> 8)},c512,c768"
    (device.fs.host(home) / "databases").mkdir(parents=True, exist_ok=True)
    (device.fs.host(home) / "databases" / "app.db").write_bytes(b"x")  # the app's own
    sh(f"mkdir -p {home}/shared_prefs && echo '<map/>' > {home}/shared_prefs/p.xml && echo y > {home}/databases/app.db")
    assert out(f"stat -c '%U:%G %n' {home}/shared_prefs {home}/shared_prefs/p.xml {home}/databases/app.db") == (
        f"root:root {home}/shared_prefs\nroot:root {home}/shared_prefs/p.xml\n{app}:{app} {home}/databases/app.db\n")
    assert out(f"stat -c %C {home}/shared_prefs/p.xml") == "u:object_r:app_data_file:s0\n"
    assert out(f"find {home} -mindepth 1 ! -user {uid}") == f"{home}/shared_prefs\n{home}/shared_prefs/p.xml\n"
    sh(f"chown -R $(stat -c %u:%g {home}) {home}/shared_prefs")
    assert out(f"stat -c %U:%G {home}/shared_prefs/p.xml") == f"{app}:{app}\n"
    assert out(f"stat -c %C {home}/shared_prefs/p.xml") == "u:object_r:app_data_file:s0\n"  # not yet relabelled
    sh(f"restorecon -R {home}/shared_prefs")
    assert out(f"stat -c %C {home}/shared_prefs/p.xml {home}/databases/app.db") == f"{label}\n{label}\n"
    assert out(f"find {home} -mindepth 1 ! -user {uid}") == ""
    sh(f"chown root:root {home}/databases/app.db")
    assert out(f"ls -ln {home}/databases/app.db").split()[2:4] == ["0", "0"]
    assert out("stat -c %U /sdcard") == "root\n"  # outside app storage nothing changes


def test_unzip_list_and_pipe(sh: Sh, device: SimDevice, out: Out) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(zipfile.ZipInfo("packed_note.txt", (2023, 10, 15, 15, 34, 0)), "CATBench archive payload\n")
        zf.writestr(zipfile.ZipInfo("dir name/inner file.txt", (2023, 10, 15, 15, 35, 0)), "x")
    sh("mkdir -p /sdcard/Z")
    (device.fs.host("/sdcard/Z/b.zip")).write_bytes(buf.getvalue())
    listing = out("unzip -lq /sdcard/Z/b.zip")
    assert listing.splitlines()[0] == "  Length      Date    Time    Name"
    rows = [ln.split(None, 3) for ln in listing.splitlines()[2:-2]]
    assert rows == [["25", "2023-10-15", "15:34", "packed_note.txt"], ["1", "2023-10-15", "15:35", "dir name/inner file.txt"]]
    assert out("unzip -l /sdcard/Z/b.zip").startswith("Archive:  /sdcard/Z/b.zip\n")
    assert out("unzip -p /sdcard/Z/b.zip packed_note.txt") == "CATBench archive payload\n"
    assert sh("unzip -o -q /sdcard/Z/b.zip -d /sdcard/Z/out && cat '/sdcard/Z/out/dir name/inner file.txt'").stdout == b"x"
    r = sh("unzip -l /sdcard/Z/none.zip")
    assert r.exit_code == 1 and b"couldn't open" in r.stderr


def test_tar(sh: Sh, out: Out) -> None:
    sh("mkdir -p /data/local/tmp/t && printf hi > /data/local/tmp/t/a.txt")
    assert sh("cd /data/local/tmp && tar -cf x.tar t").exit_code == 0
    assert out("tar -tf /data/local/tmp/x.tar") == "t/\nt/a.txt\n"
    assert out("tar -xOf /data/local/tmp/x.tar t/a.txt") == "hi"
    extract = "mkdir /data/local/tmp/u && tar -xf /data/local/tmp/x.tar -C /data/local/tmp/u"
    assert sh(f"{extract} && cat /data/local/tmp/u/t/a.txt").stdout == b"hi"


def test_text_filters(sh: Sh, out: Out) -> None:
    sh("printf 'alpha\\nBeta\\ngamma\\nbeta\\n' > /data/local/tmp/w")
    assert out("grep -c beta /data/local/tmp/w") == "1\n"
    assert out("grep -ic beta /data/local/tmp/w") == "2\n"
    no_match = sh("grep -v a /data/local/tmp/w")
    assert no_match.exit_code == 1 and no_match.stdout == b""
    assert out("grep -E '^(alpha|gamma)$' /data/local/tmp/w") == "alpha\ngamma\n"
    assert out("grep 'al\\(p\\)ha' /data/local/tmp/w") == "alpha\n"
    assert out("grep -o 'am*a' /data/local/tmp/w") == "amma\n"
    assert out("grep -n gamma /data/local/tmp/w") == "3:gamma\n"
    assert out("grep -x beta /data/local/tmp/w") == "beta\n"
    assert out("grep -E '[[:upper:]]' /data/local/tmp/w") == "Beta\n"
    assert sh("grep -q zzz /data/local/tmp/w").exit_code == 1
    assert sh("grep x /nope").exit_code == 2
    assert out("head -n 2 /data/local/tmp/w") == "alpha\nBeta\n"
    assert out("head -1 /data/local/tmp/w") == "alpha\n"
    assert out("tail -n 1 /data/local/tmp/w") == "beta\n"
    assert out("tail -n +3 /data/local/tmp/w") == "gamma\nbeta\n"
    assert out("wc -l < /data/local/tmp/w") == "4\n"
    assert out("wc -l /data/local/tmp/w") == "4 /data/local/tmp/w\n"
    assert out("sort /data/local/tmp/w | head -1") == "Beta\n"
    assert out("printf '3\\n10\\n2\\n' | sort -n") == "2\n3\n10\n"
    assert out("printf 'a\\na\\nb\\n' | uniq -c") == "      2 a\n      1 b\n"
    assert out("echo a:b:c | cut -d: -f2,3") == "b:c\n"
    assert out("echo hello | tr a-z A-Z") == "HELLO\n"
    assert out("echo 'a\r' | tr -d '\\r'") == "a\n"
    assert out("echo 'one two' | sed 's/one/1/'") == "1 two\n"


def test_printf_formats(out: Out) -> None:
    assert out("printf '%s|%d|%5.2f|%x|%%\\n' a 42 3.14159 255") == "a| 42| 3.14|ff|%\n".replace("| 42", "|42")
    assert out("printf '%s\\n' a b c") == "a\nb\nc\n"
    assert out("printf '%b' 'x\\ty'") == "x\ty"
    assert out("printf '[%5s][%-3s]' ab c") == "[   ab][c  ]"
    assert out("printf '\\101\\n'") == "A\n"
