"""Session objects behind the plugin's hooks: the controller (whole run) and the worker (one lane).

Without xdist one process is both. With xdist the controller only aggregates: it picks the run id,
hands it to workers, and builds the gap table from the records once every worker is done.
"""

from __future__ import annotations

import os
import platform
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
import pytest

from pytest_anyapp import __version__
from pytest_anyapp.agents.base import Agent
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.device.health import check_health
from pytest_anyapp.device.lanes import LanePool, SimLane, ensure_adb_server
from pytest_anyapp.episode.runner import EpisodeRunner
from pytest_anyapp.catalog import AppSpec
from pytest_anyapp.episode.lifecycle import InstalledApps
from pytest_anyapp.errors import AnyAppError, ConfigError, DeviceError, InfrastructureError
from pytest_anyapp.options import LaneSpec, RunOptions
from pytest_anyapp.outcomes import Status, cause_for_exception
from pytest_anyapp.records.models import EpisodeRecord, ExceptionInfo, Provenance
from pytest_anyapp.records.store import RunStore
from pytest_anyapp.registry import PairInstance
from pytest_anyapp.seeding import canonical_json, sha256_text

REPO_ROOT = Path(__file__).resolve().parent.parent


def new_run_id() -> str:
    return datetime.now(UTC).strftime("run-%Y%m%d-%H%M%S-") + os.urandom(2).hex()


def code_revision() -> tuple[str, bool | None]:
    """Git HEAD and dirtiness of the harness checkout (``CATBENCH_CODE_REVISION`` wins)."""
    env = os.environ.get("CATBENCH_CODE_REVISION")
    if env:
        return env, None
    try:
        rev = subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                             timeout=5, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(REPO_ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=5, check=True).stdout.strip() != ""
        return rev, dirty
    except (OSError, subprocess.SubprocessError):
        return "unknown", None


def cohort_sha256(instances: list[PairInstance]) -> str:
    """Identity of the whole schedule (pairs, instances, parameters), before any -k/-m filtering."""
    return sha256_text(canonical_json([
        [i.test_id, i.identity()["semantic_parameter_sha256"]] for i in instances
    ]))


def make_agent(config: pytest.Config, options: RunOptions) -> Agent:
    if not options.agent:
        raise ConfigError("no agent chosen: pass --agent (null, oracle, replay, a model name, or module:factory)")
    custom = config.hook.pytest_anyapp_make_agent(name=options.agent, options=options)
    if custom is not None:
        return custom  # type: ignore[no-any-return]
    if ":" in options.agent:
        import importlib

        module_name, _, attr = options.agent.partition(":")
        return getattr(importlib.import_module(module_name), attr)(options)  # type: ignore[no-any-return]
    from pytest_anyapp.agents.registry import AgentOptions, create_agent

    return create_agent(options.agent, AgentOptions(
        config_path=options.agent_config, parse_failure=options.parse_failure, replay_path=options.replay_path,
        results_dir=options.results_dir, worker_id=os.environ.get("PYTEST_XDIST_WORKER", "main"), seed=options.seed,
    ))


