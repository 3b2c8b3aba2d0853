"""``dumpsys package <pkg>`` read as AOSP android-13 prints it (``Settings.dumpPackageLPr``:
``versionCode=<n> minSdk=<n> targetSdk=<n>``, then ``versionName=`` + the name as is)."""

from __future__ import annotations

from pytest_anyapp.device.client import parse_package_version

DUMP = """\
Packages:
  Package [com.google.android.deskclock] (5d1c2a7):
    userId=10118
    pkg=Package{c3b01f4 com.google.android.deskclock}
    codePath=/data/app/~~Qm1m==/com.google.android.deskclock-aB3==
    versionCode=74001498 minSdk=26 targetSdk=33
    minExtensionVersions=[]
    versionName=7.4 (504317960)
    usesNonSdkApi=false

Hidden system packages:
  Package [com.google.android.deskclock] (8e0f3b1):
    versionCode=71000000 minSdk=26 targetSdk=31
    versionName=7.1 (400000000)
"""


def test_the_version_name_is_the_rest_of_its_line() -> None:
    assert parse_package_version(DUMP) == ("7.4 (504317960)", 74001498)  # the installed one, whole
    assert parse_package_version(DUMP.replace("\n", "\r\n")) == ("7.4 (504317960)", 74001498)
    assert parse_package_version("Unable to find package: com.x\n") is None
