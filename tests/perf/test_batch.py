"""``BatchScript``: several commands in one shell round trip, each with its own output and exit code.

The script runs under the host's ``sh`` here (the parser must read what a real shell prints) and
on the simulated device in ``test_wire_counts.py``.
"""

from __future__ import annotations

import subprocess

import pytest

from pytest_anyapp.device.batch import BatchScript
from pytest_anyapp.errors import DeviceError


def run_sh(script: BatchScript) -> tuple[str, str]:
    done = subprocess.run(["sh", "-c", script.script], capture_output=True, text=True, timeout=30, check=False)
    return done.stdout, done.stderr


def test_each_command_keeps_its_stdout_stderr_and_exit_code() -> None:
    fails = "echo oops >&2; exit_code() { return 3; }; exit_code"
    script = BatchScript.build(["echo one", "printf 'no newline'", fails, "true", "printf 'a\\nb\\n'; echo err >&2"])
    got = script.parse(*run_sh(script))
    assert [(r.stdout, r.stderr, r.exit_code) for r in got if r] == [
        ("one\n", "", 0), ("no newline", "", 0), ("", "oops\n", 3), ("", "", 0), ("a\nb\n", "err\n", 0),
    ]


def test_stop_on_error_skips_later_commands_but_not_the_unguarded_tail() -> None:
    script = BatchScript.build(["echo a", "false", "echo never", "echo probe"], stop_on_error=True, unguarded_tail=1)
    got = script.parse(*run_sh(script))
    assert got[0] is not None and got[0].stdout == "a\n"
    assert got[1] is not None and got[1].exit_code == 1
    assert got[2] is None
    assert got[3] is not None and got[3].stdout == "probe\n"


def test_without_stop_on_error_every_command_runs() -> None:
    script = BatchScript.build(["false", "echo still"])
    got = script.parse(*run_sh(script))
    assert [r.exit_code for r in got if r] == [1, 0] and got[1] is not None and got[1].stdout == "still\n"


def test_markers_carry_a_fresh_nonce() -> None:
    a, b = BatchScript.build(["true"]), BatchScript.build(["true"])
    assert a.nonce != b.nonce and a.nonce in a.script


def test_output_without_markers_is_refused() -> None:
    script = BatchScript.build(["echo a", "echo b"])
    stdout, stderr = run_sh(script)
    with pytest.raises(DeviceError, match="no start marker"):
        script.parse(stdout.split(f"__AB{script.nonce}_1")[0], stderr)
    with pytest.raises(DeviceError, match="no exit status"):
        script.parse(stdout.replace(f"__AB{script.nonce}_1_rc0", "garbage"), stderr)


def test_a_command_printing_a_marker_lookalike_cannot_end_its_section() -> None:
    """Markers need the nonce, which the command cannot know in advance."""
    script = BatchScript.build(["echo __AB000000000000_0_rc7", "echo x"])
    got = script.parse(*run_sh(script))
    assert got[0] is not None and got[0].exit_code == 0 and "__AB000000000000_0_rc7" in got[0].stdout
