"""System providers: AOSP schemas at AOSP paths, seen identically by ``content`` and ``sqlite3``."""
from __future__ import annotations

import io
import re
import wave

from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import SimDevice

MMSSMS = "/data/data/com.android.providers.telephony/databases/mmssms.db"
CONTACTS = "/data/data/com.android.providers.contacts/databases/contacts2.db"
CALENDAR = "/data/data/com.android.providers.calendar/databases/calendar.db"
MEDIA = "/data/data/com.google.android.providers.media.module/databases/external.db"


def test_databases_exist_at_boot(sh: Sh, device: SimDevice) -> None:
    for path in (MMSSMS, CONTACTS, CALENDAR, MEDIA):
        assert sh(f"[ -f {path} ]").exit_code == 0, path
    assert device.providers.db_path("telephony") == MMSSMS
    tables = sh(f"sqlite3 {MMSSMS} \"SELECT name FROM sqlite_master WHERE type='table' ORDER BY name\"").stdout.split()
    assert {b"sms", b"threads", b"canonical_addresses"} <= set(tables)
    cols = sh(f"sqlite3 {MMSSMS} 'PRAGMA table_info(sms)' | cut -d'|' -f2").stdout.decode().split()
    assert cols == ["_id", "thread_id", "address", "person", "date", "date_sent", "protocol", "read", "status", "type",
                    "reply_path_present", "subject", "body", "service_center", "locked", "sub_id", "error_code",
                    "creator", "seen"]


def test_sms_insert_maintains_threads(out: Out, device: SimDevice) -> None:
    out("date 101515342023.00")
    device.providers.insert_sms(2, "+1 202-555-0101", "first")
    device.providers.insert_sms(1, "2025550101", "reply")
    device.providers.deliver_sms("+15550001111", "hello, world")
    threads = out(f"sqlite3 {MMSSMS} 'SELECT _id, message_count, recipient_ids, snippet, read FROM threads ORDER BY _id'")
    assert threads == "1|2|1|reply|0\n2|1|2|hello, world|0\n"
    assert out(f"sqlite3 {MMSSMS} 'SELECT address FROM canonical_addresses ORDER BY _id'") == "+1 202-555-0101\n+15550001111\n"
    dates = out(f"sqlite3 {MMSSMS} 'SELECT DISTINCT date/1000 FROM sms'").split()
    assert all(abs(int(d) - 1697384040) < 60 for d in dates)
    inbox = out("content query --uri content://sms/inbox --projection address:body --sort '_id'")
    assert inbox == "Row: 0 address=2025550101, body=reply\nRow: 1 address=+15550001111, body=hello, world\n"
    assert out("content query --uri content://sms/sent --projection body") == "Row: 0 body=first\n"
    assert out("content query --uri content://sms/draft") == "No result found.\n"


def test_sms_raw_sql_seeding_like_the_harness(out: Out) -> None:
    out("date 101515342023.00")
    seed = (
        "PRAGMA busy_timeout=5000; DELETE FROM sms; DELETE FROM threads; "
        "INSERT INTO canonical_addresses(address) SELECT '+12025550147' WHERE NOT EXISTS "
        "(SELECT 1 FROM canonical_addresses WHERE address='+12025550147'); "
        "INSERT INTO threads(date, message_count, recipient_ids, snippet, read, archived) "
        "SELECT strftime('%s','now')*1000, 0, CAST(_id AS TEXT), 'hi', 1, 0 FROM canonical_addresses WHERE address='+12025550147'; "
        "INSERT INTO sms(thread_id, address, date, read, status, type, body, seen) "
        "SELECT _id, '+12025550147', strftime('%s','now')*1000, 1, -1, 2, 'Meet at 5', 1 FROM threads;"
    )
    assert out(f"sqlite3 {MMSSMS} \"{seed}\"") == "5000\n"
    read = out(f"sqlite3 {MMSSMS} \"SELECT COALESCE(address,'') || char(31) || COALESCE(body,'') FROM sms WHERE type=2;\"")
    assert read == "+12025550147\x1fMeet at 5\n"
    assert out(f"sqlite3 {MMSSMS} 'SELECT date FROM sms'") == "1697384040000\n"
    assert out(f"sqlite3 {MMSSMS} 'SELECT message_count FROM threads'") == "1\n"
    assert out("content query --uri content://sms --projection body") == "Row: 0 body=Meet at 5\n"


