"""SMS readers on a simulated device through the real adb server: an unreadable store is a read
error (never an empty store), setup gives the app the SMS role, and a Fossify drafts database
that was never created reads as "no drafts". Per-pair conformance is ``tests/categories``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_anyapp.device.client import DeviceClient, LaneAddress
from pytest_anyapp.errors import VerifierReadError
from pytest_anyapp.sim.testing import RunningDevice, running_device
from verifiers.sms import ADAPTERS, FossifyMessagesAdapter, TelephonySmsAdapter
from verifiers.sms.adapters import FOSSIFY_DB
from verifiers.sms.state import SmsState
from verifiers.sms.telephony import MMSSMS_DB


@pytest.fixture(scope="module")
def sim(adb_server: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningDevice]:
    with running_device(Path(tmp_path_factory.mktemp("sms-readers")) / "dev", adb_server_port=adb_server) as dev:
        yield dev


@pytest.fixture(scope="module")
def client(sim: RunningDevice, adb_server: int) -> DeviceClient:
    return DeviceClient(LaneAddress(serial=sim.serial, console_port=sim.console_port, grpc_port=None,
                                    adb_port=adb_server))


def test_unreadable_store_is_a_read_error(client: DeviceClient) -> None:
    """A store that is not a database, or lacks the ``sms`` table, is infrastructure, not a fail.

    The four adapters read messages with this one reader (each adds its drafts), so one app
    exercises it; each broken read costs the client's retries with back-off, which is why this is
    not run per pair."""
    assert all(isinstance(a, TelephonySmsAdapter) for a in ADAPTERS)
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


def test_fossify_without_its_database_has_no_drafts(client: DeviceClient) -> None:
    """Before the app's first start there is no ``conversations.db``: no drafts, and the read must
    not create the file (a file made by sqlite3 would lack Room's schema)."""
    adapter = FossifyMessagesAdapter()
    adapter.seed(client, SmsState())
    client.check(f"rm -f {FOSSIFY_DB}")
    assert adapter.parse(adapter.read_raw(client)) == SmsState()
    assert not client.run(f"ls {FOSSIFY_DB}").ok
