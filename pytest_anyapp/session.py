"""The objects behind the plugin's hooks: ``Controller`` (the whole run) and ``Worker`` (one lane).

Without xdist one process holds both. With xdist the controller checks the run before any worker
starts (options, agent, plan file, model endpoint), hands every worker the run id, and builds the
gap table from the records once every worker is done; each worker collects, runs its episodes on
its own lane and writes their records.
"""

from __future__ import annotations

import difflib
import os
import platform
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pytest_anyapp import __version__
from pytest_anyapp.benchmark import BENCHMARK_VERSION
from pytest_anyapp.catalog import APPS, AppSpec, Category
from pytest_anyapp.errors import ConfigError, InfrastructureError, Phase
from pytest_anyapp.options import LaneSpec, RunOptions, resolve_options, unknown_env_vars
from pytest_anyapp.outcomes import Status, attribute
from pytest_anyapp.records.models import EpisodeRecord, ExceptionInfo
from pytest_anyapp.records.run_identity import RunIdentity
from pytest_anyapp.records.run_identity import attach as attach_run
from pytest_anyapp.records.run_identity import start as start_run
from pytest_anyapp.records.store import RunStore, latest_run_id
from pytest_anyapp.registry import PairInstance, ScheduledPair, check_id_hygiene, expand, schedule
from pytest_anyapp.report.progress import Progress
from pytest_anyapp.seeding import canonical_json, sha256_text

REPO_ROOT = Path(__file__).resolve().parent.parent
PAIR_FIXTURE = "anyapp_pair"
#: A read-only system property only the simulated device has (a real emulator never sets it).
SIM_PROPERTY = "ro.anyapp.simulated"
SIM_BANNER = "simulated devices — tests the harness, not results on real apps"

_RECORD_KEY = pytest.StashKey[dict[str, Any]]()


class InvalidEpisode(Exception):
    """Raised by a pair test whose episode could not be measured (reported as ``invalid``)."""


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


def measure_device_kind(getprop: str) -> str:
    """``sim`` when the device says it is simulated, else ``emulator`` (pure; input is getprop's output)."""
    return "sim" if getprop.strip() == "1" else "emulator"


def agent_options(options: RunOptions) -> Any:
    from pytest_anyapp.agents.registry import AgentOptions

    return AgentOptions(config_path=options.agent_config, parse_failure=options.parse_failure,
                        replay_path=options.replay_path, results_dir=options.results_dir,
                        worker_id=os.environ.get("PYTEST_XDIST_WORKER", "main"), seed=options.seed)


def resolve_run_agent(config: pytest.Config, options: RunOptions) -> Any:
    """The one place the plugin turns ``--agent`` into a ``ResolvedAgent`` (controller and worker)."""
    from pytest_anyapp.agents.registry import resolve_agent

    def hook(name: str) -> Any:
        return config.hook.pytest_anyapp_make_agent(name=name, options=options)

    return resolve_agent(options.agent, agent_options(options), hook)


def pair_of(item: pytest.Item) -> ScheduledPair | None:
    """The pair a collected test runs (its ``PairInstance`` is resolved only when it runs)."""
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    value = callspec.params.get(PAIR_FIXTURE)
    return value if isinstance(value, ScheduledPair) else None


def outcome_message(record: EpisodeRecord) -> str:
    """The line a failed or invalid test shows: why, with the verifier's evidence or the cause."""
    if record.status is Status.VALID_FAILURE:
        reasons = "; ".join(record.verifier.reasons) if record.verifier else ""
        if record.exception is not None:
            reasons = f"{record.exception.cause}: {record.exception.message}"
        refused = [s.device_refused for s in record.steps if s.device_refused]
        extra = f"; device refused: {refused[0]}" if refused else ""
        return f"FAILED {record.test_id}: {reasons or 'criterion not met'} (stop: {record.stop_reason}, " \
               f"steps: {len(record.steps)}{extra})"
    exc = record.exception
    where = f"{exc.phase}/{exc.cause}: {exc.message.splitlines()[0] if exc.message else ''}" if exc else "unknown"
    return f"INVALID {record.test_id} after {len(record.attempts) or 1} attempt(s): {where}"


