"""DDL for the system provider databases: AOSP table and column names, a subset of columns.

Why these names: the benchmark's verifiers read these files with ``sqlite3`` or ``content query``
exactly as on a device, so names, types and defaults must match AOSP's. Triggers keep derived
tables (threads, contacts) consistent even when seeders write with raw SQL, like the real
providers' own triggers do. Thread dates use the message date instead of ``'now'``.
"""

from __future__ import annotations

# Statements the sms triggers share, so every trigger derives a thread's fields the same way.
_THREAD_SNIPPET = """    UPDATE threads SET
        date = COALESCE(new.date, date),
        snippet = new.body,
        snippet_cs = 0
    WHERE threads._id = new.thread_id;
"""
_THREAD_READ = """    UPDATE threads SET read =
        CASE (SELECT COUNT(*) FROM sms WHERE read = 0 AND thread_id = threads._id) WHEN 0 THEN 1 ELSE 0 END
    WHERE threads._id = new.thread_id;
"""


def _thread_count(row: str) -> str:
    """Recount the thread of the ``new`` or ``old`` row; drafts (type 3) do not count."""
    return f"""    UPDATE threads SET message_count =
        (SELECT COUNT(sms._id) FROM sms WHERE thread_id = {row}.thread_id AND sms.type != 3)
    WHERE threads._id = {row}.thread_id;
"""


TELEPHONY = """
CREATE TABLE IF NOT EXISTS sms (
    _id INTEGER PRIMARY KEY,
    thread_id INTEGER,
    address TEXT,
    person INTEGER,
    date INTEGER,
    date_sent INTEGER DEFAULT 0,
    protocol INTEGER,
    read INTEGER DEFAULT 0,
    status INTEGER DEFAULT -1,
    type INTEGER,
    reply_path_present INTEGER,
    subject TEXT,
    body TEXT,
    service_center TEXT,
    locked INTEGER DEFAULT 0,
    sub_id INTEGER DEFAULT -1,
    error_code INTEGER DEFAULT -1,
    creator TEXT,
    seen INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS threads (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    date INTEGER DEFAULT 0,
    message_count INTEGER DEFAULT 0,
    recipient_ids TEXT,
    snippet TEXT,
    snippet_cs INTEGER DEFAULT 0,
    read INTEGER DEFAULT 1,
    archived INTEGER DEFAULT 0,
    type INTEGER DEFAULT 0,
    error INTEGER DEFAULT 0,
    has_attachment INTEGER DEFAULT 0
);
CREATE TABLE IF NOT EXISTS canonical_addresses (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    address TEXT
);
CREATE TABLE IF NOT EXISTS pdu (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id INTEGER,
    date INTEGER,
    date_sent INTEGER DEFAULT 0,
    msg_box INTEGER,
    read INTEGER DEFAULT 0,
    m_id TEXT,
    sub TEXT,
    sub_cs INTEGER,
    ct_t TEXT,
    m_type INTEGER,
    seen INTEGER DEFAULT 0,
    sub_id INTEGER DEFAULT -1,
    creator TEXT
);
CREATE INDEX IF NOT EXISTS typeThreadIdIndex ON sms (type, thread_id);
CREATE TRIGGER IF NOT EXISTS sms_update_thread_on_insert AFTER INSERT ON sms
BEGIN
""" + _THREAD_SNIPPET + _thread_count("new") + _THREAD_READ + """END;
CREATE TRIGGER IF NOT EXISTS sms_update_thread_date_subject_on_update_sms AFTER UPDATE OF date, body, type ON sms
BEGIN
""" + _THREAD_SNIPPET + _thread_count("new") + """END;
CREATE TRIGGER IF NOT EXISTS sms_update_thread_read_on_update AFTER UPDATE OF read ON sms
BEGIN
""" + _THREAD_READ + """END;
CREATE TRIGGER IF NOT EXISTS sms_update_thread_on_delete AFTER DELETE ON sms
BEGIN
""" + _thread_count("old") + """    UPDATE threads SET
        snippet = (SELECT body FROM sms WHERE thread_id = old.thread_id ORDER BY date DESC LIMIT 1),
        date = COALESCE((SELECT date FROM sms WHERE thread_id = old.thread_id ORDER BY date DESC LIMIT 1), date)
    WHERE threads._id = old.thread_id;
END;
"""

