"""On-device conformance of one pair: the adapter's store holds each case as its case says.

Through the pair's adapter, at one instance: the initial state is seeded, read back and parsed
unchanged, and the criterion rejects it (what doing nothing leaves: the null verdict is a
failure); then the gold state, every tolerated variant and every near miss are written into the
app's store as the real app writes them, read, parsed and judged: gold and tolerated pass, each
near miss fails exactly its clause. A near miss the adapter declares it cannot hold
(``AppAdapter.unheld_cases``) is skipped; where it was the only one pinning its clause, no read may
fail that clause without the clause the declaration says carries it. On an
:class:`InputRecordingClient`, no read may send input (a tap, a key, a launch or a force-stop)
unless its adapter reads by navigating (``reads_by_navigating``: then it reads only before and
after the agent's turn, never between its steps).

``tests/categories/test_conformance_device.py`` runs it on the simulated device; ``anyapp
validate`` on a lab's devices. One implementation, so both judge the same thing.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from pytest_anyapp.device.client import CommandResult, DeviceClient, LaneAddress
from pytest_anyapp.registry import Pair, params_for
from pytest_anyapp.templates.base import CategoryState
from verifiers import bundles

#: Shell commands that act on the device as a user or the system would: they move the app under the agent.
INPUT = re.compile(r"\b(input\s+(tap|swipe|keyevent|text|motionevent|draganddrop|roll|press)|am\s+(start|force-stop)|"
                   r"monkey\s|cmd\s+activity\s+start)")


class InputRecordingClient(DeviceClient):
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


class CaseCheck(BaseModel):
    """One judged case: ``round_trip:<case>``, ``null``, ``gold``, ``tolerated:<name>``,
    ``near_miss:<name>``, ``carried:<clause>``."""

    check: str
    ok: bool
    detail: str = ""
    device_output: dict[str, list[str]] = Field(default_factory=dict, description="the raw read, on failure")


def conformance(device: DeviceClient, pair: Pair, instance: int = 0, *, seed: int = 30) -> list[CaseCheck]:
    """Every case of ``pair`` at ``instance`` seeded, read and judged; stops at a failed round trip
    (a state that does not read back cannot be judged)."""
    template, adapter = pair.template, pair.adapter
    params = params_for(template, seed, instance)
    cases = bundles()[template.category].cases(template, params)
    out: list[CaseCheck] = []
    adapter.setup(device)
    try:
        def round_trip(state: CategoryState, what: str) -> CategoryState | None:
            adapter.seed(device, state)
            spy = device if isinstance(device, InputRecordingClient) else None
            if spy is not None:
                spy.sent, spy.recording = [], True
            try:
                raw = adapter.read_raw(device)
            finally:
                if spy is not None:
                    spy.recording = False
            if spy is not None and not adapter.reads_by_navigating and spy.inputs():
                out.append(CaseCheck(check=f"read_sends_input:{what}", ok=False,
                                     detail=f"{adapter.app.app_id} reads by sending input ({spy.inputs()}), "
                                            "but reads_by_navigating is off"))
            read: CategoryState = adapter.parse(raw)
            wanted = adapter.readable_part(state).read_back()
            if read.read_back() != wanted:
                out.append(CaseCheck(check=f"round_trip:{what}", ok=False, device_output=dict(raw),
                                     detail=f"{what} did not round-trip through {adapter.app.app_id}: "
                                            f"read {read.read_back()!r}, seeded {wanted!r}"))
                return None
            out.append(CaseCheck(check=f"round_trip:{what}", ok=True))
            return read

        unheld = adapter.unheld_cases(template)
        carried = {cases.near_misses[n].fails: u.carried_by for n, u in unheld.items() if u.carried_by}
        verdicts: list[Any] = []
        if (first := round_trip(template.initial_state(params), "initial")) is None:
            return out
        verdicts.append(start := pair.check(params, first, [first], None))
        out.append(CaseCheck(check="null", ok=not start.success,
                             detail="" if not start.success else "the seeded store already satisfies the goal"))
        if (gold_read := round_trip(cases.gold, "gold")) is None:
            return out
        verdicts.append(gold := pair.check(params, gold_read, [first], cases.answer))
        ok = gold.success and gold.validation_mode == pair.mode.mode
        out.append(CaseCheck(check="gold", ok=ok, detail="" if ok else gold.summary()))
        for name, state in cases.tolerated.items():
            if (read := round_trip(state, name)) is None:
                return out
            verdicts.append(result := pair.check(params, read, [first], cases.answer))
            out.append(CaseCheck(check=f"tolerated:{name}", ok=result.success,
                                 detail="" if result.success else f"tolerated {name!r} failed: {result.summary()}"))
        for name, miss in cases.near_misses.items():
            if name in unheld:
                continue
            history = [miss.first_read] if miss.first_read is not None else [first]
            if (read := round_trip(miss.state, name)) is None:
                return out
            verdicts.append(result := pair.check(params, read, history, cases.answer_of(miss)))
            ok = result.failed == [miss.fails]
            out.append(CaseCheck(check=f"near_miss:{name}", ok=ok, detail="" if ok else
                                 f"near miss {name!r}: failed {result.failed}, wanted [{miss.fails!r}]"))
        for clause, by in carried.items():
            alone = [v.failed for v in verdicts if clause in v.failed and by not in v.failed]
            out.append(CaseCheck(check=f"carried:{clause}", ok=not alone, detail="" if not alone else
                                 f"{clause!r} failed without {by!r}, which is said to carry it here: {alone}"))
        return out
    finally:
        adapter.teardown(device)