def test_contacts_seed_and_read_like_the_harness(out: Out, sh: Sh) -> None:
    out("content insert --uri content://com.android.contacts/raw_contacts --bind account_name:s:seed --bind account_type:s:local")
    raw = out("content query --uri content://com.android.contacts/raw_contacts --projection _id "
              "--where \"account_name='seed'\" --sort \"_id DESC\"")
    raw_id = re.fullmatch(r"Row: 0 _id=(\d+)\n", raw).group(1)  # type: ignore[union-attr]
    out(f"content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:{raw_id} "
        "--bind mimetype:s:vnd.android.cursor.item/name --bind data1:s:'Grace Hopper'")
    out(f"content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:{raw_id} "
        "--bind mimetype:s:vnd.android.cursor.item/phone_v2 --bind data1:s:'+1 (202) 555-0147'")
    phones = out("content query --uri content://com.android.contacts/data "
                 "--where \"mimetype='vnd.android.cursor.item/phone_v2'\" --projection display_name:data1")
    assert re.fullmatch(r"Row: 0 display_name=([^,]*), data1=(.*)\n", phones).groups() == (  # type: ignore[union-attr]
        "Grace Hopper", "+1 (202) 555-0147")
    assert out("content query --uri content://com.android.contacts/contacts --projection display_name:starred") == (
        "Row: 0 display_name=Grace Hopper, starred=0\n")
    out("content update --uri content://com.android.contacts/contacts --bind starred:i:1 --where \"display_name='Grace Hopper'\"")
    assert "starred=1" in out("content query --uri content://com.android.contacts/contacts --projection display_name:starred")
    names = out(f"sqlite3 {CONTACTS} 'SELECT data2, data3 FROM data JOIN mimetypes ON mimetype_id = mimetypes._id "
                "WHERE mimetype = \"vnd.android.cursor.item/name\"'")
    assert names == "Grace|Hopper\n"
    assert out("content query --uri content://contacts/phones/ --projection display_name:number") == "No result found.\n"
    out(f"content delete --uri content://com.android.contacts/raw_contacts --where '_id={raw_id}'")
    assert out("content query --uri content://com.android.contacts/contacts") == "No result found.\n"
    assert out("content query --uri content://com.android.contacts/data") == "No result found.\n"
    bad = sh("content query --uri content://com.android.contacts/data --projection no_such_col")
    assert bad.exit_code == 0 and b"Error while accessing provider:com.android.contacts" in bad.stderr
    unknown = sh("content query --uri content://no.such.authority/x")
    assert unknown.exit_code == 0 and b"Error while accessing provider:no.such.authority" in unknown.stderr
    usage = sh("content query")  # Content.Parser.parseCommand: usage, then [ERROR] on stdout, exit 0
    assert usage.exit_code == 0 and usage.stderr == b""
    assert usage.stdout.decode().endswith(
        "\n\n[ERROR] Content provider URI not specified. Did you specify --uri argument?\n")


def test_content_bind_is_split_with_escaping(sh: Sh, out: Out) -> None:
    """Android 12+ splits ``--bind`` with ``splitWithEscaping(arg, ':')`` into exactly three parts:
    an unescaped ':' in the value is refused, ``\\:`` and ``\\\\`` are a literal ':' and '\\',
    a trailing backslash is "Invalid escaping"; each refusal prints the usage and ``[ERROR]`` on
    stdout with exit 0 and changes nothing. ``content_bind`` escapes what a seeder sends."""
    from pytest_anyapp.device.client import content_bind

    calls = "content query --uri content://call_log/calls --projection number"
    refused = sh("content insert --uri content://call_log/calls --bind 'number:s:Call: Bob' --bind type:i:1")
    assert (refused.exit_code, refused.stderr) == (0, b"")
    assert refused.stdout.decode().endswith("[ERROR] Binding not well formed: number:s:Call: Bob\n")
    trailing = sh("content insert --uri content://call_log/calls --bind 'number:s:C:\\'")
    assert trailing.stdout.decode().endswith("[ERROR] Invalid escaping\n") and trailing.exit_code == 0
    assert out(calls) == "No result found.\n"
    value = "Call: Bob \\ 1"
    out(f"content insert --uri content://call_log/calls {content_bind('number', 's', value)} --bind type:i:1")
    assert out(calls) == f"Row: 0 number={value}\n"


