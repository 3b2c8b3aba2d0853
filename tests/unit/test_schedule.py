"""Seeding and schedule invariants for every template in the registry."""

import json

from pytest_anyapp.registry import schedule, scheduled_pairs, templates_by_category
from pytest_anyapp.seeding import instance_seed


def test_instance_seed_formula():
    import hashlib

    expected = int(hashlib.sha256(b"30_SmsSend_2").hexdigest(), 16) % 2**32
    assert instance_seed(30, "SmsSend", 2) == expected


def test_every_template_gives_byte_identical_params_and_goals_differing_only_in_app_name():
    instances = schedule(seed=30, n_instances=3)
    by_key: dict[tuple[str, int], list] = {}
    for inst in instances:
        by_key.setdefault((inst.pair.template.semantic_id, inst.instance), []).append(inst)
    templates = {t.semantic_id for ts in templates_by_category().values() for t in ts}
    assert {k[0] for k in by_key} == templates
    for group in by_key.values():
        dumps = {json.dumps(i.params, sort_keys=True, ensure_ascii=False) for i in group}
        assert len(dumps) == 1
        neutral = {i.goal.replace(i.pair.app.display_name, "[TARGET_APP]", 1) for i in group}
        assert len(neutral) == 1 and neutral == {group[0].semantic_goal}


def test_instances_differ_and_seed_changes_params():
    a = {(i.test_id): i.params for i in schedule(seed=30, n_instances=3)}
    b = {(i.test_id): i.params for i in schedule(seed=31, n_instances=3)}
    assert a != b
    sms_send = [p for t, p in a.items() if "SmsSend-" in t and t.endswith("simple_sms_messenger-i0")]
    assert sms_send


def test_schedule_order_is_stable_and_ids_unique():
    first = [i.test_id for i in schedule()]
    second = [i.test_id for i in schedule()]
    assert first == second and len(set(first)) == len(first)
    assert len(first) == 3 * len(scheduled_pairs())


def test_only_instance_keeps_its_own_params():
    full = {i.test_id: i.params for i in schedule(n_instances=3)}
    one = schedule(n_instances=3, only_instance=2)
    assert one and all(i.instance == 2 and full[i.test_id] == i.params for i in one)
