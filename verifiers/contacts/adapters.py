"""The five Contacts apps' adapters (docs/contacts.md, "Storage profiles").

* Google Contacts 4.1.17 (closed source) and Connect You 11.3: Android's ContactsProvider
  (``contacts2.db``), where each saves a contact on a phone without accounts.
* Fossify Contacts 1.6.0, Simple Contacts Pro SE 6.22.7 and Right Contact 8.2.3: their private Room
  database ``local_contacts.db`` (the only saveable source on a phone without accounts), read
  together with the provider, whose contacts they list too.

Besides the store a pair may read Android's call log (CallContact), the front activity and its
intent (MessageContact), or the screen (the detail page, the unsaved form: ``ui`` pairs), as the
template says (``ContactsTemplate.reads``).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, ClassVar

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.errors import VerifierReadError
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
)
from verifiers.contacts.android import (
    parse_calls,
    parse_front,
    parse_provider,
    read_calls,
    read_front,
    read_provider,
    seed_calls,
    seed_front,
    seed_provider,
)
from verifiers.contacts.localdb import COMMONS_DB_SOURCES, db_path, parse_local, read_local, seed_local
from verifiers.contacts.screen import ScreenUi, detail_on_screen, fill_form, form_on_screen, open_detail
from verifiers.contacts.state import Contact, ContactsState

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

CONTACTS_PERMISSIONS: tuple[str, ...] = tuple(
    f"android.permission.{p}" for p in ("READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS", "CALL_PHONE",
                                        "POST_NOTIFICATIONS"))
SCREEN_PARTS = frozenset({"detail", "form"})
UI_REASON = {
    "detail": "the outcome is the screen itself (the contact's details page is open); no store records which "
              "page is open, so the app's detail page is read from the screen (its name and number fields)",
    "form": "the outcome is the screen itself (a filled new-contact form left unsaved): an unsaved form is in no "
            "store, so the form's fields are read from the screen; the store is read for 'not saved'",
}

AOSP_CONTACTS_PROVIDER = SourceRef(
    repo="aosp-mirror/platform_packages_providers_contactsprovider", tag="android-13",
    files=("src/com/android/providers/contacts/ContactsProvider2.java",
           "src/com/android/providers/contacts/ContactsDatabaseHelper.java"),
    note="data rows (mimetype name: data1 display name, data2 given, data3 family; phone_v2: data1 number, "
         "data2 type) aggregated into contacts(starred); a raw contact without an account is deleted outright",
)
PROVIDER_PATH = "/data/data/com.android.providers.contacts/databases/contacts2.db (content://com.android.contacts)"
PROVIDER_FORMAT = ("raw_contacts(_id, contact_id, account_id, starred, deleted); data(raw_contact_id, mimetype, "
                   "data1..data15); contacts(_id, starred, name_raw_contact_id)")


DEFAULT_SMS_APP = "com.google.android.apps.messaging"


class ContactsAdapter(AppAdapter[ContactsState]):
    """Store reads/writes by subclass; the call log, the front intent and the screen as the pair
    needs them."""

    app: ClassVar[AppSpec]
    runtime_permissions: ClassVar[tuple[str, ...]] = CONTACTS_PERMISSIONS
    screen: ClassVar[ScreenUi]
    #: What the bound pair reads besides the store (``ContactsTemplate.reads``).
    reads: frozenset[str] = frozenset()
    #: The front activity is Android's, not a store: launching the app changes it.
    non_durable_reads = frozenset({"front"})

    def setup(self, device: DeviceClient) -> None:
        """One default SMS app (Google Messages, the SMS role's default holder on the API 33 Google
        image), so "message this contact" opens it as on a lab phone instead of Android's resolver."""
        if not device.run(f"cmd role add-role-holder --user 0 android.app.role.SMS {DEFAULT_SMS_APP}").ok:
            device.check(f"settings put secure sms_default_application {DEFAULT_SMS_APP}")

    # -- the store (per app) ---------------------------------------------------------------------
    def seed_store(self, device: DeviceClient, contacts: list[Contact]) -> None:
        raise NotImplementedError

    def read_store(self, device: DeviceClient) -> RawSnapshot:
        raise NotImplementedError

    def parse_store(self, raw: RawSnapshot) -> list[Contact]:
        raise NotImplementedError

    # -- per pair --------------------------------------------------------------------------------
    def for_template(self, template: TaskTemplate[Any]) -> ContactsAdapter:
        bound = copy.copy(self)
        bound.reads = frozenset(getattr(template, "reads", frozenset()))
        return bound

    def validation_mode(self, template: TaskTemplate[Any]) -> PairMode:
        screen = sorted(frozenset(getattr(template, "reads", frozenset())) & SCREEN_PARTS)
        if screen:
            return PairMode(mode="ui", reason=UI_REASON[screen[0]])
        return super().validation_mode(template)

    def readable_part(self, state: ContactsState) -> ContactsState:
        return state.model_copy(update={
            "calls": (state.calls or []) if "calls" in self.reads else None,
            "front": state.front if "front" in self.reads else None,
            "detail": state.detail if "detail" in self.reads else None,
            "form": state.form if "form" in self.reads else None,
        })

    def seed(self, device: DeviceClient, state: ContactsState) -> None:
        self.seed_store(device, state.contacts)
        if "calls" in self.reads:
            seed_calls(device, state.calls or [])
        if "front" in self.reads:
            seed_front(device, state.front)
        if "detail" in self.reads:
            if state.detail is None:
                device.check("input keyevent 3")
            else:
                open_detail(device, self.screen, state.detail)
        if "form" in self.reads:
            if state.form is None:
                device.check("input keyevent 3")
            else:
                fill_form(device, self.screen, state.form)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        raw: RawSnapshot = self.read_store(device)
        if "calls" in self.reads:
            raw["calls"] = read_calls(device)
        if "front" in self.reads:
            raw["front"] = read_front(device)
        if self.reads & SCREEN_PARTS:
            dump = device.ui_dump()
            for part in sorted(self.reads & SCREEN_PARTS):
                raw[f"{part}_screen"] = [dump]  # keyed by part: a record re-scores without the template
        return raw

    def parse(self, raw: RawSnapshot) -> ContactsState:
        """Pure: each part the snapshot holds (a pair reads only its template's parts)."""
        return ContactsState(
            contacts=self.parse_store(raw),
            calls=parse_calls(raw["calls"]) if "calls" in raw else None,
            front=parse_front(raw["front"]) if "front" in raw else None,
            detail=detail_on_screen("".join(raw["detail_screen"]), self.screen) if "detail_screen" in raw else None,
            form=form_on_screen("".join(raw["form_screen"]), self.screen) if "form_screen" in raw else None,
        )


