"""What the To-Do app doubles read and write: one class per storage profile (docs/tasks.md), each
writing exactly what the real app writes at its pinned version (path, schema, encodings).

* :class:`TasksOrgDb` — Tasks.org 15.9: Room ``databases/database``, table ``tasks`` (times in ms;
  a due date alone at local 12:00:00.000, a due time with seconds = 1; importance 0 high .. 3 none;
  ``recurrence`` an RRULE body ``FREQ=…;INTERVAL=1``; completion ``completed`` = now).
* :class:`CfaitJson` — Cfait 1.1.5: ``files/data/local.json`` ``{"version": 9, "tasks": [...]}``
  (``summary``, ``due`` tagged ``AllDay``/``Specific``, iCalendar ``priority`` 1 high / 5 medium /
  9 low / 0 none, ``rrule``, ``status`` ``NeedsAction``/``Completed`` + ``COMPLETED`` stamp).
* :class:`PfaDb` — Todo List (PFA) 3.4.0: Room ``databases/TodoDatabase.db`` (times in **seconds**;
  deadline at local 12:00; priority ordinal 0 high / 1 medium / 2 low; recurrencePattern ordinal
  0 none / 1 daily / 2 weekly / 3 monthly / 4 yearly; done = ``doneTime`` set).
* :class:`TaskMatePrefs` — TaskMate 4.10.7: ``shared_prefs/focusmate_prefs.xml`` key ``tasks_list``
  = Gson array ``[{title, description, isDone, isArchived, id}]`` (no due, priority or recurrence).
* :class:`GritDb` — Grit 6.0.3: Room ``databases/task_database``, tables ``task`` / ``categories``
  (``status`` true = done; no due, priority or recurrence).

The device runs in UTC (the benchmark's clock setup), so local = UTC here. Nothing is imported
from the harness: these encoders are the simulator's own.
"""

from __future__ import annotations

import calendar
import json
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pytest_anyapp.sim.apps.base import SimApp

LEVELS = ("none", "low", "medium", "high")
REPEATS = ("daily", "weekly", "monthly")


@dataclass(frozen=True)
class Task:
    """A task as a screen shows it. ``key`` is the store's own id (row id, uid, ms id)."""

    key: str
    title: str
    due_date: str | None = None  # YYYY-MM-DD
    due_time: str | None = None  # HH:MM
    priority: str = "none"
    recurrence: str | None = None
    done: bool = False


class TaskStore(Protocol):
    def tasks(self) -> list[Task]: ...
    def save(self, task: Task) -> None: ...  # insert when ``key`` is "", else update
    def delete(self, key: str) -> None: ...


# -- shared encoders (the simulator's own) ---------------------------------------------------------

def epoch_ms(date: str, hhmm: str, second: int = 0) -> int:
    y, m, d = (int(x) for x in date.split("-"))
    hh, mm = (int(x) for x in hhmm.split(":"))
    return calendar.timegm((y, m, d, hh, mm, second, 0, 0, 0)) * 1000


