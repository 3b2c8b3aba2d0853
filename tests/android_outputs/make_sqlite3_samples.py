"""(Re)generate the app-database read samples in ``tests/android_outputs/sqlite3/`` with the real
``sqlite3`` program: ``python tests/android_outputs/make_sqlite3_samples.py``.

Each case builds a database from the app's schema (the CREATE TABLE statements the project cites
from the app's source at its pinned tag), inserts awkward rows (NULL, ``|``, ``,``, ``=``, newlines,
unicode, the separator itself), runs the *verifier's own* read SQL exactly as
``DeviceClient.sqlite`` sends it, and writes stdout, stderr and the exit status under a header that
says so (``source: generated``). The state holds the rows inserted and, written by hand, what the
registered parser must read from them (``expect``), so nothing here runs a parser.

Android 13 ships SQLite 3.32 (AOSP external/sqlite); the host's sqlite3 is 3.40.1 (Debian). The
list mode (``|`` between columns, NULL printed as the empty string, values printed raw), the
``PRAGMA busy_timeout=N`` echo, ``hex()``, ``replace()``, ``char()``, ``COALESCE`` and ``||`` are the
same in both; only error texts differ (see ``no_such_table_sqlite_3_39.txt``).
"""

from __future__ import annotations

import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parents[1]))

from pytest_anyapp.device.samples import AndroidSample, Citation, dump_sample  # noqa: E402

SQLITE3 = "/usr/bin/sqlite3"
SHELL_CITE = Citation(repo="sqlite/sqlite", revision="version-3.40.1", file="src/shell.c.in",
                      identifier="main (SQL argument: shell_exec); shell_callback (list mode, separator '|', "
                                 "nullvalue '')")


@dataclass
class Case:
    """One read of one app database, on one set of rows."""

    name: str
    db: str  # the database's path on the device
    schema: Callable[[], str]  # DDL, imported lazily (the project's transcription of the app's schema)
    schema_cite: Citation
    rows_sql: str  # the awkward rows
    read_sql: Callable[[], str]  # the verifier's read, as DeviceClient.sqlite receives it
    expect: Any  # what the registered parser must return (JSON form), written by hand
    rows: list[list[Any]] = field(default_factory=list)  # the inserted rows, for the state (null = NULL)
    notes: list[str] = field(default_factory=list)


def _tasks_org_schema() -> str:
    from pytest_anyapp.sim.apps.tasks.store import TasksOrgDb
    return TasksOrgDb.SCHEMA


def _tasks_org_read() -> str:
    from verifiers.tasks.adapters import BUSY_TIMEOUT, TASKS_ORG_READ
    return f"{BUSY_TIMEOUT} {TASKS_ORG_READ}"


def _telephony_schema() -> str:
    from pytest_anyapp.sim.providers.schemas import TELEPHONY
    return TELEPHONY


def _sms_read() -> str:
    from verifiers.sms.telephony import READ_SQL
    return READ_SQL


def _threads_read() -> str:
    from verifiers.sms.telephony import THREADS_SQL
    return THREADS_SQL


def _retro_schema() -> str:
    from pytest_anyapp.sim.apps.music.store import RetroPlaylists
    return RetroPlaylists.SCHEMA


def _retro_read() -> str:
    from verifiers.music.profiles import RETRO_PLAYLISTS
    return "PRAGMA busy_timeout=5000; " + RETRO_PLAYLISTS.read_sql  # verifiers.music.device.sqlite_lines


_RETRO = Citation(repo="RetroMusicPlayer/RetroMusicPlayer", revision="v6.1.0",
                  file="app/src/main/java/code/name/monkey/retromusic/db/PlaylistEntity.kt",
                  identifier="PlaylistEntity; SongEntity.kt (RetroDatabase v24; transcribed in "
                             "pytest_anyapp/sim/apps/music/store.py RetroPlaylists)")
_SONG = "0, 0, 180000, '/sdcard/Music/x.wav', 0, 0, 'Music', 0, '<unknown>'"
def _local_contacts_schema() -> str:
    from pytest_anyapp.sim.apps.contacts.store import LocalContacts
    return LocalContacts.SCHEMA


def _local_contacts_read() -> str:
    from verifiers.contacts.localdb import READ_SQL
    return READ_SQL


_COMMONS = Citation(repo="FossifyOrg/Commons", revision="5aa7427",
                    file="commons/src/main/kotlin/org/fossify/commons/models/contacts/LocalContact.kt",
                    identifier="LocalContact (Room entity 'contacts'; nearest to the 6.1.0 Fossify Contacts 1.6.0 pins; "
                               "transcribed in pytest_anyapp/sim/apps/contacts/store.py LocalContacts)")
_EMPTY = "'', '', '', '', '', '[]', '[]', '[]', '', '[]', '', '', '[]', '[]'"
_LOCAL_COLS = ("prefix, middle_name, suffix, nickname, photo_uri, emails, events, addresses, notes, groups, "
               "company, job_position, websites, ims")
_PHONES = ('[{"value":"+1 555-0100","type":2,"label":"","normalizedNumber":"+15550100","isPrimary":false},'
           '{"value":"555|0101","type":3,"label":"a=b, c","normalizedNumber":"5550101","isPrimary":false}]')
class _Capture:
    """Stands in for a simulated app to take the DDL its store's ``create`` runs."""

    sql = ""

    def executescript(self, db: str, sql: str) -> None:
        self.sql += sql

    def query(self, db: str, sql: str) -> list[list[int]]:
        return [[1]]  # a user_version already set: the store skips its first-start side effects (prefs)


def _my_expenses_schema() -> str:
    from pytest_anyapp.sim.apps.finance.store import MyExpensesDb
    capture = _Capture()
    MyExpensesDb(capture).create()  # type: ignore[arg-type]
    return capture.sql


def _sushi_schema() -> str:
    from verifiers.finance.adapters import RK_SCHEMA
    return RK_SCHEMA


def _sushi_read() -> str:
    from verifiers.finance.adapters import SushiAdapter
    return "PRAGMA busy_timeout=5000; " + SushiAdapter.read_sql