class ProviderContactsAdapter(ContactsAdapter):
    """Apps that save into Android's ContactsProvider."""

    def seed_store(self, device: DeviceClient, contacts: list[Contact]) -> None:
        seed_provider(device, contacts)

    def read_store(self, device: DeviceClient) -> RawSnapshot:
        return {"provider": read_provider(device)}

    def parse_store(self, raw: RawSnapshot) -> list[Contact]:
        if "provider" not in raw:
            raise VerifierReadError("contacts snapshot has no 'provider' read")
        return parse_provider(raw["provider"])


class LocalDbContactsAdapter(ContactsAdapter):
    """Apps of the Simple Contacts lineage: they list the provider's contacts and their private
    ``local_contacts.db`` together, and save where the source picker points — on a phone without
    accounts the private store (``EditContactActivity.setupNewContact``; the commons'
    ``getDeviceContactSources`` offers "Phone storage" only when the provider already holds an
    account-less raw contact). Both are read; seeding empties the provider and fills the database."""

    #: The app's ``LocalContact`` entity has a ``relations`` column (Goodwy-Commons).
    relations: ClassVar[bool] = False

    def seed_store(self, device: DeviceClient, contacts: list[Contact]) -> None:
        seed_provider(device, [])
        seed_local(device, self.app.package, contacts, relations=self.relations)

    def read_store(self, device: DeviceClient) -> RawSnapshot:
        return {"provider": read_provider(device), "local": read_local(device, self.app.package)}

    def parse_store(self, raw: RawSnapshot) -> list[Contact]:
        if "provider" not in raw or "local" not in raw:
            raise VerifierReadError("contacts snapshot lacks the 'provider' or the 'local' read")
        return parse_provider(raw["provider"]) + parse_local(raw["local"])