def from_ms(ms: int) -> tuple[str, str, int]:
    t = time.gmtime(ms // 1000)
    return time.strftime("%Y-%m-%d", t), time.strftime("%H:%M", t), t.tm_sec


# -- Tasks.org ------------------------------------------------------------------------------------

class TasksOrgDb:
    """``databases/database`` (Room v96), table ``tasks`` with the entity's columns."""

    NAME = "database"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS `tasks` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `title` TEXT, "
        "`importance` INTEGER NOT NULL, `dueDate` INTEGER NOT NULL, `hideUntil` INTEGER NOT NULL, "
        "`created` INTEGER NOT NULL, `modified` INTEGER NOT NULL, `completed` INTEGER NOT NULL, "
        "`deleted` INTEGER NOT NULL, `notes` TEXT, `estimatedSeconds` INTEGER NOT NULL, "
        "`elapsedSeconds` INTEGER NOT NULL, `timerStart` INTEGER NOT NULL, `notificationFlags` INTEGER NOT NULL, "
        "`lastNotified` INTEGER NOT NULL, `recurrence` TEXT, `repeat_from` INTEGER NOT NULL DEFAULT 0, "
        "`calendarUri` TEXT, `remoteId` TEXT, `collapsed` INTEGER NOT NULL, `parent` INTEGER NOT NULL, "
        "`order` INTEGER, `read_only` INTEGER NOT NULL DEFAULT 0); "
        "CREATE TABLE IF NOT EXISTS `caldav_accounts` (`cda_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "`cda_uuid` TEXT, `cda_name` TEXT, `cda_url` TEXT, `cda_username` TEXT, `cda_password` TEXT, `cda_error` TEXT, "
        "`cda_account_type` INTEGER NOT NULL, `cda_collapsed` INTEGER NOT NULL, `cda_server_type` INTEGER NOT NULL, "
        "`cda_last_sync` INTEGER NOT NULL DEFAULT 0); "
        "CREATE TABLE IF NOT EXISTS `caldav_lists` (`cdl_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "`cdl_account` TEXT, `cdl_uuid` TEXT, `cdl_name` TEXT, `cdl_color` INTEGER NOT NULL, `cdl_ctag` TEXT, "
        "`cdl_url` TEXT, `cdl_icon` TEXT, `cdl_order` INTEGER NOT NULL, `cdl_access` INTEGER NOT NULL, "
        "`cdl_last_sync` INTEGER NOT NULL); "
        "CREATE TABLE IF NOT EXISTS `caldav_tasks` (`cd_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "`cd_task` INTEGER NOT NULL, `cd_calendar` TEXT, `cd_remote_id` TEXT, `cd_object` TEXT, `cd_etag` TEXT, "
        "`cd_deleted` INTEGER NOT NULL, `cd_remote_parent` TEXT, `gt_moved` INTEGER NOT NULL, "
        "`gt_remote_order` INTEGER NOT NULL, FOREIGN KEY(`cd_task`) REFERENCES `tasks`(`_id`) "
        "ON UPDATE NO ACTION ON DELETE CASCADE); PRAGMA user_version = 96;"
    )
    #: ``CaldavAccount.TYPE_LOCAL``; the list ``getLocalList`` creates is named ``default_list``.
    TYPE_LOCAL = 2
    DEFAULT_LIST = "Default list"
    IMPORTANCE = {"high": 0, "medium": 1, "low": 2, "none": 3}

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.NAME, self.SCHEMA)

    def has_account(self) -> bool:
        """``MainActivityViewModel.accountExists``: without an account the app opens on its welcome screen."""
        return bool(self.app.query(self.NAME, "SELECT 1 FROM caldav_accounts LIMIT 1"))

    def new_local_account(self) -> None:
        """"Continue without sync" (``CaldavDaoExtensions.newLocalAccount``): a TYPE_LOCAL account and
        its first list "Default list"."""
        stamp = self.app.now_ms()
        account = f"{stamp:x}-local"
        self.app.execute(self.NAME, "INSERT INTO caldav_accounts (cda_uuid, cda_name, cda_url, cda_username, "
                         "cda_password, cda_error, cda_account_type, cda_collapsed, cda_server_type) "
                         "VALUES (?, '', '', '', '', '', ?, 0, -1)", (account, self.TYPE_LOCAL))
        self.app.execute(self.NAME, "INSERT INTO caldav_lists (cdl_account, cdl_uuid, cdl_name, cdl_color, cdl_url, "
                         "cdl_order, cdl_access, cdl_last_sync) VALUES (?, ?, ?, 0, '', -1, 0, 0)",
                         (account, f"{stamp:x}-list", self.DEFAULT_LIST))

    def default_list(self) -> str:
        """``DefaultFilterProvider.getDefaultList``: the first writable list (a local one made on demand)."""
        rows = self.app.query(self.NAME, "SELECT cdl_uuid FROM caldav_lists WHERE cdl_access != 2 ORDER BY cdl_id")
        if not rows:
            self.new_local_account()
            return self.default_list()
        return str(rows[0]["cdl_uuid"])

    def tasks(self) -> list[Task]:
        rows = self.app.query(self.NAME, "SELECT _id, title, importance, dueDate, completed, recurrence FROM tasks "
                                         "WHERE deleted = 0 AND parent = 0 ORDER BY _id")
        out = []
        for r in rows:
            due_date = due_time = None
            if r["dueDate"]:
                due_date, hhmm, sec = from_ms(int(r["dueDate"]))
                due_time = hhmm if int(r["dueDate"]) % 60000 > 0 else None
            level = {v: k for k, v in self.IMPORTANCE.items()}.get(int(r["importance"]), "none")
            rule = str(r["recurrence"] or "").removeprefix("RRULE:")
            freq = next((p[5:].lower() for p in rule.split(";") if p.startswith("FREQ=")), None)
            out.append(Task(str(r["_id"]), str(r["title"] or ""), due_date, due_time, level,
                            {"daily": "daily", "weekly": "weekly", "monthly": "monthly"}.get(freq or ""),
                            int(r["completed"]) > 0))
        return out

    def save(self, task: Task) -> None:
        now = self.app.now_ms()
        due = 0
        if task.due_date:
            due = epoch_ms(task.due_date, task.due_time, 1) if task.due_time else epoch_ms(task.due_date, "12:00")
        rule = f"FREQ={task.recurrence.upper()};INTERVAL=1" if task.recurrence else None
        values = (task.title, self.IMPORTANCE[task.priority], due, now if task.done else 0, rule, now)
        if task.key:
            done = self.app.query(self.NAME, "SELECT completed FROM tasks WHERE _id = ?", (int(task.key),))
            stamp = (int(done[0]["completed"]) or now) if done and task.done else (now if task.done else 0)
            self.app.execute(self.NAME, "UPDATE tasks SET title = ?, importance = ?, dueDate = ?, completed = ?, "
                             "recurrence = ?, modified = ? WHERE _id = ?", (*values[:3], stamp, rule, now,
                                                                            int(task.key)))
            return
        self.app.execute(
            self.NAME, "INSERT INTO tasks (title, importance, dueDate, hideUntil, created, modified, completed, "
            "deleted, notes, estimatedSeconds, elapsedSeconds, timerStart, notificationFlags, lastNotified, "
            "recurrence, repeat_from, remoteId, collapsed, parent, read_only) "
            "VALUES (?, ?, ?, 0, ?, ?, ?, 0, '', 0, 0, 0, 0, 0, ?, 0, ?, 0, 0, 0)",
            (task.title, self.IMPORTANCE[task.priority], due, now, now, values[3], rule, f"{now:x}"))
        # TaskCreator.createWithValues: a new task is linked to the default list (caldav_tasks)
        key = self.app.query(self.NAME, "SELECT max(_id) AS id FROM tasks")[0]["id"]
        remote = f"{now:x}-{key}"
        self.app.execute(self.NAME, "INSERT INTO caldav_tasks (cd_task, cd_calendar, cd_remote_id, cd_object, "
                         "cd_deleted, gt_moved, gt_remote_order) VALUES (?, ?, ?, ?, 0, 0, 0)",
                         (key, self.default_list(), remote, f"{remote}.ics"))

    def delete(self, key: str) -> None:
        """``deleted`` = now (``DeletionDao.markDeleted``), then ``purgeDeleted`` hard-deletes the
        deleted tasks of local-account lists: a task in a local list is gone, one in no list stays
        soft-deleted."""
        now = self.app.now_ms()
        self.app.execute(self.NAME, "UPDATE tasks SET deleted = ?, modified = ? WHERE _id = ?", (now, now, int(key)))
        local = self.app.query(
            self.NAME, "SELECT 1 FROM caldav_tasks JOIN caldav_lists ON cd_calendar = cdl_uuid "
            "JOIN caldav_accounts ON cdl_account = cda_uuid WHERE cd_task = ? AND cda_account_type = ?",
            (int(key), self.TYPE_LOCAL))
        if local:
            self.app.execute(self.NAME, "DELETE FROM caldav_tasks WHERE cd_task = ?", (int(key),))
            self.app.execute(self.NAME, "DELETE FROM tasks WHERE _id = ?", (int(key),))


