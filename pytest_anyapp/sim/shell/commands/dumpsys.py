"""``dumpsys``: package, window, display, input, activity (top/activities/recents), power,
battery, telephony.registry, alarm, SurfaceFlinger --display-id, meminfo-free subset.

Only the lines clients parse are modelled, in the AOSP layouts the notes record (e.g. the
``Package [<pkg>] (<hex>):`` block, ``mCurrentFocus=Window{...}``, ``orientation=0``,
``logicalFrame=[0, 0, W, H]``, ``mHoldingDisplaySuspendBlocker=true``).
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pytest_anyapp.sim.packages import RUNTIME_PERMISSIONS, PackageInfo
from pytest_anyapp.sim.shell.commands.system import package_pid
from pytest_anyapp.sim.shell.runtime import Invocation, command
from pytest_anyapp.sim.shell.tz import device_tz

PHYSICAL_W, PHYSICAL_H, PHYSICAL_DENSITY = 1080, 2400, 420
DISPLAY_UNIQUE_ID = "local:4619827259835644672"


def short_hex(key: str) -> str:
    return f"{zlib.crc32(key.encode()):08x}"[1:]


def display_size(inv: Invocation) -> tuple[int, int]:
    """Logical size: ``wm size`` override (settings global display_size_forced) or physical."""
    forced = inv.device.providers.settings_get("global", "display_size_forced")
    if forced and "," in forced:
        w, h = forced.split(",", 1)
        if w.isdigit() and h.isdigit():
            return int(w), int(h)
    return PHYSICAL_W, PHYSICAL_H


def rotated_size(inv: Invocation) -> tuple[int, int, int]:
    """(width, height, rotation) of the logical display: the size turned by 90/270 degrees."""
    w, h = display_size(inv)
    rotation = inv.device.providers.display_rotation()
    return (h, w, rotation) if rotation % 2 else (w, h, rotation)


def display_density(inv: Invocation) -> int:
    forced = inv.device.providers.settings_get("secure", "display_density_forced")
    return int(forced) if forced and forced.isdigit() else PHYSICAL_DENSITY


def short_component(package: str, activity: str) -> str:
    if activity.startswith(package + "."):
        return f"{package}/{activity[len(package):]}"
    return f"{package}/{activity}"


# -- package -------------------------------------------------------------------------------------


def _stamp(inv: Invocation, ms: int) -> str:
    return dt.datetime.fromtimestamp(ms / 1000, device_tz(inv.device)).strftime("%Y-%m-%d %H:%M:%S")


@dataclass(frozen=True)
class PackageUser:
    """One user's state of a package: its ``User N:`` block in ``dumpsys package``."""

    id: int
    inode: int
    enabled: int
    first_install_ms: int
    #: (permission, granted, flags as PackageManager.permissionFlagToString names)
    runtime: tuple[tuple[str, bool, tuple[str, ...]], ...] = ()
    gids: tuple[int, ...] = (3003,)


#: The runtime permission flags an install leaves on a permission of a targetSdk >= 23 app.
SENSITIVE_FLAGS = ("USER_SENSITIVE_WHEN_GRANTED", "USER_SENSITIVE_WHEN_DENIED")


def package_dump(inv: Invocation, name: str) -> str:
    """``dumpsys package <name>`` of the simulated device (user 0 only): :func:`render_package`."""
    info = inv.device.packages.get(name)
    if info is None:
        return render_package(name, None, [], [], lambda ms: _stamp(inv, ms))
    runtime = tuple((p, p in info.granted_permissions, SENSITIVE_FLAGS)
                    for p in info.declared_permissions if p in RUNTIME_PERMISSIONS)
    install = [p for p in info.declared_permissions if p not in RUNTIME_PERMISSIONS]
    user = PackageUser(id=0, inode=zlib.crc32(info.name.encode()) % 100000, enabled=info.enabled_state,
                       first_install_ms=info.first_install_ms, runtime=runtime)
    return render_package(name, info, install, [user], lambda ms: _stamp(inv, ms))