READ_ON = "2026-12-03"
PERMISSIONS_GRANTED = ("setup grants READ_CONTACTS, WRITE_CONTACTS, GET_ACCOUNTS, CALL_PHONE and POST_NOTIFICATIONS "
                       "before the launch (runtime_permissions), so no prompt comes up")
FOSSIFY_MAIN = SourceRef(repo="FossifyOrg/Contacts", tag="4e7be0b (search index; nearest to 1.6.0)", files=(
    "app/src/main/kotlin/org/fossify/contacts/activities/MainActivity.kt (onCreate: appLaunched, "
    "checkContactPermissions READ -> WRITE -> GET_ACCOUNTS, checkWhatsNewDialog; contacts loaded on first layout)",))


def simple_lineage_guards(main: SourceRef) -> LaunchGuards:
    """The Simple Contacts lineage shares its start-up through its Commons library."""
    return LaunchGuards(guards=(
        LaunchGuard(kind="needs", what="the Room onCreate callback's id bump (contacts from 1000000, groups from "
                                       "10000) to have run before seeding",
                    handled_by="ensure_app_database waits for sqlite_sequence groups >= 10000 (localdb.ROOM_CREATED); "
                               "seeded rows then get ids above 1000000, as the app's own do",
                    sources=COMMONS_DB_SOURCES),
        LaunchGuard(kind="first_screen", what="runtime permission requests READ_CONTACTS, WRITE_CONTACTS, GET_ACCOUNTS",
                    handled_by=PERMISSIONS_GRANTED, sources=(main,)),
        LaunchGuard(kind="writes", what="Commons appLaunched: the 'Prefs' preferences (run count, last version)",
                    handled_by="not a store the pair reads (no snapshot key changes)", sources=(main,)),
    ), read=(main, *COMMONS_DB_SOURCES))


class GoogleContactsAdapter(ProviderContactsAdapter):
    app = app_by_id("contacts_google_contacts")
    screen = ScreenUi(package="com.google.android.contacts", detail_name="large_title", detail_phone="header",
                      row="cliv_name_textview", add_desc="Create contact", form_first="first_name",
                      form_last="last_name", form_phone="phone_number", form_label="phone_type")
    storage = (StorageProfile(
        what="contacts", path=PROVIDER_PATH, format=PROVIDER_FORMAT,
        writes="Save: a raw contact of the device account with a name row (given/family) and a phone_v2 row; the "
               "star sets contacts.starred; Delete deletes the contact",
        sources=(SourceRef(repo="closed source", tag="4.1.17.505591926",
                           note="no public source: Google Contacts is a ContactsProvider client (the prior release "
                                "verified it there, notes §2A); screen ids unverified on a rooted emulator"),
                 AOSP_CONTACTS_PROVIDER),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="first_screen", what="runtime permission requests (contacts, phone)",
                    handled_by=PERMISSIONS_GRANTED,
                    sources=(SourceRef(repo="closed source", tag="4.1.17.505591926", note="assumed: a ContactsProvider "
                                       "client asks for the contacts permissions on first use"),)),
    ), read=(SourceRef(repo="closed source", tag="4.1.17.505591926", note="no source; nothing read beyond the "
                       "provider (AOSP), which the app only queries"), AOSP_CONTACTS_PROVIDER))
    fidelity = FidelityReading(
        source=SourceRef(repo="closed source", tag="4.1.17.505591926"), date=READ_ON, verdict="unverifiable",
        open_points=("closed source: that it saves into ContactsProvider is taken from the prior release's rooted-"
                     "emulator verification (notes §2A); screen ids and first screens (Google account sign-in or "
                     "backup prompts on a device without accounts) are assumed, not observed",
                     "IME assumed: single-line name, number and search fields without an editor action (Android's "
                     "default: Enter moves the focus down), not observed"))


SIMPLE_COMMONS = ("commons/src/main/kotlin/com/simplemobiletools/commons/models/contacts/LocalContact.kt "
                  "(Room entity: table contacts, phone_numbers a Gson list of PhoneNumber, starred Int)")
