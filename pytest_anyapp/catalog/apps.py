"""All 52 apps of the benchmark (facts from the prior release's app CSV, profiles and pins).

Helper-maintained data table, from the reference notes (tasks_part1.md §1A-5A, tasks_part2.md §A of
each category). Decisions taken while cataloguing, so nobody has to rediscover them:

* Only the apps the prior release *schedules* are listed (23 in the five-category cohort + 29 in the
  other five = 52). De-scoped apps that the prior CSV still carries (Google Maps, MAPS.ME, Trudido,
  Super Productivity, My Brain, Financisto, Auxio, Simple Music Player, Google/Samsung/Proton
  Calendar) are not catalogued: they have no verifier, so they cannot be part of a pair.
* ``app_id`` is ``<category>_<slug>``. The To-Do and Notes profiles use un-prefixed ids (``cfait``,
  ``markor``); they get the category prefix (``tasks_cfait``, ``notes_markor``). ``tasks_org``
  (Tasks.org) already carries the ``tasks`` prefix, so it keeps its exact id (slug ``org``).
* Pinned versions exist for the 23 cohort apps (``app_versions_pinned.csv``) and for the apps whose
  category doc grounds their storage in public source at a tag (Music: docs/music.md); the others
  have none, so ``version_name``/``version_code`` stay ``None`` and the F-Droid/AndroidWorld version
  hints of the notes are recorded in ``apk_source`` only (a hint is not a pin).
  No apk sha256 is given in the notes for any app, so ``apk_sha256`` is ``None`` everywhere.
* ``apk_source``: where the notes name a source it is quoted; otherwise it is the app's usual
  distribution channel and marked ``(inferred)``.
"""

from __future__ import annotations

from pytest_anyapp.catalog.models import AppSpec, Category

_C = Category

_FDROID_INFERRED = "F-Droid (inferred)"
_PLAY_INFERRED = "Play Store build (APKMirror) (inferred)"


def _fdroid(apk: str) -> str:
    """Source of an app whose prior CSV ``apk_url`` points at an F-Droid APK (version hint only)."""
    return f"F-Droid ({apk})"


