"""SMS adapters: the four apps share the telephony provider's store (notes tasks_part1 §1C)."""

from __future__ import annotations

from typing import Any

from verifiers.base import AppAdapter
from verifiers.sms.adapters import (
    FossifyMessagesAdapter,
    GoogleMessagesAdapter,
    QuikSmsAdapter,
    SimpleSmsMessengerAdapter,
    TelephonySmsAdapter,
)

ADAPTERS: list[AppAdapter[Any]] = [
    SimpleSmsMessengerAdapter(),
    FossifyMessagesAdapter(),
    QuikSmsAdapter(),
    GoogleMessagesAdapter(),
]

__all__ = [
    "ADAPTERS", "FossifyMessagesAdapter", "GoogleMessagesAdapter", "QuikSmsAdapter", "SimpleSmsMessengerAdapter",
    "TelephonySmsAdapter",
]
