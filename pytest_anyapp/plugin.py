"""pytest entry point (``pytest11``). Hooks are glue: each calls into ``AnyAppPlugin``.

The plugin stays dormant unless a collected test asks for the ``anyapp_pair`` fixture (the tests
under ``pairs/``), so it never disturbs an unrelated test suite.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import pytest

from pytest_anyapp import hookspecs
from pytest_anyapp.catalog import APPS, AppSpec, Category
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.options import RunOptions, add_options, resolve_options
from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.store import RunStore, latest_run_id
from pytest_anyapp.registry import PairInstance, check_id_hygiene, schedule

if TYPE_CHECKING:
    from pytest_anyapp.session import WorkerSession

PAIR_FIXTURE = "anyapp_pair"


class InvalidEpisode(Exception):
    """Raised by a pair test whose episode could not be measured (reported as ``invalid``)."""


_RECORD_KEY = pytest.StashKey[dict[str, Any]]()


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hookspecs)


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    for category in Category:
        config.addinivalue_line("markers", f"{category.value}: pairs of the {category.value} category")
    config.addinivalue_line("markers", "anyapp_app(app_id): the app of a pair")
    config.addinivalue_line("markers", "anyapp_original: pairs in the original (AndroidWorld) app of the category")
    config.pluginmanager.register(AnyAppPlugin(config), "anyapp-session")


class AnyAppPlugin:
    """Run-wide state: options, schedule, run id, the worker session, and the controller's summary."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self._options: RunOptions | None = None
        self._schedule: list[PairInstance] | None = None
        self.worker: WorkerSession | None = None
        self.active = False
        workerinput = getattr(config, "workerinput", None)
        self.is_worker = workerinput is not None
        self.config_error: str | None = None
        self.run_id: str | None = workerinput.get("anyapp_run_id") if workerinput else None

    # -- lazily resolved state --------------------------------------------------------------
    @property
    def options(self) -> RunOptions:
        if self._options is None:
            self._options = resolve_options(self.config)
        return self._options

    @property
    def full_schedule(self) -> list[PairInstance]:
        if self._schedule is None:
            o = self.options
            self._schedule = schedule(seed=o.seed, n_instances=o.n_instances, only_instance=o.only_instance)
            check_id_hygiene(self._schedule)
        return self._schedule

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
                from pytest_anyapp.session import new_run_id

                self.run_id = new_run_id()
        return self.run_id

    # -- collection -------------------------------------------------------------------------
    def generate(self, metafunc: pytest.Metafunc) -> None:
        """Parametrize the pair test. A bad option is kept and reported once collection is over:
        raised from inside a collector it would only show as a collection error."""
        try:
            instances = self.full_schedule
        except ConfigError as exc:
            self.config_error = str(exc)
            instances = []
        params = [
            pytest.param(inst, id=inst.test_id, marks=[
                getattr(pytest.mark, inst.pair.app.category.value),
                pytest.mark.anyapp_app(inst.pair.app.app_id),
                *([pytest.mark.anyapp_original] if inst.pair.app.is_original else []),
            ])
            for inst in instances
        ]
        metafunc.parametrize(PAIR_FIXTURE, params)

    def modify_items(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if self.config_error is not None:
            pytest.exit(f"AnyAppBench: {self.config_error}", returncode=pytest.ExitCode.USAGE_ERROR)
        pair_items = [it for it in items if PAIR_FIXTURE in getattr(it, "fixturenames", ())]
        if not pair_items:
            return
        self.active = True
        o = self.options
        if not config.option.collectonly:
            problem = self.agent_problem(config, o)
            if problem:
                pytest.exit(f"AnyAppBench: {problem}", returncode=pytest.ExitCode.USAGE_ERROR)
        if not (o.resume or o.rerun_invalid):
            return
        store = RunStore(o.results_dir, self.resolve_run_id())
        keep: list[pytest.Item] = []
        deselected: list[pytest.Item] = []
        for item in items:
            inst = _pair_of(item)
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

    @staticmethod
    def required_apps(items: list[pytest.Item]) -> list[AppSpec]:
        """Apps of the selected pairs, in catalog order (checked by the lane preflight)."""
        wanted = {inst.pair.app.app_id for it in items if (inst := _pair_of(it))}
        return [app for app in APPS if app.app_id in wanted]

    @staticmethod
    def agent_problem(config: pytest.Config, o: RunOptions) -> str | None:
        """Why ``--agent`` cannot work, found before any episode (the agent itself is built later,
        on the worker, because a model agent checks its endpoint when it is built)."""
        if not o.agent:
            return "choose an agent with --agent (e.g. --agent=oracle)"
        if o.agent == "replay" and o.replay_path is None:
            return "--agent=replay needs --replay PATH (an episode.json or a run directory)"
        if ":" in o.agent:
            return None
        from pytest_anyapp.agents.registry import AgentOptions, known_agent_names

        try:
            known = known_agent_names(AgentOptions(config_path=o.agent_config))
        except ConfigError as exc:
            return str(exc)
        if o.agent in known:
            return None
        custom = config.hook.pytest_anyapp_make_agent(name=o.agent, options=o)
        if custom is not None:
            custom.close()
            return None
        return f"unknown agent {o.agent!r}; known: {', '.join(known)} (or module:factory)"

    # -- running ----------------------------------------------------------------------------
    def run_pair(self, item: pytest.Item, inst: PairInstance) -> None:
        """The body of every pair test: run the episode, then pass, fail, or raise InvalidEpisode."""
        from pytest_anyapp.session import WorkerSession, cohort_sha256, outcome_message

        if self.worker is None:
            self.worker = WorkerSession(self.config, self.options, self.resolve_run_id(),
                                        cohort_sha256(self.full_schedule), self.required_apps(item.session.items))
        store = self.worker.store
        if self.options.rerun_invalid:
            store.supersede(inst.test_id)
        record = self.worker.run(inst, item.nodeid)
        item.stash[_RECORD_KEY] = record.summary()
        self.config.hook.pytest_anyapp_episode_finished(record=record, item=item)
        if record.status is Status.VALID_SUCCESS:
            return
        if record.status is Status.VALID_FAILURE:
            pytest.fail(outcome_message(record), pytrace=False)
        raise InvalidEpisode(outcome_message(record))

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

    def close_worker(self) -> None:
        if self.worker is not None:
            self.worker.close()

    # -- controller: summary -------------------------------------------------------------------
    def summarize(self) -> None:
        if self.is_worker or not self.active or self.run_id is None or self.config.option.collectonly:
            return
        from pytest_anyapp.report.runs import summarize_run

        self.summary = summarize_run(self.options.results_dir / self.run_id)
        if self.summary is not None:
            self.config.hook.pytest_anyapp_summary(table=self.summary.table, run_dir=self.summary.run_dir)

    def _benchmark_invocation(self) -> bool:
        """``pytest pairs …`` / a pair node id, or a bare ``pytest`` in a directory holding the pairs."""
        args = [str(a) for a in self.config.args]
        if any("pairs" in a for a in args):
            return True
        here = self.config.invocation_params.dir
        bare = not args or args == [str(here)]
        return bare and ((here / "test_pairs.py").exists() or (here / "pairs").is_dir())

    def header(self) -> list[str] | None:
        """One line saying what this run measures; simulated devices are called out as such."""
        if not self._benchmark_invocation():
            return None
        try:
            o = self.options
        except ConfigError:
            return None
        device = ("simulated devices (tests the harness; not results on real apps)" if o.device == "sim"
                  else f"emulator lanes {', '.join(lane.serial for lane in o.lanes)}")
        return [f"anyapp: agent={o.agent or '-'} condition={o.condition} device={device} "
                f"instances={o.n_instances} seed={o.seed} results={o.results_dir}"]

    # -- hooks without a config argument: implemented on the registered plugin object ----------
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """The xdist controller collects nothing; it learns the run is a benchmark run from reports."""
        if getattr(report, "anyapp", None) is not None or getattr(report, "anyapp_invalid", False):
            self.active = True

    @pytest.hookimpl(optionalhook=True)
    def pytest_json_modifyreport(self, json_report: dict[str, Any]) -> None:
        summary = getattr(self, "summary", None)
        if summary is not None:
            json_report["anyapp"] = summary.model_dump_for_json()

    def terminal_summary(self, terminalreporter: Any) -> None:
        summary = getattr(self, "summary", None)
        if summary is None:
            return
        terminalreporter.section("AnyAppBench gap table")
        terminalreporter.write_line(summary.terminal_text)
        terminalreporter.write_line(f"records: {summary.run_dir}  (summary.json, summary.md)")


def _pair_of(item: pytest.Item) -> PairInstance | None:
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    value = callspec.params.get(PAIR_FIXTURE)
    return value if isinstance(value, PairInstance) else None


def _plugin(config: pytest.Config) -> AnyAppPlugin:
    return config.pluginmanager.get_plugin("anyapp-session")  # type: ignore[return-value]


# -- hooks (glue only) ----------------------------------------------------------------------------
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if PAIR_FIXTURE in metafunc.fixturenames:
        _plugin(metafunc.config).generate(metafunc)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    _plugin(config).modify_items(config, items)


@pytest.fixture
def anyapp_run(request: pytest.FixtureRequest) -> Any:
    """Run the pair's episode: ``anyapp_run(anyapp_pair)`` passes, fails, or reports invalid."""
    plugin = _plugin(request.config)
    return lambda inst: plugin.run_pair(request.node, inst)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    _plugin(item.config).make_report(item, call, report)
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, Any] | None:
    if report.when == "call" and getattr(report, "anyapp_invalid", False):
        return "invalid", "I", ("INVALID", {"yellow": True})
    if report.when == "???" and report.failed and "crashed while running" in str(report.longrepr):
        return "invalid", "I", ("INVALID (worker crashed)", {"yellow": True})
    return None


