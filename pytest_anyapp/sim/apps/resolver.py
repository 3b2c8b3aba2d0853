"""Android 13's intent disambiguation: ``android/com.android.internal.app.ResolverActivity``.

An implicit ``startActivity`` that several apps accept starts the one preferred handler if there is
one, else the resolver (``PackageManagerService.chooseBestActivity`` -> ``ResolveInfo`` of
``ResolverActivity``), never "the first app". Preferred handlers are

* a role's preferred activities: the SMS role holder for ``SENDTO`` ``sms:``/``smsto:``/``mms:``/
  ``mmsto:`` (PermissionController ``res/xml/roles.xml``, role ``android.app.role.SMS``,
  ``<preferred-activities>``; the holder is the ``sms_default_application`` secure setting);
* an "Always" answer given in the resolver (``PackageManager.addPreferredActivity``; kept here in
  :data:`PREFERRED_FILE`, the part of ``/data/system/users/0/package-restrictions.xml`` that holds them).

The resolver lists the handlers by label, a title from ``ResolverActivity.ActionTitle`` ("Open
with" for VIEW, "Send using" for SENDTO, "Complete action using" otherwise), and the buttons
"Just once" / "Always", enabled once a row is selected; tapping the selected row again starts it
once (``ResolverActivity.onItemClick``). Facts: AOSP ``frameworks/base`` android-13,
``core/java/com/android/internal/app/ResolverActivity.java``, ``core/res/res/layout/resolver_list.xml``,
``core/res/res/values/strings.xml`` (``whichViewApplication``, ``whichSendToApplication``,
``whichApplication``, ``activity_resolver_use_once``, ``activity_resolver_use_always``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from pytest_anyapp.sim.apps.base import Intent, Screen, SimApp
from pytest_anyapp.sim.ui.views import Button, Column, ListItem, Row, Scaffold, ScrollList, Spacer, TextView, View

if TYPE_CHECKING:
    from pytest_anyapp.sim.device import SimDevice

PACKAGE = "android"
ACTIVITY = "com.android.internal.app.ResolverActivity"
PREFERRED_FILE = "/data/system/users/0/preferred-activities.json"
SMS_SCHEMES = ("sms", "smsto", "mms", "mmsto")
TITLES = {"android.intent.action.VIEW": "Open with", "android.intent.action.SENDTO": "Send using",
          "android.intent.action.EDIT": "Edit with", "android.intent.action.SEND": "Share"}


def handlers(device: SimDevice, intent: Intent) -> list[type[SimApp]]:
    """The enabled app doubles that accept ``intent`` (its package, if set, narrows them)."""
    from pytest_anyapp.sim.apps import catalog

    return [cls for cls in catalog() if (not intent.package or cls.package == intent.package)
            and cls.handles_intent(intent) and device.ui._package_enabled(cls.package)]


def _key(intent: Intent) -> str:
    return f"{intent.action} {intent.data.split(':', 1)[0].lower() if ':' in intent.data else ''}"


def preferred(device: SimDevice, intent: Intent, candidates: list[type[SimApp]]) -> type[SimApp] | None:
    """The handler Android starts without asking, or None (then the resolver is shown)."""
    if len(candidates) == 1:
        return candidates[0]
    by_package = {cls.package: cls for cls in candidates}
    scheme = intent.data.split(":", 1)[0].lower() if ":" in intent.data else ""
    if intent.action == "android.intent.action.SENDTO" and scheme in SMS_SCHEMES:
        holder = device.providers.settings_get("secure", "sms_default_application")
        if holder in by_package:
            return by_package[holder]
    path = device.fs.host(PREFERRED_FILE)
    chosen = json.loads(path.read_text()).get(_key(intent)) if path.exists() else None
    return by_package.get(chosen) if isinstance(chosen, str) else None


def remember(device: SimDevice, intent: Intent, package: str) -> None:
    """"Always": the answer becomes the preferred activity for this action and scheme."""
    path = device.fs.host(PREFERRED_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    saved = json.loads(path.read_text()) if path.exists() else {}
    saved[_key(intent)] = package
    path.write_text(json.dumps(saved, indent=1, sort_keys=True))


class AndroidSystem(SimApp):
    """The framework package, for the activities it owns (here: the resolver)."""

    package = PACKAGE
    label = "Android System"
    version_name, version_code = "13", 33
    system = True
    launch_activity: ClassVar[str | None] = None

    def open_intent(self, intent: Intent) -> Screen | None:
        return Resolver(self, intent)


class Resolver(Screen):
    activity = ACTIVITY

    def __init__(self, app: SimApp, intent: Intent) -> None:
        super().__init__(app)
        self.intent = replace(intent, package="", activity="")
        self.candidates = sorted(handlers(app.device, self.intent), key=lambda c: c.label or c.package)
        self.selected: int | None = None

    def activity_name(self) -> str:
        return ACTIVITY

    def build(self) -> View:
        rows = [ListItem(cls.label or cls.package, avatar=cls.label or cls.package, title_id="text1",
                         selected=i == self.selected, on_click=lambda i=i: self.pick(i))
                for i, cls in enumerate(self.candidates)]
        enabled = self.selected is not None
        return Scaffold(None, Spacer(weight=1.0), Column(
            TextView(TITLES.get(self.intent.action, "Complete action using"), id="title", size=18, padding=(24, 16)),
            ScrollList(*rows, id="resolver_list"),
            Row(Spacer(weight=1.0),
                Button("Just once", lambda: self.start(always=False), id="button_once", style="text", enabled=enabled),
                Button("Always", lambda: self.start(always=True), id="button_always", style="text", enabled=enabled),
                padding=(16, 8)),
            background="#F3EDF7"))

    def pick(self, index: int) -> None:
        if self.selected == index:
            self.start(always=False)
        else:
            self.selected = index

    def start(self, *, always: bool) -> None:
        if self.selected is None:
            return
        package = self.candidates[self.selected].package
        if always:
            remember(self.device, self.intent, package)
        self.finish()
        self.device.ui.start_intent(replace(self.intent, package=package))
