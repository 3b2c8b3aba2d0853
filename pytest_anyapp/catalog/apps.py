"""All 52 apps of the benchmark (facts from the prior release's app CSV and pins).

Helper-maintained data table; the SMS rows are complete, other categories are filled in from the
reference notes (tasks_part1.md / tasks_part2.md).
"""

from __future__ import annotations

from pytest_anyapp.catalog.models import AppSpec, Category

_C = Category

APPS: tuple[AppSpec, ...] = (
    AppSpec(app_id="sms_simple_sms_messenger", display_name="Simple SMS Messenger",
            package="com.simplemobiletools.smsmessenger", category=_C.SMS, is_original=True,
            apk_source="F-Droid", version_name="5.19.3", version_code=85),
    AppSpec(app_id="sms_fossify_messages", display_name="Fossify Messages",
            package="org.fossify.messages", category=_C.SMS, is_original=False,
            apk_source="F-Droid", version_name="1.8.0", version_code=20),
    AppSpec(app_id="sms_quik_sms", display_name="QUIK SMS",
            package="dev.octoshrimpy.quik.fdroid", category=_C.SMS, is_original=False,
            apk_source="F-Droid", version_name="4.3.6", version_code=2238),
    AppSpec(app_id="sms_google_messages", display_name="Messages",
            package="com.google.android.apps.messaging", category=_C.SMS, is_original=False,
            apk_source="APKMirror (Play Store build)",
            version_name="messages.android_20221208_01_RC02_alldpi.x86_64.phone",
            version_code=163204880),
)


def app_by_id(app_id: str) -> AppSpec:
    for app in APPS:
        if app.app_id == app_id:
            return app
    raise KeyError(f"unknown app id {app_id!r}")


def apps_in(category: Category) -> tuple[AppSpec, ...]:
    """Apps of one category, original first, then by app id (a stable order for collection)."""
    members = [a for a in APPS if a.category == category]
    return tuple(sorted(members, key=lambda a: (not a.is_original, a.app_id)))
