"""``anyapp capture``: what a lab's own Android 13 image prints, in the corpus's sample format.

On each device it seeds a state that gives every parser something to read (pending alarms of a
clock app, a resumed activity opened by an intent, a playing media session, call-log rows with a
NULL, a comma and a newline), runs every read-only command of the Android-output corpus
(``tests/android_outputs/<command>/``: one probe per read-only directory, :data:`PROBES`) and writes
each raw output with :func:`~pytest_anyapp.device.samples.dump_sample` (``source: capture``), the
device's build fingerprint and app versions in its ``state``. The commands that change the device
(``NOT_CAPTURED``) are left out: their output is what the episode itself sees and checks.

Nothing on the device may be left changed: :mod:`pytest_anyapp.lab.fingerprint` is read before and
after, and any difference but the settings an episode sets fails the capture (exit 1).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.catalog import AppSpec
from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.device.health import PROBE_COMMAND
from pytest_anyapp.device.samples import AndroidSample, Citation, dump_sample, load_samples
from pytest_anyapp.lab.fingerprint import DeviceFingerprint, differences, fingerprint

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "android_outputs"
#: Corpus directories not run by capture, and why (a command that changes the device; an app's own file).
NOT_CAPTURED: dict[str, str] = {
    g: "changes the device" for g in (
        "am_broadcast", "am_force_stop", "am_start", "appops_set", "content_delete", "content_insert",
        "content_update", "monkey", "pm_clear", "pm_disable_user", "pm_enable", "pm_grant", "pm_install_create",
        "settings_put")} | {
    g: "prints an app's own file (maps GPX/KML/KMZ, Apollo's preferences): its content is the app's, checked "
       "against samples written from each app's writer, and a lab's device holds no such file before seeding"
    for g in ("base64", "cat")}
#: Rows written to the call log (and deleted again): a NULL number, a comma, a newline in a name.
CALL_ROWS: tuple[tuple[str | None, int, str], ...] = (
    ("+15550199001", 1, "Ada"), (None, 2, "Doe, Jane"), ("+15550199003", 3, "Line one\nline two"))
#: The rows' date (1970-01-12): no real call has it, so the rows are found again and deleted by it.
CALL_DATE_MS = 1_000_000_007
#: The intent put in front: the dialer for a number (resolved by the device, as an agent would).
FRONT_ACTION, FRONT_DATA = "android.intent.action.DIAL", "tel:+15550100"


@dataclass(frozen=True)
class Probe:
    """One read-only command of a corpus directory; ``{package}`` / ``{music}`` / ``{clock}`` are
    filled with the exercised apps' packages."""

    group: str
    case: str
    command: str


PROBES: tuple[Probe, ...] = (
    Probe("dumpsys_alarm", "capture", "dumpsys alarm"),
    Probe("dumpsys_activity", "capture", "dumpsys activity activities"),
    Probe("dumpsys_media_session", "capture", "dumpsys media_session"),
    Probe("dumpsys_package", "capture", "dumpsys package {clock}"),
    Probe("dumpsys_package", "capture_absent", "dumpsys package com.example.absent"),
    Probe("content_query", "capture_calls", "content query --uri content://call_log/calls --projection number:type"),
    Probe("content_query", "capture_names",
          "content query --uri content://call_log/calls --projection number:name:type"),
    Probe("uiautomator_dump", "capture", "uiautomator dump /dev/tty"),
    Probe("pm_list_packages", "capture", "pm list packages"),
    Probe("pm_list_packages", "capture_disabled", "pm list packages -d"),
    Probe("pm_path", "capture", "pm path {clock}"),
    Probe("cmd_role", "capture", "cmd role get-role-holders --user 0 android.app.role.SMS"),
    Probe("wm_size", "capture", "wm size"),
    Probe("wm_density", "capture", "wm density"),
    Probe("settings_get", "capture", "settings get global auto_time"),
    Probe("settings_list", "capture_global", "settings list global"),
    Probe("settings_list", "capture_secure", "settings list secure"),
    Probe("settings_list", "capture_system", "settings list system"),
    Probe("appops_get", "capture", "appops get {clock} MANAGE_EXTERNAL_STORAGE"),
    Probe("getprop", "capture", "getprop"),
    Probe("getprop", "capture_boot", "getprop sys.boot_completed"),
    Probe("sqlite3", "capture", "sqlite3 /data/data/{clock}/databases/no_such.db 'SELECT 1'"),
    Probe("ls", "capture", "ls /data/data/{clock}"),
    Probe("stat", "capture", "stat -c %u:%g /data/data/{clock}"),
    Probe("find", "capture", "find /sdcard -mindepth 1 -maxdepth 1 -type d"),
    Probe("sha256sum", "capture_absent", "sha256sum /data/app/absent.apk"),
    Probe("date", "capture", "date +%s"),
    Probe("id", "capture", "id -u"),
    Probe("health_probe", "capture", PROBE_COMMAND),
)


class LaneCapture(BaseModel):
    """What ``anyapp capture`` did on one device."""

    serial: str
    build: str
    written: list[str] = Field(default_factory=list, description="files written, relative to --out")
    exercised: dict[str, str] = Field(default_factory=dict, description="what was seeded -> app package")
    left_changed: list[str] = Field(default_factory=list, description="fingerprint differences (must be none)")
    before: DeviceFingerprint | None = None

    @property
    def ok(self) -> bool:
        return not self.left_changed


def corpus_groups() -> set[str]:
    return {p.name for p in CORPUS.iterdir() if p.is_dir()}


def _citations() -> dict[str, list[Citation]]:
    """Per corpus directory, the source the corpus cites for it: a capture comes from the same code."""
    out: dict[str, list[Citation]] = {}
    for sample in load_samples(CORPUS):
        out.setdefault(sample.group, list(sample.citations))
    return out


