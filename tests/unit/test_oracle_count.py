"""``Count`` and ``By(checked=…)``: a script can count what it sees (e.g. the unchecked items of a
checklist) and gets the number back as text; a count is an observation, not an action."""

from __future__ import annotations

from collections.abc import Generator

from pytest_anyapp.agents.base import Observation, UIElement
from pytest_anyapp.agents.oracle import Answer, By, Count, Intent, OracleDriver


def _box(i: int, text: str, checked: bool, checkable: bool = True) -> UIElement:
    return UIElement(index=i, text=text, class_name="android.widget.CheckBox", checkable=checkable, checked=checked,
                     bounds=(0, 100 * i, 500, 100 * i + 90))


def test_count_sends_back_the_number_of_matches_and_checked_filters() -> None:
    elements = [_box(0, "Milk", False), _box(1, "Eggs", True), _box(2, "Bread", False),
                _box(3, "Label", False, checkable=False)]

    def script() -> Generator[Intent, str, None]:
        unchecked = yield Count(By(class_contains="CheckBox", checked=False))
        checked = yield Count(By(checked=True))
        yield Answer(f"{unchecked}/{checked}")

    action = OracleDriver(script()).next_action(Observation(goal="g", ui_elements=elements))
    assert action.action == "answer" and action.text == "2/1"
    assert By(text="Label", checked=False).find(elements) is None  # not checkable: never "unchecked"
