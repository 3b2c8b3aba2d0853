"""The Contacts category bundle (docs/contacts.md): state model, 10 templates, the apps' adapters,
the gold UI scripts and the conformance cases."""

from __future__ import annotations

from pytest_anyapp.catalog.models import Category
from verifiers.bundle import CategoryBundle
from verifiers.contacts.adapters import (
    ConnectYouAdapter,
    ContactsAdapter,
    FossifyContactsAdapter,
    GoogleContactsAdapter,
    LocalDbContactsAdapter,
    ProviderContactsAdapter,
    RightContactAdapter,
    SimpleContactsProSeAdapter,
)
from verifiers.contacts.cases import cases
from verifiers.contacts.oracle import gold_script
from verifiers.contacts.state import ContactsState
from verifiers.contacts.templates import TEMPLATES

BUNDLE = CategoryBundle(
    category=Category.CONTACTS,
    state_type=ContactsState,
    templates=tuple(TEMPLATES),
    adapters=(GoogleContactsAdapter(), FossifyContactsAdapter(), ConnectYouAdapter(), SimpleContactsProSeAdapter(),
              RightContactAdapter()),
    oracle=gold_script,
    cases=cases,
    doc="docs/contacts.md",
)

ADAPTERS = list(BUNDLE.adapters)

__all__ = ["ADAPTERS", "BUNDLE", "ConnectYouAdapter", "ContactsAdapter", "FossifyContactsAdapter",
           "GoogleContactsAdapter", "LocalDbContactsAdapter", "ProviderContactsAdapter", "RightContactAdapter",
           "SimpleContactsProSeAdapter"]
