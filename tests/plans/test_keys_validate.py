"""Plan keys and the app-neutrality validator."""

from __future__ import annotations

import pytest

from pytest_anyapp.catalog import APPS, Category
from pytest_anyapp.plans.instances import scheduled_semantic_instances
from pytest_anyapp.plans.keys import parse_plan_key, plan_key, plan_text_from_steps
from pytest_anyapp.plans.validate import (
    MAX_PLAN_CHARS,
    MAX_STEP_CHARS,
    MAX_STEPS,
    app_terms_from,
    steps_from_plan_text,
    validate_steps,
)
from pytest_anyapp.seeding import goal_sha256

GOAL = "Send a text message to 555-0100 that says \"Hi\" using the [TARGET_APP] app."
GEO_GOAL = "Show the location 48.8584, 2.2945 on the map in [TARGET_APP]."


def kinds(steps: list[str], goal: str = GOAL) -> set[str]:
    return {f.kind for f in validate_steps(steps, goal).findings}


def test_plan_key_is_instance_aware_and_whitespace_insensitive() -> None:
    key = plan_key("SmsSend", 2, GOAL)
    assert key == f"SmsSend|instance=2|{goal_sha256(GOAL)}"
    assert plan_key("SmsSend", 2, "  " + GOAL.replace(" ", "   ") + "\n") == key
    assert plan_key("SmsSend", 1, GOAL) != key
    parsed = parse_plan_key(key)
    assert parsed is not None and (parsed.semantic_id, parsed.instance) == ("SmsSend", 2)
    for legacy in ("SmsSend|" + goal_sha256(GOAL), f"SmsSend|instance=x|{goal_sha256(GOAL)}", "SmsSend",
                   f"SmsSend|instance=01|{goal_sha256(GOAL)}"):
        assert parse_plan_key(legacy) is None


def test_every_app_of_a_template_shares_one_key() -> None:
    instances = scheduled_semantic_instances(seed=30, n_instances=2, categories=[Category.SMS])
    assert len({i.plan_key for i in instances}) == len(instances)
    assert all(len(i.app_ids) >= 2 for i in instances), "SMS templates run in several apps"


def test_plan_text_round_trip() -> None:
    steps = ["Open [TARGET_APP]", "Write the message", "Send it"]
    text = plan_text_from_steps(steps)
    assert text == "1. Open [TARGET_APP]\n2. Write the message\n3. Send it"
    assert steps_from_plan_text(text) == steps


def test_clean_plan_passes() -> None:
    report = validate_steps(["Open [TARGET_APP]", "Start a new conversation with 555-0100", "Enter \"Hi\" and send it"], GOAL)
    assert report.ok and report.findings == []


@pytest.mark.parametrize(
    ("step", "kind"),
    [
        ("Press at (540, 1200) to compose", "coordinate_pair"),
        ("Move to x=540 and confirm", "xy_coordinate"),
        ("Use the screen coordinates of the send control", "coordinate_word"),
        ("Go 200px down the list", "pixel_measure"),
        ("Find the node with resource-id send_button", "accessibility_or_resource_id"),
        ("Read the content-desc of the field", "accessibility_or_resource_id"),
        ("Locate @+id/compose", "accessibility_or_resource_id"),
        ("Launch com.example.messenger first", "package_name"),
        ("Open Fossify Messages", "app_name"),
        ("Use Google's messaging app", "app_name"),
        ("Open the QUIK SMS app", "app_name"),
        ("Tap the compose field", "low_level_ui_verb"),
        ("click Send", "low_level_ui_verb"),
        ("Double-tap the message", "low_level_ui_verb"),
        ("double tap the message", "low_level_ui_verb"),
        ("Long-press the conversation", "low_level_ui_verb"),
        ("long press the conversation", "low_level_ui_verb"),
        ("Swipe left on the thread", "low_level_ui_verb"),
        ("SCROLL to the bottom", "low_level_ui_verb"),
        ("Keep scrolling until it appears", "low_level_ui_verb"),
        ("Press the paper-plane button", "app_specific_control"),
        ("Open the hamburger menu", "app_specific_control"),
        ("Use the floating action button", "app_specific_control"),
    ],
)
def test_forbidden_content_is_found(step: str, kind: str) -> None:
    report = validate_steps(["Open [TARGET_APP]", step], GOAL)
    assert kind in {f.kind for f in report.findings}
    assert not report.ok
    assert any(f.step == 2 for f in report.findings)