def test_content_value_formats(out: Out, device: SimDevice) -> None:
    out("content insert --uri content://com.android.calendar/calendars --bind account_name:s:local "
        "--bind account_type:s:LOCAL --bind calendar_displayName:s:Local --bind calendar_color:i:-14574644 "
        "--bind calendar_access_level:i:700 --bind ownerAccount:s:local")
    out("content insert --uri content://com.android.calendar/events --bind calendar_id:i:1 --bind title:s:'Team Sync' "
        "--bind dtstart:l:1697446800000 --bind dtend:l:1697450400000 --bind eventTimezone:s:UTC --bind description:n:")
    row = out("content query --uri content://com.android.calendar/events --projection _id:title:description:dtstart:allDay")
    assert row == "Row: 0 _id=1, title=Team Sync, description=NULL, dtstart=1697446800000, allDay=0\n"
    instances = out(f"sqlite3 {CALENDAR} 'SELECT event_id, begin, end, startDay, startMinute FROM Instances'")
    assert instances == "1|1697446800000|1697450400000|2460234|540\n"
    out("content delete --uri content://com.android.calendar/events --where \"title='Team Sync'\"")
    assert out(f"sqlite3 {CALENDAR} 'SELECT title, deleted, dirty FROM Events'") == "Team Sync|1|1\n"
    assert out(f"sqlite3 {CALENDAR} 'SELECT COUNT(*) FROM Instances'") == "0\n"
    with device.providers.connect("calendar") as conn:
        conn.execute("UPDATE Events SET eventColor = NULL, lastSynced = 1")
    out(f"sqlite3 {CALENDAR} \"UPDATE Events SET description = x'00ff', eventColor_index = 1.5\"")
    typed = out("content query --uri content://com.android.calendar/events --projection description:eventColor_index")
    assert typed == "Row: 0 description=BLOB, eventColor_index=1.5\n"


def test_events_need_dtstart(sh: Sh) -> None:
    r = sh("content insert --uri content://com.android.calendar/events --bind calendar_id:i:1 --bind title:s:x")
    assert r.exit_code == 0 and b"DTSTART cannot be empty." in r.stderr


def _wav(seconds: int) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(b"\0\0" * 8000 * seconds)
    return buf.getvalue()


def test_media_scan_and_playlists(out: Out, sh: Sh, device: SimDevice) -> None:
    device.fs.host("/sdcard/Music/Song One.wav").write_bytes(_wav(3))
    device.fs.host("/sdcard/Music/b.wav").write_bytes(_wav(1))
    cmd = ("sh -c \"am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE "
           "-d file:///storage/emulated/0/Music >/dev/null 2>&1 &\"")
    assert sh(cmd).exit_code == 0
    audio = out("content query --uri content://media/external/audio/media --projection title:duration:_data:album --sort title")
    assert audio == (
        "Row: 0 title=Song One, duration=3000, _data=/storage/emulated/0/Music/Song One.wav, album=Music\n"
        "Row: 1 title=b, duration=1000, _data=/storage/emulated/0/Music/b.wav, album=Music\n"
    )
    out("content insert --uri content://media/external/audio/playlists --bind name:s:Road%20Trip".replace("%20", "_"))
    playlists = out(f"sqlite3 {MEDIA} 'SELECT _id, name, title, _display_name FROM audio_playlists'")
    pid, name, title, display = playlists.strip().split("|")
    assert (name, title, display) == ("Road_Trip", "Road_Trip", "Road_Trip.m3u")
    out(f"content insert --uri content://media/external/audio/playlists/{pid}/members --bind audio_id:l:1")
    members = out(f"content query --uri content://media/external/audio/playlists/{pid}/members --projection audio_id:play_order:title")
    assert members == "Row: 0 audio_id=1, play_order=1, title=Song One\n"
    sh("rm '/sdcard/Music/Song One.wav'")
    out("am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d file:///sdcard/Music")
    assert out(f"sqlite3 {MEDIA} 'SELECT COUNT(*) FROM audio'") == "1\n"
    assert out(f"sqlite3 {MEDIA} 'SELECT COUNT(*) FROM audio_playlists_map'") == "0\n"


def test_downloads_delete(out: Out, device: SimDevice) -> None:
    device.fs.host("/sdcard/Download/x.pdf").write_bytes(b"%PDF")
    out("am broadcast -a android.intent.action.MEDIA_SCANNER_SCAN_FILE -d file:///sdcard/Download/x.pdf")
    assert out("content query --uri content://media/external/downloads --projection _display_name") == (
        "Row: 0 _display_name=x.pdf\n")
    out("content delete --uri content://media/external/downloads")
    assert out("content query --uri content://media/external/downloads") == "No result found.\n"
    assert not device.fs.host("/sdcard/Download/x.pdf").exists()


def test_call_log_delete(out: Out, device: SimDevice) -> None:
    device.providers.insert("content://call_log/calls", {"number": "5551234", "type": 1, "duration": 3})
    assert out("content query --uri content://call_log/calls --projection number:type") == "Row: 0 number=5551234, type=1\n"
    out("content delete --uri content://call_log/calls")
    assert out("content query --uri content://call_log/calls") == "No result found.\n"
