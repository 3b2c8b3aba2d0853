"""QUIK SMS 4.3.6 (``dev.octoshrimpy.quik.fdroid``), the maintained fork of QKSMS.

Its own idiom, as in the real app: the list is titled "Inbox" under a navigation drawer, sent
snippets read "You: …" and drafts "Draft: …", the compose FAB has only a content description
("Compose"), and a new message first opens ContactsActivity, a screen of its own with only the
"Type a name or number" field (``search``) and the matching contacts (``contacts_activity.xml``,
4.3.4); the chosen one opens the compose screen. The box says "Write a message…",
Delete asks "Delete conversation?", a long-pressed message has Copy, Forward and Delete icons.
Drafts are kept in the app's Realm store (here a private stand-in file the harness never reads);
conversations holding only a draft are listed.
"""

from __future__ import annotations

from pytest_anyapp.sim.apps.sms.kit import Confirm, Icon, ListSkin, PickerSkin, SmsApp, SmsSkin, ThreadSkin

_ACT = "com.moez.QKSMS.feature"

SKIN = SmsSkin(
    list=ListSkin(
        header="drawer", title="Inbox", list_id="recyclerView", empty_text="Your conversations will appear here",
        title_id="title", subtitle_id="snippet", meta_id="date", subtitle_lines=2,
        entry=Icon("edit", "Compose", "compose"), actions=(Icon("search", "Search", "search"),),
        menu=(("Inbox", ""), ("Archived", ""), ("Scheduled", ""), ("Blocking", ""), ("Settings", ""),
              ("Help & feedback", "")),
        selection_actions=(Icon("archive", "Archive", "archive", "clear"),
                           Icon("delete", "Delete", "delete", "delete")),
        selection_menu=(("Pin to top", ""), ("Mark read", "clear"), ("Block", "")),
        delete=Confirm(title="Delete conversation?", message="Are you sure you would like to delete this conversation?",
                       title_many="Delete {n} conversations?",
                       message_many="Are you sure you would like to delete these conversations?"),
        mark_outgoing=True,
    ),
    picker=PickerSkin(style="compose", activity=f"{_ACT}.contacts.ContactsActivity",
                      field_id="search", hint="Type a name or number", to_label="To",
                      list_id="contacts", row_title_id="title", row_subtitle_id="subtitle",
                      done_picks_first=True),
    thread=ThreadSkin(
        activity=f"{_ACT}.compose.ComposeActivity", field_id="message", hint="Write a message…",
        send=Icon("send", "Send", "send"), list_id="messageList", bubble_id="body", outgoing_color="#BBDEFB",
        actions=(Icon("call", "Call", "call"),),
        menu=(("Details", ""), ("Archive", ""), ("Delete", "delete"), ("Block", "")),
        selection_actions=(Icon("copy", "Copy text", "copy", "copy"), Icon("forward", "Forward", "forward", "forward"),
                           Icon("delete", "Delete", "delete", "delete_message")),
        selection_menu=(("Details", "copy"),),
        delete=Confirm(title="Delete conversation?",
                       message="Are you sure you would like to delete this conversation?"),
        composer_lead=Icon("add", "Attach", "attach"),
    ),
    drafts="private", drafts_path="files/default.realm", list_draft_only=True,
)


class QuikSms(SmsApp):
    package = "dev.octoshrimpy.quik.fdroid"
    label = "QUIK"
    version_name, version_code = "4.3.6", 2238
    launch_activity = f"{_ACT}.main.MainActivity"
    icon_color = "#2196F3"
    skin = SKIN
