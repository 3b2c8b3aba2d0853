"""The simulated device, driven through the real ``adb`` CLI, prints every sample of the commands whose
output it renders live (issue 22): for each sample the device is put into the sample's ``state`` the
way a lab would put a real device there (``settings put``, ``content insert``, ``adb install`` of a
signed test APK, ``mkdir``/``touch``/``chown`` as root, ``adb push`` — of an app database too —, ``date``, ``wm size``), the
sample's exact command line is
run with ``adb shell``, and stdout, stderr and exit status must equal the sample's once the varying
fields are placeholders. Excerpt samples compare as in ``test_parsers_and_renderers``: the device's
lines are an ordered subset of the sample's, lines a ``left-out`` regex names are not compared, and
the command's registered parsers must read from the device's output what the sample's state says.

One device per command directory (starting one is the slow part); the samples of a directory run
in file order on it, each setting up all of the state it depends on (a calendar sample gets a
device of its own). The commands compared here are ``COMPARED_LIVE`` in test_parsers_and_renderers,
whose ``NOT_RENDERED`` gives every command's reason; a setup raises :class:`NotRenderable` for one
sample whose state the simulated device cannot hold.
"""

from __future__ import annotations

import datetime as dt
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from test_parsers_and_renderers import COMPARED_LIVE, EXPECTED, PARSERS, SAMPLES, NotRenderable, covers

from pytest_anyapp.device.samples import AndroidSample, normalise
from pytest_anyapp.sim.testing import RunningDevice, running_device

_HELPERS = str(Path(__file__).resolve().parents[1] / "sim" / "helpers")
if _HELPERS not in sys.path:
    sys.path.insert(0, _HELPERS)

from apk import build_apk  # noqa: E402  (tests/sim/helpers: a signed test APK with a launcher activity)

NOTES = "org.fossify.notes"
CORPUS = Path(__file__).resolve().parent


@dataclass
class Lab:
    """One simulated device and the adb CLI pointed at it: what a lab bench gives a sample."""

    running: RunningDevice
    apks: Path
    installed: set[str] = field(default_factory=set)

    def adb(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["adb", "-s", self.running.serial, *args], capture_output=True, text=True,
                              timeout=60, check=False)

    def run(self, command: str) -> subprocess.CompletedProcess[str]:
        """``adb shell <command>``: the line as the harness sends it (shell v2: streams and status apart)."""
        return self.adb("shell", command)

    def sh(self, command: str) -> str:
        """A setup step that must succeed."""
        done = self.run(command)
        assert done.returncode == 0, f"setup {command!r} failed: {done.stdout}{done.stderr}"
        return done.stdout

    def install(self, package: str, *, permissions: tuple[str, ...] = (),
                activity: str = ".activities.MainActivity") -> None:
        """``adb install`` of a signed test APK declaring ``package`` (once per device)."""
        if package in self.installed:
            return
        apk = build_apk(self.apks / f"{package}.apk", package, permissions=list(permissions), activity=activity)
        done = self.adb("install", "-r", "-t", str(apk))
        assert done.returncode == 0 and "Success" in done.stdout, done.stdout + done.stderr
        self.installed.add(package)


def _q(text: str) -> str:
    return shlex.quote(text)


def _bind_value(value: Any) -> str:
    """One ``--bind`` of a value, ``:`` and ``\\`` escaped as ``Content.java`` (12+) splits them."""
    if value is None:
        return "n:"
    if isinstance(value, bool):
        return f"b:{str(value).lower()}"
    if isinstance(value, int):
        return f"i:{value}" if -2**31 <= value < 2**31 else f"l:{value}"
    return "s:" + str(value).replace("\\", "\\\\").replace(":", "\\:")


def _insert(lab: Lab, uri: str, values: dict[str, Any]) -> None:
    binds = " ".join("--bind " + _q(f"{k}:{_bind_value(v)}") for k, v in values.items())
    done = lab.run(f"content insert --uri {uri} {binds}")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), f"insert into {uri}: {done.stdout}{done.stderr}"


# -- setups: the sample's state, set with the device's own commands --------------------------------

def _nothing(lab: Lab, sample: AndroidSample) -> None:
    """The command's output depends on no state beyond a freshly booted device."""


def _notes(lab: Lab, sample: AndroidSample) -> None:
    lab.install(NOTES)


