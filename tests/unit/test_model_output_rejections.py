"""Every rejection of model output is the model's failure (``MalformedActionError``), never a
Python error from deep inside an adapter: JSON's ``NaN``/``Infinity`` coordinates (``json.loads``
accepts both), points beyond the model's coordinate space, unknown actions."""

from __future__ import annotations

import pytest

from pytest_anyapp.agents.actions import action_from_tool_call
from pytest_anyapp.agents.models.coords import Frame, point_to_device
from pytest_anyapp.errors import DeclaredAgentOutputError, MalformedActionError


@pytest.mark.parametrize("point", ["[NaN, 5]", "[Infinity, 5]", "[5, -Infinity]", "[0, 0, NaN, 9]"])
def test_non_finite_coordinates_are_malformed_output(point):
    call = f'{{"name": "mobile_use", "arguments": {{"action": "click", "coordinate": {point}}}}}'
    with pytest.raises(MalformedActionError, match="finite"):
        action_from_tool_call(call)


@pytest.mark.parametrize("value", [[float("nan"), 5], [float("inf"), 5]])
def test_non_finite_points_pass_the_frame_untouched_for_schema_validation(value):
    assert point_to_device(value, Frame.normalised((1080, 2400))) is value


@pytest.mark.parametrize("point", [[5000, 10], [10, -40], [1001.5, 3]])
def test_points_beyond_the_models_space_are_malformed_output(point):
    with pytest.raises(MalformedActionError, match="outside"):
        point_to_device(point, Frame.normalised((1080, 2400)))


def test_the_edge_of_the_space_is_the_last_pixel():
    assert point_to_device([1000, 999], Frame.normalised((1080, 2400))) == [1079, 2399]


def test_unknown_action_is_malformed_output():
    with pytest.raises(DeclaredAgentOutputError):
        action_from_tool_call('{"name": "mobile_use", "arguments": {"action": "double_click", "coordinate": [1, 2]}}')