CONTACTS = """
CREATE TABLE IF NOT EXISTS accounts (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_name TEXT,
    account_type TEXT,
    data_set TEXT
);
CREATE TABLE IF NOT EXISTS contacts (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_raw_contact_id INTEGER REFERENCES raw_contacts(_id),
    photo_id INTEGER REFERENCES data(_id),
    photo_file_id INTEGER,
    custom_ringtone TEXT,
    send_to_voicemail INTEGER NOT NULL DEFAULT 0,
    times_contacted INTEGER NOT NULL DEFAULT 0,
    last_time_contacted INTEGER,
    starred INTEGER NOT NULL DEFAULT 0,
    pinned INTEGER NOT NULL DEFAULT 0,
    has_phone_number INTEGER NOT NULL DEFAULT 0,
    lookup TEXT,
    status_update_id INTEGER REFERENCES data(_id),
    contact_last_updated_timestamp INTEGER
);
CREATE TABLE IF NOT EXISTS raw_contacts (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER REFERENCES accounts(_id),
    sourceid TEXT,
    backup_id TEXT,
    raw_contact_is_read_only INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 1,
    dirty INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0,
    metadata_dirty INTEGER NOT NULL DEFAULT 0,
    contact_id INTEGER REFERENCES contacts(_id),
    aggregation_mode INTEGER NOT NULL DEFAULT 0,
    aggregation_needed INTEGER NOT NULL DEFAULT 1,
    custom_ringtone TEXT,
    send_to_voicemail INTEGER NOT NULL DEFAULT 0,
    times_contacted INTEGER NOT NULL DEFAULT 0,
    last_time_contacted INTEGER,
    starred INTEGER NOT NULL DEFAULT 0,
    pinned INTEGER NOT NULL DEFAULT 0,
    display_name TEXT,
    display_name_alt TEXT,
    display_name_source INTEGER NOT NULL DEFAULT 0,
    phonetic_name TEXT,
    phonetic_name_style TEXT,
    sort_key TEXT COLLATE NOCASE,
    phonebook_label TEXT,
    phonebook_bucket INTEGER,
    sort_key_alt TEXT COLLATE NOCASE,
    phonebook_label_alt TEXT,
    phonebook_bucket_alt INTEGER,
    name_verified INTEGER NOT NULL DEFAULT 0,
    sync1 TEXT,
    sync2 TEXT,
    sync3 TEXT,
    sync4 TEXT
);
CREATE TABLE IF NOT EXISTS mimetypes (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    mimetype TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS mime_type ON mimetypes (mimetype);
CREATE TABLE IF NOT EXISTS data (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    package_id INTEGER,
    mimetype_id INTEGER REFERENCES mimetype(_id) NOT NULL,
    raw_contact_id INTEGER REFERENCES raw_contacts(_id) NOT NULL,
    hash_id TEXT,
    is_read_only INTEGER NOT NULL DEFAULT 0,
    is_primary INTEGER NOT NULL DEFAULT 0,
    is_super_primary INTEGER NOT NULL DEFAULT 0,
    data_version INTEGER NOT NULL DEFAULT 0,
    data1 TEXT, data2 TEXT, data3 TEXT, data4 TEXT, data5 TEXT, data6 TEXT, data7 TEXT, data8 TEXT,
    data9 TEXT, data10 TEXT, data11 TEXT, data12 TEXT, data13 TEXT, data14 TEXT, data15 TEXT,
    data_sync1 TEXT, data_sync2 TEXT, data_sync3 TEXT, data_sync4 TEXT,
    carrier_presence INTEGER NOT NULL DEFAULT 0,
    preferred_phone_account_componentname TEXT,
    preferred_phone_account_id TEXT
);
CREATE TABLE IF NOT EXISTS phone_lookup (
    data_id INTEGER REFERENCES data(_id) NOT NULL,
    raw_contact_id INTEGER REFERENCES raw_contacts(_id) NOT NULL,
    normalized_number TEXT NOT NULL,
    min_match TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS deleted_contacts (
    contact_id INTEGER PRIMARY KEY,
    contact_deleted_timestamp INTEGER NOT NULL DEFAULT 0
);
CREATE VIEW IF NOT EXISTS view_raw_contacts AS
SELECT raw_contacts._id AS _id, contact_id, aggregation_mode, raw_contact_is_read_only, deleted,
    raw_contacts.display_name AS display_name, display_name_alt, display_name_source,
    phonetic_name, phonetic_name_style, sort_key, sort_key_alt, phonebook_label, phonebook_bucket,
    raw_contacts.times_contacted AS times_contacted, raw_contacts.last_time_contacted AS last_time_contacted,
    raw_contacts.custom_ringtone AS custom_ringtone, raw_contacts.send_to_voicemail AS send_to_voicemail,
    raw_contacts.starred AS starred, raw_contacts.pinned AS pinned,
    accounts.account_name AS account_name, accounts.account_type AS account_type,
    accounts.data_set AS data_set, raw_contacts.account_id AS account_id, sourceid, backup_id, version, dirty,
    metadata_dirty, sync1, sync2, sync3, sync4
FROM raw_contacts LEFT JOIN accounts ON raw_contacts.account_id = accounts._id;
CREATE VIEW IF NOT EXISTS view_contacts AS
SELECT contacts._id AS _id, contacts.custom_ringtone AS custom_ringtone,
    name_raw_contact.display_name_source AS display_name_source,
    name_raw_contact.display_name AS display_name, name_raw_contact.display_name_alt AS display_name_alt,
    name_raw_contact.phonetic_name AS phonetic_name, name_raw_contact.phonetic_name_style AS phonetic_name_style,
    name_raw_contact.sort_key AS sort_key, name_raw_contact.phonebook_label AS phonebook_label,
    name_raw_contact.phonebook_bucket AS phonebook_bucket, name_raw_contact.sort_key_alt AS sort_key_alt,
    contacts.has_phone_number AS has_phone_number, contacts.name_raw_contact_id AS name_raw_contact_id,
    contacts.lookup AS lookup, contacts.photo_id AS photo_id, contacts.photo_file_id AS photo_file_id,
    contacts.send_to_voicemail AS send_to_voicemail, contacts.starred AS starred, contacts.pinned AS pinned,
    contacts.times_contacted AS times_contacted, contacts.last_time_contacted AS last_time_contacted,
    contacts.contact_last_updated_timestamp AS contact_last_updated_timestamp,
    0 AS in_visible_group, 0 AS is_user_profile
FROM contacts JOIN raw_contacts AS name_raw_contact ON (contacts.name_raw_contact_id = name_raw_contact._id);
CREATE VIEW IF NOT EXISTS view_data AS
SELECT data._id AS _id, data.hash_id AS hash_id, data.raw_contact_id AS raw_contact_id,
    raw_contacts.contact_id AS contact_id, mimetypes.mimetype AS mimetype,
    data.is_read_only AS is_read_only, data.is_primary AS is_primary, data.is_super_primary AS is_super_primary,
    data.data_version AS data_version, data.data1 AS data1, data.data2 AS data2, data.data3 AS data3,
    data.data4 AS data4, data.data5 AS data5, data.data6 AS data6, data.data7 AS data7, data.data8 AS data8,
    data.data9 AS data9, data.data10 AS data10, data.data11 AS data11, data.data12 AS data12,
    data.data13 AS data13, data.data14 AS data14, data.data15 AS data15,
    data.data_sync1 AS data_sync1, data.data_sync2 AS data_sync2, data.data_sync3 AS data_sync3,
    data.data_sync4 AS data_sync4, data.carrier_presence AS carrier_presence,
    accounts.account_name AS account_name, accounts.account_type AS account_type, accounts.data_set AS data_set,
    raw_contacts.sourceid AS sourceid, raw_contacts.version AS version, raw_contacts.dirty AS dirty,
    raw_contacts.deleted AS deleted,
    name_raw_contact.display_name AS display_name, name_raw_contact.display_name_alt AS display_name_alt,
    name_raw_contact.display_name_source AS display_name_source,
    name_raw_contact.sort_key AS sort_key, contacts.lookup AS lookup, contacts.starred AS starred,
    contacts.pinned AS pinned, contacts.has_phone_number AS has_phone_number,
    contacts.photo_id AS photo_id, contacts.times_contacted AS times_contacted,
    contacts.custom_ringtone AS custom_ringtone, contacts.send_to_voicemail AS send_to_voicemail
FROM data
    JOIN mimetypes ON (data.mimetype_id = mimetypes._id)
    JOIN raw_contacts ON (data.raw_contact_id = raw_contacts._id)
    LEFT JOIN accounts ON (raw_contacts.account_id = accounts._id)
    LEFT JOIN contacts ON (raw_contacts.contact_id = contacts._id)
    LEFT JOIN raw_contacts AS name_raw_contact ON (contacts.name_raw_contact_id = name_raw_contact._id);
"""