def _am_start(lab: Lab, sample: AndroidSample) -> None:
    state = sample.state
    if state.get("component", "").startswith(NOTES):
        lab.install(NOTES)
    resolved = state.get("resolved")
    if resolved:
        package = resolved.split("/")[0]
        if lab.run(f"pm path {package}").returncode != 0:
            raise NotRenderable(f"{package} is not on the simulated device")
        if package == "com.google.android.contacts":
            raise NotRenderable("the simulated device's Contacts double has no activity for a contact lookup "
                                "URI (QuickContactActivity's VIEW filter): 'am start' cannot resolve it")
        lab.sh(f"am force-stop {package}")  # a COLD launch: the process is not running


def _appops(lab: Lab, sample: AndroidSample) -> None:
    lab.install(NOTES)
    for op, mode in sample.state.get("ops", {}).items():
        lab.sh(f"appops set {sample.state['package']} {op} {mode}")


def _role(lab: Lab, sample: AndroidSample) -> None:
    """A refused holder is a package that is not installed: the simulated device models no role
    qualification (roles.xml's required components), so a package it has always qualifies."""
    if sample.state.get("added") is False:
        lab.run(f"pm uninstall {sample.state['package']}")
        lab.installed.discard(sample.state["package"])
    lab.sh("pm enable --user 0 org.fossify.messages")
    for holder in sample.state.get("holders", []):
        lab.sh(f"cmd role add-role-holder --user 0 {sample.state['role']} {holder}")


def _content_query(lab: Lab, sample: AndroidSample) -> None:
    """The provider's rows, inserted with ``content insert`` after its old rows are deleted; ``_id``
    bound where the state gives it (the lab's stand-in for syncing or scanning the same rows)."""
    state = sample.state
    if state.get("user", 0) != 0:
        raise NotRenderable("a query as user 10: the simulated device has user 0 only")
    if "rows" not in state:
        return
    uri = state["uri"]
    authority, path = uri.split("/")[2], uri.split("/", 3)[3]
    rows = [dict(row) for row in state["rows"]]
    if authority == "call_log":
        lab.sh(f"content delete --uri {uri}")
        for row in rows:
            _insert(lab, uri, row)
    elif authority == "media" and path == "external/audio/media":
        lab.sh(f"content delete --uri {uri}")
        for row in rows:
            _insert(lab, uri, row)
    elif authority == "media" and path.startswith("external/audio/playlists"):
        lab.sh("content delete --uri content://media/external/audio/playlists")
        if path.endswith("/members"):
            playlist = path.split("/")[3]
            _insert(lab, "content://media/external/audio/playlists", {"_id": int(playlist), "name": "Playlist"})
            lab.sh("content delete --uri content://media/external/audio/media")
            for audio_id in sorted({row["audio_id"] for row in rows}):  # a member is a track the device has
                _insert(lab, "content://media/external/audio/media", {"_id": audio_id, "title": f"track {audio_id}"})
            for order, row in enumerate(rows):
                _insert(lab, uri, {**row, "play_order": order})
        else:
            for row in rows:
                _insert(lab, uri, row)
    elif authority == "com.android.calendar":
        _calendar(lab, path, rows)
    elif authority == "com.android.contacts":
        _contacts(lab, state, rows)
    else:
        raise NotRenderable(f"seeding {authority} is not set up here")


def _calendar(lab: Lab, path: str, rows: list[dict[str, Any]]) -> None:
    """A calendar, its events and reminders on a device of their own (:func:`_lab_key`)."""
    base = "content://com.android.calendar"
    _insert(lab, f"{base}/calendars", {"_id": 1, "account_name": "lab", "account_type": "LOCAL", "name": "lab",
                                       "calendar_displayName": "lab", "visible": 1, "sync_events": 1})
    event = {"calendar_id": 1, "dtstart": 1767261600000, "dtend": 1767265200000, "eventTimezone": "UTC"}
    if path == "events":
        for row in rows:
            _insert(lab, f"{base}/events", {**event, **row})
        return
    for event_id in dict.fromkeys(row["event_id"] for row in rows):
        _insert(lab, f"{base}/events", {**event, "_id": event_id, "title": f"event {event_id}"})
    for row in rows:
        _insert(lab, f"{base}/reminders", {**row, "method": 1})


