"""The To-Do apps' adapters: each seeds and reads its app's own store, as the real app writes it at
its pinned version (docs/tasks.md, "Storage profiles"). The device runs in UTC (the benchmark's
clock setup), so a device-local day is a UTC day here.

What an app cannot hold (TaskMate and Grit: due dates, priorities, recurrences; Todo List (PFA) and
ntodotxt: due times; ntodotxt: recurrences) is not seeded (``readable_part``), and templates that
need it are declined (``supports``), with the reason in ``decline_reason`` and the doc.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shlex
from typing import TYPE_CHECKING, Any, ClassVar
from xml.etree import ElementTree
from xml.sax.saxutils import escape as xml_escape

from pytest_anyapp.catalog.apps import app_by_id
from pytest_anyapp.catalog.models import AppSpec
from pytest_anyapp.constants import FROZEN_DEVICE_TIME_MS
from pytest_anyapp.device.parsers import parses
from pytest_anyapp.errors import DeviceError, VerifierReadError
from pytest_anyapp.templates.base import TaskTemplate
from verifiers.base import (
    AppAdapter,
    FidelityReading,
    LaunchGuard,
    LaunchGuards,
    RawSnapshot,
    SourceRef,
    StorageProfile,
    ensure_app_database,
    own_app_files,
)
from verifiers.tasks.state import Priority, TodoItem, TodoState
from verifiers.tasks.templates import PROPERTY_NAMES, REQUIRES

if TYPE_CHECKING:
    from pytest_anyapp.device.client import DeviceClient

SEP = "\x1f"
UTC = dt.UTC
#: Seeded tasks were created an hour before the frozen device time, completed ones 30 minutes before.
CREATED_MS = FROZEN_DEVICE_TIME_MS - 3_600_000
COMPLETED_MS = FROZEN_DEVICE_TIME_MS - 1_800_000


def sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def from_hex(value: str) -> str:
    return bytes.fromhex(value).decode("utf-8") if value else ""


def utc_ms(date: str, hhmm: str, second: int = 0) -> int:
    y, m, d = (int(x) for x in date.split("-"))
    hh, mm = (int(x) for x in hhmm.split(":"))
    return int(dt.datetime(y, m, d, hh, mm, second, tzinfo=UTC).timestamp() * 1000)


def ms_parts(ms: int) -> tuple[str, str, int, int]:
    """(YYYY-MM-DD, HH:MM, second, millisecond) of an epoch-ms value, UTC."""
    t = dt.datetime.fromtimestamp(ms / 1000, tz=UTC)
    return t.strftime("%Y-%m-%d"), t.strftime("%H:%M"), t.second, ms % 1000


BUSY_TIMEOUT = "PRAGMA busy_timeout=5000;"


def read_table(device: DeviceClient, db: str, select: str) -> list[str]:
    """Rows of ``select`` (one ``SEP``-joined line each) from ``db``; a missing or unreadable database
    is a ``VerifierReadError`` (never an empty store)."""
    if not device.run(f"ls {db}").ok:
        raise VerifierReadError(f"{db} does not exist (the app never created its database)")
    try:
        lines = device.sqlite(db, f"{BUSY_TIMEOUT} {select}")
    except DeviceError as exc:
        raise VerifierReadError(f"could not read {db}: {exc}") from exc
    return lines[1:] if lines[:1] == ["5000"] else lines  # the pragma echoes its value


def rows(lines: list[str], columns: int, what: str) -> list[list[str]]:
    """Split ``SEP``-separated rows, checking the column count (a short row is a broken read)."""
    out = []
    for line in lines:
        fields = line.split(SEP)
        if len(fields) != columns:
            raise VerifierReadError(f"{what}: expected {columns} columns in {line!r}")
        out.append(fields)
    return out


class TodoAdapter(AppAdapter[TodoState]):
    """Base of the To-Do adapters: which templates the app can express, and what of a state it holds."""

    #: What the app's task can hold (its UI offers a control for it and its store keeps it).
    holds_due: ClassVar[bool] = True
    holds_time: ClassVar[bool] = True
    holds_priority: ClassVar[bool] = True
    holds_recurrence: ClassVar[bool] = True
    #: The level a task without a priority gets where the app has no "none" (PFA: medium).
    no_priority_as: ClassVar[Priority] = "none"

    def supports(self, template: TaskTemplate[Any]) -> bool:
        return not self.decline_reason(template)

    def holds(self) -> set[str]:
        held = {"due": self.holds_due, "time": self.holds_due and self.holds_time, "priority": self.holds_priority,
                "recurrence": self.holds_recurrence}
        return {name for name, yes in held.items() if yes}

    def decline_reason(self, template: TaskTemplate[Any]) -> str:
        """Why the app cannot express the template ("" when it can)."""
        missing = sorted(REQUIRES.get(template.semantic_id, frozenset()) - self.holds())
        if not missing:
            return ""
        return (f"{self.app.display_name} {self.app.version_name} tasks have no "
                f"{' and no '.join(PROPERTY_NAMES[m] for m in missing)}")

    def readable_part(self, state: TodoState) -> TodoState:
        def held(t: TodoItem) -> TodoItem:
            return t.model_copy(update={
                "due_date": t.due_date if self.holds_due else None,
                "due_time": t.due_time if self.holds_time and self.holds_due else None,
                "priority": (t.priority if t.priority != "none" else self.no_priority_as) if self.holds_priority
                else "none",
                "recurrence": t.recurrence if self.holds_recurrence else None,
            })
        return TodoState(tasks=[held(t) for t in state.tasks])


class RoomTodoAdapter(TodoAdapter):
    """Apps whose Room database exists only once the app has run: seeding launches the app once
    when the file is missing (a file made by ``sqlite3`` would lack Room's schema)."""

    db_path: ClassVar[str]

    def ensure_database(self, device: DeviceClient) -> None:
        ensure_app_database(device, self.app.package, self.db_path)

    def give_back_database(self, device: DeviceClient) -> None:
        """``sqlite3`` runs as root: a journal or ``-shm`` file it leaves would be root's and the app
        could not open its database for writing. Give the folder back to the app's user."""
        own_app_files(device, self.app.package, "databases")


# -- Tasks.org ---------------------------------------------------------------------------------------

TASKS_ORG_DB = "/data/data/org.tasks/databases/database"
TASKS_ORG_IMPORTANCE: dict[Priority, int] = {"high": 0, "medium": 1, "low": 2, "none": 3}
TASKS_ORG_SOURCE = SourceRef(repo="tasks/tasks", tag="15.9", files=(
    "gradle/libs.versions.toml (versionName 15.9, versionCode 150902)",
    "data/src/commonMain/kotlin/org/tasks/data/db/Database.kt (Room version 96, file name 'database')",
    "data/schemas/org.tasks.data.db.Database/96.json (table tasks)",
    "data/src/commonMain/kotlin/org/tasks/data/entity/Task.kt (importance HIGH 0 .. NONE 3, hasDueTime)",
    "kmp/src/commonMain/kotlin/org/tasks/data/TaskExtensions.kt (date-only due at 12:00, due time seconds = 1)",
    "app/src/main/java/org/tasks/repeats/BasicRecurrenceDialog.kt (FREQ=…;INTERVAL=1)",
    "kmp/src/commonMain/kotlin/org/tasks/service/TaskCompleter.kt (completed = now)",
    "data/src/commonMain/kotlin/org/tasks/data/dao/DeletionDao.kt (deleted = now, purgeDeleted)",
), note="facts from storage_todo_notes_calendar.md §3 (read at tag 15.9, commit f7b3691)")


#: What "Continue without sync" writes (``CaldavDaoExtensions.newLocalAccount``): a TYPE_LOCAL (2) account
#: and its first list "Default list" (``CaldavCalendar`` defaults: color 0, order NO_ORDER -1, access
#: ACCESS_OWNER 0). Without an account the app opens on its welcome screen instead of the tasks.
TASKS_ORG_LOCAL_LIST = (
    "INSERT INTO caldav_accounts (cda_uuid, cda_name, cda_url, cda_username, cda_password, cda_error, "
    "cda_account_type, cda_collapsed, cda_server_type) SELECT 'catbench-local', '', '', '', '', '', 2, 0, -1 "
    "WHERE NOT EXISTS (SELECT 1 FROM caldav_accounts WHERE cda_account_type = 2); "
    "INSERT INTO caldav_lists (cdl_account, cdl_uuid, cdl_name, cdl_color, cdl_url, cdl_order, cdl_access, "
    "cdl_last_sync) SELECT cda_uuid, 'catbench-default-list', 'Default list', 0, '', -1, 0, 0 FROM caldav_accounts "
    "WHERE cda_account_type = 2 AND NOT EXISTS (SELECT 1 FROM caldav_lists WHERE cdl_account = cda_uuid) LIMIT 1;")
#: Every task the app creates is linked to the default list (``TaskCreator.createWithValues`` ->
#: ``CaldavDao.insert``; ``CaldavTask`` defaults: remote id a UUID, object "<remote id>.ics"): the
#: list's own screen joins ``caldav_tasks`` (``TaskListQueryRecursive.newCaldavQuery``), and deletes
#: purge only linked tasks (``DeletionDao.purgeDeleted``).
TASKS_ORG_LINKS = (
    "INSERT INTO caldav_tasks (cd_task, cd_calendar, cd_remote_id, cd_object, cd_deleted, gt_moved, gt_remote_order) "
    "SELECT _id, (SELECT cdl_uuid FROM caldav_lists JOIN caldav_accounts ON cdl_account = cda_uuid "
    "WHERE cda_account_type = 2 ORDER BY cdl_id LIMIT 1), 'catbench-' || _id, 'catbench-' || _id || '.ics', "
    "0, 0, 0 FROM tasks;")


class TasksOrgAdapter(RoomTodoAdapter):
    app: ClassVar[AppSpec] = app_by_id("tasks_org")
    db_path = TASKS_ORG_DB
    #: Without it Android 13 keeps a permission banner over the list (``TaskListFragment.kt``).
    runtime_permissions: ClassVar[tuple[str, ...]] = ("android.permission.POST_NOTIFICATIONS",)
    storage = (StorageProfile(
        what="tasks", path=TASKS_ORG_DB,
        format="Room v96 table tasks(_id, title, importance, dueDate ms, hideUntil, created, modified, completed ms, "
               "deleted ms, notes, …, recurrence RRULE body, repeat_from, remoteId, collapsed, parent, order, "
               "read_only); importance 0 high, 1 medium, 2 low, 3 none; dueDate 0 = none, date-only at local "
               "12:00:00.000, with a time at HH:MM:01.000",
        writes="create: a row (title, importance from the chips, dueDate, recurrence 'FREQ=WEEKLY;INTERVAL=1', "
               "created = modified = now) plus a caldav_tasks link to the local list; complete: completed = now "
               "(recurring: dueDate advanced, completed stays 0); rename: title, modified; delete: deleted = now, "
               "then purged (row gone) for local tasks",
        sources=(TASKS_ORG_SOURCE,),
    ),)

    def seed(self, device: DeviceClient, state: TodoState) -> None:
        self.ensure_database(device)
        values: list[str] = []
        for t in state.tasks:
            due = 0
            if t.due_date:
                due = utc_ms(t.due_date, t.due_time, 1) if t.due_time else utc_ms(t.due_date, "12:00")
            rule = sql_text(f"FREQ={t.recurrence.upper()};INTERVAL=1") if t.recurrence else "NULL"
            values.append(
                f"({sql_text(t.title)}, {TASKS_ORG_IMPORTANCE[t.priority]}, {due}, 0, {CREATED_MS}, {CREATED_MS}, "
                f"{COMPLETED_MS if t.completed else 0}, 0, '', 0, 0, 0, 0, 0, {rule}, 0, "
                f"{sql_text(f'seed-{len(values)}')}, 0, 0, 0)")
        insert = ("INSERT INTO tasks (title, importance, dueDate, hideUntil, created, modified, completed, deleted, "
                  "notes, estimatedSeconds, elapsedSeconds, timerStart, notificationFlags, lastNotified, recurrence, "
                  "repeat_from, remoteId, collapsed, parent, read_only) VALUES " + ", ".join(values) + ";"
                  ) if values else ""
        device.sqlite(TASKS_ORG_DB, f"PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM caldav_tasks; "
                                    f"DELETE FROM tasks; {TASKS_ORG_LOCAL_LIST} {insert} {TASKS_ORG_LINKS} COMMIT;")
        self.give_back_database(device)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"tasks": read_table(device, TASKS_ORG_DB, TASKS_ORG_READ)}

    def parse(self, raw: RawSnapshot) -> TodoState:
        if "tasks" not in raw:
            raise VerifierReadError("Tasks.org snapshot has no 'tasks' read")
        return parse_tasks_org(raw["tasks"])