LOCAL_FORMAT = ("Room table contacts(id INTEGER PK AUTOINCREMENT, prefix, first_name, middle_name, surname, suffix, "
                "nickname, photo BLOB, photo_uri, phone_numbers TEXT (Gson [{value,type,label,normalizedNumber,"
                "isPrimary}]), emails, events, starred INTEGER, addresses, notes, groups, company, job_position, "
                "websites, ims, ringtone)")
LOCAL_WRITES = ("Save of a new contact: INSERT a row (first_name, surname, phone_numbers with the number and its "
                "type); the star: UPDATE starred 0/1; Delete: DELETE the row; Edit: UPDATE the row")


class FossifyContactsAdapter(LocalDbContactsAdapter):
    app = app_by_id("contacts_fossify_contacts")
    screen = ScreenUi(package="org.fossify.contacts", detail_name="contact_name", detail_phone="contact_number",
                      row="item_contact_name", add_desc="Create new contact", form_first="contact_first_name",
                      form_last="contact_surname", form_phone="contact_number", form_label="contact_number_type")
    storage = (StorageProfile(
        what="contacts", path=db_path("org.fossify.contacts"), format=LOCAL_FORMAT, writes=LOCAL_WRITES,
        sources=(SourceRef(repo="FossifyOrg/Contacts", tag="1.6.0", files=(
            "gradle.properties (APP_ID org.fossify.contacts, VERSION_NAME 1.6.0, VERSION_CODE 13)",
            "app/src/main/kotlin/org/fossify/contacts/activities/EditContactActivity.kt (setupNewContact: the last "
            "used source, else the first saveable one; saveContact -> insertNewContact/updateContact)",
            "app/src/main/res/layout/activity_view_contact.xml, activity_edit_contact.xml, item_edit_phone_number.xml",
        ), note="the LocalContact entity lives in Fossify Commons 6.1.0 (not re-read at that tag); its columns "
                "are Simple-Commons' " + SIMPLE_COMMONS),),
    ),)
    launch_guards = simple_lineage_guards(FOSSIFY_MAIN)
    fidelity = FidelityReading(
        source=FOSSIFY_MAIN, date=READ_ON, verdict="mismatch-fixed",
        found=("the Room callback bumps the AUTOINCREMENT sequences on a worker thread after the database exists; "
               "ensure_app_database stopped the app as soon as the file existed (the bump cut off, seeded ids from "
               "1) and the double did not bump: the double now bumps on a worker thread and the seeder waits for it",
               "an empty seed left no database, which the app creates at its next start (launch invariance saw "
               "the store change): every seed now goes through the app's database",
               "the double's database lacked the groups and room_master_table tables: added",
               "IME (1.6.0 activity_edit_contact.xml, item_edit_phone_number.xml; Fossify commons menu_search.xml, "
               "MySearchMenu.kt): names, number and search are single-line with no imeOptions and no editor "
               "listener, so Enter moves the focus down (TextView.onKeyUp); the double's Enter did nothing: the "
               "simulated UI now does what TextView does"),
        open_points=("LocalContact columns not re-read at Commons 6.1.0 (the profile's note)",
                     "checkWhatsNewDialog on a first start: Commons' rule not re-read"))