def _contacts(lab: Lab, state: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """Raw contacts and their data rows. A data-view row's ``display_name`` is the provider's own
    choice (ContactsProvider2 computes it), so a state that names one a name row cannot give is not
    rendered."""
    base = "content://com.android.contacts"
    lab.sh(f"content delete --uri {base}/raw_contacts")
    if "raw_contact_id" in rows[0]:
        for raw_id in dict.fromkeys(row["raw_contact_id"] for row in rows):
            starred = next(row.get("starred", 0) for row in rows if row["raw_contact_id"] == raw_id)
            _insert(lab, f"{base}/raw_contacts", {"_id": raw_id, "starred": starred})
        for row in rows:
            data = {k: v for k, v in row.items() if k in ("raw_contact_id", "mimetype", "data1", "data2", "data3")}
            _insert(lab, f"{base}/data", data)
        return
    if "mimetype" not in state.get("where", ""):
        raise NotRenderable("data rows whose display names come from no name row the state lists: the data "
                            "view would also list those name rows")
    for raw_id, row in enumerate(rows, start=1):
        _insert(lab, f"{base}/raw_contacts", {"_id": raw_id})
        if row["display_name"] is not None:
            _insert(lab, f"{base}/data", {"raw_contact_id": raw_id, "mimetype": "vnd.android.cursor.item/name",
                                          "data1": row["display_name"]})
        _insert(lab, f"{base}/data", {"raw_contact_id": raw_id, "mimetype": "vnd.android.cursor.item/phone_v2",
                                      "data1": row["data1"], "data2": "2"})


def _date(lab: Lab, sample: AndroidSample) -> None:
    zone = sample.state.get("timezone", "UTC")
    lab.sh(f"service call alarm 3 s16 {zone}")
    when = dt.datetime.fromtimestamp(sample.state["epoch_s"], ZoneInfo(zone))
    lab.sh("date " + when.strftime("%m%d%H%M%Y.%S"))  # toybox date: MMDDhhmm[[CC]YY][.ss]


def _find(lab: Lab, sample: AndroidSample) -> None:
    root = sample.state["root"]
    lab.sh(f"rm -rf {root}")
    if sample.state.get("exists", True):
        lab.sh(f"mkdir -p {root}")
    for d in sample.state.get("dirs", []):
        lab.sh(f"mkdir -p {root}/{d}")
    for f in sample.state.get("files", []):
        lab.sh(f"touch {root}/{f}")


def _getprop(lab: Lab, sample: AndroidSample) -> None:
    booted = sample.state.get("sys.boot_completed") is not None
    # No shell path: a real device prints this only while it boots. The simulator's boot fault
    # is the emulator-level switch for that.
    lab.running.device.set_faults(not_booted=not booted)
    for name, value in sample.state.items():
        has = lab.run(f"getprop {name}").stdout.strip()
        if value is not None and has != value:
            raise NotRenderable(f"{name} is {has!r} on the simulated device, a read-only property the shell cannot set")


def _health(lab: Lab, sample: AndroidSample) -> None:
    state = sample.state
    if state.get("uid") != 0:
        raise NotRenderable("adbd as shell (uid 2000): the simulated device's adbd always runs as root")
    lab.install(NOTES)
    lab.sh(f"am force-stop {NOTES}")
    lab.sh(f"am start -W -n {NOTES}/.activities.MainActivity")
    if state.get("dialog"):
        if state["dialog"]["kind"] != "crash":
            raise NotRenderable("only a crash dialog is set up here")
        # No shell path on the simulator (it has no 'am crash'): its own crash switch, which finishes the
        # crashed activity and shows the dialog over what is below (the launcher).
        lab.running.device.ui.show_fault_dialog(state["dialog"]["process"], "crash")


def _id(lab: Lab, sample: AndroidSample) -> None:
    if sample.state["uid"] != 0:
        raise NotRenderable("adbd as shell (uid 2000): the simulated device's adbd always runs as root")


def _ls(lab: Lab, sample: AndroidSample) -> None:
    lab.install(NOTES)
    path = sample.state["path"]
    lab.sh(f"rm -f {path}")
    if sample.state["exists"]:
        lab.sh(f"mkdir -p {path.rsplit('/', 1)[0]} && touch {path}")


def _monkey(lab: Lab, sample: AndroidSample) -> None:
    if sample.state["launcher"]:
        lab.install(sample.state["package"])
    else:
        assert lab.run(f"pm path {sample.state['package']}").returncode != 0


def _pm(lab: Lab, sample: AndroidSample) -> None:
    state = sample.state
    package = state.get("package", "")
    if package == NOTES:
        lab.install(NOTES)
    if "disabled" in state:
        for line in lab.sh("pm list packages -d").splitlines():
            lab.sh(f"pm enable --user 0 {line.removeprefix('package:')}")
        for name in state["disabled"]:
            if lab.run(f"pm path {name}").returncode != 0:
                lab.install(name, activity=".MainActivity")
            lab.sh(f"pm disable-user --user 0 {name}")
    if "packages" in state:
        raise NotRenderable("a device with exactly these four packages: the simulated device ships its "
                            "emulator image's packages, which pm uninstall does not remove")
    if "apks" in state and len(state["apks"]) > 1:
        raise NotRenderable("a split APK: the test APK builder writes base APKs only")


def _settings(lab: Lab, sample: AndroidSample) -> None:
    state = sample.state
    values = state.get("values") or {state["key"]: state["value"]}
    for key, value in values.items():
        if value is None:
            lab.sh(f"settings delete {state['namespace']} {key}")
        else:
            lab.sh(f"settings put {state['namespace']} {key} {_q(value)}")


def _sha256(lab: Lab, sample: AndroidSample) -> None:
    if sample.state.get("exists", True):
        raise NotRenderable("the sample's digest is not the digest of any content its state gives")
    lab.sh(f"rm -f {sample.state['path']}")


def _stat(lab: Lab, sample: AndroidSample) -> None:
    state = sample.state
    files = state.get("files") or [state]
    for f in files:
        path = f["path"]
        if path.startswith("/data/data/"):
            lab.install(NOTES)
            lab.sh(f"chown {f['uid']}:{f['gid']} {path}")
            continue
        lab.sh(f"rm -f {path}")
        if f.get("exists", True):
            lab.sh(f"mkdir -p {path.rsplit('/', 1)[0]}")
            lab.adb("push", str(_sized(lab.apks, f["size"])), path)


def _sized(where: Path, size: int) -> Path:
    path = where / f"zero-{size}.bin"
    if not path.exists():
        with path.open("wb") as out:
            out.truncate(size)
    return path


def _file_read(lab: Lab, sample: AndroidSample) -> None:
    """The app file a verifier reads, pushed to its path as root: what is compared is the device's
    ``base64 -w 0`` / ``cat`` of those bytes (the app doubles' writers are tested with their apps).
    A ``base64`` sample's file is ``base64/files/<case>``; a ``cat`` sample's file is its body."""
    path = shlex.split(sample.command)[-1]
    lab.sh(f"rm -f {_q(path)}")
    if sample.state.get("exists") is False:
        return
    if sample.group == "base64":
        local = CORPUS / "base64" / sample.state["file"]
    else:
        local = lab.apks / f"{sample.case}.body"
        local.write_bytes(sample.stdout.encode())
    lab.sh(f"mkdir -p {_q(path.rsplit('/', 1)[0])}")
    done = lab.adb("push", str(local), path)
    assert done.returncode == 0, done.stdout + done.stderr


def _sqlite_db(sample: AndroidSample, where: Path) -> Path:
    """The database a ``sqlite3`` sample reads, built on the host with Python's sqlite3 module: a
    generated sample's from its case in make_sqlite3_samples (the app's schema and the same rows the
    real sqlite3 program read), a hand-written one's from the rows its state lists."""
    import sqlite3

    from make_sqlite3_samples import CASES

    db = where / f"{sample.case}.db"
    db.unlink(missing_ok=True)
    with sqlite3.connect(db) as conn:
        if sample.source == "generated":
            case = next(c for c in CASES if c.name == sample.case)
            conn.executescript(case.schema() + ";\n" + case.rows_sql)
        elif "alarm_templates" in sample.command:
            conn.execute("CREATE TABLE alarm_templates (_id INTEGER PRIMARY KEY, hour INTEGER, minutes INTEGER, "
                         "enabled INTEGER)")
            conn.executemany("INSERT INTO alarm_templates (hour, minutes, enabled) VALUES (?, ?, ?)",
                             sample.state["rows"])
        else:
            conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, value TEXT)")
            conn.executemany("INSERT INTO notes (id, title, value) VALUES (?, ?, ?)", sample.state.get("rows", []))
    conn.close()
    return db