CONTACTS_MIMETYPES = (
    "vnd.android.cursor.item/email_v2",
    "vnd.android.cursor.item/im",
    "vnd.android.cursor.item/nickname",
    "vnd.android.cursor.item/organization",
    "vnd.android.cursor.item/phone_v2",
    "vnd.android.cursor.item/sip_address",
    "vnd.android.cursor.item/name",
    "vnd.android.cursor.item/postal-address_v2",
    "vnd.android.cursor.item/identity",
    "vnd.android.cursor.item/photo",
    "vnd.android.cursor.item/group_membership",
    "vnd.android.cursor.item/note",
    "vnd.android.cursor.item/website",
    "vnd.android.cursor.item/contact_event",
    "vnd.android.cursor.item/relation",
)

CALLLOG = """
CREATE TABLE IF NOT EXISTS calls (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    number TEXT,
    presentation INTEGER NOT NULL DEFAULT 1,
    post_dial_digits TEXT NOT NULL DEFAULT '',
    via_number TEXT NOT NULL DEFAULT '',
    date INTEGER,
    duration INTEGER,
    data_usage INTEGER,
    type INTEGER,
    features INTEGER NOT NULL DEFAULT 0,
    subscription_component_name TEXT,
    subscription_id TEXT,
    phone_account_address TEXT,
    phone_account_hidden INTEGER NOT NULL DEFAULT 0,
    sub_id INTEGER DEFAULT -1,
    new INTEGER,
    name TEXT,
    numbertype INTEGER,
    numberlabel TEXT,
    countryiso TEXT,
    voicemail_uri TEXT,
    is_read INTEGER,
    geocoded_location TEXT,
    lookup_uri TEXT,
    matched_number TEXT,
    normalized_number TEXT,
    photo_id INTEGER NOT NULL DEFAULT 0,
    photo_uri TEXT,
    formatted_number TEXT,
    last_modified INTEGER DEFAULT 0
);
"""

