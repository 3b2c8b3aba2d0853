"""Launch invariance: what a pair seeds is what its app shows once started (issue 23).

An episode seeds the app's stores with the app stopped, reads them (the first snapshot), then
relaunches the app and hands it to the agent. A real app may do things with the seeded state when
it starts: drop a queue it cannot restore, re-import a private copy, migrate a database. So this
check does what an episode does up to the agent's first step, lets the app settle (its activity
resumed and two consecutive reads equal, no earlier than :data:`MIN_SETTLE_S` and within
:data:`SETTLE_LIMIT_S`) and reads the durable
stores again: each must equal what was read after seeding, except the keys the app's own start-up
writes change (``LaunchGuard`` of kind ``writes``, ``snapshot_keys``). Screen reads and the keys an
adapter declares non-durable are not compared; an adapter whose read walks the app's screens has
no durable store to compare, which the result says. It also lists app-private files that are not
the app's (owner or SELinux level): on a real device the app cannot write them.

``anyapp validate`` and the real-emulator tools run the same function on a lab's devices.
"""

from __future__ import annotations

import re
import shlex
import time
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.device.client import DeviceClient
from pytest_anyapp.episode import lifecycle
from pytest_anyapp.registry import params_for
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import AppAdapter, RawSnapshot, resumed_packages

#: How long the app may take to settle after its launch (a cold start on a loaded emulator).
SETTLE_LIMIT_S = 15.0
#: Pause between two settle reads.
SETTLE_PAUSE_S = 0.5
#: Settled no earlier than this after the launch: start-up work an app hands to a worker thread
#: (an import, a Room callback) lands within it, so two early equal reads do not hide it.
MIN_SETTLE_S = 1.0
#: The first line of a uiautomator dump: a screen read, never a store.
_DUMP_MARKS = ("<?xml", "<hierarchy")


class KeyChange(BaseModel):
    """One snapshot key whose read changed across the launch."""

    key: str
    seeded: list[str]
    after_launch: list[str]


class LaunchInvariance(BaseModel):
    """The result of :func:`check_launch_invariance` for one pair at one instance."""

    pair: str = Field(description="'<template> x <app_id>'.")
    instance: int
    settled: bool = Field(description="Activity resumed and two consecutive reads equal within the limit.")
    settle_s: float
    reads: int = Field(description="Reads after the launch until settled (or the limit).")
    compared: list[str] = Field(default_factory=list, description="Durable snapshot keys compared.")
    skipped: dict[str, str] = Field(default_factory=dict, description="Keys not compared, with why.")
    excepted: list[str] = Field(default_factory=list, description="Keys the app's start-up writes change.")
    changed: list[KeyChange] = Field(default_factory=list)
    no_durable_store: str = Field(default="", description="Why nothing durable could be compared, if so.")
    foreign_files: list[str] = Field(default_factory=list, description=(
        "App-private files not the app's ('<uid>:<gid> <label> <path>'): the app cannot write them."))
    not_loaded: list[str] = Field(default_factory=list, description=(
        "What Android records of the started app shows it did not load (AppAdapter.not_loaded_after_launch)."))

    @property
    def ok(self) -> bool:
        return self.settled and not self.changed and not self.foreign_files and not self.not_loaded

    def summary(self) -> str:
        parts = [] if self.settled else [f"did not settle within {SETTLE_LIMIT_S:.0f} s"]
        parts += [f"{c.key} changed at launch: seeded {c.seeded[:3]}..., after {c.after_launch[:3]}..."
                  for c in self.changed]
        if self.foreign_files:
            parts.append(f"app-private files the app cannot write: {self.foreign_files[:5]}")
        parts += [f"not loaded at launch: {line}" for line in self.not_loaded]
        return f"{self.pair} (instance {self.instance}): " + ("; ".join(parts) or "ok")


#: What Android's own dumps print relative to the moment of the dump: the dump's clock
#: (``nowRTC=``/``nowELAPSED=``, AlarmManagerService.dumpImpl) and deltas to it
#: (``TimeUtils.formatDuration``: ``+1h0m0s0ms``). They change between two reads of an unchanged store.
_DUMP_CLOCK = re.compile(r"nowRTC=\d+=\S+ \S+|now(RTC|ELAPSED)=\S+|[+-](\d+d)?(\d+h)?(\d+m)?(\d+s)?\d+ms")


def _stable(snapshot: RawSnapshot, keys: list[str]) -> dict[str, list[str]]:
    """The durable keys of a read, with the dump's own clock blanked: what must not change."""
    return {k: [_DUMP_CLOCK.sub("<now>", line) for line in snapshot.get(k, [])] for k in keys}