def _sqlite(lab: Lab, sample: AndroidSample) -> None:
    """The sample's database pushed to its path as root (``adb push``), nothing else beside it: what
    is compared is the simulated device's ``sqlite3`` program against what the real one printed."""
    if "locked_for_ms" in sample.state:
        raise NotRenderable("another process holding the write lock for seconds: no shell command holds one "
                            "past its own exit")
    if "_sqlite_3_39" in sample.case:
        raise NotRenderable("another SQLite release's error text; the simulated device prints 3.32's")
    path = shlex.split(sample.command)[1]
    db = _sqlite_db(sample, lab.apks)
    lab.sh(f"rm -f {_q(path)} {_q(path + '-wal')} {_q(path + '-shm')} && mkdir -p {_q(path.rsplit('/', 1)[0])}")
    done = lab.adb("push", str(db), path)
    assert done.returncode == 0, done.stdout + done.stderr


def _wm(lab: Lab, sample: AndroidSample) -> None:
    physical, override = sample.state["physical"], sample.state["override"]
    if sample.group == "wm_size":
        if list(map(int, lab.sh("wm size").split(":")[1].split("\n")[0].strip().split("x"))) != physical:
            raise NotRenderable("another physical size than the simulated device's")
        lab.sh("wm size reset" if override is None else f"wm size {override[0]}x{override[1]}")
    else:
        lab.sh("wm density reset" if override is None else f"wm density {override}")