def _sushi_root() -> str:
    """A redux-persist root as Sushi v1.15 writes it: each member JSON-encoded again (JSON.stringify)."""
    import json

    def dump(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

    wallets = {"w1": {"id": "w1", "label": "Cash | pocket", "initialAmount": 0}, "w2": {"id": "w2", "label": "Bank\nmain"}}
    txs = {"t1": {"id": "t1", "sourceWalletId": "w1", "destinationWalletId": None, "category": "Food, \"drinks\" = fun",
                  "description": "Lunch | Bob\nand Ann", "amount": -12.5, "paidAt": "2026-01-01T12:00:00.000Z"},
           "t2": {"id": "t2", "sourceWalletId": "w2", "destinationWalletId": None, "category": "Salary ☕",
                  "description": "", "amount": 2500, "paidAt": "2026-01-02T08:00:00.000Z"},
           "t3": {"id": "t3", "sourceWalletId": "w1", "destinationWalletId": "w2", "category": "Transfer",
                  "description": "", "amount": -50.25, "paidAt": "2026-01-01T12:00:00.000Z"}}
    root = {"wallets": dump(wallets), "transactions": dump(txs), "_persist": dump({"version": 2, "rehydrated": True})}
    return dump(root).replace("'", "''")


_SUSHI = Citation(repo="jerameel/sushi", revision="v1.15", file="src/store/index.ts",
                  identifier="redux-persist root (key persist:root) in AsyncStorage's RKStorage catalystLocalStorage "
                             "(react-native-async-storage v1.17.11 ReactDatabaseSupplier.java; transcribed in "
                             "verifiers/finance/adapters.py RK_SCHEMA)")


def _my_expenses_read() -> str:
    from verifiers.finance.adapters import MyExpensesAdapter
    return "PRAGMA busy_timeout=5000; " + MyExpensesAdapter.read_sql


_MYEXP = Citation(repo="mtotschnig/MyExpenses", revision="r871",
                  file="myExpenses/src/main/java/org/totschnig/myexpenses/provider/TransactionDatabase.java",
                  identifier="transactions, categories; BaseTransactionDatabase.kt accounts (schema 189; a subset "
                             "transcribed in pytest_anyapp/sim/apps/finance/store.py MyExpensesDb)")
def _events_db_schema() -> str:
    from pytest_anyapp.sim.apps.calendar.store import EventsDb
    capture = _Capture()
    EventsDb(capture, 11).create()  # type: ignore[arg-type]
    return capture.sql


def _events_db_read() -> str:
    from verifiers.calendar.adapters import BUSY, EVENTS_DB_READ
    return f"{BUSY} {EVENTS_DB_READ}"


_FOSSIFY_CAL = Citation(repo="FossifyOrg/Calendar", revision="1.10.3",
                        file="app/schemas/org.fossify.calendar.databases.EventsDatabase/11.json",
                        identifier="events, event_types (transcribed in pytest_anyapp/sim/apps/calendar/store.py "
                                   "EventsDb)")
_EV_COLS = ("location, reminder_1_type, reminder_2_type, reminder_3_type, repeat_rule, repeat_limit, "
            "repetition_exceptions, attendees, import_id, time_zone, flags, event_type, parent_id, last_updated, "
            "source, availability, access_level, color, type, status")
_EV_REST = "'', 0, 0, 0, 0, 0, '[]', '[]', '', 'UTC', 0, 1, 0, 0, 'simple-calendar', 0, 0, 0"
def _pfa_schema() -> str:
    from pytest_anyapp.sim.apps.tasks.store import PfaDb
    return PfaDb.SCHEMA


def _pfa_read() -> str:
    from verifiers.tasks.adapters import BUSY_TIMEOUT, PFA_READ
    return f"{BUSY_TIMEOUT} {PFA_READ}"


def _grit_schema() -> str:
    from pytest_anyapp.sim.apps.tasks.store import GritDb
    return GritDb.SCHEMA


def _grit_read() -> str:
    from verifiers.tasks.adapters import BUSY_TIMEOUT, GRIT_READ
    return f"{BUSY_TIMEOUT} {GRIT_READ}"


_PFA = Citation(repo="SecUSo/privacy-friendly-todo-list", revision="v3.4.0",
                file="app/schemas/org.secuso.privacyfriendlytodolist.model.database.TodoListDatabase/4.json",
                identifier="todoTasks (transcribed in pytest_anyapp/sim/apps/tasks/store.py PfaDb)")
_GRIT = Citation(repo="shub39/Grit", revision="6.0.3",
                 file="androidApp/schemas/com.shub39.grit.tasks.data.database.TaskDatabase/5.json",
                 identifier="task, categories (transcribed in pytest_anyapp/sim/apps/tasks/store.py GritDb)")
def _drafts_schema() -> str:
    from pytest_anyapp.sim.apps.sms.store import RoomDrafts
    return RoomDrafts.SCHEMA


def _drafts_read() -> str:
    from verifiers.sms.adapters import DRAFTS_SQL
    return DRAFTS_SQL


_FOSSIFY_MESSAGES = Citation(repo="FossifyOrg/Messages", revision="1.8.0",
                             file="app/src/main/kotlin/org/fossify/messages/models/Draft.kt",
                             identifier="drafts (MessagesDatabase v10; transcribed in pytest_anyapp/sim/apps/sms/"
                                        "store.py RoomDrafts)")
def _pro_schema() -> str:
    from verifiers.finance.adapters import PRO_SCHEMA
    return PRO_SCHEMA


def _pro_read() -> str:
    from verifiers.finance.adapters import ProExpenseAdapter
    return "PRAGMA busy_timeout=5000; " + ProExpenseAdapter.read_sql


_PRO = Citation(repo="arduia/ProExpense", revision="v1.0.0-beta06",
                file="app/schemas/com.arduia.expense.data.local.ProExpenseDatabase/6.json",
                identifier="expense (createSql; transcribed in verifiers/finance/adapters.py PRO_SCHEMA)")
def _oinkoin_schema() -> str:
    from pytest_anyapp.sim.apps.finance.store import OinkoinDb
    capture = _Capture()
    OinkoinDb(capture).create()  # type: ignore[arg-type]
    return capture.sql


def _oinkoin_read() -> str:
    from verifiers.finance.adapters import OinkoinAdapter
    return "PRAGMA busy_timeout=5000; " + OinkoinAdapter.read_sql


_OINKOIN = Citation(repo="emavgl/oinkoin", revision="1.11.1", file="lib/services/database/sqlite-migration-service.dart",
                    identifier="records, wallets, categories, profiles (schema 31; transcribed in "
                               "pytest_anyapp/sim/apps/finance/store.py OinkoinDb)")
def _joplin_schema() -> str:
    from pytest_anyapp.sim.apps.notes.store import JoplinDb
    return JoplinDb.schema


def _joplin_notes_read() -> str:
    from verifiers.notes.sqlite_store import select_hex
    return "PRAGMA busy_timeout=5000; " + select_hex("notes", ("parent_id", "title", "body", "deleted_time"))


_JOPLIN = Citation(repo="laurent22/joplin", revision="android-v3.1.6", file="packages/lib/JoplinDatabase.ts",
                   identifier="folders, notes (with services/database/migrations 43-47; transcribed in "
                              "pytest_anyapp/sim/apps/notes/store.py JoplinDb)")
def _clock(name: str) -> Callable[[], str]:
    """A constant of verifiers/clock/adapters.py (schemas and reads), imported when the case runs."""
    def get() -> str:
        from verifiers.clock import adapters
        return str(getattr(adapters, name))
    return get


def _clock_read(name: str) -> Callable[[], str]:
    def get() -> str:
        from verifiers.clock.adapters import BUSY
        return f"PRAGMA busy_timeout={BUSY}; " + _clock(name)()  # verifiers.clock.adapters.sqlite_cmd
    return get


_FOSSIFY_CLOCK = Citation(repo="FossifyOrg/Clock", revision="1.6.0",
                          file="app/src/main/kotlin/org/fossify/clock/helpers/DBHelper.kt",
                          identifier="contacts (alarms.db v2); databases/AppDatabase.kt + app/schemas AppDatabase/2.json "
                                     "timers (transcribed in verifiers/clock/adapters.py SIMPLE_*_SCHEMA)")
_DESK = Citation(repo="BlackyHawky/Clock", revision="2.29",
                 file="app/src/main/java/com/best/deskclock/provider/ClockDatabaseHelper.java",
                 identifier="alarm_templates (alarms.db v25; transcribed in verifiers/clock/adapters.py "
                            "DESK_ALARMS_SCHEMA)")
_CLOCKYOU = Citation(repo="you-apps/ClockYou", revision="v9.1",
                     file="app/schemas/com.bnyro.clock.data.database.AppDatabase/10.json",
                     identifier="alarms, timeZones (transcribed in verifiers/clock/adapters.py CLOCKYOU_SCHEMA)")
def _music(name: str) -> Callable[[], str]:
    def get() -> str:
        from verifiers.music import profiles
        return "PRAGMA busy_timeout=5000; " + str(getattr(profiles, name))  # verifiers.music.device.sqlite_lines
    return get


def _retro_queue_schema() -> str:
    from verifiers.music.profiles import RETRO_QUEUE_COLUMNS
    return "; ".join(f"CREATE TABLE {t} ({RETRO_QUEUE_COLUMNS})" for t in ("playing_queue", "original_playing_queue"))


def _fossify_songs_schema() -> str:
    from pytest_anyapp.sim.apps.music.store import FossifySongsDb
    return FossifySongsDb.SCHEMA


def _monster_schema() -> str:
    from pytest_anyapp.sim.apps.music.store import MonsterQueue
    return MonsterQueue.SCHEMA


_RETRO_QUEUE = Citation(repo="RetroMusicPlayer/RetroMusicPlayer", revision="v6.1.0",
                        file="app/src/main/java/code/name/monkey/retromusic/providers/MusicPlaybackQueueStore.java",
                        identifier="createTable (playing_queue, original_playing_queue; transcribed in "
                                   "verifiers/music/profiles.py RETRO_QUEUE_COLUMNS)")
_FOSSIFY_MUSIC = Citation(repo="FossifyOrg/Music-Player", revision="1.8.1",
                          file="app/src/main/kotlin/org/fossify/musicplayer/models/QueueItem.kt",
                          identifier="queue_items (SongsDatabase v15; transcribed in pytest_anyapp/sim/apps/music/"
                                     "store.py FossifySongsDb)")
_MONSTER = Citation(repo="ZTFtrue/MonsterMusic", revision="0.1.69",
                    file="app/src/main/java/com/ztftrue/music/sqlData/model/MusicItem.kt",
                    identifier="queue (MusicDatabase v7; transcribed in pytest_anyapp/sim/apps/music/store.py "
                               "MonsterQueue)")
_RQ = ("title, track, year, duration, _data, date_modified, album_id, album, artist_id, artist, composer, "
       "album_artist")
def _kashcal_schema() -> str:
    from pytest_anyapp.sim.apps.calendar.store import KashCalDb
    capture = _Capture()
    KashCalDb(capture).create()  # type: ignore[arg-type]
    return capture.sql


def _kashcal_read() -> str:
    from verifiers.calendar.adapters import BUSY, KASHCAL_READ
    return f"{BUSY} {KASHCAL_READ}"


_KASHCAL = Citation(repo="KashCal/KashCal", revision="v22.5.15",
                    file="app/schemas/org.onekash.kashcal.data.db.KashCalDatabase/13.json",
                    identifier="events, occurrences, calendars (transcribed in pytest_anyapp/sim/apps/calendar/store.py "
                               "KashCalDb)")
_KC_COLS = "uid, calendar_id, title, description, start_ts, end_ts, rrule, original_event_id, reminders, dtstamp, " \
           "sync_status, created_at, updated_at"
def _markers_schema() -> str:
    from pytest_anyapp.sim.apps.maps.store import MarkersDb
    return MarkersDb.CREATE


def _markers_read() -> str:
    from verifiers.maps.adapters import MARKERS_SQL
    return MARKERS_SQL  # verifiers/maps/adapters.py OsmAndAdapter.read_script: no busy timeout


_OSMAND = Citation(repo="osmandapp/OsmAnd", revision="00c0dad2",
                   file="OsmAnd/src/net/osmand/plus/mapmarkers/MapMarkersDbHelper.java",
                   identifier="map_markers (DB_VERSION 13; transcribed in pytest_anyapp/sim/apps/maps/store.py "
                              "MarkersDb); PointDescription.serializeToString writes type, name, icon joined "
                              "by hash signs")
_TASK_COLS = ("importance, dueDate, hideUntil, created, modified, completed, deleted, notes, estimatedSeconds, "
              "elapsedSeconds, timerStart, notificationFlags, lastNotified, recurrence, collapsed, parent")
_TASKS_ORG = Citation(repo="tasks/tasks", revision="15.9", file="data/schemas/org.tasks.data.db.Database/96.json",
                      identifier="tasks (Room v96; transcribed in pytest_anyapp/sim/apps/tasks/store.py TasksOrgDb)")
_TELEPHONY = Citation(repo="aosp-mirror/platform_packages_providers_telephonyprovider", revision="android-13.0.0_r1",
                      file="src/com/android/providers/telephony/MmsSmsDatabaseHelper.java",
                      identifier="createSmsTables; createCommonTables (sms, threads, canonical_addresses; "
                                 "transcribed in pytest_anyapp/sim/providers/schemas.py TELEPHONY)")
_SMS_ROWS = (
    "INSERT INTO canonical_addresses (_id, address) VALUES (1, '+15550100'), (2, '+1 555|0101'); "
    "INSERT INTO threads (_id, recipient_ids) VALUES (1, '1'), (2, '2'); "
    "INSERT INTO sms (_id, thread_id, address, date, type, body) VALUES "
    "(1, 1, '+15550100', 1700000000000, 1, 'Lunch at 12 | 1pm?'), "
    "(2, 1, '+15550100', 1700000060000, 2, 'line one' || char(10) || 'line two, a=b'), "
    "(3, 2, NULL, 1700000120000, 3, 'draft ☕ with \\n literal and ' || char(31) || ' US'), "
    "(4, 2, '', NULL, 2, NULL);"
)

CASES = [
    Case(
        name="osmand_map_markers_awkward", db="/data/data/net.osmand.plus/databases/map_markers_db",
        schema=_markers_schema, schema_cite=_OSMAND, read_sql=_markers_read,
        rows_sql=("INSERT INTO map_markers (marker_id, marker_lat, marker_lon, marker_description, marker_active) VALUES "
                  "('48.8584,2.2945', 48.8584, 2.2945, 'favorite#Eiffel | Tower' || char(10) || 'Paris, a=b', 1), "
                  "('51.5007,-0.1246', 51.5007, -0.1246, 'map_marker#  Big Ben ☕ #ic_action_flag', 1), "
                  "('40.0,-3.0', 40.0, -3.0, NULL, 1), "
                  "('41.0,2.0', 41.0, 2.0, 'favorite#visited', 0);"),
        rows=[["48.8584,2.2945", 48.8584, 2.2945, "favorite#Eiffel | Tower\nParis, a=b", 1],
              ["51.5007,-0.1246", 51.5007, -0.1246, "map_marker#  Big Ben ☕ #ic_action_flag", 1],
              ["40.0,-3.0", 40.0, -3.0, None, 1], ["41.0,2.0", 41.0, 2.0, "favorite#visited", 0]],
        expect=[{"name": "Eiffel | Tower\nParis, a=b", "lat": 48.8584, "lon": 2.2945},
                {"name": "Big Ben ☕", "lat": 51.5007, "lon": -0.1246},
                {"name": "", "lat": 40.0, "lon": -3.0}],
        notes=["rows: marker_id, marker_lat, marker_lon, marker_description, marker_active (0 = history, left out)",
               "a '|', newline, ', ' and '=' in a name (hex-encoded by the read), an icon after a second '#', "
               "spaces trimmed as deserializeFromString trims them, a NULL description"]),
    Case(
        name="sushi_persist_root_awkward", db="/data/data/com.jerameeldelosreyes.sushi/databases/RKStorage",
        schema=_sushi_schema, schema_cite=_SUSHI, read_sql=_sushi_read,
        rows_sql=f"INSERT INTO catalystLocalStorage (key, value) VALUES ('persist:root', '{_sushi_root()}'), "
                 "('persist:other', '{}');",
        rows=[["persist:root", "<the root: wallets w1 'Cash | pocket', w2 'Bank\\nmain'; t1 -12.5 'Lunch | Bob\\nand "
               "Ann', t2 2500, t3 transfer -50.25 w1->w2>"], ["persist:other", "{}"]],
        expect={"transactions": [
            {"note": "Lunch | Bob\nand Ann", "amount_cents": 1250, "income": False,
             "category": "Food, \"drinks\" = fun", "day": "2026-01-01"},
            {"note": "", "amount_cents": 250000, "income": True, "category": "Salary ☕", "day": "2026-01-02"}],
            "transfers": [{"amount_cents": 5025, "source": "Cash | pocket", "target": "Bank\nmain"}],
            "wallets": ["Cash"], "categories": []},
        notes=["one row per AsyncStorage key; the read selects persist:root only, hex-encoded (its JSON holds '|', "
               "escaped newlines and quotes)", "'|', newline, quotes, ', ', '=' and unicode in descriptions, categories "
               "and wallet labels; a transfer (category Transfer with a destination wallet)",
               "wallets and categories are not read: their defaults"]),
    Case(
        name="kashcal_events_awkward", db="/data/data/org.onekash.kashcal/databases/kashcal.db",
        schema=_kashcal_schema, schema_cite=_KASHCAL, read_sql=_kashcal_read,
        rows_sql=(f"INSERT INTO events (id, {_KC_COLS}) VALUES "
                  "(1, 'a@k', 1, 'Stand-up | daily' || char(10) || 'room 2', 'a=b, c' || char(31) || 'd', "
                  "1767258000000, 1767259800000, 'FREQ=WEEKLY;BYDAY=TH', NULL, '[\"-PT15M\",\"-P1D\"]', 0, 'SYNCED', 0, 0), "
                  "(2, 'b@k', 1, 'Café ☕', NULL, 1767344400000, 1767351600000, NULL, NULL, NULL, 0, 'SYNCED', 0, 0), "
                  "(3, 'c@k', 1, 'moved one', '', 1767430800000, 1767434400000, NULL, 1, NULL, 0, 'SYNCED', 0, 0), "
                  "(4, 'd@k', 1, 'being deleted', '', 1767430800000, 1767434400000, NULL, NULL, NULL, 0, "
                  "'PENDING_DELETE', 0, 0);"),
        rows=[[1, "Stand-up | daily\nroom 2", "a=b, c\x1fd", 1767258000000, 1767259800000, "FREQ=WEEKLY;BYDAY=TH", None,
               '["-PT15M","-P1D"]', "SYNCED"],
              [2, "Café ☕", None, 1767344400000, 1767351600000, None, None, None, "SYNCED"],
              [3, "moved one", "", 1767430800000, 1767434400000, None, 1, None, "SYNCED"],
              [4, "being deleted", "", 1767430800000, 1767434400000, None, None, None, "PENDING_DELETE"]],
        expect={"events": [
            {"title": "Stand-up | daily\nroom 2", "date": "2026-01-01", "start": "09:00", "duration_min": 30,
             "description": "a=b, c\x1fd", "repeat": "weekly", "reminders": [15, 1440]},
            {"title": "Café ☕", "date": "2026-01-02", "start": "09:00", "duration_min": 120, "description": "",
             "repeat": None, "reminders": []}]},
        notes=["rows: id, title, description, start_ts, end_ts (ms), rrule, original_event_id, reminders (JSON of ISO "
               "durations before the start), sync_status",
               "'|', a newline, ', ', '=', the unit separator and unicode in texts (hex-encoded by the read); a NULL "
               "description and reminders; an exception instance (original_event_id) and a PENDING_DELETE row, "
               "both left out"]),
    Case(
        name="retro_music_playing_queue", db="/data/data/code.name.monkey.retromusic/databases/music_playback_state.db",
        schema=_retro_queue_schema, schema_cite=_RETRO_QUEUE, read_sql=_music("PLAYING_QUEUE_READ"),
        rows_sql=(f"INSERT INTO playing_queue (_id, {_RQ}) VALUES "
                  "(33, 'Neon | Lights', 0, 0, 1000, '/sdcard/Music/a|b.wav', 0, 0, 'A, b=c', 0, 'x', NULL, NULL), "
                  "(31, 'Two' || char(10) || 'lines', 0, 0, 1000, '/sdcard/Music/x.wav', 0, 0, '', 0, '', NULL, NULL), "
                  "(33, 'Neon | Lights', 0, 0, 1000, '/sdcard/Music/a|b.wav', 0, 0, 'A, b=c', 0, 'x', NULL, NULL);"),
        rows=[[33, "Neon | Lights"], [31, "Two\nlines"], [33, "Neon | Lights"]],
        expect=["<audio 33>", "<audio 31>", "<audio 33>"],
        notes=["rows: _id (MediaStore id), title, in insertion (= queue) order; a song queued twice; '|', newline, "
               "', ', '=' in texts the read does not select; Phonograph Plus reads its playing_queue alike",
               "the parser is given no titles, so a song reads as '<audio id>'"]),
    Case(
        name="fossify_music_queue_items", db="/data/data/org.fossify.musicplayer/databases/songs.db",
        schema=_fossify_songs_schema, schema_cite=_FOSSIFY_MUSIC, read_sql=_music("QUEUE_ITEMS_READ"),
        rows_sql=("INSERT INTO queue_items (track_id, track_order, is_current, last_position) VALUES "
                  "(35, 2, 0, 0), (31, 0, 1, 12), (32, 1, 0, 0);"),
        rows=[[35, 2], [31, 0], [32, 1]],
        expect=["<audio 31>", "<audio 32>", "<audio 35>"],
        notes=["rows: track_id (MediaStore id), track_order; inserted out of order (the read orders by track_order)"]),
    Case(
        name="monster_music_queue", db="/data/data/com.ztftrue.music/databases/default_data.db",
        schema=_monster_schema, schema_cite=_MONSTER, read_sql=_music("MONSTER_QUEUE_READ"),
        rows_sql=("INSERT INTO queue VALUES (1, 32, 'B | b', '/sdcard/Music/b.wav', 1000, 'b' || char(10) || '.wav', "
                  "'A, b=c', 0, 'x', 0, '', 0, 0, 0, 1, 0), (0, 36, 'E', '/sdcard/Music/e.wav', 1000, 'e.wav', '', 0, "
                  "'', 0, '', 0, 0, 0, 0, 0);"),
        rows=[[1, 32, "B | b"], [0, 36, "E"]],
        expect=["<audio 36>", "<audio 32>"],
        notes=["rows: tableId (timeline index), id (MediaStore id), name; '|', newline, ', ', '=' in texts not "
               "selected"]),
    Case(
        name="fossify_clock_alarms", db="/data/data/org.fossify.clock/databases/alarms.db",
        schema=_clock("SIMPLE_ALARMS_SCHEMA"), schema_cite=_FOSSIFY_CLOCK, read_sql=_clock_read("SIMPLE_ALARMS_READ"),
        rows_sql=("INSERT INTO contacts (time_in_minutes, days, is_enabled, vibrate, sound_title, sound_uri, label, "
                  "one_shot) VALUES (420, 31, 1, 0, 'Default | Cesium', 'content://settings/system/alarm_alert', "
                  "'Wake' || char(10) || 'up, a=b', 0), (0, -1, 0, 1, '', '', '', 1), (1439, -2, 1, 0, '☕', '', '', 1);"),
        rows=[[420, 31, 1, "Wake\nup, a=b"], [0, -1, 0, ""], [1439, -2, 1, ""]],
        expect=[{"hour": 7, "minute": 0, "enabled": True}, {"hour": 0, "minute": 0, "enabled": False},
                {"hour": 23, "minute": 59, "enabled": True}],
        notes=["rows: time_in_minutes, days, is_enabled, label; a '|', newline, ', ' and '=' in texts the read does "
               "not select; midnight and 23:59; Simple Clock 5.11.2 has the same table"]),
    Case(
        name="fossify_clock_timers", db="/data/data/org.fossify.clock/databases/app.db",
        schema=_clock("SIMPLE_TIMERS_SCHEMA"), schema_cite=_FOSSIFY_CLOCK, read_sql=_clock_read("SIMPLE_TIMERS_READ"),
        rows_sql=("INSERT INTO timers (seconds, state, vibrate, soundUri, soundTitle, label, createdAt, channelId, "
                  "oneShot) VALUES (300, '{\"state\":{\"type\":\"Idle\"}}', 0, '', '', 'tea | 5, a=b', 1, NULL, 0), "
                  "(90, '{\"state\":{\"type\":\"Running\",\"duration\":90000,\"tick\":90000}}', 0, '', '', "
                  "'', 1, NULL, 0), "
                  "(3600, '{\"state\":{\"type\":\"Paused\",\"duration\":3600000,\"tick\":1200000}}', 0, '', '', "
                  "'', 1, NULL, 0);"),
        rows=[[300, '{"state":{"type":"Idle"}}'], [90, '{"state":{"type":"Running","duration":90000,"tick":90000}}'],
              [3600, '{"state":{"type":"Paused","duration":3600000,"tick":1200000}}']],
        expect=[{"seconds": 300, "state": "idle"}, {"seconds": 90, "state": "running"},
                {"seconds": 3600, "state": "paused"}],
        notes=["rows: seconds, state (Gson StateWrapper, models/TimerState.kt: a ', ' inside the JSON); a label with "
               "'|' the read does not select"]),
    Case(
        name="clock_deskclock_alarm_templates", db="/data/user_de/0/com.best.deskclock/databases/alarms.db",
        schema=_clock("DESK_ALARMS_SCHEMA"), schema_cite=_DESK, read_sql=_clock_read("DESK_ALARMS_READ"),
        rows_sql=("INSERT INTO alarm_templates (year, month, day, hour, minutes, daysofweek, enabled, vibrate, flash, "
                  "label, syncByLabel, ringtone) VALUES (2026, 0, 1, 6, 30, 31, 1, 0, 0, 'Gym | early' || char(10) "
                  "|| 'a=b, c', 0, NULL), (2026, 0, 1, 0, 5, 0, 0, 1, 0, '', 0, 'content://x|y');"),
        rows=[[6, 30, 1, "Gym | early\na=b, c"], [0, 5, 0, ""]],
        expect=[{"hour": 6, "minute": 30, "enabled": True}, {"hour": 0, "minute": 5, "enabled": False}],
        notes=["rows: hour, minutes, enabled, label; '|', newline, ', ', '=' in texts the read does not select"]),
    Case(
        name="clockyou_alarms", db="/data/data/com.bnyro.clock/databases/com.bnyro.clock",
        schema=_clock("CLOCKYOU_SCHEMA"), schema_cite=_CLOCKYOU, read_sql=_clock_read("CLOCKYOU_ALARMS_READ"),
        rows_sql=("INSERT INTO alarms (time, label, enabled, days, vibrate) VALUES (27000000, 'Run | 5k' || char(10) || "
                  "'x', 1, '0,1,2,3,4,5,6', 0), (86340000, NULL, 0, '', 1);"),
        rows=[[27000000, "Run | 5k\nx", 1], [86340000, None, 0]],
        expect=[{"hour": 7, "minute": 30, "enabled": True}, {"hour": 23, "minute": 59, "enabled": False}],
        notes=["rows: time (ms after midnight), label, enabled"]),
    Case(
        name="clockyou_time_zones_awkward_names", db="/data/data/com.bnyro.clock/databases/com.bnyro.clock",
        schema=_clock("CLOCKYOU_SCHEMA"), schema_cite=_CLOCKYOU, read_sql=_clock_read("CLOCKYOU_ZONES_READ"),
        rows_sql=("INSERT INTO timeZones (key, zoneId, zoneName, countryName) VALUES "
                  "('Australia/Sydney,Sydney,Australia', 'Australia/Sydney', 'Sydney', 'Australia'), "
                  "('Europe/Madrid,Madrid,Spain (España)', 'Europe/Madrid', 'Madrid', 'Spain (España)'), "
                  "('Asia/Tokyo,Tokyo | 東京,Japan', 'Asia/Tokyo', 'Tokyo | 東京', 'Japan'), "
                  "('Etc/X,a=b, c,X', 'Etc/X', 'a=b, c', 'X');"),
        rows=[["Australia/Sydney", "Sydney"], ["Europe/Madrid", "Madrid"], ["Asia/Tokyo", "Tokyo | 東京"],
              ["Etc/X", "a=b, c"]],
        expect=["Sydney", "Madrid", "Tokyo | 東京", "a=b, c"],
        notes=["rows: zoneId, zoneName (primary key order); a '|' in a display name stays in it (the last column), "
               "', ' and '=' too; a newline in a name would make an extra line, which the reader refuses"]),
    Case(
        name="tasks_org_tasks_awkward_titles", db="/data/data/org.tasks/databases/database",
        schema=_tasks_org_schema, schema_cite=_TASKS_ORG, read_sql=_tasks_org_read,
        rows_sql=(f"INSERT INTO tasks (_id, title, {_TASK_COLS}) VALUES "
                  "(1, 'Buy milk | eggs', 2, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, NULL, 0, 0), "
                  "(2, 'Call Bob' || char(10) || 'about the = sign, today', 0, 1767268801000, 0, 0, 0, 0, 0, "
                  "'a note', 0, 0, 0, 0, 0, 'FREQ=WEEKLY;INTERVAL=1', 0, 0), "
                  "(3, 'Café ☕ naïve', 3, 1767268800000, 0, 0, 0, 1767200000000, 0, NULL, 0, 0, 0, 0, 0, NULL, 0, 0), "
                  "(4, NULL, 1, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, 'FREQ=DAILY;INTERVAL=2', 0, 0), "
                  "(5, 'deleted one', 2, 0, 0, 0, 0, 0, 1767200000000, NULL, 0, 0, 0, 0, 0, NULL, 0, 0);"),
        rows=[[1, "Buy milk | eggs", 2, 0, 0, 0, None],
              [2, "Call Bob\nabout the = sign, today", 0, 1767268801000, 0, 0, "FREQ=WEEKLY;INTERVAL=1"],
              [3, "Café ☕ naïve", 3, 1767268800000, 1767200000000, 0, None],
              [4, None, 1, 0, 0, 0, "FREQ=DAILY;INTERVAL=2"],
              [5, "deleted one", 2, 0, 0, 1767200000000, None]],
        expect={"tasks": [
            {"title": "Buy milk | eggs", "due_date": None, "due_time": None, "priority": "low",
             "recurrence": None, "completed": False},
            {"title": "Call Bob\nabout the = sign, today", "due_date": "2026-01-01", "due_time": "12:00",
             "priority": "high", "recurrence": "weekly", "completed": False},
            {"title": "Café ☕ naïve", "due_date": "2026-01-01", "due_time": None, "priority": "none",
             "recurrence": None, "completed": True},
            {"title": "", "due_date": None, "due_time": None, "priority": "medium", "recurrence": None,
             "completed": False}]},
        notes=["rows: _id, title, importance, dueDate, completed, deleted, recurrence (other NOT NULL columns 0)",
               "a '|' and a newline in titles, unicode, a NULL title (hex(NULL) is ''), an every-2-days rule "
               "(no basic recurrence), a soft-deleted task (left out)"]),
    Case(
        name="retro_music_playlists_awkward_names", db="/data/data/code.name.monkey.retromusic/databases/playlist.db",
        schema=_retro_schema, schema_cite=_RETRO, read_sql=_retro_read,
        rows_sql=("INSERT INTO PlaylistEntity (playlist_id, playlist_name) VALUES (1, 'Road trip | 2024'), "
                  "(2, 'Focus' || char(10) || 'deep, a=b'), (3, 'Ünïcode ☕'), (4, ''); "
                  "INSERT INTO SongEntity (playlist_creator_id, id, title, track_number, year, duration, data, "
                  f"date_modified, album_id, album_name, artist_id, artist_name) VALUES (1, 31, 'a', {_SONG}), "
                  f"(2, 33, 'b', {_SONG}), (1, 29, 'c', {_SONG}), (3, 31, 'a', {_SONG});"),
        rows=[[1, "Road trip | 2024", [31, 29]], [2, "Focus\ndeep, a=b", [33]], [3, "Ünïcode ☕", [31]], [4, "", []]],
        expect=[{"name": "Road trip | 2024", "songs": ["<audio 31>", "<audio 29>"]},
                {"name": "Focus\ndeep, a=b", "songs": ["<audio 33>"]},
                {"name": "Ünïcode ☕", "songs": ["<audio 31>"]},
                {"name": "", "songs": []}],
        notes=["rows: playlist_id, playlist_name, the MediaStore ids of its SongEntity rows in song_key order",
               "a '|', a newline, ', ' and '=', unicode and an empty name; the parser is given no titles, so a "
               "song reads as '<audio id>'"]),
    Case(
        name="fossify_contacts_local_awkward_names", db="/data/data/org.fossify.contacts/databases/local_contacts.db",
        schema=_local_contacts_schema, schema_cite=_COMMONS, read_sql=_local_contacts_read,
        rows_sql=(f"INSERT INTO contacts (id, first_name, surname, phone_numbers, starred, {_LOCAL_COLS}) VALUES "
                  f"(1000001, 'Ann' || char(10) || 'Marie', 'O''Neil | Jr.', '{_PHONES}', 1, {_EMPTY}), "
                  f"(1000002, 'Zoë ☕', '', '[]', 0, {_EMPTY}), "
                  f"(1000003, '', 'Lovelace, Ada = 1', '[{{\"value\":\"+44 20 7946 0000\",\"type\":2}}]', 0, "
                  f"{_EMPTY});"),
        rows=[[1000001, "Ann\nMarie", "O'Neil | Jr.", _PHONES, 1], [1000002, "Zoë ☕", "", "[]", 0],
              [1000003, "", "Lovelace, Ada = 1", '[{"value":"+44 20 7946 0000","type":2}]', 0]],
        expect=[{"first": "Ann Marie", "last": "O'Neil | Jr.", "phones": ["+1 555-0100", "555|0101"], "starred": True},
                {"first": "Zoë ☕", "last": "", "phones": [], "starred": False},
                {"first": "", "last": "Lovelace, Ada = 1", "phones": ["+44 20 7946 0000"], "starred": False}],
        notes=["rows: id, first_name, surname, phone_numbers (Gson PhoneNumber list), starred; the other NOT NULL "
               "columns '' or '[]'",
               "the read replaces a newline in a name by a space (READ_SQL), so 'Ann\\nMarie' reads 'Ann Marie'; "
               "'|', ', ', '=' and unicode are kept"]),
    Case(
        name="my_expenses_awkward_notes", db="/data/data/org.totschnig.myexpenses/databases/data",
        schema=_my_expenses_schema, schema_cite=_MYEXP, read_sql=_my_expenses_read,
        rows_sql=("INSERT INTO accounts (_id, label, currency) VALUES (1, 'Cash | wallet', 'USD'), (2, 'Bank' || "
                  "char(10) || 'main', 'USD'); "
                  "INSERT INTO categories (_id, label, type) VALUES (5, 'Food, drinks = fun', 1), (6, 'Salary ☕', 2); "
                  "INSERT INTO transactions (_id, comment, date, value_date, amount, cat_id, account_id, "
                  "transfer_peer, transfer_account, parent_id, cr_status) VALUES "
                  "(1, 'Lunch | with Bob' || char(10) || 'and Ann', 1767268800, 1767268800, -1250, 5, 1, NULL, NULL, "
                  "NULL, 'UNRECONCILED'), "
                  "(2, NULL, 1767268800, 1767268800, 250000, 6, 2, NULL, NULL, NULL, 'RECONCILED'), "
                  "(3, 'to bank', 1767268800, 1767268800, -5000, 1, 1, 4, 2, NULL, 'RECONCILED'), "
                  "(4, 'to bank', 1767268800, 1767268800, 5000, 1, 2, 3, 1, NULL, 'RECONCILED'), "
                  "(5, 'voided', 1767268800, 1767268800, -100, 5, 1, NULL, NULL, NULL, 'VOID');"),
        rows=[[1, "Lunch | with Bob\nand Ann", -1250, "Food, drinks = fun", "Cash | wallet", None],
              [2, None, 250000, "Salary ☕", "Bank\nmain", None],
              [3, "to bank", -5000, "Transfer", "Cash | wallet", "Bank\nmain"],
              [4, "to bank", 5000, "Transfer", "Bank\nmain", "Cash | wallet"],
              [5, "voided", -100, "Food, drinks = fun", "Cash | wallet", None]],
        expect={"transactions": [
            {"note": "Lunch | with Bob\nand Ann", "amount_cents": 1250, "income": False,
             "category": "Food, drinks = fun", "day": "2026-01-01"},
            {"note": "", "amount_cents": 250000, "income": True, "category": "Salary ☕", "day": "2026-01-01"}],
            "transfers": [{"amount_cents": 5000, "source": "Cash | wallet", "target": "Bank\nmain"}],
            "wallets": ["Cash"], "categories": []},
        notes=["rows: _id, comment, amount (minor units, signed), category label, account label, transfer account "
               "label; dates 2026-01-01 12:00 UTC in seconds",
               "'|', newline, ', ', '=' and unicode in notes, labels and account names; a NULL comment; a transfer "
               "(two rows linked by transfer_peer, read once from its negative side); a voided row (left out)",
               "wallets and categories are not read: their defaults"]),
    Case(
        name="fossify_calendar_events_awkward", db="/data/data/org.fossify.calendar/databases/events.db",
        schema=_events_db_schema, schema_cite=_FOSSIFY_CAL, read_sql=_events_db_read,
        rows_sql=("INSERT INTO events (id, start_ts, end_ts, title, description, reminder_1_minutes, "
                  f"reminder_2_minutes, reminder_3_minutes, repeat_interval, {_EV_COLS}) VALUES "
                  f"(1, 1767258000, 1767259800, 'Stand-up | daily', 'line one' || char(10) || 'a=b, c', 10, -1, -1, "
                  f"86400, {_EV_REST}, 0, 0), "
                  f"(2, 1767344400, 1767351600, 'Café ☕', '', -1, -1, -1, 0, {_EV_REST}, 0, 0), "
                  f"(3, 1767344400, 1767351600, 'a task, not an event', '', -1, -1, -1, 0, {_EV_REST}, 1, 0);"),
        rows=[[1, 1767258000, 1767259800, "Stand-up | daily", "line one\na=b, c", [10, -1, -1], 86400, 0],
              [2, 1767344400, 1767351600, "Café ☕", "", [-1, -1, -1], 0, 0],
              [3, 1767344400, 1767351600, "a task, not an event", "", [-1, -1, -1], 0, 1]],
        expect={"events": [
            {"title": "Stand-up | daily", "date": "2026-01-01", "start": "09:00", "duration_min": 30,
             "description": "line one\na=b, c", "repeat": "daily", "reminders": [10]},
            {"title": "Café ☕", "date": "2026-01-02", "start": "09:00", "duration_min": 120, "description": "",
             "repeat": None, "reminders": []}]},
        notes=["rows: id, start_ts, end_ts (s), title, description, reminders 1-3 (-1 = none), repeat_interval, type "
               "(1 = a task, not read)",
               "'|', a newline, ', ', '=' and unicode in texts"]),
    Case(
        name="pfa_todo_tasks_awkward_names", db="/data/data/org.secuso.privacyfriendlytodolist/databases/TodoDatabase.db",
        schema=_pfa_schema, schema_cite=_PFA, read_sql=_pfa_read,
        rows_sql=("INSERT INTO todoLists (id, sortOrder, name) VALUES (1, 0, 'Tasks'); "
                  "INSERT INTO todoTasks (id, listId, sortOrder, name, description, priority, deadline, "
                  "recurrencePattern, recurrenceInterval, reminderTime, reminderState, progress, creationTime, "
                  "doneTime, isInRecycleBin) VALUES "
                  "(1, 1, 0, 'Pay rent | flat 2', '', 0, 1767268800, 3, 1, NULL, 0, 0, 1767200000, NULL, 0), "
                  "(2, 1, 1, 'Two' || char(10) || 'lines, a=b', '', 2, NULL, 2, 2, NULL, 0, 0, 1767200000, "
                  "1767250000, 0), "
                  "(3, NULL, 2, 'Ünïcode ☕', '', 1, NULL, 0, 0, NULL, 0, 0, 1767200000, NULL, 0), "
                  "(4, 1, 3, 'binned', '', 1, NULL, 0, 0, NULL, 0, 0, 1767200000, NULL, 1);"),
        rows=[[1, "Pay rent | flat 2", 0, 1767268800, 3, 1, None, 0], [2, "Two\nlines, a=b", 2, None, 2, 2, 1767250000, 0],
              [3, "Ünïcode ☕", 1, None, 0, 0, None, 0], [4, "binned", 1, None, 0, 0, None, 1]],
        expect={"tasks": [
            {"title": "Pay rent | flat 2", "due_date": "2026-01-01", "due_time": None, "priority": "high",
             "recurrence": "monthly", "completed": False},
            {"title": "Two\nlines, a=b", "due_date": None, "due_time": None, "priority": "low", "recurrence": None,
             "completed": True},
            {"title": "Ünïcode ☕", "due_date": None, "due_time": None, "priority": "medium", "recurrence": None,
             "completed": False}]},
        notes=["rows: id, name, priority (ordinal 0 high), deadline (s), recurrencePattern (ordinal), "
               "recurrenceInterval, doneTime, isInRecycleBin",
               "'|', newline, unicode; NULL deadline and doneTime; an interval of 2 (no basic recurrence); a task in "
               "the recycle bin (left out)"]),
    Case(
        name="grit_tasks_awkward_titles", db="/data/data/com.shub39.grit/databases/task_database",
        schema=_grit_schema, schema_cite=_GRIT, read_sql=_grit_read,
        rows_sql=("INSERT INTO categories (id, name, `index`, color) VALUES (1, 'Misc', 0, 'gray'); "
                  "INSERT INTO task (id, categoryId, title, status, `index`) VALUES "
                  "(1, 1, 'B | second', 0, 1), (2, 1, 'A' || char(10) || 'first, a=b', 1, 0), (3, 1, '☕', 0, 2);"),
        rows=[[1, "B | second", 0, 1], [2, "A\nfirst, a=b", 1, 0], [3, "☕", 0, 2]],
        expect={"tasks": [
            {"title": "A\nfirst, a=b", "due_date": None, "due_time": None, "priority": "none", "recurrence": None,
             "completed": True},
            {"title": "B | second", "due_date": None, "due_time": None, "priority": "none", "recurrence": None,
             "completed": False},
            {"title": "☕", "due_date": None, "due_time": None, "priority": "none", "recurrence": None,
             "completed": False}]},
        notes=["rows: id, title, status (1 = done), index (list order, read order)"]),
    Case(
        name="fossify_messages_drafts_awkward_bodies", db="/data/data/org.fossify.messages/databases/conversations.db",
        schema=_drafts_schema, schema_cite=_FOSSIFY_MESSAGES, read_sql=_drafts_read,
        rows_sql=("INSERT INTO drafts (thread_id, body, date) VALUES (3, 'see you at 5 | 6' || char(10) || 'ok?', "
                  "1700000000000), (1, 'back\\slash and ' || char(31) || ' US, a=b ☕', 1700000060000), (2, '', 0);"),
        rows=[[3, "see you at 5 | 6\nok?", 1700000000000], [1, "back\\slash and \x1f US, a=b ☕", 1700000060000],
              [2, "", 0]],
        expect=[{"box": 3, "address": "", "body": "back\\slash and \x1f US, a=b ☕", "date_ms": 1700000060000,
                 "thread_id": 1, "row_id": None},
                {"box": 3, "address": "", "body": "", "date_ms": 0, "thread_id": 2, "row_id": None},
                {"box": 3, "address": "", "body": "see you at 5 | 6\nok?", "date_ms": 1700000000000, "thread_id": 3,
                 "row_id": None}],
        notes=["rows: thread_id, body, date (ms)", "a '|' and a newline, a backslash, the unit separator, unicode and "
               "an empty body; the parser is given no threads, so every address is ''"]),
    Case(
        name="pro_expense_awkward_names", db="/data/data/com.arduia.expense/databases/accounting.db",
        schema=_pro_schema, schema_cite=_PRO, read_sql=_pro_read,
        rows_sql=("INSERT INTO expense (expense_id, name, amount, category, note, created_date, modified_date) VALUES "
                  "(1, 'Pizza | 2 slices' || char(10) || 'and soda', 1250, 3, '', 1767268800000, 1767268800000), "
                  "(2, NULL, 250000, 2, 'salary', 1767268800000, 1767355200000), "
                  "(3, 'Taxi, a=b ☕', 900, 7, '', 1767268800000, 1767268800000);"),
        rows=[[1, "Pizza | 2 slices\nand soda", 1250, 3, 1767268800000], [2, None, 250000, 2, 1767355200000],
              [3, "Taxi, a=b ☕", 900, 7, 1767268800000]],
        expect={"transactions": [
            {"note": "Pizza | 2 slices\nand soda", "amount_cents": 1250, "income": False, "category": "Food",
             "day": "2026-01-01"},
            {"note": "", "amount_cents": 250000, "income": True, "category": "Income", "day": "2026-01-02"},
            {"note": "Taxi, a=b ☕", "amount_cents": 900, "income": False, "category": "Transportation",
             "day": "2026-01-01"}], "transfers": [], "wallets": ["Cash"], "categories": []},
        notes=["rows: expense_id, name, amount (cents), category id (2 Income, 3 Food, 7 Transportation), "
               "modified_date (ms, the chosen day)", "'|', newline, ', ', '=', unicode and a NULL name"]),
    Case(
        name="oinkoin_records_awkward_titles", db="/data/data/com.github.emavgl.piggybankpro/databases/movements.db",
        schema=_oinkoin_schema, schema_cite=_OINKOIN, read_sql=_oinkoin_read,
        rows_sql=("INSERT INTO profiles (id, name, is_default) VALUES (1, 'Default', 1); "
                  "INSERT INTO wallets (id, name, is_default, profile_id) VALUES (1, 'Cash | pocket', 1, 1), "
                  "(2, 'Bank' || char(10) || 'main', 0, 1); "
                  "INSERT INTO records (id, datetime, value, title, category_name, category_type, wallet_id, "
                  "transfer_wallet_id, profile_id) VALUES "
                  "(1, 1767268800000, -12.5, 'Lunch | Bob' || char(10) || 'and Ann', 'Food, drinks = fun', 0, 1, NULL, 1), "
                  "(2, 1767355200000, 2500.0, NULL, 'Salary ☕', 1, 2, NULL, 1), "
                  "(3, 1767268800000, -50.25, 'to bank', NULL, NULL, 1, 2, 1);"),
        rows=[[1, 1767268800000, -12.5, "Lunch | Bob\nand Ann", "Food, drinks = fun", 1, None],
              [2, 1767355200000, 2500.0, None, "Salary ☕", 2, None], [3, 1767268800000, -50.25, "to bank", None, 1, 2]],
        expect={"transactions": [
            {"note": "Lunch | Bob\nand Ann", "amount_cents": 1250, "income": False, "category": "Food, drinks = fun",
             "day": "2026-01-01"},
            {"note": "", "amount_cents": 250000, "income": True, "category": "Salary ☕", "day": "2026-01-02"}],
            "transfers": [{"amount_cents": 5025, "source": "Cash | pocket", "target": "Bank\nmain"}],
            "wallets": ["Cash"], "categories": []},
        notes=["rows: id, datetime (ms), value (REAL, major units, expense < 0), title, category_name, wallet id, "
               "transfer wallet id", "REAL values print as sqlite3 formats them ('-12.5', '2500.0', '-50.25'); "
               "'|', newline, ', ', '=', unicode, a NULL title; a transfer (one row with transfer_wallet_id)"]),
    Case(
        name="joplin_notes_hex_rows", db="/data/data/net.cozic.joplin/databases/joplin.sqlite",
        schema=_joplin_schema, schema_cite=_JOPLIN, read_sql=_joplin_notes_read,
        rows_sql=("INSERT INTO notes (id, parent_id, title, body, created_time, updated_time, deleted_time) VALUES "
                  "('n1', 'f1', 'Shopping | list', 'eggs' || char(10) || 'milk, a=b', 1, 1, 0), "
                  "('n2', 'f1', 'Ünïcode ☕', '', 1, 1, 1767268800000);"),
        rows=[["n1", "f1", "Shopping | list", "eggs\nmilk, a=b", 0], ["n2", "f1", "Ünïcode ☕", "", 1767268800000]],
        expect=[["f1", "Shopping | list", "eggs\nmilk, a=b", "0"], ["f1", "Ünïcode ☕", "", "1767268800000"]],
        notes=["rows: id, parent_id, title, body, deleted_time; read by select_hex (every column hex of its UTF-8 "
               "bytes, '|' between, a row count first), parsed by parse_hex_rows (width 4)"]),
    Case(
        name="telephony_sms_awkward_bodies", db="/data/data/com.android.providers.telephony/databases/mmssms.db",
        schema=_telephony_schema, schema_cite=_TELEPHONY, read_sql=_sms_read, rows_sql=_SMS_ROWS,
        rows=[[1, 1, "+15550100", 1700000000000, 1, "Lunch at 12 | 1pm?"],
              [2, 1, "+15550100", 1700000060000, 2, "line one\nline two, a=b"],
              [3, 2, None, 1700000120000, 3, "draft ☕ with \\n literal and \x1f US"],
              [4, 2, "", None, 2, None]],
        expect=[
            {"row_id": 1, "box": 1, "address": "+15550100", "body": "Lunch at 12 | 1pm?", "date_ms": 1700000000000,
             "thread_id": 1},
            {"row_id": 2, "box": 2, "address": "+15550100", "body": "line one\nline two, a=b",
             "date_ms": 1700000060000, "thread_id": 1},
            {"row_id": 3, "box": 3, "address": "+1 555|0101", "body": "draft ☕ with \\n literal and \x1f US",
             "date_ms": 1700000120000, "thread_id": 2},
            {"row_id": 4, "box": 2, "address": "+1 555|0101", "body": "", "date_ms": None, "thread_id": 2}],
        notes=["rows: _id, thread_id, address, date, type, body",
               "a '|' in a body and in an address, a newline, a literal backslash-n, the unit separator (char 31) "
               "inside a body, a draft without address (resolved through its thread), a NULL body and date"]),
    Case(
        name="telephony_threads", db="/data/data/com.android.providers.telephony/databases/mmssms.db",
        schema=_telephony_schema, schema_cite=_TELEPHONY, read_sql=_threads_read,
        rows_sql=_SMS_ROWS + " INSERT INTO canonical_addresses (_id, address) VALUES (3, 'Name, with' || char(10) || "
                             "'newline'); INSERT INTO threads (_id, recipient_ids) VALUES (3, '3');",
        rows=[[1, "+15550100"], [2, "+1 555|0101"], [3, "Name, with\nnewline"]],
        expect={"1": "+15550100", "2": "+1 555|0101", "3": "Name, with\nnewline"},
        notes=["rows: thread _id, its recipient's canonical address ('|', comma and newline in addresses)"]),
]


def run_case(case: Case, workdir: Path) -> AndroidSample:
    db = workdir / f"{case.name}.db"
    with sqlite3.connect(db) as conn:  # the DDL and rows; the read below runs in the sqlite3 program
        conn.executescript(case.schema() + ";\n" + case.rows_sql)
    sql = case.read_sql()
    done = subprocess.run([SQLITE3, str(db), sql], capture_output=True, check=False)
    version = subprocess.run([SQLITE3, "--version"], capture_output=True, text=True, check=True).stdout.split()[0]
    return AndroidSample(
        command=f"sqlite3 {shlex.quote(case.db)} {shlex.quote(sql)}", exit=done.returncode,
        streams={"stdout": done.stdout.decode("utf-8"), "stderr": done.stderr.decode("utf-8")},
        citations=[SHELL_CITE, case.schema_cite], source="generated",
        nearest=f"generated by sqlite3 {version} (Debian) from {case.schema_cite.repo}@{case.schema_cite.revision} "
                f"{case.schema_cite.file}; Android 13 ships SQLite 3.32 (external/sqlite): same list mode",
        state={"rows": case.rows, "expect": case.expect},
        notes=[*case.notes, "regenerate with tests/android_outputs/make_sqlite3_samples.py (runs the verifier's "
                            "read SQL as DeviceClient.sqlite sends it)"],
        group="sqlite3", case=case.name)


def main() -> None:
    if shutil.which(SQLITE3) is None:
        raise SystemExit(f"{SQLITE3} is needed (Debian package sqlite3)")
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            sample = run_case(case, Path(tmp))
            (ROOT / "sqlite3" / f"{case.name}.txt").write_text(dump_sample(sample), encoding="utf-8")
            print(f"sqlite3/{case.name}.txt: exit {sample.exit}, {len(sample.stdout.splitlines())} lines")


if __name__ == "__main__":
    main()