class SimpleContactsProSeAdapter(LocalDbContactsAdapter):
    app = app_by_id("contacts_simple_contacts_pro_se")
    screen = ScreenUi(package="com.simplemobiletools.contacts.pro", detail_name="contact_name",
                      detail_phone="contact_number", row="item_contact_name", add_desc="Create new contact",
                      form_first="contact_first_name", form_last="contact_surname", form_phone="contact_number",
                      form_label="contact_number_type")
    storage = (StorageProfile(
        what="contacts", path=db_path("com.simplemobiletools.contacts.pro"), format=LOCAL_FORMAT, writes=LOCAL_WRITES,
        sources=(SourceRef(repo="SimpleMobileTools/Simple-Contacts", tag="6.22.7", files=(
            "gradle/libs.versions.toml (app-version-appId com.simplemobiletools.contacts.pro, versionCode 107, "
            "versionName 6.22.7, simple-commons 73d78e5cd3)",
            "app/src/main/kotlin/com/simplemobiletools/contacts/pro/activities/EditContactActivity.kt "
            "(setupNewContact, saveContact)",
            "app/src/main/res/layout/activity_view_contact.xml, activity_edit_contact.xml, fragment_layout.xml",
        ), note="'Pro SE' is this app id and version; the entity is Simple-Commons' " + SIMPLE_COMMONS),),
    ),)
    launch_guards = simple_lineage_guards(SourceRef(
        repo="SimpleMobileTools/Simple-Contacts", tag="6.22.7", files=(
            "app/src/main/kotlin/com/simplemobiletools/contacts/pro/activities/MainActivity.kt (not re-read: the "
            "Fossify fork's start-up is taken as the same)",)))
    fidelity = FidelityReading(
        source=COMMONS_DB_SOURCES[1], date=READ_ON, verdict="mismatch-fixed",
        found=("the same Room id bump as Fossify Contacts (Simple-Commons ContactsDatabase.kt): fixed the same way",
               "IME (6.22.7 activity_edit_contact.xml, item_edit_phone_number.xml): single-line fields, no imeOptions "
               "or editor listener (Enter moves the focus down), as Fossify Contacts; fixed the same way (the search "
               "field's Simple-Commons layout is assumed as Fossify commons')"),
        open_points=("MainActivity at 6.22.7 not re-read; Simple-Commons read at the search index's revision, not "
                     "the app's pinned commons 73d78e5cd3",))


class RightContactAdapter(LocalDbContactsAdapter):
    app = app_by_id("contacts_right_contact")
    relations = True
    screen = ScreenUi(package="com.goodwy.contacts", detail_name="contactName", detail_phone="contactNumber",
                      row="item_contact_name", add_desc="Create new", form_first="contactFirstName",
                      form_last="contact_surname", form_phone="contact_number", form_label="contact_number_type")
    storage = (StorageProfile(
        what="contacts", path=db_path("com.goodwy.contacts"), format=LOCAL_FORMAT.replace(
            "websites, ims", "websites, relations, ims"), writes=LOCAL_WRITES,
        sources=(SourceRef(repo="Goodwy/Contacts", tag="7.0.1", files=(
            "gradle.properties (APP_ID com.goodwy.contacts)",
            "app/src/main/kotlin/com/goodwy/contacts/activities/EditContactActivity.kt (setupNewContact: the same "
            "source choice as Simple Contacts)",
            "app/src/main/res/layout/activity_main.xml (main_add_button), activity_view_contact.xml, top_view.xml "
            "(contactName), item_view_phone_number.xml (contactNumber), activity_edit_contact.xml "
            "(contactFirstName, contact_surname), menu/menu_view_contact.xml (favorite, edit always; delete never)",
        ), note="8.2.3 is not tagged in the snapshot read; 7.0.1 is the nearest tag. The entity is Goodwy-Commons' "
                "commons/src/main/kotlin/com/goodwy/commons/models/contacts/LocalContact.kt (adds relations); its "
                "ContactsHelper.getDeviceContactSources offers 'Phone storage' only when the provider already holds "
                "an account-less raw contact. Unverified on a rooted emulator; both stores are read"),),
    ),)
    launch_guards = simple_lineage_guards(SourceRef(
        repo="Goodwy/Contacts", tag="7.0.1 (nearest to 8.2.3)", files=(
            "Goodwy-Commons commons/.../databases/ContactsDatabase.kt (search index: the same "
            "increaseAutoIncrementIds, with the relations migration)",)))
    fidelity = FidelityReading(
        source=SourceRef(repo="Goodwy/Goodwy-Commons", tag="search index revision (nearest; 8.2.3 is not tagged)",
                         files=("commons/src/main/kotlin/com/goodwy/commons/databases/ContactsDatabase.kt",)),
        date=READ_ON, verdict="mismatch-fixed",
        found=("the same Room id bump as Fossify Contacts: fixed the same way",
               "IME (Goodwy/Contacts 7.0.1 activity_edit_contact.xml, item_edit_phone_number.xml): single-line fields, "
               "no imeOptions or editor listener (Enter moves the focus down), as Fossify Contacts; fixed the same "
               "way (Goodwy-Commons' search layout is assumed as Fossify commons')"),
        open_points=("8.2.3 not tagged; Goodwy's own start-up (purchase checks, rating or what's-new dialogs) not "
                     "read",))


