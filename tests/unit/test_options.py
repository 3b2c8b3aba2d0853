import pytest

from pytest_anyapp.errors import ConfigError
from pytest_anyapp.options import parse_lanes


def test_lane_forms():
    lanes = parse_lanes("5554:8554, 5556 ,10.1.2.3:5558:8556")
    assert [(lane.host, lane.console_port, lane.grpc_port) for lane in lanes] == [
        ("127.0.0.1", 5554, 8554), ("127.0.0.1", 5556, None), ("10.1.2.3", 5558, 8556)]
    assert lanes[0].serial == "emulator-5554" and lanes[0].adb_port == 5555
    assert lanes[2].serial == "10.1.2.3:5559"


@pytest.mark.parametrize("text", ["5555", "x:1", "1:2:3:4", "5554,5554"])
def test_bad_lanes_are_config_errors(text):
    with pytest.raises(ConfigError):
        parse_lanes(text)
