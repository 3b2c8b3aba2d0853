"""pytest entry point (``pytest11``). Every hook is glue: a call into the run's ``Controller`` or
this process's ``Worker`` (``session.py``).

The plugin stays dormant unless a collected test asks for the ``anyapp_pair`` fixture (the tests
under ``pairs/``), so it never disturbs an unrelated test suite.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator
from typing import Any

import pytest

from pytest_anyapp import hookspecs
from pytest_anyapp.catalog import Category
from pytest_anyapp.errors import ConfigError
from pytest_anyapp.options import RunOptions, add_options, resolve_options
from pytest_anyapp.registry import PairInstance
from pytest_anyapp.session import PAIR_FIXTURE, Controller, InvalidEpisode, Worker, pair_of

__all__ = ["InvalidEpisode"]

_CONTROLLER = pytest.StashKey[Controller]()
_WORKER = pytest.StashKey[Worker]()


class _ReportHooks:
    """The hooks that take no ``config``: registered as an object bound to the controller."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.controller.logreport(report)

    @pytest.hookimpl(optionalhook=True)
    def pytest_json_modifyreport(self, json_report: dict[str, Any]) -> None:
        self.controller.modify_json_report(json_report)

    @pytest.hookimpl(optionalhook=True)
    def pytest_handlecrashitem(self, crashitem: str, report: pytest.TestReport, sched: Any) -> None:
        """xdist controller: a test a worker gave back (its lane was lost) goes back to the queue."""
        self.controller.handle_crashitem(crashitem, report, sched)


def _controller(config: pytest.Config) -> Controller:
    return config.stash[_CONTROLLER]


def _worker(config: pytest.Config) -> Worker:
    return config.stash[_WORKER]


def run_options(config: pytest.Config) -> RunOptions:
    """The run's resolved options, for companion plugins (e.g. ``--schedule``)."""
    return _controller(config).options


def reference_schedule(config: pytest.Config, sha256: str) -> None:
    """The ``--schedule`` plugin names the manifest this run executes; every record carries it."""
    _controller(config).schedule_sha256 = sha256


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(hookspecs)


def pytest_addoption(parser: pytest.Parser) -> None:
    add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    controller = config.stash[_CONTROLLER] = Controller(config)
    config.stash[_WORKER] = Worker(controller)
    for line in controller.markers():
        config.addinivalue_line("markers", line)
    config.pluginmanager.register(_ReportHooks(controller), "anyapp-session")


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Before xdist starts any worker: a run that cannot work stops here, within seconds."""
    _controller(session.config).preflight()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if PAIR_FIXTURE in metafunc.fixturenames:
        _controller(metafunc.config).generate(metafunc)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    _controller(config).modify_items(items)


def pytest_collection_finish(session: pytest.Session) -> None:
    _controller(session.config).start_progress(sum(1 for it in session.items if pair_of(it)))


_PAIR_ID = re.compile(r"\[(" + "|".join(c.value for c in Category) + r")-[A-Za-z0-9]+-[a-z0-9_]+-i\d+\]$")


def is_pair_node_id(node_id: str) -> bool:
    """``…::test_pair[sms-SmsSend-quik_sms-i0]``: a pair test's node id, as xdist reports it."""
    return bool(_PAIR_ID.search(node_id))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """xdist controller: every worker collects the same tests; the first says how many pairs
    (a test suite that holds other tests next to pair tests counts only the pairs)."""
    _controller(node.config).start_progress(sum(1 for node_id in ids if is_pair_node_id(node_id)))


@pytest.fixture
def anyapp_pair(request: pytest.FixtureRequest) -> PairInstance:
    """The test's pair instance: collection carries only its ``ScheduledPair``; this resolves it."""
    return _controller(request.config).pair_instance(request.param)


@pytest.fixture
def anyapp_run(request: pytest.FixtureRequest) -> Callable[[PairInstance], None]:
    """Run the pair's episode: ``anyapp_run(anyapp_pair)`` passes, fails, or reports invalid."""
    worker = _worker(request.config)
    return lambda inst: worker.run_pair(request.node, inst)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    _worker(item.config).make_report(item, call, report)
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, Any] | None:
    if report.when == "call" and getattr(report, "anyapp_invalid", False):
        return "invalid", "" if _controller(config).live_progress else "I", ("INVALID", {"yellow": True})
    if report.when == "call" and _controller(config).live_progress:
        return report.outcome, "", report.outcome.upper()
    if str(report.when) == "???" and report.failed and "crashed while running" in str(report.longrepr):
        return "invalid", "I", ("INVALID (worker crashed)", {"yellow": True})
    if str(report.when) == "???" and report.outcome == "rerun":  # type: ignore[comparison-overlap]
        return "given back", "R", ("GIVEN BACK (lane lost; rescheduled)", {"yellow": True})
    return None


@pytest.hookimpl(optionalhook=True)
def pytest_json_runtest_metadata(item: pytest.Item, call: pytest.CallInfo[None]) -> dict[str, Any]:
    return _worker(item.config).json_metadata(item, call)


@pytest.hookimpl(wrapper=True)
def pytest_sessionfinish(session: pytest.Session) -> Generator[None, None, None]:
    """Before every other implementation, so the gap table exists when pytest-json-report
    (itself ``tryfirst``) builds its file."""
    _worker(session.config).close()
    _controller(session.config).stop_workers(session)
    _controller(session.config).summarize()
    _controller(session.config).exit_status(session)
    return (yield)


def pytest_report_header(config: pytest.Config, start_path: Any) -> list[str] | None:
    return _controller(config).header()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    _controller(config).terminal_summary(terminalreporter)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist controller: every worker gets the same run id."""
    node.workerinput["anyapp_run_id"] = _controller(node.config).resolve_run_id()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker per lane; with simulated devices, one per CPU.

    xdist asks before ``pytest_configure`` runs, so the options are resolved here directly."""
    import os

    try:
        lanes = resolve_options(config).lanes
    except ConfigError:
        return None  # the error is reported once collection runs
    return len(lanes) if lanes else (os.cpu_count() or 1)
