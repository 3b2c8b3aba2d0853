"""Voice calls of the simulated modem: the console's ``gsm call/accept/cancel`` and outgoing calls.

Call state is what ``dumpsys telephony.registry`` reports as ``mCallState`` (TelephonyManager
CALL_STATE_IDLE 0, RINGING 1, OFFHOOK 2); an ended call is written to the call log
(``content://call_log/calls``) the way Telecom records it: ``type`` INCOMING 1, OUTGOING 2,
MISSED 3 (CallLog.Calls), ``duration`` in seconds, ``new`` 1 for a missed call.
"""
from __future__ import annotations

import threading
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

IDLE, RINGING, OFFHOOK = 0, 1, 2
INCOMING_TYPE, OUTGOING_TYPE, MISSED_TYPE = 1, 2, 3


@dataclass
class Call:
    number: str
    incoming: bool
    started_ms: int
    answered_ms: int | None = None

    @property
    def state_name(self) -> str:
        """The emulator console's ``gsm list`` state word."""
        if self.answered_ms is not None:
            return "active"
        return "incoming" if self.incoming else "dialing"


class Modem:
    """At most one call at a time (enough for the benchmark's telephony tasks)."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device
        self.call: Call | None = None
        self._lock = threading.Lock()

    @property
    def call_state(self) -> int:
        call = self.call
        if call is None:
            return IDLE
        return RINGING if call.incoming and call.answered_ms is None else OFFHOOK

    def incoming(self, number: str) -> str | None:
        """``gsm call <number>``; an error text if a call is already up."""
        with self._lock:
            if self.call is not None:
                return "a call is already in progress"
            self.call = Call(number, incoming=True, started_ms=self.device.clock.now_ms())
        self.device.log_event("I", "Telecom", f"CallsManager: onCallAdded: incoming call from {number}",
                              buffer="radio")
        return None

    def dial(self, number: str) -> None:
        """An outgoing call (``am start -a android.intent.action.CALL -d tel:N``): off-hook at once."""
        with self._lock:
            now = self.device.clock.now_ms()
            self.call = Call(number, incoming=False, started_ms=now, answered_ms=now)

    def accept(self, number: str) -> str | None:
        with self._lock:
            call = self.call
            if call is None or call.number != number:
                return f"no call with number '{number}'"
            if call.answered_ms is None:
                call.answered_ms = self.device.clock.now_ms()
        return None

    def hang_up(self, number: str | None = None) -> str | None:
        """``gsm cancel <number>`` or the end-call key; writes the call log row."""
        with self._lock:
            call = self.call
            if call is None or (number is not None and call.number != number):
                return f"no call with number '{number}'"
            self.call = None
        now = self.device.clock.now_ms()
        if call.incoming and call.answered_ms is None:
            kind, duration, new = MISSED_TYPE, 0, 1
        else:
            kind, duration, new = (INCOMING_TYPE if call.incoming else OUTGOING_TYPE), \
                max(0, (now - (call.answered_ms or now)) // 1000), 0
        values = {"number": call.number, "date": call.started_ms, "duration": duration, "type": kind,
                  "new": new, "is_read": 0 if new else 1, "countryiso": "US"}
        from pytest_anyapp.sim.providers.tables import insert_row

        with closing(self.device.providers.connect("calllog")) as conn:
            insert_row(conn, "calls", values)
        return None
