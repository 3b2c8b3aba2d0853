"""Fossify Messages 1.8.0 (``org.fossify.messages``), the community fork of Simple SMS Messenger.

Same family, different details, as in the real app: the main screen opens on a "Search
conversations" bar instead of a titled toolbar, the FAB is "Start conversation", times are
24-hour, a thread shows the number under a contact's name, the send button is an icon ("Send"),
Delete and Call sit as icons in the thread toolbar (Delete asks "Delete conversation?"), and a
long-pressed message shows Forward as an icon. Drafts live in the app's own Room database
(``conversations.db``, table ``drafts``), written when the thread leaves the screen.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.sms.kit import Confirm, Icon, ListSkin, PickerSkin, SmsApp, SmsSkin, ThreadSkin

SKIN = SmsSkin(
    list=ListSkin(
        header="search_bar", title="", list_id="conversations_list", empty_text="No conversations found",
        title_id="conversation_address", subtitle_id="conversation_body_short", meta_id="conversation_date",
        entry=Icon("add", "Start conversation", "conversations_fab"),
        menu=(("Archived conversations", ""), ("Recycle bin", ""), ("Settings", ""), ("About", "")),
        search_hint="Search conversations", search_id="main_search",
        selection_actions=(Icon("archive", "Archive", "cab_archive", "clear"),
                           Icon("delete", "Delete", "cab_delete", "delete")),
        selection_menu=(("Select all", "select_all"), ("Mark as read", "clear"), ("Pin", "")),
        delete=Confirm(title="Delete conversation", message="Are you sure you want to delete {n} conversation{s}?",
                       title_many="Delete conversations",
                       message_many="Are you sure you want to delete {n} conversation{s}?"),
        draft_meta="Draft",
    ),
    picker=PickerSkin(
        style="page", field_id="new_conversation_address", hint="Add contact or number…",
        confirm=Icon("check", "Confirm", "new_conversation_confirm"), enter_confirms=False, confirm_after=2,
        list_id="contacts_list",
        row_title_id="item_contact_name", row_subtitle_id="item_contact_number",
        empty_text="No contacts with phone numbers", header="Suggestions", header_with_query="Contacts",
        invalid_toast="Invalid phone number",
    ),
    thread=ThreadSkin(
        activity=".activities.ThreadActivity", field_id="thread_type_message", hint="Type a message…",
        send=Icon("send", "Send", "thread_send_message"), list_id="thread_messages_list",
        bubble_id="thread_message_body", outgoing_color="#C2E7FF",
        actions=(Icon("call", "Call", "dial_number"), Icon("delete", "Delete", "delete", "delete")),
        menu=(("Archive conversation", ""), ("Rename conversation", ""), ("Add number to contact", ""),
              ("Mark as unread", "")),
        selection_title="1",
        selection_actions=(Icon("copy", "Copy", "cab_copy_to_clipboard", "copy"),
                           Icon("forward", "Forward", "cab_forward_message", "forward"),
                           Icon("delete", "Delete", "cab_delete", "delete_message")),
        selection_menu=(("Share", "copy"), ("Select text", "copy"), ("Save as", "")),
        delete=Confirm(title="Delete conversation?", message="All messages of this conversation will be deleted."),
        subtitle_number=True,
    ),
    clock="24h", drafts="room", drafts_path="conversations.db", search="inline", lineage="simple-mobile-tools",
)


class FossifyMessages(SmsApp):
    package = "org.fossify.messages"
    label = "Fossify Messages"
    version_name, version_code = "1.8.0", 20
    launch_activity = ".activities.MainActivity"
    icon_color = "#1F6FEB"
    skin = SKIN