def render_package(name: str, info: PackageInfo | None, install: list[str], users: list[PackageUser],
                   stamp: Callable[[int], str]) -> str:
    """What Android 13 prints for one package (``Settings.dumpPackagesLPr`` / ``dumpPackageLPr``, AOSP
    services/core/java/com/android/server/pm/Settings.java): the ``Packages:`` block with its install
    permissions (granted), then one ``User N:`` block per user with installReason, firstInstallTime
    (per user since Android 13), uninstallReason, gids and runtime permissions (flags joined by
    ``|`` as ``permissionFlagsToString`` does). Not installed: no ``Packages:`` block at all."""
    header = (
        "Activity Resolver Table:\n  Non-Data Actions:\n\n"
        "Key Set Manager:\n  [" + name + "]\n      Signing KeySets: 1\n\n"
    )
    if info is None:
        return "Dexopt state:\n  Unable to find package: " + name + "\n"
    code_path = info.code_path
    flags = "[ SYSTEM HAS_CODE ALLOW_CLEAR_USER_DATA ]" if info.system else "[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]"
    lines = [
        "Packages:",
        f"  Package [{info.name}] ({short_hex('pkg' + info.name)}):",
        f"    userId={info.uid}",
        f"    pkg=Package{{{short_hex('p' + info.name)} {info.name}}}",
        f"    codePath={code_path}",
        f"    resourcePath={code_path}",
        f"    legacyNativeLibraryDir={code_path}/lib",
        "    extractNativeLibs=false",
        "    primaryCpuAbi=null",
        "    secondaryCpuAbi=null",
        "    cpuAbiOverride=null",
        f"    versionCode={info.version_code} minSdk={info.min_sdk} targetSdk={info.target_sdk}",
        "    minExtensionVersions=[]",
        f"    versionName={info.version_name}",
        "    usesNonSdkApi=false",
        "    splits=[base]",
        "    apkSigningVersion=2",
        f"    flags={flags}",
        "    privateFlags=[ PRIVATE_FLAG_ACTIVITIES_RESIZE_MODE_RESIZEABLE_VIA_SDK_VERSION "
        "ALLOW_AUDIO_PLAYBACK_CAPTURE PRIVATE_FLAG_ALLOW_NATIVE_HEAP_POINTER_TAGGING ]",
        "    forceQueryable=false",
        f"    dataDir=/data/user/0/{info.name}",
        "    supportsScreens=[small, medium, large, xlarge, resizeable, anyDensity]",
        f"    timeStamp={stamp(info.last_update_ms)}",
        f"    lastUpdateTime={stamp(info.last_update_ms)}",
        f"    installerPackageName={'null' if info.system else 'com.android.shell'}",
        f"    signatures=PackageSignatures{{{short_hex('s' + info.name)} version:2, "
        f"signatures:[{short_hex('k' + info.name)}], past signatures:[]}}",
        "    installPermissionsFixed=true",
    ]
    if info.declared_permissions:
        lines.append("    requested permissions:")
        lines += [f"      {p}" for p in info.declared_permissions]
    if install:
        lines.append("    install permissions:")
        lines += [f"      {p}: granted=true" for p in install]
    for user in users:
        lines += [
            f"    User {user.id}: ceDataInode={user.inode} installed=true hidden=false suspended=false "
            f"distractionFlags=0 stopped=false notLaunched=false enabled={user.enabled} instant=false virtual=false",
            "      installReason=0", f"      firstInstallTime={stamp(user.first_install_ms)}", "      uninstallReason=0",
            f"      gids=[{', '.join(map(str, user.gids))}]",
        ]
        if user.runtime:
            lines.append("      runtime permissions:")
            lines += [f"        {p}: granted={'true' if granted else 'false'}"
                      + (f", flags=[ {'|'.join(pflags)}]" if pflags else "") for p, granted, pflags in user.runtime]
    return header + "\n".join(lines) + "\n"


def _dump_package(inv: Invocation, args: list[str]) -> str:
    names = [a for a in args if not a.startswith("-")]
    if names:
        return package_dump(inv, names[0])
    return "".join(package_dump(inv, info.name) for info in inv.device.packages.list())


# -- window / display / input --------------------------------------------------------------------


def _dump_window(inv: Invocation, args: list[str]) -> str:
    lines: list[str] = list(inv.device.ui.window_lines())
    w, h, rotation = rotated_size(inv)
    if not args or args[0] in ("displays", "-a", "all"):
        lines += [
            "",
            "WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)",
            "  Display: mDisplayId=0 rootTasks=1",
            f"    init={PHYSICAL_W}x{PHYSICAL_H} {PHYSICAL_DENSITY}dpi cur={w}x{h} app={w}x{h - 63 - 63} "
            f"rng={w}x{w - 63}-{h}x{h - 63}",
            "    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion()",
            f"  mCurrentRotation=ROTATION_{90 * rotation}" if not any("mCurrentRotation" in ln for ln in lines) else "",
        ]
    return "\n".join(ln for ln in lines if ln is not None) + "\n"


