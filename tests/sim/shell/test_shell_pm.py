"""pm and dumpsys package: listing variants, install from a real APK, grants, states, clear."""
from __future__ import annotations

import re
from pathlib import Path

from apk import build_apk
from shell_helpers import Out, Sh

from pytest_anyapp.sim.device import DeviceConfig, SimDevice

SMS_APP = "org.fossify.messages"


def test_list_packages_variants(out: Out) -> None:
    names = out("pm list packages").splitlines()
    assert all(re.fullmatch(r"package:\S+", ln) for ln in names)
    assert {"package:android", "package:com.android.providers.telephony", "package:com.android.settings",
            "package:com.google.android.apps.nexuslauncher", f"package:{SMS_APP}"} <= set(names)
    third = out("pm list packages -3").splitlines()
    assert f"package:{SMS_APP}" in third and "package:android" not in third
    assert "package:android" in out("pm list packages -s").splitlines()
    assert out("pm list packages -d") == ""
    with_path = out(f"pm list packages -f {SMS_APP}")
    assert re.fullmatch(rf"package:/data/app/~~\S+==/{re.escape(SMS_APP)}-\S+==/base\.apk={re.escape(SMS_APP)}\n", with_path)
    extra = out(f"pm list packages -U --show-versioncode {SMS_APP}")
    assert re.fullmatch(rf"package:{re.escape(SMS_APP)} versionCode:\d+ uid:1\d{{4}}\n", extra)


def test_path_and_unknown(out: Out, sh: Sh) -> None:
    assert re.fullmatch(r"package:/data/app/\S+/base\.apk\n", out(f"pm path {SMS_APP}"))
    missing = sh("pm path no.such.pkg")
    assert missing.exit_code == 1 and missing.stdout == b""


def test_enable_disable_states(out: Out, sh: Sh, device: SimDevice) -> None:
    assert out(f"pm disable-user --user 0 {SMS_APP}") == f"Package {SMS_APP} new state: disabled-user\n"
    assert out("pm list packages -d") == f"package:{SMS_APP}\n"
    assert f"package:{SMS_APP}" not in out("pm list packages -e")
    assert "enabled=3" in out(f"dumpsys package {SMS_APP}")
    launch = sh(f"monkey -p {SMS_APP} 1")
    assert launch.exit_code != 0 and b"No activities found to run, monkey aborted." in launch.stderr
    assert out(f"pm enable --user 0 {SMS_APP}") == f"Package {SMS_APP} new state: enabled\n"
    assert out("pm list packages -d") == ""
    bad = sh("pm enable no.such.pkg")
    assert bad.exit_code == 255 and b"Unknown package: no.such.pkg" in bad.stderr
    # persisted across a device restart
    out(f"pm disable-user --user 0 {SMS_APP}")
    again = SimDevice(DeviceConfig(state_dir=device.config.state_dir))
    info = again.packages.get(SMS_APP)
    assert info is not None and not info.enabled


def test_grant_revoke_and_dumpsys_permission_lines(out: Out, sh: Sh) -> None:
    dump = out(f"dumpsys package {SMS_APP}")
    assert re.search(r"^  Package \[org\.fossify\.messages\] \([0-9a-f]+\):$", dump, re.M)
    assert re.search(r"^    versionCode=\d+ minSdk=\d+ targetSdk=33$", dump, re.M)
    assert re.search(r"^    versionName=\S+$", dump, re.M)
    # per user since Android 13 (Settings.dumpPackageLPr prints it under "User N:")
    assert re.search(r"^      firstInstallTime=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$", dump, re.M)
    assert "    requested permissions:\n      android.permission.READ_SMS\n" in dump
    assert "android.permission.READ_SMS: granted=false" in dump
    assert out(f"pm grant --user 0 {SMS_APP} android.permission.READ_SMS") == ""
    grep = out(f"dumpsys package {SMS_APP} | grep -E 'android\\.permission\\.(READ_SMS|SEND_SMS): granted='")
    assert grep.splitlines() == [
        "        android.permission.READ_SMS: granted=true, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]",
        "        android.permission.SEND_SMS: granted=false, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]",
    ]
    assert out(f"pm revoke {SMS_APP} android.permission.READ_SMS") == ""
    assert "android.permission.READ_SMS: granted=false" in out(f"dumpsys package {SMS_APP}")
    undeclared = sh(f"pm grant {SMS_APP} android.permission.CAMERA")
    assert undeclared.exit_code == 255
    assert b"java.lang.SecurityException: Package org.fossify.messages has not requested permission" in undeclared.stderr
    unknown = sh("pm grant no.such.pkg android.permission.CAMERA")
    assert unknown.exit_code == 255 and b"Unknown package" in unknown.stderr