CALENDAR = """
CREATE TABLE IF NOT EXISTS Calendars (
    _id INTEGER PRIMARY KEY,
    account_name TEXT,
    account_type TEXT,
    _sync_id TEXT,
    dirty INTEGER,
    mutators TEXT,
    name TEXT,
    calendar_displayName TEXT,
    calendar_color INTEGER,
    calendar_color_index TEXT,
    calendar_access_level INTEGER,
    visible INTEGER NOT NULL DEFAULT 1,
    sync_events INTEGER NOT NULL DEFAULT 0,
    calendar_location TEXT,
    calendar_timezone TEXT,
    ownerAccount TEXT,
    isPrimary INTEGER,
    canOrganizerRespond INTEGER NOT NULL DEFAULT 1,
    canModifyTimeZone INTEGER DEFAULT 1,
    canPartiallyUpdate INTEGER DEFAULT 0,
    maxReminders INTEGER DEFAULT 5,
    allowedReminders TEXT DEFAULT '0,1',
    allowedAvailability TEXT DEFAULT '0,1',
    allowedAttendeeTypes TEXT DEFAULT '0,1,2',
    deleted INTEGER NOT NULL DEFAULT 0,
    cal_sync1 TEXT, cal_sync2 TEXT, cal_sync3 TEXT, cal_sync4 TEXT, cal_sync5 TEXT,
    cal_sync6 TEXT, cal_sync7 TEXT, cal_sync8 TEXT, cal_sync9 TEXT, cal_sync10 TEXT
);
CREATE TABLE IF NOT EXISTS Events (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    _sync_id TEXT,
    dirty INTEGER,
    mutators TEXT,
    lastSynced INTEGER DEFAULT 0,
    calendar_id INTEGER NOT NULL,
    title TEXT,
    eventLocation TEXT,
    description TEXT,
    eventColor INTEGER,
    eventColor_index TEXT,
    eventStatus INTEGER,
    selfAttendeeStatus INTEGER NOT NULL DEFAULT 0,
    dtstart INTEGER,
    dtend INTEGER,
    eventTimezone TEXT,
    duration TEXT,
    allDay INTEGER NOT NULL DEFAULT 0,
    accessLevel INTEGER NOT NULL DEFAULT 0,
    availability INTEGER NOT NULL DEFAULT 0,
    hasAlarm INTEGER NOT NULL DEFAULT 0,
    hasExtendedProperties INTEGER NOT NULL DEFAULT 0,
    rrule TEXT,
    rdate TEXT,
    exrule TEXT,
    exdate TEXT,
    original_id INTEGER,
    original_sync_id TEXT,
    originalInstanceTime INTEGER,
    originalAllDay INTEGER,
    lastDate INTEGER,
    hasAttendeeData INTEGER NOT NULL DEFAULT 0,
    guestsCanModify INTEGER NOT NULL DEFAULT 0,
    guestsCanInviteOthers INTEGER NOT NULL DEFAULT 1,
    guestsCanSeeGuests INTEGER NOT NULL DEFAULT 1,
    organizer STRING,
    isOrganizer INTEGER,
    deleted INTEGER NOT NULL DEFAULT 0,
    eventEndTimezone TEXT,
    customAppPackage TEXT,
    customAppUri TEXT,
    uid2445 TEXT,
    sync_data1 TEXT, sync_data2 TEXT, sync_data3 TEXT, sync_data4 TEXT, sync_data5 TEXT,
    sync_data6 TEXT, sync_data7 TEXT, sync_data8 TEXT, sync_data9 TEXT, sync_data10 TEXT
);
CREATE INDEX IF NOT EXISTS eventsCalendarIdIndex ON Events (calendar_id);
CREATE TABLE IF NOT EXISTS Instances (
    _id INTEGER PRIMARY KEY,
    event_id INTEGER,
    begin INTEGER,
    end INTEGER,
    startDay INTEGER,
    endDay INTEGER,
    startMinute INTEGER,
    endMinute INTEGER,
    UNIQUE (event_id, begin, end)
);
CREATE TABLE IF NOT EXISTS Reminders (
    _id INTEGER PRIMARY KEY,
    event_id INTEGER,
    minutes INTEGER,
    method INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS Attendees (
    _id INTEGER PRIMARY KEY,
    event_id INTEGER,
    attendeeName TEXT,
    attendeeEmail TEXT,
    attendeeStatus INTEGER,
    attendeeRelationship INTEGER,
    attendeeType INTEGER,
    attendeeIdentity TEXT,
    attendeeIdNamespace TEXT
);
CREATE TABLE IF NOT EXISTS CalendarAlerts (
    _id INTEGER PRIMARY KEY,
    event_id INTEGER,
    begin INTEGER NOT NULL,
    end INTEGER NOT NULL,
    alarmTime INTEGER NOT NULL,
    creationTime INTEGER NOT NULL DEFAULT 0,
    receivedTime INTEGER NOT NULL DEFAULT 0,
    notifyTime INTEGER NOT NULL DEFAULT 0,
    state INTEGER NOT NULL,
    minutes INTEGER,
    UNIQUE (alarmTime, begin, event_id)
);
CREATE TABLE IF NOT EXISTS ExtendedProperties (
    _id INTEGER PRIMARY KEY,
    event_id INTEGER,
    name TEXT,
    value TEXT
);
CREATE VIEW IF NOT EXISTS view_events AS
SELECT Events._id AS _id, title, description, eventLocation, eventColor, eventColor_index, eventStatus,
    selfAttendeeStatus, dtstart, dtend, duration, eventTimezone, eventEndTimezone, allDay, accessLevel,
    availability, hasAlarm, hasExtendedProperties, rrule, rdate, exrule, exdate, original_sync_id,
    original_id, originalInstanceTime, originalAllDay, lastDate, hasAttendeeData, calendar_id,
    guestsCanInviteOthers, guestsCanModify, guestsCanSeeGuests, organizer, isOrganizer,
    customAppPackage, customAppUri, uid2445, Events.deleted AS deleted, Events._sync_id AS _sync_id,
    Events.dirty AS dirty, Events.mutators AS mutators, lastSynced,
    Calendars.account_name AS account_name, Calendars.account_type AS account_type,
    calendar_timezone, calendar_displayName, calendar_location, visible, calendar_color,
    calendar_color_index, calendar_access_level, maxReminders, allowedReminders, allowedAttendeeTypes,
    allowedAvailability, canOrganizerRespond, canModifyTimeZone, canPartiallyUpdate, ownerAccount,
    sync_events, isPrimary
FROM Events JOIN Calendars ON (Events.calendar_id = Calendars._id);
"""