SETUPS: dict[str, Callable[[Lab, AndroidSample], None]] = {
    "am_broadcast": _nothing, "am_force_stop": _notes, "am_start": _am_start,
    "appops_get": _appops, "appops_set": _appops, "cmd_role": _role,
    "content_delete": _nothing, "content_insert": _nothing, "content_update": _nothing,
    "content_query": _content_query, "date": _date, "find": _find, "getprop": _getprop,
    "health_probe": _health, "id": _id, "ls": _ls, "monkey": _monkey,
    "pm_clear": _pm, "pm_disable_user": _pm, "pm_enable": _pm, "pm_grant": _pm,
    "pm_install_create": _nothing, "pm_list_packages": _pm, "pm_path": _pm,
    "settings_get": _settings, "settings_list": _settings, "settings_put": _settings,
    "sha256sum": _sha256, "stat": _stat, "wm_size": _wm, "wm_density": _wm,
    "base64": _file_read, "cat": _file_read, "sqlite3": _sqlite,
}

LIVE = [s for s in SAMPLES if s.group in SETUPS]


@pytest.fixture(scope="module")
def labs(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Lab]]:
    """One simulated device per key (:func:`_lab_key`), started on first use, stopped at module end."""
    with ExitStack() as stack:

        class Labs(dict[str, Lab]):
            def __missing__(self, key: str) -> Lab:
                root = tmp_path_factory.mktemp(key.replace("/", "-"))
                running = stack.enter_context(running_device(root / "sim-device", adb_server_port=adb_server))
                self[key] = Lab(running, root)
                return self[key]

        yield Labs()


def _lines_subset(mine: list[str], theirs: list[str]) -> bool:
    rest = iter(theirs)
    return all(any(line == t for t in rest) for line in mine)


def test_every_live_command_has_a_setup() -> None:
    """``NOT_RENDERED`` (test_parsers_and_renderers) says these commands are compared here: each is."""
    assert set(SETUPS) == set(COMPARED_LIVE)


def _lab_key(sample: AndroidSample) -> str:
    """The device a sample runs on: its command directory's, or its own where the state cannot be
    reset through the shell (CalendarProvider2 only marks an app's deleted event ``deleted=1``, so
    its ``_id`` stays taken)."""
    if "com.android.calendar" in sample.state.get("uri", ""):
        return f"{sample.group}/{sample.case}"
    return sample.group


@pytest.mark.parametrize("live", LIVE, ids=[f"{s.group}/{s.case}" for s in LIVE])
def test_device_prints_the_sample(live: AndroidSample, labs: dict[str, Lab]) -> None:
    sample = live
    lab = labs[_lab_key(sample)]
    try:
        SETUPS[sample.group](lab, sample)
    except NotRenderable as exc:
        pytest.skip(str(exc))
    done = lab.run(sample.command)
    assert done.returncode == sample.exit, done.stdout + done.stderr
    for stream, got in (("stdout", done.stdout), ("stderr", done.stderr)):
        if stream not in sample.streams:
            continue
        mine, theirs = normalise(got, sample.varies), sample.normalised(stream)
        if not sample.excerpt:
            assert mine == theirs, stream
            continue
        kept = [line for line in mine.splitlines() if not sample.is_left_out(line)]
        assert _lines_subset(kept, theirs.splitlines()), (
            f"{stream}: the device prints a line the sample does not, or out of order:\n"
            + "\n".join(line for line in kept if line not in theirs.splitlines()))
    if sample.exit == 0 and sample.source != "capture":
        for parser in (p for p in PARSERS if covers(p, sample)):
            streams = {"stdout": done.stdout, "stderr": done.stderr}
            EXPECTED[parser.name](parser, sample.model_copy(update={"streams": streams}))
