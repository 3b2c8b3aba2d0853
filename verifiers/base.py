"""What an app contributes to a task: seed and read the template's state in the app's own storage.

An adapter knows nothing about goals or success; the template's criterion does. Reading is split
in two so an episode can be re-scored from its record: ``read_raw`` talks to the device and returns
plain strings (the verifier-input snapshot that is saved), ``parse`` turns that snapshot into the
category's app-neutral state without touching the device.

Every adapter documents its app's :class:`StorageProfile` (where the real app keeps the state at
its pinned version, with the public source it was read from); the app's simulator double writes
exactly that, and the adapter reads exactly that.
"""

from __future__ import annotations

import re
import shlex
import time
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.templates.base import StateT, TaskTemplate, ValidationMode

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

RawSnapshot = dict[str, list[str]]


class SourceRef(BaseModel):
    """Where a storage fact was read: a public repository at a tag, and the files."""

    model_config = ConfigDict(frozen=True)

    repo: str = Field(description="owner/name on GitHub, or 'closed source'.")
    tag: str = Field(description="The tag read (the app's pinned version, or the nearest one, said so).")
    files: tuple[str, ...] = ()
    note: str = ""


class StorageProfile(BaseModel):
    """One app's store for one kind of state, as the real app writes it at its pinned version."""

    model_config = ConfigDict(frozen=True)

    what: str = Field(description="The state kept here, e.g. 'messages' or 'drafts'.")
    path: str = Field(description="Device path (database file, preferences file, provider URI).")
    format: str = Field(description="Schema or format: table and columns, file layout.")
    writes: str = Field(description="What a user action writes (rows, columns, values).")
    readable: bool = Field(default=True, description="False for encrypted, Realm or undocumented stores.")
    sources: tuple[SourceRef, ...] = ()


class LaunchGuard(BaseModel):
    """One thing the real app does with seeded state when it starts, read from its source.

    ``needs``: what must hold for the app to show the seeded state (a preference key, a first-run
    flag, a database version); ``writes``: what the app writes on its own at start-up (launch
    invariance excepts exactly these); ``first_screen``: what the agent meets before the app
    (intro wizard, permission prompt, dialog); ``reconciles``: a private copy or cache the app merges
    with what we seed."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["needs", "writes", "first_screen", "reconciles"]
    what: str = Field(min_length=1, description="The key, flag, file or screen, as the source names it.")
    handled_by: str = Field(min_length=1, description="How setup/seeding satisfies it, or why nothing must.")
    sources: tuple[SourceRef, ...] = Field(min_length=1)
    snapshot_keys: tuple[str, ...] = Field(default=(), description=(
        "For kind 'writes': the read_raw keys this start-up write changes (launch invariance excepts exactly "
        "these keys of this app)."))


class LaunchGuards(BaseModel):
    """An app's launch guards with the files read to find them: an empty ``guards`` means "none
    found in ``read``", so ``read`` is never empty."""

    model_config = ConfigDict(frozen=True)

    guards: tuple[LaunchGuard, ...] = ()
    read: tuple[SourceRef, ...] = Field(min_length=1, description="What was read (a guard's own sources count).")


FidelityVerdict = Literal["match", "mismatch-fixed", "mismatch-open", "unverifiable"]


class FidelityReading(BaseModel):
    """A second reader's check of an app's storage profile, double and launch guards against the
    real app's public source (``anyapp verify-support --fidelity`` prints one row per app)."""

    model_config = ConfigDict(frozen=True)

    source: SourceRef = Field(description="What was read: repository, tag (or nearest, said so), files.")
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    verdict: FidelityVerdict
    found: tuple[str, ...] = Field(default=(), description="Mismatches found (and how each was fixed).")
    open_points: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _mismatch_says_what(self) -> FidelityReading:
        if self.verdict.startswith("mismatch") and not self.found:
            raise ValueError("a mismatch verdict lists what was found")
        if self.verdict == "unverifiable" and not self.open_points:
            raise ValueError("an unverifiable verdict says why in open_points")
        return self


