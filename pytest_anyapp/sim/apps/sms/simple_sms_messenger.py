"""Simple SMS Messenger 5.19.3 (``com.simplemobiletools.smsmessenger``), the AndroidWorld original.

A plain toolbar with the app name and a Search page, conversations with the raw number, a "New
conversation" FAB leading to an "Add Contact or Number…" field with a check button, a thread with
a "Type a message…" box and a text "SMS" send button; thread actions (Delete, Archive …) in the
overflow; a long-pressed message offers Forward in the overflow of its action bar. Drafts are
provider rows without an address, written when the thread leaves the screen.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.sms.kit import Confirm, Icon, ListSkin, PickerSkin, SmsApp, SmsSkin, ThreadSkin

SKIN = SmsSkin(
    list=ListSkin(
        header="toolbar", title="Simple SMS Messenger", list_id="conversations_list",
        empty_text="No stored conversations have been found", title_id="conversation_address",
        subtitle_id="conversation_body_short", meta_id="conversation_date",
        entry=Icon("add", "New conversation", "conversations_fab"),
        actions=(Icon("search", "Search", "search", "search"),),
        menu=(("Archived conversations", ""), ("Settings", ""), ("About", "")),
        selection_title="{n} selected",
        selection_actions=(Icon("delete", "Delete", "cab_delete", "delete"), Icon("archive", "Archive", "cab_archive",
                                                                                  "clear")),
        selection_menu=(("Select all", "select_all"), ("Mark as Read", "clear")),
        delete=Confirm(message="Are you sure you want to delete {n} conversation{s}?", yes="Yes", no="No"),
        bold_drafts=True,
    ),
    picker=PickerSkin(
        style="page", field_id="new_conversation_address", hint="Add Contact or Number…",
        confirm=Icon("check", "Confirm", "new_conversation_confirm"), enter_confirms=False, confirm_after=2,
        list_id="contacts_list",
        row_title_id="item_contact_name", row_subtitle_id="item_contact_number", empty_text="No contacts found",
        invalid_toast="Invalid number",
    ),
    thread=ThreadSkin(
        activity=".activities.ThreadActivity", field_id="thread_type_message", hint="Type a message…",
        send=Icon("", "SMS", "thread_send_message"), send_style="text", list_id="thread_messages_list",
        bubble_id="thread_message_body", actions=(Icon("call", "Dial number", "dial_number"),),
        menu=(("Delete", "delete"), ("Archive", ""), ("Add Person", ""), ("Mark as Unread", "")),
        selection_actions=(Icon("copy", "Copy to clipboard", "cab_copy_to_clipboard", "copy"),
                           Icon("delete", "Delete", "cab_delete", "delete_message")),
        selection_menu=(("Share", "copy"), ("Forward", "forward"), ("Select text", "copy")),
        delete=Confirm(message="Are you sure you want to delete all messages of this conversation?", yes="Yes",
                       no="No"),
    ),
    drafts="provider", search="page", search_hint="Search…", lineage="simple-mobile-tools",
)


class SimpleSmsMessenger(SmsApp):
    package = "com.simplemobiletools.smsmessenger"
    label = "Simple SMS Messenger"
    version_name, version_code = "5.19.3", 85
    launch_activity = ".activities.MainActivity"
    icon_color = "#3F8FE0"
    skin = SKIN
