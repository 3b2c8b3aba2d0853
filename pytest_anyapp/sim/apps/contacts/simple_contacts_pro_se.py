"""Simple Contacts Pro 6.22.7 (``com.simplemobiletools.contacts.pro``), the app Fossify Contacts forked.

Same layouts as Fossify Contacts (SimpleMobileTools/Simple-Contacts 6.22.7: ``activity_view_contact``,
``activity_edit_contact``, ``fragment_layout``, the same ids), so the two share a lineage; what
differs is what the real apps differ in: numbers on the contact's page are shown as stored (6.22.7
has no "Format phone numbers" setting), the list's overflow has the older entries, and the app is
"Simple Contacts". Contacts go to the private ``local_contacts.db`` on a phone without accounts.
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
        menu=(("Sort by", ""), ("Filter", ""), ("More apps from us", ""), ("Settings", ""), ("About", "")),
    ),
    detail=DetailSkin(
        activity=".activities.ViewContactActivity", name_id="contact_name", phone_id="contact_number",
        label_id="contact_number_type", call=Icon("call", "Call contact", "contact_start_call", "call"),
        message=Icon("sms", "Send SMS", "contact_send_sms", "message"), star_on="Toggle favorite",
        star_off="Toggle favorite", star_id="contact_toggle_favorite", star_place="header", numbers="raw",
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


class SimpleContactsProSE(ContactsApp):
    package = "com.simplemobiletools.contacts.pro"
    label = "Simple Contacts"
    version_name, version_code = "6.22.7", 107
    launch_activity = ".activities.MainActivity"
    icon_color = "#FF7043"
    skin = SKIN
