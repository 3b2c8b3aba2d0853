"""The oracle's date-picker steps (verifiers/date_pickers.py) use only what each picker offers: the
month read off the picker, previous/next month, the day node, the confirm button — no typed date."""

from __future__ import annotations

import datetime as dt

from pytest_anyapp.agents.oracle import By, Intent, Read, Tap, TypeInto
from verifiers.date_pickers import PICKERS, pick_date


def _run(kind: str, iso: str, screen: dict[By, str]) -> list[Intent]:
    steps = pick_date(kind, iso)
    out: list[Intent] = []
    reply: str | None = None
    while True:
        try:
            intent = steps.send(reply) if reply is not None else next(steps)
        except StopIteration:
            return out
        out.append(intent)
        reply = screen[intent.target] if isinstance(intent, Read) else None


def test_the_material_picker_is_stepped_forward_to_the_month_and_the_day_tapped() -> None:
    ui = PICKERS["material"]
    out = _run("material", "2023-12-05", {By(res="month_navigation_fragment_toggle"): "October 2023"})
    assert out[1:] == [Tap(ui.next), Tap(ui.next), Tap(By(res="month_grid_day", text="5")), Tap(ui.ok)]


def test_the_platform_picker_reads_its_header_and_steps_back_across_a_year() -> None:
    screen = {By(res="android:id/date_picker_header_year"): "2024",
              By(res="android:id/date_picker_header_date"): "Mon, Jan 15"}
    out = _run("platform", "2023-11-24", screen)
    assert out[2:] == [Tap(By(desc="Previous month"))] * 2 + [Tap(By(desc="24 November 2023")),
                                                              Tap(By(res="android:id/button1"))]


def test_no_picker_is_typed_into() -> None:
    for kind, ui in PICKERS.items():
        screen = {By(res="android:id/date_picker_header_year"): "2023",
                  By(res="android:id/date_picker_header_date"): "Sun, Oct 15"}
        if ui.month is not None:
            screen[ui.month] = "October 2023"
        out = _run(kind, "2023-10-24", screen)
        assert not any(isinstance(i, TypeInto) for i in out), kind
        assert out[-2:] == [Tap(ui.day(dt.date(2023, 10, 24))), Tap(ui.ok)]
