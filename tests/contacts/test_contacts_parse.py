"""Pure parsers of the Contacts reads: the shapes Android prints (``content query`` rows,
``dumpsys activity activities`` records) and the private store's Gson numbers."""

from __future__ import annotations

import pytest

from pytest_anyapp.errors import VerifierReadError
from verifiers.contacts.android import parse_front, parse_provider
from verifiers.contacts.localdb import COUNT_MARK, NO_DB_MARK, numbers_of, parse_local, phone_json
from verifiers.contacts.state import message_target, same_name, same_number

NAME = "vnd.android.cursor.item/name"
PHONE = "vnd.android.cursor.item/phone_v2"


def row(i: int, cid: int, mime: str, d1: str, d2: str = "NULL", d3: str = "NULL", starred: int = 0) -> str:
    return (f"Row: {i} contact_id={cid}, raw_contact_id={cid}, mimetype={mime}, data1={d1}, data2={d2}, "
            f"data3={d3}, starred={starred}")


def test_provider_rows_group_by_contact_and_read_connect_you_three_name_rows() -> None:
    lines = [
        row(0, 1, NAME, "Alice Smith", "Alice", "Smith", 1), row(1, 1, PHONE, "202-555-0101", "2"),
        # Connect You: display name, given name and family name as three rows of one raw contact
        row(2, 2, NAME, "Bob Lee"), row(3, 2, NAME, "NULL", "Bob"), row(4, 2, NAME, "NULL", "NULL", "Lee"),
        row(5, 2, PHONE, "(303) 555-0199", "2"),
    ]
    alice, bob = parse_provider(lines)
    assert (alice.name, alice.phones, alice.starred) == ("Alice Smith", ["202-555-0101"], True)
    assert (bob.name, bob.phones, bob.starred) == ("Bob Lee", ["(303) 555-0199"], False)


def test_provider_name_falls_back_to_the_display_name() -> None:
    (c,) = parse_provider([row(0, 7, NAME, "Eva Clark"), row(1, 7, PHONE, "2025550101")])
    assert (c.first, c.last) == ("Eva", "Clark")


def test_provider_row_of_another_shape_is_a_read_error() -> None:
    with pytest.raises(VerifierReadError):
        parse_provider(["Row: 0 display_name=Alice, data1=202"])


#: Android 13 (Task.dumpInner, RootWindowContainer.dumpActivities, ActivityTaskManagerService
#: .dumpActivitiesLocked): the resumed record is named three ways, never ``mResumedActivity:``.
DUMP = """ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)
Display #0 (activities from top to bottom):
  * Task{a5c1a8b #12 type=standard A=10145:com.google.android.apps.messaging U=0 visible=true}
    isSleeping=false
    topResumedActivity=ActivityRecord{c6a2a0c u0 com.google.android.apps.messaging/.ui.C t12}
    * Hist  #0: ActivityRecord{c6a2a0c u0 com.google.android.apps.messaging/.ui.C t12}
      packageName=com.google.android.apps.messaging processName=com.google.android.apps.messaging
      launchedFromUid=10146 launchedFromPackage=org.fossify.contacts launchedFromFeature=null userId=0
      Intent { act=android.intent.action.SENDTO dat=smsto:202-555-0101 flg=0x10000000 cmp=com.google.android.apps.messaging/.ui.C }

  * Task{1 #11 type=standard A=10150:org.fossify.contacts U=0 visible=false}
    isSleeping=false
    * Hist  #0: ActivityRecord{d1 u0 org.fossify.contacts/.activities.ViewContactActivity t11}
      Intent { cmp=org.fossify.contacts/.activities.ViewContactActivity }
  Resumed activities in task display areas (from top to bottom):
    Resumed: ActivityRecord{c6a2a0c u0 com.google.android.apps.messaging/.ui.C t12}

  ResumedActivity: ActivityRecord{c6a2a0c u0 com.google.android.apps.messaging/.ui.C t12}
"""


def test_front_is_the_resumed_record_and_its_unmasked_intent() -> None:
    front = parse_front(DUMP.splitlines())
    assert front is not None
    assert (front.package, front.action, front.data) == (
        "com.google.android.apps.messaging", "android.intent.action.SENDTO", "smsto:202-555-0101")
    assert parse_front(["Display #0 (activities from top to bottom):"]) is None
    lines = DUMP.splitlines()
    for label in ("  ResumedActivity: ", "    Resumed: ", "    topResumedActivity="):  # each alone names it
        alone = [ln for ln in lines if "Resumed" not in ln or ln.startswith(label)]
        assert parse_front(alone) == front, label
    other = "ActivityRecord{d1 u0 org.fossify.contacts/.activities.ViewContactActivity t11}"
    ats = [f"  ResumedActivity: {other}" if ln.startswith("  ResumedActivity: ") else ln for ln in lines]
    picked = parse_front(ats)
    assert picked is not None and picked.package == "org.fossify.contacts"  # the device's top wins
    assert parse_front([ln.replace("topResumedActivity=", "mResumedActivity: ") for ln in lines
                        if "Resumed:" not in ln and "ResumedActivity:" not in ln]) is None


@pytest.mark.parametrize(("uri", "number"), [
    ("smsto:202-555-0101", "202-555-0101"), ("sms:+12025550101", "+12025550101"), ("mmsto:%2B1202", "+1202"),
    ("sms:2025550101?body=hi", "2025550101"), ("tel:2025550101", None), ("content://x", None),
])
def test_message_target(uri: str, number: str | None) -> None:
    assert message_target(uri) == number


def test_private_store_rows_and_gson_numbers() -> None:
    sep = "\x1f"
    lines = [f"{COUNT_MARK}1", sep.join(["Grace", "Adams", phone_json(["202-555-0101"]), "1"])]
    (c,) = parse_local(lines)
    assert (c.name, c.phones, c.starred) == ("Grace Adams", ["202-555-0101"], True)
    assert parse_local([NO_DB_MARK]) == []
    assert numbers_of('["+1 (202) 555-0147"]') == ["+1 (202) 555-0147"]
    with pytest.raises(VerifierReadError):
        parse_local([f"{COUNT_MARK}2", sep.join(["Grace", "Adams", "[]", "0"])])  # a row went missing


def test_matching_rules() -> None:
    assert same_name("  alice   SMITH ", "Alice Smith") and not same_name("Alice", "Alice Smith")
    assert same_number("+1 (202) 555-0101", "202-555-0101")
    assert not same_number("991-202-555-0101", "202-555-0101")
