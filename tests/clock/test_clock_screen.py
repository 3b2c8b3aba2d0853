"""The Clock screen readers (the `ui` pairs) on hand-written uiautomator dumps."""

from __future__ import annotations

from verifiers.clock.adapters import screen_cities, screen_stopwatch, screen_timers


def dump(*nodes: str) -> list[str]:
    return ['<hierarchy rotation="0"><node bounds="[0,0][1080,2400]">' + "".join(nodes) + "</node></hierarchy>"]


def node(text: str = "", desc: str = "", res: str = "", inner: str = "") -> str:
    return (f'<node text="{text}" content-desc="{desc}" resource-id="{res}" class="android.widget.TextView" '
            f'bounds="[0,0][10,10]">{inner}</node>')


def test_stopwatch_running_paused_reset_and_elsewhere() -> None:
    running = screen_stopwatch(dump(node("00:03.27"), node(desc="Lap"), node(desc="Pause")))
    assert running is not None and running.state == "running"
    paused = screen_stopwatch(dump(node("01:02:03.40"), node(desc="Reset"), node(desc="Start")))
    assert paused is not None and (paused.state, paused.accumulated_ms) == ("paused", 3_723_400)
    reset = screen_stopwatch(dump(node("00:00.00"), node(desc="Start")))
    assert reset is not None and reset.state == "reset"
    assert screen_stopwatch(dump(node("07:00"), node(desc="Add alarm"))) is None


def test_timer_rows_and_the_keypad() -> None:
    row = node(inner=node("04:59") + node("05:15")) + node(desc="Reset") + node(desc="Pause")
    other = node(inner=node("01:00:00") + node("1:00:00")) + node(desc="Reset") + node(desc="Resume")
    timers = screen_timers(dump(node(inner=node(inner=row) + node(inner=other)), node(desc="Add timer")))
    assert [(t.seconds, t.state) for t in timers] == [(315, "running"), (3600, "paused")]
    assert screen_timers(dump(node("00h 05m 15s"), node(desc="Delete"), node(desc="Start"))) == []


def test_cities_only_from_the_clock_tab_list() -> None:
    tab = node(res="p:id/cities", inner=node("Madrid", res="p:id/city_name"))
    assert screen_cities(dump(node("9:41 AM", res="p:id/digital_clock"), tab)) == ["Madrid"]
    search = node(res="p:id/cities_list", inner=node("Madrid", res="p:id/city_name"))
    assert screen_cities(dump(node("Madrid", res="p:id/search_src_text"), search)) == []
