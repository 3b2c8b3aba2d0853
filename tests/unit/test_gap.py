"""Gap tables computed by hand: hierarchy, invalid exclusion, missing data, overall row, rendering."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_anyapp.outcomes import Status
from pytest_anyapp.records.models import EpisodeRecord, Provenance
from pytest_anyapp.report.gap import GapTable, build_gap_table
from pytest_anyapp.report.render import render_markdown, render_terminal

S, F, INV = Status.VALID_SUCCESS, Status.VALID_FAILURE, Status.INVALID

ORIG = "sms_simple_sms_messenger"
NEW_B = "sms_fossify_messages"
NEW_C = "sms_quik_sms"


def summary(app_id: str, semantic_id: str, instance: int, status: Status, *,
            condition: str = "c1", condition_valid: bool = True) -> dict[str, Any]:
    """A summary exactly as the harness produces it: from a real EpisodeRecord."""
    category = app_id.split("_", 1)[0]
    record = EpisodeRecord(
        test_id=f"{category}-{semantic_id}-{app_id.split('_', 1)[1]}-i{instance}", status=status,
        goal="g", prompt_goal="g",
        provenance=Provenance(category=category, app_id=app_id, semantic_id=semantic_id, instance=instance,
                              condition=condition, condition_valid=condition_valid),
    )
    return record.summary()


def episodes(app_id: str, semantic_id: str, statuses: list[Status], **kw: Any) -> list[dict[str, Any]]:
    return [summary(app_id, semantic_id, i, st, **kw) for i, st in enumerate(statuses)]


@pytest.fixture
def sms_table() -> GapTable:
    rows = (
        episodes(ORIG, "SmsReply", [S, S, F])      # template 2/3
        + episodes(ORIG, "SmsSend", [F, F, F])     # template 0    -> app (2/3 + 0) / 2 = 1/3
        + episodes(NEW_B, "SmsReply", [S, S, S])   # template 1
        + episodes(NEW_B, "SmsSend", [S, INV, INV])    # template 1 (invalid excluded) -> app 1
        + episodes(NEW_C, "SmsReply", [S])         # template 1
        + episodes(NEW_C, "SmsSend", [F, F])       # template 0 -> app 0.5 (pooled would be 1/3)
    )
    return build_gap_table(rows)


def test_hierarchical_rates(sms_table: GapTable) -> None:
    (sms,) = sms_table.categories
    apps = {a.app_id: a for a in sms.apps}
    assert apps[ORIG].template_rates == {"SmsReply": pytest.approx(2 / 3), "SmsSend": 0.0}
    assert apps[ORIG].rate == pytest.approx(1 / 3)
    assert apps[NEW_B].rate == pytest.approx(1.0)
    assert apps[NEW_C].rate == pytest.approx(0.5)  # template-weighted, not episode-pooled (1/3)
    assert sms.original_app_id == ORIG
    assert sms.original_rate == pytest.approx(1 / 3)
    assert sms.new_rate == pytest.approx(0.75)  # unweighted over apps, though B has twice C's episodes
    assert sms.gap == pytest.approx(0.75 - 1 / 3)
    assert sms.n_new_apps == 2


def test_invalid_episodes_are_counted_not_scored(sms_table: GapTable) -> None:
    (sms,) = sms_table.categories
    apps = {a.app_id: a for a in sms.apps}
    assert (apps[NEW_B].n_valid, apps[NEW_B].n_success, apps[NEW_B].n_invalid) == (4, 4, 2)
    assert (sms.n_valid, sms.n_invalid) == (6 + 4 + 3, 2)
    assert (sms_table.overall.n_valid, sms_table.overall.n_invalid) == (13, 2)
    assert [a.app_id for a in sms.apps] == [ORIG, NEW_B, NEW_C]  # original first


def test_overall_row_is_mean_over_categories_with_both_rates(sms_table: GapTable) -> None:
    rows = (
        episodes(ORIG, "SmsReply", [S, F]) + episodes(NEW_B, "SmsReply", [F, F])           # sms: 0.5 vs 0
        + episodes("clock_google_clock", "ClockCreateAlarm", [S, S])                        # clock: 1 vs 0.5
        + episodes("clock_chrono", "ClockCreateAlarm", [S, F])
        + episodes("contacts_fossify_contacts", "ContactsAddContact", [S])                  # no original
    )
    table = build_gap_table(rows)
    assert [c.category for c in table.categories] == ["sms", "contacts", "clock"]  # Category order
    assert table.overall.categories == ["sms", "clock"]
    assert table.overall.original_rate == pytest.approx(0.75)
    assert table.overall.new_rate == pytest.approx(0.25)
    assert table.overall.gap == pytest.approx(-0.5)


def test_missing_original_gives_none_not_zero() -> None:
    table = build_gap_table(episodes("contacts_fossify_contacts", "ContactsAddContact", [S, F]))
    (contacts,) = table.categories
    assert contacts.original_app_id == "contacts_google_contacts"  # named from the catalog
    assert contacts.original_rate is None
    assert contacts.new_rate == pytest.approx(0.5)
    assert contacts.gap is None
    assert table.overall.categories == []
    assert table.overall.original_rate is None and table.overall.gap is None


def test_original_with_only_invalid_episodes_has_no_rate() -> None:
    table = build_gap_table(episodes(ORIG, "SmsReply", [INV, INV]) + episodes(NEW_B, "SmsReply", [S]))
    (sms,) = table.categories
    orig = sms.apps[0]
    assert (orig.app_id, orig.rate, orig.n_valid, orig.n_invalid, orig.n_templates) == (ORIG, None, 0, 2, 0)
    assert orig.template_rates == {"SmsReply": None}
    assert sms.original_rate is None and sms.gap is None
    assert sms.new_rate == 1.0


def test_condition_mismatch_counts_as_invalid() -> None:
    rows = [summary(ORIG, "SmsReply", 0, S, condition_valid=False), summary(ORIG, "SmsReply", 1, F)]
    (sms,) = build_gap_table(rows).categories
    assert (sms.apps[0].n_valid, sms.apps[0].n_invalid, sms.original_rate) == (1, 1, 0.0)


def test_mixed_conditions_need_a_choice() -> None:
    rows = episodes(ORIG, "SmsReply", [S], condition="c1") + episodes(ORIG, "SmsReply", [F], condition="c2_g")
    with pytest.raises(ValueError, match="mix conditions"):
        build_gap_table(rows)
    table = build_gap_table(rows, condition="c2_g")
    assert table.condition == "c2_g"
    assert table.categories[0].original_rate == 0.0


def test_duplicate_slots() -> None:
    rows = [summary(ORIG, "SmsReply", 0, INV), summary(ORIG, "SmsReply", 0, S)]
    (sms,) = build_gap_table(rows).categories
    assert (sms.n_valid, sms.n_invalid, sms.original_rate) == (1, 0, 1.0)
    with pytest.raises(ValueError, match="valid episodes for one slot"):
        build_gap_table([summary(ORIG, "SmsReply", 0, S), summary(ORIG, "SmsReply", 0, F)])


def test_uncatalogued_app_needs_an_explicit_role() -> None:
    stray = summary("sms_unknown_app", "SmsReply", 0, S)
    marked = dict(stray, is_original=False)
    table = build_gap_table([stray, summary(ORIG, "SmsReply", 0, F)])
    assert [a.app_id for a in table.categories[0].apps] == [ORIG]
    assert len(table.skipped) == 1 and "sms_unknown_app" in table.skipped[0]
    table = build_gap_table([marked, summary(ORIG, "SmsReply", 0, F)])
    assert table.categories[0].new_rate == 1.0 and table.skipped == []


def test_empty_input() -> None:
    table = build_gap_table([])
    assert table.categories == [] and table.overall.gap is None and table.condition is None


def test_markdown_rendering(sms_table: GapTable) -> None:
    md = render_markdown(sms_table)
    assert "| sms | Simple SMS Messenger | 33.3% | 75.0% | 2 | +41.7 pp | 13 | 2 |" in md
    assert "| **Overall** (1 categories) | | 33.3% | 75.0% | | +41.7 pp | 13 | 2 |" in md
    assert "| sms | Fossify Messages (`sms_fossify_messages`) | new | 100.0% | 2 | 4 / 4 | 2 |" in md


def test_terminal_rendering_shows_missing_as_na() -> None:
    table = build_gap_table(episodes("contacts_fossify_contacts", "ContactsAddContact", [S, F]))
    text = render_terminal(table)
    assert "condition: c1" in text
    lines = text.splitlines()
    assert any("Fossify Contacts" in ln and "50.0%" in ln for ln in lines)
    assert any("contacts_google_contacts (no episodes)" in ln and "n/a" in ln for ln in lines)
    assert lines[-1].startswith("overall") and lines[-1].rstrip().endswith("n/a")