#: One line per task: the title hex-encoded (a ``|``, newline or unicode title stays one field),
#: the other columns NOT NULL in the Room entity or COALESCEd (a NULL would blank the whole line).
TASKS_ORG_READ = ("SELECT _id || char(31) || hex(title) || char(31) || importance || char(31) "
                  "|| dueDate || char(31) || completed || char(31) || deleted || char(31) || "
                  "COALESCE(recurrence, '') FROM tasks ORDER BY _id;")


@parses(f"sqlite3 {TASKS_ORG_DB} FROM tasks ORDER BY _id")
def parse_tasks_org(lines: list[str]) -> TodoState:
    """Tasks.org's tasks from :data:`TASKS_ORG_READ` lines (the busy-timeout echo first, if kept)."""
    by_level = {v: k for k, v in TASKS_ORG_IMPORTANCE.items()}
    out = []
    body = lines[1:] if lines[:1] == ["5000"] else lines
    for _id, title, importance, due, completed, deleted, rule in rows(body, 7, "Tasks.org tasks"):
        if int(deleted or 0) > 0:
            continue  # soft-deleted (seeded rows are not purged)
        due_date = due_time = None
        if int(due or 0) > 0:
            due_date, hhmm, _, _ = ms_parts(int(due))
            due_time = hhmm if int(due) % 60000 > 0 else None  # Task.hasDueTime
        out.append(TodoItem(title=from_hex(title), due_date=due_date, due_time=due_time,
                            priority=by_level.get(int(importance), "none"), recurrence=rrule_freq(rule),
                            completed=int(completed or 0) > 0))
    return TodoState(tasks=out)