MEDIA = """
CREATE TABLE IF NOT EXISTS files (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    _data TEXT UNIQUE COLLATE NOCASE,
    _size INTEGER,
    format INTEGER,
    parent INTEGER,
    date_added INTEGER,
    date_modified INTEGER,
    mime_type TEXT,
    title TEXT,
    description TEXT,
    _display_name TEXT,
    orientation INTEGER,
    latitude DOUBLE,
    longitude DOUBLE,
    datetaken INTEGER,
    bucket_id TEXT,
    bucket_display_name TEXT,
    isprivate INTEGER,
    title_key TEXT,
    artist_id INTEGER,
    album_id INTEGER,
    composer TEXT,
    track INTEGER,
    year INTEGER CHECK(year != 0),
    is_ringtone INTEGER,
    is_music INTEGER,
    is_alarm INTEGER,
    is_notification INTEGER,
    is_podcast INTEGER,
    album_artist TEXT,
    duration INTEGER,
    bookmark INTEGER,
    artist TEXT,
    album TEXT,
    resolution TEXT,
    tags TEXT,
    category TEXT,
    language TEXT,
    name TEXT,
    media_type INTEGER,
    is_drm INTEGER,
    width INTEGER,
    height INTEGER,
    owner_package_name TEXT DEFAULT NULL,
    is_trashed INTEGER DEFAULT 0,
    relative_path TEXT,
    volume_name TEXT DEFAULT NULL,
    is_pending INTEGER DEFAULT 0,
    is_download INTEGER DEFAULT 0,
    download_uri TEXT DEFAULT NULL,
    referer_uri TEXT DEFAULT NULL,
    is_audiobook INTEGER DEFAULT 0,
    date_expires INTEGER DEFAULT NULL,
    is_favorite INTEGER DEFAULT 0,
    genre TEXT DEFAULT NULL,
    genre_id INTEGER,
    generation_added INTEGER DEFAULT 0,
    generation_modified INTEGER DEFAULT 0,
    _user_id INTEGER DEFAULT 0
);
CREATE INDEX IF NOT EXISTS media_type_index ON files (media_type);
CREATE INDEX IF NOT EXISTS parent_index ON files (parent);
CREATE TABLE IF NOT EXISTS audio_playlists_map (
    _id INTEGER PRIMARY KEY,
    audio_id INTEGER NOT NULL,
    playlist_id INTEGER NOT NULL,
    play_order INTEGER NOT NULL,
    UNIQUE (playlist_id, play_order)
);
CREATE TRIGGER IF NOT EXISTS audio_playlists_cleanup DELETE ON files WHEN old.media_type = 4
BEGIN
    DELETE FROM audio_playlists_map WHERE playlist_id = old._id;
END;
CREATE TRIGGER IF NOT EXISTS audio_playlists_map_cleanup DELETE ON files WHEN old.media_type = 2
BEGIN
    DELETE FROM audio_playlists_map WHERE audio_id = old._id;
END;
CREATE VIEW IF NOT EXISTS audio AS
SELECT _id, _data, _size, format, parent, date_added, date_modified, mime_type, title, _display_name,
    title_key, artist_id, album_id, composer, track, year, is_ringtone, is_music, is_alarm,
    is_notification, is_podcast, album_artist, duration, bookmark, artist, album, genre, genre_id,
    owner_package_name, is_trashed, relative_path, volume_name, is_pending, is_audiobook,
    is_favorite, bucket_id, bucket_display_name, date_expires, generation_added, generation_modified
FROM files WHERE media_type = 2;
CREATE VIEW IF NOT EXISTS audio_playlists AS
SELECT _id, _data, name, title, _display_name, mime_type, date_added, date_modified, _size,
    owner_package_name, is_trashed, relative_path, volume_name, is_pending, date_expires,
    generation_added, generation_modified
FROM files WHERE media_type = 4;
CREATE VIEW IF NOT EXISTS images AS
SELECT _id, _data, _size, format, parent, date_added, date_modified, mime_type, title, description,
    _display_name, orientation, latitude, longitude, datetaken, bucket_id, bucket_display_name, width,
    height, owner_package_name, is_trashed, relative_path, volume_name, is_pending, is_favorite,
    date_expires, generation_added, generation_modified
FROM files WHERE media_type = 1;
CREATE VIEW IF NOT EXISTS video AS
SELECT _id, _data, _size, format, parent, date_added, date_modified, mime_type, title, description,
    _display_name, duration, artist, album, resolution, datetaken, bucket_id, bucket_display_name,
    width, height, owner_package_name, is_trashed, relative_path, volume_name, is_pending,
    is_favorite, date_expires, generation_added, generation_modified
FROM files WHERE media_type = 3;
CREATE VIEW IF NOT EXISTS downloads AS
SELECT _id, _data, _size, format, parent, date_added, date_modified, mime_type, title, description,
    _display_name, download_uri, referer_uri, owner_package_name, is_trashed, relative_path,
    volume_name, is_pending, is_favorite, date_expires, generation_added, generation_modified
FROM files WHERE is_download = 1;
"""

# One table per settings namespace, all of the same shape.
SETTINGS = "\n" + "".join(
    f"CREATE TABLE IF NOT EXISTS {namespace} "
    "(_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE ON CONFLICT REPLACE, value TEXT);\n"
    for namespace in ("global", "secure", "system")
)
