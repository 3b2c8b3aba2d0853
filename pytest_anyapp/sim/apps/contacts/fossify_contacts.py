"""Fossify Contacts 1.6.0 (``org.fossify.contacts``), the community fork of Simple Contacts.

As in the real app (FossifyOrg/Contacts 1.6.0 layouts): a "Search contacts" bar on top of the
list and a FAB to create a contact; a contact's page shows the star on the header
(``contact_toggle_favorite``, "Toggle favorite") and round Call / SMS buttons under the name,
Edit, Share and Delete as toolbar icons (Delete asks for confirmation, Yes/No); the editor has
First name / Surname / Number fields, the number's label in a radio dialog and a check-mark Save.
Contacts go to the app's private ``local_contacts.db`` (the only saveable source on a phone
without accounts). Unlike Simple Contacts it formats numbers on the contact's page (the "Format phone
numbers" setting: ``ViewContactActivity`` uses ``formatPhoneNumber()``; taken as on by default, its
default lives in Fossify Commons, not re-read at its tag).
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

SKIN = ContactsSkin(
    list=ListSkin(
        header="search_bar", title="", list_id="fragment_list", row_id="item_contact_name",
        empty_text="No contacts found", add=Icon("add", "Create new contact", "fragment_fab"),
        search_hint="Search contacts", search_id="top_toolbar_search",
        menu=(("Sort by", ""), ("Filter", ""), ("Settings", ""), ("About", "")),
    ),
    detail=DetailSkin(
        activity=".activities.ViewContactActivity", name_id="contact_name", phone_id="contact_number",
        label_id="contact_number_type", call=Icon("call", "Call contact", "contact_start_call", "call"),
        message=Icon("sms", "Send SMS", "contact_send_sms", "message"), star_on="Toggle favorite",
        star_off="Toggle favorite", star_id="contact_toggle_favorite", star_place="header", numbers="formatted",
        edit=Icon("edit", "Edit", "edit", "edit"),
        actions=(Icon("share", "Share", "share"), Icon("delete", "Delete", "delete", "delete")),
        menu=(("Open with", ""), ("Manage shown contact fields", "")),
        delete=Confirm("", "Are you sure you want to delete this contact?", "Yes", "No"),
    ),
    editor=EditorSkin(
        activity=".activities.EditContactActivity", title_new="New contact", title_edit="Edit contact",
        first_id="contact_first_name", last_id="contact_surname", phone_id="contact_number",
        label_id="contact_number_type", last_hint="Surname", phone_hint="Number",
        save=Icon("check", "Save", "save"), label_picker="dialog",
        labels=("Mobile", "Home", "Work", "Main", "Work fax", "Home fax", "Pager", "Other"),
    ),
    storage="local", search="inline", lineage="simple-mobile-tools",
)


class FossifyContacts(ContactsApp):
    package = "org.fossify.contacts"
    label = "Contacts"
    version_name, version_code = "1.6.0", 13
    launch_activity = ".activities.MainActivity"
    icon_color = "#3F51B5"
    skin = SKIN
