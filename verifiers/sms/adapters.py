"""The four SMS apps' adapters. Messages live in the telephony provider for all four; drafts live
where each app keeps them at its pinned version (docs/sms.md, "Storage profiles"):

* Simple SMS Messenger 5.19.3: provider draft rows **without an address** (``saveSmsDraft`` puts
  body, date, type=3 and thread_id), resolved through the thread.
* Fossify Messages 1.8.0: its own Room database ``conversations.db``, table ``drafts``
  (thread_id primary key, body, date), resolved through the provider's thread.
* QUIK 4.3.x: a field of its Realm conversation (unreadable) -> ``ui``: the draft is read off the
  conversation list ("Draft: <body>").
* Google Messages: closed source -> ``ui``, read off the conversation list the same way.
"""

from __future__ import annotations

import copy
import shlex
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import (
    AppAdapter,
    FidelityReading,
    LaunchGuard,
    LaunchGuards,
    PairMode,
    RawSnapshot,
    SourceRef,
    StorageProfile,
    ensure_app_database,
)
from verifiers.sms.contacts_provider import listed_phones, seed_contacts
from verifiers.sms.screen import ListUi, drafts_on_screen, type_drafts
from verifiers.sms.state import DRAFT, SmsMessage, SmsState
from verifiers.sms.telephony import (
    MMSSMS_DB,
    READ_SQL,
    SEP,
    THREADS_SQL,
    escaped,
    insert_sql,
    parse_sms_lines,
    parse_threads,
    read_sms_lines,
    seed_rows,
    sql_text,
    thread_of,
    thread_sql,
    unescape,
)

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SMS_ROLE = "android.app.role.SMS"
SMS_PERMISSIONS: tuple[str, ...] = tuple(
    f"android.permission.{p}" for p in ("READ_CONTACTS", "READ_SMS", "SEND_SMS", "RECEIVE_SMS", "POST_NOTIFICATIONS")
)
#: Templates whose criterion reads drafts.
DRAFT_TEMPLATES = frozenset({"SmsCreateDraftMessage", "SmsEditDraftMessage"})

AOSP_TELEPHONY = SourceRef(
    repo="aosp-mirror/platform_packages_providers_telephonyprovider", tag="android-13 (mirror head)",
    files=("src/com/android/providers/telephony/SmsProvider.java",
           "src/com/android/providers/telephony/MmsSmsDatabaseHelper.java"),
    note="insert: a draft replaces the thread's other drafts; message_count does not count type 3",
)
TELEPHONY_MESSAGES = StorageProfile(
    what="messages (inbox, sent, outbox, queued, failed)", path=MMSSMS_DB,
    format="table sms(_id, thread_id, address, body, date, type, read, seen, status); threads; canonical_addresses",
    writes="sending: a row with type 2 (4/6 while the radio holds it) and the recipient's address; receiving: type 1",
    sources=(AOSP_TELEPHONY,),
)


class TelephonySmsAdapter(AppAdapter[SmsState]):
    """Messages in ``mmssms.db``; drafts as the app writes them (subclasses); the app is the package
    the subclass names."""

    app: ClassVar[AppSpec]
    #: SMS state lives in the telephony provider, not the app: ``pm clear`` would only cost time.
    clear_on_init: ClassVar[bool] = False
    runtime_permissions: ClassVar[tuple[str, ...]] = SMS_PERMISSIONS

    def setup(self, device: DeviceClient) -> None:
        """Make the app the default SMS app: on a real phone only the role holder may write the store,
        and apps without the role show a "set as default" screen instead of the conversations.
        (The episode runner grants ``runtime_permissions`` before this.)"""
        pkg = shlex.quote(self.app.package)
        role = device.run(f"cmd role add-role-holder --user 0 {SMS_ROLE} {pkg}")
        if not role.ok:
            device.check(f"settings put secure sms_default_application {pkg}")

    def seed(self, device: DeviceClient, state: SmsState) -> None:
        """Contacts first, then messages (and drafts where the app keeps them). The episode runner
        force-stops and relaunches the app afterwards: direct SQLite writes fire no
        ContentObserver, so a running app would keep its old list."""
        seed_contacts(device, state.contacts)
        self.seed_messages(device, [m for m in state.messages if m.box != DRAFT],
                           [m for m in state.messages if m.box == DRAFT])

    def seed_messages(self, device: DeviceClient, messages: list[SmsMessage], drafts: list[SmsMessage]) -> None:
        """Default: drafts are provider rows with their address (overridden per app)."""
        rows = [*messages, *drafts]
        seed_rows(device, [insert_sql(m) for m in rows], rows)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"sms": read_sms_lines(device)}

    def parse(self, raw: RawSnapshot) -> SmsState:
        if "sms" not in raw:
            raise VerifierReadError("SMS snapshot has no 'sms' read")
        return SmsState(messages=parse_sms_lines(raw["sms"]))


