"""``anyapp verify-support``: real registry (SMS runnable, the rest not), and the failure gates."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from pytest_anyapp import registry
from pytest_anyapp.catalog import APPS, Category, app_by_id, apps_in
from pytest_anyapp.cli import main
from pytest_anyapp.registry import Pair
from pytest_anyapp.report.support import adapter_state_type, check_support, render_fidelity, render_support
from pytest_anyapp.templates.base import CategoryState, Params, TaskTemplate, Verdict
from verifiers.base import AppAdapter, FidelityReading, LaunchGuard, LaunchGuards, RawSnapshot, SourceRef


# -- fakes for the pure gate (no device: these never seed or read) ----------------------------------
class FakeState(CategoryState):
    rows: list[str] = []


class OtherState(CategoryState):
    pass


class FakeTemplate(TaskTemplate[FakeState]):
    semantic_id = "FakeSend"
    category = Category.SMS
    instruction = "Send {body} with {app}."
    complexity = 1.0
    state_type = FakeState

    def sample_params(self, rng: random.Random) -> Params:
        return {"body": rng.choice(["a", "b"])}

    def initial_state(self, params: Params) -> FakeState:
        return FakeState()

    def check(self, params: Params, state: FakeState, history: Sequence[FakeState], answer: str | None) -> Verdict:
        return Verdict(success=params["body"] in state.rows)


class PlaceholderTemplate(FakeTemplate):
    semantic_id = "FakePlaceholder"
    placeholder = True


class FakeAdapter(AppAdapter[FakeState]):
    app = app_by_id("sms_simple_sms_messenger")
    declines: ClassVar[frozenset[str]] = frozenset()

    def supports(self, template: TaskTemplate[Any]) -> bool:
        return template.semantic_id not in self.declines

    def seed(self, device: Any, state: FakeState) -> None:
        raise AssertionError("the gate must not touch a device")

    def read_raw(self, device: Any) -> RawSnapshot:
        raise AssertionError("the gate must not touch a device")

    def parse(self, raw: RawSnapshot) -> FakeState:
        return FakeState(rows=raw.get("rows", []))


class FakeQuikAdapter(FakeAdapter):
    app = app_by_id("sms_quik_sms")


class DecliningQuikAdapter(FakeQuikAdapter):
    declines = frozenset({"FakeSend"})


class WrongStateAdapter(AppAdapter[OtherState]):
    app = app_by_id("sms_quik_sms")

    def seed(self, device: Any, state: OtherState) -> None: ...
    def read_raw(self, device: Any) -> RawSnapshot: return {}
    def parse(self, raw: RawSnapshot) -> OtherState: return OtherState()


SMS_ORIG, SMS_QUIK = app_by_id("sms_simple_sms_messenger"), app_by_id("sms_quik_sms")


def gate(templates: list[TaskTemplate[Any]], adapters: Mapping[str, AppAdapter[Any]], pairs: list[Pair]) -> Any:
    return check_support(categories=[Category.SMS, Category.CLOCK], templates={Category.SMS: templates},
                         pairs=pairs, adapters=adapters, n_instances=3)


def test_whole_pairs_pass_and_are_counted() -> None:
    t = FakeTemplate()
    report = gate([t], {SMS_ORIG.app_id: FakeAdapter(), SMS_QUIK.app_id: FakeQuikAdapter()},
                  [Pair(t, SMS_ORIG), Pair(t, SMS_QUIK)])
    assert report.errors == []
    sms, clock = report.categories
    assert (sms.pairs, sms.instances, sms.runnable) == (2, 6, [SMS_ORIG.app_id, SMS_QUIK.app_id])
    assert len(sms.not_runnable) == 2
    assert (clock.pairs, clock.runnable, len(clock.not_runnable)) == (0, [], 6)  # not an error
    assert (report.total("pairs"), report.total("apps"), report.total("runnable")) == (2, 10, 2)


def test_placeholder_template_is_an_error() -> None:
    t, p = FakeTemplate(), PlaceholderTemplate()
    report = gate([t, p], {SMS_ORIG.app_id: FakeAdapter()}, [Pair(t, SMS_ORIG), Pair(p, SMS_ORIG)])
    assert any("FakePlaceholder" in e and "placeholder" in e for e in report.errors)


def test_scheduled_pair_without_adapter_is_an_error() -> None:
    t = FakeTemplate()
    report = gate([t], {SMS_ORIG.app_id: FakeAdapter()}, [Pair(t, SMS_ORIG), Pair(t, SMS_QUIK)])
    assert report.errors == ["scheduled pair FakeSend x sms_quik_sms has no adapter (no verifier)"]


def test_adapter_reading_the_wrong_state_is_an_error() -> None:
    t = FakeTemplate()
    assert adapter_state_type(WrongStateAdapter()) is OtherState
    report = gate([t], {SMS_ORIG.app_id: FakeAdapter(), SMS_QUIK.app_id: WrongStateAdapter()},
                  [Pair(t, SMS_ORIG), Pair(t, SMS_QUIK)])
    assert any("reads OtherState, template checks FakeState" in e for e in report.errors)


def test_declined_pair_is_listed_not_an_error_while_another_app_verifies_it() -> None:
    t = FakeTemplate()
    adapters = {SMS_ORIG.app_id: FakeAdapter(), SMS_QUIK.app_id: DecliningQuikAdapter()}
    report = gate([t], adapters, [Pair(t, SMS_ORIG)])
    assert report.errors == []
    assert report.categories[0].unscheduled == ["FakeSend x sms_quik_sms"]
    # ... but a template no runnable app can verify is an error.
    report = gate([t], {SMS_QUIK.app_id: DecliningQuikAdapter()}, [])
    assert report.errors == ["template FakeSend (sms) has no verifier in any runnable app"]


# -- the real registry, through the CLI --------------------------------------------------------------
def test_real_registry_rows_match_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify-support"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:12] if line.strip()}
    adapters = registry.adapters()
    for category in Category:
        apps = apps_in(category)
        runnable = [a for a in apps if a.app_id in adapters]
        pairs = len(registry.scheduled_pairs([category]))
        assert rows[category.value] == [str(len(apps)), str(len(runnable)),
                                        str(len(registry.templates_by_category()[category])), str(pairs),
                                        str(3 * pairs)], category
        for app in apps:
            if app.app_id not in adapters:  # an app without an adapter is named as not runnable
                assert app.app_id in out.split(f"{category.value}: runnable", 1)[1], app.app_id
    assert rows["sms"][:2] == ["4", "4"]
    assert rows["total"][0] == str(len(APPS))
    assert "verify-support OK" in out


def test_placeholder_in_registry_fails_the_cli(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    real = registry.templates_by_category()
    patched = dict(real)
    patched[Category.SMS] = (*real[Category.SMS], PlaceholderTemplate())
    monkeypatch.setattr(registry, "templates_by_category", lambda: patched)
    assert main(["verify-support", "--categories", "sms"]) == 1
    err = capsys.readouterr().err
    assert "template FakePlaceholder (sms) is a placeholder" in err
    assert "verify-support FAILED" in err


def test_unknown_category_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify-support", "--categories", "sms,weather"]) == 2
    assert "unknown categories ['weather']" in capsys.readouterr().err


def test_console_script_subprocess() -> None:
    script = Path(sys.executable).with_name("anyapp")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "pytest_anyapp.cli"]
    done = subprocess.run([*cmd, "verify-support", "--categories", "sms", "clock", "--instances", "2"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:5] == ["category", "apps", "runnable", "templates", "pairs"]
    pairs = len(registry.scheduled_pairs([Category.SMS]))
    assert lines[1].split() == ["sms", "4", "4", str(len(registry.templates_by_category()[Category.SMS])),
                                str(pairs), str(2 * pairs)]
    clock = len(registry.scheduled_pairs([Category.CLOCK]))
    assert lines[2].split() == ["clock", "6", "6", "10", str(clock), str(2 * clock)]
    assert len(lines) > 3 and not lines[3].startswith(("tasks", "files"))  # only the categories asked for


# -- the matrix columns: oracle script, simulator double, conformance cases -------------------------
def _columns(oracle: bool = True, double: bool = True, cases: int = 3) -> dict[str, Any]:
    packages = {SMS_ORIG.package, SMS_QUIK.package} if double else {SMS_ORIG.package}
    return {"oracle": lambda sid, app_id: oracle or app_id != SMS_QUIK.app_id, "sim_packages": packages,
            "cases": lambda template: cases}


def _gate_with(**columns: Any) -> Any:
    t = FakeTemplate()
    return check_support(categories=[Category.SMS], templates={Category.SMS: [t]},
                         pairs=[Pair(t, SMS_ORIG), Pair(t, SMS_QUIK)],
                         adapters={SMS_ORIG.app_id: FakeAdapter(), SMS_QUIK.app_id: FakeQuikAdapter()},
                         **columns)


def test_matrix_lists_every_cell_with_its_mode() -> None:
    report = _gate_with(**_columns())
    assert report.errors == []
    (sms,) = report.categories
    assert sms.status == "runnable" and sms.modes == {"durable": 2}
    cells = {(c.template, c.app_id): c for c in sms.matrix}
    assert len(cells) == 4  # 1 template x 4 SMS apps, scheduled or not
    quik = cells[("FakeSend", SMS_QUIK.app_id)]
    assert (quik.scheduled, quik.adapter, quik.mode, quik.oracle, quik.sim_double, quik.conformance) == (
        True, True, "durable", True, True, 3)
    assert not cells[("FakeSend", "sms_google_messages")].scheduled


@pytest.mark.parametrize(("columns", "hole"), [
    ({"oracle": False}, "has no oracle script"),
    ({"double": False}, "has no simulator double"),
    ({"cases": 0}, "has no conformance cases"),
])
def test_a_missing_column_is_a_hole(columns: dict[str, Any], hole: str) -> None:
    report = _gate_with(**_columns(**columns))
    wanted = f"scheduled pair FakeSend x sms_quik_sms {hole}" + (f" ({SMS_QUIK.package})" if "double" in hole else "")
    assert wanted in report.errors
    assert all(hole in e for e in report.errors)


def test_json_form_carries_the_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["verify-support", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    sms = next(c for c in report["categories"] if c["category"] == "sms")
    assert sms["status"] == "runnable" and sum(sms["modes"].values()) == len(registry.scheduled_pairs([Category.SMS]))
    assert all(c["oracle"] and c["sim_double"] and c["conformance"] for c in sms["matrix"] if c["scheduled"])
    for cat in report["categories"]:  # every scheduled cell of every category is whole
        assert sum(cat["modes"].values()) == len(registry.scheduled_pairs([Category(cat["category"])]))
        assert all(c["oracle"] and c["sim_double"] and c["conformance"] for c in cat["matrix"] if c["scheduled"])


class GuardedQuikAdapter(FakeQuikAdapter):
    launch_guards = LaunchGuards(guards=(LaunchGuard(
        kind="needs", what="flag X", handled_by="seeded", sources=(SourceRef(repo="o/quik", tag="v1"),)),),
        read=(SourceRef(repo="o/quik", tag="v1", files=("Main.kt",)),))
    fidelity = FidelityReading(source=SourceRef(repo="o/quik", tag="v1"), date="2026-12-03", verdict="unverifiable",
                               open_points=("start-up not read",))


def test_an_app_without_launch_guards_or_fidelity_is_an_error_when_guards_are_checked() -> None:
    t = FakeTemplate()
    adapters: dict[str, AppAdapter[Any]] = {SMS_ORIG.app_id: FakeAdapter(), SMS_QUIK.app_id: GuardedQuikAdapter()}
    pairs = [Pair(t, SMS_ORIG), Pair(t, SMS_QUIK)]
    assert gate([t], adapters, pairs).errors == []  # the fakes' gate leaves the column unchecked
    errors = check_support(categories=[Category.SMS], templates={Category.SMS: [t]}, pairs=pairs, adapters=adapters,
                           guards=True).errors
    assert errors == [f"app {SMS_ORIG.app_id} has no launch_guards (what it needs and writes at start-up)",
                      f"app {SMS_ORIG.app_id} has no fidelity reading (a second reader's verdict)"]


def test_guards_and_fidelity_are_printed() -> None:
    t = FakeTemplate()
    adapters: dict[str, AppAdapter[Any]] = {SMS_ORIG.app_id: FakeAdapter(), SMS_QUIK.app_id: GuardedQuikAdapter()}
    report = check_support(categories=[Category.SMS], templates={Category.SMS: [t]},
                           pairs=[Pair(t, SMS_ORIG), Pair(t, SMS_QUIK)], adapters=adapters, guards=True)
    shown = render_support(report)
    assert f"  {SMS_QUIK.app_id}: needs: flag X — seeded" in shown and f"  {SMS_ORIG.app_id}: NOT FILLED" in shown
    rows = render_fidelity(report).splitlines()
    quik = next(r for r in rows if r.startswith(SMS_QUIK.app_id))
    assert quik.split()[-3:] == ["2026-12-03", "unverifiable", "1"] and "o/quik@v1" in quik
    assert next(r for r in rows if r.startswith(SMS_ORIG.app_id)).split()[-2:] == ["READ", "0"]
    assert "2 apps: match 0, mismatch-fixed 0, mismatch-open 0, unverifiable 1, not read 1" in rows
    assert f"  {SMS_QUIK.app_id}: open: start-up not read" in rows