def rrule_freq(rule: str) -> Any:
    """``daily``/``weekly``/``monthly`` for an RRULE body repeating every 1 period; None otherwise
    (no rule, yearly, or an interval other than 1: "every 2 weeks" is not "weekly")."""
    parts = dict(p.split("=", 1) for p in rule.removeprefix("RRULE:").split(";") if "=" in p)
    freq = parts.get("FREQ", "").lower()
    if freq not in ("daily", "weekly", "monthly") or parts.get("INTERVAL", "1") != "1":
        return None
    return freq


# -- app-private files ------------------------------------------------------------------------------

def write_private_file(device: DeviceClient, package: str, path: str, data: bytes) -> None:
    """Write ``path`` (under ``/data/data/<package>``) as the app would own it: parent directories,
    owner and group of the app's data directory, SELinux label restored."""
    parent = path.rsplit("/", 1)[0]
    home = f"/data/data/{package}"
    top = f"{home}/" + path.removeprefix(f"{home}/").split("/", 1)[0]  # e.g. .../files or .../shared_prefs
    device.check(f"mkdir -p {shlex.quote(parent)}")
    device.push_bytes(data, path)
    device.check(f"chmod 660 {shlex.quote(path)}")
    own_app_files(device, package, top)


def read_private_file(device: DeviceClient, path: str, what: str) -> list[str]:
    """``cat`` of an app-private file, as lines; a missing file is a ``VerifierReadError`` (the store
    could not be read: an empty list would pass for "the agent deleted everything")."""
    result = device.run(f"cat {shlex.quote(path)}")
    if not result.ok:
        raise VerifierReadError(f"could not read {what} ({path}): {(result.stderr or result.stdout).strip()[:200]}")
    return result.stdout.split("\n")


# -- Cfait ------------------------------------------------------------------------------------------

CFAIT_FILE = "/data/data/com.trougnouf.cfait/files/data/local.json"
CFAIT_PRIORITY: dict[Priority, int] = {"high": 1, "medium": 5, "low": 9, "none": 0}


class CfaitAdapter(TodoAdapter):
    app: ClassVar[AppSpec] = app_by_id("tasks_cfait")
    #: MainActivity asks for it at its first composition on Android 13 (a system dialog over the list).
    runtime_permissions: ClassVar[tuple[str, ...]] = ("android.permission.POST_NOTIFICATIONS",)
    storage = (StorageProfile(
        what="tasks (Local calendar)", path=CFAIT_FILE,
        format='JSON {"version": 9, "tasks": [{uid, summary, description, status NeedsAction|InProcess|Completed|'
               'Cancelled, priority 0-9 (0 none, 1 highest), etag, href, calendar_href "local://default", due '
               '{"type": "AllDay", "value": "YYYY-MM-DD"} | {"type": "Specific", "value": RFC 3339 UTC}, rrule '
               '"FREQ=…", percent_complete, unmapped_properties [{key, value, params}] …}]}',
        writes="create/edit: the task upserted by uid (temp file + rename); complete: status Completed, "
               "percent_complete 100, COMPLETED=YYYYMMDDTHHMMSSZ in unmapped_properties (recurring: a history copy "
               "is written and the master's dates advance); delete: moved to local_trash.json",
        sources=(SourceRef(repo="trougnouf/cfait", tag="v1.1.5", files=(
            "Cargo.toml (version 1.1.5, version_code 10105)", "src/storage.rs (LOCAL_STORAGE_VERSION 9, paths)",
            "src/context.rs (data dir under filesDir)", "src/model/item.rs (Task fields, DateType, completion)",
            "src/model/parser.rs (priority !N, RRULE FREQ)", "src/store.rs (delete to trash)",
        ), note="facts from storage_todo_notes_calendar.md §1 (commit aa3919d)"),),
    ),)

    def seed(self, device: DeviceClient, state: TodoState) -> None:
        tasks = []
        for i, t in enumerate(state.tasks):
            due: dict[str, str] | None = None
            if t.due_date:
                due = ({"type": "Specific", "value": f"{t.due_date}T{t.due_time}:00Z"} if t.due_time
                       else {"type": "AllDay", "value": t.due_date})
            stamp = dt.datetime.fromtimestamp(COMPLETED_MS / 1000, tz=UTC).strftime("%Y%m%dT%H%M%SZ")
            tasks.append({
                "uid": f"seed-{i}@anyapp", "summary": t.title, "description": "",
                "status": "Completed" if t.completed else "NeedsAction", "priority": CFAIT_PRIORITY[t.priority],
                "etag": "", "href": "", "calendar_href": "local://default", "due": due,
                "rrule": f"FREQ={t.recurrence.upper()}" if t.recurrence else None,
                "percent_complete": 100 if t.completed else None, "categories": [],
                "unmapped_properties": [{"key": "COMPLETED", "value": stamp, "params": []}] if t.completed else [],
            })
        data = json.dumps({"version": 9, "tasks": tasks}).encode()
        write_private_file(device, self.app.package, CFAIT_FILE, data)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"local.json": read_private_file(device, CFAIT_FILE, "Cfait's local tasks")}

    def parse(self, raw: RawSnapshot) -> TodoState:
        if "local.json" not in raw:
            raise VerifierReadError("Cfait snapshot has no 'local.json' read")
        try:
            data = json.loads("\n".join(raw["local.json"]))
        except ValueError as exc:
            raise VerifierReadError(f"Cfait local.json is not JSON: {exc}") from exc
        tasks = data.get("tasks") if isinstance(data, dict) else data
        if not isinstance(tasks, list):
            raise VerifierReadError("Cfait local.json has no task list")
        out = []
        for t in tasks:
            if t.get("X-CFAIT-HISTORY-OF") or any(p.get("key") == "X-CFAIT-HISTORY-OF"
                                                  for p in t.get("unmapped_properties") or []):
                continue  # a recurring task's completion history, not a task of its own
            due, due_date, due_time = t.get("due"), None, None
            if isinstance(due, dict) and due.get("type") == "AllDay":
                due_date = str(due.get("value"))
            elif isinstance(due, dict) and due.get("type") == "Specific":
                when = dt.datetime.fromisoformat(str(due.get("value")).replace("Z", "+00:00")).astimezone(UTC)
                due_date, due_time = when.strftime("%Y-%m-%d"), when.strftime("%H:%M")
            elif isinstance(due, str):  # legacy plain datetime
                when = dt.datetime.fromisoformat(due.replace("Z", "+00:00")).astimezone(UTC)
                due_date, due_time = when.strftime("%Y-%m-%d"), when.strftime("%H:%M")
            p = int(t.get("priority") or 0)
            priority: Priority = "none" if p == 0 else "high" if p < 5 else "medium" if p == 5 else "low"
            out.append(TodoItem(title=str(t.get("summary", "")), due_date=due_date, due_time=due_time,
                                priority=priority, recurrence=rrule_freq(str(t.get("rrule") or "")),
                                completed=t.get("status") == "Completed"))
        return TodoState(tasks=out)