class SimpleSmsMessengerAdapter(TelephonySmsAdapter):
    """Drafts are provider rows without an address, found through their thread."""

    app = app_by_id("sms_simple_sms_messenger")
    storage = (TELEPHONY_MESSAGES, StorageProfile(
        what="drafts", path=f"{MMSSMS_DB} (content://sms/draft)",
        format="sms row: type=3, body, date, thread_id; address NULL (resolved: threads.recipient_ids -> "
               "canonical_addresses.address)",
        writes="leaving a thread (onPause) with text in the box inserts a draft row for the thread (the provider "
               "drops the thread's older draft); an empty box deletes the thread's draft",
        sources=(SourceRef(repo="SimpleMobileTools/Simple-SMS-Messenger", tag="5.19.3", files=(
            "app/src/main/kotlin/com/simplemobiletools/smsmessenger/extensions/Context.kt (saveSmsDraft, "
            "getSmsDraft, deleteSmsDraft, getConversations: threads with message_count > 0)",
            "app/src/main/kotlin/com/simplemobiletools/smsmessenger/activities/ThreadActivity.kt (onPause, onResume)",
        )), AOSP_TELEPHONY),
    ))

    def seed_messages(self, device: DeviceClient, messages: list[SmsMessage], drafts: list[SmsMessage]) -> None:
        inserts = [insert_sql(m) for m in messages] + [insert_sql(d, address_in_row=False) for d in drafts]
        seed_rows(device, inserts, [*messages, *drafts])


FOSSIFY_DB = "/data/data/org.fossify.messages/databases/conversations.db"
#: sqlite3 runs as root: a journal it leaves goes back to the app's user.
GIVE_BACK = ("chown -R $(stat -c %u:%g /data/data/org.fossify.messages) /data/data/org.fossify.messages/databases "
             "&& restorecon -R /data/data/org.fossify.messages/databases")
DRAFTS_MARK = "__DRAFTS__"
SPLIT_MARK = "__NEXT_READ__"
NO_DB_MARK = "__NO_DRAFTS_DB__"
DRAFTS_SQL = (f"PRAGMA busy_timeout=5000; SELECT '{DRAFTS_MARK}' || count(*) FROM drafts; "
              f"SELECT thread_id || char(31) || {escaped('body')} || char(31) || date FROM drafts ORDER BY thread_id;")


