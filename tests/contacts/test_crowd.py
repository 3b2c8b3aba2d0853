"""The contact an agent must find sits below the first screen and is not the last row, in first-
and in last-name order, at every default instance (issue 21: no lucky tap opens it)."""

from __future__ import annotations

import pytest

from pytest_anyapp.registry import params_for, template_by_id

#: At least this many contacts precede the target (on the simulated device the oracle has to scroll
#: to it in each of the five contacts apps at every default instance).
FIRST_SCREEN_ROWS = 12


@pytest.mark.parametrize("semantic_id", ["ContactsViewContactDetails", "ContactsSearchContact"])
@pytest.mark.parametrize("instance", range(3))
def test_target_is_below_the_first_screen_and_not_last(semantic_id: str, instance: int) -> None:
    template = template_by_id(semantic_id)
    params = params_for(template, 30, instance)
    target = params.get("name") or params["target_name"]
    contacts = template.initial_state(params).contacts
    for key in (lambda c: (c.first, c.last), lambda c: (c.last, c.first)):
        names = [f"{c.first} {c.last}" for c in sorted(contacts, key=key)]
        assert FIRST_SCREEN_ROWS <= names.index(target) < len(names) - 1, (semantic_id, names)
    assert len({c.phones[0] for c in contacts}) == len(contacts)