# -- Todo List (PFA) ----------------------------------------------------------------------------------

PFA_DB = "/data/data/org.secuso.privacyfriendlytodolist/databases/TodoDatabase.db"
PFA_READ = ("SELECT id || char(31) || hex(name) || char(31) || priority || char(31) || "
            "COALESCE(deadline, '') || char(31) || recurrencePattern || char(31) || recurrenceInterval || char(31) "
            "|| COALESCE(doneTime, '') || char(31) || isInRecycleBin FROM todoTasks ORDER BY id;")
PFA_PREFS = "/data/data/org.secuso.privacyfriendlytodolist/shared_prefs/org.secuso.privacyfriendlytodolist_preferences.xml"
PFA_PRIORITY: dict[Priority, int] = {"high": 0, "medium": 1, "low": 2}
PFA_PATTERN: dict[str | None, int] = {None: 0, "daily": 1, "weekly": 2, "monthly": 3}


class TodoListPfaAdapter(RoomTodoAdapter):
    app: ClassVar[AppSpec] = app_by_id("tasks_todo_list_pfa")
    db_path = PFA_DB
    holds_time = False
    no_priority_as = "medium"
    storage = (StorageProfile(
        what="first-launch flag", path=PFA_PREFS,
        format='default SharedPreferences, <boolean name="isFirstTimeLaunch"> (missing = true)',
        writes="leaving the tutorial writes false; while true, MainActivity starts TutorialActivity and finishes",
        sources=(SourceRef(repo="SecUSo/privacy-friendly-todo-list", tag="v3.4.0", files=(
            "app/src/main/java/org/secuso/privacyfriendlytodolist/util/PreferenceMgr.kt (P_IS_FIRST_TIME_LAUNCH)",
            "app/src/main/java/org/secuso/privacyfriendlytodolist/view/MainActivity.kt (onCreate: startTut)",
            "app/src/main/AndroidManifest.xml (launcher .view.MainActivity)",
        )),),
    ), StorageProfile(
        what="tasks", path=PFA_DB,
        format="Room v4: todoLists(id, sortOrder, name); todoTasks(id, listId, sortOrder, name, description, "
               "priority 0 HIGH/1 MEDIUM/2 LOW, deadline s, recurrencePattern 0 NONE/1 DAILY/2 WEEKLY/3 MONTHLY/"
               "4 YEARLY, recurrenceInterval, reminderTime s, reminderState, progress, creationTime s, doneTime s, "
               "isInRecycleBin); todoSubtasks. All timestamps in SECONDS; the deadline is a date at local 12:00",
        writes="create: a todoTasks row (priority default MEDIUM, deadline at 12:00 of the picked day, creationTime "
               "now); done: doneTime = now (NULL when undone); rename: name; delete: isInRecycleBin = 1",
        sources=(SourceRef(repo="SecUSo/privacy-friendly-todo-list", tag="v3.4.0", files=(
            "app/build.gradle (versionCode 103, versionName 3.4.0)",
            "app/schemas/org.secuso.privacyfriendlytodolist.model.database.TodoListDatabase/4.json",
            "app/src/main/java/org/secuso/privacyfriendlytodolist/model/database/TodoListDatabase.kt "
            "(NAME TodoDatabase.db)",
            "app/src/main/java/org/secuso/privacyfriendlytodolist/model/database/DatabaseTypeConverters.kt "
            "(enum ordinals, Timestamp in seconds)",
            "app/src/main/java/org/secuso/privacyfriendlytodolist/model/TodoTask.kt (Priority HIGH/MEDIUM/LOW, "
            "default MEDIUM; RecurrencePattern)",
            "app/src/main/java/org/secuso/privacyfriendlytodolist/view/dialog/DeadlineDialog.kt (date at 12:00)",
            "app/src/main/java/org/secuso/privacyfriendlytodolist/model/impl/TodoTaskImpl.kt (setDone: doneTime)",
        )),),
    ),)

    def seed(self, device: DeviceClient, state: TodoState) -> None:
        """The default preferences first: without ``isFirstTimeLaunch`` false the app opens its tutorial
        (and finishes MainActivity) instead of the list."""
        write_private_file(device, self.app.package, PFA_PREFS, (
            b"<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
            b'    <boolean name="isFirstTimeLaunch" value="false" />\n</map>\n'))
        self.ensure_database(device)
        created = CREATED_MS // 1000
        values = []
        for i, t in enumerate(self.readable_part(state).tasks):
            deadline = str(utc_ms(t.due_date, "12:00") // 1000) if t.due_date else "NULL"
            done = str(COMPLETED_MS // 1000) if t.completed else "NULL"
            values.append(f"(1, {i}, {sql_text(t.title)}, '', {PFA_PRIORITY[t.priority]}, {deadline}, "
                          f"{PFA_PATTERN[t.recurrence]}, 1, NULL, 0, {100 if t.completed else 0}, {created}, {done}, 0)")
        insert = ("INSERT INTO todoTasks (listId, sortOrder, name, description, priority, deadline, recurrencePattern, "
                  "recurrenceInterval, reminderTime, reminderState, progress, creationTime, doneTime, isInRecycleBin) "
                  "VALUES " + ", ".join(values) + ";") if values else ""
        device.sqlite(PFA_DB, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM todoSubtasks; "
                              "DELETE FROM todoTasks; DELETE FROM todoLists; "
                              "INSERT INTO todoLists (id, sortOrder, name) VALUES (1, 0, 'Tasks'); "
                              f"{insert} COMMIT;")
        self.give_back_database(device)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"todoTasks": read_table(device, PFA_DB, PFA_READ)}

    def parse(self, raw: RawSnapshot) -> TodoState:
        if "todoTasks" not in raw:
            raise VerifierReadError("PFA snapshot has no 'todoTasks' read")
        levels = {v: k for k, v in PFA_PRIORITY.items()}
        patterns = {v: k for k, v in PFA_PATTERN.items()}
        out = []
        for _id, name, priority, deadline, pattern, interval, done, binned in rows(raw["todoTasks"], 8, "PFA tasks"):
            if int(binned):
                continue  # in the recycle bin: deleted as far as the user is concerned
            out.append(TodoItem(
                title=from_hex(name), due_date=ms_parts(int(deadline) * 1000)[0] if deadline else None,
                priority=levels.get(int(priority), "medium"),
                recurrence=patterns.get(int(pattern)) if int(interval) == 1 else None, completed=bool(done)))
        return TodoState(tasks=out)


# -- TaskMate -------------------------------------------------------------------------------------------

TASKMATE_PREFS = "/data/data/com.amirsteinbeck.taskmate/shared_prefs/focusmate_prefs.xml"


class TaskMateAdapter(TodoAdapter):
    app: ClassVar[AppSpec] = app_by_id("tasks_taskmate")
    holds_due = holds_time = holds_priority = holds_recurrence = False
    storage = (StorageProfile(
        what="tasks", path=TASKMATE_PREFS,
        format='SharedPreferences XML, <string name="tasks_list"> holding a Gson JSON array of '
               "{title, description, isDone, isArchived, id (ms at creation)}",
        writes="create: appends a task (first letter upper-cased, empty description -> 'New task'); edit: replaces "
               "the item with a fresh Task (new id, isDone false); checkbox: isDone; left swipe: removed; right "
               "swipe: isArchived true (later saves write the displayed list and drop archived tasks)",
        sources=(SourceRef(repo="Amirhossein77-98/TaskMate", tag="4.10.7", files=(
            "app/build.gradle.kts (versionCode 4, versionName 4.10.7)", "app/src/main/java/StorageHelper.kt "
            "(PREF_NAME focusmate_prefs, KEY_TASKS tasks_list)", "app/src/main/java/Task.kt",
            "app/src/main/java/MainActivity.kt", "app/src/main/java/TaskAdapter.kt",
        ), note="facts from storage_todo_notes_calendar.md §2 (commit 12d9d41)"),),
    ),)

    def seed(self, device: DeviceClient, state: TodoState) -> None:
        items = [{"title": t.title, "description": "", "isDone": t.completed, "isArchived": False,
                  "id": CREATED_MS + i} for i, t in enumerate(state.tasks)]
        value = xml_escape(json.dumps(items, separators=(",", ":")))
        xml = ("<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
               f'    <string name="tasks_list">{value}</string>\n</map>\n')
        write_private_file(device, self.app.package, TASKMATE_PREFS, xml.encode())

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"focusmate_prefs.xml": read_private_file(device, TASKMATE_PREFS, "TaskMate's task list")}

    def parse(self, raw: RawSnapshot) -> TodoState:
        if "focusmate_prefs.xml" not in raw:
            raise VerifierReadError("TaskMate snapshot has no 'focusmate_prefs.xml' read")
        try:
            root = ElementTree.fromstring("\n".join(raw["focusmate_prefs.xml"]))
        except ElementTree.ParseError as exc:
            raise VerifierReadError(f"TaskMate preferences are not XML: {exc}") from exc
        node = root.find("string[@name='tasks_list']")
        try:
            items = json.loads(node.text or "[]") if node is not None else []
        except ValueError as exc:
            raise VerifierReadError(f"TaskMate tasks_list is not JSON: {exc}") from exc
        return TodoState(tasks=[TodoItem(title=str(t.get("title", "")), completed=bool(t.get("isDone")))
                                for t in items if not t.get("isArchived")])


