"""The Android-output sample format: loading, byte-exact bodies, round trip, normalising varying fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_anyapp.device.samples import (
    AndroidSample,
    Citation,
    SampleFormatError,
    dump_sample,
    load_sample,
    load_samples,
    normalise,
    parse_sample,
)

CORPUS = Path(__file__).resolve().parents[1] / "android_outputs"

TWO_STREAMS = (
    "# command: sqlite3 /data/x.db 'SELECT 1'\n"
    "# exit: 5\n"
    "# cite: aosp-mirror/platform_external_sqlite@abc123 dist/shell.c#shell_exec\n"
    "# nearest: abc123\n"
    '# state: {"busy": true}\n'
    "# varies: pid=pid (\\d+)\n"
    "# note: first\n"
    "# note: second\n"
    "----- stdout -----\n"
    "\n"
    "----- stderr -----\n"
    "Error: in prepare, database is locked (5)\n\n"
)


def test_two_streams_keep_their_bytes_and_the_header_its_fields() -> None:
    s = parse_sample(TWO_STREAMS)
    assert s.streams == {"stdout": "", "stderr": "Error: in prepare, database is locked (5)\n\n"}
    assert s.exit == 5 and s.nearest == "abc123" and s.state == {"busy": True}
    assert s.citations == [Citation(repo="aosp-mirror/platform_external_sqlite", revision="abc123",
                                    file="dist/shell.c", identifier="shell_exec")]
    assert s.varies == {"pid": "pid (\\d+)"} and s.notes == ["first", "second"]


def test_dump_then_parse_gives_the_sample_back() -> None:
    s = parse_sample(TWO_STREAMS)
    assert parse_sample(dump_sample(s)) == s
    one = AndroidSample(command="id -u", exit=0, streams={"stdout": "  0\n\n"},
                        citations=[Citation(repo="r/x", revision="t", file="f.c")])
    assert parse_sample(dump_sample(one)) == one


def test_body_without_trailing_newline_is_kept_so() -> None:
    s = parse_sample("# command: c\n# exit: 0\n# cite: a/b@t f\n----- stdout -----\nno newline")
    assert s.stdout == "no newline"


@pytest.mark.parametrize("bad", [
    "# command: c\n# exit: 0\n# cite: a/b@t f\nno separator\n",
    "# command: c\n# exit: x\n# cite: a/b@t f\n----- stdout -----\n",
    "# command: c\n# exit: 0\n# cite: not a citation\n----- stdout -----\n",
    "# command: c\n# exit: 0\n# cite: a/b@t f\n# colour: red\n----- stdout -----\n",
    "# command: c\n# exit: 0\n# cite: a/b@t f\n# state: [1]\n----- stdout -----\n",
    "# command: c\n# exit: 0\n# cite: a/b@t f\n# varies: p=(\n----- stdout -----\n",
    "# command: c\n# exit: 0\n----- stdout -----\n",
    "# command: c\n# exit: 0\n# cite: a/b@t f\n----- stdout -----\n----- stderr -----\n",
])
def test_malformed_samples_fail_loudly(bad: str) -> None:
    with pytest.raises((SampleFormatError, ValueError)):
        parse_sample(bad)


def test_normalise_replaces_groups_only_when_the_pattern_has_them() -> None:
    text = "Alarm{1a2b3c type 0 origWhen 1700000000000 whenElapsed 5000 com.x}\n  pid=123 pid=4\n"
    got = normalise(text, {"hash": r"Alarm\{([0-9a-f]+) ", "pid": r"pid=(\d+)", "elapsed": r"whenElapsed \d+"})
    assert got == "Alarm{<hash> type 0 origWhen 1700000000000 <elapsed> com.x}\n  pid=<pid> pid=<pid>\n"


def test_load_sample_names_group_and_case_from_the_path(tmp_path: Path) -> None:
    (tmp_path / "id").mkdir()
    path = tmp_path / "id" / "root.txt"
    path.write_text("# command: id -u\n# exit: 0\n# cite: a/b@t f#g\n----- stdout -----\n0\n")
    s = load_sample(path)
    assert (s.group, s.case, s.stdout) == ("id", "root", "0\n")
    assert load_samples(tmp_path) == [s]
    (tmp_path / "id" / "broken.txt").write_text("# command: x\n")
    with pytest.raises(SampleFormatError, match="broken.txt"):
        load_samples(tmp_path)


def test_the_corpus_loads_and_every_sample_cites_a_source() -> None:
    samples = load_samples(CORPUS)
    assert samples, "tests/android_outputs holds no sample"
    for s in samples:
        assert s.citations and all(c.repo and c.revision and c.file for c in s.citations), s.case
        assert s.streams, s.case
        # varying fields must actually occur, or the placeholder list is stale
        for name, pattern in s.varies.items():
            body = "".join(s.streams.values())
            assert normalise(body, {name: pattern}) != body, f"{s.group}/{s.case}: varies {name} matches nothing"