@pytest.hookimpl(optionalhook=True)
def pytest_json_runtest_metadata(item: pytest.Item, call: pytest.CallInfo[None]) -> dict[str, Any]:
    summary = item.stash.get(_RECORD_KEY, None)
    return {"anyapp": summary} if summary is not None and call.when == "call" else {}


@pytest.hookimpl(wrapper=True)
def pytest_sessionfinish(session: pytest.Session) -> Generator[None, None, None]:
    """Before every other implementation, so the gap table exists when pytest-json-report
    (itself ``tryfirst``) builds its file."""
    plugin = _plugin(session.config)
    plugin.close_worker()
    plugin.summarize()
    return (yield)


def pytest_report_header(config: pytest.Config, start_path: Any) -> list[str] | None:
    return _plugin(config).header()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    _plugin(config).terminal_summary(terminalreporter)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller: every worker gets the same run id."""
    node.workerinput["anyapp_run_id"] = _plugin(node.config).resolve_run_id()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker per lane; with simulated devices, one per CPU.

    Module-level (not on ``_XdistHooks``): xdist asks before ``pytest_configure`` runs."""
    import os

    try:
        lanes = resolve_options(config).lanes
    except ConfigError:
        return None  # the error is reported once collection runs
    return len(lanes) if lanes else (os.cpu_count() or 1)
