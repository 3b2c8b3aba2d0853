"""Google Messages (``com.google.android.apps.messaging``, build 20221208_01_RC02), closed source.

Google's own idiom: numbers shown formatted ("(202) 555-0101"), an extended "Start chat" button,
a "Type name, phone number, or email" recipient field where a typed number appears as a
"Send to …" row, a "Text message" box with a "Send SMS" button under an "SMS" label. Deleting a
conversation is long-press → Delete icon or the conversation's overflow → Delete, confirmed with
"Delete"; a long-pressed message's Forward is in the overflow and opens a "Forward message"
picker. Where the real app keeps drafts is not published: here a private stand-in file the
harness never reads; the list shows "Draft: …" (unverified on a real device).
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.sms.kit import Confirm, Icon, ListSkin, PickerSkin, SmsApp, SmsSkin, ThreadSkin

_ACT = "com.google.android.apps.messaging.ui"

SKIN = SmsSkin(
    list=ListSkin(
        header="toolbar", title="Messages", list_id="conversation_list",
        empty_text="Once you start a new conversation, you'll see it listed here", title_id="conversation_name",
        subtitle_id="conversation_snippet", meta_id="conversation_timestamp",
        entry=Icon("", "Start chat", "start_chat_fab"), entry_style="extended",
        actions=(Icon("search", "Search messages", "action_zero_state_search"),),
        menu=(("Mark all as read", ""), ("Archived", ""), ("Spam & blocked", ""), ("Settings", ""),
              ("Help & feedback", "")),
        selection_actions=(Icon("archive", "Archive", "action_archive", "clear"),
                           Icon("delete", "Delete", "action_delete", "delete"), Icon("block", "Block", "action_block")),
        selection_menu=(("Mark as unread", "clear"), ("Pin", ""), ("Add contact", "")),
        delete=Confirm(title="Delete {n} conversation{s}?"), mark_outgoing=True, avatar_digits=False,
    ),
    picker=PickerSkin(
        style="send_to", activity=f"{_ACT}.conversation.NewConversationActivity", field_id="recipient_text_view",
        hint="Type name, phone number, or email", to_label="To", list_id="contact_list", row_title_id="contact_name",
        row_subtitle_id="contact_details", header="Top contacts", header_with_query="All contacts",
    ),
    thread=ThreadSkin(
        activity=f"{_ACT}.conversation.ConversationActivity", field_id="compose_message_text", hint="Text message",
        send=Icon("send", "Send SMS", "send_message_button_icon"), list_id="message_list", bubble_id="message_text",
        outgoing_color="#D3E3FD",
        actions=(Icon("call", "Voice call", "action_call"), Icon("video", "Video call", "action_video_call")),
        menu=(("Details", ""), ("Delete", "delete"), ("Archive", ""), ("Help & feedback", "")),
        selection_actions=(Icon("star", "Star", "action_star", "copy"),
                           Icon("delete", "Delete", "action_delete", "delete_message"),
                           Icon("copy", "Copy", "action_copy", "copy"),
                           Icon("info", "Details", "action_details", "copy")),
        selection_menu=(("Forward", "forward"), ("Share", "copy"), ("Select text", "copy")),
        delete=Confirm(title="Delete this conversation?"),
        composer_lead=Icon("add", "Show attach media and content options", "plus_button"), composer_label="SMS",
        forward_to="share_picker", share_activity=f"{_ACT}.conversation.ShareIntentActivity",
    ),
    numbers="us", drafts="private", drafts_path="files/drafts.json", list_draft_only=True,
)


class GoogleMessages(SmsApp):
    package = "com.google.android.apps.messaging"
    label = "Messages"
    version_name = "messages.android_20221208_01_RC02_alldpi.x86_64.phone"
    version_code = 163204880
    launch_activity = f"{_ACT}.ConversationListActivity"
    icon_color = "#1A73E8"
    skin = SKIN
