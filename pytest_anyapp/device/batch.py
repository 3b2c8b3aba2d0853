"""Several shell commands in one device round trip, each keeping its own output and exit code.

A round trip to a live emulator costs milliseconds plus the shell's start-up; the harness's
episode setup used to pay it a dozen times (enable, disable x3, audit, grants, clock ...). A batch
is one ``sh`` script: before and after every command it prints a marker line carrying a random
nonce (on stdout and on stderr, so shell v2 keeps the two streams apart) and the command's exit
status. The parser is pure and refuses output whose markers are missing or out of order.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from pytest_anyapp.errors import DeviceError


@dataclass(frozen=True)
class CommandResult:
    stdout: str
    stderr: str
    exit_code: int

    @property
    def ok(self) -> bool:
        return self.exit_code == 0


@dataclass(frozen=True)
class BatchScript:
    """``commands`` run in order. With ``stop_on_error`` a command after a failed one is skipped
    (and reported as not run), except the last ``unguarded_tail`` commands, which always run (the
    health probe that rides along)."""

    commands: tuple[str, ...]
    nonce: str
    stop_on_error: bool = False
    unguarded_tail: int = 0

    @classmethod
    def build(cls, commands: Sequence[str], *, stop_on_error: bool = False, unguarded_tail: int = 0) -> BatchScript:
        return cls(tuple(commands), os.urandom(6).hex(), stop_on_error, unguarded_tail)

    def _mark(self, i: int) -> str:
        return f"__AB{self.nonce}_{i}"

    @property
    def script(self) -> str:
        parts = ["__abs=0;"]
        guarded = len(self.commands) - self.unguarded_tail
        for i, cmd in enumerate(self.commands):
            m = self._mark(i)
            # A newline before the end marker: the command's last line may lack one.
            run = f"{{ {cmd}\n}}; __rc=$?;"
            if self.stop_on_error and i < guarded:
                run = f"if [ $__abs -eq 0 ]; then {run} [ $__rc -eq 0 ] || __abs=1; else __rc=skip; fi;"
            parts.append(f"echo {m}; echo {m} >&2; {run} echo; echo {m}_rc$__rc; echo >&2; echo {m}_end >&2;")
        return " ".join(parts)

    def parse(self, stdout: str, stderr: str) -> list[CommandResult | None]:
        """One result per command, ``None`` for a command skipped after an earlier failure."""
        results: list[CommandResult | None] = []
        out_pos = err_pos = 0
        for i in range(len(self.commands)):
            m = self._mark(i)
            start = stdout.find(f"{m}\n", out_pos)
            if start < 0:
                raise DeviceError(f"batched command {i} left no start marker: {stdout[out_pos:out_pos + 200]!r}")
            body_at = start + len(m) + 1
            rc = re.compile(rf"\n{re.escape(m)}_rc(\d+|skip)\n").search(stdout, body_at)
            if rc is None:
                raise DeviceError(f"batched command {i} left no exit status: {stdout[body_at:body_at + 200]!r}")
            out = stdout[body_at:rc.start()]
            out_pos = rc.end()
            err = ""
            e_start = stderr.find(f"{m}\n", err_pos)
            if e_start >= 0:
                e_body = e_start + len(m) + 1
                e_end = stderr.find(f"\n{m}_end\n", e_body)
                if e_end >= 0:
                    err = stderr[e_body:e_end]
                    err_pos = e_end + len(m) + 6
            code = rc.group(1)
            results.append(None if code == "skip" else CommandResult(stdout=out, stderr=err, exit_code=int(code)))
        return results
