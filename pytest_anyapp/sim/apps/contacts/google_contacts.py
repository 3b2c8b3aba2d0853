"""Google Contacts 4.1.17 (``com.google.android.contacts``), closed source: a ContactsProvider client.

As the real app shows it (labels observed in the public app; resource ids unverified on a rooted
emulator): a "Search contacts" bar over the list and a "Create contact" FAB; a contact's page has a
large name, Call / Text buttons under it, the star ("Add to favorites") and "Edit contact" in the
toolbar and Delete in the overflow menu ("Delete this contact?"); the editor ("Create contact")
has a text "Save" button, a dropdown for the number's label and asks before discarding changes.
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
        header="search_bar", title="", list_id="contact_list", row_id="cliv_name_textview", empty_text="No contacts",
        add=Icon("add", "Create contact", "floating_action_button"), search_hint="Search contacts",
        search_id="open_search_bar_text_view", favorites_header="Favorites",
    ),
    detail=DetailSkin(
        activity="com.android.contacts.quickcontact.QuickContactActivity", name_id="large_title", phone_id="header",
        label_id="sub_header", call=Icon("call", "Call", "call_button", "call"),
        message=Icon("message", "Text", "message_button", "message"), star_on="Remove from favorites",
        star_off="Add to favorites", star_id="menu_star", edit=Icon("edit", "Edit contact", "menu_edit", "edit"),
        menu=(("Delete", "delete"), ("Share", ""), ("Add to Home screen", ""), ("Help & feedback", "")),
        delete=Confirm("Delete this contact?", "", "Delete", "Cancel"),
    ),
    editor=EditorSkin(
        activity="com.android.contacts.activities.ContactEditorActivity", title_new="Create contact",
        title_edit="Edit contact", first_id="first_name", last_id="last_name", phone_id="phone_number",
        label_id="phone_type", phone_hint="Phone", save=Icon("", "Save", "editor_menu_save_button"),
        save_style="text", label_picker="dropdown", labels=("Mobile", "Work", "Home", "Main", "Other"),
        ask_discard=True, discard=Confirm("Discard changes?", "", "Discard", "Cancel"),
    ),
    storage="provider", search="inline",
)


class GoogleContacts(ContactsApp):
    package = "com.google.android.contacts"
    label = "Contacts"
    version_name, version_code = "4.1.17.505591926", 2960682
    launch_activity = "com.android.contacts.activities.PeopleActivity"
    icon_color = "#1A73E8"
    skin = SKIN
