"""What a lab's device must hold the same before and after ``anyapp capture``.

Capture seeds state and starts apps; it must leave the device as it found it. The fingerprint is
what can be read back cheaply and would betray a leftover: installed packages and the versions of
the catalogued apps, every ``settings list`` namespace, role holders, pending alarms per package
and the row counts of the providers capture writes. The settings an episode's own setup sets
(:data:`EPISODE_SETTINGS`) may differ: every episode sets them anyway.
"""

from __future__ import annotations

import shlex

from pydantic import BaseModel, Field

from pytest_anyapp.device.client import DeviceClient

NAMESPACES = ("system", "secure", "global")
#: Roles the harness reads or sets (SMS pairs hold the default SMS app; the rest are read).
ROLES = ("android.app.role.SMS", "android.app.role.DIALER", "android.app.role.ASSISTANT",
         "android.app.role.HOME", "android.app.role.BROWSER")
#: Providers capture writes rows into (and deletes them from again).
PROVIDERS = ("content://call_log/calls",)
#: (namespace, key) an episode's own setup puts: the frozen clock (``set_time_command``:
#: auto_time, auto_time_zone) and the SMS category's default SMS app.
EPISODE_SETTINGS: frozenset[tuple[str, str]] = frozenset({
    ("global", "auto_time"), ("global", "auto_time_zone"), ("secure", "sms_default_application"),
})


class DeviceFingerprint(BaseModel):
    build: str = Field(description="ro.build.fingerprint")
    packages: list[str]
    versions: dict[str, str] = Field(description="catalogued app package -> 'versionName (versionCode)'")
    settings: dict[str, dict[str, str]] = Field(description="namespace -> key -> value (settings list)")
    roles: dict[str, list[str]]
    alarms: dict[str, int] = Field(description="package -> pending alarms (dumpsys alarm)")
    rows: dict[str, int] = Field(description="provider uri -> rows")


def build_fingerprint(device: DeviceClient) -> str:
    return device.run("getprop ro.build.fingerprint").stdout.strip()


def app_versions(device: DeviceClient, packages: set[str]) -> dict[str, str]:
    """'versionName (versionCode)' of each catalogued app installed on the device."""
    from pytest_anyapp.catalog import APPS

    out: dict[str, str] = {}
    for app in sorted(APPS, key=lambda a: a.package):
        if app.package in packages and (v := device.package_version(app.package)) is not None:
            out[app.package] = f"{v[0]} ({v[1]})"
    return out


def _settings(text: str) -> dict[str, str]:
    pairs = (line.partition("=") for line in text.splitlines() if "=" in line)
    return {k: v for k, _, v in pairs}


def row_count(device: DeviceClient, uri: str) -> int:
    out = device.run(f"content query --uri {shlex.quote(uri)} --projection _id").stdout
    return sum(line.startswith("Row: ") for line in out.splitlines())


def fingerprint(device: DeviceClient) -> DeviceFingerprint:
    from verifiers.android_alarm import pending_alarms

    packages = device.installed_packages()
    alarms: dict[str, int] = {}
    for alarm in pending_alarms(device.run("dumpsys alarm").stdout.splitlines()):
        alarms[alarm.package] = alarms.get(alarm.package, 0) + 1
    roles = {role: sorted(device.run(f"cmd role get-role-holders --user 0 {role}").stdout.split()) for role in ROLES}
    return DeviceFingerprint(
        build=build_fingerprint(device), packages=sorted(packages), versions=app_versions(device, packages),
        settings={ns: _settings(device.run(f"settings list {ns}").stdout) for ns in NAMESPACES},
        roles=roles, alarms=alarms, rows={uri: row_count(device, uri) for uri in PROVIDERS})


def differences(before: DeviceFingerprint, after: DeviceFingerprint) -> list[str]:
    """Every difference but the settings an episode's setup sets, as plain sentences."""
    out: list[str] = []
    if before.build != after.build:
        out.append(f"build fingerprint {before.build!r} -> {after.build!r}")
    for gone in sorted(set(before.packages) - set(after.packages)):
        out.append(f"package {gone} uninstalled")
    for new in sorted(set(after.packages) - set(before.packages)):
        out.append(f"package {new} installed")
    for pkg in sorted(set(before.versions) | set(after.versions)):
        if before.versions.get(pkg) != after.versions.get(pkg):
            out.append(f"{pkg} version {before.versions.get(pkg)} -> {after.versions.get(pkg)}")
    for ns in NAMESPACES:
        b, a = before.settings.get(ns, {}), after.settings.get(ns, {})
        for key in sorted(set(b) | set(a)):
            if b.get(key) != a.get(key) and (ns, key) not in EPISODE_SETTINGS:
                out.append(f"settings {ns} {key}: {b.get(key)!r} -> {a.get(key)!r}")
    for role in ROLES:
        if before.roles.get(role) != after.roles.get(role):
            out.append(f"role {role} holders {before.roles.get(role)} -> {after.roles.get(role)}")
    for pkg in sorted(set(before.alarms) | set(after.alarms)):
        if before.alarms.get(pkg, 0) != after.alarms.get(pkg, 0):
            out.append(f"pending alarms of {pkg}: {before.alarms.get(pkg, 0)} -> {after.alarms.get(pkg, 0)}")
    for uri in PROVIDERS:
        if before.rows.get(uri) != after.rows.get(uri):
            out.append(f"rows of {uri}: {before.rows.get(uri)} -> {after.rows.get(uri)}")
    return out