# -- Cfait -------------------------------------------------------------------------------------------

class CfaitJson:
    """``files/data/local.json``: ``{"version": 9, "tasks": [Task…]}``, written via a temp file + rename."""

    PATH = "files/data/local.json"
    PRIORITY = {"high": 1, "medium": 5, "low": 9, "none": 0}

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def _load(self) -> list[dict[str, object]]:
        path = self.app.host_path(self.PATH)
        if not path.exists():
            return []
        data = json.loads(path.read_text() or "{}")
        return list(data.get("tasks", [])) if isinstance(data, dict) else list(data)

    def _write(self, tasks: list[dict[str, object]]) -> None:
        path = self.app.host_path(self.PATH)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"version": 9, "tasks": tasks}, indent=1))
        os.replace(tmp, path)

    def tasks(self) -> list[Task]:
        out = []
        for t in self._load():
            due = t.get("due") if isinstance(t.get("due"), dict) else None
            due_date = due_time = None
            if due and due.get("type") == "AllDay":
                due_date = str(due["value"])
            elif due and due.get("type") == "Specific":
                due_date, due_time = str(due["value"])[:10], str(due["value"])[11:16]
            p = int(str(t.get("priority", 0)))
            level = "none" if p == 0 else "high" if p < 5 else "medium" if p == 5 else "low"
            freq = str(t.get("rrule") or "").split(";")[0].removeprefix("FREQ=").lower()
            out.append(Task(str(t["uid"]), str(t.get("summary", "")), due_date, due_time, level,
                            freq if freq in REPEATS else None, t.get("status") == "Completed"))
        return out

    def save(self, task: Task) -> None:
        tasks = self._load()
        old = next((t for t in tasks if t.get("uid") == task.key), None)
        uid = task.key or f"{self.app.now_ms():x}-{len(tasks)}@cfait"
        row: dict[str, object] = dict(old) if old else {
            "uid": uid, "description": "", "etag": "", "href": "", "calendar_href": "local://default",
            "categories": [], "unmapped_properties": []}
        row.update(summary=task.title, priority=self.PRIORITY[task.priority],
                   status="Completed" if task.done else "NeedsAction",
                   percent_complete=100 if task.done else None,
                   rrule=f"FREQ={task.recurrence.upper()}" if task.recurrence else None)
        row["due"] = None if not task.due_date else (
            {"type": "Specific", "value": f"{task.due_date}T{task.due_time}:00Z"} if task.due_time
            else {"type": "AllDay", "value": task.due_date})
        props = [p for p in list(row.get("unmapped_properties") or []) if p.get("key") != "COMPLETED"]  # type: ignore[union-attr]
        if task.done:
            props.append({"key": "COMPLETED", "value": time.strftime("%Y%m%dT%H%M%SZ",
                                                                      time.gmtime(self.app.now_ms() // 1000)),
                          "params": []})
        row["unmapped_properties"] = props
        self._write([row if t is old else t for t in tasks] if old else [*tasks, row])

    def delete(self, key: str) -> None:
        """Soft delete: the task moves to ``local_trash.json`` (stamped ``X-TRASHED-DATE``)."""
        tasks = self._load()
        gone = [t for t in tasks if t.get("uid") == key]
        self._write([t for t in tasks if t.get("uid") != key])
        trash = self.app.host_path("files/data/local_trash.json")
        kept = json.loads(trash.read_text()).get("tasks", []) if trash.exists() else []
        trash.write_text(json.dumps({"version": 9, "tasks": kept + gone}))


# -- Todo List (PFA) ------------------------------------------------------------------------------------

class PfaDb:
    """``databases/TodoDatabase.db`` (Room v4): ``todoLists``, ``todoTasks``, ``todoSubtasks``; seconds."""

    NAME = "TodoDatabase.db"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS `todoLists` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "`sortOrder` INTEGER NOT NULL, `name` TEXT NOT NULL); "
        "CREATE TABLE IF NOT EXISTS `todoTasks` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `listId` INTEGER, "
        "`sortOrder` INTEGER NOT NULL, `name` TEXT NOT NULL, `description` TEXT NOT NULL, `priority` INTEGER NOT NULL, "
        "`deadline` INTEGER, `recurrencePattern` INTEGER NOT NULL, `recurrenceInterval` INTEGER NOT NULL, "
        "`reminderTime` INTEGER, `reminderState` INTEGER NOT NULL, `progress` INTEGER NOT NULL, "
        "`creationTime` INTEGER NOT NULL, `doneTime` INTEGER, `isInRecycleBin` INTEGER NOT NULL, "
        "FOREIGN KEY(`listId`) REFERENCES `todoLists`(`id`) ON UPDATE CASCADE ON DELETE SET NULL ); "
        "CREATE INDEX IF NOT EXISTS `index_todoTasks_listId` ON `todoTasks` (`listId`); "
        "CREATE TABLE IF NOT EXISTS `todoSubtasks` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "`taskId` INTEGER NOT NULL, `sortOrder` INTEGER NOT NULL, `name` TEXT NOT NULL, `doneTime` INTEGER, "
        "`isInRecycleBin` INTEGER NOT NULL, FOREIGN KEY(`taskId`) REFERENCES `todoTasks`(`id`) ON UPDATE CASCADE "
        "ON DELETE CASCADE ); PRAGMA user_version = 4;"
    )
    PRIORITY = ("high", "medium", "low")  # ordinal
    PATTERN = (None, "daily", "weekly", "monthly", "yearly")  # ordinal

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.NAME, self.SCHEMA)

    def tasks(self) -> list[Task]:
        rows = self.app.query(self.NAME, "SELECT id, name, priority, deadline, recurrencePattern, recurrenceInterval, "
                                         "doneTime FROM todoTasks WHERE isInRecycleBin = 0 ORDER BY sortOrder, id")
        out = []
        for r in rows:
            due = from_ms(int(r["deadline"]) * 1000)[0] if r["deadline"] is not None else None
            pattern = self.PATTERN[int(r["recurrencePattern"])] if int(r["recurrenceInterval"]) == 1 else None
            out.append(Task(str(r["id"]), str(r["name"]), due, None, self.PRIORITY[int(r["priority"])],
                            pattern if pattern in REPEATS else None, r["doneTime"] is not None))
        return out

    def save(self, task: Task) -> None:
        now_s = self.app.now_ms() // 1000
        deadline = epoch_ms(task.due_date, "12:00") // 1000 if task.due_date else None
        level = self.PRIORITY.index(task.priority) if task.priority in self.PRIORITY else 1
        pattern = self.PATTERN.index(task.recurrence) if task.recurrence else 0
        if task.key:
            old = self.app.query(self.NAME, "SELECT doneTime FROM todoTasks WHERE id = ?", (int(task.key),))
            done = (old[0]["doneTime"] or now_s) if old and task.done else (now_s if task.done else None)
            self.app.execute(self.NAME, "UPDATE todoTasks SET name = ?, priority = ?, deadline = ?, "
                             "recurrencePattern = ?, doneTime = ?, progress = ? WHERE id = ?",
                             (task.title, level, deadline, pattern, done, 100 if task.done else 0, int(task.key)))
            return
        self.app.execute(self.NAME, "INSERT INTO todoTasks (listId, sortOrder, name, description, priority, deadline, "
                         "recurrencePattern, recurrenceInterval, reminderState, progress, creationTime, doneTime, "
                         "isInRecycleBin) VALUES (NULL, (SELECT COALESCE(MAX(sortOrder), -1) + 1 FROM todoTasks), "
                         "?, '', ?, ?, ?, 1, 0, 0, ?, NULL, 0)", (task.title, level, deadline, pattern, now_s))

    def delete(self, key: str) -> None:
        """Deleting moves the task to the recycle bin."""
        self.app.execute(self.NAME, "UPDATE todoTasks SET isInRecycleBin = 1 WHERE id = ?", (int(key),))