def _dump_display(inv: Invocation, args: list[str]) -> str:
    w, h, rotation = rotated_size(inv)
    density = display_density(inv)
    return (
        "DISPLAY MANAGER (dumpsys display)\n"
        "  mOnlyCode=false\n  mSafeMode=false\n  mPendingTraversal=false\n"
        "  mViewports=[DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, "
        f"uniqueId='{DISPLAY_UNIQUE_ID}', physicalPort=0, orientation={rotation}, logicalFrame=Rect(0, 0 - {w}, {h}), "
        f"physicalFrame=Rect(0, 0 - {w}, {h}), deviceWidth={PHYSICAL_W}, deviceHeight={PHYSICAL_H}}}]\n"
        "  mDefaultDisplayDefaultColorMode=0\n\n"
        "Display Devices: size=1\n"
        f"  DisplayDeviceInfo{{\"Built-in Screen\": uniqueId=\"{DISPLAY_UNIQUE_ID}\", {PHYSICAL_W} x {PHYSICAL_H}, "
        f"modeId 1, defaultModeId 1, supportedModes [{{id=1, width={PHYSICAL_W}, height={PHYSICAL_H}, fps=60.0}}], "
        f"density {PHYSICAL_DENSITY}, {PHYSICAL_DENSITY}.0 x {PHYSICAL_DENSITY}.0 dpi, appVsyncOff 1000000, "
        f"presDeadline 16666666, touch INTERNAL, rotation {rotation}, type INTERNAL, address {{port=0}}, state ON, "
        "FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS}\n\n"
        "Logical Displays: size=1\n"
        "  Display 0:\n    mDisplayId=0\n    mLayerStack=0\n    mHasContent=true\n"
        f"    mBaseDisplayInfo=DisplayInfo{{\"Built-in Screen\", displayId 0, FLAG_SECURE, "
        f"real {PHYSICAL_W} x {PHYSICAL_H}, largest app {PHYSICAL_W} x {PHYSICAL_H}, smallest app {PHYSICAL_W} x "
        f"{PHYSICAL_H}, appVsyncOff 1000000, presDeadline 16666666, mode 1, defaultMode 1, "
        f"rotation {rotation}, density {PHYSICAL_DENSITY} ({PHYSICAL_DENSITY}.0 x {PHYSICAL_DENSITY}.0) dpi, "
        "layerStack 0, type INTERNAL, state ON}\n"
        f"    mOverrideDisplayInfo=DisplayInfo{{\"Built-in Screen\", displayId 0, real {w} x {h}, "
        f"app {w} x {h}, rotation {rotation}, density {density} ({PHYSICAL_DENSITY}.0 x {PHYSICAL_DENSITY}.0) dpi, "
        "state ON}\n"
        f"    orientation={rotation}\n"
    )


def _dump_input(inv: Invocation, args: list[str]) -> str:
    w, h, rotation = rotated_size(inv)
    return (
        "INPUT MANAGER (dumpsys input)\n\n"
        "Input Manager State:\n  Interactive: true\n  System UI Lights Out: false\n  Pointer Speed: 0\n"
        "  Pointer Gestures Enabled: true\n  Show Touches: false\n  Pointer Capture: Disabled, seq=0\n"
        "  Display Viewports:\n"
        f"    Viewport INTERNAL: displayId=0, uniqueId={DISPLAY_UNIQUE_ID}, port=0, orientation={rotation}, "
        f"logicalFrame=[0, 0, {w}, {h}], physicalFrame=[0, 0, {w}, {h}], "
        f"deviceSize=[{PHYSICAL_W}, {PHYSICAL_H}], isActive=[1]\n\n"
        "Input Reader State (Nums of device: 1):\n"
        "  Device 1: virtio_input_multi_touch_7\n"
        "    EventHub Devices: [ 1 ] \n    Generation: 2\n    IsExternal: false\n"
        "    KeyboardType: 0\n    ControllerNumber: 0\n"
        "    Sources: 0x00001002\n"
        "    Touch Input Mapper (mode - DIRECT):\n"
        "      Parameters:\n        GestureMode: MULTI_TOUCH\n        DeviceType: TOUCH_SCREEN\n"
        "        AssociatedDisplay: hasAssociatedDisplay=true, isExternal=false, displayId=''\n"
        "        OrientationAware: true\n"
        f"      Viewport INTERNAL: displayId=0, uniqueId={DISPLAY_UNIQUE_ID}, port=0, orientation={rotation}, "
        f"logicalFrame=[0, 0, {w}, {h}], physicalFrame=[0, 0, {w}, {h}], "
        f"deviceSize=[{PHYSICAL_W}, {PHYSICAL_H}], isActive=[1]\n"
        f"      RawSurfaceWidth: {w}px\n      RawSurfaceHeight: {h}px\n"
        f"      SurfaceLeft: 0\n      SurfaceTop: 0\n      SurfaceOrientation: {rotation}\n\n"
        "Input Dispatcher State:\n  DispatchEnabled: true\n  DispatchFrozen: false\n"
    )