# -- Grit -------------------------------------------------------------------------------------------

GRIT_DB = "/data/data/com.shub39.grit/databases/task_database"
GRIT_READ = "SELECT id || char(31) || hex(title) || char(31) || status FROM task ORDER BY `index`, id;"


class GritAdapter(RoomTodoAdapter):
    app: ClassVar[AppSpec] = app_by_id("tasks_grit")
    db_path = GRIT_DB
    holds_due = holds_time = holds_priority = holds_recurrence = False
    storage = (StorageProfile(
        what="tasks", path=GRIT_DB,
        format="Room v5: task(id, categoryId, title, status 0/1, index, reminder s or NULL); "
               "categories(id, name, index, color)",
        writes="add: a task row in the open category (status 0, index after the last); tick: status 1 (upsert); "
               "rename: title (upsert); delete: the row is removed",
        sources=(SourceRef(repo="shub39/Grit", tag="6.0.3", files=(
            "androidApp/build.gradle.kts (appVersionCode 6030, appVersionName 6.0.3)",
            "androidApp/schemas/com.shub39.grit.tasks.data.database.TaskDatabase/5.json",
            "androidApp/src/main/java/com/shub39/grit/tasks/data/database/TaskDatabase.kt (DB_NAME task_database)",
            "androidApp/src/main/java/com/shub39/grit/tasks/data/database/TaskEntity.kt",
            "androidApp/src/main/java/com/shub39/grit/tasks/data/database/TasksDao.kt (@Upsert, @Delete)",
        )),),
    ),)

    def seed(self, device: DeviceClient, state: TodoState) -> None:
        self.ensure_database(device)
        values = [f"(1, {sql_text(t.title)}, {int(t.completed)}, {i})" for i, t in enumerate(state.tasks)]
        insert = ("INSERT INTO task (categoryId, title, status, `index`) VALUES " + ", ".join(values) + ";"
                  ) if values else ""
        device.sqlite(GRIT_DB, "PRAGMA busy_timeout=5000; BEGIN IMMEDIATE; DELETE FROM task; DELETE FROM categories; "
                               "INSERT INTO categories (id, name, `index`, color) VALUES (1, 'Misc', 0, 'gray'); "
                               f"{insert} COMMIT;")
        self.give_back_database(device)

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"task": read_table(device, GRIT_DB, GRIT_READ)}

    def parse(self, raw: RawSnapshot) -> TodoState:
        if "task" not in raw:
            raise VerifierReadError("Grit snapshot has no 'task' read")
        return TodoState(tasks=[TodoItem(title=from_hex(title), completed=bool(int(status)))
                                for _id, title, status in rows(raw["task"], 3, "Grit tasks")])


# -- ntodotxt ---------------------------------------------------------------------------------------