# -- TaskMate ------------------------------------------------------------------------------------------

class TaskMatePrefs:
    """``shared_prefs/focusmate_prefs.xml`` key ``tasks_list``: a Gson array of
    ``{title, description, isDone, isArchived, id}``."""

    FILE, KEY = "focusmate_prefs", "tasks_list"

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def _load(self) -> list[dict[str, object]]:
        raw = self.app.prefs(self.FILE).get(self.KEY)
        return list(json.loads(str(raw))) if raw else []

    def _write(self, tasks: list[dict[str, object]]) -> None:
        self.app.prefs(self.FILE).put(**{self.KEY: json.dumps(tasks, separators=(",", ":"))})

    def tasks(self) -> list[Task]:
        return [Task(str(t["id"]), str(t["title"]), done=bool(t.get("isDone"))) for t in self._load()
                if not t.get("isArchived")]

    def save(self, task: Task) -> None:
        """Create appends (first letter upper-cased, empty description -> "New task"); an edit of the
        title replaces the item with a fresh one (new id, not done); the checkbox sets ``isDone``.
        Saves write the displayed list: archived tasks are dropped (the app's own behaviour)."""
        shown = [t for t in self._load() if not t.get("isArchived")]
        title = task.title[:1].upper() + task.title[1:]
        old = next((t for t in shown if str(t["id"]) == task.key), None)
        fresh = {"title": title, "description": "New task", "isDone": False, "isArchived": False,
                 "id": self.app.now_ms()}
        if old is None:
            shown.append(fresh)
        elif old["title"] != task.title:
            shown[shown.index(old)] = fresh | {"description": old.get("description", "")}
        else:
            old["isDone"] = task.done
        self._write(shown)

    def delete(self, key: str) -> None:
        self._write([t for t in self._load() if str(t["id"]) != key])


