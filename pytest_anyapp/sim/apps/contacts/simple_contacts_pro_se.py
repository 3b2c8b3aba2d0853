"""Simple Contacts Pro 6.22.7 (``com.simplemobiletools.contacts.pro``), the app Fossify Contacts forked.

Same layouts as Fossify Contacts (SimpleMobileTools/Simple-Contacts 6.22.7: ``activity_view_contact``,
``activity_edit_contact``, ``fragment_layout``, the same ids), so the two share a lineage; what
differs is what the real apps differ in: numbers on the contact's page are shown as stored (6.22.7
has no "Format phone numbers" setting), the list's overflow has the older entries, and the app is
"Simple Contacts". Contacts go to the private ``local_contacts.db`` on a phone without accounts.
"""

from __future__ import annotations

from dataclasses import replace

from pytest_anyapp.sim.apps.contacts.fossify_contacts import SKIN as FOSSIFY
from pytest_anyapp.sim.apps.contacts.kit import ContactsApp

#: Fossify's skin with what 6.22.7 does differently: the list's overflow still has "More apps from
#: us", and the contact's page shows numbers as stored (no "Format phone numbers" setting yet).
SKIN = replace(
    FOSSIFY,
    list=replace(FOSSIFY.list, menu=(("Sort by", ""), ("Filter", ""), ("More apps from us", ""), ("Settings", ""),
                                     ("About", ""))),
    detail=replace(FOSSIFY.detail, numbers="raw"),
)


class SimpleContactsProSE(ContactsApp):
    package = "com.simplemobiletools.contacts.pro"
    label = "Simple Contacts"
    version_name, version_code = "6.22.7", 107
    launch_activity = ".activities.MainActivity"
    icon_color = "#FF7043"
    skin = SKIN
