"""Contacts app doubles (docs/contacts.md), built on :mod:`.kit`, plus the Phone app calls go to."""