# -- Grit ----------------------------------------------------------------------------------------------

class GritDb:
    """``databases/task_database`` (Room v5): ``task`` and ``categories``."""

    NAME = "task_database"
    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS `categories` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "`name` TEXT NOT NULL, `index` INTEGER NOT NULL, `color` TEXT NOT NULL); "
        "CREATE TABLE IF NOT EXISTS `task` (`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
        "`categoryId` INTEGER NOT NULL, `title` TEXT NOT NULL, `status` INTEGER NOT NULL, `index` INTEGER NOT NULL, "
        "`reminder` INTEGER DEFAULT NULL, FOREIGN KEY(`categoryId`) REFERENCES `categories`(`id`) "
        "ON UPDATE NO ACTION ON DELETE CASCADE ); "
        "CREATE INDEX IF NOT EXISTS `index_task_categoryId` ON `task` (`categoryId`); PRAGMA user_version = 5;"
    )

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def create(self) -> None:
        self.app.executescript(self.NAME, self.SCHEMA)

    def tasks(self) -> list[Task]:
        rows = self.app.query(self.NAME, "SELECT id, title, status FROM task ORDER BY `index`, id")
        return [Task(str(r["id"]), str(r["title"]), done=bool(r["status"])) for r in rows]

    def save(self, task: Task) -> None:
        if task.key:
            self.app.execute(self.NAME, "UPDATE task SET title = ?, status = ? WHERE id = ?",
                             (task.title, int(task.done), int(task.key)))
            return
        category = self.app.query(self.NAME, "SELECT id FROM categories ORDER BY `index`, id LIMIT 1")
        if not category:
            self.app.execute(self.NAME, "INSERT INTO categories (name, `index`, color) VALUES ('Misc', 0, 'gray')")
            category = self.app.query(self.NAME, "SELECT id FROM categories ORDER BY `index`, id LIMIT 1")
        self.app.execute(self.NAME, "INSERT INTO task (categoryId, title, status, `index`) VALUES "
                         "(?, ?, 0, (SELECT COALESCE(MAX(`index`), -1) + 1 FROM task))",
                         (int(category[0]["id"]), task.title))

    def delete(self, key: str) -> None:
        self.app.execute(self.NAME, "DELETE FROM task WHERE id = ?", (int(key),))