class FossifyMessagesAdapter(TelephonySmsAdapter):
    """Drafts in the app's own Room database, keyed by the provider's thread id."""

    app = app_by_id("sms_fossify_messages")
    storage = (TELEPHONY_MESSAGES, StorageProfile(
        what="drafts", path=FOSSIFY_DB,
        format="Room MessagesDatabase v10, table drafts(thread_id INTEGER PRIMARY KEY, body TEXT, date INTEGER); "
               "thread_id is the provider's thread (Threads.getOrCreateThreadId)",
        writes="leaving a thread (onPause/onStop) with text in the box: INSERT OR REPLACE drafts(thread_id, body, "
               "date); an empty box deletes the row. Nothing is written to the provider.",
        sources=(SourceRef(repo="FossifyOrg/Messages", tag="1.8.0", files=(
            "app/src/main/kotlin/org/fossify/messages/databases/MessagesDatabase.kt (name conversations.db, "
            "version 10, MIGRATION_8_9 creates drafts)",
            "app/src/main/kotlin/org/fossify/messages/models/Draft.kt",
            "app/src/main/kotlin/org/fossify/messages/interfaces/DraftsDao.kt",
            "app/src/main/kotlin/org/fossify/messages/extensions/Context.kt (saveSmsDraft, getSmsDraft, "
            "deleteSmsDraft, getThreadId)",
            "app/src/main/kotlin/org/fossify/messages/activities/ThreadActivity.kt (onPause, onStop, "
            "saveDraftMessage)",
        )),),
    ))

    def seed_messages(self, device: DeviceClient, messages: list[SmsMessage], drafts: list[SmsMessage]) -> None:
        threads = [thread_sql(d.address, str(d.date_ms or 0)) for d in drafts]
        seed_rows(device, [insert_sql(m) for m in messages], messages, statements=threads)
        if not drafts:  # one call: empty the drafts table if the database exists (never create it)
            clear = shlex.quote("PRAGMA busy_timeout=5000; DELETE FROM drafts;")
            device.check(f"if [ -f {FOSSIFY_DB} ]; then sqlite3 {FOSSIFY_DB} {clear} >/dev/null && {GIVE_BACK}; fi")
            return
        self._ensure_database(device)
        values = [f"({thread_of_lookup(device, d.address)}, {sql_text(d.body)}, {d.date_ms or 0})" for d in drafts]
        device.sqlite(FOSSIFY_DB, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM drafts; "
                                  f"INSERT INTO drafts(thread_id, body, date) VALUES {', '.join(values)}; COMMIT;")
        device.check(GIVE_BACK)

    def _ensure_database(self, device: DeviceClient) -> None:
        ensure_app_database(device, self.app.package, FOSSIFY_DB)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        """One shell call: messages, the thread -> address map, and the drafts table (when the
        database exists; a missing database is no drafts and is not created)."""
        script = (f"sqlite3 {MMSSMS_DB} {shlex.quote(READ_SQL)} && echo {SPLIT_MARK} && "
                  f"sqlite3 {MMSSMS_DB} {shlex.quote(THREADS_SQL)} && echo {SPLIT_MARK} && "
                  f"if [ -f {FOSSIFY_DB} ]; then sqlite3 {FOSSIFY_DB} {shlex.quote(DRAFTS_SQL)}; "
                  f"else echo {NO_DB_MARK}; fi")
        try:
            out = device.check(script)
        except DeviceError as exc:
            raise VerifierReadError(f"could not read the SMS stores: {exc}") from exc
        parts = out.split(f"{SPLIT_MARK}\n")
        if len(parts) != 3:
            raise VerifierReadError(f"SMS read: expected 3 parts, got {len(parts)}")
        sms, threads, drafts = ([line for line in part.split("\n") if line] for part in parts)
        return {"sms": sms, "threads": threads, "drafts": drafts}

    def parse(self, raw: RawSnapshot) -> SmsState:
        state = super().parse(raw)
        if "drafts" not in raw or "threads" not in raw:
            raise VerifierReadError("Fossify snapshot lacks the 'drafts' or 'threads' read")
        threads = parse_threads(raw["threads"])
        return SmsState(messages=[*state.messages, *parse_drafts(raw["drafts"], threads)])


def thread_of_lookup(device: DeviceClient, address: str) -> int:
    """The provider thread id of ``address`` (created by the seeding transaction)."""
    lines = device.sqlite(MMSSMS_DB, f"SELECT {thread_of(address)};")
    try:
        return int(lines[-1])
    except (IndexError, ValueError):
        raise DeviceError(f"no thread for {address} after seeding: {lines}") from None


@parses(f"sqlite3 {FOSSIFY_DB} {DRAFTS_MARK} FROM drafts ORDER BY thread_id")
def parse_drafts(lines: list[str], threads: dict[int, str] | None = None) -> list[SmsMessage]:
    """Draft rows of a Fossify ``drafts`` read; a draft whose thread is gone (or no ``threads`` are
    given) keeps an empty address."""
    threads = threads or {}
    if lines == [NO_DB_MARK]:
        return []
    expected: int | None = None
    out: list[SmsMessage] = []
    for line in lines:
        if line.startswith(DRAFTS_MARK):
            expected = int(line[len(DRAFTS_MARK):])
            continue
        if SEP not in line:
            continue
        fields = line.split(SEP)
        if len(fields) != 3:
            raise VerifierReadError(f"drafts read: expected 3 columns in {line!r}")
        thread, body, date = fields
        out.append(SmsMessage(box=DRAFT, address=threads.get(int(thread), ""), body=unescape(body),
                              date_ms=int(date) if date else None, thread_id=int(thread)))
    if expected is None or expected != len(out):
        raise VerifierReadError(f"drafts read: the table counts {expected} rows, {len(out)} parsed")
    return out