# -- activity ------------------------------------------------------------------------------------


def _tasks(inv: Invocation) -> list[Any]:
    """The window manager's tasks, oldest first (``WindowManager.tasks``; front task last)."""
    return list(inv.device.ui.tasks)


def task_rows(inv: Invocation) -> list[tuple[int, str, str, str, bool]]:
    """(task id, package, base activity, top activity, visible) front-most first."""
    rows: list[tuple[int, str, str, str, bool]] = []
    tasks = _tasks(inv)
    for index, task in enumerate(reversed(tasks)):
        stack = task.stack
        if not stack:
            continue
        base = stack[0].activity_name()
        top = stack[-1].activity_name()
        rows.append((int(task.id), str(task.package), base, top, index == 0))
    return rows


def _uid(inv: Invocation, package: str) -> int:
    info = inv.device.packages.get(package)
    return int(info.uid) if info is not None else 10000


def _activity_record(package: str, activity: str, task_id: int) -> str:
    return f"ActivityRecord{{{short_hex('ar' + package + activity)} u0 {short_component(package, activity)} t{task_id}}}"


def intent_line(component: str, *, action: str = "", categories: tuple[str, ...] = (), data: str = "",
                mime_type: str = "", flags: str = "", extras: bool = False) -> str:
    """A record's intent as ``ActivityRecord.dump`` prints it (android-13 frameworks/base:
    ``Intent.toInsecureString()``: act, cat, the data URI unmasked, typ, flg, cmp, extras only as
    ``(has extras)``)."""
    parts = [f"act={action}"] if action else []
    parts += [f"cat=[{','.join(categories)}]"] if categories else []
    parts += [f"dat={data}"] if data else []
    parts += [f"typ={mime_type}"] if mime_type else []
    parts += [f"flg={flags}"] if flags else []
    parts.append(f"cmp={component}")
    parts += ["(has extras)"] if extras else []
    return f"Intent {{ {' '.join(parts)} }}"


def _record_intent(screen: Any, package: str, activity: str) -> str:
    """The intent a screen was started with (``launch_intent``, ``FLAG_ACTIVITY_NEW_TASK`` as ``am
    start`` adds it); an activity the app started itself carries its explicit component intent."""
    intent = getattr(screen, "launch_intent", None)
    if intent is None:
        return intent_line(short_component(package, activity))
    return intent_line(short_component(package, activity), action=intent.action, categories=tuple(intent.categories),
                       data=intent.data or "", mime_type=intent.mime_type or "", flags="0x10000000",
                       extras=bool(intent.extras))


