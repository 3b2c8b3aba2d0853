"""The device's log buffers (what ``logcat`` reads): entries the device itself writes.

Activity starts, app crashes, received SMS and task removals are logged by the subsystems that
cause them, with the tags an Android 13 system uses for them (``ActivityTaskManager``,
``AndroidRuntime``, ``SmsReceiver`` …), so a client that follows ``logcat`` sees the device's own
events, not canned lines. Entries live in memory (a ring per buffer, as logd's are bounded);
``logcat -c`` clears them; followers block on a condition until a new entry arrives.
"""
from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

BUFFERS = ("main", "system", "radio", "events", "crash")
DEFAULT_BUFFERS = ("main", "system", "crash")  # logcat's default set (logcat.cpp, android-13)
_RING = 4096


@dataclass(frozen=True)
class LogEntry:
    seq: int
    time_s: float  # device clock (epoch seconds)
    pid: int
    tid: int
    priority: str  # V D I W E F
    tag: str
    message: str
    buffer: str


class LogBuffers:
    """Thread-safe rings of ``LogEntry`` with a condition followers wait on."""

    def __init__(self) -> None:
        self._entries: dict[str, deque[LogEntry]] = {name: deque(maxlen=_RING) for name in BUFFERS}
        self._seq = 0
        self._cond = threading.Condition()

    def write(self, entry_time_s: float, priority: str, tag: str, message: str, *, pid: int = 1000,
              tid: int | None = None, buffer: str = "main") -> LogEntry:
        with self._cond:
            self._seq += 1
            entry = LogEntry(self._seq, entry_time_s, pid, pid if tid is None else tid, priority, tag, message,
                             buffer if buffer in self._entries else "main")
            self._entries[entry.buffer].append(entry)
            self._cond.notify_all()
            return entry

    def clear(self, buffers: Iterable[str]) -> None:
        with self._cond:
            for name in buffers:
                if name in self._entries:
                    self._entries[name].clear()

    @property
    def last_seq(self) -> int:
        with self._cond:
            return self._seq

    def since(self, seq: int, buffers: Iterable[str]) -> list[LogEntry]:
        """Entries after ``seq`` from the given buffers, in the order they were written."""
        with self._cond:
            found = [e for name in buffers for e in self._entries.get(name, ()) if e.seq > seq]
        found.sort(key=lambda e: e.seq)
        return found

    def wait_after(self, seq: int, timeout_s: float) -> bool:
        """Block until an entry newer than ``seq`` exists (True) or the timeout passes (False)."""
        with self._cond:
            return self._cond.wait_for(lambda: self._seq > seq, timeout=timeout_s)