class PairMode(BaseModel):
    """How one (template, app) pair is validated, with the reason where it is not ``durable``."""

    model_config = ConfigDict(frozen=True)

    mode: ValidationMode
    reason: str = ""


class UnheldCase(BaseModel):
    """A conformance near miss this app cannot hold: no user action puts the state into the app,
    or the app's readable form cannot tell it from another state (a screen-read stopwatch paused
    at zero shows what a reset one shows). The case stays in the template's cases; the on-device
    conformance test skips it for this app and checks the declaration instead."""

    model_config = ConfigDict(frozen=True)

    reason: str = Field(min_length=1, description="Why this app cannot hold the case.")
    carried_by: str = Field(default="", description=(
        "Where no other near miss this app holds pins the case's clause: the clause that decides it on this "
        "app's read (the two coincide there; the on-device test checks no read fails the one without the other)."))


class AppAdapter(ABC, Generic[StateT]):
    """Seeder and reader of one app's storage for its category's state model."""

    app: ClassVar[AppSpec]
    #: ``pm clear`` the app before seeding (SMS keeps state in the telephony provider: no need).
    clear_on_init: ClassVar[bool] = True
    #: Runtime permissions granted at setup (only those the app declares are granted).
    runtime_permissions: ClassVar[tuple[str, ...]] = ()
    #: App-ops set to ``allow`` for the app's uid at setup (``appops set --uid``), for access that is
    #: an app-op rather than a runtime permission, e.g. ``MANAGE_EXTERNAL_STORAGE`` ("All files
    #: access", which file managers need on Android 11+ to see shared storage).
    app_ops: ClassVar[tuple[str, ...]] = ()
    #: Where the app keeps the category's state (docs/<category>.md lists them with sources).
    storage: ClassVar[tuple[StorageProfile, ...]] = ()
    #: What the real app does with seeded state at start-up (required for every app; see
    #: :class:`LaunchGuards`). The app's double enforces the same guards.
    launch_guards: ClassVar[LaunchGuards | None] = None
    #: The second reader's verdict on this app's profile, double and guards.
    fidelity: ClassVar[FidelityReading | None] = None
    #: Keys of ``read_raw``'s snapshot that are no durable store (the front activity, an open page;
    #: a uiautomator dump is recognised by itself): launch invariance does not compare them.
    non_durable_reads: ClassVar[frozenset[str]] = frozenset()
    #: ``read_raw`` drives the app's UI (opens screens, taps an export) to read a store nothing else
    #: can read: the runner then reads only before and after the agent's turn, never between its
    #: steps (no early stop; a latch uses the read after seeding), so a read never moves the app
    #: under the agent. Per class, or per template from ``for_template`` (Clock: Google Clock's
    #: alarm list is read only for Edit/Delete).
    reads_by_navigating: bool = False
    #: True where ``seed`` itself relaunched the app and put process-memory state there through
    #: its UI (a stopwatch started and paused): the episode's own relaunch (a force-stop) would
    #: wipe it, so the runner skips it. Set per template by ``for_template``.
    seeds_live_app: bool = False

    def for_template(self, template: TaskTemplate[Any]) -> AppAdapter[StateT]:
        """The adapter as used for one template (e.g. reading the screen only where a clause needs
        it). Default: itself."""
        return self

    def readable_part(self, state: StateT) -> StateT:
        """What of ``state`` this adapter seeds and reads back (the round-trip test compares it).
        Default: all of it."""
        return state

    def supports(self, template: TaskTemplate[StateT]) -> bool:
        """False where a template cannot be verified in this app (then the pair is not scheduled)."""
        return True

    def decline_reason(self, template: TaskTemplate[Any]) -> str:
        """Why ``supports(template)`` is False (verify-support prints it next to the declined pair)."""
        return ""

    def unheld_cases(self, template: TaskTemplate[Any]) -> dict[str, UnheldCase]:
        """Conformance near misses (by case name) of ``template`` this app cannot hold, with why
        (docs/adding-a-category.md, "Cases an app cannot hold"). Default: none."""
        return {}

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        """``answer`` for information retrieval, else ``durable``; adapters override per template
        where a clause needs the screen (and say why)."""
        return PairMode(mode="answer") if template.answer_task else PairMode(mode="durable")

    def setup(self, device: DeviceClient) -> None:
        """App-specific setup after clearing (default roles, settings). Default: nothing."""

    @abstractmethod
    def seed(self, device: DeviceClient, state: StateT) -> None:
        """Write ``state`` into the app's storage so the app shows it when launched."""

    @abstractmethod
    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        """Read the durable state; raise ``VerifierReadError`` when it cannot be read reliably."""

    @abstractmethod
    def parse(self, raw: RawSnapshot) -> StateT:
        """Pure: the app-neutral state from a snapshot (used live and when re-scoring records)."""

    def teardown(self, device: DeviceClient) -> None:
        """Undo anything ``setup``/``seed`` left outside the app's own data. Default: nothing."""

    def not_loaded_after_launch(self, device: DeviceClient, seeded: RawSnapshot) -> list[str]:
        """What Android records of the started app shows it did not load of ``seeded`` (one line
        each). An app may leave its stores untouched and still show none of them (Retro restores no
        queue without ``POSITION``); where the app hands what it loaded to Android (a media
        session's queue), launch invariance reads it here. Default: nothing to check."""
        return []