class ScreenDraftsAdapter(TelephonySmsAdapter):
    """Apps whose draft store the harness cannot read: messages from the provider, drafts from the
    conversation list on screen ("Draft: <body>" under the recipient), so draft pairs are ``ui``."""

    clear_on_init: ClassVar[bool] = True  # the app-private draft store must not leak across episodes
    list_ui: ClassVar[ListUi]
    ui_reason: ClassVar[str]
    #: Read the screen (the ``ui`` pairs only: other templates never look at drafts).
    read_screen: bool = True

    def for_template(self, template: TaskTemplate[Any]) -> ScreenDraftsAdapter:
        bound = copy.copy(self)
        bound.read_screen = template.semantic_id in DRAFT_TEMPLATES
        return bound

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        if template.semantic_id in DRAFT_TEMPLATES:
            return PairMode(mode="ui", reason=self.ui_reason)
        return super().validation_mode(template)

    def seed_messages(self, device: DeviceClient, messages: list[SmsMessage], drafts: list[SmsMessage]) -> None:
        """Drafts cannot be written into the app's store: they are typed into the app (its own
        new-conversation flow, then BACK), which writes them where the app keeps them. Only for the
        pairs that read drafts (the others never see them)."""
        seed_rows(device, [insert_sql(m) for m in messages], messages)
        if self.read_screen:
            type_drafts(device, self.app.package, self.list_ui, drafts)

    def readable_part(self, state: SmsState) -> SmsState:
        if self.read_screen:
            return state
        return state.model_copy(update={"messages": [m for m in state.messages if m.box != DRAFT]})

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        raw = super().read_raw(device)
        if not self.read_screen:
            return raw
        raw["screen"] = [device.ui_dump()]
        # The list names a saved contact instead of the number: the contacts resolve it back.
        raw["contacts"] = [f"{name}{SEP}{number}" for name, number in listed_phones(device)]
        return raw

    def parse(self, raw: RawSnapshot) -> SmsState:
        state = super().parse(raw)
        if "screen" not in raw:  # a pair that does not read drafts (see ``for_template``)
            return state
        if "contacts" not in raw:
            raise VerifierReadError("snapshot has a 'screen' but no 'contacts' read")
        names = dict(line.split(SEP, 1) for line in raw["contacts"] if SEP in line)
        drafts = [d.model_copy(update={"address": names.get(d.address, d.address)})
                  for d in drafts_on_screen("".join(raw["screen"]), self.list_ui)]
        return SmsState(messages=[*state.messages, *drafts])


class QuikSmsAdapter(ScreenDraftsAdapter):
    app = app_by_id("sms_quik_sms")
    list_ui = ListUi(package="dev.octoshrimpy.quik.fdroid", title_res="title", snippet_res="snippet",
                     draft_prefix="Draft: ", new_chat_desc="Compose", recipient_res="search",
                     confirm="suggestion", message_res="message")
    ui_reason = ("QUIK keeps a draft only in its Realm conversation (Conversation.draft), an unreadable store; the "
                 "conversation list shows it as 'Draft: <body>' (main_sender_draft), which is what is read")
    storage = (TELEPHONY_MESSAGES, StorageProfile(
        what="drafts", path="/data/data/dev.octoshrimpy.quik.fdroid/files/default.realm",
        format="Realm object Conversation(id = thread id, draft, draftDate)", readable=False,
        writes="leaving the compose screen saves the box text into Conversation.draft; the list shows "
               "'Draft: %s' as the conversation's snippet",
        sources=(SourceRef(repo="octoshrimpy/quik", tag="v4.3.4", note="4.3.6 is not tagged in the snapshot read; "
                           "v4.3.4 is the nearest tag", files=(
            "data/src/main/java/com/moez/QKSMS/repository/ConversationRepositoryImpl.kt (saveDraft, "
            "getConversations: lastMessage != null or draft not empty)",
            "presentation/src/main/java/com/moez/QKSMS/feature/conversations/ConversationsAdapter.kt",
            "presentation/src/main/res/values/strings.xml (main_sender_draft = 'Draft: %s')",
        )),),
    ))


class GoogleMessagesAdapter(ScreenDraftsAdapter):
    app = app_by_id("sms_google_messages")
    list_ui = ListUi(package="com.google.android.apps.messaging", title_res="conversation_name",
                     snippet_res="conversation_snippet", draft_prefix="Draft: ", new_chat_text="Start chat",
                     recipient_res="recipient_text_view", confirm="send_to", message_res="compose_message_text")
    ui_reason = ("Google Messages is closed source: where and how it stores drafts (bugle_db) is not published; "
                 "the conversation list's 'Draft: <body>' snippet is read instead (unverified on a rooted emulator)")
    storage = (TELEPHONY_MESSAGES, StorageProfile(
        what="drafts", path="/data/data/com.google.android.apps.messaging/databases/bugle_db (unverified)",
        format="closed source: not published", readable=False,
        writes="not published; the list shows the draft as the conversation's snippet (unverified)",
        sources=(SourceRef(repo="closed source", tag="messages.android_20221208_01_RC02",
                           note="no public source; facts to be checked on a rooted emulator"),),
    ))