NTODOTXT_FILE = "/data/data/de.tnmgl.ntodotxt/app_flutter/todo.txt"
TODOTXT_LETTER: dict[Priority, str] = {"high": "A", "medium": "B", "low": "C"}
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LETTER = re.compile(r"^\(([A-Z])\)$")


def parse_todotxt_line(line: str) -> TodoItem:
    """One todo.txt line: ``[x [<completion>]] [(P)] [<creation>] <description>``; the due date is the
    description's ``due:YYYY-MM-DD`` key (removed from the title, as the app shows it). Unlike the
    prior release, both dates after ``x`` are stripped (notes §E.5)."""
    words = line.split()
    done = bool(words) and words[0] == "x"
    if done:
        words = words[1:]
        if words and _ISO.match(words[0]):
            words = words[1:]
    letter = None
    if words and (m := _LETTER.match(words[0])):
        letter, words = m.group(1), words[1:]
    if words and _ISO.match(words[0]):
        words = words[1:]
    due = next((w[4:] for w in words if w.startswith("due:") and _ISO.match(w[4:])), None)
    title = " ".join(w for w in words if not (w.startswith("due:") and _ISO.match(w[4:])))
    priority: Priority = {"A": "high", "B": "medium"}.get(letter or "", "low" if letter else "none")  # type: ignore[assignment]
    return TodoItem(title=title, due_date=due, priority=priority, completed=done)


class NtodotxtAdapter(TodoAdapter):
    app: ClassVar[AppSpec] = app_by_id("tasks_ntodotxt")
    holds_time = holds_recurrence = False
    storage = (StorageProfile(
        what="todos", path=NTODOTXT_FILE,
        format="todo.txt: one todo per line '[x <completion date>] [(A-Z)] <creation date> <description>' joined "
               "with the platform line terminator, no trailing newline; the due date is the description's "
               "'due:YYYY-MM-DD' key; no time of day, no recurrence",
        writes="create: a line with the creation date (today) and, when picked, (P) and due:…; complete: 'x <today>' "
               "in front (priority kept); rename: the description; delete: the line removed. The local-mode choice "
               "('backend') is kept in flutter_secure_storage (Keystore-encrypted, not seeded: the first-run pages "
               "are part of every episode)",
        sources=(SourceRef(repo="tmaegel/ntodotxt", tag="v0.18.0", files=(
            "pubspec.yaml (version 0.18.0+40)", "lib/common/constants/app.dart (defaultTodoFilename todo.txt)",
            "lib/main.dart (getApplicationDocumentsDirectory = app_flutter)",
            "lib/todo/model/todo_model.dart (toString, patterns, dueDate from key 'due', completion/creation dates)",
            "lib/todo/api/todo_list_api.dart (join with Platform.lineTerminator)",
            "lib/login/state/login_cubit.dart (secureStorage 'backend')",
            "lib/intro/page/intro_page.dart ('Next page', 'Use local mode')",
        )),),
    ),)

    def seed(self, device: DeviceClient, state: TodoState) -> None:
        lines = []
        for t in self.readable_part(state).tasks:
            parts = ["x", "2023-10-15"] if t.completed else []
            if t.priority in TODOTXT_LETTER:
                parts.append(f"({TODOTXT_LETTER[t.priority]})")
            parts += ["2023-10-14", t.title] + ([f"due:{t.due_date}"] if t.due_date else [])
            lines.append(" ".join(parts))
        write_private_file(device, self.app.package, NTODOTXT_FILE, "\n".join(lines).encode())

    def read_raw(self, device: DeviceClient) -> RawSnapshot:
        return {"todo.txt": read_private_file(device, NTODOTXT_FILE, "ntodotxt's todo.txt")}

    def parse(self, raw: RawSnapshot) -> TodoState:
        if "todo.txt" not in raw:
            raise VerifierReadError("ntodotxt snapshot has no 'todo.txt' read")
        return TodoState(tasks=[parse_todotxt_line(line) for line in raw["todo.txt"] if line.strip()])


# -- launch guards and the second reading (issues 23/27; docs/tasks.md, "Launch guards and fidelity") ------

READ_ON = "2026-12-03"
TASKS_ORG_START = SourceRef(repo="tasks/tasks", tag="15.9", files=(
    "app/src/main/java/com/todoroo/astrid/activity/MainActivity.kt (WelcomeDestination while no account)",
    "app/src/main/java/com/todoroo/astrid/activity/MainActivityViewModel.kt (accountExists, routeOnboarding)",
    "kmp/src/commonMain/kotlin/org/tasks/compose/WelcomeScreen.kt ('Continue without sync')",
    "kmp/src/commonMain/kotlin/org/tasks/data/CaldavDaoExtensions.kt (newLocalAccount: account + 'Default list')",
    "app/src/main/java/org/tasks/preferences/DefaultFilterProvider.kt (startup filter: last viewed, else My Tasks)",
    "kmp/src/commonMain/kotlin/org/tasks/filters/MyTasksFilter.kt, data/TaskListQueryRecursive.kt (My Tasks does not "
    "join caldav_tasks; a list's own view does)",
    "app/src/main/java/com/todoroo/astrid/service/TaskCreator.kt (new task -> caldav_tasks link to the default list)",
    "app/src/main/java/com/todoroo/astrid/activity/TaskListFragment.kt (POST_NOTIFICATIONS banner)",
    "app/src/main/java/org/tasks/compose/edit/TaskEditScreen.kt, kmp/src/commonMain/kotlin/org/tasks/compose/pickers/"
    "DatePickerBottomSheet.kt (the due date's Material3 DatePicker sheet)",
))

TasksOrgAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="WelcomeScreen (Add account / Continue without sync) while caldav_accounts "
                "is empty", handled_by="the seeder writes what 'Continue without sync' writes: a TYPE_LOCAL account "
                "and its 'Default list'", sources=(TASKS_ORG_START,)),
    LaunchGuard(kind="needs", what="a caldav_tasks row per task (the list's own screen and purgeDeleted join it)",
                handled_by="every seeded task is linked to the default list, as TaskCreator links new tasks; without "
                "it the task shows in 'My Tasks' (the startup filter) but not in 'Default list'",
                sources=(TASKS_ORG_START,)),
    LaunchGuard(kind="first_screen", what="notification-permission banner on the task list (POST_NOTIFICATIONS)",
                handled_by="POST_NOTIFICATIONS granted at setup", sources=(TASKS_ORG_START,)),
    LaunchGuard(kind="writes", what="the Room database 'database' (v96) on first launch",
                handled_by="ensure_app_database launches the app once and seeds after the file exists",
                sources=(TASKS_ORG_SOURCE,)),
), read=(TASKS_ORG_START, TASKS_ORG_SOURCE))
TasksOrgAdapter.fidelity = FidelityReading(
    source=TASKS_ORG_START, date=READ_ON, verdict="mismatch-fixed",
    found=("a cleared app opens on its welcome screen, not the list: the seeder now writes the local account and "
           "list, the double shows the welcome screen without an account",
           "new tasks get a caldav_tasks link to the default list: the seeder links every task, the double links "
           "the tasks it creates and purges only linked tasks on delete",
           "a POST_NOTIFICATIONS banner on Android 13: the permission is granted at setup",
           "the due date opened a text dialog; the app opens its Material3 date sheet (DueDatePickerSheet), now "
           "modelled",
           "the due time opened a typed text dialog; the app picks it in the date sheet's time shortcuts, whose "
           "'Pick time' opens its own Compose TimePicker dialog (TimePickerDialog.kt), now modelled",
           "IME (15.9 compose/edit/EditTextView.kt, TitleRow.kt): the title is an android.widget.EditText with "
           "isSingleLine = false and imeOptions actionDone whose listener saves only on IME_ACTION_DONE; a "
           "hardware Enter (IME_NULL) adds a line break; the double's single-line title did nothing: it now adds "
           "the line, and the soft keyboard's Done saves"))