def _dump_activity(inv: Invocation, args: list[str]) -> str:
    what = args[0] if args else "activities"
    rows = task_rows(inv)
    launcher = "com.google.android.apps.nexuslauncher"
    if what in ("top",):
        out = ["TASK dump (dumpsys activity top)"]
        for task_id, package, _base, top, _visible in rows[:1]:
            out.append(f"TASK {_uid(inv, package)}:{package} id={task_id} userId=0")
            out.append(f"  ACTIVITY {short_component(package, top)} {short_hex('a' + top)} pid={package_pid(package)}")
            out.append("    Local Activity " + short_hex("la" + top) + " State:")
            out.append("      mResumed=true mStopped=false mFinished=false")
        return "\n".join(out) + "\n"
    if what in ("recents", "r"):
        out = ["ACTIVITY MANAGER RECENT TASKS (dumpsys activity recents)", "mRecentsUid=" + str(_uid(inv, launcher)),
               f"mRecentsComponent=ComponentInfo{{{launcher}/com.android.quickstep.RecentsActivity}}",
               "mFreezeTaskListReordering=false", "mFreezeTaskListReorderingPendingTimeout=false", "  Recent tasks:"]
        visible_rows = [r for r in rows if r[1] != launcher]
        for k, (task_id, package, base, _top, _visible) in enumerate(visible_rows):
            out.append(f"  * Recent #{k}: Task{{{short_hex('t' + str(task_id))} #{task_id} type=standard "
                       f"A={_uid(inv, package)}:{package} U=0 visible=true visibleRequested=true mode=fullscreen "
                       "translucent=false sz=1}")
            out.append(f"    userId=0 effectiveUid=u0a{_uid(inv, package) - 10000} mUserSetupComplete=true "
                       f"mCallingPackage={package} mCallingFeatureId=null")
            out.append(f"    affinity={package}")
            out.append(f"    intent={{act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
                       f"flg=0x10000000 cmp={short_component(package, base)}}}")
            out.append(f"    realActivity={short_component(package, base)}")
        out.append("")
        out.append("  Visible recent tasks (most recent first):")
        for k, (task_id, package, base, _top, _visible) in enumerate(visible_rows):
            out.append(f"  * RecentTaskInfo #{k}: id={task_id} userId=0 hasTask=true "
                       f"baseIntent={{cmp={short_component(package, base)}}}")
        return "\n".join(out) + "\n"
    if what in ("processes", "p"):
        running = sorted(inv.device.ui.running_packages())
        out = ["ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)"]
        for package in running:
            out.append(f"  *APP* UID {_uid(inv, package)} ProcessRecord{{{short_hex('pr' + package)} "
                       f"{package_pid(package)}:{package}/u0a{_uid(inv, package) - 10000}}}")
        return "\n".join(out) + "\n"
    views = []
    for n, task in enumerate(reversed(_tasks(inv))):
        if not task.stack:
            continue
        package = str(task.package)
        views.append(TaskView(
            id=int(task.id), kind="home" if package == launcher else "standard", uid=_uid(inv, package),
            package=package, visible=n == 0, resumed=not views,
            records=tuple(RecordView(package, screen.activity_name(),
                                     _record_intent(screen, package, screen.activity_name())) for screen in task.stack)))
    return render_activities(views)


@dataclass(frozen=True)
class RecordView:
    """One ``ActivityRecord`` of a task: its package, activity class and intent line."""

    package: str
    activity: str
    intent: str = ""


@dataclass(frozen=True)
class TaskView:
    """One root task of display 0 for ``dumpsys activity activities``; ``records`` bottom to top."""

    id: int
    kind: str
    uid: int
    package: str
    visible: bool
    resumed: bool
    records: tuple[RecordView, ...]


def render_activities(tasks: list[TaskView], *, sleeping: bool = False) -> str:
    """What Android 13 prints for ``dumpsys activity activities`` with ``tasks`` (top first) on
    display 0: RootWindowContainer.dumpActivities prints each root task (Task.dumpInner: the task
    line, ``isSleeping=``, ``topResumedActivity=`` only when the task has one, then its ``* Hist``
    records from the top, TaskFragment.dump), a blank line between tasks, then ``Resumed:`` per task
    display area; ActivityTaskManagerService.dumpActivitiesLocked ends with ``ResumedActivity:``.
    No ``mResumedActivity:`` line exists on Android 13. Record lines no parser reads (launchedFrom,
    app=, rootOfTask=, ...) are left out."""
    out = ["ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)", "Display #0 (activities from top to bottom):"]
    resumed = ""
    for n, t in enumerate(tasks):
        if n:
            out.append("")
        vis = "true" if t.visible else "false"
        out.append(f"  * Task{{{short_hex('t' + str(t.id))} #{t.id} type={t.kind} A={t.uid}:{t.package} U=0 "
                   f"visible={vis} visibleRequested={vis} mode=fullscreen translucent=false sz={len(t.records)}}}")
        out.append(f"    isSleeping={'true' if sleeping else 'false'}")
        if t.resumed:
            top = t.records[-1]
            resumed = resumed or _activity_record(top.package, top.activity, t.id)
            out.append(f"    topResumedActivity={_activity_record(top.package, top.activity, t.id)}")
        for k in range(len(t.records) - 1, -1, -1):
            r = t.records[k]
            out.append(f"    * Hist  #{k}: {_activity_record(r.package, r.activity, t.id)}")
            out.append(f"      packageName={r.package} processName={r.package}")
            if r.intent:
                out.append(f"      {r.intent}")
    if resumed:
        out += ["  Resumed activities in task display areas (from top to bottom):", f"    Resumed: {resumed}", "",
                f"  ResumedActivity: {resumed}"]
    return "\n".join(out) + "\n"


