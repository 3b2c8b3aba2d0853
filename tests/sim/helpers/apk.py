"""Build minimal real APKs for tests: a zip with a binary (AXML) AndroidManifest.xml.

Why not a text manifest: ``pm install`` parses the binary XML format like the platform does, so
tests need the real encoding. This writer emits the chunk layout aapt produces (string pool in
UTF-16, resource-id map for ``android:`` attributes, namespace and element chunks); only what a
manifest with package/version/sdk/permissions/launcher activity needs.
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ANDROID_NS = "http://schemas.android.com/apk/res/android"

# android.R.attr ids for the attributes the writer emits
_ATTR_IDS = {
    "label": 0x01010001,
    "name": 0x01010003,
    "minSdkVersion": 0x0101020C,
    "versionCode": 0x0101021B,
    "versionName": 0x0101021C,
    "targetSdkVersion": 0x01010270,
}
_TYPE_STRING = 0x03
_TYPE_INT_DEC = 0x10


@dataclass
class Element:
    tag: str
    attrs: list[tuple[str, str | int, bool]] = field(default_factory=list)  # (name, value, android ns?)
    children: list[Element] = field(default_factory=list)


class _Strings:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, text: str) -> int:
        if text not in self.items:
            self.items.append(text)
        return self.items.index(text)

    def chunk(self) -> bytes:
        offsets = b""
        data = b""
        for text in self.items:
            offsets += struct.pack("<I", len(data))
            encoded = text.encode("utf-16-le")
            data += struct.pack("<H", len(text)) + encoded + b"\0\0"
        while len(data) % 4:
            data += b"\0"
        header_size = 28
        strings_start = header_size + len(offsets)
        size = strings_start + len(data)
        header = struct.pack("<HHIIIIII", 0x0001, header_size, size, len(self.items), 0, 0, strings_start, 0)
        return header + offsets + data


def _manifest_tree(
    package: str,
    version_code: int,
    version_name: str,
    min_sdk: int,
    target_sdk: int,
    permissions: list[str],
    label: str,
    activity: str | None,
) -> Element:
    application = Element("application", [("label", label, True)])
    if activity:
        intent_filter = Element(
            "intent-filter",
            children=[
                Element("action", [("name", "android.intent.action.MAIN", True)]),
                Element("category", [("name", "android.intent.category.LAUNCHER", True)]),
            ],
        )
        application.children.append(Element("activity", [("name", activity, True)], [intent_filter]))
    return Element(
        "manifest",
        [("versionCode", version_code, True), ("versionName", version_name, True), ("package", package, False)],
        [Element("uses-sdk", [("minSdkVersion", min_sdk, True), ("targetSdkVersion", target_sdk, True)])]
        + [Element("uses-permission", [("name", p, True)]) for p in permissions]
        + [application],
    )


def axml(root: Element) -> bytes:
    """Encode an element tree as Android binary XML."""
    strings = _Strings()
    # Attribute names that map to resource ids must come first, in resource-map order.
    for name in _ATTR_IDS:
        strings.add(name)
    prefix_idx = strings.add("android")
    uri_idx = strings.add(ANDROID_NS)

    def collect(el: Element) -> None:
        strings.add(el.tag)
        for name, value, _ in el.attrs:
            strings.add(name)
            if isinstance(value, str):
                strings.add(value)
        for child in el.children:
            collect(child)

    collect(root)
    body = b""
    body += struct.pack("<HHIIIII", 0x0100, 16, 24, 1, 0xFFFFFFFF, prefix_idx, uri_idx)

    def emit(el: Element) -> None:
        nonlocal body
        attrs = b""
        for name, value, in_android in el.attrs:
            ns = uri_idx if in_android else 0xFFFFFFFF
            name_idx = strings.add(name)
            if isinstance(value, str):
                idx = strings.add(value)
                attrs += struct.pack("<IIIHBBI", ns, name_idx, idx, 8, 0, _TYPE_STRING, idx)
            else:
                attrs += struct.pack("<IIIHBBI", ns, name_idx, 0xFFFFFFFF, 8, 0, _TYPE_INT_DEC, int(value))
        size = 16 + 20 + len(attrs)
        body += struct.pack("<HHIII", 0x0102, 16, size, 1, 0xFFFFFFFF)
        body += struct.pack("<IIHHHHHH", 0xFFFFFFFF, strings.add(el.tag), 20, 20, len(el.attrs), 0, 0, 0)
        body += attrs
        for child in el.children:
            emit(child)
        body += struct.pack("<HHIIIII", 0x0103, 16, 24, 1, 0xFFFFFFFF, 0xFFFFFFFF, strings.add(el.tag))

    emit(root)
    body += struct.pack("<HHIIIII", 0x0101, 16, 24, 1, 0xFFFFFFFF, prefix_idx, uri_idx)
    resource_map = struct.pack("<HHI", 0x0180, 8, 8 + 4 * len(_ATTR_IDS)) + b"".join(
        struct.pack("<I", rid) for rid in _ATTR_IDS.values()
    )
    payload = strings.chunk() + resource_map + body
    return struct.pack("<HHI", 0x0003, 8, 8 + len(payload)) + payload


def build_apk(
    path: Path,
    package: str,
    *,
    version_code: int = 1,
    version_name: str = "1.0",
    min_sdk: int = 21,
    target_sdk: int = 33,
    permissions: list[str] | None = None,
    label: str = "Test App",
    activity: str | None = ".MainActivity",
    signed: bool = True,
) -> Path:
    """Write a minimal installable APK and return its path.

    Signed (v1 + v2) with Debian's ``apksigner`` and a throwaway test key, because Android 13
    refuses an unsigned APK (``INSTALL_PARSE_FAILED_NO_CERTIFICATES``); ``signed=False`` keeps
    the bare zip for the tests of that refusal."""
    manifest = axml(
        _manifest_tree(package, version_code, version_name, min_sdk, target_sdk, permissions or [], label, activity)
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("AndroidManifest.xml", manifest)
        zf.writestr("classes.dex", b"dex\n035\0" + b"\0" * 104)
    path.write_bytes(buf.getvalue())
    if signed:
        sign_apk(path, min_sdk)
    return path


APKSIGNER = shutil.which("apksigner") or "/usr/bin/apksigner"


def _test_key() -> tuple[Path, Path]:
    """A self-signed RSA key and certificate for test APKs, made once per machine user.

    Made in a private folder that is then renamed into place, so concurrent test workers never
    pair one worker's key with another's certificate."""
    folder = Path(tempfile.gettempdir()) / f"anyapp-test-apk-key-{os.getuid()}"
    key, cert = folder / "key.pk8", folder / "cert.pem"
    if key.exists() and cert.exists():
        return key, cert
    fresh = Path(tempfile.mkdtemp(prefix=folder.name + "-", dir=folder.parent))
    pem = fresh / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(pem),
                    "-out", str(fresh / "cert.pem"), "-days", "3650", "-subj", "/CN=AnyAppBench test APKs"],
                   check=True, capture_output=True)
    subprocess.run(["openssl", "pkcs8", "-topk8", "-inform", "PEM", "-outform", "DER", "-nocrypt",
                    "-in", str(pem), "-out", str(fresh / "key.pk8")], check=True, capture_output=True)
    try:
        os.rename(fresh, folder)  # atomic; fails if another worker got there first
    except OSError:
        shutil.rmtree(fresh, ignore_errors=True)
    return key, cert


def sign_apk(path: Path, min_sdk: int = 21) -> None:
    """Sign in place with apksigner (v1 JAR signature and the v2 APK Signing Block)."""
    if not Path(APKSIGNER).exists():
        raise RuntimeError("apksigner is missing: apt-get install apksigner (make bootstrap installs it)")
    key, cert = _test_key()
    subprocess.run([APKSIGNER, "sign", "--key", str(key), "--cert", str(cert), "--min-sdk-version", str(min_sdk),
                    "--v1-signing-enabled", "true", "--v2-signing-enabled", "true", str(path)],
                   check=True, capture_output=True)
    Path(str(path) + ".idsig").unlink(missing_ok=True)