# Second readings of 2026-12-03 (issue 23 item 4): each app's source at its pinned tag, read before our profile.
CFAIT_READ = SourceRef(repo="trougnouf/cfait", tag="v1.1.5", files=(
    "android/app/src/main/java/com/trougnouf/cfait/CfaitApplication.kt (CfaitMobile(filesDir); loadFromCache at "
    "process start)",
    "src/mobile.rs (CfaitMobile::new spawns prune_trash; load_from_cache loads every local calendar and saves the "
    "rebuilt alarm index)",
    "src/storage.rs (load_internal: a version other than 9 is migrated and re-saved, empty uids replaced, duplicate "
    "uids dropped; a failed load refuses every later save of that calendar)",
    "src/model/item.rs (Task: uid, summary, description, status, priority, etag, href, calendar_href have no serde "
    "default)", "src/context.rs (files/data/local.json, alarm_index.json)", "src/config.rs (Config::default)",
    "android/app/src/main/java/com/trougnouf/cfait/MainActivity.kt (POST_NOTIFICATIONS requested at the first "
    "composition on Android 13)",
    "android/app/src/main/java/com/trougnouf/cfait/ui/HomeScreen.kt (input bar: singleLine, ImeAction.Send adds the "
    "task from the whole line; the list stays)",
    "android/app/src/main/java/com/trougnouf/cfait/ui/TaskDetailScreen.kt (one 'Task (smart syntax)' field, newlines "
    "blocked, ImeAction.Done saves; 'Save' text button; no date, time or priority control)",
    "src/model/parser.rs (apply_smart_input)", "src/model/display.rs (to_smart_string)", "locales/en.json",
))
CfaitAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="needs", what="files/data/local.json at version 9 whose tasks carry every field without a serde "
                "default (uid, summary, description, status, priority, etag, href, calendar_href)",
                handled_by="the seeder writes version 9 and all of them (another version is migrated and rewritten "
                "at start; a parse failure leaves the Local calendar empty and refuses saves)", sources=(CFAIT_READ,)),
    LaunchGuard(kind="writes", what="files/data/alarm_index.json, rebuilt and saved at every start (load_from_cache)",
                handled_by="no template reads it (read_raw reads local.json only)", sources=(CFAIT_READ,)),
    LaunchGuard(kind="first_screen", what="the POST_NOTIFICATIONS permission dialog over the list (Android 13, "
                "MainActivity's first composition)", handled_by="granted at setup (runtime_permissions), as on a "
                "lab device where it was granted once; the double declares the permission", sources=(CFAIT_READ,)),
), read=(CFAIT_READ,))
CfaitAdapter.fidelity = FidelityReading(
    source=CFAIT_READ, date=READ_ON, verdict="mismatch-fixed",
    found=("the real app has no date, time, priority or recurrence control: they are typed as smart syntax into the "
           "input bar (Send creates the task from the whole line) or into the task's one 'Task (smart syntax)' "
           "field; the double offered a form with pickers, which the oracle used: the double now parses the syntax "
           "(@date [HH:MM], !N, @daily/@weekly/@monthly), its edit screen is the smart field + 'Save', and the "
           "oracle types the syntax",
           "a POST_NOTIFICATIONS dialog at first start on Android 13: the permission is now granted at setup"),
    open_points=("the double parses a subset of apply_smart_input (no @every/@after, weekdays, relative dates other "
                 "than today/tomorrow, reminders or tags) and stores priorities as 1/5/9 only",))

PFA_SOURCE_READ = SourceRef(repo="SecUSo/privacy-friendly-todo-list", tag="v3.4.0", files=(
    "app/src/main/java/org/secuso/privacyfriendlytodolist/PFAApplication.kt (onCreate: alarm job, no data written)",
    "app/src/main/java/org/secuso/privacyfriendlytodolist/view/MainActivity.kt (isFirstTimeLaunch -> tutorial and "
    "finish; permission prompts only after saving a task with a reminder)",
    "app/src/main/java/org/secuso/privacyfriendlytodolist/util/PreferenceMgr.kt (default SharedPreferences; "
    "getStringPrefAsLong loads the defaults of res/xml/settings.xml when a key is missing)",
    "app/src/main/java/org/secuso/privacyfriendlytodolist/model/database/TodoListDatabase.kt (TodoDatabase.db, "
    "migrations only, no create callback)",
    "app/src/main/java/org/secuso/privacyfriendlytodolist/model/database/entities/TodoTaskData.kt",
    "app/src/main/java/org/secuso/privacyfriendlytodolist/model/database/DatabaseTypeConverters.kt (seconds)",
    "app/src/main/java/org/secuso/privacyfriendlytodolist/view/dialog/DeadlineDialog.kt (12:00)",
    "app/src/main/res/layout/task_dialog.xml (et_task_name: inputType text, no imeOptions or editor listener)",
))
TodoListPfaAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="TutorialActivity while isFirstTimeLaunch is not false",
                handled_by="the seeder writes isFirstTimeLaunch=false (app-owned, restorecon)",
                sources=(PFA_SOURCE_READ,)),
    LaunchGuard(kind="writes", what="the Room database TodoDatabase.db on first launch",
                handled_by="ensure_app_database launches the app once and seeds after the file exists",
                sources=TodoListPfaAdapter.storage[1].sources),
    LaunchGuard(kind="writes", what="the defaults of res/xml/settings.xml into the default preferences, the first "
                "time a string preference is read (PreferenceManager.setDefaultValues)",
                handled_by="setDefaultValues keeps the seeded isFirstTimeLaunch; no template reads the preferences",
                sources=(PFA_SOURCE_READ,)),
), read=(PFA_SOURCE_READ, *TodoListPfaAdapter.storage[1].sources))
TodoListPfaAdapter.fidelity = FidelityReading(source=PFA_SOURCE_READ, date=READ_ON, verdict="match")

