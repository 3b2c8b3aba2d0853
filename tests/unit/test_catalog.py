"""The app catalogue matches the reference notes' shape: 52 apps, 10 categories, one original each."""

from __future__ import annotations

from collections import Counter

import pytest

from pytest_anyapp.catalog import APPS, Category, app_by_id, apps_in

# Per-category app counts from the notes (tasks_part1 §0.1, tasks_part2 §0.1).
EXPECTED_COUNTS: dict[Category, int] = {
    Category.SMS: 4, Category.CONTACTS: 5, Category.CLOCK: 6, Category.FILES: 5, Category.MAPS: 3,
    Category.TASKS: 6, Category.NOTES: 6, Category.FINANCE: 6, Category.MUSIC: 6, Category.CALENDAR: 5,
}

EXPECTED_ORIGINALS: dict[Category, str] = {
    Category.SMS: "sms_simple_sms_messenger",
    Category.CONTACTS: "contacts_google_contacts",
    Category.CLOCK: "clock_google_clock",
    Category.FILES: "files_material_files",
    Category.MAPS: "maps_osmand",
    Category.TASKS: "tasks_org",
    Category.NOTES: "notes_markor",
    Category.FINANCE: "finance_pro_expense",
    Category.MUSIC: "music_retro_music",
    Category.CALENDAR: "calendar_simple_calendar_pro",
}


def test_there_are_52_apps_in_10_categories() -> None:
    assert len(APPS) == 52
    assert {a.category for a in APPS} == set(Category)
    assert len(Category) == 10


def test_per_category_counts_match_the_notes() -> None:
    assert Counter(a.category for a in APPS) == EXPECTED_COUNTS


@pytest.mark.parametrize("category", list(Category), ids=str)
def test_exactly_one_original_per_category(category: Category) -> None:
    originals = [a.app_id for a in APPS if a.category == category and a.is_original]
    assert originals == [EXPECTED_ORIGINALS[category]]


def test_ids_and_packages_are_unique() -> None:
    ids = [a.app_id for a in APPS]
    packages = [a.package for a in APPS]
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    assert len(set(packages)) == len(packages), [p for p, n in Counter(packages).items() if n > 1]


def test_ids_are_prefixed_with_their_category() -> None:
    wrong = [a.app_id for a in APPS if a.app_id.split("_", 1)[0] != a.category.value]
    assert wrong == []


def test_sms_rows_are_unchanged() -> None:
    quik = app_by_id("sms_quik_sms")
    assert (quik.package, quik.version_name, quik.version_code) == ("dev.octoshrimpy.quik.fdroid", "4.3.6", 2238)
    assert [a.app_id for a in apps_in(Category.SMS)] == [
        "sms_simple_sms_messenger", "sms_fossify_messages", "sms_google_messages", "sms_quik_sms",
    ]


def test_pins_for_the_cohort_and_whole_pins_elsewhere() -> None:
    """The notes pin versions for the 23 cohort apps; other apps are pinned only where a category
    helper read the app's source at a tag (the category doc cites it), and then with both fields."""
    cohort = {Category.SMS, Category.CONTACTS, Category.CLOCK, Category.FILES, Category.MAPS}
    for app in APPS:
        pinned = app.version_name is not None and app.version_code is not None
        assert pinned or app.category not in cohort, app.app_id
        assert (app.version_name is None) == (app.version_code is None), app.app_id
    assert app_by_id("clock_google_clock").version_code == 74001498


def test_apps_in_lists_the_original_first() -> None:
    for category in Category:
        members = apps_in(category)
        assert members[0].is_original
        assert [a.app_id for a in members[1:]] == sorted(a.app_id for a in members[1:])