APPS: tuple[AppSpec, ...] = (
    # -- SMS (tasks_part1 §1A) ------------------------------------------------------------------
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
    # -- Contacts (tasks_part1 §2A) -------------------------------------------------------------
    AppSpec(app_id="contacts_google_contacts", display_name="Google Contacts",
            package="com.google.android.contacts", category=_C.CONTACTS, is_original=True,
            apk_source=_PLAY_INFERRED, version_name="4.1.17.505591926", version_code=2960682),
    AppSpec(app_id="contacts_fossify_contacts", display_name="Fossify Contacts",
            package="org.fossify.contacts", category=_C.CONTACTS, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="1.6.0", version_code=13),
    AppSpec(app_id="contacts_connect_you", display_name="Connect You",
            package="com.bnyro.contacts", category=_C.CONTACTS, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="11.3", version_code=33),
    AppSpec(app_id="contacts_simple_contacts_pro_se", display_name="Simple Contacts Pro SE",
            package="com.simplemobiletools.contacts.pro", category=_C.CONTACTS, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="6.22.7", version_code=107),
    # Scheduled by the prior release although its cohort lists all ten cells as not yet qualified.
    AppSpec(app_id="contacts_right_contact", display_name="Right Contact",
            package="com.goodwy.contacts", category=_C.CONTACTS, is_original=False,
            apk_source="GitHub release (inferred)", version_name="8.2.3", version_code=823),
    # -- Clock (tasks_part1 §3A) ----------------------------------------------------------------
    AppSpec(app_id="clock_clock", display_name="Clock",
            package="com.best.deskclock", category=_C.CLOCK, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="2.29", version_code=2032),
    AppSpec(app_id="clock_simple_clock", display_name="Simple Clock",
            package="com.simplemobiletools.clock", category=_C.CLOCK, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="5.11.2", version_code=42),
    # The notes give "7.4 (504317960) (74001498)": Google Clock's version name carries the build in
    # parentheses, so the name is "7.4 (504317960)" and the code 74001498.
    AppSpec(app_id="clock_google_clock", display_name="Google Clock",
            package="com.google.android.deskclock", category=_C.CLOCK, is_original=True,
            apk_source=_PLAY_INFERRED, version_name="7.4 (504317960)", version_code=74001498),
    AppSpec(app_id="clock_clockyou", display_name="Clock You",
            package="com.bnyro.clock", category=_C.CLOCK, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="9.1", version_code=19),
    AppSpec(app_id="clock_chrono", display_name="Chrono",
            package="com.vicolo.chrono", category=_C.CLOCK, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="0.6.0", version_code=283),
    AppSpec(app_id="clock_fossify_clock", display_name="Fossify Clock",
            package="org.fossify.clock", category=_C.CLOCK, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="1.6.0", version_code=10),
    # -- Files (tasks_part1 §4A) ----------------------------------------------------------------
    # Original: the notes mark Material Files "yes per profile (aw_app_id)". Upstream AndroidWorld's
    # own file tasks drive the system Files app (inferred), which is not one of the five scheduled
    # apps; we follow the prior profile, so Material Files is this category's gap baseline.
    AppSpec(app_id="files_material_files", display_name="Material Files",
            package="me.zhanghai.android.files", category=_C.FILES, is_original=True,
            apk_source=_FDROID_INFERRED, version_name="1.7.4", version_code=39),
    AppSpec(app_id="files_amaze", display_name="Amaze File Manager",
            package="com.amaze.filemanager", category=_C.FILES, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="3.11.2", version_code=124),
    AppSpec(app_id="files_fossify_file_manager", display_name="Fossify File Manager",
            package="org.fossify.filemanager", category=_C.FILES, is_original=False,
            apk_source=_FDROID_INFERRED, version_name="1.6.1", version_code=13),
    AppSpec(app_id="files_total_commander", display_name="Total Commander",
            package="com.ghisler.android.TotalCommander", category=_C.FILES, is_original=False,
            apk_source=_PLAY_INFERRED, version_name="3.62b1d", version_code=2470),
    AppSpec(app_id="files_x_plore_file_manager", display_name="X-plore File Manager",
            package="com.lonelycatgames.Xplore", category=_C.FILES, is_original=False,
            apk_source="Play Store build, shipped as .xapk", version_name="4.43.01", version_code=44301),
    # -- Maps (tasks_part1 §5A; Google Maps and MAPS.ME are excluded by the prior release) -------
    # "OsmAnd~" is the launcher label of the F-Droid build; the prior goals said "OsmAnd maps".
    AppSpec(app_id="maps_osmand", display_name="OsmAnd~",
            package="net.osmand.plus", category=_C.MAPS, is_original=True,
            apk_source=_FDROID_INFERRED, version_name="5.3.7", version_code=530702),
    AppSpec(app_id="maps_organic_maps", display_name="Organic Maps",
            package="app.organicmaps", category=_C.MAPS, is_original=False,
            apk_source="F-Droid", version_name="2026.04.07-8-FDroid", version_code=26040708),
    AppSpec(app_id="maps_comaps", display_name="CoMaps",
            package="app.comaps.fdroid", category=_C.MAPS, is_original=False,
            apk_source="F-Droid", version_name="2026.04.23-19-FDroid", version_code=26042319),
    # -- To-Do, category "tasks" (tasks_part2 §1A). Pins: the newest release tag read in each app's
    # public source (docs/tasks.md cites repo, tag and the build file giving name and code).
    AppSpec(app_id="tasks_org", display_name="Tasks.org",
            package="org.tasks", category=_C.TASKS, is_original=True,
            apk_source="F-Droid / GitHub release (tasks/tasks tag 15.9, gradle/libs.versions.toml)",
            version_name="15.9", version_code=150902),
    AppSpec(app_id="tasks_cfait", display_name="Cfait",
            package="com.trougnouf.cfait", category=_C.TASKS, is_original=False,
            apk_source="F-Droid (trougnouf/cfait tag v1.1.5, Cargo.toml)", version_name="1.1.5", version_code=10105),
    AppSpec(app_id="tasks_todo_list_pfa", display_name="Todo List (PFA)",
            package="org.secuso.privacyfriendlytodolist", category=_C.TASKS, is_original=False,
            apk_source="F-Droid (SecUSo/privacy-friendly-todo-list tag v3.4.0, app/build.gradle)",
            version_name="3.4.0", version_code=103),
    AppSpec(app_id="tasks_ntodotxt", display_name="ntodotxt",
            package="de.tnmgl.ntodotxt", category=_C.TASKS, is_original=False,
            apk_source="F-Droid (tmaegel/ntodotxt tag v0.18.0, pubspec.yaml 0.18.0+40)",
            version_name="0.18.0", version_code=40),
    AppSpec(app_id="tasks_taskmate", display_name="TaskMate",
            package="com.amirsteinbeck.taskmate", category=_C.TASKS, is_original=False,
            apk_source="GitHub release (Amirhossein77-98/TaskMate tag 4.10.7, app/build.gradle.kts)",
            version_name="4.10.7", version_code=4),
    AppSpec(app_id="tasks_grit", display_name="Grit",
            package="com.shub39.grit", category=_C.TASKS, is_original=False,
            apk_source="F-Droid (shub39/Grit tag 6.0.3, androidApp/build.gradle.kts)",
            version_name="6.0.3", version_code=6030),
    # -- Notes (tasks_part2 §2A) ---------------------------------------------------------------------
    # Pins (docs/notes.md): the version whose public source the storage profile was read at.
    AppSpec(app_id="notes_markor", display_name="Markor",
            package="net.gsantner.markor", category=_C.NOTES, is_original=True,
            apk_source="F-Droid / GitHub release v2.16.1 (source tag gsantner/markor v2.16.1; AndroidWorld ships 146)",
            version_name="2.16.1", version_code=163),
    # AndroidWorld ships Joplin for its own IR notes tasks, but Markor is this category's original.
    AppSpec(app_id="notes_joplin", display_name="Joplin",
            package="net.cozic.joplin", category=_C.NOTES, is_original=False,
            apk_source="GitHub release android-v3.1.6 (source tag laurent22/joplin android-v3.1.6; AndroidWorld "
                       "ships 2097740)",
            version_name="3.1.6", version_code=2097754),
    AppSpec(app_id="notes_notallyx", display_name="NotallyX",
            package="com.philkes.notallyx", category=_C.NOTES, is_original=False,
            apk_source="F-Droid / GitHub release v7.5.3 (source tag PhilKes/NotallyX v7.5.3)",
            version_name="7.5.3", version_code=7530),
    AppSpec(app_id="notes_neutrinote", display_name="neutriNote CE",
            package="com.appmindlab.nano", category=_C.NOTES, is_original=False,
            apk_source="F-Droid / GitHub release v4.6.3 (source tag appml/neutrinote v4.6.3)",
            version_name="4.6.3", version_code=1383),
    AppSpec(app_id="notes_notesnook", display_name="Notesnook",
            package="com.streetwriters.notesnook", category=_C.NOTES, is_original=False,
            apk_source="GitHub release 3.4.9-android (source tag streetwriters/notesnook 3.4.9-android; base "
                       "versionCode 3115, per-ABI APKs override it)",
            version_name="3.4.9", version_code=3115),
    AppSpec(app_id="notes_orgzly_revived", display_name="Orgzly Revived",
            package="com.orgzlyrevived", category=_C.NOTES, is_original=False,
            apk_source="F-Droid / GitHub release v1.22.0 (source tag orgzly-revived/orgzly-android-revived v1.22.0)",
            version_name="1.22.0", version_code=288),
    # -- Finance (tasks_part2 §3A; no pins, F-Droid version hints from the CSV) ------------------
    AppSpec(app_id="finance_pro_expense", display_name="Pro Expense",
            package="com.arduia.expense", category=_C.FINANCE, is_original=True,
            apk_source=_fdroid("com.arduia.expense_12.apk; AndroidWorld uses _11"),
            # Pinned by the Finance helper: tag v1.0.0-beta06 of arduia/ProExpense (app/build.gradle).
            version_name="1.0.0-beta06", version_code=12),
    # The prior CSV calls it "Oinkoin Pro"; the profile (which the goals use) says "Oinkoin".
    AppSpec(app_id="finance_oinkoin", display_name="Oinkoin",
            package="com.github.emavgl.piggybankpro", category=_C.FINANCE, is_original=False,
            apk_source=_fdroid("com.github.emavgl.piggybankpro_7116002.apk was 1.5.0 arm64; pinned 1.11.1 x86_64"),
            # Pinned by the Finance helper: tag 1.11.1 of emavgl/oinkoin (pubspec 1.11.1+7138; the F-Droid
            # per-ABI code is 7138 x 1000 + 4 for x86_64, android/app/build.gradle).
            version_name="1.11.1", version_code=7138004),
    AppSpec(app_id="finance_openmoneybox", display_name="OpenMoneyBox",
            package="com.igisw.openmoneybox", category=_C.FINANCE, is_original=False,
            apk_source=_fdroid("com.igisw.openmoneybox_67.apk was the prior release's; pinned 3.5.1.1 / 61"),
            # Pinned by the Finance helper from F-Droid's build metadata (f-droid/fdroiddata
            # metadata/com.igisw.openmoneybox.yml: versionName 3.5.1.1, versionCode 61, commit 156d99c1 of
            # gitlab.com/igi0/openmoneybox, subdir android/API33), the newest build whose name, code and
            # commit could be read; the GitLab source itself was not reachable (docs/finance.md).
            version_name="3.5.1.1", version_code=61),
    AppSpec(app_id="finance_my_expenses", display_name="My Expenses",
            package="org.totschnig.myexpenses", category=_C.FINANCE, is_original=False,
            apk_source=_fdroid("org.totschnig.myexpenses_842.apk was 4.0.6.5; pinned r871"),
            # Pinned by the Finance helper: tag r871 of mtotschnig/MyExpenses (myExpenses/build.gradle).
            version_name="4.1.0.2", version_code=871),
    AppSpec(app_id="finance_finance_manager", display_name="Finance Manager",
            package="org.secuso.privacyfriendlyfinancemanager", category=_C.FINANCE, is_original=False,
            apk_source=_fdroid("org.secuso.privacyfriendlyfinancemanager_100.apk"),
            # Pinned by the Finance helper: tag v2.3.2 of SecUSo/privacy-friendly-finance-manager
            # (app/build.gradle: versionCode 100, versionName 2.3.2).
            version_name="2.3.2", version_code=100),
    AppSpec(app_id="finance_sushi", display_name="Sushi",
            package="com.jerameeldelosreyes.sushi", category=_C.FINANCE, is_original=False,
            apk_source=_fdroid("com.jerameeldelosreyes.sushi_15.apk"),
            # Pinned by the Finance helper: tag v1.15 of jerameel/sushi (android/app/build.gradle).
            version_name="1.15", version_code=15),
    # -- Music (tasks_part2 §4A; pinned to the tags docs/music.md cites) ----------------------------------
    AppSpec(app_id="music_retro_music", display_name="Retro Music",
            package="code.name.monkey.retromusic", category=_C.MUSIC, is_original=True,
            apk_source="AndroidWorld APK set (code.name.monkey.retromusic_10603.apk)",
            version_name="6.1.0", version_code=10603),
    AppSpec(app_id="music_fossify_music", display_name="Fossify Music",
            package="org.fossify.musicplayer", category=_C.MUSIC, is_original=False,
            apk_source=_fdroid("org.fossify.musicplayer_14.apk"), version_name="1.8.1", version_code=14),
    AppSpec(app_id="music_apollo", display_name="Apollo",
            package="org.nuclearfog.apollo", category=_C.MUSIC, is_original=False,
            apk_source="GitHub release 1.5.15 (nuclearfog/Apollo-Music; F-Droid's _74 is a later Codeberg build whose "
                       "source is not reachable, docs/music.md)", version_name="1.5.15", version_code=55),
    AppSpec(app_id="music_sicmu_neo", display_name="SicMu Neo",
            package="xyz.mordorx.sicmu", category=_C.MUSIC, is_original=False,
            apk_source=_fdroid("xyz.mordorx.sicmu_38.apk"), version_name="2.4.5", version_code=38),
    AppSpec(app_id="music_phonograph_plus", display_name="Phonograph Plus",
            package="player.phonograph.plus", category=_C.MUSIC, is_original=False,
            apk_source=_fdroid("player.phonograph.plus_1121.apk"), version_name="1.12.1", version_code=1121),
    AppSpec(app_id="music_monstermusic", display_name="MonsterMusic",
            package="com.ztftrue.music", category=_C.MUSIC, is_original=False,
            apk_source=_fdroid("com.ztftrue.music_69.apk"), version_name="0.1.69", version_code=69),
    # -- Calendar (tasks_part2 §5A; Google/Samsung/Proton Calendar are de-scoped) -----------------
    # Pins: the tag whose source each storage profile was read at (docs/calendar.md).
    AppSpec(app_id="calendar_simple_calendar_pro", display_name="Simple Calendar Pro",
            package="com.simplemobiletools.calendar.pro", category=_C.CALENDAR, is_original=True,
            apk_source="AndroidWorld APK set (com.simplemobiletools.calendar.pro_238.apk; "
                       "SimpleMobileTools/Simple-Calendar tag 6.22.2, app/build.gradle)",
            version_name="6.22.2", version_code=238),
    AppSpec(app_id="calendar_etar", display_name="Etar",
            package="ws.xsoh.etar", category=_C.CALENDAR, is_original=False,
            apk_source="F-Droid (Etar-Group/Etar-Calendar tag v1.0.57, app/build.gradle.kts)",
            version_name="1.0.57", version_code=57),
    AppSpec(app_id="calendar_fossify_calendar", display_name="Fossify Calendar",
            package="org.fossify.calendar", category=_C.CALENDAR, is_original=False,
            apk_source="F-Droid (FossifyOrg/Calendar tag 1.10.3, gradle.properties)",
            version_name="1.10.3", version_code=20),
    AppSpec(app_id="calendar_calendar", display_name="Calendar",
            package="com.vayunmathur.calendar", category=_C.CALENDAR, is_original=False,
            apk_source="GitHub release (vayun-mathur/Modern-Apps tag v2.6.7, calendar/build.gradle.kts)",
            version_name="v2.6.7", version_code=20260816),
    AppSpec(app_id="calendar_kashcal", display_name="KashCal",
            package="org.onekash.kashcal", category=_C.CALENDAR, is_original=False,
            apk_source="GitHub release (KashCal/KashCal tag v22.5.15, version.properties)",
            version_name="22.5.15", version_code=399),
)


def app_by_id(app_id: str) -> AppSpec:
    for app in APPS:
        if app.app_id == app_id:
            return app
    from pytest_anyapp.errors import did_you_mean

    raise KeyError(f"unknown app id {app_id!r}{did_you_mean(app_id, [a.app_id for a in APPS])}")


def apps_in(category: Category) -> tuple[AppSpec, ...]:
    """Apps of one category, original first, then by app id (a stable order for collection)."""
    members = [a for a in APPS if a.category == category]
    return tuple(sorted(members, key=lambda a: (not a.is_original, a.app_id)))