class FirstStartDone(BaseModel):
    """What marks the end of an app's first start, from its source: ``ensure_app_database`` waits
    for it before stopping the app, so one-time initialisation (default rows, settings applied on a
    background thread, migrations) is not cut off under the seed.

    ``file``: ``path`` exists; ``pref``: the preferences file ``path`` holds ``key`` (with
    ``value``, when given); ``user_version``: the database's ``PRAGMA user_version`` is at least
    ``at_least``; ``sql``: ``query`` on the database (or ``path``) returns a row (e.g.
    :data:`ROOM_IDENTITY`, or a row the app's first-start job writes last); ``all``: every one of
    ``parts``; ``stable``: the app's activity is resumed and the database (with its WAL) reads the
    same twice in a row."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["file", "pref", "user_version", "sql", "all", "stable"] = "stable"
    path: str = Field(default="", description="The file or preferences file (default: the database).")
    key: str = ""
    value: str = Field(default="", description="pref: the value the key must have (any when empty).")
    at_least: int = 1
    query: str = ""
    parts: tuple[FirstStartDone, ...] = ()
    sources: tuple[SourceRef, ...] = ()


#: The default: nothing more specific is known, so the activity resumed and the database settled.
SETTLED = FirstStartDone()
#: Room wrote its identity row: the schema is complete (``RoomOpenHelper.onCreate`` writes
#: ``room_master_table`` after the tables; androidx.room room-runtime RoomOpenHelper.kt).
ROOM_IDENTITY = FirstStartDone(kind="sql", query="SELECT identity_hash FROM room_master_table")
#: How long a first start may take before seeding gives up (a cold start of a large app on a
#: loaded emulator takes several seconds; Room creates its schema on the first query).
FIRST_START_LIMIT_S = 20.0
#: Pause between two reads of the settled-database test (writes of one start land within it).
SETTLE_PAUSE_S = 0.3

_RESUMED = re.compile(r"(?<![A-Za-z])(?:Resumed|ResumedActivity): ActivityRecord\{\S+ u\d+ ([^/\s]+)/")


def resumed_packages(dumpsys_activities: str) -> set[str]:
    """Packages with a resumed activity in ``dumpsys activity activities`` (Android 13 prints
    ``ResumedActivity: ActivityRecord{…}`` and, per display area, ``Resumed: ActivityRecord{…}``:
    frameworks/base android-13 RootWindowContainer.dumpActivities / ActivityTaskSupervisor)."""
    return set(_RESUMED.findall(dumpsys_activities))


def _marker_test(done: FirstStartDone, db: str) -> str:
    """A shell test that holds once ``done`` does (``stable`` is decided by comparing two reads)."""
    path = shlex.quote(done.path or db)
    if done.kind == "file":
        return f"[ -e {path} ]"
    if done.kind == "pref":  # <boolean name="k" value="v" /> or <string name="k">v</string>
        key = 'name="' + done.key + '"'
        pattern = f'{key}( value="{done.value}"|>{done.value}<)' if done.value else key
        return f"grep -qE {shlex.quote(pattern)} {path} 2>/dev/null"
    if done.kind == "user_version":
        return f"[ \"$(sqlite3 {path} 'PRAGMA user_version;' 2>/dev/null)\" -ge {done.at_least} ] 2>/dev/null"
    if done.kind == "sql":
        return f"sqlite3 {path} {shlex.quote(done.query + ';')} 2>/dev/null | grep -q ."
    if done.kind == "all":
        return " && ".join(f"{{ {_marker_test(part, db)}; }}" for part in done.parts) or "true"
    return "true"


def ensure_app_database(device: DeviceClient, package: str, path: str, *, done: FirstStartDone | None = None,
                        limit_s: float = FIRST_START_LIMIT_S) -> None:
    """Make the app create its own database and finish its first start. Apps create theirs (schema,
    Room identity, migrations) on first launch, and a file made by ``sqlite3`` would lack all that;
    one-time work after it (default rows, a library scan) must not be cut off by the seed. So when
    ``path`` is missing or ``done``'s marker does not hold yet, launch the app once, wait until
    ``path`` exists and the first start is over (``done``, default :data:`SETTLED`) within
    ``limit_s``, and stop the app again."""
    from pytest_anyapp.errors import DeviceError

    db = shlex.quote(path)
    done = done or SETTLED
    if device.run(f"[ -e {db} ] && {_marker_test(done, path)}").ok:
        return
    device.launch(package)
    probe = (f"[ -e {db} ] && {_marker_test(done, path)} && echo __READY__; "
             + (f"dumpsys activity activities | grep -E 'Resumed(Activity)?: '; cat {db} {db}-wal 2>/dev/null | md5sum"
                if done.kind == "stable" else "true"))
    deadline = time.monotonic() + limit_s
    last = ""
    while time.monotonic() < deadline:
        out = device.run(probe).stdout
        if "__READY__" in out:
            if done.kind != "stable":
                device.force_stop(package)
                return
            resumed, reading = package in resumed_packages(out), out.strip().splitlines()[-1]
            if resumed and reading == last:
                device.force_stop(package)
                return
            last = reading if resumed else ""
        time.sleep(SETTLE_PAUSE_S if done.kind == "stable" else 0.1)
    device.force_stop(package)
    raise DeviceError(f"{package} did not finish its first start within {limit_s:.0f} s "
                      f"({path} and {done.kind} {done.key or done.path or ''})".rstrip())


def own_app_files(device: DeviceClient, package: str, *paths: str) -> None:
    """Give what a seeder wrote as root into app-private storage back to the app: owner and group
    of the app's data directory (``chown -R``) and the label its file context gives (``restorecon
    -R``: the app's SELinux level). Without both the app cannot write the file (or the files it
    creates next to it, such as a database journal) on a real device. ``paths`` are absolute or
    relative to ``/data/data/<package>``; missing ones are skipped."""
    home = f"/data/data/{package}"
    roots = (home + "/", f"/data/user_de/0/{package}/")  # credential- and device-protected storage
    full = [p if p.startswith("/") else f"{home}/{p}" for p in paths]
    outside = [p for p in full if not p.startswith(roots)]
    if outside:
        raise ValueError(f"not in {package}'s private storage: {outside}")
    quoted = " ".join(shlex.quote(p) for p in full)
    device.check(f"__o=$(stat -c %u:%g {home}) && for __p in {quoted}; do if [ -e \"$__p\" ]; then "
                 f"chown -R $__o \"$__p\" && restorecon -R \"$__p\" || exit 1; fi; done")