# -- launch guards and the second reading (issues 23/27; docs/sms.md, "Launch guards and fidelity") --------

READ_ON = "2026-12-03"
NOT_REREAD = ("not re-read against its source in this pass: the profile's own reading stands, unconfirmed by a "
              "second reader")
SIMPLE_START = SourceRef(repo="SimpleMobileTools/Simple-SMS-Messenger", tag="5.19.3", files=(
    "app/src/main/kotlin/com/simplemobiletools/smsmessenger/activities/MainActivity.kt (RoleManager ROLE_SMS: the "
    "role request unless held, then READ_SMS, SEND_SMS, READ_CONTACTS prompts; checkWhatsNewDialog)",
    "app/src/main/kotlin/com/simplemobiletools/smsmessenger/activities/NewConversationActivity.kt (no editor action on "
    "new_conversation_address; the confirm button shows after 3 characters)",
    "app/src/main/res/layout/activity_new_conversation.xml (inputType textCapWords)"))
FOSSIFY_START = SourceRef(repo="FossifyOrg/Messages", tag="nearest: stored commit 05a22504 (1.8.0 not read there)",
                          files=("app/src/main/kotlin/org/fossify/messages/activities/NewConversationActivity.kt "
                                 "(as Simple SMS Messenger)",))


def _role_guards(source: SourceRef) -> tuple[LaunchGuard, ...]:
    return (LaunchGuard(kind="first_screen", what="the 'default SMS app' role request, then the SMS and contacts "
                        "permission prompts", handled_by="setup makes the app the SMS role holder and grants "
                        "READ_SMS, SEND_SMS, RECEIVE_SMS, READ_CONTACTS, POST_NOTIFICATIONS", sources=(source,)),)


SimpleSmsMessengerAdapter.launch_guards = LaunchGuards(guards=_role_guards(SIMPLE_START), read=(SIMPLE_START,))
SimpleSmsMessengerAdapter.fidelity = FidelityReading(
    source=SIMPLE_START, date=READ_ON, verdict="mismatch-fixed",
    found=("Enter in the new-conversation address field opened the thread in the double; the real field has no "
           "editor action (only the confirm button, shown after three characters, opens it): fixed",),
    open_points=("drafts re-read at 5.19.3 (Context.kt saveSmsDraft/getSmsDraft/deleteSmsDraft, ThreadActivity."
                 "onPause): a content://sms/draft row with body, date, type 3 and thread_id and no address, deleted "
                 "when the box is empty; the profile and seeder hold. The provider's own handling of an older draft "
                 "of the thread (AOSP SmsProvider) was not re-read",))
FossifyMessagesAdapter.launch_guards = LaunchGuards(
    guards=(*_role_guards(FossifyMessagesAdapter.storage[1].sources[0]), LaunchGuard(
        kind="writes", what="conversations.db (Room v10) on first launch", handled_by="ensure_app_database before the "
        "drafts are seeded; with no draft to seed the app creates it (an empty drafts table) at the episode's launch",
        sources=FossifyMessagesAdapter.storage[1].sources, snapshot_keys=("drafts",))),
    read=(FOSSIFY_START, *FossifyMessagesAdapter.storage[1].sources))
FossifyMessagesAdapter.fidelity = FidelityReading(
    source=FOSSIFY_START, date=READ_ON, verdict="mismatch-fixed",
    found=("the same Enter/confirm mismatch as Simple SMS Messenger (NewConversationActivity.kt): fixed",),
    open_points=("drafts store re-read at tag 1.8.0 (MessagesDatabase.kt v10 conversations.db, Draft.kt, DraftsDao.kt "
                 "REPLACE on thread_id, Context.kt saveSmsDraft/deleteSmsDraft, ThreadActivity.saveDraftMessage on "
                 "onPause/onStop): the profile and seeder hold; the Enter/confirm reading stays at the nearest stored "
                 "commit 05a22504",))