CONNECT_YOU_MAIN = SourceRef(repo="you-apps/ConnectYou", tag="0608ef8 (search index; nearest to v11.3)", files=(
    "app/src/main/java/com/bnyro/contacts/ui/activities/MainActivity.kt (onCreate: biometric prompt only when "
    "biometricAuthKey is set; home tab from homeTabKey, Contacts by default; no intro)",))


class ConnectYouAdapter(ProviderContactsAdapter):
    app = app_by_id("contacts_connect_you")
    screen = ScreenUi(package="com.bnyro.contacts", detail_name="", detail_phone="", row="", add_class="ImageButton",
                      detail_anchor="Dial", name_before="Message", form_anchor="Save",
                      labels=("Mobile", "Home", "Work", "Other"))
    storage = (StorageProfile(
        what="contacts", path=PROVIDER_PATH, format=PROVIDER_FORMAT,
        writes="Save (default source DEVICE): one applyBatch: a raw contact of the last chosen account (none on a "
               "phone without accounts), three name rows (data1 display name; data2 given name; data3 family name), "
               "one phone_v2 row per number; the star: contacts.starred via an update; Delete: the raw contact",
        sources=(SourceRef(repo="you-apps/ConnectYou", tag="v11.3", files=(
            "app/build.gradle.kts (applicationId com.bnyro.contacts, versionCode 33, versionName 11.3)",
            "app/src/main/java/com/bnyro/contacts/presentation/screens/contacts/model/ContactsModel.kt "
            "(contactsSource: Preferences selectedContactsRepo, default 0 = ContactsSource.DEVICE)",
            "app/src/main/java/com/bnyro/contacts/domain/repositories/DeviceContactsRepository.kt (createContact: "
            "StructuredName DISPLAY_NAME, GIVEN_NAME, FAMILY_NAME as separate inserts; STARRED update)",
            "app/src/main/java/com/bnyro/contacts/util/IntentHelper.kt (Dial: ACTION_DIAL tel:, Message: "
            "ACTION_VIEW sms:, dashes dropped)",
            "app/src/main/java/com/bnyro/contacts/presentation/screens/contact/SingleContactScreen.kt",
        ), note="the app's own Room DB (com.bnyro.contacts: localContacts, valuableTypes) holds only contacts of "
                "the LOCAL source, which is not the default"), AOSP_CONTACTS_PROVIDER),
    ),)
    launch_guards = LaunchGuards(guards=(
        LaunchGuard(kind="needs", what="Preferences selectedContactsRepo (default 0 = DEVICE: the provider)",
                    handled_by="nothing to seed: pm clear leaves the default, so the app lists the provider",
                    sources=(CONNECT_YOU_MAIN,)),
        LaunchGuard(kind="needs", what="Preferences biometricAuthKey false (else a biometric prompt before the app)",
                    handled_by="nothing to seed: false by default after pm clear", sources=(CONNECT_YOU_MAIN,)),
        LaunchGuard(kind="first_screen", what="runtime permission requests (contacts, phone)",
                    handled_by=PERMISSIONS_GRANTED, sources=(CONNECT_YOU_MAIN,)),
    ), read=(CONNECT_YOU_MAIN,))
    fidelity = FidelityReading(
        source=CONNECT_YOU_MAIN, date=READ_ON, verdict="mismatch-fixed",
        found=("IME (v11.3 presentation/components/LabeledTextField.kt, SearchBar.kt): the editor's name and phone "
               "fields are Material 3 TextFields left multi-line with ImeAction.Next (a hardware Enter adds a line, "
               "the soft keyboard's Next moves on), the search a single-line BasicTextField without KeyboardActions "
               "(Enter does nothing); the double's fields were single-line platform fields: now Compose fields as "
               "read",),
        open_points=("read at the search index's revision 0608ef8, not tag v11.3; BaseActivity's permission request "
                     "not read",))


__all__ = ["ConnectYouAdapter", "ContactsAdapter", "FossifyContactsAdapter", "GoogleContactsAdapter", "LocalDbContactsAdapter",
           "ProviderContactsAdapter", "RightContactAdapter", "SimpleContactsProSeAdapter", "db_path"]
