"""The xdist controller counts pair tests by node id for the progress line: a test suite's own
tests are not episodes."""

from __future__ import annotations

from pytest_anyapp.plugin import is_pair_node_id
from pytest_anyapp.registry import schedule


def test_every_pair_node_id_counts_and_nothing_else_does() -> None:
    ids = [f"pairs/test_pairs.py::test_pair[{inst.test_id}]" for inst in schedule()]
    assert ids and all(is_pair_node_id(i) for i in ids)
    assert not any(is_pair_node_id(i) for i in ("tests/unit/test_x.py::test_a[1]", "tests/report/test_cost.py::test_c",
                                                "tests/categories/test_launch_invariance.py::test_x[sms-SmsSend]"))