TASKMATE_READ = SourceRef(repo="Amirhossein77-98/TaskMate", tag="4.10.7", files=(
    "app/src/main/java/StorageHelper.kt (focusmate_prefs / tasks_list, Gson)", "app/src/main/java/Task.kt",
    "app/src/main/java/com/amirsteinbeck/taskmate/MainActivity.kt (loads the list, writes nothing at start; "
    "openTaskBottomSheet)", "app/src/main/AndroidManifest.xml (no runtime permission)",
    "app/src/main/res/layout/activity_main.xml (userInput, submitButton)",
    "app/src/main/res/layout/bottomsheet_edit_task.xml (editTitle: singleLine, imeOptions actionNext; saveButton)",
    "app/src/main/res/layout/item_task.xml (taskDone)", "app/src/main/res/values/strings.xml",
))
TaskMateAdapter.launch_guards = LaunchGuards(read=(TASKMATE_READ,))  # none found: no first-run screen, no start-up write
TaskMateAdapter.fidelity = FidelityReading(
    source=TASKMATE_READ, date=READ_ON, verdict="mismatch-fixed",
    found=("the double's labels and ids were not the app's (FAB 'Add Task', 'titleInput', 'Add', 'taskCheckBox'): "
           "the app opens its sheet from the bottom field 'Enter your task…' (userInput) or the plus button, the "
           "sheet has 'Enter title…' (editTitle) and 'Save' (saveButton), the card's checkbox is taskDone; the skin "
           "and the oracle now use them",),
    open_points=("saving an edit writes a new Task (isDone false, a new id): renaming a completed task would "
                 "un-complete it in the app and not in the double (no template renames a completed task)",
                 "the double shows the entry as a floating button where the app has a text field and an icon button"))

GRIT_SOURCE_READ = SourceRef(repo="shub39/Grit", tag="6.0.3", files=(
    "shared/ui/src/commonMain/kotlin/com/shub39/grit/shared/ui/viewmodel/MainViewModel.kt (checkChangelog, "
    "dismissChangelog)", "shared/ui/src/commonMain/kotlin/com/shub39/grit/shared/ui/components/ChangelogSheet.kt",
    "androidApp/src/main/java/com/shub39/grit/core/data/datastore/SettingsDatastoreImpl.kt (last_changelog_shown, "
    "starting_page default Tasks)", "androidApp/src/main/java/com/shub39/grit/core/data/datastore/DatastoreFactory.kt "
    "(grit.preferences_pb)", "CHANGELOG.md (## 6.0.3)",
    "androidApp/src/main/java/com/shub39/grit/tasks/data/database/TaskDatabase.kt (task_database v5)",
    "androidApp/src/main/java/com/shub39/grit/tasks/data/database/TaskEntity.kt, CategoryEntity.kt",
    "shared/ui/src/commonMain/kotlin/com/shub39/grit/shared/ui/task/ui/component/TaskUpsertSheet.kt (title: "
    "multi-line TextFieldState, ImeAction.None)",
))
GritAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="writes", what="the Room database task_database on first launch",
                handled_by="ensure_app_database launches the app once and seeds after the file exists",
                sources=GritAdapter.storage[0].sources),
    LaunchGuard(kind="first_screen", what="the 'What's Changed' sheet (6.0.3, 'Done') while the DataStore key "
                "last_changelog_shown differs from the newest changelog entry: always after pm clear",
                handled_by="not seeded (a DataStore protobuf): the double shows the sheet and the oracle dismisses it "
                "with 'Done' in every episode, as a user of a fresh install does", sources=(GRIT_SOURCE_READ,)),
), read=(GRIT_SOURCE_READ, *GritAdapter.storage[0].sources))
GritAdapter.fidelity = FidelityReading(
    source=GRIT_SOURCE_READ, date=READ_ON, verdict="mismatch-fixed",
    found=("a 'What's Changed' sheet covers the tasks page after pm clear: the double shows it (it did not), the "
           "oracle's prelude taps 'Done'",
           "the task title is a multi-line field without an IME action (Enter adds a line): the double's title "
           "field now takes Enter as a new line (it ignored it)"),
    open_points=("a Grit task can hold a reminder (TaskEntity.reminder, LocalDateTime); the profile treats Grit as "
                 "holding no due date, so the due-date templates stay declined",))

NTODOTXT_READ = SourceRef(repo="tmaegel/ntodotxt", tag="v0.18.0", files=(
    "lib/main.dart (app_flutter; data.db; IntroPage until LoginLocal/LoginWebDAV)",
    "lib/login/state/login_cubit.dart (secureStorage 'backend')", "lib/intro/page/intro_page.dart",
    "lib/login/page/login_page.dart ('Local', 'Apply')",
    "lib/todo_file/state/todo_file_cubit.dart (load: File(todo.txt).create() keeps an existing file)",
    "lib/todo/api/todo_list_api.dart", "lib/todo/model/todo_model.dart (fromString, toString)",
    "lib/todo/page/todo_create_edit_page.dart (description: TextInputType.text, maxLines 3, newlines denied, no "
    "onFieldSubmitted: Enter closes the keyboard)",
))
NtodotxtAdapter.launch_guards = LaunchGuards(guards=(
    LaunchGuard(kind="first_screen", what="the intro pages and 'Use local mode' while flutter_secure_storage has no "
                "'backend'", handled_by="not seeded (Keystore-encrypted): the double shows the pages and the oracle "
                "goes through them in every episode", sources=(NTODOTXT_READ,)),
    LaunchGuard(kind="writes", what="app_flutter/data.db (sqflite: settings and filters) at start",
                handled_by="no template reads it; todo.txt is only created when missing", sources=(NTODOTXT_READ,)),
), read=(NTODOTXT_READ,))
NtodotxtAdapter.fidelity = FidelityReading(source=NTODOTXT_READ, date=READ_ON, verdict="match")


def _echo_dropped(lines: list[str]) -> list[str]:
    return lines[1:] if lines[:1] == ["5000"] else lines


@parses(f"sqlite3 {PFA_DB} FROM todoTasks ORDER BY id")
def parse_pfa(lines: list[str]) -> TodoState:
    """Todo List (PFA)'s tasks from :data:`PFA_READ` lines."""
    return TodoListPfaAdapter().parse({"todoTasks": _echo_dropped(lines)})


@parses(f"sqlite3 {GRIT_DB} FROM task ORDER BY `index`, id")
def parse_grit(lines: list[str]) -> TodoState:
    """Grit's tasks from :data:`GRIT_READ` lines."""
    return GritAdapter().parse({"task": _echo_dropped(lines)})