class WorkerSession:
    """Owns this worker's lane, device client, agent and runner; created on the first pair test."""

    def __init__(self, config: pytest.Config, options: RunOptions, run_id: str, cohort: str,
                 required_apps: list[AppSpec]) -> None:
        self.config = config
        self.required_apps = required_apps
        self.options = options
        self.store = RunStore(options.results_dir, run_id)
        self.worker_id = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.cohort = cohort
        self._lane: LaneSpec | None = None
        self._pool: LanePool | None = None
        self._sim: SimLane | None = None
        self._runner: EpisodeRunner | None = None
        self._agent: Agent | None = None
        self._setup_error: BaseException | None = None

    # -- lane ---------------------------------------------------------------------------------
    def _acquire_lane(self) -> LaneSpec:
        o = self.options
        ensure_adb_server(o.adb_host, o.adb_port)
        if o.lanes:
            self._pool = LanePool(o.lanes, self.store.run_dir / ".lanes")
            lane = self._pool.lease(self.worker_id)
            if lane.host not in ("127.0.0.1", "localhost"):
                import adbutils

                adbutils.AdbClient(host=o.adb_host, port=o.adb_port).connect(f"{lane.host}:{lane.adb_port}", timeout=10)
            return lane
        root = Path(tempfile.gettempdir()) / f"anyapp-sim-{os.getuid()}"
        self._sim = SimLane(root, o.adb_host, o.adb_port)
        return self._sim.start()

    def _preflight(self, device: DeviceClient, installed: InstalledApps) -> dict[str, str]:
        """Booted, adb root, no fault dialog, the clock can be set (read back), and each app this
        session will run is installed at its pinned version. A lane-wide problem raises (all its
        episodes become invalid); a missing or mismatched app only invalidates that app's pairs."""
        check_health(device)
        target = 1_600_000_000
        device.set_time(target)
        got = device.now_s()
        if abs(got - target) > 5:
            raise DeviceError(f"{device.serial}: clock not settable (set {target}, read {got})")
        apps: dict[str, str] = {}
        for app in self.required_apps:
            try:
                version = installed.require(app)
                apps[app.app_id] = f"ok {version[0]} ({version[1]})" if version else "ok (version unreadable)"
            except InfrastructureError as exc:
                apps[app.app_id] = f"{exc.cause}: {exc}"
        return apps

    def _ensure_runner(self) -> EpisodeRunner:
        if self._runner is not None:
            return self._runner
        if self._setup_error is not None:
            raise self._setup_error
        try:
            self._agent = make_agent(self.config, self.options)
            self._lane = self._acquire_lane()
            lane = self._lane
            device = DeviceClient(LaneAddress(serial=lane.serial, console_port=lane.console_port,
                                              grpc_port=lane.grpc_port, grpc_host=lane.host,
                                              adb_host=self.options.adb_host, adb_port=self.options.adb_port))
            installed = InstalledApps(device)
            apps = self._preflight(device, installed)
            base = self._base_provenance(lane).model_copy(update={"lane_preflight": apps})
            self._runner = EpisodeRunner(device, self._agent, self.options, self.store, base, installed=installed)
        except BaseException as exc:
            self._setup_error = exc
            raise
        return self._runner

    def _base_provenance(self, lane: LaneSpec) -> Provenance:
        rev, dirty = code_revision()
        assert self._agent is not None
        return Provenance(
            code_revision=rev, code_dirty=dirty, harness_version=__version__, python_version=platform.python_version(),
            run_id=self.store.run_id, worker_id=self.worker_id, device_kind=self.options.device,
            device_serial=lane.serial, agent_name=self.options.agent or "", model=self._agent.describe(),
            cohort_sha256=self.cohort, seed=self.options.seed, n_instances=self.options.n_instances,
            condition=self.options.condition, options=self.options.scoring_options(),
        )

    # -- episodes -----------------------------------------------------------------------------
    def run(self, inst: PairInstance, node_id: str) -> EpisodeRecord:
        try:
            runner = self._ensure_runner()
        except ConfigError:
            raise
        except Exception as exc:  # noqa: BLE001 — a lane that cannot start makes its episodes invalid
            return self._preflight_failure(inst, node_id, exc)
        return runner.run(inst, node_id=node_id)

    def _preflight_failure(self, inst: PairInstance, node_id: str, exc: BaseException) -> EpisodeRecord:
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        record = EpisodeRecord(
            test_id=inst.test_id, status=Status.INVALID, goal=inst.goal, prompt_goal=inst.goal,
            exception=ExceptionInfo(phase="preflight", type=type(exc).__qualname__, message=str(exc),
                                    cause=cause_for_exception(exc) if isinstance(exc, AnyAppError) else "preflight"),
            provenance=Provenance(node_id=node_id, run_id=self.store.run_id, worker_id=self.worker_id,
                                  app_id=inst.pair.app.app_id, is_original=inst.pair.app.is_original,
                                  category=inst.pair.app.category.value, semantic_id=inst.pair.template.semantic_id,
                                  instance=inst.instance, seed=inst.seed, condition=self.options.condition,
                                  agent_name=self.options.agent or "", device_kind=self.options.device),
            started_at=now, finished_at=now, stop_reason="preflight_failed",
        )
        self.store.write(record)
        return record

    def close(self) -> None:
        if self._agent is not None:
            try:
                self._agent.close()
            except Exception:  # noqa: BLE001 — closing must not hide results
                pass
        if self._runner is not None:
            self._runner.device.close()
        if self._pool is not None and self._lane is not None:
            self._pool.release(self._lane)
        if self._sim is not None:
            self._sim.stop()


def outcome_message(record: EpisodeRecord) -> str:
    """The line a failed or invalid test shows: why, with the verifier's evidence or the cause."""
    if record.status is Status.VALID_FAILURE:
        reasons = "; ".join(record.verifier.reasons) if record.verifier else ""
        if record.exception is not None:
            reasons = f"{record.exception.cause}: {record.exception.message}"
        return f"FAILED {record.test_id}: {reasons or 'criterion not met'} (stop: {record.stop_reason}, " \
               f"steps: {len(record.steps)})"
    exc = record.exception
    where = f"{exc.phase}/{exc.cause}: {exc.message}" if exc else "unknown"
    return f"INVALID {record.test_id} after {len(record.attempts) or 1} attempt(s): {where}"


