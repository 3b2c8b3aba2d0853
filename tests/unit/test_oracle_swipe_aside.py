"""``SwipeAside`` and ``TapBeside``: a script can swipe a list row sideways (ItemTouchHelper) and tap
the button that swipe reveals, which is drawn, not a view (no element in the dump)."""

from __future__ import annotations

from collections.abc import Generator

from pytest_anyapp.agents.base import Observation, UIElement
from pytest_anyapp.agents.oracle import By, Intent, OracleDriver, SwipeAside, TapBeside


def _row(i: int, text: str) -> UIElement:
    return UIElement(index=i, text=text, resource_id="app:id/name", bounds=(0, 200 * i, 1080, 200 * i + 150))


def test_swipe_aside_moves_along_the_rows_centre_line_and_tap_beside_keeps_its_height() -> None:
    rows = [_row(1, "Coffee"), _row(2, "Rent")]
    obs = Observation(goal="g", ui_elements=rows, screen_size=(1080, 2400))

    def script() -> Generator[Intent, str, None]:
        yield SwipeAside(By(text="Rent"), "right")
        yield SwipeAside(By(text="Coffee"), "left")
        yield TapBeside(By(text="Rent"), 0.06)

    driver = OracleDriver(script())
    right, left, tap = (driver.next_action(obs) for _ in range(3))
    assert (right.action, right.coordinate, right.coordinate2) == ("swipe", (216, 475), (864, 475))
    assert (left.coordinate, left.coordinate2) == ((864, 275), (216, 275))
    assert (tap.action, tap.coordinate) == ("click", (64, 475))
