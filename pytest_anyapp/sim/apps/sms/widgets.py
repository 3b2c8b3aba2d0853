"""Small pieces the SMS doubles share: time labels and message bubbles (each app styles them)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pytest_anyapp.sim.apps.sms.store import Message
from pytest_anyapp.sim.ui.views import Box, Column, TextView, View


def clock_label(date_ms: int, now_ms: int, *, twenty_four: bool = False) -> str:
    """``3:33 PM`` today, ``Oct 14`` otherwise (the device runs in UTC)."""
    then, now = time.gmtime(date_ms / 1000), time.gmtime(now_ms / 1000)
    if then[:3] == now[:3]:
        if twenty_four:
            return time.strftime("%H:%M", then)
        return time.strftime("%I:%M %p", then).lstrip("0")
    return time.strftime("%b %d", then).replace(" 0", " ")


def us_format(number: str) -> str:
    """``(NNN) NNN-NNNN`` for 10-digit (or 1 + 10-digit) numbers, like Android's formatter."""
    d = "".join(ch for ch in number if ch.isdigit())
    if len(d) == 11 and d.startswith("1"):
        d = d[1:]
    if len(d) != 10:
        return number
    return f"({d[:3]}) {d[3:6]}-{d[6:]}"


def bubble(
    message: Message, *, body_id: str, time_text: str, on_long_click: Callable[[], Any],
    selected: bool = False, outgoing_color: str = "#D0BCFF", incoming_color: str = "#E7E0EC",
) -> View:
    """A chat bubble: sent ones on the right. Long-press selects it (copy, forward, delete ...)."""
    color = outgoing_color if message.outgoing else incoming_color
    inner = Column(
        TextView(message.body, id=body_id, size=16, on_long_click=on_long_click, selected=selected),
        TextView(time_text, size=12, color="#49454F"),
        padding=(16, 8),
        background="#B8A5E3" if selected else color,
        gravity="end" if message.outgoing else "start",
        width=300,
    )
    return Box(inner, padding=(12, 4))