class Controller:
    """Run-wide state and decisions: options, schedule, run id, the run's preflight, the summary."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self._options: RunOptions | None = None
        self._schedule: list[PairInstance] | None = None
        self.active = False
        workerinput = getattr(config, "workerinput", None)
        self.is_worker = workerinput is not None
        self.config_error: str | None = None
        self.run_id: str | None = workerinput.get("anyapp_run_id") if workerinput else None
        self.summary: Any = None
        self.summary_error: str | None = None
        #: Why the run did not measure enough (exit status ``RUN_NOT_MEASURED``), set by ``summarize``.
        self.not_measured: str | None = None
        self.agent_identity: dict[str, Any] = {}
        #: sha256 of the frozen schedule this run executes (set by the ``--schedule`` plugin).
        self.schedule_sha256 = ""
        self._attestation_sha256: str | None = None
        self._cohort_sha256: str | None = None
        #: What the run's start or attach said (the run picked, episodes kept), for the header.
        self.attach_notes: list[str] = []
        self.progress: Progress | None = None
        #: Test ids ``-k``/``-m`` select (None: no filter, or not known before collection).
        self.selected_ids: set[str] | None = None
        self._by_test_id: dict[str, PairInstance] | None = None
        #: Each ``--lanes`` lane as checked before any worker started (empty: not checked).
        self.lane_starts: list[Any] = []

    # -- lazily resolved state --------------------------------------------------------------
    @property
    def options(self) -> RunOptions:
        if self._options is None:
            self._options = resolve_options(self.config)
        return self._options

    @property
    def attestation_sha256(self) -> str:
        """sha256 of ``--app-attestation`` (validated with the options), "" without one."""
        if self._attestation_sha256 is None:
            self._attestation_sha256 = ""
            if self.options.app_attestation is not None:
                from pytest_anyapp.provision.attest import load_attestation

                self._attestation_sha256 = load_attestation(self.options.app_attestation)[1]
        return self._attestation_sha256

    @property
    def full_schedule(self) -> list[PairInstance]:
        if self._schedule is None:
            o = self.options
            self._schedule = schedule(seed=o.seed, n_instances=o.n_instances, only_instance=o.only_instance)
            check_id_hygiene(self._schedule)
        return self._schedule

    def collected_pairs(self) -> list[ScheduledPair]:
        """What collection parametrizes: the schedule's instances; under ``--collect-only``, which
        needs no category bundle, from the pair list an earlier collection cached (pair_index)."""
        o = self.options
        if not self.config.option.collectonly:
            return [ScheduledPair(i.pair.template.semantic_id, i.pair.app, i.instance) for i in self.full_schedule]
        from pytest_anyapp.pair_index import cached_pairs

        scheduled = expand(cached_pairs(getattr(self.config, "cache", None)), n_instances=o.n_instances,
                           only_instance=o.only_instance)
        check_id_hygiene(scheduled)
        return scheduled

    def pair_instance(self, scheduled: ScheduledPair) -> PairInstance:
        """The ``anyapp_pair`` fixture: a collected pair's instance, parameters drawn, from the schedule."""
        if self._by_test_id is None:
            self._by_test_id = {inst.test_id: inst for inst in self.full_schedule}
        inst = self._by_test_id.get(scheduled.test_id)
        if inst is None:
            raise ConfigError(f"{scheduled.test_id} was collected but is not in this run's schedule")
        return inst

    @property
    def cohort_sha256(self) -> str:
        """The whole schedule's identity; ``--instance`` selects from it and does not change it."""
        if self._cohort_sha256 is None:
            o = self.options
            whole = self.full_schedule if o.only_instance is None else schedule(seed=o.seed, n_instances=o.n_instances)
            self._cohort_sha256 = cohort_sha256(whole)
        return self._cohort_sha256

    def run_identity(self, o: RunOptions) -> RunIdentity:
        """This invocation's identity (compared with the run it attaches to)."""
        from pytest_anyapp.plans.models import file_sha256

        return RunIdentity(agent=o.agent or "", model_id=self.agent_identity.get("model_id"),
                           model_revision=self.agent_identity.get("model_revision"), condition=o.condition,
                           plan_file_sha256=file_sha256(o.plan_file) if o.plan_file is not None else None,
                           seed=o.seed, n_instances=o.n_instances, cohort_sha256=self.cohort_sha256,
                           code_revision=code_revision()[0])

    def selection_problem(self) -> str | None:
        """``-k``/``-m`` that select no pair: a usage error before any worker starts."""
        from pytest_anyapp.selection import selected

        keyword, markexpr = self.config.option.keyword or "", self.config.option.markexpr or ""
        args = [str(a) for a in self.config.args]
        if not (keyword or markexpr) or any("::" in a for a in args):
            return None
        directories = sorted({part for a in args for part in Path(a).parts if part not in ("/", ".", "..")} | {"pairs"})
        chosen = selected(self.full_schedule, keyword, markexpr, directories)
        if chosen is None:
            return None
        self.selected_ids = {inst.test_id for inst in chosen}
        if chosen:
            return None
        said = " ".join(f"{flag} {expr!r}" for flag, expr in (("-k", keyword), ("-m", markexpr)) if expr)
        return (f"{said} selects none of the {len(self.full_schedule)} scheduled pairs (test ids read "
                f"<category>-<Template>-<app>-i<instance>, e.g. {self.full_schedule[0].test_id}; "
                "markers: the category, anyapp_original)")

    def selected_test_ids(self) -> set[str]:
        """The pairs this invocation selects, as far as known before collection (node ids, -k/-m)."""
        from pytest_anyapp.registry import pair_test_id

        named = {pair_test_id(a) for a in map(str, self.config.args) if "::" in a and a.endswith("]")}
        ids = self.selected_ids if self.selected_ids is not None else {i.test_id for i in self.full_schedule}
        return ids & named if named else ids

    def replay_problem(self, o: RunOptions) -> str | None:
        """``--agent=replay`` from a run directory: every selected pair must have a recorded episode
        to replay, or the run would only produce invalid episodes."""
        if o.agent != "replay" or o.replay_path is None or not o.replay_path.is_dir():
            return None  # one episode.json is replayed on whatever pair is selected
        wanted = self.selected_test_ids()
        recorded = {p.parent.name for p in o.replay_path.glob("*/episode.json")}
        missing = sorted(wanted - recorded)
        if not missing:
            return None
        return (f"--replay {o.replay_path} has no recorded episode for {len(missing)} of the {len(wanted)} selected "
                f"pair(s): {', '.join(missing[:5])}{' …' if len(missing) > 5 else ''} (select the pairs it recorded, "
                "e.g. with -k)")

    def attach_problem(self, o: RunOptions) -> str | None:
        """``--resume``/``--rerun-invalid`` continue one run: it must exist and measure the same thing.
        A new run writes its identity first, so a later attach has something to compare with."""
        if not (o.resume or o.rerun_invalid):
            start_run(o.results_dir / self.resolve_run_id(), self.run_identity(o))
            return None
        flag = "--resume" if o.resume else "--rerun-invalid"
        runs = sorted(p.name for p in o.results_dir.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))) \
            if o.results_dir.is_dir() else []
        if not runs:
            return f"{flag}: nothing to resume under {o.results_dir} (no run there)"
        if o.run_id and o.run_id not in runs:
            close = difflib.get_close_matches(o.run_id, runs, n=1)
            hint = f"; did you mean {close[0]}?" if close else (f"; runs there: {', '.join(runs[-5:])}" if runs else "")
            return f"{flag}: run {o.run_id!r} does not exist under {o.results_dir}{hint}"
        run_id = self.resolve_run_id()
        run_dir = o.results_dir / run_id
        if not o.run_id:
            self.attach_notes.append(f"{flag} attaches to run {run_id}, the newest under {o.results_dir} "
                                     "(--run-id chooses another)")
        problems = attach_run(run_dir, self.run_identity(o), allow_revision_change=o.allow_revision_change)
        if problems:
            return (f"{flag} refuses to attach to run {run_id}: it measured something else\n  "
                    + "\n  ".join(problems) + "\nstart a new run (another --run-id) or attach with the run's settings")
        if o.resume:
            wanted = self.selected_ids if self.selected_ids is not None else {i.test_id for i in self.full_schedule}
            final = {r.test_id for r in RunStore(o.results_dir, run_id).records() if r.final} & wanted
            left = len(wanted) - len(final)
            self.attach_notes.append(f"--resume keeps {len(final)} final episode(s) of run {run_id} and runs {left} "
                                     "of the selected pairs" if left else
                                     f"--resume: all {len(wanted)} selected pair(s) of run {run_id} are final; "
                                     "nothing to run (exit 5)")
        return None

    def resolve_run_id(self) -> str:
        """Explicit --run-id, else the latest run for --resume/--rerun-invalid, else a new one."""
        if self.run_id is None:
            o = self.options
            if o.run_id:
                self.run_id = o.run_id
            elif o.resume or o.rerun_invalid:
                latest = latest_run_id(o.results_dir)
                if latest is None:
                    pytest.exit(f"AnyAppBench: nothing to resume under {o.results_dir}",
                                returncode=pytest.ExitCode.USAGE_ERROR)
                self.run_id = latest
            else:
                self.run_id = new_run_id()
        return self.run_id

    def benchmark_invocation(self) -> bool:
        """``pytest pairs …`` / a pair node id, or a bare ``pytest`` in a directory holding the pairs."""
        args = [str(a) for a in self.config.args]
        if any("pairs" in a for a in args):
            return True
        here = self.config.invocation_params.dir
        bare = not args or args == [str(here)]
        return bare and ((here / "test_pairs.py").exists() or (here / "pairs").is_dir())

    # -- before any episode -------------------------------------------------------------------
    def preflight(self) -> None:
        """Run once, on the controller, before any worker starts: every check that can stop a run
        with a usage error does so here, within seconds, and no episode is scored."""
        if self.is_worker or self.config.option.collectonly or not self.benchmark_invocation():
            return
        try:
            o = self.options
        except ConfigError as exc:
            raise pytest.UsageError(f"AnyAppBench: {exc}") from None
        for name in unknown_env_vars():
            self.config.issue_config_time_warning(pytest.PytestConfigWarning(
                f"AnyAppBench: {name} is set but neither read by the harness (README, Environment variables) "
                "nor a deliberately ignored prior-release variable (docs/environment.md)"), stacklevel=2)
        problem = (self.run_problem(o) or self.selection_problem() or self.replay_problem(o) or self.attach_problem(o)
                   or self.release_failed_lanes(o))
        if problem:  # a UsageError is printed once (pytest.exit here would print it twice)
            raise pytest.UsageError(f"AnyAppBench: {problem}")

    def run_problem(self, o: RunOptions) -> str | None:
        """Why this run cannot start: agent, replay source, plan file vs condition, model endpoint."""
        from pytest_anyapp.agents.registry import endpoint_problem

        if not o.agent:
            return "choose an agent with --agent (e.g. --agent=oracle)"
        if o.agent == "replay" and o.replay_path is None:
            return "--agent=replay needs --replay PATH (an episode.json or a run directory)"
        if o.plan_file is not None:
            from pytest_anyapp.plans.runtime import plan_file_problem

            problem = plan_file_problem(o.plan_file, o.condition)
            if problem:
                return problem
        try:
            resolved = resolve_run_agent(self.config, o)
        except ConfigError as exc:
            return str(exc)
        except InfrastructureError:
            return None  # a raising factory (its episodes fail: agent_exception) or hook (invalid: hook_error)
        try:
            problem = endpoint_problem(resolved)
            self.agent_identity = resolved.identity() if problem is None else {}
            return problem
        finally:
            resolved.agent.close()

    def release_failed_lanes(self, o: RunOptions) -> str | None:
        """Every lane is preflighted once, before any worker starts. A lane that fails is released:
        marked dead for the run, so no worker leases it, and xdist starts at most one worker per
        passing lane, so its pairs go to the others. Only a run where no lane passes stops."""
        if not o.lanes:
            return None
        from concurrent.futures import ThreadPoolExecutor

        from pytest_anyapp.device.lanes import LanePool, ensure_adb_server
        from pytest_anyapp.pool.preflight import check_lane_at_start

        try:
            ensure_adb_server(o.adb_host, o.adb_port)
        except Exception as exc:  # noqa: BLE001 — any way the adb server fails to start stops the run
            return f"no adb server at {o.adb_host}:{o.adb_port} for the lanes: {exc}"
        with ThreadPoolExecutor(max_workers=len(o.lanes)) as threads:
            self.lane_starts = list(threads.map(lambda lane: check_lane_at_start(lane, o.adb_host, o.adb_port),
                                                o.lanes))
        passing = [start for start in self.lane_starts if start.passed]
        if not passing:
            return (f"no lane passed its preflight ({len(o.lanes)} lane(s)):\n  "
                    + "\n  ".join(f"{start.serial}: {start.problem}" for start in self.lane_starts)
                    + "\ncheck and repair the lanes with `anyapp preflight --repair`")
        pool = LanePool(o.lanes, o.results_dir / self.resolve_run_id() / ".lanes")
        for lane, start in zip(o.lanes, self.lane_starts, strict=True):
            if start.passed:
                pool.revive(lane)
            else:
                pool.mark_dead(lane, f"released before its first episode: {start.problem}")
        released = len(self.lane_starts) - len(passing)
        if released:
            workers = self.fit_workers(len(passing))
            self.attach_notes.append(
                f"{released} of {len(o.lanes)} lane(s) released before their first episode (preflight failed); "
                f"their pairs go to the {len(passing)} passing lane(s)"
                + (f", with {workers} xdist worker(s)" if workers is not None else ""))
        return None

    def fit_workers(self, lanes: int) -> int | None:
        """At most one xdist worker per passing lane. Runs before xdist's own ``pytest_sessionstart``
        (``trylast``), which reads ``--tx`` to start the workers. Returns the new worker count."""
        if getattr(self.config.option, "tx", None) and getattr(self.config.option, "dist", "no") != "no":
            from xdist.workermanage import parse_tx_spec_config

            specs = parse_tx_spec_config(self.config)
            if len(specs) > lanes:
                self.config.option.tx = specs[:lanes]
                return lanes
        return None

    def released_lines(self) -> list[str]:
        """One line per released lane: which, and why (header and terminal summary)."""
        return [f"lane {start.serial} released before its first episode: {start.problem}"
                for start in self.lane_starts if not start.passed]

    # -- collection -------------------------------------------------------------------------
    def generate(self, metafunc: pytest.Metafunc) -> None:
        """Parametrize the pair test. A bad option is kept and reported once collection is over:
        raised from inside a collector it would only show as a collection error."""
        try:
            instances = self.collected_pairs()
        except ConfigError as exc:
            self.config_error = str(exc)
            instances = []
        params = [
            pytest.param(inst, id=inst.test_id, marks=[
                getattr(pytest.mark, inst.app.category.value),
                pytest.mark.anyapp_app(inst.app.app_id),
                *([pytest.mark.anyapp_original] if inst.app.is_original else []),
            ])
            for inst in instances
        ]
        metafunc.parametrize(PAIR_FIXTURE, params, indirect=True)

    def modify_items(self, items: list[pytest.Item]) -> None:
        config = self.config
        if self.config_error is not None:
            pytest.exit(f"AnyAppBench: {self.config_error}", returncode=pytest.ExitCode.USAGE_ERROR)
        if not any(pair_of(it) for it in items):
            return
        self.active = True
        o = self.options
        if not config.option.collectonly and not o.agent:
            pytest.exit("AnyAppBench: choose an agent with --agent (e.g. --agent=oracle)",
                        returncode=pytest.ExitCode.USAGE_ERROR)
        if not (o.resume or o.rerun_invalid):
            return
        store = RunStore(o.results_dir, self.resolve_run_id())
        keep: list[pytest.Item] = []
        deselected: list[pytest.Item] = []
        for item in items:
            inst = pair_of(item)
            if inst is None:
                keep.append(item)
                continue
            record = store.read(inst.test_id)
            if o.resume:
                done = record is not None and record.final
            else:
                done = record is None or record.status is not Status.INVALID or not record.final
            (deselected if done else keep).append(item)
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = keep

    # -- reporting --------------------------------------------------------------------------
    def header(self) -> list[str] | None:
        """What this run measures: agent, model, condition, device kind, run id, code revision."""
        if not self.benchmark_invocation():
            return None
        try:
            o = self.options
        except ConfigError:
            return None
        rev, dirty = code_revision()
        if o.lanes:
            kinds = ({start.serial: start.kind or "released" for start in self.lane_starts} if self.lane_starts
                     else {lane.serial: self.lane_kind(lane) for lane in o.lanes})
            device = ", ".join(f"{serial} ({kind})" for serial, kind in kinds.items())
        else:
            kinds = {"": "sim"}
            device = "harness-started simulated devices"
        model = self.agent_identity.get("model_id")
        revision = self.agent_identity.get("model_revision")
        model_text = f" model={model}@{revision or '-'}" if model else ""
        lines = [f"anyapp: agent={o.agent or '-'}{model_text} condition={o.condition} run={self.resolve_run_id()} "
                 f"code={rev[:12]}{'+dirty' if dirty else ''} instances={self.instances_text(o)} seed={o.seed} "
                 f"results={o.results_dir}",
                 f"anyapp: devices: {device}", *(f"anyapp: {note}" for note in self.released_lines()),
                 *(f"anyapp: {note}" for note in self.attach_notes)]
        if "sim" in kinds.values():
            lines.append(f"anyapp: {SIM_BANNER}")
        if o.skip_env_preflight:
            lines.append("anyapp: environment preflight skipped (CATBENCH_SKIP_AW_ENV_PREFLIGHT=1): "
                         "run is not analysis-eligible")
        return lines

    @staticmethod
    def instances_text(o: RunOptions) -> str:
        """``3``, or under ``--instance`` the one that runs: ``1 of 3 (instance 0)``."""
        if o.only_instance is None:
            return str(o.n_instances)
        return f"1 of {o.n_instances} (instance {o.only_instance})"

    def lane_kind(self, lane: LaneSpec) -> str:
        """Ask the lane's device whether it is simulated (one getprop); ``unreachable`` if it cannot say."""
        import adbutils

        o = self.options
        try:
            client = adbutils.AdbClient(host=o.adb_host, port=o.adb_port)
            if lane.host not in ("127.0.0.1", "localhost"):
                client.connect(f"{lane.host}:{lane.adb_port}", timeout=5)
            out = client.device(serial=lane.serial).shell(f"getprop {SIM_PROPERTY}", timeout=5)
        except (adbutils.AdbError, OSError, EOFError):
            return "unreachable"
        return measure_device_kind(str(out))

    def handle_crashitem(self, crashitem: str, report: pytest.TestReport, sched: Any) -> None:
        """xdist controller: a worker that lost its lane for good ended itself on purpose and left
        a note naming the test it was running; that test goes back to the queue (xdist itself
        reschedules the worker's other pending tests). A worker that really crashed leaves no
        note: its test stays invalid (worker crashed)."""
        if self.run_id is None or not hasattr(sched, "mark_test_pending"):
            return
        from pytest_anyapp.device.recovery import GiveBack

        note = GiveBack(self.options.results_dir / self.run_id).take(crashitem)
        if note is None:
            return
        sched.mark_test_pending(crashitem)
        report.outcome = "rerun"  # type: ignore[assignment]
        report.longrepr = f"{note['worker']} gave {crashitem} back: {note['reason']}"

    def logreport(self, report: pytest.TestReport) -> None:
        """The xdist controller collects nothing; it learns the run is a benchmark run from reports."""
        if getattr(report, "anyapp", None) is not None or getattr(report, "anyapp_invalid", False):
            self.active = True
        if self.is_worker or self.progress is None:
            return
        crashed = str(report.when) == "???" and report.failed
        if report.when == "call" or crashed:
            invalid = crashed or getattr(report, "anyapp_invalid", False)
            self.progress.add("invalid" if invalid else "passed" if report.passed else "failed")
            self.show_progress()

    def start_progress(self, total: int) -> None:
        """The number of pair tests to run is known (collected here, or by the first xdist worker)."""
        if self.is_worker or self.progress is not None or not total or self.config.option.collectonly:
            return
        import time

        from pytest_anyapp.report.progress import Progress

        self.progress = Progress(total=total, started_at=time.monotonic())

    @property
    def live_progress(self) -> bool:
        """On a terminal (without -v) the progress line replaces pytest's dots."""
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        return (self.progress is not None and bool(getattr(reporter, "isatty", False))
                and self.config.get_verbosity() <= 0)

    def show_progress(self) -> None:
        import time

        from pytest_anyapp.report.progress import log_every

        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is None or self.progress is None:
            return
        line = self.progress.line(time.monotonic())
        if self.live_progress:
            reporter.rewrite(line, erase=True)
            if self.progress.done >= self.progress.total:
                reporter.write_line("")
        elif self.progress.due(log_every(self.progress.total)):
            reporter.ensure_newline()
            reporter.write_line(line)

    def stop_workers(self, session: pytest.Session) -> None:
        """After an interrupt (SIGINT to this process) xdist's workers would go on for seconds, and
        write records after the summary: stop them first, so the summary is read from final disk."""
        if self.is_worker or session.exitstatus != pytest.ExitCode.INTERRUPTED:
            return
        dsession = self.config.pluginmanager.getplugin("dsession")
        nodemanager = getattr(dsession, "nodemanager", None)
        if nodemanager is None:
            return
        nodemanager.teardown_nodes()
        # the reports the workers sent before they stopped: counted, so the terminal agrees with the table
        queue = getattr(dsession, "queue", None)
        while queue is not None and not queue.empty():
            name, kwargs = queue.get_nowait()
            if name == "testreport":
                dsession.worker_testreport(**kwargs)

    def summarize(self) -> None:
        if self.is_worker or not self.active or self.run_id is None or self.config.option.collectonly:
            return
        from pytest_anyapp.report.runs import summarize_run

        run_dir = self.options.results_dir / self.run_id
        if self.options.sign_key is not None and run_dir.exists():
            from pytest_anyapp.records.ledger import sign

            sign(run_dir, self.options.sign_key)
        try:
            self.summary = summarize_run(run_dir)
        except Exception as exc:  # noqa: BLE001 — the records are safe; a stale summary must not stay
            self.summary_error = f"no summary for {run_dir}: {exc}"
            for name in ("summary.json", "summary.md"):
                (run_dir / name).unlink(missing_ok=True)
            return
        if self.summary is not None:
            self.config.hook.pytest_anyapp_summary(table=self.summary.table, run_dir=self.summary.run_dir)

    def modify_json_report(self, json_report: dict[str, Any]) -> None:
        if self.summary is not None:
            json_report["anyapp"] = self.summary.model_dump_for_json()

    def exit_status(self, session: pytest.Session) -> None:
        """A run that measured nothing, or too little, does not exit 0/1 (which mean "ran to the end")."""
        if self.summary is None or session.exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            return
        from pytest_anyapp.report.invalid import RUN_NOT_MEASURED, not_measured

        self.not_measured = not_measured(self.summary.summaries, self.options.max_invalid_share)
        if self.not_measured is not None:
            session.exitstatus = RUN_NOT_MEASURED

    def terminal_summary(self, terminalreporter: Any) -> None:
        for line in self.released_lines():
            terminalreporter.write_line(f"AnyAppBench: {line}", yellow=True)
        if self.summary_error is not None:
            terminalreporter.write_line(f"AnyAppBench: {self.summary_error}", red=True, bold=True)
        if self.summary is None:
            return
        from pytest_anyapp.report.invalid import RUN_NOT_MEASURED, invalid_block, rerun_command

        terminalreporter.section("AnyAppBench gap table")
        terminalreporter.write_line(self.summary.terminal_text)
        command = rerun_command([str(a) for a in self.config.invocation_params.args], self.summary.run_dir.name)
        invalid = invalid_block(self.summary.summaries, command)
        for line in invalid:
            terminalreporter.write_line(line, yellow=len(invalid) > 1)
        if self.not_measured is not None:
            terminalreporter.write_line(f"AnyAppBench: {self.not_measured}: exit status {RUN_NOT_MEASURED} "
                                        "(the run is not finished; README, Exit status)", red=True, bold=True)
        causes = self.summary.table.run.invalid_causes
        if causes.get("model_endpoint_circuit_open"):
            terminalreporter.write_line(
                f"AnyAppBench: circuit breaker open: the model endpoint failed mid-run; "
                f"{causes['model_endpoint_circuit_open']} further episode(s) were marked invalid without running "
                f"(--rerun-invalid runs them again once the endpoint is back)", yellow=True, bold=True)
        if causes.get("app_fault"):
            terminalreporter.write_line(f"AnyAppBench: {causes['app_fault']} episode(s) invalid because the app "
                                        "crashed or stopped responding after the agent acted (not retried)",
                                        yellow=True)
        terminalreporter.write_line(f"records: {self.summary.run_dir}  (summary.json, summary.md)")

    @staticmethod
    def required_apps(items: list[pytest.Item]) -> list[AppSpec]:
        """Apps of the selected pairs, in catalog order (checked by the lane preflight)."""
        wanted = {inst.app.app_id for it in items if (inst := pair_of(it))}
        return [app for app in APPS if app.app_id in wanted]

    @staticmethod
    def markers() -> list[str]:
        return [*(f"{c.value}: pairs of the {c.value} category" for c in Category),
                "anyapp_app(app_id): the app of a pair",
                "anyapp_original: pairs in the original (AndroidWorld) app of the category"]


