"""The SMS category bundle (docs/sms.md): state model, 10 templates, four app adapters, the gold
UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.sms.adapters import (
    FossifyMessagesAdapter,
    GoogleMessagesAdapter,
    QuikSmsAdapter,
    SimpleSmsMessengerAdapter,
    TelephonySmsAdapter,
)
from verifiers.sms.cases import cases
from verifiers.sms.oracle import gold_script
from verifiers.sms.state import SmsState
from verifiers.sms.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.SMS,
    state_type=SmsState,
    templates=tuple(TEMPLATES),
    adapters=(SimpleSmsMessengerAdapter(), FossifyMessagesAdapter(), QuikSmsAdapter(), GoogleMessagesAdapter()),
    oracle=gold_script,
    cases=cases,
    doc="docs/sms.md",
)

ADAPTERS = list(BUNDLE.adapters)

__all__ = [
    "ADAPTERS", "BUNDLE", "FossifyMessagesAdapter", "GoogleMessagesAdapter", "QuikSmsAdapter",
    "SimpleSmsMessengerAdapter", "TelephonySmsAdapter",
]
