"""SMS verifier conformance on a real simulated device, through the real adb server.

For every (template, app) pair at instance 0: the adapter seeds the initial state and its read
fails the criterion; the gold end state, written to ``mmssms.db`` with ``sqlite3`` as an app
would (new rows inserted, removed rows deleted), passes; every near miss fails; tolerated
variants pass. A store that cannot be read raises ``VerifierReadError``. One device per module.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from sms_cases import build

from pytest_anyapp.catalog.models import Category
from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.registry import Pair, params_for, scheduled_pairs
from pytest_anyapp.sim.testing import RunningDevice, running_device
from pytest_anyapp.templates.sms import SmsMessage, SmsState
from verifiers.sms import ADAPTERS, TelephonySmsAdapter
from verifiers.sms.contacts_provider import listed_phones
from verifiers.sms.telephony import MMSSMS_DB, READ_SQL, insert_sql

PAIRS = scheduled_pairs([Category.SMS])


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("sms-conformance")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def _key(m: SmsMessage) -> tuple[int, str, str]:
    return (m.box, m.address, m.body)


def write_as_app(client: DeviceClient, adapter: TelephonySmsAdapter, current: SmsState, target: SmsState) -> SmsState:
    """Make the store hold ``target``'s rows: delete the rows it lacks (by ``_id``) and insert the
    rows it adds (with thread bookkeeping), in one transaction like an app's provider write; the
    same ``sqlite3`` call then runs the adapter's read, whose output the adapter parses."""
    want = Counter(_key(m) for m in target.messages)
    statements: list[str] = []
    for row in current.messages:
        if want[_key(row)] > 0:
            want[_key(row)] -= 1
        else:
            statements.append(f"DELETE FROM sms WHERE _id = {row.row_id};")
    for m in target.messages:
        if want[_key(m)] > 0:
            want[_key(m)] -= 1
            statements.append(insert_sql(m))
    lines = client.sqlite(MMSSMS_DB, "BEGIN; " + " ".join(statements) + " COMMIT; " + READ_SQL)
    read = adapter.parse({"sms": lines})
    assert sorted(map(_key, read.messages)) == sorted(map(_key, target.messages))
    return read


@pytest.mark.parametrize("pair", PAIRS, ids=[p.pair_id for p in PAIRS])
def test_pair_conformance(client: DeviceClient, pair: Pair) -> None:
    template, adapter = pair.template, pair.adapter
    assert isinstance(adapter, TelephonySmsAdapter)
    params = params_for(template, 30, 0)
    initial = template.initial_state(params)
    adapter.setup(client)
    adapter.seed(client, initial)

    first = adapter.parse(adapter.read_raw(client))
    assert sorted(map(_key, first.messages)) == sorted(map(_key, initial.messages))
    assert all(m.row_id is not None and m.thread_id for m in first.messages)
    phones = listed_phones(client)
    assert sorted(phones) == sorted((c.name, p) for c in initial.contacts for p in c.phones)
    start = template.check(params, first, [first], None)
    assert not start.success, "the seeded store must not already satisfy the goal"

    cases = build(template, params)
    current = write_as_app(client, adapter, first, cases.gold)
    verdict = template.check(params, adapter.parse(adapter.read_raw(client)), [first], None)
    assert verdict.success, verdict.summary()

    for name, state in cases.tolerated.items():
        current = read = write_as_app(client, adapter, current, state)
        assert template.check(params, read, [first], None).success, f"tolerated {name!r} failed"

    for name, state in cases.near_misses.items():
        current = read = write_as_app(client, adapter, current, state)
        history = [cases.history_override[name]] if name in cases.history_override else [first]
        result = template.check(params, read, history, None)
        assert not result.success, f"near miss {name!r} passed: {result.summary()}"


def test_unreadable_store_is_a_read_error(client: DeviceClient) -> None:
    """A store that is not a database, or lacks the ``sms`` table, is infrastructure, not a fail.

    The four adapters share this reader (checked below), so one app exercises it; each broken
    read costs the client's retries with back-off, which is why this is not run per pair."""
    assert all(type(a).read_raw is TelephonySmsAdapter.read_raw and type(a).parse is TelephonySmsAdapter.parse
               for a in ADAPTERS)
    adapter = ADAPTERS[0]
    assert isinstance(adapter, TelephonySmsAdapter)
    adapter.seed(client, SmsState())
    client.check(f"cp {MMSSMS_DB} {MMSSMS_DB}.bak && echo 'not a database' > {MMSSMS_DB}")
    try:
        with pytest.raises(VerifierReadError):
            adapter.read_raw(client)
    finally:
        client.check(f"mv {MMSSMS_DB}.bak {MMSSMS_DB}")
    client.sqlite(MMSSMS_DB, "ALTER TABLE sms RENAME TO sms_gone;")
    try:
        with pytest.raises(VerifierReadError):
            adapter.read_raw(client)
    finally:
        client.sqlite(MMSSMS_DB, "ALTER TABLE sms_gone RENAME TO sms;")
    assert adapter.parse(adapter.read_raw(client)) == SmsState()
    with pytest.raises(VerifierReadError):  # a truncated snapshot (count says more rows than came)
        adapter.parse({"sms": ["5000", "__SMS_ROWS__1"]})


def test_setup_makes_the_app_the_default_sms_app(client: DeviceClient) -> None:
    for adapter in ADAPTERS:
        adapter.setup(client)
        holders = client.check("cmd role get-role-holders --user 0 android.app.role.SMS").strip()
        assert holders == adapter.app.package
        assert client.check("settings get secure sms_default_application").strip() == adapter.app.package
