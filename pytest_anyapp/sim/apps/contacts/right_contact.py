"""Right Contact 8.2.3 (``com.goodwy.contacts``), Goodwy's fork of Simple Contacts.

From Goodwy/Contacts at 7.0.1 (the nearest tag in the public snapshot; 8.2.3 is not tagged there):
the search bar over tabs on top of the list and a round "Create new" button in the activity
(``main_add_button``, not the fragment's FAB); a contact's page has an iOS-style header (``contactName``) with Message /
Call / Video / Mail buttons, the star ("Toggle favorite") and Edit in the toolbar, and Delete,
Share, Open with in the overflow menu; the editor keeps the Goodwy ids (``contactFirstName``,
``contact_surname``). Contacts go to the private ``local_contacts.db`` (Goodwy-Commons' entity has
a ``relations`` column) on a phone without accounts.
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
        empty_text="No contacts", add=Icon("add", "Create new", "main_add_button"),
        search_hint="Search", search_id="top_toolbar_search",
        menu=(("Sort by", ""), ("Filter", ""), ("Settings", ""), ("About", "")),
    ),
    detail=DetailSkin(
        activity=".activities.ViewContactActivity", name_id="contactName", phone_id="contactNumber",
        label_id="contact_number_type", call=Icon("call", "Call", "contact_start_call", "call"),
        message=Icon("sms", "Message", "contactSendSms", "message"), star_on="Toggle favorite",
        star_off="Toggle favorite", star_id="favorite", star_place="toolbar",
        edit=Icon("edit", "Edit contact", "edit", "edit"),
        menu=(("Delete", "delete"), ("Share", ""), ("Open with", ""), ("Manage shown contact fields", "")),
        delete=Confirm("", "Are you sure you want to delete this contact?", "Delete", "Cancel"),
    ),
    editor=EditorSkin(
        activity=".activities.EditContactActivity", title_new="New contact", title_edit="Edit contact",
        first_id="contactFirstName", last_id="contact_surname", phone_id="contact_number",
        label_id="contact_number_type", last_hint="Surname", phone_hint="Number",
        save=Icon("check", "Save", "save"), label_picker="dialog",
        labels=("Mobile", "Home", "Work", "Main", "Work fax", "Home fax", "Pager", "Other"),
    ),
    storage="local_relations", search="inline", lineage="simple-mobile-tools",
)


class RightContact(ContactsApp):
    package = "com.goodwy.contacts"
    label = "Right Contact"
    version_name, version_code = "8.2.3", 823
    launch_activity = ".activities.MainActivity"
    icon_color = "#0A84FF"
    skin = SKIN