#: (category, template) whose initial state, seeded into the category's first app and launched,
#: gives the parsers their input: a clock app's pending alarms, a music player's session.
EXERCISES: tuple[tuple[str, str], ...] = (("clock", "ClockDeleteAlarm"), ("music", ""))
#: Several alarms rather than the template's one: the alarm parser must split a list of blocks.
ALARM_TIMES = ((6, 45), (7, 30), (21, 5))


def _exercise_pair(category: str, template: str) -> Any:
    from pytest_anyapp.registry import scheduled_pairs

    return next(p for p in scheduled_pairs() if p.app.category.value == category
                and (not template or p.template.semantic_id == template))


def _exercise_state(category: str, state: Any) -> Any:
    if category == "clock" and state.alarms:
        return state.model_copy(update={"alarms": [state.alarms[0].model_copy(update={"hour": h, "minute": m})
                                                   for h, m in ALARM_TIMES]})
    return state


@contextmanager
def seeded_state(device: DeviceClient) -> Iterator[dict[str, Any]]:
    """Seed what the parsers read; undo it on exit (force-stop drops the apps' alarms and sessions)."""
    from pytest_anyapp.constants import FROZEN_DEVICE_TIME_S
    from pytest_anyapp.episode import lifecycle
    from pytest_anyapp.registry import params_for

    installed = lifecycle.InstalledApps(device)
    seeded: dict[str, Any] = {}
    started: list[str] = []
    prepared: list[AppSpec] = []
    calls_written = False
    try:
        for category, template in EXERCISES:
            pair = _exercise_pair(category, template)
            adapter, app = pair.adapter, pair.app
            lifecycle.prepare_app(device, app, installed, clear=adapter.clear_on_init,
                                  permissions=adapter.runtime_permissions, app_ops=adapter.app_ops,
                                  epoch_s=FROZEN_DEVICE_TIME_S, timeout_s=45.0)
            started.append(app.package)
            prepared.append(app)
            adapter.setup(device)
            adapter.seed(device, _exercise_state(category, pair.template.initial_state(params_for(pair.template, 30, 0))))
            lifecycle.relaunch(device, app.package)
            seeded[category] = app.package
        from verifiers.music.device import seed_library, start_playing

        library = seed_library(device)
        start_playing(device, seeded["music"], next(iter(library.values())))
        cmds = []
        for number, kind, name in CALL_ROWS:
            binds = [f"type:i:{kind}", f"date:l:{CALL_DATE_MS}", "duration:i:0", "name:s:" + name]
            if number is not None:
                binds.append("number:s:" + number)
            cmds.append("content insert --uri content://call_log/calls " + " ".join(
                f"--bind {shlex.quote(b)}" for b in binds))
        calls_written = True
        device.check(" && ".join(cmds))
        seeded["calls"] = [[n, k] for n, k, _ in CALL_ROWS]
        device.check(f"am start -W -a {FRONT_ACTION} -d {shlex.quote(FRONT_DATA)}")
        seeded["front"] = {"action": FRONT_ACTION, "data": FRONT_DATA}
        yield seeded
    finally:
        if calls_written:
            device.run(f"content delete --uri content://call_log/calls --where 'date={CALL_DATE_MS}'")
        device.run("input keyevent 3")
        front = device.run("dumpsys activity activities").stdout
        from verifiers.base import resumed_packages

        for package in sorted({*started, *resumed_packages(front)}):
            device.run(f"am force-stop {shlex.quote(package)}")
        for app in prepared:
            lifecycle.restore(device, app, installed.packages(), 45.0)


def _expect(group: str, seeded: dict[str, Any]) -> dict[str, Any]:
    """What the parser of ``group`` must find in the capture (the parser tests read it back)."""
    if group == "dumpsys_alarm":
        return {"alarm_packages": [seeded["clock"]], "alarms_at_least": len(ALARM_TIMES)}
    if group == "dumpsys_media_session":
        return {"session_package": seeded["music"]}
    if group == "dumpsys_activity":
        return {"front": seeded["front"]}
    if group == "content_query":
        return {"calls": seeded["calls"]}
    return {}


def capture_lane(device: DeviceClient, out: Path, *, label: str,
                 progress: Callable[[str], None] = print) -> LaneCapture:
    """Capture every probe on ``device`` into ``out/<group>/<label>_<case>.txt``."""
    from pytest_anyapp.lab.fingerprint import build_fingerprint

    before = fingerprint(device)
    result = LaneCapture(serial=device.serial, build=build_fingerprint(device), before=before)
    cites = _citations()
    with seeded_state(device) as seeded:
        result.exercised = {k: v for k, v in seeded.items() if isinstance(v, str)}
        fill = {"clock": seeded["clock"], "music": seeded["music"]}
        for probe in PROBES:
            command = probe.command.format(**fill)
            ran = device.run(command)
            state = {"build": result.build, "apps": before.versions, "serial": device.serial,
                     "expect": _expect(probe.group, seeded)}
            sample = AndroidSample(command=command, exit=ran.exit_code,
                                   streams={"stdout": ran.stdout, "stderr": ran.stderr},
                                   citations=cites.get(probe.group) or [Citation(repo="device", revision="capture",
                                                                                 file=probe.group)],
                                   source="capture", state=state,
                                   notes=[f"captured on {result.build}"])
            path = out / probe.group / f"{label}_{probe.case}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(dump_sample(sample), encoding="utf-8")
            result.written.append(str(path.relative_to(out)))
            progress(f"{device.serial} {probe.group}/{path.name}")
    after = fingerprint(device)
    result.left_changed = differences(before, after)
    return result
