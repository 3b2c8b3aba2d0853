"""``--collect-only`` lists the pairs from the pair list an earlier collection left in pytest's
cache, without importing a category bundle, and lists exactly the tests the schedule holds."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pytest_anyapp.catalog import app_by_id
from pytest_anyapp.pair_index import CACHE_KEY, cached_pairs, computed_pairs, sources_key
from pytest_anyapp.registry import schedule

#: Written by the inner run when collection is over: which category bundles (and adb, imaging libraries) it imported.
MODULES_CONFTEST = '''
import json
import sys
from pathlib import Path

from pytest_anyapp.catalog import Category

HEAVY = {f"verifiers.{c.value}" for c in Category} | {"adbutils", "PIL"}


def pytest_collection_finish(session):
    Path("modules.json").write_text(json.dumps(sorted(m for m in sys.modules if m in HEAVY)))
'''


def _ids(result: pytest.RunResult) -> list[str]:
    return [line for line in result.outlines if "::test_pair[" in line]


def test_a_warm_collect_only_imports_no_bundle_and_lists_the_same_tests(pairs_dir):
    pairs_dir.makeconftest(MODULES_CONFTEST)
    cold = pairs_dir.runpytest_subprocess("--collect-only", "-q", "-p", "no:randomly")
    cold_modules = json.loads((pairs_dir.path / "modules.json").read_text())
    warm = pairs_dir.runpytest_subprocess("--collect-only", "-q", "-p", "no:randomly")
    warm_modules = json.loads((pairs_dir.path / "modules.json").read_text())
    uncached = pairs_dir.runpytest_subprocess("--collect-only", "-q", "-p", "no:randomly", "-p", "no:cacheprovider")

    assert "verifiers.sms" in cold_modules  # the first collection works the pairs out from the bundles
    assert warm_modules == [], warm_modules  # no bundle, no adbutils, no PIL
    expected = [f"test_pairs.py::test_pair[{inst.test_id}]" for inst in schedule()]
    assert _ids(cold) == _ids(warm) == _ids(uncached) == expected


def test_a_warm_collect_only_keeps_markers_and_instance_options(pairs_dir):
    pairs_dir.runpytest_subprocess("--collect-only", "-q")  # fills the cache
    orig = _ids(pairs_dir.runpytest_subprocess("--collect-only", "-q", "-m", "sms and anyapp_original",
                                               "--instances", "2", "--instance", "1"))
    assert orig and all("simple_sms_messenger" in i and i.endswith("-i1]") for i in orig)


class _DictCache:
    """pytest's ``Cache`` interface (get/set of JSON values), in memory."""

    def __init__(self) -> None:
        self.values: dict[str, object] = {}
        self.sets = 0

    def get(self, key: str, default: object) -> object:
        return self.values.get(key, default)

    def set(self, key: str, value: object) -> None:
        self.values[key] = json.loads(json.dumps(value))
        self.sets += 1


def test_cached_pairs_are_the_computed_pairs_and_a_bad_entry_is_recomputed():
    cache = _DictCache()
    first = cached_pairs(cache)
    assert first == computed_pairs() and cache.sets == 1
    assert cached_pairs(cache) == first and cache.sets == 1  # read back, not recomputed
    entry = cache.values[CACHE_KEY]
    assert isinstance(entry, dict)
    cache.values[CACHE_KEY] = {**entry, "pairs": [["SmsSend", "no_such_app"]]}
    assert cached_pairs(cache) == first and cache.sets == 2
    cache.values[CACHE_KEY] = {"key": "stale", "pairs": [["SmsSend", "sms_quik_sms"]]}
    assert cached_pairs(cache) == first and cache.sets == 3
    assert ("SmsSend", app_by_id("sms_quik_sms")) in first


def test_the_key_follows_every_source_file(tmp_path: Path):
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    source = root / "sub" / "templates.py"
    source.write_text("A = 1\n")
    (root / "notes.txt").write_text("not a source")
    key = sources_key([root])
    assert sources_key([root]) == key
    (root / "notes.txt").write_text("still not a source")
    assert sources_key([root]) == key
    source.write_text("A = 22\n")
    edited = sources_key([root])
    assert edited != key
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # same size, newer
    assert sources_key([root]) != edited
    touched = sources_key([root])
    (root / "sub" / "new_category.py").write_text("")
    assert sources_key([root]) != touched
