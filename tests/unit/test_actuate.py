from pytest_anyapp.agents.actions import Action
from pytest_anyapp.episode.actuate import escape_input_text, package_for_app_name, swipe_points

SIZE = (1080, 2400)


def test_explicit_swipe_points_are_kept():
    a = Action(action="swipe", coordinate=(100, 2000), coordinate2=(100, 500))
    assert swipe_points(a, SIZE) == (100, 2000, 100, 500)


def test_direction_swipe_starts_and_ends_inside_the_screen():
    for direction in ("up", "down", "left", "right"):
        for start in [None, (0, 0), (1079, 2399)]:
            a = Action(action="swipe", direction=direction, coordinate=start)
            x1, y1, x2, y2 = swipe_points(a, SIZE)
            assert 0 < x1 < 1080 and 0 < x2 < 1080 and 0 < y1 < 2400 and 0 < y2 < 2400
            assert (x1, y1) != (x2, y2) or start is not None


def test_up_swipe_moves_finger_up():
    x1, y1, x2, y2 = swipe_points(Action(action="swipe", direction="up"), SIZE)
    assert y2 < y1 and x1 == x2


def test_input_text_escaping_uses_percent_s_and_shell_quotes():
    assert escape_input_text("On my way.") == "On%smy%sway."
    assert escape_input_text("it's $5") == "'it'\"'\"'s%s$5'"


def test_open_app_resolves_display_names_case_insensitively():
    assert package_for_app_name("quik sms") == "dev.octoshrimpy.quik.fdroid"
    assert package_for_app_name("org.fossify.messages") == "org.fossify.messages"
    assert package_for_app_name("Nonexistent App") is None