class Worker:
    """This process's lane, device, agent and runner; built on the first pair test it runs."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.config = controller.config
        self.worker_id = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self._store: RunStore | None = None
        self._lane: LaneSpec | None = None
        self._pool: Any = None
        self._sim: Any = None
        self._runner: Any = None
        self._resolved: Any = None
        self._setup_error: BaseException | None = None
        self._apps_needed: list[AppSpec] = []
        self._lane_lost: BaseException | None = None
        #: Lanes recovered so far (a fresh simulated device, or an emulator that came back).
        self.recoveries = 0

    @property
    def options(self) -> RunOptions:
        return self.controller.options

    @property
    def store(self) -> RunStore:
        if self._store is None:
            self._store = RunStore(self.options.results_dir, self.controller.resolve_run_id())
        return self._store

    # -- the pair test ------------------------------------------------------------------------
    def run_pair(self, item: pytest.Item, inst: PairInstance) -> None:
        """The body of every pair test: run the episode, then pass, fail, or raise InvalidEpisode."""
        if self.options.rerun_invalid:
            self.store.supersede(inst.test_id)
        record = self.run(inst, item)
        item.stash[_RECORD_KEY] = record.summary()
        try:
            self.config.hook.pytest_anyapp_episode_finished(record=record, item=item)
        except Exception as exc:  # noqa: BLE001 — a user hook cannot break the run
            record = self._hook_failed(record, exc)
            item.stash[_RECORD_KEY] = record.summary()
        if record.status is Status.VALID_SUCCESS:
            return
        if record.status is Status.VALID_FAILURE:
            pytest.fail(outcome_message(record), pytrace=False)
        raise InvalidEpisode(outcome_message(record))

    def _hook_failed(self, record: EpisodeRecord, exc: BaseException) -> EpisodeRecord:
        """``pytest_anyapp_episode_finished`` raised: the episode is invalid (hook_error), kept."""
        import traceback

        info = ExceptionInfo(phase="record", type=f"{type(exc).__module__}.{type(exc).__qualname__}",
                             message=f"pytest_anyapp_episode_finished raised: {exc}", cause="hook_error",
                             retryable=False, traceback="".join(traceback.format_exception(exc)))
        failed = record.model_copy(update={"status": Status.INVALID, "exception": info})
        self.store.write(failed)
        return failed

    def make_report(self, item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport) -> None:
        summary = item.stash.get(_RECORD_KEY, None)
        if summary is not None and report.when == "call":
            report.anyapp = summary  # type: ignore[attr-defined]  # travels to the xdist controller
        if call.excinfo is not None and call.excinfo.errisinstance(InvalidEpisode):
            report.anyapp_invalid = True  # type: ignore[attr-defined]
            message = str(call.excinfo.value)
            if self.options.invalid_fails:
                report.outcome = "failed"
                report.longrepr = message
            else:
                report.outcome = "skipped"
                report.longrepr = (str(item.path), item.location[1] or 0, message)

    def json_metadata(self, item: pytest.Item, call: pytest.CallInfo[None]) -> dict[str, Any]:
        summary = item.stash.get(_RECORD_KEY, None)
        return {"anyapp": summary} if summary is not None and call.when == "call" else {}

    # -- lane and runner ----------------------------------------------------------------------
    def run(self, inst: PairInstance, item: pytest.Item) -> EpisodeRecord:
        from pytest_anyapp.device.recovery import LaneReleasedError

        try:
            runner = self._ensure_runner(item)
        except ConfigError:
            raise
        except LaneReleasedError as exc:
            return self._give_back(inst, item.nodeid, exc)
        except Exception as exc:  # noqa: BLE001 — a lane that cannot start makes its episodes invalid
            return self._setup_failure(inst, item.nodeid, exc)
        if self._lane_lost is not None:
            return self._setup_failure(inst, item.nodeid, self._lane_lost)
        from pytest_anyapp.device.recovery import LaneLostError

        try:
            record: EpisodeRecord = runner.run(inst, node_id=item.nodeid)
        except LaneLostError as exc:
            return self._give_back(inst, item.nodeid, exc)
        return record

    def _device(self, lane: LaneSpec) -> Any:
        from pytest_anyapp.device.client import DeviceClient, LaneAddress

        return DeviceClient(LaneAddress(serial=lane.serial, console_port=lane.console_port, grpc_port=lane.grpc_port,
                                        grpc_host=lane.host, adb_host=self.options.adb_host,
                                        adb_port=self.options.adb_port))

    def recover_lane(self) -> None:
        """Called by the runner before retrying an attempt a dead device could explain. A lane that
        still answers is left alone; a dead simulated lane is replaced by a fresh device; a dead
        emulator lane is waited for (reconnected, booted, root) within --lane-recovery-timeout.
        Raises ``LaneLostError`` when the lane cannot be had back."""
        from pytest_anyapp.device.recovery import LaneLostError, lane_alive, wait_for_lane
        from pytest_anyapp.episode.lifecycle import InstalledApps

        assert self._runner is not None and self._lane is not None
        o = self.options
        if lane_alive(self._runner.device.serial, o.adb_host, o.adb_port):
            return
        self._runner.device.close()
        try:
            if self._sim is not None:
                self._sim.stop()
                self._lane = self._sim.start()
            else:
                wait_for_lane(self._lane.serial, o.adb_host, o.adb_port, timeout_s=o.lane_recovery_s,
                              remote=self._lane.host not in ("127.0.0.1", "localhost"))
            device = self._device(self._lane)
            installed = InstalledApps(device)
            apps = self._preflight(device, installed, self._apps_needed)
            kind = measure_device_kind(device.run(f"getprop {SIM_PROPERTY}").stdout)
            build = device.run("getprop ro.build.fingerprint").stdout.strip()
        except LaneLostError:
            raise
        except Exception as exc:  # noqa: BLE001 — a lane that comes back broken is lost too
            raise LaneLostError(f"lane {self._lane.serial} could not be recovered: {exc}") from exc
        self._runner.rebind(device, installed, self.lane_parts(self._lane.serial, kind, apps, build))
        self.recoveries += 1

    def _give_back(self, inst: PairInstance, node_id: str, exc: BaseException) -> EpisodeRecord:
        """The lane is gone for good. Under xdist: mark it dead, note the in-flight test for the
        controller and end this worker, so xdist hands its pending tests to the others and the
        controller reschedules this one. Alone: this and every later pair are invalid (lane_lost)."""
        from pytest_anyapp.device.recovery import GIVE_BACK_EXIT, GiveBack

        self._lane_lost = exc
        if self.worker_id != "main":
            if self._pool is not None and self._lane is not None:
                self._pool.mark_dead(self._lane, str(exc))
            GiveBack(self.store.run_dir).leave(node_id, self.worker_id, str(exc))
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(GIVE_BACK_EXIT)
        return self._setup_failure(inst, node_id, exc)

    def _acquire_lane(self, wait_s: float | None = None) -> LaneSpec:
        from pytest_anyapp.device.lanes import LanePool, SimLane, ensure_adb_server

        o = self.options
        ensure_adb_server(o.adb_host, o.adb_port)
        if o.lanes:
            self._pool = LanePool(o.lanes, self.store.run_dir / ".lanes")
            lane: LaneSpec = self._pool.lease(self.worker_id, wait_s=o.lane_wait_s if wait_s is None else wait_s)
            if lane.host not in ("127.0.0.1", "localhost"):
                import adbutils

                adbutils.AdbClient(host=o.adb_host, port=o.adb_port).connect(f"{lane.host}:{lane.adb_port}", timeout=10)
            return lane
        # A state folder per run: two runs on one host never share one (nor a device: see SimLane.start).
        root = Path(tempfile.gettempdir()) / f"anyapp-sim-{os.getuid()}" / self.store.run_id
        self._sim = SimLane(root, o.adb_host, o.adb_port)
        started: LaneSpec = self._sim.start()
        return started

    def _preflight(self, device: Any, installed: Any, apps_needed: list[AppSpec]) -> dict[str, str]:
        """Health (always): booted, adb root, no fault dialog, the clock can be set (read back).
        Environment (unless skipped): each app this worker will run is installed at its pinned
        version. A lane-wide problem raises (all its episodes become invalid); a missing or
        mismatched app only invalidates that app's pairs."""
        from pytest_anyapp.pool.preflight import plugin_preflight  # the checks of `anyapp preflight`

        if self.options.skip_env_preflight:
            plugin_preflight(device, installed, apps_needed, env=False)
            return {"*": "skipped (CATBENCH_SKIP_AW_ENV_PREFLIGHT=1)"}
        return plugin_preflight(device, installed, apps_needed)

    def _first_lane(self) -> tuple[LaneSpec, Any, Any, dict[str, str]]:
        """Lease a lane and preflight it. A ``--lanes`` lane that fails before this worker's first
        episode is released (marked dead for the run) and the next free lane is tried; with none
        free, ``LaneReleasedError`` makes the worker give its pairs back."""
        from pytest_anyapp.device.recovery import LaneReleasedError
        from pytest_anyapp.episode.lifecycle import InstalledApps

        released = ""
        while True:
            try:
                self._lane = lane = self._acquire_lane(wait_s=0.0 if released else None)
            except InfrastructureError as exc:
                if not released:
                    raise
                raise LaneReleasedError(f"{released}; no other lane free ({exc})") from exc
            device = self._device(lane)
            installed = InstalledApps(device)
            try:
                return lane, device, installed, self._preflight(device, installed, self._apps_needed)
            except InfrastructureError as exc:
                device.close()
                if self._pool is None:
                    raise  # a harness-started simulated lane: its episodes are invalid, as before
                released = f"lane {lane.serial} released before its first episode: preflight failed: {exc}"
                self._pool.mark_dead(lane, released)

    def _ensure_runner(self, item: pytest.Item) -> Any:
        from pytest_anyapp.episode.runner import EpisodeRunner

        if self._runner is not None:
            return self._runner
        if self._setup_error is not None:
            raise self._setup_error
        try:
            self._resolved = resolve_run_agent(self.config, self.options)
            self._apps_needed = self.controller.required_apps(item.session.items)
            lane, device, installed, apps = self._first_lane()
            kind = measure_device_kind(device.run(f"getprop {SIM_PROPERTY}").stdout)
            build = device.run("getprop ro.build.fingerprint").stdout.strip()
            self._runner = EpisodeRunner(device, self._resolved, self.options, self.store,
                                         self.lane_parts(lane.serial, kind, apps, build), installed=installed,
                                         recover_lane=self.recover_lane)
        except BaseException as exc:
            self._setup_error = exc
            raise
        return self._runner

    def lane_parts(self, serial: str, kind: str, preflight: dict[str, str], build: str = "") -> Any:
        from pytest_anyapp.records.builder import LaneParts
        from pytest_anyapp.records.models import AgentIdentity, DeviceInfo, RunInfo

        o = self.options
        rev, dirty = code_revision()
        reasons = []
        if o.skip_env_preflight:
            reasons.append("environment preflight skipped (CATBENCH_SKIP_AW_ENV_PREFLIGHT=1)")
        if kind == "sim":
            reasons.append(SIM_BANNER)
        validity_sha = ""
        if o.validity_report is not None:
            from pytest_anyapp.lab.validate import load_validity_report, validity_problems

            report, validity_sha = load_validity_report(o.validity_report)
            reasons += validity_problems(report, build, self.controller.attestation_sha256,
                                         self.controller.full_schedule) if kind else []
        run = RunInfo(code_revision=rev, code_dirty=dirty, harness_version=__version__,
                      benchmark_version=BENCHMARK_VERSION,
                      python_version=platform.python_version(), run_id=self.store.run_id, worker_id=self.worker_id,
                      cohort_sha256=self.controller.cohort_sha256, seed=o.seed,
                      n_instances=o.n_instances, options=o.scoring_options(), analysis_eligible=not reasons,
                      ineligible_reasons=reasons, env_preflight_skipped=o.skip_env_preflight,
                      schedule_sha256=self.controller.schedule_sha256,
                      app_attestation_sha256=self.controller.attestation_sha256,
                      validity_report_sha256=validity_sha)
        if self._resolved is not None:
            model = self._resolved.identity()
            agent = AgentIdentity(name=o.agent or "", model=model, model_id=model.get("model_id"),
                                  model_revision=model.get("model_revision"), privileged=self._resolved.privileged)
        else:
            agent = AgentIdentity(name=o.agent or "")
        device = DeviceInfo(kind=kind, requested_kind=o.device, serial=serial, lane_preflight=preflight,
                            build_fingerprint=build)
        return LaneParts(run=run, agent=agent, device=device)

    def _setup_failure(self, inst: PairInstance, node_id: str, exc: BaseException) -> EpisodeRecord:
        """The lane or the agent could not be set up: this episode is invalid, with why."""
        import traceback

        from pytest_anyapp.records.builder import AttemptOutcome, build_record

        phase: Phase = "agent" if self._resolved is None else "preflight"
        verdict_of = attribute(exc, phase, user_agent=":" in (self.options.agent or ""))
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        failed = verdict_of.status is Status.VALID_FAILURE  # a user's factory raised: its failure
        outcome = AttemptOutcome(number=1, status=verdict_of.status,
                                 stop_reason="agent_exception" if failed else "preflight_failed",
                                 prompt_goal=inst.goal, exception=ExceptionInfo(
                                     phase=phase, type=f"{type(exc).__module__}.{type(exc).__qualname__}",
                                     message=str(exc), cause=verdict_of.cause, retryable=verdict_of.retryable,
                                     traceback="".join(traceback.format_exception(exc))))
        outcome.condition = outcome.condition.model_copy(update={"name": self.options.condition})
        lane = self.lane_parts(self._lane.serial if self._lane else "", "", {})
        record = build_record(inst, lane, node_id=node_id, attempts=[outcome], final=True, started_at=now,
                              finished_at=now)
        self.store.write(record)
        return record

    def close(self) -> None:
        if self._resolved is not None:
            try:
                self._resolved.agent.close()
            except Exception:  # noqa: BLE001 — closing must not hide results
                pass
        if self._runner is not None:
            self._runner.device.close()
        if self._pool is not None and self._lane is not None:
            self._pool.release(self._lane)
        if self._sim is not None:
            self._sim.stop()
