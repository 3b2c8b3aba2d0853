"""Build a minimal APK (a zip holding a binary AndroidManifest.xml) for install tests.

Only what a manifest parser needs: a UTF-8 string pool, the android namespace, and
``<manifest package versionCode versionName><uses-sdk/><application><activity>`` with a
MAIN/LAUNCHER intent filter. Written from the public binary-XML chunk layout.
"""
from __future__ import annotations

import struct
import zipfile
from pathlib import Path

ANDROID_NS = "http://schemas.android.com/apk/res/android"
RES_STRING_POOL = 0x0001
RES_XML = 0x0003
XML_START_NS = 0x0100
XML_END_NS = 0x0101
XML_START_ELEMENT = 0x0102
XML_END_ELEMENT = 0x0103
UTF8_FLAG = 1 << 8
TYPE_STRING = 0x03
TYPE_INT_DEC = 0x10
NO_INDEX = 0xFFFFFFFF

Attr = tuple[str, str | int]  # android-namespace attribute name, value (str or int)


class _Strings:
    def __init__(self) -> None:
        self.items: list[str] = []

    def index(self, text: str) -> int:
        if text not in self.items:
            self.items.append(text)
        return self.items.index(text)

    def chunk(self) -> bytes:
        offsets, data = [], bytearray()
        for text in self.items:
            raw = text.encode()
            assert len(text) < 128 and len(raw) < 128
            offsets.append(len(data))
            data += bytes([len(text), len(raw)]) + raw + b"\0"
        while len(data) % 4:
            data += b"\0"
        header_size = 28
        strings_start = header_size + 4 * len(offsets)
        body = b"".join(struct.pack("<I", o) for o in offsets) + bytes(data)
        header = struct.pack("<HHIIIIII", RES_STRING_POOL, header_size, header_size + len(body), len(self.items), 0,
                             UTF8_FLAG, strings_start, 0)
        return header + body


def _node(kind: int, size: int) -> bytes:
    return struct.pack("<HHIII", kind, 16, size, 1, NO_INDEX)


def build_manifest(package: str, version_code: int, version_name: str, activity: str) -> bytes:
    strings = _Strings()
    ns_prefix, ns_uri = strings.index("android"), strings.index(ANDROID_NS)
    events: list[bytes] = []

    def start(name: str, attrs: list[Attr], android: bool = True) -> None:
        body = bytearray()
        for attr_name, value in attrs:
            ns = ns_uri if android and attr_name != "package" else NO_INDEX
            name_idx = strings.index(attr_name)
            if isinstance(value, int):
                body += struct.pack("<IIIHBBI", ns, name_idx, NO_INDEX, 8, 0, TYPE_INT_DEC, value)
            else:
                idx = strings.index(value)
                body += struct.pack("<IIIHBBI", ns, name_idx, idx, 8, 0, TYPE_STRING, idx)
        ext = struct.pack("<IIHHHHHH", NO_INDEX, strings.index(name), 0x14, 0x14, len(attrs), 0, 0, 0)
        events.append(_node(XML_START_ELEMENT, 16 + len(ext) + len(body)) + ext + bytes(body))

    def end(name: str) -> None:
        events.append(_node(XML_END_ELEMENT, 24) + struct.pack("<II", NO_INDEX, strings.index(name)))

    start("manifest", [("versionCode", version_code), ("versionName", version_name), ("package", package)])
    start("uses-sdk", [("minSdkVersion", 24), ("targetSdkVersion", 33)])
    end("uses-sdk")
    start("application", [("label", package)])
    start("activity", [("name", activity), ("exported", "true")])
    start("intent-filter", [])
    start("action", [("name", "android.intent.action.MAIN")])
    end("action")
    start("category", [("name", "android.intent.category.LAUNCHER")])
    end("category")
    end("intent-filter")
    end("activity")
    end("application")
    end("manifest")

    ns_body = struct.pack("<II", ns_prefix, ns_uri)
    ns_start = _node(XML_START_NS, 24) + ns_body
    ns_end = _node(XML_END_NS, 24) + ns_body
    body = strings.chunk() + ns_start + b"".join(events) + ns_end
    return struct.pack("<HHI", RES_XML, 8, 8 + len(body)) + body


def build_apk(path: Path, package: str, *, version_code: int = 1, version_name: str = "1.0",
              activity: str = ".MainActivity") -> Path:
    with zipfile.ZipFile(path, "w") as apk:
        apk.writestr("AndroidManifest.xml", build_manifest(package, version_code, version_name, activity))
        apk.writestr("classes.dex", b"dex\n035\0")
    return path
