import pytest

from pytest_anyapp.agents.actions import Action, action_from_arguments, action_from_tool_call
from pytest_anyapp.errors import ActionParseError, MalformedActionError


def test_tap_is_click_and_bbox_reduces_to_centre():
    a = action_from_arguments({"action": " Tap ", "coordinate": [10, 20, 30, 40]})
    assert a == Action(action="click", coordinate=(20, 30))


@pytest.mark.parametrize("button", ["Back", "HOME", "enter"])
def test_buttons_are_case_insensitive(button):
    assert action_from_arguments({"action": "system_button", "button": button}).button == button.lower()


@pytest.mark.parametrize("args", [
    {"action": "drag", "coordinate": [1, 2]},
    {"action": "click"},
    {"action": "swipe", "coordinate": [1, 2]},
    {"action": "type"},
    {"action": "system_button", "button": "menu"},
    {"action": "click", "coordinate": [1, True]},
    {"action": ""},
])
def test_schema_violations_are_malformed(args):
    with pytest.raises(MalformedActionError):
        action_from_arguments(args)


def test_tool_call_parsing_keeps_raw_output():
    with pytest.raises(ActionParseError) as err:
        action_from_tool_call("not json")
    assert err.value.raw_output == "not json"
    a = action_from_tool_call('{"name": "mobile_use", "arguments": {"action": "answer", "text": "42"}}')
    assert a.action == "answer" and a.text == "42" and a.ends_episode


@pytest.mark.parametrize("status,expected", [("success", "success"), ("fail", "failure"), ("FAILURE", "failure"),
                                             (None, None)])
def test_terminate_status_is_normalised_not_forced_to_success(status, expected):
    a = action_from_arguments({"action": "terminate", "status": status})
    assert a.status == expected


def test_unknown_terminate_status_is_malformed():
    with pytest.raises(MalformedActionError):
        action_from_arguments({"action": "terminate", "status": "maybe"})
