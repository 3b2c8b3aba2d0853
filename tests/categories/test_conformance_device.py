"""On-device conformance of every scheduled pair, through that app's adapter and store.

For each pair at instance 0, on a simulated device reached through the real adb server: the
adapter seeds the initial state, reads it back and parses it (the app-neutral state round-trips
unchanged) and the criterion rejects it; then the gold state, every tolerated variant and every
near miss are written into the app's store by the adapter (``seed``: the rows or files the real
app writes), read, parsed and checked: gold and tolerated pass, each near miss fails exactly its
clause. A near miss the adapter declares it cannot hold (``AppAdapter.unheld_cases``) is skipped;
where it was the only one pinning its clause, no read here may fail that clause without the clause
the declaration says carries it. No read sends input (a tap, a key, a launch or a force-stop)
unless its adapter says it reads by navigating (``reads_by_navigating``: then it reads only
before and after the agent's turn, never between its steps). One device per module (per xdist worker).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import CommandResult, DeviceClient, LaneAddress
from pytest_anyapp.registry import Pair, params_for
from pytest_anyapp.sim.testing import RunningDevice, running_device
from pytest_anyapp.templates.base import CategoryState
from verifiers import bundles

from .conftest import PAIR_IDS, PAIRS


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("conformance")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


#: Shell commands that act on the device as a user or the system would: they move the app under the agent.
INPUT = re.compile(r"\b(input\s+(tap|swipe|keyevent|text|motionevent|draganddrop|roll|press)|am\s+(start|force-stop)|"
                   r"monkey\s|cmd\s+activity\s+start)")


class InputSpy(DeviceClient):
    """The real client; while ``recording``, it notes every shell script it sends."""

    recording = False

    def __init__(self, lane: LaneAddress) -> None:
        super().__init__(lane)
        self.sent: list[str] = []

    def _shell(self, cmd: str, timeout_s: float | None) -> CommandResult:
        if self.recording:
            self.sent.append(cmd)
        return super()._shell(cmd, timeout_s)

    def inputs(self) -> list[str]:
        return [m.group(0) for cmd in self.sent for m in INPUT.finditer(cmd)]


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> InputSpy:
    return InputSpy(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                adb_port=adb_server))


@pytest.mark.parametrize("pair", PAIRS, ids=PAIR_IDS)
def test_pair_conformance(client: InputSpy, pair: Pair) -> None:
    template, adapter = pair.template, pair.adapter
    params = params_for(template, 30, 0)
    cases = bundles()[template.category].cases(template, params)
    adapter.setup(client)

    def round_trip(state: CategoryState, what: str) -> CategoryState:
        adapter.seed(client, state)
        client.sent, client.recording = [], True
        try:
            raw = adapter.read_raw(client)
        finally:
            client.recording = False
        if not adapter.reads_by_navigating:
            assert client.inputs() == [], f"{adapter.app.app_id} reads by sending input, but reads_by_navigating is off"
        read: CategoryState = adapter.parse(raw)
        wanted = adapter.readable_part(state).read_back()
        assert read.read_back() == wanted, f"{what} did not round-trip through {adapter.app.app_id}"
        return read

    unheld = adapter.unheld_cases(template)
    carried = {cases.near_misses[n].fails: u.carried_by for n, u in unheld.items() if u.carried_by}
    verdicts = []

    initial = template.initial_state(params)
    first = round_trip(initial, "the initial state")
    verdicts.append(start := pair.check(params, first, [first], None))
    assert not start.success, "the seeded store must not already satisfy the goal"

    verdicts.append(gold := pair.check(params, round_trip(cases.gold, "gold"), [first], cases.answer))
    assert gold.success, gold.summary()
    assert gold.validation_mode == pair.mode.mode
    for name, state in cases.tolerated.items():
        verdicts.append(result := pair.check(params, round_trip(state, name), [first], cases.answer))
        assert result.success, f"tolerated {name!r} failed: {result.summary()}"
    for name, miss in cases.near_misses.items():
        if name in unheld:
            continue
        history = [miss.first_read] if miss.first_read is not None else [first]
        verdicts.append(result := pair.check(params, round_trip(miss.state, name), history, cases.answer_of(miss)))
        assert result.failed == [miss.fails], f"near miss {name!r}: failed {result.failed}, wanted [{miss.fails!r}]"
    for clause, by in carried.items():
        alone = [v.failed for v in verdicts if clause in v.failed and by not in v.failed]
        assert alone == [], f"{clause!r} failed without {by!r}, which is said to carry it here: {alone}"
    adapter.teardown(client)