GoogleMessagesAdapter.launch_guards = LaunchGuards(guards=_role_guards(GoogleMessagesAdapter.storage[-1].sources[0]),
                                                   read=(GoogleMessagesAdapter.storage[-1].sources[0],))
QUIK_START = SourceRef(repo="octoshrimpy/quik", tag="v4.3.4", note="the catalog's 4.3.6 (2238) is not in the "
                       "snapshot read; v4.3.4 (2236, release commit 57d95a9a) is the nearest tag", files=(
    "presentation/src/main/java/com/moez/QKSMS/feature/main/MainViewModel.kt (first start: full sync of the "
    "provider into Realm when no SyncLog and the app is the SMS role holder with READ_SMS and READ_CONTACTS; "
    "requestDefaultSms / requestPermissions otherwise; markAllSeen; changelog only after an update)",
    "data/src/main/java/com/moez/QKSMS/manager/ChangelogManagerImpl.kt, domain/.../util/Preferences.kt "
    "(changelogVersion defaults to the running versionCode: no changelog after pm clear)",
    "data/src/main/java/com/moez/QKSMS/repository/MessageRepositoryImpl.kt (markAllSeen: Realm and provider "
    "seen = 1 where seen = 0)",
    "data/src/main/java/com/moez/QKSMS/repository/ConversationRepositoryImpl.kt (saveDraft: Conversation.draft, "
    "draftDate in Realm only)",
    "presentation/src/main/java/com/moez/QKSMS/feature/compose/ComposeViewModel.kt (the draft is saved when the "
    "compose activity goes into the background; a new message opens ContactsActivity first)",
    "presentation/src/main/res/layout/contacts_activity.xml, feature/contacts/ContactsViewModel.kt (recipient "
    "field id search, hint title_compose 'Type a name or number', textFilter; IME_ACTION_DONE picks the first "
    "item)",
    "presentation/src/main/res/layout/compose_activity.xml (message: textMultiLine, no editor action)"))
QuikSmsAdapter.launch_guards = LaunchGuards(guards=(*_role_guards(QUIK_START), LaunchGuard(
    kind="reconciles", what="Realm copy of the provider's messages (full sync at the first start after pm clear, "
    "while SyncLog is empty); the list shows the Realm copy", handled_by="the app is cleared before every episode "
    "(clear_on_init) and setup makes it role holder with READ_SMS/READ_CONTACTS, so the sync copies the seed",
    sources=(QUIK_START,)), LaunchGuard(kind="writes", what="markAllSeen at start: provider seen = 1 where seen = 0",
    handled_by="the seed writes seen = 1 already: nothing changes", sources=(QUIK_START,))), read=(QUIK_START,))
GoogleMessagesAdapter.fidelity = FidelityReading(
    source=GoogleMessagesAdapter.storage[-1].sources[0], date=READ_ON, verdict="unverifiable", open_points=(
        "closed source: the drafts stand-in file, the picker's Enter behaviour and first screens (Google sign-in, "
        "chat features) are assumed",))
QuikSmsAdapter.fidelity = FidelityReading(source=QUIK_START, date="2026-12-04", verdict="mismatch-fixed", found=(
    "drafts: Realm Conversation.draft/draftDate only, saved when the compose screen goes into the background, "
    "listed as 'Draft: %s' (main_sender_draft): the profile holds",
    "the double's recipient field had id chipsInput, which 4.3.4 does not have: the field is ContactsActivity's "
    "'search' (hint 'Type a name or number'); fixed in the double, the oracle and the screen reader",
    "a new message opens ContactsActivity, a screen of its own (search field and contacts only); the double "
    "showed the field, the suggestions and the message box on one compose screen: fixed (the double's picker is "
    "com.moez.QKSMS.feature.contacts.ContactsActivity without a message box; the chosen contact opens "
    "ComposeActivity)",
    "Enter in the search field: the soft keyboard's action (IME_ACTION_DONE) picks the first item; a hardware "
    "Enter (IME_NULL) is consumed (rxbinding editorActions() returns true for every action) and filtered out "
    "(ContactsViewModel); the double's field had no editor action, so a hardware Enter moved the focus down: "
    "fixed (PickerSkin.done_picks_first: the soft Done opens the first item's conversation, Enter does nothing)",
    "with an empty query ContactsActivity lists every contact (ContactsViewModel: starred, groups, contacts; "
    "recent conversations only when sharing); the double listed nothing until a query was typed: fixed"))