# -- power / battery / telephony -----------------------------------------------------------------

_BATTERY = (
    "Current Battery Service state:\n  AC powered: true\n  USB powered: false\n  Wireless powered: false\n"
    "  Max charging current: 0\n  Max charging voltage: 0\n  Charge counter: 10000\n  status: 2\n  health: 2\n"
    "  present: true\n  level: 100\n  scale: 100\n  voltage: 5000\n  temperature: 250\n  technology: Li-ion\n"
)

_POWER = (
    "POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mDirty=0x0\n  mWakefulness=Awake\n"
    "  mWakefulnessChanging=false\n  mIsPowered=true\n  mPlugType=1\n  mBatteryLevel=100\n"
    "  mHoldingWakeLockSuspendBlocker=false\n  mHoldingDisplaySuspendBlocker=true\n"
    "  mDisplayReady=true\n  Display Power: state=ON\n"
)


def _dump_telephony(inv: Invocation, args: list[str]) -> str:
    modem = inv.device.modem
    state = modem.call_state
    call = modem.call
    ringing = 5 if state == 1 else 0  # PreciseCallState INCOMING
    foreground = 1 if state == 2 else 0  # PreciseCallState ACTIVE
    number = call.number if call is not None and call.incoming else ""
    return (
        f"last known state:\n  Phone Id=0\n    mCallState={state}\n    mRingingCallState={ringing}\n"
        f"    mForegroundCallState={foreground}\n    mCallIncomingNumber={number}\n"
        "    mServiceState=... mVoiceRegState=0(IN_SERVICE)\n    mDataConnectionState=2\n"
    )


def _dump_alarm(inv: Invocation, args: list[str]) -> str:
    """``dumpsys alarm``: the pending alarms apps set (see ``sim.providers.clock``)."""
    from pytest_anyapp.sim.providers.clock import AlarmManagerRecord, dump_alarm, elapsed_realtime_ms

    def fmt(ms: int) -> str:
        when = dt.datetime.fromtimestamp(ms / 1000, device_tz(inv.device))
        return when.strftime("%Y-%m-%d %H:%M:%S.") + f"{ms % 1000:03d}"

    return dump_alarm(AlarmManagerRecord(inv.device.config.state_dir), inv.device.clock.now_ms(), fmt,
                      elapsed_realtime_ms(inv.device.boot_time))


def _dump_surfaceflinger(inv: Invocation, args: list[str]) -> str:
    if "--display-id" in args:
        return ("Display 4619827259835644672 (HWC display 0): port=0 pnpId=GGL displayName=\"EMU_display_0\"\n")
    w, h = display_size(inv)
    return f"Display 4619827259835644672 (HWC display 0): port=0 pnpId=GGL displayName=\"EMU_display_0\"\n  {w}x{h}\n"


def _dump_media_session(inv: Invocation, args: list[str]) -> str:
    from pytest_anyapp.sim.providers.media import dump_media_sessions

    return dump_media_sessions(inv.device, set(inv.device.ui.running_packages()), lambda p: _uid(inv, p))


_SERVICES = {
    "package": _dump_package,
    "window": _dump_window,
    "display": _dump_display,
    "input": _dump_input,
    "activity": _dump_activity,
    "power": lambda inv, args: _POWER,
    "battery": lambda inv, args: _BATTERY,
    "telephony.registry": _dump_telephony,
    "SurfaceFlinger": _dump_surfaceflinger,
    "media_session": _dump_media_session,
    "alarm": _dump_alarm,
}


@command("dumpsys")
def dumpsys(inv: Invocation) -> int:
    args = [a for a in inv.args if a not in ("-T", "--proto")]
    if not args or args[0] == "-l":
        inv.out("Currently running services:\n" + "".join(f"  {name}\n" for name in sorted(_SERVICES)))
        return 0
    name, rest = args[0], args[1:]
    handler = _SERVICES.get(name)
    if handler is None:
        inv.err(f"Can't find service: {name}\n")
        return 0
    inv.out(handler(inv, rest))
    return 0
