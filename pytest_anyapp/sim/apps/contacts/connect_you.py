"""Connect You 11.3 (``com.bnyro.contacts``), a Jetpack Compose contacts app (you-apps/ConnectYou).

As in v11.3: one activity (``.ui.activities.MainActivity``), no view ids in the accessibility tree;
the list has a "Contacts" top bar with Search (its own search screen) and Filter icons and an
unlabelled pencil FAB (``Icon(Icons.Default.Create, null)``); a contact's page shows the name,
labelled "Message" and "Dial" buttons (``ACTION_VIEW sms:<n>`` and ``ACTION_DIAL tel:<n>``, dashes
dropped: the call itself is placed from the Phone app's dial pad), the star ("Favorite") and "Edit"
in the top bar and "Delete contact" in its menu ("Are you sure? This can't be undone!" → Okay).
The editor has First name / Last name / Phone fields and a type dropdown. The default source is the
device (``ContactsModel``: ``selectedContactsRepo`` 0 = DEVICE): ContactsProvider, where
``createContact`` inserts three name rows (display name, given name, family name).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.contacts.kit import (
    Confirm,
    ContactsApp,
    ContactsSkin,
    DetailSkin,
    EditorSkin,
    Icon,
    ListSkin,
)

MAIN = ".ui.activities.MainActivity"
SKIN = ContactsSkin(
    list=ListSkin(
        header="toolbar", title="Contacts", list_id="", row_id="", empty_text="No contacts",
        add=Icon("create", ""), search_hint="Search", search_id="search_query",
        actions=(Icon("search", "Search", "", "search"), Icon("filter", "Filter")),
        menu=(("Import vcf", ""), ("Export vcf", ""), ("Import SIM", ""), ("Settings", ""), ("About", "")),
    ),
    detail=DetailSkin(
        activity=MAIN, name_id="", phone_id="", label_id="", call=Icon("call", "Dial", "", "call"),
        message=Icon("message", "Message", "", "message"), star_on="Favorite", star_off="Favorite", star_id="",
        quick_style="labeled", call_intent="dial", message_intent="view_sms", edit=Icon("edit", "Edit", "", "edit"),
        menu=(("Change ringtone", ""), ("Create shortcut", ""), ("Delete contact", "delete")),
        delete=Confirm("Delete contact", "Are you sure? This can't be undone!", "Okay", "Cancel"),
    ),
    editor=EditorSkin(
        activity=MAIN, title_new="New contact", title_edit="Edit", first_id="first_name", last_id="last_name",
        phone_id="phone", label_id="", phone_hint="Phone", save=Icon("", "Save", ""), save_style="text",
        label_picker="dropdown", labels=("Mobile", "Home", "Work", "Other"),
        # v11.3 LabeledTextField.kt: Material 3 TextField (singleLine false), ImeAction.Next with
        # KeyboardActions(onNext = moveFocus(Next)): a hardware Enter adds a line
        fields_multiline=True, fields_ime="next",
    ),
    storage="provider_split", search="page", compose=True,
)


class ConnectYou(ContactsApp):
    package = "com.bnyro.contacts"
    label = "Connect You"
    version_name, version_code = "11.3", 33
    launch_activity = MAIN
    icon_color = "#6750A4"
    skin = SKIN