def _is_screen(lines: list[str]) -> bool:
    return any(line.lstrip().startswith(_DUMP_MARKS) for line in lines[:1])


def durable_keys(adapter: AppAdapter[Any], raw: RawSnapshot) -> tuple[list[str], dict[str, str]]:
    """The keys of ``raw`` that are durable stores, and the others with why they are not."""
    keep: list[str] = []
    skipped: dict[str, str] = {}
    for key in sorted(raw):
        if key in adapter.non_durable_reads:
            skipped[key] = "not a durable store (the adapter says so)"
        elif _is_screen(raw[key]):
            skipped[key] = "a screen read"
        else:
            keep.append(key)
    return keep, skipped


def foreign_files(device: DeviceClient, package: str) -> list[str]:
    """App-private files whose owner, group or SELinux label is not that of the app's data directory."""
    home = shlex.quote(f"/data/data/{package}")
    out = device.check(f"stat -c '%u:%g %C' {home}; find {home} -mindepth 1 -exec stat -c '%u:%g %C %n' {{}} \\;")
    lines = [line for line in out.splitlines() if line.strip()]
    if not lines:
        return []
    want = lines[0].strip()
    return [line for line in lines[1:] if not line.startswith(want + " ")]


def _resumed(device: DeviceClient, package: str) -> bool:
    return package in resumed_packages(device.run("dumpsys activity activities").stdout)


def check_launch_invariance(device: DeviceClient, adapter: AppAdapter[Any], template: TaskTemplate[Any],
                            instance: int, *, seed: int = 30, installed: lifecycle.InstalledApps | None = None,
                            epoch_s: int | None = None, pm_timeout_s: float = 45.0,
                            settle_limit_s: float = SETTLE_LIMIT_S) -> LaunchInvariance:
    """Seed ``template``'s initial state at ``instance`` into ``adapter``'s app as an episode does,
    launch the app, let it settle and compare the durable stores with what was seeded."""
    from pytest_anyapp.constants import FROZEN_DEVICE_TIME_S

    adapter = adapter.for_template(template)
    app = adapter.app
    installed = installed or lifecycle.InstalledApps(device)
    params = params_for(template, seed, instance)
    lifecycle.prepare_app(device, app, installed, clear=adapter.clear_on_init, permissions=adapter.runtime_permissions,
                          app_ops=adapter.app_ops, epoch_s=FROZEN_DEVICE_TIME_S if epoch_s is None else epoch_s,
                          timeout_s=pm_timeout_s)
    try:
        adapter.setup(device)
        adapter.seed(device, template.initial_state(params))
        def read() -> RawSnapshot:
            """A read that walks the app's screens is no store read and would move the app: none."""
            return {} if adapter.reads_by_navigating else adapter.read_raw(device)

        seeded = read()
        keys, skipped = durable_keys(adapter, seeded)
        if not adapter.seeds_live_app:
            lifecycle.relaunch(device, app.package)
        t0 = time.monotonic()
        reads, last, settled = 0, None, False
        while True:
            resumed = _resumed(device, app.package)
            now = read()
            reads += 1
            view = _stable(now, keys)  # a running stopwatch's screen or a dump's clock always moves
            if resumed and view == last and time.monotonic() - t0 >= MIN_SETTLE_S:
                settled = True
                break
            last = view if resumed else None
            if time.monotonic() - t0 > settle_limit_s:
                break
            time.sleep(SETTLE_PAUSE_S)
        settle_s = time.monotonic() - t0
        result = LaunchInvariance(pair=f"{template.semantic_id} x {app.app_id}", instance=instance, settled=settled,
                                  settle_s=round(settle_s, 2), reads=reads)
        guards = adapter.launch_guards.guards if adapter.launch_guards else ()
        excepted = {k for g in guards if g.kind == "writes" for k in g.snapshot_keys}
        result.skipped = skipped
        if adapter.reads_by_navigating:
            result.no_durable_store = ("the adapter reads the state through the app's screens (no readable durable "
                                       "store): nothing to compare")
        elif not keys:
            result.no_durable_store = "every read of this pair is a screen or another non-durable read"
        for key in keys:
            if key in excepted:
                result.excepted.append(key)
                continue
            result.compared.append(key)
            if _stable(seeded, [key]) != _stable(now, [key]):
                result.changed.append(KeyChange(key=key, seeded=seeded.get(key, []), after_launch=now.get(key, [])))
        result.foreign_files = foreign_files(device, app.package)
        if not adapter.reads_by_navigating:
            result.not_loaded = adapter.not_loaded_after_launch(device, seeded)
        return result
    finally:
        device.force_stop(app.package)
        adapter.teardown(device)
        lifecycle.restore(device, app, installed.packages(), pm_timeout_s)