def test_install_real_apk(sh: Sh, out: Out, device: SimDevice, tmp_path: Path) -> None:
    apk = build_apk(tmp_path / "t.apk", "com.example.sample", version_code=7, version_name="7.1",
                    permissions=["android.permission.READ_CONTACTS", "android.permission.INTERNET"], label="Sample")
    device.fs.host("/data/local/tmp/t.apk").write_bytes(apk.read_bytes())
    assert out("pm install -r -t /data/local/tmp/t.apk") == "Success\n"
    assert "package:com.example.sample" in out("pm list packages -3").splitlines()
    assert out("pm path com.example.sample").startswith("package:/data/app/~~")
    dump = out("dumpsys package com.example.sample")
    assert "versionCode=7 minSdk=21 targetSdk=33" in dump and "versionName=7.1" in dump
    assert "android.permission.INTERNET: granted=true" in dump
    assert "android.permission.READ_CONTACTS: granted=false" in dump
    apk_path = out("pm path com.example.sample").split(":", 1)[1].strip()
    assert device.fs.host(apk_path).read_bytes() == apk.read_bytes()
    # -g grants runtime permissions; downgrade is refused
    build_apk(tmp_path / "t2.apk", "com.example.sample", version_code=8, permissions=["android.permission.READ_CONTACTS"])
    device.fs.host("/data/local/tmp/t2.apk").write_bytes((tmp_path / "t2.apk").read_bytes())
    assert out("pm install -g /data/local/tmp/t2.apk") == "Success\n"
    assert "android.permission.READ_CONTACTS: granted=true" in out("dumpsys package com.example.sample")
    down = sh("pm install -r /data/local/tmp/t.apk")
    assert down.exit_code == 1 and down.stdout.startswith(b"Failure [INSTALL_FAILED_VERSION_DOWNGRADE")
    assert out("pm uninstall com.example.sample") == "Success\n"
    assert sh("pm path com.example.sample").exit_code == 1
    assert sh("pm uninstall com.example.sample").stdout == b"Failure [DELETE_FAILED_INTERNAL_ERROR]\n"


def test_install_errors(sh: Sh, device: SimDevice) -> None:
    missing = sh("pm install /data/local/tmp/none.apk")
    assert missing.exit_code == 1 and b"Unable to open file" in missing.stderr
    device.fs.host("/data/local/tmp/junk.apk").write_bytes(b"not a zip")
    junk = sh("pm install /data/local/tmp/junk.apk")
    assert junk.exit_code == 1 and junk.stdout.startswith(b"Failure [INSTALL_PARSE_FAILED")


def test_install_streamed_with_size(sh: Sh, tmp_path: Path) -> None:
    data = build_apk(tmp_path / "s.apk", "com.example.streamed").read_bytes()
    result = sh(f"cmd package install -r -t -S {len(data)}", stdin=data)
    assert result.stdout == b"Success\n", result
    assert sh("pm list packages com.example.streamed").stdout == b"package:com.example.streamed\n"


def test_clear_wipes_app_data_and_provider_dbs(sh: Sh, out: Out, device: SimDevice) -> None:
    sh(f"mkdir -p /data/data/{SMS_APP}/databases && echo x > /data/data/{SMS_APP}/databases/a.db")
    sh(f"pm grant {SMS_APP} android.permission.READ_SMS")
    assert out(f"pm clear {SMS_APP}") == "Success\n"
    assert sh(f"ls -A /data/data/{SMS_APP}").stdout == b""
    assert not device.packages.is_granted(SMS_APP, "android.permission.READ_SMS")
    sh("content insert --uri content://com.android.contacts/raw_contacts --bind account_name:s:a --bind account_type:s:local")
    assert out("content query --uri content://com.android.contacts/raw_contacts --projection _id") == "Row: 0 _id=1\n"
    assert out("pm clear com.android.providers.contacts") == "Success\n"
    assert out("content query --uri content://com.android.contacts/raw_contacts --projection _id") == "No result found.\n"
    assert sh("[ -f /data/data/com.android.providers.contacts/databases/contacts2.db ]").exit_code == 0
    unknown = sh("pm clear no.such.pkg")
    assert unknown.exit_code == 1 and unknown.stdout == b"Failed\n"


def test_resolve_activity(out: Out) -> None:
    text = out(f"cmd package resolve-activity --brief -c android.intent.category.LAUNCHER {SMS_APP}")
    assert text.splitlines()[-1].startswith(f"{SMS_APP}/")


def test_uninstalled_double_stays_uninstalled(out: Out, sh: Sh, device: SimDevice) -> None:
    assert out(f"pm uninstall {SMS_APP}") == "Success\n"
    assert f"package:{SMS_APP}" not in out("pm list packages").splitlines()
    assert sh(f"pm path {SMS_APP}").exit_code == 1
    again = SimDevice(DeviceConfig(state_dir=device.config.state_dir))
    assert again.packages.get(SMS_APP) is None
    assert sh("pm uninstall android").stdout == b"Failure [DELETE_FAILED_INTERNAL_ERROR]\n"


def test_app_double_registered_after_boot_is_installed(device: SimDevice, out: Out) -> None:
    from pytest_anyapp.sim.apps import register, unregister
    from pytest_anyapp.sim.apps.base import SimApp

    class LateApp(SimApp):
        package = "com.example.late"
        label = "Late"
        permissions = ("android.permission.READ_CONTACTS",)

    register(LateApp)
    try:
        assert "package:com.example.late" in out("pm list packages -3").splitlines()
        assert "android.permission.READ_CONTACTS: granted=false" in out("dumpsys package com.example.late")
    finally:
        unregister("com.example.late")