# -- ntodotxt ---------------------------------------------------------------------------------------

class TodoTxt:
    """``app_flutter/todo.txt``: one todo per line, ``[x <done>] [(P)] <created> <description>``,
    joined with ``\\n`` (no trailing newline); the due date is the ``due:YYYY-MM-DD`` key in the
    description; priorities A (high) / B (medium) / C (low); no time, no recurrence."""

    PATH = "app_flutter/todo.txt"
    LETTER = {"high": "A", "medium": "B", "low": "C"}

    def __init__(self, app: SimApp) -> None:
        self.app = app

    def _lines(self) -> list[str]:
        path = self.app.host_path(self.PATH)
        return [line for line in path.read_text().split("\n") if line.strip()] if path.exists() else []

    def _write(self, lines: list[str]) -> None:
        self.app.host_path(self.PATH).write_text("\n".join(lines))

    @staticmethod
    def _split(line: str) -> tuple[bool, str | None, str | None, str | None, str]:
        """(done, completion date, priority letter, creation date, description)."""
        words = line.split(" ")
        done = words[0] == "x"
        words = words[1:] if done else words
        completed = words.pop(0) if done and words and _is_date(words[0]) else None
        letter = words.pop(0)[1] if words and len(words[0]) == 3 and words[0][0] == "(" and words[0][2] == ")" else None
        created = words.pop(0) if words and _is_date(words[0]) else None
        return done, completed, letter, created, " ".join(words)

    def tasks(self) -> list[Task]:
        out = []
        for i, line in enumerate(self._lines()):
            done, _, letter, _, description = self._split(line)
            words = description.split(" ")
            due = next((w[4:] for w in words if w.startswith("due:") and _is_date(w[4:])), None)
            title = " ".join(w for w in words if not (w.startswith("due:") and _is_date(w[4:])))
            level = {"A": "high", "B": "medium"}.get(letter or "", "low" if letter else "none")
            out.append(Task(str(i), title, due, None, level, None, done))
        return out

    def save(self, task: Task) -> None:
        lines = self._lines()
        today = time.strftime("%Y-%m-%d", time.gmtime(self.app.now_ms() // 1000))
        created, completed = today, today
        if task.key:
            _, was_completed, _, was_created, _ = self._split(lines[int(task.key)])
            created, completed = was_created or today, was_completed or today
        parts = ["x", completed] if task.done else []
        if task.priority in self.LETTER:
            parts.append(f"({self.LETTER[task.priority]})")
        parts += [created, task.title] + ([f"due:{task.due_date}"] if task.due_date else [])
        line = " ".join(parts)
        if task.key:
            lines[int(task.key)] = line
        else:
            lines.append(line)
        self._write(lines)

    def delete(self, key: str) -> None:
        lines = self._lines()
        del lines[int(key)]
        self._write(lines)


def _is_date(word: str) -> bool:
    return len(word) == 10 and word[4] == "-" and word[7] == "-" and word.replace("-", "").isdigit()