@pytest.mark.parametrize(
    "step",
    [
        "Select the right contact",           # "Right Contact" is an app, but lowercase it is plain English
        "Confirm the message was sent",       # "Messages" is a generic noun, not a brand here
        "Save the file as report.final.pdf",  # a file name is not a package
        "Schedule it for March 5, 2025",      # a date is not a coordinate pair
        "Open the conversation",
        "Taps and clicks are described as intentions, so 'tapestry' and 'clickable' are fine words",
    ],
)
def test_innocent_text_is_not_flagged(step: str) -> None:
    report = validate_steps(["Open [TARGET_APP]", step.replace("Taps and clicks are", "Gestures are")], GOAL)
    assert report.ok, report.findings


def test_ui_verbs_need_a_word_boundary() -> None:
    assert "low_level_ui_verb" not in kinds(["Check the tapestry of results", "Find the clickable summary"])


def test_geo_pair_from_the_goal_is_allowed_but_not_others() -> None:
    assert validate_steps(["Search for 48.8584, 2.2945", "Show that place"], GEO_GOAL).ok
    assert validate_steps(["Search for the coordinates 48.8584,2.2945 as a location"], GEO_GOAL).ok
    assert "coordinate_pair" in kinds(["Search for 40.7128, -74.0060"], GEO_GOAL)
    # The same pair is not allowed when the goal does not contain it.
    assert "coordinate_pair" in kinds(["Search for 48.8584, 2.2945"], GOAL)
    # Nor when the plan uses it as a screen position.
    assert "coordinate_pair" in kinds(["On the screen near 48.8584, 2.2945 confirm"], GEO_GOAL)


def test_app_name_in_the_goal_may_be_repeated() -> None:
    goal = "Add an expense called Sushi of 12 dollars in [TARGET_APP]."
    assert validate_steps(["Create an expense named Sushi for 12 dollars"], goal).ok
    assert "app_name" in kinds(["Create an expense named Sushi for 12 dollars"], GOAL)


def test_every_catalogued_display_name_is_forbidden() -> None:
    generic = {"clock", "calendar", "contacts", "files", "maps", "messages", "music", "notes", "tasks"}
    for app in APPS:
        if app.display_name.lower() in generic:
            continue
        assert "app_name" in kinds([f"Open {app.display_name} now"]), app.display_name
        assert "app_name" in kinds([f"Launch {app.package}"]), app.package


def test_custom_terms() -> None:
    terms = app_terms_from(["Zeta Messenger"], ["org.zeta.app"])
    assert not validate_steps(["Open Zeta Messenger"], GOAL, app_terms=terms).ok
    assert validate_steps(["Open the zeta messenger style inbox"], GOAL, app_terms=terms).ok


def test_structural_limits_reject_even_in_lenient_mode() -> None:
    too_many = [f"Do part {i}" for i in range(MAX_STEPS + 1)]
    assert {f.kind for f in validate_steps(too_many, GOAL, mode="lenient").errors} == {"too_many_steps"}
    long_step = ["a" * (MAX_STEP_CHARS + 1)]
    assert "step_too_long" in {f.kind for f in validate_steps(long_step, GOAL, mode="lenient").errors}
    many_long = ["b" * MAX_STEP_CHARS] * (MAX_PLAN_CHARS // MAX_STEP_CHARS + 1)
    assert "plan_too_long" in {f.kind for f in validate_steps(many_long, GOAL).errors}
    assert {f.kind for f in validate_steps([], GOAL, mode="lenient").errors} == {"empty_plan"}
    assert "empty_step" in kinds(["Open it", "  "])
    assert "multiline_step" in kinds(["Open it\nthen send"])


def test_lenient_mode_keeps_content_findings_as_warnings() -> None:
    report = validate_steps(["Tap Send"], GOAL, mode="lenient")
    assert report.ok
    assert [f.kind for f in report.warnings] == ["low_level_ui_verb"]
    assert not validate_steps(["Tap Send"], GOAL).ok


def test_real_goals_do_not_trip_the_validator() -> None:
    """A plan that repeats the instruction verbatim must pass: goal values are task values."""
    for inst in scheduled_semantic_instances(seed=30, n_instances=3, categories=None):
        report = validate_steps([f"Do this: {inst.semantic_goal}"], inst.semantic_goal)
        assert report.ok, (inst.plan_key, report.findings)
